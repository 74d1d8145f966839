#!/bin/sh
# SPDX-License-Identifier: ISC
# output.sh - what every face writes is the same in every locale, and a
# write error on stdout is an error.  TAP.
#
# Locale: fi_FI.UTF-8 writes decimals with a comma; where the system has
# no such locale it is made with localedef into a temporary LOCPATH.  Each
# face must print byte for byte what it prints under C.UTF-8, and
# --results must read the shipped record.
# Write errors: list, show, stats, trace, bench, gpu, --help and --version
# into /dev/full and into a closed stdout exit non-zero with one line.
: "${WARPVIZ:=./warpviz}"
: "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-output.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
export WARPVIZ_GPU=off

# --- the locale ---
loc=fi_FI.UTF-8
comma=
if [ "$(LC_ALL=$loc locale -k decimal_point 2>/dev/null)" = 'decimal_point=","' ]; then
	comma=system
elif command -v localedef >/dev/null 2>&1 &&
    localedef -i fi_FI -f UTF-8 "$tmp/$loc" >/dev/null 2>&1 &&
    [ "$(LOCPATH=$tmp LC_ALL=$loc locale -k decimal_point 2>/dev/null)" = 'decimal_point=","' ]; then
	comma=localedef
	LOCPATH=$tmp
	export LOCPATH
fi

faces='list
list --json
show matmul-col
show twohop-v0 --compare --size 200x60
show copy-offset -p offset=3 --color
stats matmul-col
stats matmul-col --json
stats powers-stride32
stats const-divergent --json
trace copy-offset --steps 0:1
gpu'
if [ -z "$comma" ]; then
	tap_skip "the faces under $loc as under C.UTF-8" \
	    "no $loc locale and localedef cannot make one"
else
	echo "# $loc from $comma; decimal point: $(LC_ALL=$loc locale -k decimal_point)"
	echo "$faces" | while read -r args; do
		# shellcheck disable=SC2086
		LC_ALL=C.UTF-8 "$WARPVIZ" $args >"$tmp/c.out" 2>&1
		# shellcheck disable=SC2086
		LC_ALL=$loc "$WARPVIZ" $args >"$tmp/fi.out" 2>&1
		if cmp -s "$tmp/c.out" "$tmp/fi.out"; then
			echo "ok - $args"
		else
			echo "not ok - $args"
			diff "$tmp/c.out" "$tmp/fi.out" | head -4 | sed 's/^/# /'
		fi
	done >"$tmp/faces"
	while read -r line; do
		case $line in
		"ok - "*) tap_ok 0 "under $loc as under C.UTF-8: ${line#ok - }" ;;
		"not ok - "*) tap_ok 1 "under $loc as under C.UTF-8: ${line#not ok - }" ;;
		*) echo "$line" ;;
		esac
	done <"$tmp/faces"
	LC_ALL=$loc "$WARPVIZ" stats matmul-col --json >"$tmp/json"
	grep -q '"sectors_per_request": 2.0000' "$tmp/json"
	tap_ok $? "stats --json under $loc writes 2.0000, not 2,0000"
	if command -v python3 >/dev/null 2>&1; then
		python3 -c 'import json, sys; json.load(sys.stdin)' <"$tmp/json" 2>"$tmp/perr"
		tap_ok $? "stats --json under $loc is JSON"
	fi
	LC_ALL=$loc "$WARPVIZ" --results "$srcdir/doc/results-h100.json" \
	    --bench-frames 1 >"$tmp/out" 2>"$tmp/err"
	rc=$?
	tap_ok $rc "--results reads doc/results-h100.json under $loc (rc $rc: $(cat "$tmp/err"))"
	grep -q 'median [0-9]*\.[0-9]* ms' "$tmp/out"
	tap_ok $? "--bench-frames prints '.' decimals under $loc: $(cat "$tmp/out")"
	LC_ALL=$loc "$WARPVIZ" --results "$srcdir/tests/gpu/refuse/ms-comma.json" \
	    </dev/null >/dev/null 2>"$tmp/err"
	rc=$?
	[ $rc -eq 2 ]
	tap_ok $? "a comma decimal in --results is refused under $loc too (rc $rc)"
fi

# --- write errors ---
cmds='list
list --json
show matmul-col
stats matmul-col
stats matmul-col --json
trace matmul-col
bench --help
--help
show --help
--version
gpu
--keys'
# werr REDIR ARGS...: the command must exit non-zero with one line that
# says it could not write.
werr() {
	how=$1
	shift
	case $how in
	full) "$WARPVIZ" "$@" >/dev/full 2>"$tmp/err" ;;
	closed) "$WARPVIZ" "$@" >&- 2>"$tmp/err" ;;
	esac
	rc=$?
	[ $rc -ne 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    grep -q '^warpviz: write error on standard output' "$tmp/err"
	tap_ok $? "$* into $how stdout: rc $rc, $(cat "$tmp/err")"
}
# Both branches read the list from a file: a while loop fed by a pipe
# would run in a subshell and its test points would not count.
echo "$cmds" >"$tmp/cmds"
if [ -w /dev/full ]; then
	while read -r args; do
		# shellcheck disable=SC2086
		werr full $args
		# shellcheck disable=SC2086
		werr closed $args
	done <"$tmp/cmds"
else
	tap_skip "write errors into /dev/full" "no /dev/full"
	while read -r args; do
		# shellcheck disable=SC2086
		werr closed $args
	done <"$tmp/cmds"
fi
# bench without a GPU writes nothing to stdout: its own error, one line.
"$WARPVIZ" bench >/dev/full 2>"$tmp/err"
rc=$?
[ $rc -eq 3 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
tap_ok $? "bench into /dev/full without a GPU: rc $rc, one line"
# A closed stdout that nothing was written to is no error (as GNU).
"$WARPVIZ" show matmul-col --step 99999999 >&- 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
tap_ok $? "a usage error with stdout closed is still one line, rc 2 (rc $rc)"
"$WARPVIZ" list >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/err" ]
tap_ok $? "list into a file: rc 0, nothing on stderr"

tap_done
