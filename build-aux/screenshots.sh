#!/bin/sh
# SPDX-License-Identifier: ISC
# screenshots.sh WARPVIZ OUTDIR - run the real TUI in a detached tmux at a
# fixed size, drive it with keys, capture with `capture-pane -e -p` and turn
# each capture into an SVG (build-aux/sgr2svg.py); with rsvg-convert also
# a PNG under OUTDIR/png/ for looking at (not committed).  Maintainer-only:
# `make screenshots`.  Each shot: name, width, height, environment and
# arguments, keys to send once the first frame is up.
set -e
WARPVIZ=${1:?usage: screenshots.sh WARPVIZ OUTDIR}
OUT=${2:?usage: screenshots.sh WARPVIZ OUTDIR}
HERE=$(cd "$(dirname "$0")" && pwd)
n=0
TMUX="tmux -L wvshot$$.$n -f /dev/null"
mkdir -p "$OUT"
trap '$TMUX kill-server >/dev/null 2>&1 || true' EXIT

cap() {
	$TMUX capture-pane -e -p
}

# Wait until two captures 0.3 s apart agree (the frame has settled).
settle() {
	prev=""
	i=0
	while [ $i -lt 50 ]; do
		now=$(cap)
		[ -n "$prev" ] && [ "$now" = "$prev" ] && return 0
		prev=$now
		sleep 0.3
		i=$((i + 1))
	done
	echo "screenshots.sh: $1 did not settle" >&2
	return 1
}

shot() {
	name=$1 w=$2 h=$3 env=$4 args=$5
	shift 5
	$TMUX kill-server >/dev/null 2>&1 || true
	n=$((n + 1))
	TMUX="tmux -L wvshot$$.$n -f /dev/null"
	$TMUX new-session -d -x "$w" -y "$h" \
	    "env TERM=xterm-256color LC_ALL=C.UTF-8 $env $WARPVIZ $args; sleep 60"
	$TMUX set-option -g status off >/dev/null
	settle "$name"
	if cap | head -1 | grep -q '^warpviz:'; then
		echo "  $name: SKIPPED, warpviz did not start: $(cap | head -1)" >&2
		rm -f "$OUT/$name.svg" "$OUT/png/$name.png"
		return 0
	fi
	for k in "$@"; do
		$TMUX send-keys "$k"
		sleep 0.1
	done
	settle "$name"
	cap >"$OUT/$name.ans"
	# The light theme is drawn on a light terminal.
	case "$args" in
	*"--theme light"*) bg=light ;;
	*) bg=dark ;;
	esac
	SGR2SVG_BG=$bg python3 "$HERE/sgr2svg.py" "$w" "$h" <"$OUT/$name.ans" \
	    >"$OUT/$name.svg"
	rm -f "$OUT/$name.ans"
	if command -v rsvg-convert >/dev/null; then
		mkdir -p "$OUT/png"
		rsvg-convert "$OUT/$name.svg" -o "$OUT/png/$name.png"
	fi
	echo "  $OUT/$name.svg"
}

# The first lesson: the M load (one row per half-warp) and the N load.
shot matmul-col-m 120 35 "" ""
shot matmul-col-n 120 35 "" "" Right
shot matmul-col-80x24 80 24 "" "" Right
# Row from threadIdx.x: the M load is uncoalesced.
shot matmul-row 120 35 "" "--variant matmul-row"
shot twohop-v0 120 35 "" "--variant twohop-v0"
shot twohop-v1 120 35 "" "--variant twohop-v1"
# Shared memory: 32-way bank conflict, then the padded fix.
shot powers-stride32 120 35 "" "--variant powers-stride32" Right
shot powers-padded 120 35 "" "--variant powers-padded" Right
# Corner turning: reading Nds down a column from shared memory.
shot matmul-tiled 120 35 "" "--variant matmul-tiled --step 5"
# The GPU panel with timings recorded on an H100 (doc/results-h100.json).
shot twohop-v0-gpu 120 35 "" "--variant twohop-v0 --results $HERE/../doc/results-h100.json"
shot compare-twohop 120 35 "" "--variant twohop-v0 --results $HERE/../doc/results-h100.json" c
shot compare-powers 120 35 "" "--variant powers-stride32" c Right
shot occupancy 120 35 "" "--variant powers-stride32 --results $HERE/../doc/results-h100.json" o
# Compare mode: copy with offset 1 against its aligned partner.
shot compare-copy-offset 120 35 "" "--variant copy-offset" c
shot compare-matmul 120 35 "" "" c Right
# Overlays and the monochrome projector.
shot help-80x24 80 24 "" "" "?"
shot picker 120 35 "" "" v
shot matmul-row-mono 120 35 "NO_COLOR=1" "--variant matmul-row"
shot glossary-80x24 80 24 "" "" "?" "?"
# The themes: a light terminal, a colour-blind audience, a projector.
shot twohop-v0-light 120 35 "" "--variant twohop-v0 --theme light"
shot twohop-v0-cbsafe 120 35 "" "--variant twohop-v0 --theme cbsafe"
shot powers-stride32-contrast 120 35 "" "--variant powers-stride32 --theme contrast" Right
shot copy-offset-mono 120 35 "NO_COLOR=1" "--variant copy-offset"
# The lecture hall: a lesson's first scene (lanes 0 and 16 in focus), the
# DRAM channels model, the projector zoom of the classroom example.
shot lesson-twohop 120 35 "" "--lesson twohop"
shot dram-matmul-row 120 35 "" "--variant matmul-row" m
shot zoom-classroom 120 35 "" "--variant matmul-row -p width=4 -p bx=4 -p by=4 -p warp=4" z
# Issues 17-19: predict first, texture against global memory, local
# memory, the counters recorded on the H100, as compiled.
shot predict-alignment 120 35 "" "--lesson alignment"
shot compare-tex-col 120 35 "" "--variant tex-col" c
shot local-lane 120 35 "" "--variant local-lane"
shot counters-twohop-v0 120 35 "" "--variant twohop-v0 --results $HERE/../doc/results-h100.json"
shot as-compiled-powers 120 35 "" "--variant powers-stride32" Right I
shot lesson-twohop-80x24 80 24 "" "--lesson twohop"
