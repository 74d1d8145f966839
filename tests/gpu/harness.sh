#!/bin/sh
# SPDX-License-Identifier: ISC
# harness.sh - the host side of tests/gpu/ncu-corpus.sh without a GPU:
# tests/gpu/ncu-harness.py writes a host program for every kernel of
# tests/kernels/real from its header lines alone, so that the one command
# the GPU machine runs does not stop at a kernel nobody tried.  Each
# program launches the header's kernel once (template kernels with their
# type and param values), with the header's grid and block.  With
# HARNESS_NVCC=path-to-nvcc each is also compiled for sm_90 (slow: not
# in make check).  Skips without python3.  TAP.
: "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
if ! command -v python3 >/dev/null 2>&1; then
	echo "1..0 # SKIP no python3"
	exit 0
fi
tmp=${TMPDIR:-/tmp}/wv-harness.$$
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp"

for f in "$srcdir"/tests/kernels/real/*.cu; do
	b=${f##*/}
	python3 "$srcdir/tests/gpu/ncu-harness.py" "$f" "$tmp" \
	    >"$tmp/list" 2>"$tmp/err"
	[ "$(wc -l <"$tmp/list")" -eq 1 ] && [ ! -s "$tmp/err" ]
	st=$?
	tap_ok $st "$b: one harness$(head -n 1 "$tmp/err" | sed 's/^/: /')"
	[ $st -eq 0 ] || continue
	read -r name kernel file params <"$tmp/list"
	h=$tmp/$name.cu
	# The launch names the header's kernel, grid and block.
	grid=$(sed -n 's/^\/\/ warpviz: launch .*grid=\([^ ]*\).*/\1/p' "$f")
	block=$(sed -n 's/^\/\/ warpviz: launch .*block=\([^ ]*\).*/\1/p' "$f")
	grep -q "^	$kernel[<]*.*<<<grid, block, smem>>>" "$h" &&
	    grep -qF "dim3 grid((unsigned)(${grid%%,*})" "$h" &&
	    grep -qF "dim3 block((unsigned)(${block%%,*})" "$h"
	tap_ok $? "$b: launches $kernel at grid $grid, block $block"
	# Each template parameter has its value from a type or param line.
	if grep -q "^template" "$f"; then
		grep -q "^	$kernel<[^>]*><<<" "$h"
		tap_ok $? "$b: the template is instantiated ($(grep -o "$kernel<[^>]*>" "$h" | head -n 1))"
	fi
	if [ -n "${HARNESS_NVCC:-}" ]; then
		"$HARNESS_NVCC" -arch=sm_90 -lineinfo -o "$tmp/$name.bin" "$h" \
		    >"$tmp/nvcc" 2>&1
		tap_ok $? "$b: nvcc builds it$(head -n 1 "$tmp/nvcc" | sed 's/^/: /')"
	fi
done
tap_done
