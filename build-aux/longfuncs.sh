#!/bin/sh
# SPDX-License-Identifier: ISC
# longfuncs.sh - list the C functions longer than a limit (default 100
# lines) in the .c files under the folders or files given (default src),
# as "FILE:LINE: NAME LENGTH", and exit 1 when it lists one.
#
# It counts as the project writes C (STYLE.md, KNF as tmux writes it): a
# definition's name starts its own line at column 0, its opening brace
# stands alone at column 0 and so does its closing brace; the length runs
# from the name's line to the closing brace's.  A brace at column 0 with
# no name before it is reported too (exit 2), so that code written
# otherwise cannot hide from the count.
#
# usage: build-aux/longfuncs.sh [-n LIMIT] [-x FILE:NAME]... [PATH...]
#   -x  leave out the function NAME of the file named FILE (its base name)
limit=100
skip=
while [ $# -gt 0 ]; do
	case $1 in
	-n) limit=$2; shift 2 ;;
	-x) skip="$skip $2"; shift 2 ;;
	--) shift; break ;;
	-*) echo "usage: $0 [-n LIMIT] [-x FILE:NAME]... [PATH...]" >&2
	    exit 2 ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || set -- src
files=$(find "$@" -name '*.c' -type f | LC_ALL=C sort)
[ -n "$files" ] || exit 0
# shellcheck disable=SC2086
awk -v limit="$limit" -v skip="$skip" '
FNR == 1 { name = ""; body = 0 }
# A name at column 0 followed by "(": a definition, or a prototype that
# the ";" ending it forgets.
!body && /^[A-Za-z_][A-Za-z0-9_]*\(/ {
	name = $0; sub(/\(.*/, "", name); start = FNR; next
}
!body && name != "" && /\)[ \t]*;[ \t]*$/ { name = ""; next }
!body && /^\{/ {
	if (name == "") {
		printf "%s:%d: a brace at column 0 and no function name " \
		    "before it\n", FILENAME, FNR
		bad = 1
		next
	}
	body = 1; next
}
body && /^\}/ {
	n = FNR - start + 1
	base = FILENAME; sub(/.*\//, "", base)
	if (n > limit && index(" " skip " ", " " base ":" name " ") == 0) {
		printf "%s:%d: %s %d\n", FILENAME, start, name, n
		long = 1
	}
	body = 0; name = ""
}
END { exit bad ? 2 : long ? 1 : 0 }' $files
