#!/bin/sh
# SPDX-License-Identifier: ISC
# results.sh - 'warpviz --results FILE' refuses every file it cannot trust,
# with exit status 2, one line on stderr naming the file and the problem,
# nothing on stdout, and before it asks for a terminal (stdin is
# /dev/null here).  The fixtures are tests/gpu/refuse/*.json; the table
# below says what each must be refused for.  TAP.
: "${WARPVIZ:=./warpviz}"
: "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-results.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
export WARPVIZ_GPU=off

# refused FILE WHAT: exit 2, one line naming FILE and containing WHAT.
refused() {
	"$WARPVIZ" --results "$1" </dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
	msg=$(cat "$tmp/err")
	[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] &&
	    [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    grep -qF -- "--results: $1: " "$tmp/err" &&
	    grep -qF -- "$2" "$tmp/err"
	tap_ok $? "${1##*/}: refused for '$2' (rc $rc: $msg)"
}

d=$srcdir/tests/gpu/refuse
while read -r f what; do
	[ -n "$f" ] || continue
	refused "$d/$f" "$what"
done <<'TABLE'
u-eof.json bad \u escape
u-short.json bad \u escape
ms-nan.json a number was expected
ms-minus-nan.json a number was expected
ms-infinity.json a number was expected
ms-inf.json the number 1e999 is out of range
ms-zero.json "ok" without a time
ms-negative.json "ms": -0.058 is out of range
ms-absurd.json "ms": 1e+300 is out of range
ms-hex.json ',' or '}' was expected
ms-comma.json a string was expected
runs-1e300.json "runs": 1e+300 is out of range
runs-fraction.json "runs": 2.5 is not a whole number
checked-nan.json a number was expected
checked-negative.json "checked": -1 is out of range
regs-int-max.json "regs": 2147483647 is out of range (0 to 255)
blocks-int-max.json "blocks_per_sm": 2147483647 is out of range (0 to 64)
threads-big.json "threads": 4096 is out of range (0 to 1024)
gbps-inf.json the number 1e400 is out of range
memcpy-negative.json "gbps": -5 is out of range
trailing.json data after the object
trailing-junk.json data after the object
two-objects.json data after the object
nul.json a NUL byte
number-long.json a number of more than 63 characters
sha-short.json "source_sha256" must be 64 lower-case hex digits
sha-upper.json "source_sha256" must be 64 lower-case hex digits
origin-bad.json "origin" must be "catalog" or "file"
TABLE

# Not regular files, and too large: refused without reading them.
refused "$srcdir/tests/gpu" "a directory, not a file"
refused /dev/zero "not a regular file"
refused /dev/null "not a regular file"
if mkfifo "$tmp/fifo" 2>/dev/null; then
	refused "$tmp/fifo" "not a regular file"
else
	tap_skip "fifo: refused for 'not a regular file'" "no mkfifo"
fi
: >"$tmp/big.json"
if truncate -s 17M "$tmp/big.json" 2>/dev/null ||
    dd if=/dev/zero of="$tmp/big.json" bs=1 count=0 seek=17825792 2>/dev/null; then
	refused "$tmp/big.json" "larger than 16 MiB"
else
	tap_skip "big.json: refused for 'larger than 16 MiB'" \
	    "cannot make a sparse file"
fi
refused "$tmp/nonexistent.json" "No such file or directory"

# The files bench writes still load: the TUI then asks for a terminal.
for f in "$srcdir/doc/results-h100.json" "$srcdir/tests/gpu/recorded.json" \
    "$srcdir/tests/gpu/mismatch.json"; do
	"$WARPVIZ" --results "$f" </dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc -eq 2 ] && grep -q 'needs a terminal' "$tmp/err"
	tap_ok $? "${f##*/} loads; then the terminal is asked for: $(cat "$tmp/err")"
done

# Records match on the kernel's source hash (and origin), seen on the
# lecture screen's GPU panel: the shipped H100 record shows matmul-col's
# time; the same record with another source_sha256 (tests/gpu/stale.json)
# shows none; a kernel file with the very text of cuda/matmul.cu, its first
# kernel named matmul-col, never shows the catalog's record.
# panel ARGS: the GPU panel's lines of the TUI on ARGS (needs tmux).
panel() {
	$tmux kill-server >/dev/null 2>&1
	$tmux new-session -d -x 120 -y 35 "env TERM=xterm-256color \
	    WARPVIZ_GPU=off $WARPVIZ $*" || return 1
	i=0
	while [ $i -lt 100 ]; do
		$tmux capture-pane -p >"$tmp/screen" 2>/dev/null
		grep -q 'GPU ─' "$tmp/screen" && break
		sleep 0.1
		i=$((i + 1))
	done
	sleep 0.2
	$tmux capture-pane -p 2>/dev/null | sed -n '/GPU/,$p'
	$tmux kill-server >/dev/null 2>&1
}
if command -v tmux >/dev/null 2>&1; then
	tmux="tmux -L wvresults$$ -f /dev/null"
	panel --variant matmul-col --results "$srcdir/doc/results-h100.json" \
	    >"$tmp/p1"
	grep -q 'this: 3.18 ms (median of 94)' "$tmp/p1"
	tap_ok $? "the shipped record's hash matches catalog matmul-col"
	panel --variant matmul-col --results "$srcdir/tests/gpu/stale.json" \
	    >"$tmp/p2"
	grep -q 'GPU ─' "$tmp/p2" && ! grep -q '3.18' "$tmp/p2"
	tap_ok $? "a record whose source hash differs is not shown"
	cp "$srcdir/cuda/matmul.cu" "$tmp/matmul-copy.cu"
	panel "$tmp/matmul-copy.cu" --results \
	    "$srcdir/doc/results-h100.json" >"$tmp/p3"
	grep -q 'GPU ─' "$tmp/p3" && ! grep -q '3.18' "$tmp/p3" &&
	    ! grep -q 'verified' "$tmp/p3"
	tap_ok $? "a kernel file named matmul-col, same text: not the record"
else
	for t in "shipped record matches" "differing hash not shown" \
	    "kernel file not the record"; do
		tap_skip "$t" "no tmux"
	done
fi

tap_done
