# SPDX-License-Identifier: ISC
# tap.sh - the one TAP helper of the shell tests: each that prints TAP
# sources it (the TUI tests through tui/lib.sh) rather than keeping an
# ok() of its own, so numbering, plan and exit status agree everywhere.
# Sourced; prints Test Anything Protocol on stdout.
#
# tap_plan N             the plan first, when the count is known
# tap_ok STATUS TEXT     one test point: "ok" when STATUS is 0
# tap_todo TEXT REASON   a known failure: "not ok ... # TODO", not counted
# tap_skip TEXT REASON   a check that cannot run here: "ok ... # SKIP"
# tap_diag               standard input as "# " comment lines
# tap_done               the plan (unless given first), exit 1 on a failure

tap_n=0
tap_failed=0
tap_planned=0

tap_plan() {
	echo "1..$1"
	tap_planned=1
}

tap_ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=1
	fi
}

tap_todo() {
	tap_n=$((tap_n + 1))
	echo "not ok $tap_n - $1 # TODO $2"
}

tap_skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

tap_diag() {
	sed 's/^/# /'
}

tap_done() {
	[ "$tap_planned" -eq 1 ] || echo "1..$tap_n"
	exit "$tap_failed"
}
