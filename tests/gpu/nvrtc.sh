#!/bin/sh
# SPDX-License-Identifier: ISC
# nvrtc.sh [WARPVIZ] - the run-time compiled path on a real GPU.
#   1. every catalog kernel compiled by NVRTC for this GPU (WARPVIZ_NVRTC=1)
#      runs and matches its CPU reference;
#   2. 'g' on one kernel, compile included: the wall time of the run that
#      the TUI's g starts (the kernel and its comparison partners, warm-up,
#      median), with an empty cache, again from the cache, and from the
#      embedded fatbin;
#   3. a user's file (tests/gpu/transpose.cu) the same way, once the build
#      reads kernel files ('warpviz check FILE.cu'), and a broken copy of
#      it, which must fail with one line naming FILE:LINE.
# Prints TAP; the numbers are on '#' lines.  Skips (77) without a GPU.
: "${WARPVIZ:=${1:-./warpviz}}"
here=$(cd "$(dirname "$0")" && pwd)
unset WARPVIZ_GPU WARPVIZ_NVRTC
"$WARPVIZ" gpu >/dev/null 2>&1 || { echo "1..0 # SKIP no GPU"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
. "$here/../tap.sh"
now() { date +%s.%N; }
since() { echo "$(now) $1" | awk '{ printf "%.2f", $1 - $2 }'; }

# 1. The catalog through NVRTC, verified.
XDG_CACHE_HOME=$tmp/cache WARPVIZ_NVRTC=1 "$WARPVIZ" bench >"$tmp/all" 2>&1
tap_ok $? "every catalog kernel compiled by NVRTC runs and is verified"
grep -c 'NVRTC: compiled' "$tmp/all" | sed 's/^/# NVRTC compiles: /'
grep -E 'WRONG|error' "$tmp/all" | sed 's/^/# /'

# 2. g on one kernel: cold cache, warm cache, embedded.
g_time() {	# label, variant, environment...
	label=$1 v=$2
	shift 2
	t0=$(now)
	env "$@" "$WARPVIZ" bench "$v" >"$tmp/g" 2>&1
	rc=$?
	echo "# g on $v, $label: $(since "$t0") s wall"
	grep -E 'NVRTC:|median' "$tmp/g" | head -3 | sed 's/^ */#   /'
	return $rc
}
g_time "NVRTC, empty cache (compile included)" twohop-v1 \
    XDG_CACHE_HOME="$tmp/g1" WARPVIZ_NVRTC=1
tap_ok $? "g with a compile"
g_time "NVRTC, from the cache" twohop-v1 XDG_CACHE_HOME="$tmp/g1" \
    WARPVIZ_NVRTC=1
tap_ok $? "g from the cache"
[ -n "$(ls "$tmp/g1/warpviz" 2>/dev/null)" ]
tap_ok $? "the cubins are cached under \$XDG_CACHE_HOME/warpviz"
g_time "embedded fatbin" twohop-v1 XDG_CACHE_HOME="$tmp/g1"
tap_ok $? "g from the embedded fatbin"

# 3. A user's file, when this build reads kernel files.
if "$WARPVIZ" check "$here/transpose.cu" >/dev/null 2>&1; then
	g_time "a user's file, empty cache (compile included)" \
	    "$here/transpose.cu" XDG_CACHE_HOME="$tmp/g2"
	tap_ok $? "g on a user's file"
	grep -q 'timed, not verified' "$tmp/g"
	tap_ok $? "a user's file without a reference: timed, not verified"
	# q in a value, not an index: the reader takes it as data and
	# NVRTC is the one to refuse it.
	sed 's/in\[(y + j) \* n + x\];/in[(y + j) * n + x] * q;/' \
	    "$here/transpose.cu" >"$tmp/broken.cu"
	XDG_CACHE_HOME="$tmp/g2" "$WARPVIZ" bench "$tmp/broken.cu" \
	    >"$tmp/b" 2>&1
	grep -q 'broken.cu:18: error: identifier "q" is undefined' "$tmp/b"
	tap_ok $? "a compile error: the first error with its line"
else
	echo "# this build does not read kernel files yet: user file skipped"
fi
tap_done
