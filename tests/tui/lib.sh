# SPDX-License-Identifier: ISC
# lib.sh - helpers for the TUI tests: each test runs the real warpviz in a
# detached tmux on a private socket at a fixed size, sends keys and polls
# capture-pane until what it waits for shows up (no fixed sleeps).
# Sourced by tests/tui/*.tap; they print TAP.  Skips (77) without tmux.
#
# Environment: WARPVIZ (the binary), TMUX_BIN (tmux), WV_TIMEOUT (seconds
# to wait for a screen, default 10; raise it under sanitizers).

. "${srcdir:-.}/tests/tap.sh"
TMUX_BIN=${TMUX_BIN:-$(command -v tmux 2>/dev/null)}
if [ -z "$TMUX_BIN" ] || ! [ -x "$TMUX_BIN" ]; then
	echo "1..0 # SKIP tmux not found"
	exit 77
fi
if [ -z "$WARPVIZ" ] || ! [ -x "$WARPVIZ" ]; then
	echo "Bail out! WARPVIZ is not set to the warpviz binary"
	exit 1
fi
WV_TIMEOUT=${WV_TIMEOUT:-10}
# The tests name the theme they want; the caller's is not inherited.
unset WARPVIZ_THEME
wv_nsess=0
TMUX="$TMUX_BIN -L wvtest$$.0 -f /dev/null"
WV_TMP=$(mktemp -d "${TMPDIR:-/tmp}/wvtui.XXXXXX")

wv_cleanup() {
	$TMUX kill-server >/dev/null 2>&1
	rm -rf "$WV_TMP"
}
trap wv_cleanup EXIT
trap 'exit 1' INT TERM HUP

# wv_start W H CMD: a fresh session running CMD under sh; the shell then
# prints "EXITED status" and waits, so the pane stays for inspection.
wv_start() {
	$TMUX kill-server >/dev/null 2>&1
	wv_nsess=$((wv_nsess + 1))
	TMUX="$TMUX_BIN -L wvtest$$.$wv_nsess -f /dev/null"
	$TMUX new-session -d -x "$1" -y "$2" \
	    "env TERM=xterm-256color LC_ALL=${LC_ALL:-C.UTF-8} sh -c 'trap : INT QUIT; $3; echo EXITED \$?; exec cat'" ||
	    return 1
	$TMUX set-option -g status off >/dev/null
}

# wv_cap: the screen as text; wv_cap_e: with SGR escapes.
wv_cap() {
	$TMUX capture-pane -p 2>/dev/null
}
wv_cap_e() {
	$TMUX capture-pane -e -p 2>/dev/null
}

# wv_wait REGEX: poll until the screen matches (extended regex); 0 or 1.
wv_wait() {
	wv_t=0
	while [ "$wv_t" -lt $((WV_TIMEOUT * 20)) ]; do
		if wv_cap | grep -Eq -- "$1"; then
			return 0
		fi
		sleep 0.05
		wv_t=$((wv_t + 1))
	done
	return 1
}

# wv_wait_not REGEX: poll until the screen no longer matches.
wv_wait_not() {
	wv_t=0
	while [ "$wv_t" -lt $((WV_TIMEOUT * 20)) ]; do
		if ! wv_cap | grep -Eq -- "$1"; then
			return 0
		fi
		sleep 0.05
		wv_t=$((wv_t + 1))
	done
	return 1
}

# wv_keys KEY...: tmux send-keys.
wv_keys() {
	$TMUX send-keys "$@"
}

# wv_ok STATUS DESCRIPTION: one TAP line; on failure, the screen as a
# diagnostic.
wv_ok() {
	tap_ok "$1" "$2"
	[ "$1" -eq 0 ] || wv_cap 2>/dev/null | sed 's/^/| /' | tap_diag
}

# wv_check DESCRIPTION REGEX: wait for REGEX and report.
wv_check() {
	wv_wait "$2"
	wv_ok $? "$1"
}

# wv_wait_change TEXT: poll until the screen differs from TEXT.
wv_wait_change() {
	wv_t=0
	while [ "$wv_t" -lt $((WV_TIMEOUT * 20)) ]; do
		[ "$(wv_cap)" != "$1" ] && return 0
		sleep 0.05
		wv_t=$((wv_t + 1))
	done
	return 1
}

# wv_wait_same TEXT: poll until the screen equals TEXT.
wv_wait_same() {
	wv_t=0
	while [ "$wv_t" -lt $((WV_TIMEOUT * 20)) ]; do
		[ "$(wv_cap)" = "$1" ] && return 0
		sleep 0.05
		wv_t=$((wv_t + 1))
	done
	return 1
}
