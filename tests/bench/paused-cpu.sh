#!/bin/sh
# SPDX-License-Identifier: ISC
# paused-cpu.sh - the CPU time a paused warpviz uses: start it in a
# detached tmux, let it draw, then read utime+stime from /proc/PID/stat
# before and after 5 s of doing nothing.  A paused screen blocks in getch,
# so the answer should be 0 ticks.  Then the same while playing, for scale.
# Maintainer benchmark (make bench-frame), not a test.
WARPVIZ=${WARPVIZ:?set WARPVIZ to the warpviz binary}
TMUX="tmux -L wvcpu$$ -f /dev/null"
trap '$TMUX kill-server >/dev/null 2>&1' EXIT
HZ=$(getconf CLK_TCK)

ticks() {
	# Fields 14 and 15 of /proc/PID/stat, after the ")" of the name.
	sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'
}

measure() {
	$TMUX kill-server >/dev/null 2>&1
	$TMUX new-session -d -x 120 -y 35 \
	    "env TERM=xterm-256color LC_ALL=C.UTF-8 $WARPVIZ"
	i=0
	while ! $TMUX capture-pane -p | grep -q matmul-col && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	pid=$($TMUX list-panes -F '#{pane_pid}' | head -1)
	[ -n "$1" ] && $TMUX send-keys "$1"
	sleep 1
	a=$(ticks "$pid")
	sleep 5
	b=$(ticks "$pid")
	echo "$2: $((b - a)) ticks of CPU in 5 s ($(awk "BEGIN { printf \"%.1f\", ($b - $a) * 1000 / $HZ / 5 }") ms per second, at $HZ ticks/s)"
}

measure "" "paused"
TMUX="tmux -L wvcpu$$.2 -f /dev/null"
measure " " "playing at 2 steps/s"
