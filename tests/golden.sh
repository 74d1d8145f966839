#!/bin/sh
# SPDX-License-Identifier: ISC
# golden.sh - TAP test: the frames `warpviz show` prints, compared with the
# files in tests/golden/ by diff -u (the diff goes out as TAP diagnostics).
#
# The environment gives $WARPVIZ (the program) and $srcdir (the source
# tree); run by hand from a build directory they default to ./warpviz and
# the directory above this script.
#
# Updating the golden files is a deliberate step, then reviewed with git
# diff before committing:
#     tests/golden.sh --update        (or: make update-golden)
#
# Each case is "NAME|ARGS": tests/golden/NAME.txt holds the output of
# `warpviz show ARGS`.  A case whose NAME is followed by "!TODO text" is
# expected to fail until the model is fixed; it is reported as TODO while
# the command fails and compared normally once it works.

WARPVIZ=${WARPVIZ:-./warpviz}
srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
dir=$srcdir/tests/golden
. "$srcdir/tests/tap.sh"
update=0
[ "$1" = "--update" ] && update=1

LC_ALL=C.UTF-8
export LC_ALL
# The frames are drawn in the theme each case names, never the caller's.
unset WARPVIZ_THEME

cases='matmul-col|matmul-col --step 0
matmul-col-step1|matmul-col --step 1
matmul-row|matmul-row --step 0
matmul-tiled-step3|matmul-tiled --step 3
matmul-tiled-step4|matmul-tiled --step 4
matmul-tiled-step5|matmul-tiled --step 5
twohop-v0|twohop-v0
twohop-v1|twohop-v1 --step 1
twohop-v2|twohop-v2 --step 1
twohop-v2-edge|twohop-v2 -p n=70 --block 1,1 --step 1120
twohop-v3|twohop-v3 --step 1
twohop-v3-xx|twohop-v3 --step 24
copy-offset|copy-offset
copy-offset-0|copy-offset -p offset=0
stride|stride -p stride=8
powers-stride32|powers-stride32 --step 1
powers-transposed|powers-transposed --step 1
powers-padded|powers-padded --step 1
struct12|struct12 --step 0
struct16|struct16
double2|double2
array2d|array2d --warp 1
array2d-pitch|array2d-pitch --warp 1
const-uniform|const-uniform --step 1
const-divergent|const-divergent --step 1
local-uniform|local-uniform --step 65
local-lane|local-lane --step 65
local-lane16|local-lane16 --step 258
tex-col|tex-col
tex-col-global|tex-col-global
compare-tex-col|tex-col --compare=tex-col-global --size 120x35
legacy-copy-offset|copy-offset --arch legacy
legacy-matmul-row|matmul-row --arch legacy
legacy-stride|stride -p stride=1 --arch legacy
cc10-copy-offset|copy-offset --arch cc1.0
cc10-stride|stride -p stride=1 --arch cc1.0
cc20-copy-offset|copy-offset --arch cc2.0
cc20-matmul-row|matmul-row --arch cc2.0
compare-generations|copy-offset --compare=copy-offset@cc1.0 --size 120x35
ascii-matmul-col|matmul-col --ascii
ascii-twohop-v0-80x24|twohop-v0 --ascii --size 80x24
80x24-matmul-col|matmul-col --size 80x24
80x24-matmul-tiled|matmul-tiled --step 5 --size 80x24
80x24-const-divergent|const-divergent --step 1 --size 80x24
80x24-struct12|struct12 --step 2 --size 80x24
200x60-twohop-v0|twohop-v0 --size 200x60
partial-warp|copy-offset -p n=40 -p bs=64 --block 0 --warp 1
classroom-warp4|matmul-row -p width=4 -p bx=4 -p by=4 -p warp=4 --step 0
compare-twohop|twohop-v0 --compare --step 1
theme-dark|twohop-v0 --size 80x24 --color
theme-light|twohop-v0 --size 80x24 --color --theme light
theme-contrast|twohop-v0 --size 80x24 --color --theme contrast
theme-cbsafe|twohop-v0 --size 80x24 --color --theme cbsafe
theme-cbsafe-powers|powers-stride32 --step 1 --size 80x24 --color --theme cbsafe
compare-powers|powers-stride32 --compare --step 1
compare-matmul-80x24|matmul-col --compare --size 80x24
compare-matmul-80x24-gpu|matmul-col --compare --size 80x24 --results h100
compare-copy-offset|copy-offset --compare
dram-matmul-row|matmul-row --dram
focus-twohop-v0|twohop-v0 --lanes 0,16
focus-powers-stride32|powers-stride32 --step 1 --lanes 0,1
zoom-classroom|matmul-row -p width=4 -p bx=4 -p by=4 -p warp=4 --zoom
zoom-legacy-focus|copy-offset --arch legacy --lanes 0,16 --zoom
zoom-banks|powers-transposed --step 1 --zoom
zoom-no-room|powers-stride32 --step 1 --zoom
dram-stride-80x24|stride -p stride=1 --dram --size 80x24
lesson-coalescing-80x24|--lesson coalescing --size 80x24
lesson-coalescing-120x35|--lesson coalescing --size 120x35
lesson-alignment-80x24|--lesson alignment --size 80x24
lesson-alignment-120x35|--lesson alignment --size 120x35
lesson-twohop-80x24|--lesson twohop --size 80x24
lesson-twohop-120x35|--lesson twohop --size 120x35
lesson-guide-80x24|--lesson guide --size 80x24
lesson-guide-120x35|--lesson guide --size 120x35
lesson-occupancy-80x24|--lesson occupancy --size 80x24
lesson-occupancy-120x35|--lesson occupancy --size 120x35
lesson-generations-80x24|--lesson generations --size 80x24
lesson-generations-120x35|--lesson generations --size 120x35
lesson-local-80x24|--lesson local --size 80x24
lesson-local-120x35|--lesson local --size 120x35
lesson-texture-80x24|--lesson texture --size 80x24
lesson-texture-120x35|--lesson texture --size 120x35
theme-dark-copy-offset|copy-offset --color
theme-light-powers-stride32|powers-stride32 --step 1 --theme light --color
theme-contrast-copy-offset|copy-offset --theme contrast --color
theme-contrast-80x24-powers-transposed|powers-transposed --step 1 --size 80x24 --theme=contrast --color
theme-cbsafe-copy-offset|copy-offset --theme cbsafe --color
theme-never-matmul-row|matmul-row --theme light --color=never'

total=$(printf '%s\n' "$cases" | wc -l)
tap_plan "$total"
tmp=${TMPDIR:-/tmp}/golden.$$
trap 'rm -f "$tmp" "$tmp.diff"' EXIT INT TERM
printf '%s\n' "$cases" | {
	while IFS='|' read -r name args; do
		todo=
		case $name in
		*!TODO*)
			todo=${name#*!TODO }
			name=${name%%!TODO*}
			;;
		esac
		file=$dir/$name.txt
		# shellcheck disable=SC2086
		if ! "$WARPVIZ" show $args >"$tmp" 2>&1; then
			if [ -n "$todo" ]; then
				tap_todo "$name" "$todo"
			else
				tap_ok 1 "$name: warpviz show $args failed"
			fi
			tap_diag <"$tmp"
			continue
		fi
		if [ $update = 1 ]; then
			cp "$tmp" "$file"
			tap_ok 0 "$name # updated $file"
			continue
		fi
		if [ ! -f "$file" ]; then
			tap_ok 1 "$name: no $file (tests/golden.sh --update, then review)"
			continue
		fi
		diff -u "$file" "$tmp" >"$tmp.diff" 2>&1
		r=$?
		if [ $r -eq 0 ]; then
			tap_ok 0 "$name"
		else
			tap_ok 1 "$name: warpviz show $args differs"
			tap_diag <"$tmp.diff"
		fi
		rm -f "$tmp.diff"
	done
	tap_done
}
