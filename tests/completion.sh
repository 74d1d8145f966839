#!/bin/sh
# SPDX-License-Identifier: ISC
# completion.sh - the shell completions (completions/bash/warpviz,
# completions/zsh/_warpviz) and warpviz list --complete, which they ask.
# bash: the completion is sourced and _warpviz run on command lines set
# up as bash sets them (COMP_LINE, COMP_POINT, COMP_WORDS split at '='),
# checking COMPREPLY; then one real Tab in an interactive bash in tmux.
# zsh: real Tabs in an interactive zsh in tmux (completion functions run
# only inside the line editor).  Without bash, zsh or tmux those points
# are skipped, saying why.  Expected lists are read off the sources named
# in the comments, not off warpviz.  TAP.  Needs $WARPVIZ and $srcdir.
: "${WARPVIZ:=./warpviz}"
: "${srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$srcdir/tests/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wv-compl.XXXXXX") || exit 99
TMUX_BIN=${TMUX_BIN:-$(command -v tmux 2>/dev/null)}
# Each shell has a tmux server of its own (socket wvcompl$$.N): a server
# just told to kill-server may still answer the next client, which then
# finds "duplicate session" or makes a session that dies with the server
# (17 of 40 tries here, tmux 3.3a).  That lost the zsh shell, started
# after the bash one, in CI's distcheck: all seven zsh points failed.
nserver=0
tm() { "$TMUX_BIN" -L "wvcompl$$.$nserver" -f /dev/null "$@"; }
trap 'tm kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT
LC_ALL=C.UTF-8
export LC_ALL
wv=$(cd "$(dirname "$WARPVIZ")" && pwd)/$(basename "$WARPVIZ")
# Tenths of a second to wait for a shell (WV_TIMEOUT seconds, as the TUI
# tests).
tries=$(( ${WV_TIMEOUT:-10} * 10 ))
bashc=$srcdir/completions/bash/warpviz
zshdir=$srcdir/completions/zsh

# --- warpviz list --complete ---
"$wv" list --complete commands >"$tmp/out" 2>&1
# The commands of usage_main in src/cli.c.
printf '%s\n' list show lesson trace stats check bench counters gpu quiz \
    occupancy |
    sort >"$tmp/want"
sort "$tmp/out" | cmp -s - "$tmp/want"
tap_ok $? "list --complete commands: the eleven commands"
"$wv" list --complete params=stride >"$tmp/out" 2>&1
# cuda/copy.cu, kernel stride: param n=4194304 range=1..16777216,
# stride=2 range=1..64, bs=256 range=32..1024, in that order.
printf 'n=\t1..16777216 elements (default 4194304)\nstride=\t1..64 elements (default 2)\nbs=\t32..1024 threads (default 256)\n' |
    cmp -s - "$tmp/out"
tap_ok $? "list --complete params=stride: NAME=<TAB>range, unit, default"
"$wv" list --complete options=show >"$tmp/out" 2>&1
grep -qx -e "$(printf -- '--step\targ')" "$tmp/out" &&
    grep -qx -e "$(printf -- '--ascii\tnone')" "$tmp/out" &&
    grep -qx -e "$(printf -- '--color\toptional')" "$tmp/out" &&
    ! grep -q -e '--steps' "$tmp/out"
tap_ok $? "list --complete options=show: --step takes a value, --ascii none, --color optional, no --steps"
for a in bogus params=no-such options=nope; do
	"$wv" list --complete "$a" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
	tap_ok $? "list --complete $a: exit 2, one line: $(cat "$tmp/err")"
done

# A working folder with files of each kind and a kernel of our own.
mkdir -p "$tmp/w/sub" "$tmp/w/kern"
: >"$tmp/w/notes.txt"
: >"$tmp/w/talk.lesson"
cat >"$tmp/w/kern/mine.cu" <<'EOF'
// warpviz: name=mine
// warpviz: param len=1024 range=32..4096 unit=elements text=elements
// warpviz: param gap=1 range=1..8 unit=elements text=distance between lanes
// warpviz: launch kernel=mine grid=len/256 block=256
// warpviz: array a length=len*gap
__global__ void mine(float *a, int len, int gap)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	a[i * gap] = 0;
}
EOF
cp "$tmp/w/kern/mine.cu" "$tmp/w/top.cu"

# --- bash: COMPREPLY ---
if ! command -v bash >/dev/null 2>&1; then
	tap_skip "bash completion" "no bash"
else
	# One case a line: the command line (a trailing '_' stands for a
	# blank), then what COMPREPLY holds, sorted, on the next line.
	cat >"$tmp/cases" <<'EOF'
warpviz sh
warpviz show twohop-v
warpviz show stride -p_
warpviz show stride -p st
warpviz --variant=mat
warpviz show --theme l
warpviz show --arch cc1
warpviz show --format=s
warpviz show --st
warpviz trace --st
warpviz lesson co
warpviz lesson_
warpviz check_
warpviz check kern/
warpviz show top.cu -p_
warpviz --variant kern/mine.cu -p g
warpviz kern/mine.cu -p_
warpviz show stride_
warpviz show stride -p stride=
EOF
	# The driver takes each line as typed, '_' as a trailing blank.
	cat >"$tmp/drive.bash" <<'EOF'
. "$1"
while IFS= read -r line; do
	[[ $line == *_ ]] && line="${line%_} "
	COMP_LINE=$line
	COMP_POINT=${#COMP_LINE}
	# As bash splits: at blanks, and '=' a word of its own.
	read -r -a COMP_WORDS <<<"${COMP_LINE//=/ = }"
	[[ $COMP_LINE == *[\ =] ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMP_WORDS[0]=$2
	COMP_LINE=$2${COMP_LINE#warpviz}
	COMP_POINT=${#COMP_LINE}
	COMPREPLY=()
	_warpviz
	printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
	echo
done
EOF
	(cd "$tmp/w" && bash --norc --noprofile "$tmp/drive.bash" "$bashc" \
	    "$wv" <"$tmp/cases") >"$tmp/got" 2>"$tmp/err"
	tap_ok $? "bash runs the completion on $(wc -l <"$tmp/cases") lines"
	[ ! -s "$tmp/err" ]
	tap_ok $? "bash: nothing on stderr"
	tap_diag <"$tmp/err"
	# What each line must offer, read off the sources:
	# the commands starting with "sh" (src/cli.c); the four 2-hop
	# variants of cuda/twohop.cu; stride's parameters (cuda/copy.cu);
	# matmul's three variants (cuda/matmul.cu); the themes of
	# src/view/roles.c; cc1.0 and cc1.2 (src/model/arch.c); svg; show's
	# --step (no --steps: trace's); coalescing and the folder "sub" is
	# not "co...": only coalescing; every lesson of doc/lessons and the
	# .lesson file and folders; the variants of the catalog, the .cu
	# file and folders; kern/'s .cu file; our kernels' len= and gap=
	# (the header above); nothing after the VARIANT of show, nothing
	# for a value.
	lessons=$(ls "$srcdir"/doc/lessons/*.lesson | sed 's|.*/||; s|\.lesson$||')
	sed -n 's|^// warpviz: name=\([^ ]*\).*|\1|p' "$srcdir"/cuda/*.cu |
	    sort -u >"$tmp/variants"
	{
		echo show
		echo "twohop-v0 twohop-v1 twohop-v2 twohop-v3"
		echo "bs= n= stride="
		echo "stride="
		echo "matmul-col matmul-row matmul-tiled"
		echo light
		echo "cc1.0 cc1.2"
		echo svg
		echo "--step"
		echo "--step --steps"
		echo coalescing
		printf '%s\n' $lessons kern sub talk.lesson | sort | tr '\n' ' ' |
		    sed 's/ $//'; echo
		cat "$tmp/variants" - <<-EOF | sort | tr '\n' ' ' | sed 's/ $//'; echo
		kern
		sub
		top.cu
		EOF
		echo "kern/mine.cu"
		echo "gap= len="
		echo "gap="
		echo "gap= len="
		echo
		echo
	} >"$tmp/want"
	i=0
	while IFS= read -r line; do
		i=$((i + 1))
		want=$(sed -n "${i}p" "$tmp/want")
		got=$(sed -n "${i}p" "$tmp/got")
		[ "$got" = "$want" ]
		tap_ok $? "bash: '$(echo "$line" | sed 's/_$/ /')' offers [$want]${got:+}$([ "$got" = "$want" ] || echo " (got [$got])")"
	done <"$tmp/cases"
fi

# --- real Tabs in tmux: the line after Tab ---
# tab TEXT WANT SHELL: type TEXT, Tab and '#', and wait (at most 10 s)
# for a pane line that is exactly "> WANT#" (the '#' shows whether the
# completion ended the word with a blank).
tab() {
	tm send-keys -t c -l "$1"
	tm send-keys -t c Tab
	tm send-keys -t c -l '#'
	n=0
	while [ "$n" -lt $((2 * tries)) ]; do
		tm capture-pane -t c -p >"$tmp/pane"
		grep -qxF "> $2#" "$tmp/pane" && break
		sleep 0.1
		n=$((n + 1))
	done
	grep -qxF "> $2#" "$tmp/pane"
	tap_ok $? "$3: '$1' Tab gives '$2'"
	[ "$n" -lt $((2 * tries)) ] || { echo "pane after $n tries:"; cat "$tmp/pane"; } | tap_diag
	tm send-keys -t c C-u
	tm send-keys -t c C-l
	sleep 0.2
}
# warm TEXT WANT: type TEXT and Tab, wait (three times as long as tab)
# until the line reads WANT, then clear it; no test point.
warm() {
	tm send-keys -t c -l "$1"
	tm send-keys -t c Tab
	n=0
	while [ "$n" -lt $((3 * tries)) ] &&
	    ! tm capture-pane -t c -p | grep -qxF "> $2"; do
		sleep 0.1
		n=$((n + 1))
	done
	tm send-keys -t c C-u
	tm send-keys -t c C-l
	sleep 0.2
	[ "$n" -lt $((3 * tries)) ] && return 0
	{ echo "first Tab not answered after $n tries:"; tm capture-pane -t c -p; } |
	    tap_diag
	return 1
}
# start CMD: a shell in tmux, its prompt "> " once ready.
start() {
	tm kill-server >/dev/null 2>&1
	nserver=$((nserver + 1))
	tm new-session -d -s c -x 160 -y 30 -c "$tmp/w" \
	    "env -i PATH=$(dirname "$wv"):$PATH HOME=$tmp TERM=xterm LC_ALL=C.UTF-8 $1"
	# The shell's own first prompt before the first key, so that the
	# setup line is typed into a shell that is running.
	n=0
	while [ "$n" -lt $((3 * tries)) ] &&
	    ! tm capture-pane -t c -p | grep -q '[^[:space:]]'; do
		sleep 0.1
		n=$((n + 1))
	done
	tm send-keys -t c "$2" Enter
	# compinit scans fpath: on a loaded machine (make -j check) it can
	# take a while; wait three times as long, and say so if it never
	# settles.
	n=0
	while [ "$n" -lt $((3 * tries)) ] &&
	    ! tm capture-pane -t c -p | grep -qx '> *'; do
		sleep 0.1
		n=$((n + 1))
	done
	[ "$n" -lt $((3 * tries)) ] ||
	    { echo "no prompt after $n tries:"; tm capture-pane -t c -p; } |
	    tap_diag
	tm send-keys -t c C-l
	sleep 0.5
}

if [ -z "$TMUX_BIN" ] || ! command -v bash >/dev/null 2>&1; then
	tap_skip "bash: real Tab" "no tmux or no bash"
elif [ "$(basename "$wv")" != warpviz ]; then
	tap_skip "bash: real Tab" "the binary is not called warpviz"
else
	start "bash --norc --noprofile" ". '$bashc'; PS1='> '"
	tab "warpviz --variant=matmul-t" "warpviz --variant=matmul-tiled " "bash"
	tab "warpviz show top.cu -p g" "warpviz show top.cu -p gap=" "bash"
fi

if [ -z "$TMUX_BIN" ]; then
	tap_skip "zsh: real Tab" "no tmux"
elif ! command -v zsh >/dev/null 2>&1; then
	tap_skip "zsh: real Tab" "no zsh (apt-get install zsh, or build-aux/install-deps.sh --optional)"
elif [ "$(basename "$wv")" != warpviz ]; then
	tap_skip "zsh: real Tab" "the binary is not called warpviz"
else
	# zsh loads the completion system (_main_complete and the rest) at
	# the first Tab, which on a loaded machine (make distcheck) can take
	# longer than a key's wait: one Tab first, waited for as long as the
	# prompt, so that the points below time the completion alone; a
	# shell that never answers it is started once more (the points below
	# still fail if the second does not answer either).
	zshinit="fpath=('$zshdir' \$fpath); autoload -U compinit; compinit -u -D; PS1='> '"
	start "zsh -f" "$zshinit"
	warm "warpviz sh" "warpviz show " ||
	    { start "zsh -f" "$zshinit"; warm "warpviz sh" "warpviz show "; }
	tab "warpviz sh" "warpviz show " "zsh"
	tab "warpviz --variant=matmul-t" "warpviz --variant=matmul-tiled " "zsh"
	tab "warpviz show stride -p st" "warpviz show stride -p stride=" "zsh"
	tab "warpviz show --theme cb" "warpviz show --theme cbsafe " "zsh"
	tab "warpviz lesson coa" "warpviz lesson coalescing " "zsh"
	tab "warpviz check kern/m" "warpviz check kern/mine.cu " "zsh"
	tab "warpviz top.cu -p l" "warpviz top.cu -p len=" "zsh"
fi
tap_done
