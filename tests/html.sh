#!/bin/sh
# SPDX-License-Identifier: ISC
# html.sh - warpviz lesson NAME --html: one self-contained page per
# lesson.  Headless: each scene's frame is the SVG that show --lesson
# --scene K --format=svg prints, with its narration; nothing in the page
# names anything to fetch; text from a lesson file is escaped; bad usage
# is one line and exit 2.  In a browser: headless Chromium (Debian's
# chromium) loads the page and real key presses step through the scenes
# (tests/html-browser.py); without chromium or python3 those points are
# skipped and say why.  TAP.  Needs $WARPVIZ and $srcdir.
: "${WARPVIZ:=./warpviz}"
: "${srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-html.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C.UTF-8
export LC_ALL

"$WARPVIZ" lesson --list >"$tmp/list" 2>&1 || exit 99
lessons=$(sed 's/ .*//' "$tmp/list")

# Every built-in lesson: a page with one section per scene, each holding
# exactly the frame show draws for that scene, and its narration.  A
# scene that asks (an ask line; "faster" from the shipped H100 times, as
# show asks it) shows it as show --lesson does, asking (the numbers
# hidden, the question in the narration's place), then after its button
# a second frame: the answer, which show never prints.
svg_of() {	# svg_of PAGE K I: the I-th frame (from 1) of scene K
	awk -v k="$2" -v i="$3" '/^<section class="scene"/ { in_s = index($0,
	    "id=\"scene-" k "\"") > 0; j = 0 } in_s && /^<svg / { j++ }
	    in_s && j == i' "$1" | sed '/^<\/svg>$/q'
}
for l in $lessons; do
	n=$(sed -n "s/^$l  *.* (\([0-9]*\) scenes.*)\$/\1/p" "$tmp/list")
	asks=" $(awk '/^scene /{k++} /^ask /{print k}' \
	    "$srcdir/doc/lessons/$l.lesson" | tr '\n' ' ')"
	na=$(echo $asks | wc -w)
	"$WARPVIZ" lesson "$l" --html >"$tmp/$l.html" 2>"$tmp/err"
	[ $? -eq 0 ] && [ ! -s "$tmp/err" ] &&
	    [ "$(grep -c '^<section class="scene"' "$tmp/$l.html")" -eq "$n" ] &&
	    [ "$(grep -c '^<svg ' "$tmp/$l.html")" -eq $((n + na)) ] &&
	    [ "$(grep -c '^</svg>$' "$tmp/$l.html")" -eq $((n + na)) ] &&
	    [ "$(grep -c '^<section [^>]*data-ask="1"' "$tmp/$l.html")" -eq "$na" ] &&
	    [ "$(grep -c '<button type="button" class="reveal"' "$tmp/$l.html")" -eq "$na" ]
	tap_ok $? "lesson $l --html: $n sections, one SVG frame each, and an answer's frame and button for each of the $na asking"
	bad=
	k=1
	while [ "$k" -le "${n:-0}" ]; do
		"$WARPVIZ" show --lesson "$l" --scene "$k" --format=svg |
		    sed 1d >"$tmp/want"
		svg_of "$tmp/$l.html" "$k" 1 >"$tmp/got"
		svg_of "$tmp/$l.html" "$k" 2 >"$tmp/answer"
		cmp -s "$tmp/want" "$tmp/got" || bad="$bad $k"
		case $asks in
		*" $k "*)
			grep -q '(predict first)' "$tmp/got" &&
			    ! grep -q 'Answer: ' "$tmp/got" &&
			    grep -q '(the answer)' "$tmp/answer" &&
			    grep -q 'Answer: [^<]*, because ' "$tmp/answer" &&
			    ! grep -q '(predict first)' "$tmp/answer" ||
			    bad="$bad $k(answer)" ;;
		*) [ ! -s "$tmp/answer" ] || bad="$bad $k(two frames)" ;;
		esac
		k=$((k + 1))
	done
	tap_ok "$([ -z "$bad" ]; echo $?)" \
	    "lesson $l: each scene's first frame is show --lesson's, asking ones answered after${bad:+ (not:$bad)}"
done

# The narration is text too, escaped: the guide's first scene's first
# words, and the title in <title> and <h1>.
l=coalescing
say=$(sed -n '/^say /{s/^say //p;q}' "$srcdir/doc/lessons/$l.lesson" |
    cut -c1-40 | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g')
title=$(sed -n 's/^title //p' "$srcdir/doc/lessons/$l.lesson")
grep -qF "<figcaption>$say" "$tmp/$l.html" &&
    grep -qF "<title>$title</title>" "$tmp/$l.html" &&
    grep -qF "<h1>$title</h1>" "$tmp/$l.html"
tap_ok $? "the narration is text under the frame, the title in <title> and <h1>"

# Self-contained: no element or style fetches anything.  The one URL is
# the SVG namespace (a name, never fetched).
for l in $lessons; do
	grep -Eiq '<(link|iframe|img|object|embed|audio|video|source)\b|src=|href=|url\(|@import|@font-face' \
	    "$tmp/$l.html" ||
	    ! grep -Eo 'https?://[^"]*' "$tmp/$l.html" |
	    grep -vqx 'http://www.w3.org/2000/svg'
	tap_ok $? "lesson $l --html names nothing to fetch"
done
grep -q '^<script>$' "$tmp/coalescing.html" &&
    [ "$(grep -c '<script' "$tmp/coalescing.html")" -eq 1 ]
tap_ok $? "one script, inline"

# A lesson file: its title and narration escaped, never markup.
cat >"$tmp/evil.lesson" <<'EOF'
title <script>alert(1)</script> & "x"
scene one <b>bold</b>
variant stride
say a < b && c > d, "quoted"
scene two
variant copy-offset
say second
EOF
"$WARPVIZ" lesson "$tmp/evil.lesson" --html >"$tmp/evil.html" 2>"$tmp/err"
[ $? -eq 0 ] &&
    grep -qF '<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;</title>' "$tmp/evil.html" &&
    grep -qF '1/2 one &lt;b&gt;bold&lt;/b&gt;</h2>' "$tmp/evil.html" &&
    grep -qF '<figcaption>a &lt; b &amp;&amp; c &gt; d, &quot;quoted&quot;</figcaption>' "$tmp/evil.html" &&
    ! grep -q 'alert(1)</script>\|<b>bold' "$tmp/evil.html"
tap_ok $? "a lesson file's title, scene titles and narration are escaped"

# --size and --scene: 80x24 cells of 9x18 pixels; the page opens on K.
"$WARPVIZ" lesson "$tmp/evil.lesson" --html --size 80x24 --scene 2 \
    >"$tmp/small.html" 2>&1 &&
    [ "$(grep -c '^<svg xmlns="http://www.w3.org/2000/svg" width="720" height="432"' "$tmp/small.html")" -eq 2 ] &&
    grep -q '<body [^>]*data-start="2"' "$tmp/small.html"
tap_ok $? "--size 80x24 gives 720x432 frames, --scene 2 opens on scene 2"

# The page's colours follow the theme the lesson starts in.
"$WARPVIZ" lesson "$tmp/evil.lesson" --html --theme light >"$tmp/light.html" &&
    grep -q -- '--bg:#f4f4f4' "$tmp/light.html" &&
    grep -q -- '--bg:#161616' "$tmp/evil.html" &&
    grep -q '<rect width="100%" height="100%" fill="#ffffff"/>' "$tmp/light.html"
tap_ok $? "--theme light: a light page around light frames"

# Bad usage: exit 2, one line naming the problem, nothing on stdout.
bad() {
	"$WARPVIZ" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    [ ! -s "$tmp/out" ]
	tap_ok $? "warpviz $*: exit 2 ($rc), one line, nothing on stdout: $(cat "$tmp/err")"
}
bad lesson --list --html
bad lesson coalescing --size 80x24
bad lesson coalescing --html --frames 3
bad lesson coalescing --html --scene 9
bad lesson no-such-lesson --html
bad lesson coalescing --html --size 20x5x

# In a real browser.  CHROMIUM names one; else Debian's chromium or the
# other usual names.
chromium=${CHROMIUM:-}
why="no chromium (apt-get install chromium, or build-aux/install-deps.sh --optional)"
if [ -n "$chromium" ] && ! command -v "$chromium" >/dev/null 2>&1; then
	why="CHROMIUM=$chromium is not a command"
	chromium=
elif [ -z "$chromium" ]; then
	for c in chromium chromium-browser google-chrome-stable google-chrome; do
		if command -v "$c" >/dev/null 2>&1; then
			chromium=$c
			break
		fi
	done
fi
command -v python3 >/dev/null 2>&1 || { chromium=; why="no python3"; }
if [ -z "$chromium" ]; then
	tap_skip "in Chromium: the page loads showing scene 1" "$why"
	tap_skip "in Chromium: the right arrow key shows scene 2" "$why"
	tap_done
fi
n=$(sed -n 's/^coalescing  *.* (\([0-9]*\) scenes.*)$/\1/p' "$tmp/list")
asks=$(awk '/^scene /{k++} /^ask /{print k}' \
    "$srcdir/doc/lessons/coalescing.lesson" | tr '\n' ',')
python3 "$srcdir/tests/html-browser.py" "$chromium" "$tmp/coalescing.html" \
    "$n" "$asks" >"$tmp/browser" 2>&1
rc=$?
grep '^#' "$tmp/browser"
[ "$rc" -eq 0 ]
tap_ok $? "$chromium could be driven (exit $rc)"
while read -r verdict rest; do
	case $verdict in
	ok) tap_ok 0 "in $chromium: $rest" ;;
	not) tap_ok 1 "in $chromium: ${rest#ok }" ;;
	esac
done <"$tmp/browser"
tap_done
