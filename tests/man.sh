#!/bin/sh
# SPDX-License-Identifier: ISC
# man.sh - doc/warpviz.1 is the reference: it must name every variant,
# every parameter, every sub-command, every option of every command and
# every key of --keys, and pass mandoc -Tlint when mandoc is installed.  TAP.
: "${WARPVIZ:=./warpviz}" "${srcdir:=.}"
page="$srcdir/doc/warpviz.1"
. "$srcdir/tests/tap.sh"
[ -r "$page" ] || { echo "1..0 # SKIP no $page"; exit 0; }

if [ -n "$MANDOC" ] && [ -x "$MANDOC" ] || command -v mandoc >/dev/null 2>&1; then
	lint=$(${MANDOC:-mandoc} -Tlint -W warning "$page" 2>&1)
	[ -z "$lint" ]; tap_ok $? "mandoc -Tlint is clean${lint:+: $lint}"
fi

# Variants and their parameters: ".It Cm NAME" in the page.
for v in $("$WARPVIZ" list --json | sed -n 's/^.*{"name": "\([^"]*\)", "family".*$/\1/p'); do
	grep -q "^\.It Cm $v\$" "$page"; tap_ok $? "variant $v is documented"
done
for p in $("$WARPVIZ" list --json | grep -o '{"name": "[a-z]*", "min"' | sed 's/{"name": "\([a-z]*\)".*/\1/' | sort -u); do
	grep -q "^\.It Cm $p\$\|^\.Cm $p\$\|^\.Cm $p " "$page"
	tap_ok $? "parameter $p is documented"
done
# Sub-commands.
for c in list show lesson trace stats check bench counters gpu occupancy; do
	grep -q "^\.It Cm $c\b" "$page"; tap_ok $? "command $c is documented"
done
# Every option --help names: --long as "Fl \-long", -x as "Fl x".
for o in $("$WARPVIZ" --help | grep -o -- '--[a-z][a-z-]*\|^ *-[a-zA-Z]\b\| -[a-zA-Z] ' | tr -d ' ' | sort -u); do
	case "$o" in
	--*) pat="Fl \\\\-$(echo "${o#--}" | sed 's/-/\\\\-/g')" ;;
	*) pat="Fl ${o#-}" ;;
	esac
	grep -q -- "$pat" "$page"; tap_ok $? "option $o is documented"
done
# Every long option of every command (warpviz list --complete, as the
# shell completions see them), not only those of --help.  --bench-frames
# is the frame benchmark of make bench-frame, not an option for users.
for c in $("$WARPVIZ" list --complete commands) tui; do
	"$WARPVIZ" list --complete "options=$c" | cut -f1
done | sort -u >"${TMPDIR:-/tmp}/wv-opts.$$"
[ -s "${TMPDIR:-/tmp}/wv-opts.$$" ]
tap_ok $? "list --complete names the commands' options"
while IFS= read -r o; do
	case $o in
	-p|--bench-frames) continue ;;
	esac
	pat="Fl \\\\-$(echo "${o#--}" | sed 's/-/\\\\-/g')"
	grep -q -- "$pat" "$page"
	tap_ok $? "option $o (of some command) is documented"
done <"${TMPDIR:-/tmp}/wv-opts.$$"
rm -f "${TMPDIR:-/tmp}/wv-opts.$$"
# Keys, when the TUI can list them.
if keys=$("$WARPVIZ" --keys 2>/dev/null) && [ -n "$keys" ]; then
	echo "$keys" | cut -f1 | while IFS= read -r k; do
		[ -n "$k" ] || continue
		printf '%s\n' "$k"
	done >"${TMPDIR:-/tmp}/wv-keys.$$"
	sed 's/\\&//g; s/\\-/-/g' "$page" >"${TMPDIR:-/tmp}/wv-page.$$"
	while IFS= read -r k; do
		esc=$(printf '%s' "$k" | sed 's/[][\.*^$/]/\\&/g')
		grep -q "^\.It Ic $esc\$\|^\.It Ic $esc \|^\.It Ic .* $esc\$\|^\.It Ic .* $esc " \
		    "${TMPDIR:-/tmp}/wv-page.$$"
		tap_ok $? "key $k is documented"
	done <"${TMPDIR:-/tmp}/wv-keys.$$"
	rm -f "${TMPDIR:-/tmp}/wv-keys.$$" "${TMPDIR:-/tmp}/wv-page.$$"
fi
tap_done
