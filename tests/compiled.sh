#!/bin/sh
# SPDX-License-Identifier: ISC
# compiled.sh - stats and trace --as-compiled end to end: recorded
# listings (tests/compiled/) replayed with --ptx and --sass, so they run
# in a build without NVRTC; NVRTC itself where it loads (skipped with the
# reason where not); the one line without NVRTC; bad input.  TAP.
: "${WARPVIZ:=./warpviz}" "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-compiled.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
c=$srcdir/tests/compiled

# bad ARGS...: exit 2, one line on stderr naming $want, nothing on stdout.
bad() {
	"$WARPVIZ" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	r=0
	[ "$rc" -eq 2 ] || r=1
	[ "$(wc -l <"$tmp/err")" -eq 1 ] || r=1
	[ -s "$tmp/out" ] && r=1
	grep -qF -- "$want" "$tmp/err" || r=1
	tap_ok $r "bad input '$*' -> exit $rc, one line: $(cat "$tmp/err")"
}

# A key's number in a stats --json object: "shared_load": {"requests": N
num() {
	tr -d '\n' <"$tmp/out" | sed -n "s/.*\"$1\": {\"requests\": \([0-9]*\).*/\1/p"
}

# powers-stride32 at its defaults: 4194304 threads = 131072 warps; the
# PTX stores and loads s[t*32 + k] for 4 k with one v4 instruction: 8 of
# each per thread, 131072 x 8 = 1048576 (ncu on the H100: the same).
"$WARPVIZ" stats powers-stride32 --ptx "$c/powers.ptx" --json \
    >"$tmp/out" 2>"$tmp/err"
tap_ok $? "stats powers-stride32 --ptx: $(cat "$tmp/err")"
[ "$(num shared_store)" = 1048576 ] && [ "$(num shared_load)" = 1048576 ]
tap_ok $? "1048576 shared stores and loads as compiled (got $(num shared_store), $(num shared_load))"
grep -q '"decided_by": "ptx"' "$tmp/out" && grep -q '"as": "compiled"' "$tmp/out"
tap_ok $? "stats --json says it was compiled and that PTX decided"
grep -q '"instruction": "st.shared.v4.f32"' "$tmp/out"
tap_ok $? "and names the instruction"
# As written the same kernel counts 32 per thread: 4194304.
"$WARPVIZ" stats powers-stride32 --json >"$tmp/out"
[ "$(num shared_store)" = 4194304 ] && ! grep -q '"as"' "$tmp/out"
tap_ok $? "without --as-compiled: 4194304, as written, no compiled keys"

# matmul-tiled at width 1024: 32768 warps x 64 phases; per 16 k the SASS
# has 4 LDS.128 (Mds) and 16 LDS (Nds): 32768 x 64 x 20 = 41943040.
"$WARPVIZ" stats matmul-tiled -p width=1024 --sass "$c/matmul.sass" \
    >"$tmp/out" 2>"$tmp/err"
tap_ok $? "stats matmul-tiled --sass: $(cat "$tmp/err")"
grep -q 'shared loads *41943040 requests' "$tmp/out"
tap_ok $? "41943040 shared loads as compiled from SASS"
grep -q 'LDS.128: 1 per 4 k' "$tmp/out"
tap_ok $? "Mds[ty][k]: LDS.128: 1 per 4 k"

# outer.cu: s[(row*4 + r)*8 + d], row = threadIdx.x / 32 (not affine),
# r the innermost loop (8 floats a step), d outside it (one float).
# outer.sass reads four d of one r with one LDS.128: 8 where the source
# has 4 x 8 = 32 loads.  One block of 64 threads, 2 warps: 2 x 8 = 16
# LDS.128 (as written 2 x 32 = 64).  All 32 lanes of a warp have one row
# and read the same 16 bytes: a 16-byte load of one element is 2
# wavefronts (doc/rules.md), 32 in all.
"$WARPVIZ" stats "$c/outer.cu" --sass "$c/outer.sass" --json >"$tmp/out" \
    2>"$tmp/err"
tap_ok $? "stats outer.cu --sass: $(cat "$tmp/err")"
w=$(tr -d '\n' <"$tmp/out" | sed -n 's/.*"shared_load": {[^}]*"wavefronts": \([0-9]*\).*/\1/p')
[ "$(num shared_load)" = 16 ] && [ "$w" = 32 ]
tap_ok $? "a wide instruction over the outer loop of an index that is not affine: 16 LDS.128, 32 wavefronts (got $(num shared_load), $w)"
"$WARPVIZ" stats "$c/outer.cu" --sass "$c/outer.sass" >"$tmp/out" 2>&1
grep -q 'LDS.128: 1 per 4 d' "$tmp/out"
tap_ok $? "s[...]: LDS.128: 1 per 4 d"

# taps.cu: s[threadIdx.x + i + j], i = 0..1 and j = 0..2 unrolled, is 6
# reads a thread of the 4 elements threadIdx.x + 0..3; taps.sass has the
# 4 LDS the compiler keeps (no branch back: unrolled).  One warp: 4
# instructions, each 32 consecutive words, 32 banks: 1 wavefront each,
# 4 (as written 6).  The same listing with 6 LDS on the line (none
# kept) is one instruction per access again: 6.
"$WARPVIZ" stats "$c/taps.cu" --sass "$c/taps.sass" --json >"$tmp/out" \
    2>"$tmp/err"
tap_ok $? "stats taps.cu --sass: $(cat "$tmp/err")"
w=$(tr -d '\n' <"$tmp/out" | sed -n 's/.*"shared_load": {[^}]*"wavefronts": \([0-9]*\).*/\1/p')
[ "$(num shared_load)" = 4 ] && [ "$w" = 4 ]
tap_ok $? "an unrolled nest read once per element: 4 LDS, 4 wavefronts (got $(num shared_load), $w)"
grep -q '"compiled": "reused"' "$tmp/out"
tap_ok $? "s[threadIdx.x + i + j]: reused"
awk '{ print } /LDS R8, \[R3\+0xc\]/ {
	print "        /*0054*/                   LDS R12, [R3+0x4] ;"
	print "        /*0058*/                   LDS R13, [R3+0x8] ;" }' \
    "$c/taps.sass" >"$tmp/taps6.sass"
[ "$(grep -c " LDS R" "$tmp/taps6.sass")" = 6 ]
tap_ok $? "taps6.sass has 6 LDS"
"$WARPVIZ" stats "$c/taps.cu" --sass "$tmp/taps6.sass" --json >"$tmp/out" \
    2>"$tmp/err"
[ "$(num shared_load)" = 6 ] && grep -q '"compiled": "same"' "$tmp/out"
tap_ok $? "6 LDS for 6 reads: one per access, 6 (got $(num shared_load))"

# powers-stride32 from the H100's own SASS: 8 STS.128 and 8 LDS.128 a
# thread where the source has 32 of each: 4194304 / 4 = 1048576 each.
"$WARPVIZ" stats powers-stride32 --sass "$c/powers.sass" >"$tmp/out" 2>&1
grep -q 'shared loads *1048576 requests' "$tmp/out" &&
    grep -q 'shared stores *1048576 requests' "$tmp/out"
tap_ok $? "powers-stride32 from recorded SASS: 1048576 shared loads and stores"

# trace: step 1 is the first store of s; its instruction rides along.
"$WARPVIZ" trace powers-stride32 --step 1 --ptx "$c/powers.ptx" \
    >"$tmp/out" 2>"$tmp/err"
tap_ok $? "trace --ptx: $(cat "$tmp/err")"
grep -q '"instruction": "st.shared.v4.f32".*"per": "st.shared.v4.f32: 1 per 4 k", "decided_by": "ptx"' "$tmp/out"
tap_ok $? "trace names the instruction, 1 per 4 k, decided by PTX"

# No NVRTC: one line, exit 1, nothing on stdout.
WARPVIZ_LIBNVRTC=/nonexistent/libnvrtc.so "$WARPVIZ" stats powers-stride32 \
    --as-compiled >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q '^warpviz: as compiled needs NVRTC: ' "$tmp/err"
tap_ok $? "without NVRTC: exit $rc, one line: $(cat "$tmp/err")"

# NVRTC itself (no GPU needed): the same counts as the recorded PTX.
if "$WARPVIZ" stats powers-stride32 --as-compiled --json >"$tmp/out" \
    2>"$tmp/err"; then
	[ "$(num shared_store)" = 1048576 ]
	tap_ok $? "NVRTC: 1048576 shared stores as compiled"
else
	tap_skip "NVRTC: 1048576 shared stores as compiled" "$(cat "$tmp/err")"
fi

# Spills (tests/kernels/spill.cu, 40 accumulators at 32 registers) from
# the H100's SASS.  Counted by hand in tests/compiled/spill.sass: its one
# loop (.L_x_1, 0x0440 to the BRA at 0x0cb0, lines 16 and 57-98: the
# source loop of line 57) holds 24 LDL/LDL.LU and 23 STL; outside it 14
# STL before the loop's guard branch, 13 between guard and loop (every
# warp's loop runs: k = 64) and 14 LDL.LU after it.  256 warps, every lane
# on the same word of its frame: 1 request, 4 sectors each.
#   loads  256 x 14 + 256 x 64 x 24 = 396800 requests, 1587200 sectors
#   stores 256 x 27 + 256 x 64 x 23 = 383744 requests, 1534976 sectors
# Nsight Compute on the H100 measured these four (doc/validation.md).
# k=1: one iteration: loads 256 x 38 = 9728, stores 256 x 50 = 12800.
sectors() {
	tr -d '\n' <"$tmp/out" | sed -n "s/.*\"$1\": {[^}]*\"sectors\": \([0-9]*\).*/\1/p"
}
"$WARPVIZ" stats "$srcdir/tests/kernels/spill.cu" --sass "$c/spill.sass" \
    --json >"$tmp/out" 2>"$tmp/err"
tap_ok $? "stats spill.cu --sass: $(cat "$tmp/err")"
[ "$(num local_load)" = 396800 ] && [ "$(sectors local_load)" = 1587200 ]
tap_ok $? "spill loads as compiled: 396800 requests, 1587200 sectors (got $(num local_load), $(sectors local_load))"
[ "$(num local_store)" = 383744 ] && [ "$(sectors local_store)" = 1534976 ]
tap_ok $? "spill stores as compiled: 383744 requests, 1534976 sectors (got $(num local_store), $(sectors local_store))"
grep -q '"spills": {"instructions": 88, "counted": true, "note": null' "$tmp/out" &&
    grep -q '"line": 100, "op": "load", "instruction": "LDL.LU", "width": 4, "instructions": 14, "loop": null' "$tmp/out"
tap_ok $? "JSON: 88 spill instructions, counted; line 100's 14 LDL.LU once a warp"
"$WARPVIZ" stats "$srcdir/tests/kernels/spill.cu" --sass "$c/spill.sass" \
    >"$tmp/out" 2>"$tmp/err"
grep -q '^load  spills.*LDL/LDL.LU: 38 instructions, 14 once a warp, 24 each j (line 57)$' "$tmp/out" &&
    grep -q '^store spills.*STL: 50 instructions, 27 once a warp, 23 each j (line 57)$' "$tmp/out"
tap_ok $? "text: a spills line per direction, with the mnemonics and where they run"
"$WARPVIZ" stats "$srcdir/tests/kernels/spill.cu" -p k=1 --sass "$c/spill.sass" \
    --json >"$tmp/out" 2>"$tmp/err"
[ "$(num local_load)" = 9728 ] && [ "$(num local_store)" = 12800 ]
tap_ok $? "k=1: 9728 spill loads, 12800 stores (got $(num local_load), $(num local_store))"
# As written (no listing) the kernel has no local memory at all.
"$WARPVIZ" stats "$srcdir/tests/kernels/spill.cu" --json >"$tmp/out"
[ "$(num local_load)" = 0 ] && ! grep -q '"spills"' "$tmp/out"
tap_ok $? "as written: no local traffic, no spills key"
# A branch in the loop over one STL (made by hand from the recorded
# listing): the model cannot follow it; said, not counted.
sed -e 's/LDC R26, c\[0x0\]\[0x220\] ;/@P1 BRA `(.L_x_9) ;/' \
    -e 's/^\( *\/\*0470\*\/\)/.L_x_9:\n\1/' \
    "$c/spill.sass" >"$tmp/branchy.sass"
"$WARPVIZ" stats "$srcdir/tests/kernels/spill.cu" --sass "$tmp/branchy.sass" \
    >"$tmp/out" 2>"$tmp/err"
grep -q '^spills: 88 local instructions with no array in the source, not counted: a spill of line 58 runs only where the branch' "$tmp/out" &&
    ! grep -q 'local loads' "$tmp/out"
tap_ok $? "a spill behind a branch: one line says why none is counted"

want="--sm: '12' is not allowed"; bad stats stride --as-compiled --sm 12
want="--ptx: /nonexistent.ptx"; bad stats stride --ptx /nonexistent.ptx
want="no function read_stride in the ptx listing"
bad stats stride --ptx "$c/powers.ptx"
want="no line information"
printf '.visible .entry read_stride(\n)\n{\n\tld.global.f32 %%f1, [%%rd1];\n}\n' \
    >"$tmp/noline.ptx"
bad stats stride --ptx "$tmp/noline.ptx"
tap_done
