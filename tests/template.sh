#!/bin/sh
# SPDX-License-Identifier: ISC
# template.sh - warpviz check --template: the commented kernel file one
# begins one's own from.  It passes warpviz check, is C++ a compiler
# takes (CUDA's built-ins stubbed), and is modelled as its comment says,
# with the counts below worked by hand from the rules of doc/rules.md.
# TAP.  Needs $WARPVIZ and $srcdir.
: "${WARPVIZ:=./warpviz}"
: "${srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$srcdir/tests/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wv-template.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C.UTF-8
export LC_ALL
k=$tmp/my-kernel.cu

"$WARPVIZ" check --template >"$k" 2>"$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/err" ] && head -1 "$k" | grep -qx '/\*'
tap_ok $? "check --template prints a file that opens with a comment"
grep -q '^// warpviz: name=my-kernel$' "$k" &&
    grep -q 'warpviz(1), KERNEL FILES' "$k" &&
    grep -q '/examples\.$' "$k"
tap_ok $? "it names itself, the man page section and the examples folder"
# Every warpviz: line has a comment line above it or a warpviz: line.
awk '/^\/\/ warpviz:/ { if (prev !~ /^\/\//) bad++ } { prev = $0 }
    END { exit bad > 0 }' "$k"
tap_ok $? "every group of warpviz: lines is introduced by a comment"

"$WARPVIZ" check "$k" >"$tmp/check" 2>"$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/err" ]
tap_ok $? "the template passes warpviz check"
grep -q '^.*: kernel my_kernel, variant my-kernel: ' "$tmp/check" &&
    grep -q '^2 steps per warp$' "$tmp/check" &&
    grep -q '^outside their arrays: none$' "$tmp/check"
tap_ok $? "check reads kernel my_kernel: 2 steps (load x, store y), nothing outside"

# A C++ compiler takes it, with CUDA's few words stubbed.
cxx=
for c in c++ g++ clang++; do
	command -v "$c" >/dev/null 2>&1 && { cxx=$c; break; }
done
if [ -z "$cxx" ]; then
	tap_skip "the template is C++" "no C++ compiler"
else
	printf '%s\n' '#define __global__' \
	    'struct wv_dim3 { unsigned x, y, z; };' \
	    'extern wv_dim3 blockIdx, blockDim, threadIdx;' >"$tmp/stub.h"
	"$cxx" -fsyntax-only -Wall -x c++ -include "$tmp/stub.h" "$k" \
	    >"$tmp/cxx" 2>&1
	tap_ok $? "the template is C++ ($cxx -fsyntax-only, CUDA stubbed)"
	tap_diag <"$tmp/cxx"
fi

# trace STEP PARAMS...: the sectors and class of warp 0 of block 0 at
# STEP, as "SECTORS CLASS".
trace() {
	s=$1
	shift
	"$WARPVIZ" trace "$k" --step "$s" "$@" |
	    sed -n 's/.*"sectors": \([0-9]*\),.*"class": "\([a-z]*\)".*/\1 \2/p'
}
# Step 0 loads x[i * stride], lanes i = 0..31, 4 bytes each, x 256-byte
# aligned: lane l at byte 4 * stride * l.  need = 32 * 4 / 32 = 4.
#   stride 1: bytes 0..127, 4 sectors = need: coalesced.
#   stride 2: bytes 0..251, every 8th byte: sectors 0..7, 8; 4 < 8 <= 8:
#             split.
#   stride 8: lane l at 32 l, one sector each: 32 > 8: uncoalesced.
# Step 1 stores y[i]: bytes 0..127 whatever the stride: 4, coalesced.
[ "$(trace 0)" = "4 coalesced" ]
tap_ok $? "stride 1: the load touches 4 sectors, coalesced ($(trace 0))"
[ "$(trace 0 -p stride=2)" = "8 split" ]
tap_ok $? "stride 2: 8 sectors, split ($(trace 0 -p stride=2))"
[ "$(trace 0 -p stride=8)" = "32 uncoalesced" ]
tap_ok $? "stride 8: 32 sectors, uncoalesced ($(trace 0 -p stride=8))"
[ "$(trace 1 -p stride=8)" = "4 coalesced" ]
tap_ok $? "the store stays 4 sectors, coalesced ($(trace 1 -p stride=8))"

# The whole launch at n=1000: grid (1000 + 255) / 256 = 4 blocks of 8
# warps, 32 requests a site.  Block 3 holds i = 768..1023; i < 1000
# leaves warps 0-6 full and warp 7 with lanes i = 992..999 (8 lanes).
#   load, stride 1: 31 full warps x 4 sectors + 8 lanes x 4 bytes at
#     byte 3968 = 124 x 32 (one sector) = 125.
#   load, stride 2: 31 x 8 + 8 lanes 8 bytes apart from byte 7936 =
#     248 x 32, 64 bytes: 2 sectors = 250.
#   load, stride 8: every active lane its own sector: 1000.
#   store: 125 at any stride.
stats() {
	"$WARPVIZ" stats "$k" -p n=1000 "$@" --json |
	    sed -n 's/.*"site": "\([^"]*\)".*"requests": \([0-9]*\), "lanes": \([0-9]*\), "sectors": \([0-9]*\),.*/\1 \2 \3 \4/p' |
	    tr '\n' ';'
}
[ "$(stats)" = "x[i * stride] 32 1000 125;y[i] 32 1000 125;" ]
tap_ok $? "n=1000: 32 requests and 125 sectors a site, 1000 lanes ($(stats))"
[ "$(stats -p stride=2)" = "x[i * stride] 32 1000 250;y[i] 32 1000 125;" ]
tap_ok $? "n=1000, stride 2: the load 250 sectors ($(stats -p stride=2))"
[ "$(stats -p stride=8)" = "x[i * stride] 32 1000 1000;y[i] 32 1000 125;" ]
tap_ok $? "n=1000, stride 8: the load 1000 sectors ($(stats -p stride=8))"

# Bad usage: exit 2, one line, nothing on stdout.
for args in "check --template stride" "check --template -p n=4"; do
	"$WARPVIZ" $args >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
	tap_ok $? "warpviz $args: exit 2 ($rc), one line: $(cat "$tmp/err")"
done
tap_done
