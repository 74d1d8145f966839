#!/bin/sh
# SPDX-License-Identifier: ISC
# longfuncs.sh - the floor STYLE.md sets: no C function under src/ longer
# than 100 lines (build-aux/longfuncs.sh counts from a function's name to
# its closing brace).  First the counter is held to hand-made functions
# of known length, so that the floor cannot pass by counting wrong.  TAP.
: "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
count=$srcdir/build-aux/longfuncs.sh
tmp=${TMPDIR:-/tmp}/wv-long.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# fn NAME BODYLINES: a definition of 1 (type) + 1 (name) + 1 ({) +
# BODYLINES + 1 (}) lines; its length, name to brace, is BODYLINES + 3.
fn() {
	printf 'static int\n%s(int a,\n    int b)\n{\n' "$1"
	i=0
	while [ "$i" -lt "$2" ]; do
		printf '\ta += b;\n'
		i=$((i + 1))
	done
	printf '}\n\n'
}
{
	printf 'static int\tproto(int);\n'
	printf 'static const int table[] = {\n\t1,\n};\n\n'
	fn short 96	# lines 6-107: name at 7, brace at 106: 100
	fn long 97	# lines 108-210: name at 109, brace at 209: 101
} >"$tmp/a.c"
out=$("$count" "$tmp")
rc=$?
[ $rc -eq 1 ] && [ "$out" = "$tmp/a.c:109: long 101" ] || {
	printf '%s\n' "$out (exit $rc)" | tap_diag
	false
}
tap_ok $? "a 101-line function is listed with its length, a 100-line one is not"
out=$("$count" -n 101 "$tmp")
tap_ok $? "nothing over 101 lines (exit 0, '$out')"
"$count" -x a.c:long "$tmp" >/dev/null
tap_ok $? "-x a.c:long leaves it out"

printf 'int x;\n{\n}\n' >"$tmp/b.c"
"$count" "$tmp/b.c" >"$tmp/out"
[ $? -eq 2 ] && grep -q "b.c:2: a brace at column 0" "$tmp/out"
tap_ok $? "a brace at column 0 with no function name is reported (exit 2)"

# The floor: no function under src/ past 100 lines, none exempted (the
# eleven that grew past it when nine branches merged at once are split
# by what they decide, issue 16 section 5).
"$count" "$srcdir/src" >"$tmp/out"
rc=$?
[ $rc -ne 0 ] && tap_diag <"$tmp/out"
tap_ok $rc "no C function under src/ longer than 100 lines"
tap_done
