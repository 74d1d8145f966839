#!/bin/sh
# SPDX-License-Identifier: ISC
# cuts.sh - nothing a lecturer points at is cut off (issue 18): every
# golden frame's command (tests/golden.sh), every scene of every lesson
# in doc/lessons, every variant with the recorded H100 results and the
# test kernels, drawn at 80x24, 120x35 and 200x60, must cut no word.
#
# A cut is what the canvas records (src/view/canvas.c) and show names on
# stderr under WARPVIZ_CUTS=1: a text stopped by its box's width or clip
# between two letters or digits of one word of the un-cut text
# ("verif|ied", "lan|es", "1|2.8"), a word wider than its box, or a
# sentence ended on "…".  The frame itself is also read: "…" right after
# a digit ("2026-11…") is a number cut, and a verdict word ("slower",
# "verified", "uncoalesced", ...) whose first letters touch a border or
# an ellipsis ("5.21x slo│") is a verdict cut.  TAP, one line per size.
# Needs $WARPVIZ and $srcdir (set by make check).
: "${WARPVIZ:=./warpviz}"
: "${srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-cuts.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C.UTF-8
export LC_ALL
unset WARPVIZ_THEME

# The frames: golden.sh's cases (NAME|ARGS, one a line) without their
# size, and every scene of every lesson file.
sed -n "s/^\(cases='\)\{0,1\}\([a-z0-9-]*\)\(!TODO[^|]*\)\{0,1\}|\(.*\)$/\4/p" \
    "$srcdir/tests/golden.sh" | sed "s/'\$//; s/--size [0-9x]*//" \
    >"$tmp/cases"
[ "$(wc -l <"$tmp/cases")" -ge 40 ]
tap_ok $? "golden.sh's cases read ($(wc -l <"$tmp/cases") frames)"
for f in "$srcdir"/doc/lessons/*.lesson; do
	n=$(grep -c '^scene' "$f")
	s=1
	while [ "$s" -le "$n" ]; do
		echo "--lesson $f --scene $s" >>"$tmp/cases"
		s=$((s + 1))
	done
done

# The GPU lines of recorded results (the H100's, in doc/): every variant
# alone and beside its partners, as the lecture screen shows them with
# --results and no GPU.
"$WARPVIZ" list | sed -n 's/^  \([a-z][a-z0-9-]*\)  .*/\1/p' >"$tmp/variants"
[ "$(wc -l <"$tmp/variants")" -ge 15 ]
tap_ok $? "warpviz list names the variants ($(wc -l <"$tmp/variants"))"
while read -r v; do
	echo "$v --results $srcdir/doc/results-h100.json" >>"$tmp/cases"
	echo "$v --compare --results $srcdir/doc/results-h100.json" \
	    >>"$tmp/cases"
done <"$tmp/variants"

# The test kernels as a user's file shows: long array names, out of
# bounds lanes, shared tiles (one that the model refuses is skipped).
# A kernel whose n cannot be 64 is walked at step 1 of its defaults
# (a frame that does not draw is skipped below, so it would go unseen).
for f in "$srcdir"/tests/kernels/*.cu; do
	echo "$f" >>"$tmp/cases"
	if "$WARPVIZ" check "$f" -p n=64 >/dev/null 2>&1; then
		echo "$f -p n=64 --step 1" >>"$tmp/cases"
	else
		echo "$f --step 1" >>"$tmp/cases"
	fi
done

# The first letters of verdict words, as a cut one would leave them: a
# prefix of 3 letters or more followed by a border or an ellipsis.
verdicts='slower faster verified coalesced uncoalesced broadcast split
conflict conflicts wavefronts sectors'
pat=
for v in $verdicts; do
	i=3
	while [ "$i" -lt "${#v}" ]; do
		p=$(printf '%s' "$v" | cut -c1-"$i")
		pat="$pat${pat:+|}[^a-z]$p[│┐┘┤…|~]"
		i=$((i + 1))
	done
done

for size in 80x24 120x35 200x60; do
	bad=0
	: >"$tmp/report"
	while read -r args; do
		# shellcheck disable=SC2086
		WARPVIZ_CUTS=1 "$WARPVIZ" show $args --size "$size" \
		    >"$tmp/f" 2>"$tmp/e"
		if [ $? -ne 0 ]; then
			# A frame that cannot be drawn at this size (an
			# optional kernel): cli.sh and lesson.sh judge those.
			continue
		fi
		grep -n '[0-9]…' "$tmp/f" | sed 's/^/number cut: /' >>"$tmp/e"
		grep -nE "$pat" "$tmp/f" | sed 's/^/verdict cut: /' >>"$tmp/e"
		if [ -s "$tmp/e" ]; then
			bad=$((bad + 1))
			{
				echo "show $args --size $size:"
				sed 's/^/    /' "$tmp/e"
			} >>"$tmp/report"
		fi
	done <"$tmp/cases"
	[ "$bad" -eq 0 ]
	tap_ok $? "no word cut at $size in $(wc -l <"$tmp/cases") frames${bad:+ ($bad cut)}"
	[ "$bad" -eq 0 ] || tap_diag <"$tmp/report"
done

# Beside its partners with the GPU lines under the verdict, where rows are
# fewest, each column's memory shows at least one row of its lanes (a
# line of sectors, a segment, a texel row, the banks' words, a constant
# address), not only its heading and "... 16 more lines" (issue 18).  A
# column is cw = (W - (n - 1)) / n characters from n * (cw + 1); its
# memory is the rows under its "── memory" rule up to "── counts", of
# which the first is the heading (ruler, "bank", "half size address").
# The lesson scenes that compare are held to it too, but for those that
# ask first (their memory is hidden until the answer).
lanes_rows() {	# FILE N W: "pane K" for each column without a lane row
	cw=$((($3 - ($2 - 1)) / $2))
	i=0
	while [ "$i" -lt "$2" ]; do
		sed "s/^.\{$((i * (cw + 1)))\}//; s/^\(.\{$cw\}\).*/\1/" "$1" |
		    awk '/── counts/ { exit } m == 2 && !/^ *$/ &&
			!/^ *\.\.\. / { ok = 1 } m == 1 { m = 2 }
			/^ ?── memory/ { m = 1 } END { exit !ok }' ||
		    echo "pane $((i + 1))"
		i=$((i + 1))
	done
}
: >"$tmp/lanes"
while read -r v; do
	echo "$v --compare --results $srcdir/doc/results-h100.json"
done <"$tmp/variants" >"$tmp/lanes"
grep '^--lesson' "$tmp/cases" >>"$tmp/lanes"
for size in 80x24 120x35 200x60; do
	bad=0
	n=0
	: >"$tmp/report"
	while read -r args; do
		# shellcheck disable=SC2086
		"$WARPVIZ" show $args --size "$size" >"$tmp/f" 2>/dev/null ||
		    continue
		head -1 "$tmp/f" | grep -q '^ compare ' || continue
		! grep -q 'hidden: predict first' "$tmp/f" || continue
		n=$((n + 1))
		k=$(($(head -1 "$tmp/f" | grep -o ' vs ' | wc -l) + 1))
		lanes_rows "$tmp/f" "$k" "${size%x*}" >"$tmp/e"
		if [ -s "$tmp/e" ]; then
			bad=$((bad + 1))
			echo "show $args --size $size: $(tr '\n' ' ' <"$tmp/e")" \
			    >>"$tmp/report"
		fi
	done <"$tmp/lanes"
	[ "$bad" -eq 0 ] && [ "$n" -ge 20 ]
	tap_ok $? "each compare column's memory shows its lanes at $size ($n frames${bad:+, $bad without})"
	[ "$bad" -eq 0 ] || tap_diag <"$tmp/report"
done
tap_done
