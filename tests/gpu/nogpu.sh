#!/bin/sh
# SPDX-License-Identifier: ISC
# nogpu.sh - what 'warpviz gpu' and 'warpviz bench' say where there is no
# GPU, as in CI: the loader is pointed at a libcuda.so.1 that does not
# exist (WARPVIZ_LIBCUDA), and WARPVIZ_GPU=off is tried too.  TAP.
: "${WARPVIZ:=./warpviz}" "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-nogpu.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

unset WARPVIZ_GPU
export WARPVIZ_LIBCUDA=/nonexistent/libcuda.so.1

"$WARPVIZ" gpu >"$tmp/out" 2>"$tmp/err"
rc=$?
tap_ok $([ $rc -eq 1 ]; echo $?) "gpu without a driver exits 1 (got $rc)"
grep -q '^status: unavailable: no NVIDIA driver: /nonexistent/libcuda.so.1 could not be loaded' "$tmp/out"
tap_ok $? "gpu says there is no driver: $(grep '^status' "$tmp/out")"
grep -q '^build: ' "$tmp/out"
tap_ok $? "gpu prints the build's kernels: $(grep '^build' "$tmp/out")"
grep -q '^nvrtc: ' "$tmp/out"
tap_ok $? "gpu says whether kernel files can be compiled: $(grep '^nvrtc' "$tmp/out")"
WARPVIZ_LIBNVRTC=/nonexistent/libnvrtc.so "$WARPVIZ" gpu >"$tmp/nv" 2>&1
grep -q '^nvrtc:  none, kernel files cannot run live: no NVRTC: WARPVIZ_LIBNVRTC=/nonexistent/libnvrtc.so could not be loaded' "$tmp/nv"
tap_ok $? "gpu without NVRTC says so on one line"
grep -q 'H100: 8 blocks x 8 warps = 64/64 warps per SM' "$tmp/out"
tap_ok $? "gpu prints the occupancy table without a GPU"
[ -s "$tmp/err" ]
tap_ok $([ $? -ne 0 ]; echo $?) "gpu writes nothing on stderr"

"$WARPVIZ" bench >"$tmp/out" 2>"$tmp/err"
rc=$?
tap_ok $([ $rc -eq 3 ]; echo $?) "bench without a driver exits 3 (got $rc)"
tap_ok $([ "$(wc -l <"$tmp/err")" -eq 1 ]; echo $?) "bench says why on one line: $(cat "$tmp/err")"
grep -q '^warpviz: bench: no NVIDIA driver' "$tmp/err"
tap_ok $? "bench names the missing driver"
tap_ok $([ ! -s "$tmp/out" ]; echo $?) "bench prints nothing on stdout"

WARPVIZ_GPU=off "$WARPVIZ" bench copy-offset >"$tmp/out" 2>"$tmp/err"
rc=$?
tap_ok $([ $rc -eq 3 ]; echo $?) "bench with WARPVIZ_GPU=off exits 3"
grep -q 'live GPU disabled (WARPVIZ_GPU=off)' "$tmp/err"
tap_ok $? "bench says the GPU is switched off: $(cat "$tmp/err")"

# The ladder's sizes are accepted: only the missing GPU stops them.
"$WARPVIZ" bench twohop-v0:n=6300 twohop-v1:n=6300 twohop-v2:n=6300 \
    twohop-v3:n=6300 twohop-v3:n=4000 >"$tmp/out" 2>"$tmp/err"
rc=$?
tap_ok $([ $rc -eq 3 ]; echo $?) "bench takes the 2-hop ladder at n=6300 and 4000, stopped only by the GPU (got $rc: $(cat "$tmp/err"))"

"$WARPVIZ" bench nosuch >"$tmp/out" 2>"$tmp/err"
rc=$?
tap_ok $([ $rc -eq 2 ]; echo $?) "bench with an unknown variant exits 2 (got $rc)"
"$WARPVIZ" bench copy-offset:offset=99 >"$tmp/out" 2>"$tmp/err"
rc=$?
tap_ok $([ $rc -eq 2 ]; echo $?) "bench with a parameter out of range exits 2: $(cat "$tmp/err")"

tap_done
