#!/bin/sh
# SPDX-License-Identifier: ISC
# lesson.sh - the lessons headless: warpviz lesson --list, every scene of
# every built-in lesson rendered by show --lesson at 80x24 and 120x35 with
# its narration on screen, and the parser's FILE:LINE errors (exit 2, one
# line, nothing on stdout).  The golden frames of the first scenes are in
# tests/golden.sh.  TAP.  Needs $WARPVIZ and $srcdir (set by make check).
: "${WARPVIZ:=./warpviz}"
: "${srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-lesson.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C.UTF-8
export LC_ALL

# --list: one lesson a line, name first, the five seeds, six scenes or more.
"$WARPVIZ" lesson --list >"$tmp/list" 2>&1
tap_ok $? "lesson --list exits 0"
for l in coalescing alignment twohop guide occupancy generations local texture; do
	k=$(sed -n "s/^$l  *.* (\([0-9]*\) scenes.*)\$/\1/p" "$tmp/list")
	[ -n "$k" ] && [ "$k" -ge 6 ]
	tap_ok $? "lesson $l is listed, name first, with ${k:-no} scenes (>= 6)"
done
[ "$(wc -l <"$tmp/list")" -eq "$(ls "$srcdir"/doc/lessons/*.lesson | wc -l)" ]
tap_ok $? "one line per lesson file in doc/lessons"

# Every scene renders at both sizes, fits, and shows its narration's
# first words.
for l in coalescing alignment twohop guide occupancy generations local texture; do
	k=$(sed -n "s/^$l  *.* (\([0-9]*\) scenes.*)\$/\1/p" "$tmp/list")
	bad=
	s=1
	while [ "$s" -le "${k:-0}" ]; do
		for size in 80x24 120x35; do
			w=${size%x*}
			h=${size#*x}
			"$WARPVIZ" show --lesson "$l" --scene "$s" --size "$size" \
			    >"$tmp/f" 2>"$tmp/e"
			if [ $? -ne 0 ] || [ -s "$tmp/e" ] ||
			    [ "$(wc -l <"$tmp/f")" -gt "$h" ] ||
			    [ "$(wc -L <"$tmp/f")" -gt "$w" ] ||
			    ! grep -q "$s/$k " "$tmp/f"; then
				bad="$bad $s@$size"
			fi
		done
		s=$((s + 1))
	done
	[ -z "$bad" ]
	tap_ok $? "every scene of $l renders at 80x24 and 120x35 with its counter${bad:+ (failed:$bad)}"
done
"$WARPVIZ" show --lesson twohop --scene 2 >"$tmp/f" 2>&1
grep -q "d\[n\*k + j\] has j from threadIdx.y" "$tmp/f"
tap_ok $? "the narration replaces the variant's lesson text"
"$WARPVIZ" show --lesson alignment --scene 2 >"$tmp/f" 2>&1
grep -q "compare copy-offset vs copy-offset vs copy-offset" "$tmp/f" &&
    grep -q "Offsets 0 and 8 (a multiple of 32 bytes)" "$tmp/f"
tap_ok $? "a compare scene shows its partners and narration"
# A kernel file without a compare= line of its own, beside the scene's
# partner: the scene's list alone makes the compare (it once turned
# compare off first: "k has no variant to compare with", exit 2).
cp "$srcdir/tests/kernels/transpose-naive.cu" "$tmp/k.cu"
printf 'title t\nscene a\nvariant k.cu\ncompare stride\nsay x\n' \
    >"$tmp/kcmp.lesson"
"$WARPVIZ" show --lesson "$tmp/kcmp.lesson" --scene 1 >"$tmp/f" 2>"$tmp/e"
[ $? -eq 0 ] && [ ! -s "$tmp/e" ] &&
    head -1 "$tmp/f" | grep -q "compare transpose-naive vs stride"
tap_ok $? "a kernel file's scene compares with the scene's partner: $(cat "$tmp/e")"

# The seed files on disk are the embedded ones.
"$WARPVIZ" show --lesson "$srcdir/doc/lessons/guide.lesson" --scene 3 \
    >"$tmp/a" 2>&1 &&
    "$WARPVIZ" show --lesson guide --scene 3 >"$tmp/b" 2>&1 &&
    cmp -s "$tmp/a" "$tmp/b"
tap_ok $? "a lesson file plays as the built-in lesson of the same text"

# Optional scenes: left out when their variant is missing, kept otherwise.
printf 'title t\nscene a\nvariant stride\nsay one\nscene b\noptional\nvariant no-such-kernel\nsay two\nscene c\nvariant copy-offset\nsay three\n' >"$tmp/opt.lesson"
"$WARPVIZ" show --lesson "$tmp/opt.lesson" --scene 2 >"$tmp/f" 2>&1 &&
    grep -q "2/2 c" "$tmp/f"
tap_ok $? "an optional scene with an unknown variant is left out"

# The DRAM box (a teaching model): a coalesced stream spreads, rows 8 KB
# apart pile onto one channel; a shared step says DRAM serves global
# accesses only.
"$WARPVIZ" show stride -p stride=1 --dram >"$tmp/f" 2>&1
grep -q "DRAM channels: a teaching model" "$tmp/f" &&
    [ "$(grep -c "ch [0-7] .*  24  3/16 banks" "$tmp/f")" -eq 8 ] &&
    grep -q "100% of the 8 channels" "$tmp/f"
tap_ok $? "--dram: 48 coalesced warps put 24 sectors on each of 8 channels"
"$WARPVIZ" show matmul-row --dram >"$tmp/f" 2>&1
grep -q "ch 0 .*  768  4/16 banks" "$tmp/f" &&
    [ "$(grep -c "ch [1-7]  *0  0/16 banks" "$tmp/f")" -eq 7 ] &&
    grep -q "12% of the 8 channels" "$tmp/f"
tap_ok $? "--dram: matmul-row's rows 8 KB apart all land on channel 0"
# 16 channels: 48 warps x 128 bytes = 24 chunks of 256 bytes from a
# 256-aligned chunk 256 (= 0 mod 16): channels 0-7 get 2 chunks (16
# sectors), 8-15 one (8); busiest 16 of 192: 192 / (16 x 16) = 75%.
"$WARPVIZ" show stride -p stride=1 --dram=16,16,256 >"$tmp/f" 2>&1
[ "$(grep -Ec "ch [0-7] .*  16  2/16 banks" "$tmp/f")" -eq 8 ] &&
    [ "$(grep -Ec "ch(1[0-5]| [89]) .*   8  1/16 banks" "$tmp/f")" -eq 8 ] &&
    grep -q "75% of the 16 channels" "$tmp/f"
tap_ok $? "--dram=16,16,256: channels 0-7 carry 16 sectors, 8-15 carry 8: 75%"
for v in 3,0,1 0,16,256 8,16,100 8,16 x; do
	"$WARPVIZ" show stride --dram="$v" >"$tmp/out" 2>"$tmp/err"
	[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q -- "--dram: '$v'" "$tmp/err"
	tap_ok $? "--dram=$v: exit 2 naming --dram"
done
printf 'title t\nscene a\nvariant stride\ndram 4,8,512\nsay x\n' >"$tmp/d.lesson"
"$WARPVIZ" show --lesson "$tmp/d.lesson" >"$tmp/f" 2>&1 &&
    grep -q "4 channels x 8 banks, 512-byte interleave" "$tmp/f"
tap_ok $? "a scene's dram 4,8,512 sets the interleaving"
"$WARPVIZ" show powers-stride32 --step 1 --dram >"$tmp/f" 2>&1
grep -q "not a global access; DRAM serves" "$tmp/f"
tap_ok $? "--dram on a shared step says DRAM serves global accesses"

# Lane focus: show --lanes, and a scene's lanes.
"$WARPVIZ" show twohop-v0 --lanes 0,16 >"$tmp/f" 2>&1
grep -q "lane  0  tid 0,0  thread 0  d\[0,0\]  0x10000  sector 0x10000" "$tmp/f" &&
    grep -q "lane 16  tid 0,1  thread 16  d\[0,0\]  0x10000  sector 0x10000" "$tmp/f"
tap_ok $? "--lanes 0,16: lanes 0 and 16 of twohop-v0 share d[0,0] at 0x10000"
"$WARPVIZ" show --lesson twohop --scene 1 >"$tmp/f" 2>&1
grep -q "lanes in focus" "$tmp/f" && grep -q "^.*lane 16  tid 0,1" "$tmp/f"
tap_ok $? "a scene's lanes directive puts them in focus"
for v in 32 -1 0,,1 a; do
	"$WARPVIZ" show twohop-v0 --lanes "$v" >"$tmp/out" 2>"$tmp/err"
	[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q -- "--lanes: '$v'" "$tmp/err"
	tap_ok $? "--lanes $v: exit 2 naming --lanes"
done

# loop NAME=VALUE: from the given step, the same access at that value.
printf 'title t\nscene a\nvariant matmul-col\nstep 1\nloop k=5\nsay x\n' \
    >"$tmp/loop.lesson"
"$WARPVIZ" show --lesson "$tmp/loop.lesson" | head -1 >"$tmp/a" &&
    "$WARPVIZ" show matmul-col --step 11 | head -1 >"$tmp/b" &&
    cmp -s "$tmp/a" "$tmp/b" && grep -q "step 11/4097 (k=5)" "$tmp/a"
tap_ok $? "step 1 + loop k=5: matmul-col's N load at k=5 is step 2 x 5 + 1 = 11"

# A scene's theme: the light theme's image has a white background.
printf 'title t\nscene a\nvariant stride\ntheme light\nsay x\n' >"$tmp/t.lesson"
"$WARPVIZ" show --lesson "$tmp/t.lesson" --format=svg >"$tmp/f" 2>&1 &&
    grep -q '^<rect width="100%" height="100%" fill="#ffffff"/>' "$tmp/f" &&
    "$WARPVIZ" show stride --format=svg >"$tmp/g" 2>&1 &&
    grep -q '^<rect width="100%" height="100%" fill="#1e1e1e"/>' "$tmp/g"
tap_ok $? "theme light in a scene: a white image; dark by default"

# Mistakes: FILE:LINE: what; exit 2; one line; nothing on stdout.
bad() {	# bad LINE-NUMBER PATTERN TEXT...
	want_line=$1
	want=$2
	shift 2
	printf "$@" >"$tmp/bad.lesson"
	"$WARPVIZ" show --lesson "$tmp/bad.lesson" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] &&
	    [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    grep -q "bad.lesson:$want_line: $want" "$tmp/err"
	tap_ok $? "error at line $want_line: $want"
	[ "$rc" -eq 2 ] || tap_diag <"$tmp/err"
}
bad 3 "unknown directive 'colour'" 'title t\nscene a\ncolour red\n'
bad 3 "unknown variant 'matmul-diag'" 'title t\nscene a\nvariant matmul-diag\nsay x\n'
bad 4 "parameter 'width'" 'title t\nscene a\nvariant matmul-col\nparam width=0\nsay x\n'
bad 4 "step 9 is past the end of stride" 'title t\nscene a\nvariant stride\nstep 9\nsay x\n'
bad 4 "block 99999,0 is outside the grid" 'title t\nscene a\nvariant stride\nblock 99999\nsay x\n'
bad 4 "warp 8 is outside the block" 'title t\nscene a\nvariant stride\nwarp 8\nsay x\n'
bad 2 "scene 'a' says nothing" 'title t\nscene a\nvariant stride\n'
bad 2 "scene 'a' names no variant" 'title t\nscene a\nsay x\n'
bad 1 "'variant' before the first 'scene'" 'variant stride\n'
bad 1 "the lesson has no 'title' line" 'scene a\nvariant stride\nsay x\n'
bad 1 "the lesson has no scene" 'title t\n'
bad 4 "lanes: '0,32' is not allowed" 'title t\nscene a\nvariant stride\nlanes 0,32\nsay x\n'
bad 4 "arch: 'fermi' is not allowed" 'title t\nscene a\nvariant stride\narch fermi\nsay x\n'
bad 4 "compare: unknown compare partner 'nope'" 'title t\nscene a\nvariant stride\ncompare nope\nsay x\n'
bad 4 "loop: matmul-col has no loop 'q'" 'title t\nscene a\nvariant matmul-col\nloop q=1\nsay x\n'
bad 5 "loop: the access at step 4096, P\[Row\*Width+Col\], is not inside loop 'k'" 'title t\nscene a\nvariant matmul-col\nstep 4096\nloop k=1\nsay x\n'
bad 4 "loop: M\[Row\*Width+k\] never has k=99999" 'title t\nscene a\nvariant matmul-col\nloop k=99999\nsay x\n'
bad 4 "dram: '4,0,512' is not allowed" 'title t\nscene a\nvariant stride\ndram 4,0,512\nsay x\n'
bad 4 "theme: 'sepia' is not a theme" 'title t\nscene a\nvariant stride\ntheme sepia\nsay x\n'
bad 3 "title: once" 'title t\nscene a\ntitle u\n'

# Bad usage of the commands.
for args in "lesson" "lesson no-such-lesson" "lesson --list extra" \
    "show --lesson coalescing --scene 99" "show --lesson coalescing --scene 0" \
    "show --scene 2" "show --lesson coalescing -p width=4" \
    "show --lesson coalescing matmul-row"; do
	"$WARPVIZ" $args >"$tmp/out" 2>"$tmp/err" </dev/null
	[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
	tap_ok $? "warpviz $args: exit 2, one line"
done
"$WARPVIZ" lesson coalescing >"$tmp/out" 2>"$tmp/err" </dev/null
[ $? -eq 2 ] && grep -q "show --lesson coalescing --scene K" "$tmp/err"
tap_ok $? "lesson without a terminal points to show --lesson"

tap_done
