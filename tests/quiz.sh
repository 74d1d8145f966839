#!/bin/sh
# SPDX-License-Identifier: ISC
# quiz.sh - 'warpviz quiz': the levels, grading against answers worked out
# by hand from the rules (doc/rules.md) or read from the recorded H100
# results, the progress kept under $XDG_STATE_HOME, a user's kernel file
# as a level, and one-line refusals with exit 2.  TAP on stdout.  Needs
# $WARPVIZ (set by make check).
: "${WARPVIZ:=./warpviz}"
: "${srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-quiz.$$
mkdir -p "$tmp/state" || exit 99
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME

# answer LEVEL ANSWER RC WANT: the quiz exits RC and says WANT.
answer() {
	"$WARPVIZ" quiz "$1" --answer "$2" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	[ "$rc" -eq "$3" ] && grep -q -- "$4" "$tmp/out"
	tap_ok $? "quiz $1 --answer '$2': exit $3, '$4'"
	[ "$rc" -eq "$3" ] || sed 's/^/| /' "$tmp/out" "$tmp/err" | head -5 | tap_diag
}

"$WARPVIZ" quiz --list >"$tmp/list" 2>&1
tap_ok $? "quiz --list exits 0"
n=$(grep -c '^ *[0-9][0-9]*  ' "$tmp/list")
[ "$n" -ge 20 ]
tap_ok $? "at least 20 levels ($n)"
grep -q "^0 of $n solved$" "$tmp/list"
tap_ok $? "a fresh state: 0 of $n solved"

# copy-offset at offset 0: 32 lanes read 32 consecutive floats from a
# 256-byte aligned array: 128 bytes, 4 sectors, the need of a coalesced
# warp: coalesced.  Offset 1: bytes 4-131 cross 5 sectors (split); offset
# 8 is 32 bytes on: 4 again.
answer 1 4 0 "^right: 4, because"
answer 2 coalesced 0 "^right: coalesced"
answer aligned-copy 5 1 "^not quite: 4, because"
answer shifted-copy 5 0 "^right: 5"
answer shifted-copy-class split 0 "^right: split"
answer shift-by-eight 4 0 "^right: 4"
# stride 2: 256 bytes spanned, 8 sectors; stride 32: a sector a lane.
answer stride-two 8 0 "^right: 8"
answer stride-thirty-two 32 0 "^right: 32"
# Shared: s[t*32 + k] puts every lane on bank k: 32-way, 32 wavefronts;
# padded to 33 or transposed, one bank a lane: 1.
answer banks-stride32 32 0 "^right: 32"
answer banks-padded 1 0 "^right: 1"
answer banks-transposed 1 0 "^right: 1"
# Constant: coef[k] is one address (1 read), coef[t + k] 32.
answer constant-uniform 1 0 "^right: 1"
answer constant-divergent 32 0 "^right: 32"
# Local memory (doc/validation.md, "Local memory", and ksrc-local.c):
# word w of lane l of a warp at (32 w + l) x 4 bytes of its frame.  Step
# 65 is the first read of t (steps 1-64 fill t[0..63]), k = 0.
# local-uniform reads t[k], w = 0 for every lane: bytes 0..127, 4
# sectors, coalesced.  local-lane reads t[threadIdx.x + k], w = l: lane l
# at 132 l bytes, every lane in a sector (and a line) of its own: 32.
answer local-same-element 4 0 "^right: 4, because local memory keeps word w"
answer local-same-element 32 1 "^not quite: 4, because .* coalesced\.$"
answer local-own-element 32 0 "^right: 32, because .* uncoalesced\.$"
answer local-own-element 4 1 "^not quite: 32, because local memory"
# Texture (doc/rules.md, "Texture memory"): a request per quad of lanes
# 4k..4k+3, each quad the sectors (floor(4x / 16), floor(y / 2)) of its
# float texels.  tex-row, warp 0 of block 0,0: y = 0, x = lane: a quad's
# x = 4k..4k+3 is one sector, 8 quads, 8.  tex-col: x = 0, y = lane: a
# quad's rows 4k..4k+3 are sectors 2k and 2k+1, 2 a quad, 16.  The same
# column walk through the row-major global array (W = 2048): lanes 8192
# bytes apart, a 32-byte sector each, 32.
answer texture-row 8 0 "^right: 8, because the texture unit serves a quad of lanes a request, 8 requests"
answer texture-row 4 1 "^not quite: 8, because"
answer texture-column 16 0 "^right: 16, because .* 16 in all"
answer texture-column 32 1 "^not quite: 16, because"
answer global-column 32 0 "^right: 32, because .* uncoalesced"
answer global-column 16 1 "^not quite: 32, because"
# ... and each shows its frame after the reason, at the level's step:
# local-lane's first read is step 65 (step 0 reads in[i], 1-64 fill t).
"$WARPVIZ" quiz texture-column --answer 16 >"$tmp/out" 2>&1 </dev/null
grep -q 'tex-col .*step 0/2' "$tmp/out"
tap_ok $? "texture-column shows tex-col's frame"
# ... its lanes by texel (x, y) as tex2D takes them: lane l at (0, l).
grep -q '^  lane 0 reads img(0, 0), lane 1 img(0, 1), lane 2 img(0, 2),' \
    "$tmp/out"
tap_ok $? "texture-column: each lane's texel (x, y)"
"$WARPVIZ" quiz local-own-element --answer 32 >"$tmp/out" 2>&1 </dev/null
grep -q '^  lane 0 reads its t\[0\], lane 1 its t\[1\], lane 2 its t\[2\]' \
    "$tmp/out" && grep -q 'local-lane .*step 65/' "$tmp/out"
tap_ok $? "local-own-element: each lane's own element, then the frame"
# The order, easy to hard: after the banks, before the older rule sets.
sed -n 's/^ *\([0-9]*\)  \([a-z0-9-]*\) .*/\1 \2/p' "$tmp/list" |
    sed -n '17,23p' | tr '\n' ' ' >"$tmp/order"
[ "$(cat "$tmp/order")" = "17 banks-padded 18 local-same-element 19 local-own-element 20 texture-row 21 texture-column 22 global-column 23 cc10-shifted " ]
tap_ok $? "local and texture levels between banks and generations: $(cat "$tmp/order")"

# On a terminal the lines are broken between words at its width and the
# frame is drawn at its size: at 80 x 24 no line is wider than 80
# columns, and the reason, its lines joined again, is whole.
if command -v script >/dev/null 2>&1; then
	script -qec "stty cols 80 rows 24; '$WARPVIZ' quiz texture-column \
	    --answer 16" /dev/null </dev/null 2>&1 | tr -d '\r' >"$tmp/tty"
	wide=$(python3 -c 'import sys
print(max(len(l) for l in open(sys.argv[1], encoding="utf-8")
    .read().split("\n")))' "$tmp/tty" 2>/dev/null)
	[ -n "$wide" ] && [ "$wide" -le 80 ]
	tap_ok $? "a terminal of 80 columns: the widest line is ${wide:-?}"
	sed -n '/^right: /,/^ tex-col /p' "$tmp/tty" | sed 's/^  //' |
	    tr '\n' ' ' | grep -q 'because the texture unit serves a quad of lanes a request, 8 requests, each its own sectors: 16 in all (8 if every request.s texels filled whole sectors)\. '
	tap_ok $? "... the reason broken between words, nothing lost"
else
	tap_skip "no script(1) to give the quiz a terminal"
	tap_skip "no script(1) to give the quiz a terminal"
fi

# The shifted copy under the older rules (tests/unit/test-rules.c and
# the guide): cc 1.0 a 32-byte transaction a lane (32), cc 1.2 128 + 64 +
# 32 bytes in 3 segments, cc 2.x two 128-byte lines.
answer cc10-shifted 32 0 "^right: 32"
answer cc12-shifted 3 0 "^right: 3"
answer cc20-shifted 2 0 "^right: 2"
# The teaching SM, 16384 registers: blocks of 512 threads at 11
# registers (warpviz occupancy's worked example) fit 2.
answer occupancy-registers 2 0 "^right: 2"
answer occupancy-registers 3 1 "^not quite: 2"
# Ratios are graded within their tolerance: 4.25 (DESIGN.md, the 2-hop
# kernels) takes 4.2 and refuses 3.
answer twohop-sectors 4.2 0 "^right: 4.25"
answer twohop-sectors 3 1 "^not quite: 4.25"
# Times come from the shipped H100 record, at the defaults (n=4000).
want=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
ms = {r["variant"]: r["ms"] for r in d["results"]
    if r.get("status", "ok") == "ok" and r["params"] == "n=4000,bx=16,by=16,warp=32"}
print("%.2f" % (ms["twohop-v0"] / ms["twohop-v1"]))' "$srcdir/doc/results-h100.json" 2>/dev/null)
if [ -n "$want" ]; then
	answer twohop-time "$want" 0 "^right: $want"
else
	tap_skip "twohop-time: no python3 to read the record"
fi

# Progress: the right answers are remembered, the wrong ones not.
"$WARPVIZ" quiz --list >"$tmp/list" 2>&1
grep -q '^ *1  aligned-copy .* solved$' "$tmp/list"
tap_ok $? "--list marks a solved level"
grep -q '^ *26  twohop-sectors .*solved$' "$tmp/list"
tap_ok $? "... and the level solved by 4.2 too"
grep -q '^ *9 *naive-matmul-m .*solved' "$tmp/list"
[ $? -ne 0 ]
tap_ok $? "... but not a level never answered"
# With no level: the first one not solved (naive-matmul-n, level 8, was
# never answered: 7 levels before it are).
"$WARPVIZ" quiz --answer 2 >"$tmp/out" 2>&1 </dev/null
grep -q '^level naive-matmul-n ' "$tmp/out"
tap_ok $? "no level: the first one not solved"
# matmul-col, step 1 loads N[k*Width+Col]: the 16 columns of a 16-wide
# block, twice (two rows of threads in a warp): 64 bytes, 2 sectors.
grep -q '^right: 2' "$tmp/out"
tap_ok $? "... graded (2 sectors, a broadcast)"

# The answer from standard input, as typed.
printf '32\n' | "$WARPVIZ" quiz stride-thirty-two >"$tmp/out" 2>&1
tap_ok $? "an answer on standard input"

# A user's kernel file: transpose-naive's step 0 reads in[(y+j)*n + x],
# 32 consecutive floats (4 sectors); step 1 writes out[x*n + (y+j)], 32
# floats n apart (32 sectors).
answer "$srcdir/tests/kernels/transpose-naive.cu" 4 0 "^right: 4"
"$WARPVIZ" quiz "$srcdir/tests/kernels/transpose-naive.cu" --step 1 \
    --answer 32 >"$tmp/out" 2>&1 </dev/null
tap_ok $? "a kernel file at --step 1: 32 sectors"

# A state folder that cannot be written loses only the progress.
chmod a-w "$tmp/state"
XDG_STATE_HOME=$tmp/state/ro "$WARPVIZ" quiz 6 --answer 8 >"$tmp/out" \
    2>"$tmp/err" </dev/null
rc=$?
chmod u+w "$tmp/state"
if [ "$(id -u)" -ne 0 ]; then
	[ "$rc" -eq 0 ] && grep -q 'progress not saved' "$tmp/err"
	tap_ok $? "an unwritable state folder: right, progress not saved"
else
	tap_skip "root writes anywhere: the unwritable folder is not one"
fi

# Refusals: one line on stderr, nothing on stdout, exit 2.
bad() {
	"$WARPVIZ" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	[ "$rc" -eq 2 ] && ! [ -s "$tmp/out" ] &&
	    [ "$(wc -l <"$tmp/err")" -eq 1 ]
	tap_ok $? "bad input '$*' -> exit 2, one line: $(cat "$tmp/err")"
}
bad quiz nosuch --answer 1
bad quiz 0 --answer 1
bad quiz 99 --answer 1
bad quiz 1 --answer
bad quiz 1 a b
bad quiz "$tmp/missing.cu" --answer 1
bad quiz 1 --answer "$(printf '%0300d' 0)"
"$WARPVIZ" quiz 1 >"$tmp/out" 2>"$tmp/err" </dev/null
[ $? -eq 2 ] && grep -q 'no answer' "$tmp/err"
tap_ok $? "no answer on an empty standard input: exit 2, said"
tap_done
