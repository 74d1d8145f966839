#!/bin/sh
# SPDX-License-Identifier: ISC
# layers.sh - the dependency rule of DESIGN.md section 7, read off the
# #include lines: no file includes a header of a higher floor, only
# src/tui includes curses, and only gpu-cuda.c and gpu-nvrtc.c include
# <cuda.h> or <nvrtc.h> (to check their vendored ABI at compile time; the
# libraries themselves are reached through dlopen).  TAP.
: "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
src=$srcdir/src

# The floor a project header lives on: its folder under src/, or the
# file's own name for the headers at the top (opts, cli).
floor_of() {
	for d in model variants view face gpu tui; do
		[ -f "$src/$d/$1" ] && { echo "$d"; return; }
	done
	case $1 in
	opts.h) echo opts ;;
	cli.h|cli-*.h) echo cli ;;
	config.h|tap.h) echo any ;;
	*) echo unknown ;;
	esac
}

# What each floor may include besides itself.
allowed() {
	case $1 in
	model) echo "any" ;;
	variants) echo "any model" ;;
	view) echo "any model variants" ;;
	face) echo "any model variants view" ;;
	gpu) echo "any model variants" ;;
	opts) echo "any model variants view" ;;
	tui) echo "any model variants view gpu opts" ;;
	cli) echo "any model variants view face gpu opts tui" ;;
	esac
}

for f in $(cd "$src" && ls model/*.[ch] variants/*.[ch] view/*.[ch] \
    face/*.[ch] gpu/*.[ch] tui/*.[ch] opts.[ch] cli.[ch] cli-*.[ch] main.c 2>/dev/null); do
	case $f in
	opts.*) me=opts ;;
	cli.*|cli-*|main.c) me=cli ;;
	*) me=${f%%/*} ;;
	esac
	bad=
	for h in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$src/$f"); do
		h=${h##*/}
		fl=$(floor_of "$h")
		[ "$fl" = "$me" ] && continue
		case " $(allowed "$me") " in
		*" $fl "*) ;;
		*) bad="$bad $h($fl)" ;;
		esac
	done
	[ -z "$bad" ]
	tap_ok $? "$f ($me) includes no higher floor${bad:+:$bad}"
done

curses=$(cd "$src" && grep -l '^#include <\(n\?curses\|ncursesw/\|term\.h\)' \
    $(find . -name '*.[ch]' ! -path './tui/*') 2>/dev/null)
[ -z "$curses" ]
tap_ok $? "only src/tui includes curses${curses:+: $curses}"
cuda=$(cd "$src" && grep -l '^#include <\(cuda\|nvrtc\)' \
    $(find . -name '*.[ch]' ! -name gpu-cuda.c ! -name gpu-nvrtc.c) 2>/dev/null)
[ -z "$cuda" ]
tap_ok $? "only the CUDA loaders include a CUDA header${cuda:+: $cuda}"
tap_done
