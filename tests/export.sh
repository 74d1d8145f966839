#!/bin/sh
# SPDX-License-Identifier: ISC
# export.sh - show --format=txt|ans|svg: txt and ans are today's plain and
# --color frames; svg is one well-formed XML document whose text is the
# frame's text, pinned by a golden image of one small frame.  TAP on
# stdout.  Needs $WARPVIZ and $srcdir (set by make check); uses $XMLLINT
# (or xmllint on PATH) when present, else a structural check.
: "${WARPVIZ:=./warpviz}"
: "${srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-export.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C.UTF-8
export LC_ALL

# well_formed FILE: xmllint when there is one, else a structural check.
well_formed() {
	if command -v "${XMLLINT:-xmllint}" >/dev/null 2>&1; then
		"${XMLLINT:-xmllint}" --noout "$1" 2>/dev/null
		return
	fi
	# Each line is one known element; text content holds no '<' and no
	# '&' but the three entities.
	awk '
	    /^<\?xml [^<>]*\?>$/ || /^<g [^<>]*>$/ || /^<\/g>$/ { next }
	    /^<svg [^<>]*>$/ { svg++; next }
	    /^<\/svg>$/ { esvg++; next }
	    /^<rect [^<>]*\/>$/ { next }
	    /^<text [^<>]*>.*<\/text>$/ {
		s = $0; sub(/^<text [^<>]*>/, "", s); sub(/<\/text>$/, "", s)
		gsub(/&(amp|lt|gt);/, "", s)
		if (s ~ /[<&]/) bad++
		next
	    }
	    { bad++ }
	    END { exit !(svg == 1 && esvg == 1 && !bad) }' "$1"
}

args="twohop-v1 --size 80x24 --step 1"
"$WARPVIZ" show $args >"$tmp/plain" 2>&1
"$WARPVIZ" show $args --format=txt >"$tmp/txt" 2>&1
tap_ok $? "--format=txt exits 0"
cmp -s "$tmp/plain" "$tmp/txt"; tap_ok $? "--format=txt is the plain frame"
"$WARPVIZ" show $args --color >"$tmp/color" 2>&1
"$WARPVIZ" show $args --format ans >"$tmp/ans" 2>&1
cmp -s "$tmp/color" "$tmp/ans"; tap_ok $? "--format ans is the --color frame"
"$WARPVIZ" show $args --format=svg >"$tmp/svg" 2>"$tmp/err"
tap_ok $? "--format=svg exits 0"
[ ! -s "$tmp/err" ]; tap_ok $? "--format=svg: nothing on stderr"
well_formed "$tmp/svg"; tap_ok $? "--format=svg is well-formed XML"
[ "$(grep -c '^<svg xmlns="http://www.w3.org/2000/svg" width="720" height="432"' "$tmp/svg")" -eq 1 ]
tap_ok $? "80x24 cells of 9x18 pixels make a 720x432 image"
# Every text line of the frame appears in the image, unescaped.
sed -n 's/^<text [^>]*>\(.*\)<\/text>$/\1/p' "$tmp/svg" |
    sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&amp;/\&/g' >"$tmp/runs"
grep -q 'float y =' "$tmp/runs" && grep -q '^d\[n\*k + j\]$' "$tmp/runs" &&
    grep -q '▶' "$tmp/runs"
tap_ok $? "the image holds the frame's text, the access as its own run"
"$WARPVIZ" show twohop-v0 --format=svg >"$tmp/v0" 2>&1
grep -q 'k &lt; n' "$tmp/v0" && ! grep -q 'k < n' "$tmp/v0"
tap_ok $? "'<' in the source is escaped as &lt;"
# No run outside the grid: every x + textLength <= 720, y < 432.
awk -F'"' '/^<text / { if ($2 + $6 > 720 || $4 > 432) bad++ }
    END { exit bad > 0 }' "$tmp/svg"
tap_ok $? "every run lies inside the 80x24 grid"
# No run starts or ends with a blank or holds two in a row: Chromium
# ignores xml:space, collapses them, and textLength then stretched the
# rest of the run over the blanks' cells (glyphs three times as wide).
! grep -Eq '^<text [^>]*>( |.*  |.* </text>$)' "$tmp/svg" &&
    ! grep -Eq '^<text [^>]*>( |.*  |.* </text>$)' "$tmp/v0"
tap_ok $? "no run of text starts or ends with a blank, or holds two"
diff -u "$srcdir/tests/golden/svg-twohop-v1-80x24.svg" "$tmp/svg" \
    >"$tmp/diff" 2>&1
r=$?
tap_diag <"$tmp/diff"
tap_ok $r "golden image svg-twohop-v1-80x24.svg"
"$WARPVIZ" show twohop-v1 --format=svg --compare >"$tmp/cmp" 2>&1 &&
    well_formed "$tmp/cmp"
tap_ok $? "--format=svg --compare is well-formed too"

# Bad formats: exit 2, one line naming --format, nothing on stdout.
for f in --format=png --format=; do
	"$WARPVIZ" show twohop-v1 "$f" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    [ ! -s "$tmp/out" ] && grep -q -- '--format' "$tmp/err"
	tap_ok $? "show $f: exit 2 with one line"
done
"$WARPVIZ" show twohop-v1 --format >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'needs a value' "$tmp/err"
tap_ok $? "show --format without a value: exit 2"

tap_done
