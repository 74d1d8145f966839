#!/bin/sh
# SPDX-License-Identifier: ISC
# cli.sh - the headless sub-commands end to end: help, version, list,
# show, trace, stats, and one-line errors with exit status 2 for bad input.
# TAP on stdout.  Needs $WARPVIZ (set by make check).
: "${WARPVIZ:=./warpviz}" "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
unset WARPVIZ_THEME
tmp=${TMPDIR:-/tmp}/wv-cli.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# bad ARGS... : exit 2, exactly one line on stderr, nothing on stdout,
# and the line names what it must (in $want).
bad() {
	"$WARPVIZ" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	lines=$(wc -l <"$tmp/err")
	r=0
	[ "$rc" -eq 2 ] || r=1
	[ "$lines" -eq 1 ] || r=1
	[ -s "$tmp/out" ] && r=1
	grep -qF -- "$want" "$tmp/err" || r=1
	tap_ok $r "bad input '$*' -> exit $rc, one line: $(cat "$tmp/err")"
}

want="unknown variant 'nosuch'"; bad show nosuch
want="--theme: 'sepia' is not a theme (dark, light, contrast or cbsafe)"
bad show stride --theme sepia
want="WARPVIZ_THEME: 'sepia' is not a theme"
WARPVIZ_THEME=sepia bad show stride; unset WARPVIZ_THEME
want="unknown command 'frob'"; bad frob
want="VARIANT is missing"; bad stats
want="parameter 'width': 0 is out of range (allowed: 1 to 16384)"
bad stats matmul-col -p width=0
want="unknown parameter 'wdth'"; bad show matmul-col -p wdth=9
want="'abc' is not a whole number"; bad trace matmul-col -p width=abc
want="expected NAME=VALUE"; bad stats matmul-col -p width
want="--step: 4097 is past the end (0..4096)"; bad show matmul-col --step 4097
want="--step: '-3' is not allowed"; bad trace matmul-col --step -3
want="--warp: 8 is outside the block (0..7)"; bad show matmul-col --warp 8
want="--block: 128,0 is outside the grid (0..127, 0..127)"
bad trace matmul-col --block 128,0
want="--block: 'x' is not allowed"; bad trace matmul-col --block x
want="--arch: 'fermi' is not allowed (modern, cc2.0, cc1.2 (or legacy), cc1.0)"
bad stats matmul-col --arch fermi
want="width must be a multiple of tile"; bad stats matmul-tiled -p width=100
want="a power of two"; bad show matmul-col -p warp=3
want="1 to 1024 threads"; bad stats matmul-col -p bx=64 -p by=32
want="--steps: '5:2' is not allowed"; bad trace stride --steps 5:2
want="--steps: 9 is past the end (0..1)"; bad trace stride --steps 0:9
want="--size: '40x10' is not allowed"; bad show stride --size 40x10
want="--color: 'sometimes' is not allowed"; bad show stride --color=sometimes
want="unknown option '--frob'"; bad stats stride --frob
want="one VARIANT only"; bad stats stride copy-offset
want="--step: needs a value"; bad show stride --step
want="list: unexpected argument"; bad list extra
want="not a whole number"; bad stats twohop-v0 -p n=99999999999999999999999
want="needs a terminal"; bad
want="--theme: 'Light' is not a theme"; bad show stride --theme=Light
want="--theme: needs a value"; bad show stride --theme
want="--theme: 'sepia' is not a theme"; bad --theme sepia --keys

# Themes reach show: the source line's colour (dark 250, light 234), the
# variable and the option (which wins); an empty variable is the default.
src_fg() {
	"$WARPVIZ" show stride --color "$@" | grep 'void' | head -1 |
	    sed 's/void.*//' | grep -o '38;5;[0-9]*' | tail -1
}
[ "$(src_fg)" = "38;5;250" ]; tap_ok $? "show --color: dark theme by default"
[ "$(src_fg --theme light)" = "38;5;234" ]; tap_ok $? "show --theme light"
[ "$(WARPVIZ_THEME=light src_fg)" = "38;5;234" ]
tap_ok $? "WARPVIZ_THEME=light"
[ "$(WARPVIZ_THEME=light src_fg --theme dark)" = "38;5;250" ]
tap_ok $? "--theme dark wins over WARPVIZ_THEME=light"
[ "$(WARPVIZ_THEME= src_fg)" = "38;5;250" ]; tap_ok $? "WARPVIZ_THEME= is dark"
# --theme replaces the variable: a bad variable beside it is not read.
[ "$(WARPVIZ_THEME=sepia src_fg --theme light)" = "38;5;234" ]
tap_ok $? "--theme light beside WARPVIZ_THEME=sepia"
"$WARPVIZ" show stride --theme contrast >"$tmp/plain"
"$WARPVIZ" show stride >"$tmp/plain0"
cmp -s "$tmp/plain" "$tmp/plain0"
tap_ok $? "without --color a theme changes nothing: same glyphs, no escapes"

# Options are checked first and completely (before the terminal check).
want="unknown option '--bogus' (see warpviz --help)"; bad --bogus
want="--ascii: takes no value"; bad --ascii=yes
want="--step: 99999 is past the end"; bad --step 99999
want="--results: /nonexistent/r.json"; bad --results /nonexistent/r.json
want="--size: '4294967376x24' is not allowed"
bad show stride --size 4294967376x24
want="--size: '80x24x1' is not allowed"; bad show stride --size 80x24x1
want="--step: ' 3' is not allowed"; bad show stride --step ' 3'
want="--warp: '1 ' is not allowed"; bad show stride --warp '1 '
want="--block: ' 1,0' is not allowed"; bad trace stride --block ' 1,0'
want="parameter 'n': ' 64' is not a whole number"; bad stats stride -p 'n= 64'
want="--steps: '0: 1' is not allowed"; bad trace stride --steps '0: 1'
want="--frames: '0' is not allowed"; bad --frames 0
want="--color: 'sometimes' is not allowed (auto, always or never)"
bad --color=sometimes
want="show: unexpected argument '--size' (one VARIANT only)"
bad show -- stride --size 80x24
want="unexpected argument 'stride' (the TUI takes options only"
bad --ascii stride
want="show: unknown option '--json'"; bad show stride --json
want="-p: needs a value"; bad show stride -p
want="bench: unknown variant 'nosuch'"; bad bench nosuch
want="bench: parameter 'width': 0 is out of range"; bad bench matmul-col:width=0
want="bench: unknown option '--frob'"; bad bench --frob
want="gpu: unexpected argument 'x'"; bad gpu x
# The 300th argument is read too (past 256 were dropped once).
set -- show stride
i=0
while [ $i -lt 300 ]; do set -- "$@" --ascii; i=$((i + 1)); done
want="unknown option '--bogus'"; bad "$@" --bogus
set --

# Help and version.
"$WARPVIZ" --help >"$tmp/out" 2>&1; r=$?
grep -q '^usage: warpviz' "$tmp/out" && [ $r -eq 0 ]; tap_ok $? "--help exits 0"
for sub in show trace stats list bench gpu; do
	"$WARPVIZ" $sub --help >"$tmp/out" 2>&1; r=$?
	grep -q "^usage: warpviz $sub" "$tmp/out" && [ $r -eq 0 ]
	tap_ok $? "$sub --help"
done
"$WARPVIZ" --version | grep -q '^warpviz [0-9]'; tap_ok $? "--version"

# list: every variant, and valid JSON with parameter ranges.
"$WARPVIZ" list >"$tmp/list" 2>&1; tap_ok $? "list exits 0"
[ "$(grep -c '^  [a-z]' "$tmp/list")" -eq 27 ]; tap_ok $? "list shows 27 variants"
"$WARPVIZ" list --json >"$tmp/list.json"; tap_ok $? "list --json exits 0"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$tmp/list.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d) == 27
for v in d:
    for k in ("name", "family", "title", "params"):
        assert k in v, k
    for p in v["params"]:
        assert p["min"] <= p["default"] <= p["max"], p
names = {v["name"] for v in d}
assert {"matmul-col", "twohop-v0", "powers-padded"} <= names
PY
	tap_ok $? "list --json parses, 27 variants, defaults within ranges"
fi

# trace: JSON Lines with the documented keys.
"$WARPVIZ" trace matmul-col -p width=64 --steps 0:2 >"$tmp/trace" 2>&1
tap_ok $? "trace exits 0"
[ "$(wc -l <"$tmp/trace")" -eq 3 ]; tap_ok $? "--steps 0:2 gives 3 lines"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$tmp/trace" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
need = ["variant", "step", "site", "array", "base", "space", "op", "size",
        "block", "warp", "lanes", "sectors", "lines", "ideal_sectors", "need",
        "class"]
for r in rows:
    for k in need:
        assert k in r, k
    assert len(r["lanes"]) == 32
    assert r["base"] % 256 == 0
assert rows[0]["site"] == "M[Row*Width+k]" and rows[0]["op"] == "load"
# M: two rows, 2 sectors against a need of 32 x 4 / 32 = 4: broadcast;
# N: 16 floats read by both rows, 2 sectors, need 4: broadcast too.
assert rows[0]["sectors"] == 2 and rows[0]["need"] == 4
assert rows[0]["class"] == "broadcast" and rows[1]["class"] == "broadcast"
# lane 16 is threadIdx (0,1): Row 1, so M[64*1 + 0]: base + 256 bytes
assert rows[0]["lanes"][16] - rows[0]["lanes"][0] == 64 * 4
PY
	tap_ok $? "trace lines carry the documented keys and the right addresses"
	"$WARPVIZ" trace powers-stride32 --step 1 | python3 -c '
import json, sys
r = json.loads(sys.stdin.readline())
assert r["space"] == "shared" and r["wavefronts"] == 32 and r["degree"] == 32
assert r["ideal_wavefronts"] == 1 and set(r["banks"]) == {0}'
	tap_ok $? "trace of a shared store: wavefronts, degree, banks"
	"$WARPVIZ" trace const-divergent --step 1 | python3 -c '
import json, sys
r = json.loads(sys.stdin.readline())
assert r["space"] == "constant" and r["serial"] == 32'
	tap_ok $? "trace of a constant read: serial"
	"$WARPVIZ" trace copy-offset --arch legacy --step 0 | python3 -c '
import json, sys
r = json.loads(sys.stdin.readline())
assert r["transactions"] == 3 and [s["size"] for s in r["segments"]] == [128, 64, 32]'
	tap_ok $? "trace --arch legacy: half-warp segments"
	"$WARPVIZ" trace copy-offset -p n=100 -p offset=5 -p bs=32 \
	    --step 6 | python3 -c '
import json, sys
r = json.loads(sys.stdin.readline())
# step 6 is j = 3: i = lane + 5 + 3*32 >= 100: nobody is active
assert r["lanes"] == [None] * 32 and r["active"] == 0'
	tap_ok $? "inactive lanes are null"
fi
"$WARPVIZ" trace stride -p n=64 -p bs=32 --all-warps >"$tmp/all" 2>&1
[ "$(wc -l <"$tmp/all")" -eq 4 ]; tap_ok $? "--all-warps: 2 warps x 2 steps"

# stats: text and JSON agree with hand-worked totals (see test-model.c).
"$WARPVIZ" stats copy-offset -p n=64 -p bs=32 -p offset=1 --json \
    >"$tmp/stats" 2>&1; tap_ok $? "stats --json exits 0"
grep -q '"global_load": {"requests": 2, "lanes": 63, "sectors": 9' \
    "$tmp/stats"; tap_ok $? "stats: 2 load requests, 63 lanes, 9 sectors"
# in[i], i = global thread + 1: warp 0 lanes read floats 1..32 (bytes
# 4..131: 5 sectors, need 4: split); warp 1 has 31 active lanes (i 33..63,
# bytes 132..255: sectors 4..7, need ceil(124 / 32) = 4: coalesced).  The
# site: 9 sectors against a need of 8: split.
if command -v python3 >/dev/null 2>&1; then
	python3 - "$tmp/stats" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = [x for x in d["sites"] if x["op"] == "load" and x["space"] == "global"][0]
assert s["totals"]["need"] == 8, s
assert s["totals"]["classes"]["split"] == 1, s
assert s["totals"]["classes"]["coalesced"] == 1, s
assert s["class"] == "split", s
PY
	tap_ok $? "stats --json: the load's need 8, one split and one coalesced request"
fi
# Atomics (tests/kernels/atomics.cu; rules_atomic, doc/rules.md), at
# n=512 by hand: 16 warps, each a request per atomic.  a[i] and c[i]: 32
# consecutive floats, 4 sectors, one lane an address: 4 passes; a[0]:
# every lane on one float: 32 passes; a[i * 8 % n]: lanes 32 bytes apart,
# 32 sectors.  Atomics: 4 x 16 = 64 requests, 16 x (4 + 4 + 32 + 32) =
# 1152 sectors; the store of b: 16 requests, 64 sectors; no load.
"$WARPVIZ" stats "$srcdir/tests/kernels/atomics.cu" -p n=512 --json \
    >"$tmp/atom" 2>&1
python3 - "$tmp/atom" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
a, s, l = d["global_atomic"], d["global_store"], d["global_load"]
assert (a["requests"], a["sectors"]) == (64, 1152), a
assert (s["requests"], s["sectors"]) == (16, 64), s
assert l["requests"] == 0, l
assert sorted(x["op"] for x in d["sites"]).count("atomic") == 4, d["sites"]
PY
tap_ok $? "stats --json: atomics' requests and passes, by hand"
# The older rule sets on copy-offset, n=4096 (bs 256, 4 elements a
# thread: 4 blocks x 8 warps x 4 steps = 128 load requests), by hand:
# offset 0: every half-warp reads words 0-15 of a 64-byte segment in
# order, so cc 1.0/1.1 serves each half with one 64-byte transaction (256,
# 16384 B) and cc 2.x each warp with one 128-byte line (128; 4 32-byte
# segments each with L1 bypassed: 512).  offset 1: no half-warp starts on
# a segment, so cc 1.0 pays a 32-byte transaction a lane, but for lane 31
# of the last warp (i = 4096, guarded out): 128 x 32 - 1 = 4095; cc 2.x
# two lines a warp but the last (bytes 16260-16383: one line, 4 segments):
# 127 x 2 + 1 = 255 lines and 127 x 5 + 4 = 639 segments.
for c in "cc1.0 0 256 16384 0" "cc1.0 1 4095 131040 0" "cc2.0 0 128 16384 512" \
    "cc2.0 1 255 32640 639"; do
	set -- $c
	"$WARPVIZ" stats copy-offset -p n=4096 -p offset="$2" --arch "$1" \
	    --json >"$tmp/older" 2>&1
	grep -q "\"global_load\": {\"requests\": 128, .*\"transactions\": $3, \"bytes_moved\": $4, .*\"l2_segments\": $5," "$tmp/older"
	tap_ok $? "stats --arch $1, offset $2: $3 transactions, $4 B, $5 L2 segments"
	"$WARPVIZ" stats copy-offset -p n=4096 -p offset="$2" --arch "$1" \
	    --brute --json >"$tmp/older-b" 2>&1
	sed 's/"fast_sites": [0-9]*//' "$tmp/older" >"$tmp/a"
	sed 's/"fast_sites": [0-9]*//' "$tmp/older-b" >"$tmp/b"
	cmp -s "$tmp/a" "$tmp/b"
	tap_ok $? "stats --arch $1, offset $2: the fast path equals brute force"
done
"$WARPVIZ" stats copy-offset -p n=64 -p bs=32 -p offset=1 --brute \
    --json >"$tmp/brute" 2>&1
sed 's/"fast_sites": [0-9]*//' "$tmp/stats" >"$tmp/a"
sed 's/"fast_sites": [0-9]*//' "$tmp/brute" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b"; tap_ok $? "stats --brute gives the same totals"
"$WARPVIZ" stats twohop-v0 >"$tmp/text" 2>&1
grep -q 'global loads .* (8.50 per request' "$tmp/text"
tap_ok $? "stats text: twohop-v0 8.50 sectors per load request"

# The source pane keeps what a lesson turns on at both lecture sizes: the
# index lines, the guard, the loop and the access (twohop: the i and j
# lines are the whole difference between V0 and V1), long lines wrap
# (copy-offset's "+ offset"), and the struct a kernel reads is shown.
for size in 120x35 80x24; do
	for v in twohop-v0 twohop-v1; do
		"$WARPVIZ" show $v --size $size >"$tmp/src" 2>&1
		grep -q 'int i = threadIdx\.[xy]' "$tmp/src" &&
		    grep -q 'int j = threadIdx\.[xy]' "$tmp/src" &&
		    grep -q 'if (i >= n || j >= n)' "$tmp/src" &&
		    grep -q 'for (int k = 0; k < n; ++k)' "$tmp/src" &&
		    grep -q '▶ *float x = d\[n\*i + k\]' "$tmp/src"
		tap_ok $? "show $v --size $size: index lines, guard, loop and access"
	done
	"$WARPVIZ" show copy-offset --size $size >"$tmp/src" 2>&1
	grep -q 'offset;' "$tmp/src"
	tap_ok $? "show copy-offset --size $size: the wrapped '+ offset' shows"
	"$WARPVIZ" show struct12 --size $size >"$tmp/src" 2>&1
	grep -q 'struct vec3 {' "$tmp/src" && grep -q 'float x, y, z;' "$tmp/src"
	tap_ok $? "show struct12 --size $size: the struct definition shows"
done

# Two loops named k (powers: the store loop, then the read loop): step
# 1 + k stores power k, step 33 + k reads it back; each names its own k.
"$WARPVIZ" trace powers-stride32 --steps 0:35 >"$tmp/pw" 2>&1
if command -v python3 >/dev/null 2>&1; then
	python3 - "$tmp/pw" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert rows[0]["loop"] == {}, rows[0]["loop"]
for r in rows[1:33]:
    assert r["op"] == "store" and r["loop"] == {"k": r["step"] - 1}, r["loop"]
for r in rows[33:36]:
    assert r["op"] == "load" and r["loop"] == {"k": r["step"] - 33}, r["loop"]
PY
	tap_ok $? "trace: each step names the k of its own loop (powers: store, read)"
fi

# Compare aligns by access and loop value: naive matmul at step 3000 is
# M[Row*Width+k] at k = 1500 (steps 2k); tiled (TILE 16) shows the same
# logical iteration, Mds[ty][k] at ph = 1500 / 16 = 93, k = 1500 % 16 = 12.
"$WARPVIZ" show matmul-col --compare --step 3000 >"$tmp/cmp" 2>&1
grep -q 'load M\[Row\*Width+k\]  k=1500 .*load M\[Row\*Width+k\]  k=1500 .*load Mds\[ty\]\[k\]  ph=93,k=12' \
    "$tmp/cmp"
tap_ok $? "compare: naive k=1500 beside tiled ph=93, k=12"
# 2-hop V0 and V1 at step 11: d[n*k + j] at k = 5 in both.
"$WARPVIZ" show twohop-v0 --compare --step 11 >"$tmp/cmp" 2>&1
grep -q 'load d\[n\*k + j\]  k=5 .*load d\[n\*k + j\]  k=5' "$tmp/cmp"
tap_ok $? "compare: twohop V0 and V1 at the same access, k=5"

# Compare mode shows each pane's source with the lines that differ marked:
# for twohop V0 and V1 the i and j lines, the whole difference.
"$WARPVIZ" show twohop-v0 --compare >"$tmp/cmp" 2>&1
grep -q '≠ *int i = threadIdx\.x.*│.*≠ *int i = threadIdx\.y' "$tmp/cmp" &&
    grep -q '≠ *int j = threadIdx\.y.*│.*≠ *int j = threadIdx\.x' "$tmp/cmp" &&
    ! grep -q '≠ *for (int k' "$tmp/cmp"
tap_ok $? "compare: the i and j lines are marked as differing, the loop not"
# --compare=LIST: partners named, with parameters of their own.
"$WARPVIZ" show stride --compare='copy-offset:offset=3 stride:stride=32' \
    --size 200x40 >"$tmp/cmp" 2>&1
head -1 "$tmp/cmp" | grep -q "compare stride vs copy-offset vs stride" &&
    grep -q "offset=3" "$tmp/cmp" && grep -q "stride=32" "$tmp/cmp"
tap_ok $? "compare: --compare='copy-offset:offset=3 stride:stride=32'"
want="compare: nosuch left out: unknown compare partner 'nosuch'"
bad show stride --compare=nosuch
want="--compare: '' is not allowed"; bad show stride --compare=
want="stride:bogus=1 left out"; bad show stride --compare='stride:bogus=1'

# show: a frame of the requested size.
"$WARPVIZ" show matmul-col --size 100x30 >"$tmp/show" 2>&1; tap_ok $? "show exits 0"
[ "$(wc -l <"$tmp/show")" -le 30 ] && [ -s "$tmp/show" ]; tap_ok $? "show --size 100x30: at most 30 lines"
[ "$(LC_ALL=C.UTF-8 wc -L <"$tmp/show")" -le 100 ] && [ -s "$tmp/show" ]
tap_ok $? "show --size 100x30: no line wider than 100 columns"
"$WARPVIZ" show twohop-v1 --color >"$tmp/color" 2>&1
grep -q "$(printf '\033')\[" "$tmp/color"; tap_ok $? "show --color emits SGR escapes"
"$WARPVIZ" show twohop-v1 >"$tmp/plain" 2>&1
grep -q "$(printf '\033')" "$tmp/plain"; [ $? -ne 0 ]
tap_ok $? "show without --color emits no escapes"
"$WARPVIZ" show twohop-v1 --color=auto >"$tmp/auto" 2>&1; r=$?
cmp -s "$tmp/auto" "$tmp/plain" && [ $r -eq 0 ]
tap_ok $? "show --color=auto into a file is the plain frame"
"$WARPVIZ" show twohop-v1 --color=always >"$tmp/always" 2>&1
cmp -s "$tmp/always" "$tmp/color"; tap_ok $? "show --color=always is --color"
"$WARPVIZ" show --step 1 -- stride >"$tmp/dd" 2>&1; r=$?
grep -q '^ stride ' "$tmp/dd" && [ $r -eq 0 ]; tap_ok $? "-- ends the options"

# Kernel files: a path to a .cu file wherever a variant is accepted.
k="$srcdir/tests/kernels"
"$WARPVIZ" check "$k/transpose-tile.cu" >"$tmp/check" 2>&1
tap_ok $? "check FILE.cu exits 0"
grep -q '^  n  *1024 (32\.\.8192)$' "$tmp/check"; tap_ok $? "check: the parameter and its range"
grep -q '= 32x32 blocks of 32x8 threads, 8 warps each' "$tmp/check"
tap_ok $? "check: the launch at the defaults"
grep -q '^  tile  *shared  *float, 4 bytes, length (32) \* (32), dims 32 x 32 = 1024' "$tmp/check"
tap_ok $? "check: the __shared__ tile"
grep -q 'for j = 0 .*: 4 iterations$' "$tmp/check"; tap_ok $? "check: the loop and its trip count"
grep -q '^ *30:27 .*load  tile\[threadIdx.x\]\[threadIdx.y + j\]' "$tmp/check"
tap_ok $? "check: the transposed read at line 30, column 27"
"$WARPVIZ" stats "$k/transpose-tile.cu" -p n=64 --json >"$tmp/kst" 2>&1
grep -q '"shared_load": {"requests": 128, "lanes": 4096, .*"wavefronts": 4096' "$tmp/kst"
tap_ok $? "stats FILE.cu: the unpadded column read costs 32 wavefronts"
"$WARPVIZ" stats "$k/transpose-padded.cu" -p n=64 --json >"$tmp/kst" 2>&1
grep -q '"shared_load": {"requests": 128, "lanes": 4096, .*"wavefronts": 128' "$tmp/kst"
tap_ok $? "stats FILE.cu: padded to 33, 1 wavefront"
"$WARPVIZ" trace "$k/transpose-naive.cu" -p n=64 --step 1 >"$tmp/ktr" 2>&1
grep -q '"sectors": 32' "$tmp/ktr"; tap_ok $? "trace FILE.cu: the column store touches 32 sectors"
"$WARPVIZ" show "$k/transpose-tile.cu" -p n=64 --compare --size 160x40 \
    >"$tmp/ksh" 2>&1; tap_ok $? "show FILE.cu --compare with a partner file"
grep -q 'transpose-padded' "$tmp/ksh"; tap_ok $? "show --compare: the partner file's pane"
grep -q '≠ .*tile\[TILE\]\[TILE + 1\]' "$tmp/ksh"
tap_ok $? "show --compare: the files' source, the padding marked as differing"
"$WARPVIZ" show "$k/transpose-tile.cu" -p n=64 --step 1 >"$tmp/ksh" 2>&1
grep -q '24 ▶.*tile\[threadIdx.y' "$tmp/ksh"
tap_ok $? "show FILE.cu: its own source, the access's line marked"
# C's arithmetic: unsigned i = blockIdx.x*32 + threadIdx.x - 1u is
# 4294967295 at block 0 lane 0, past a (length n) by 4294967295 - n + 1.
"$WARPVIZ" check "$k/unsigned-wrap.cu" >"$tmp/check" 2>&1
tap_ok $? "check unsigned-wrap.cu exits 0: an access outside is flagged, not refused"
grep -q '^OUTSIDE THEIR ARRAYS' "$tmp/check"; tap_ok $? "check: accesses outside their arrays, loudly"
grep -q '^ *18:2 *a\[i\]: 1 lane access outside a (length 64), up to 4294967232 elements past its end; first: block 0,0 warp 0 step 0 lanes 0, element 4294967295$' "$tmp/check"
tap_ok $? "check: which site, which lanes, how far (4294967295 - 64 + 1)"
[ "$(grep -c 'outside b' "$tmp/check")" -eq 0 ]; tap_ok $? "check: the (unsigned char) cast and the guarded store stay inside b"
"$WARPVIZ" check "$k/transpose-tile.cu" | grep -q '^outside their arrays: none$'
tap_ok $? "check: a kernel that stays inside says none"
"$WARPVIZ" stats "$k/unsigned-wrap.cu" -p n=128 --json >"$tmp/kst" 2>&1
grep -q '"site": "a\[i\]".*"out_of_bounds": {"checked": true, "lanes": 1, "before": 0, "past": 4294967168, "first": {"block": \[0, 0\], "warp": 0, "step": 0, "lanes": \[0\], "index": 4294967295}}' "$tmp/kst"
tap_ok $? "stats --json: out_of_bounds of a[i] with n=128 (4294967295 - 128 + 1 past)"
[ "$(grep -c '"out_of_bounds": {"checked": true, "lanes": 0, "before": 0, "past": 0, "first": null}' "$tmp/kst")" -eq 2 ]
tap_ok $? "stats --json: b's two sites have none"
"$WARPVIZ" show "$k/unsigned-wrap.cu" --size 160x40 >"$tmp/ksh" 2>&1
grep -q 'OUT OF BOUNDS: 1 lane outside a, up to' "$tmp/ksh" && grep -q '4294967232 elements past its end' "$tmp/ksh"
tap_ok $? "show: the counts panel flags the lane outside in words"
"$WARPVIZ" show "$k/unsigned-wrap.cu" --step 1 --size 160x40 >"$tmp/ksh" 2>&1
grep -q 'OUT OF BOUNDS' "$tmp/ksh"; [ $? -ne 0 ]; tap_ok $? "show: no flag where every lane is inside"
"$WARPVIZ" trace "$k/unsigned-wrap.cu" --steps 0:1 >"$tmp/ktr" 2>&1
[ "$(sed -n 1p "$tmp/ktr" | grep -c '"lanes": \[17179934716, 65536, .*"active": 32, "outside": \[0\]')" -eq 1 ]
tap_ok $? "trace: lane 0 at 65536 + 4 * 4294967295, outside"
grep -q '"site": "b\[(unsigned char)(threadIdx.x \* 37)\]".*"outside": \[\]' "$tmp/ktr"
tap_ok $? "trace: no lane outside b"
# CUDA as written (issue 15): counts derived in the file's head comment.
"$WARPVIZ" stats "$k/as-written.cu" --json >"$tmp/kst" 2>&1
tap_ok $? "stats as-written.cu: constants, groups, pointers, while, inlining"
grep -q '"steps_per_warp": 8,' "$tmp/kst"; tap_ok $? "as-written: 8 steps a warp"
grep -q '"global_load": {"requests": 160, "lanes": 5120, "sectors": 896,' "$tmp/kst"
tap_ok $? "as-written: 160 loads, 896 sectors (the stride-2 pointer's 8 a request)"
grep -q '"global_store": {"requests": 96, "lanes": 3072, "sectors": 384,' "$tmp/kst"
tap_ok $? "as-written: 96 stores, 384 sectors"
printf '// warpviz: launch grid=1 block=32\n// warpviz: array a length=64\n__device__ int f(int x) { return x > 0 ? f(x - 1) : 0; }\n__global__ void k(float *a)\n{ a[f(3)] = 1; }\n' >"$tmp/rec.cu"
want="rec.cu:3:42: f calls itself: recursion is not followed"; bad check "$tmp/rec.cu"
printf '// warpviz: launch grid=1 block=32\n// warpviz: array a length=64\n__global__ void k(float *a)\n{ float *p = (float *)(long)a[0]; p[0] = 1; }\n' >"$tmp/pm.cu"
want="pm.cu:4:14: a cast to a pointer of something not a kernel array"; bad check "$tmp/pm.cu"
printf '// warpviz: launch grid=1 block=32\n// warpviz: array a length=64\n// warpviz: array b length=64\n__global__ void k(float *a, float *b)\n{ float *p = a; p = b; p[0] = 1; }\n' >"$tmp/pb.cu"
want="pb.cu:5:19: pointer p is given a value that is not a place in its own array a"; bad check "$tmp/pb.cu"
printf '// warpviz: launch grid=1 block=32\n// warpviz: array a length=64\n__global__ void k(float *a)\n{\n\tint t = threadIdx.x;\n\ta[t * 1073741824] = 1;\n}\n' >"$tmp/ovf.cu"
want="ovf.cu:6:2: a[t * 1073741824]: signed overflow (block 0,0 thread 2,0)"; bad stats "$tmp/ovf.cu"
want="gather.cu:16:11: 'idx[i]' is read from memory"; bad check "$k/gather.cu"
want="gather.cu:16:11:"; bad stats "$k/gather.cu"
want="nosuch.cu: cannot open"; bad show "$tmp/nosuch.cu"
printf '// warpviz: launch grid=1 block=32\n__global__ void k(float *a)\n{ a[0] = 1; }\n' >"$tmp/bad.cu"
want="bad.cu:2:26: pointer parameter a needs"; bad "$tmp/bad.cu"
want="unknown command 'nosuch'"; bad nosuch

# Header lines say each thing once and read numbers as -p does; the
# columns are counted by hand from "// warpviz: " (12 columns).
# kfile FILE LINE [BODY]: a small kernel with one more header line.
kfile() {
	printf '// warpviz: name=t\n// warpviz: param n=64 range=1..1024\n%s\n// warpviz: launch grid=1 block=32\n// warpviz: array a length=n\nextern "C" __global__ void k(float *a, int n%s)\n{ int i = threadIdx.x; %s }\n' \
	    "$2" "${4:-}" "${3:-if (i < n) a[i] = 0;}" >"$tmp/$1"
}
kfile dp.cu '// warpviz: param n=32 range=1..64'
want="dp.cu:3:19: param n: a second param of that name (the first is line 2)"
bad check "$tmp/dp.cu"
kfile ds.cu '// warpviz: param m=1 range=0..2 sym=n'
want="ds.cu:3:19: param m: its symbol n is already param n's (line 2)"
bad check "$tmp/ds.cu"
kfile da.cu '// warpviz: array a length=n'
want="da.cu:5:19: array a: a second array of that name (the first is line 3)"
bad show "$tmp/da.cu"
kfile dn.cu '// warpviz: name=u'
want="dn.cu:3:13: a second 'name=' line (the first is line 1)"
bad stats "$tmp/dn.cu"
kfile dl.cu '// warpviz: launch grid=2 block=32'
want="dl.cu:4:13: a second launch line (the first is line 3)"
bad check "$tmp/dl.cu"
kfile dk.cu '' '' ', int n'
want="dk.cu:6:51: a second kernel parameter named n"; bad check "$tmp/dk.cu"
# An array's name goes into the model's index texts, which take names of
# up to 31 characters (EXPR_NAME_MAX 32 with its NUL): 32 is refused at
# the name (it was once "-p: name too long", with no place in the file),
# 31 is read.  Column 19: after "// warpviz: array " (18 characters);
# column 41: after "{ int i = threadIdx.x; " (23) and "__shared__ float "
# (17).
n32=abcdefghijabcdefghijabcdefghijab
n31=abcdefghijabcdefghijabcdefghija
kfile ln.cu "// warpviz: array $n32 length=n" "$n32[i] = 0;" ", float *$n32"
want="ln.cu:3:19: array name $n32 is too long (the model takes up to 31 characters)"
bad stats "$tmp/ln.cu"
kfile lsh.cu '' "__shared__ float $n32[32]; $n32[i] = 0; a[i] = $n32[i];"
want="lsh.cu:7:41: array name $n32 is too long"; bad show "$tmp/lsh.cu"
# A variable's name of 64 characters (the reader keeps 63) is refused at
# its declaration; it was cut short and then "unknown name" where used.
# Column 28: after "{ int i = threadIdx.x; " (23) and "int " (4).
n64=$n32$n32
kfile lv.cu '' "int $n64 = i; a[$n64] = 0;"
want="lv.cu:7:28: variable $n64 is too long (the reader takes names up to 63 characters)"
bad check "$tmp/lv.cu"
kfile l31.cu "// warpviz: array $n31 length=n" "$n31[i] = 0;" ", float *$n31"
"$WARPVIZ" stats "$tmp/l31.cu" >"$tmp/out" 2>&1
tap_ok $? "an array name of 31 characters is read: $(head -1 "$tmp/out")"
kfile hex.cu '// warpviz: param m=0x10 range=1..20'
want="hex.cu:3:21: param m: the default: '0x10' is not a whole number"
bad check "$tmp/hex.cu"
kfile plus.cu '// warpviz: param m=+5 range=1..20'
want="plus.cu:3:21: param m: the default: '+5' is not a whole number"
bad check "$tmp/plus.cu"
kfile big.cu '// warpviz: param m=5 range=1..99999999999999999999'
want="big.cu:3:32: param m: range MAX: '99999999999999999999' is not a whole number"
bad check "$tmp/big.cu"
kfile id.cu '// warpviz: array 1a length=3'
want="id.cu:3:19: array: '1a' is not a name (a C identifier)"; bad check "$tmp/id.cu"
kfile en.cu '// warpviz: title='
want="en.cu:3:13: title= is empty"; bad check "$tmp/en.cu"
kfile oct.cu '// warpviz: param m=010 range=1..20'
"$WARPVIZ" check "$tmp/oct.cu" >"$tmp/out" 2>&1
grep -q '^  m  *10 (1\.\.20)$' "$tmp/out"; tap_ok $? "010 in a header is ten, as -p reads it"
printf '\357\273\277' >"$tmp/bom.cu"; cat "$tmp/oct.cu" >>"$tmp/bom.cu"
"$WARPVIZ" check "$tmp/bom.cu" >"$tmp/out" 2>&1
grep -q 'variant t: t (from' "$tmp/out"
tap_ok $? "a UTF-8 BOM before the first header line is skipped"
kfile ws.cu '// warpviz: param s=2 range=1..64 sym=warpSize' \
    'a[threadIdx.x * warpSize] = 0;' ', int warpSize'
# Lane 1 stores at 1 * 2 floats = byte 8 past the base (the built-in
# would put it 32 floats, 128 bytes, away).
"$WARPVIZ" trace "$tmp/ws.cu" >"$tmp/out" 2>&1
grep -q '"lanes": \[65536, 65544, 65552,' "$tmp/out"
tap_ok $? "a kernel parameter named warpSize is the parameter, not the built-in"
kfile nl.cu '// warpviz: let g=n-64'
sed 's/launch grid=1/launch grid=g/' "$tmp/nl.cu" >"$tmp/nl2.cu"
want="check: $tmp/nl2.cu does not launch with n=64,warp=32: a grid of 0x1"
bad check "$tmp/nl2.cu"
# show and stats name the file's defaults, not a -p that was never given
# (they once said "-p: a grid of 0x1 ...").
want="warpviz: $tmp/nl2.cu does not launch at its defaults: a grid of 0x1"
bad stats "$tmp/nl2.cu"
bad show "$tmp/nl2.cu"
bad occupancy "$tmp/nl2.cu"
kfile z.cu '// warpviz: require=n/0'
want="requirement (n / 0) has a division by zero"; bad check "$tmp/z.cu"
kfile sa.cu '' '__shared__ float h[32]; atomicAdd(&h[i % 32], 1.0f);'
want="atomicAdd on shared memory is not modelled"; bad check "$tmp/sa.cu"
# C++'s functional cast converts as (type)x does: u8 of 300 is 44.
kfile fc.cu '' 'a[(int)(unsigned char)(i + 268)] = 0; a[int(i) % 8] = 1;'
"$WARPVIZ" trace "$tmp/fc.cu" --step 1 >"$tmp/out" 2>&1
# a at 65536 (0x10000): lanes 0-7 on floats 0-7, lanes 8-15 the same.
grep -q '"lanes": \[65536, 65540, 65544, 65548, 65552, 65556, 65560, 65564, 65536, 65540' "$tmp/out"
tap_ok $? "int(i) % 8: a functional cast, floats 0..7 again and again"
# A sum whose increment changes each iteration is no c + it * inc: v0 is
# 3, 5, 6, 6 in C; the model once said 3, 4, ... (the differential
# oracle, seed 1004).  Refused, never approximated.
kfile vi.cu '' 'signed char v0 = 0; for (int j = 3; j >= 0; j--) { v0 += (unsigned char)(j % 4); a[v0] = 0; }'
want="vi.cu:7:107: the index of a uses 'v0'"; bad check "$tmp/vi.cu"
kfile zi.cu '' 'a[i % (n - 64)] = 0;'
want="zi.cu:7:24: a[i % (n - 64)]: has a division by zero (block 0,0 thread 0,0) at step 0"; bad show "$tmp/zi.cu"
# check refuses it as show and stats do (it once listed the kernel, said
# "outside their arrays: not known" and exited 0).
bad check "$tmp/zi.cu"

# Words from a file reach the terminal without control characters: a
# title that would set the terminal's title, an error echoing a name.
kfile esc.cu "$(printf '// warpviz: title=\033]0;owned\007')"
"$WARPVIZ" check "$tmp/esc.cu" >"$tmp/out" 2>&1
! tr -d '\n' <"$tmp/out" | grep -q '[[:cntrl:]]' &&
    grep -qF 'variant t: \x1b]0;owned\x07' "$tmp/out"
tap_ok $? "check: a title's ESC and BEL are printed as \\x1b and \\x07"
kfile escn.cu "$(printf '// warpviz: \033[2Jbogus=1')"
want='escn.cu:3:13: unknown warpviz key'; bad check "$tmp/escn.cu"
! grep -q '[[:cntrl:]]' "$tmp/err"
tap_ok $? "an error echoing a file's word has no control character"
"$WARPVIZ" list --json >/dev/null 2>&1
kfile escj.cu "$(printf '// warpviz: title=a\033b\177c\302\233d\377e')"
"$WARPVIZ" stats "$tmp/escj.cu" >"$tmp/out" 2>&1
! tr -d '\n' <"$tmp/out" | grep -q '[[:cntrl:]]'
tap_ok $? "stats: nothing raw from the file"
# A name with OSC 0 in it: JSON's own escapes, \u001b and \u0007.
sed "1s/name=t/name=t$(printf '\033')]0;x$(printf '\007')/" "$tmp/escj.cu" \
    >"$tmp/escjn.cu"
"$WARPVIZ" stats "$tmp/escjn.cu" --json >"$tmp/out" 2>&1
! tr -d '\n' <"$tmp/out" | grep -q '[[:cntrl:]]' &&
    grep -qF '"variant": "t\u001b]0;x\u0007"' "$tmp/out"
tap_ok $? "stats --json: a name's ESC and BEL as \\u001b and \\u0007"
"$WARPVIZ" show "$tmp/escj.cu" --format=svg >"$tmp/out" 2>&1
! tr -d '\n' <"$tmp/out" | grep -q '[[:cntrl:]]'
tap_ok $? "show --format=svg: no control character from the file"

printf '\357\273\277title b\nscene s\nvariant stride\nsay y\n' >"$tmp/bom.lesson"
"$WARPVIZ" show --lesson "$tmp/bom.lesson" --scene 1 >"$tmp/out" 2>&1
tap_ok $? "a UTF-8 BOM before a lesson's first line is skipped: $(head -c 60 "$tmp/out")"

# --compare=LIST works for any file: README's own example, on a copy of a
# kernel file whose own compare= partner is not beside it.
cp "$k/transpose-tile.cu" "$tmp/my.cu"
"$WARPVIZ" show "$tmp/my.cu" --compare="$k/transpose-naive.cu matmul-col" \
    >"$tmp/out" 2>"$tmp/err"
tap_ok $? "show my.cu --compare='transpose-naive.cu matmul-col' (README): $(cat "$tmp/err")"
head -1 "$tmp/out" | grep -q 'transpose-tile vs transpose-naive vs matmul-col'
tap_ok $? "and it shows the three panes"
want="dk.cu:6:51: a second kernel parameter named n"
bad show "$tmp/my.cu" --compare="$tmp/dk.cu"

tap_done
