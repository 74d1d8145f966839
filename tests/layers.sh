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
	for d in model kernel compiled variants view face gpu tui; do
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
	kernel) echo "any model" ;;
	compiled) echo "any model" ;;
	variants) echo "any model kernel" ;;
	view) echo "any model kernel compiled variants" ;;
	face) echo "any model kernel compiled variants view" ;;
	gpu) echo "any model kernel compiled variants" ;;
	opts) echo "any model kernel compiled variants view" ;;
	tui) echo "any model kernel compiled variants view gpu opts" ;;
	cli) echo "any model kernel compiled variants view face gpu opts tui" ;;
	esac
}

for f in $(cd "$src" && ls model/*.[ch] kernel/*.[ch] compiled/*.[ch] \
    variants/*.[ch] view/*.[ch] \
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

# Floors inside a folder, for the files that share a private header: a
# file calls (name followed by "(") only names of its own floor or lower.
# Each argument is FILE:REGEX, ground first; REGEX matches the names that
# FILE defines for those above it.
inner_floors() {
	group=$1
	shift
	i=0
	for spec in "$@"; do
		i=$((i + 1))
		eval "f_$i=\${spec%%:*}; r_$i=\${spec#*:}"
	done
	n=$i
	i=0
	while [ $i -lt "$n" ]; do
		i=$((i + 1))
		eval "f=\$f_$i"
		bad=
		j=$i
		while [ $j -lt "$n" ]; do
			j=$((j + 1))
			eval "g=\$f_$j; re=\$r_$j"
			hit=$(grep -o "\b\($re\)(" "$src/$f" | sort -u | tr -d '(' | tr '\n' ' ')
			[ -n "$hit" ] && bad="$bad ${g##*/}: $hit"
		done
		[ -z "$bad" ]
		tap_ok $? "$group: $f calls nothing of a higher floor${bad:+ (calls$bad)}"
	done
}

inner_floors "kernel-file reader" \
    "kernel/ksrc-core.c:ksrc_\(keep\|fail\|fmt\|tk\|at\|eat\|want\|rd_free\|kfile_free\)" \
    "kernel/ksrc-lex.c:ksrc_lex_[a-z_]*" \
    "kernel/ksrc-device.c:ksrc_device_text" \
    "kernel/ksrc-meta.c:ksrc_meta_[a-z_0-9]*" \
    "kernel/ksrc-sym.c:ksrc_sym_[a-z_]*" \
    "kernel/ksrc-local.c:ksrc_local_[a-z_]*" \
    "kernel/ksrc-arith.c:ksrc_arith_[a-z_]*" \
    "kernel/ksrc-place.c:ksrc_place_[a-z_0-9]*" \
    "kernel/ksrc-call.c:ksrc_call_[a-z_]*" \
    "kernel/ksrc-access.c:ksrc_access_[a-z_]*" \
    "kernel/ksrc-decl.c:ksrc_decl_[a-z_]*" \
    "kernel/ksrc-body.c:ksrc_body_[a-z_]*" \
    "kernel/ksrc-loop.c:ksrc_loop_[a-z_]*" \
    "kernel/ksrc-inline.c:ksrc_inline_[a-z_]*" \
    "kernel/ksrc-flow.c:ksrc_flow" \
    "kernel/ksrc.c:ksrc_\(parse\|parse_block\|load\|blocks\|free\|is_path\)" \
    "kernel/ksrc-host.c:ksrc_host_[a-z_]*" \
    "kernel/ksrc-draft.c:ksrc_draft"
# The view state: where an access is in a launch, the whole-launch
# workers, the state itself, then predict first on top of it.
st_where='state_\(where_[a-z]*\|find\|iteration\|loop_value\)'
st_whole='state_\(pane_arch\|retotal\|busy\|[a-z_]*whole[a-z_]*\)'
st_core='state_\(status\|init\|max_panes\|set_width\|set_variant\|'
st_core=$st_core'set_partners\|switch\|nsteps\|check\|goto\|update\|models\|'
st_core=$st_core'draw\|free\|apply[a-z_]*\|mark\)'
inner_floors "view state" \
    "view/state-where.c:$st_where" \
    "view/state-whole.c:$st_whole" \
    "view/state.c:$st_core" \
    "view/state-ask.c:state_\(predict[a-z_]*\|ask\)"
inner_floors "keys" \
    "tui/keys-act.c:keys_\(current_loop\|set_variant\|prompt\|occ_seed\)" \
    "tui/keys-mode.c:keys_mode_[a-z_]*" \
    "tui/keys.c:keys_\(dispatch\|tick\|print\)"

curses=$(cd "$src" && grep -l '^#include <\(n\?curses\|ncursesw/\|term\.h\)' \
    $(find . -name '*.[ch]' ! -path './tui/*') 2>/dev/null)
[ -z "$curses" ]
tap_ok $? "only src/tui includes curses${curses:+: $curses}"
cuda=$(cd "$src" && grep -l '^#include <\(cuda\|nvrtc\)' \
    $(find . -name '*.[ch]' ! -name gpu-cuda.c ! -name gpu-nvrtc.c) 2>/dev/null)
[ -z "$cuda" ]
tap_ok $? "only the CUDA loaders include a CUDA header${cuda:+: $cuda}"
tap_done
