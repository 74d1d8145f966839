#!/bin/sh
# SPDX-License-Identifier: ISC
# datadir.sh - "--results h100" is a name: warpviz finds results-h100.json
# in the build tree's doc/ when run from there, and after "make install"
# (here into a DESTDIR with prefix /opt/wv) under PREFIX/share/warpviz,
# with the documentation under PREFIX/share/doc/warpviz, the example
# kernels under PREFIX/share/warpviz/examples and the shell completions
# where bash-completion and zsh look.  A path is still
# a path; a name found nowhere is refused with one line and exit 2.  The
# TUI loads --results before it needs a terminal; --bench-frames paints
# into a screen on /dev/null, so no terminal is needed here.  TAP.
: "${WARPVIZ:=./warpviz}" "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wv-datadir.XXXXXX") || exit 1
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

# run PROGRAM ARGS...: status in $rc, output in $tmp/out and $tmp/err.
run() {
	"$@" --bench-frames 1 </dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
}
# good WHAT: exit 0, the frame benchmark ran, nothing on stderr.
good() {
	[ "$rc" -eq 0 ] && grep -q '^frame ' "$tmp/out" && [ ! -s "$tmp/err" ]
	tap_ok $? "$1"
	[ -s "$tmp/err" ] && sed 's/^/# /' "$tmp/err"
}
# bad WHAT PATTERN: exit 2, one line on stderr matching PATTERN, no stdout.
bad() {
	[ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] &&
	    [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "$2" "$tmp/err"
	tap_ok $? "$1"
	sed 's/^/# /' "$tmp/err"
}

run "$WARPVIZ" --results h100
good "build tree: --results h100 finds doc/results-h100.json"
run "$WARPVIZ" --results h200
good "build tree: --results h200 finds doc/results-h200.json"
run "$WARPVIZ" --results "$srcdir/doc/results-h100.json"
good "a path is still a path"
run "$WARPVIZ" --results no-such-gpu
bad "a name found nowhere: exit 2, one line naming both forms" \
    "no-such-gpu.*no-such-gpu.json.*results-no-such-gpu.json"
run "$WARPVIZ" --results "$tmp/h100.json"
bad "a missing path is not looked up by name" "$tmp/h100.json"

# make install into a staging directory.
if ! make install DESTDIR="$tmp/root" prefix=/opt/wv >"$tmp/install.log" 2>&1; then
	tap_ok 1 "make install DESTDIR=... prefix=/opt/wv"
	tail -20 "$tmp/install.log" | tap_diag
	tap_done
fi
tap_ok 0 "make install DESTDIR=... prefix=/opt/wv"
root=$tmp/root/opt/wv
[ -f "$root/share/warpviz/results-h100.json" ] &&
    [ -f "$root/share/warpviz/results-h200.json" ]
tap_ok $? "the recorded results (h100, h200) are under PREFIX/share/warpviz"
for f in README.md NEWS COPYING AUTHORS gpu.md lecture-guide.md rules.md \
    trace-format.md validation.md; do
	[ -f "$root/share/doc/warpviz/$f" ]
	tap_ok $? "$f is under PREFIX/share/doc/warpviz"
done
[ -f "$root/share/man/man1/warpviz.1" ]; tap_ok $? "the man page is installed"
grep -q 'share/warpviz' "$root/share/man/man1/warpviz.1"
tap_ok $? "the man page says where the results live"
run "$root/bin/warpviz" --results h100
good "installed: --results h100 finds PREFIX/share/warpviz/results-h100.json"
run "$root/bin/warpviz" --results h200
good "installed: --results h200 finds PREFIX/share/warpviz/results-h200.json"
# Proof that it read the installed copy: spoil it and see it named.
chmod u+w "$root/share/warpviz/results-h100.json"
echo '{' >"$root/share/warpviz/results-h100.json"
run "$root/bin/warpviz" --results h100
bad "installed: the error names the installed file" \
    "share/warpviz/results-h100.json"
rm "$root/share/warpviz/results-h100.json"
echo '{"version": 1}' >"$root/share/warpviz/h100.json"
run "$root/bin/warpviz" --results h100
bad "installed: NAME.json is tried too" "share/warpviz/h100.json"

# The shell completions where bash-completion and zsh look under the
# prefix (configure's defaults), as they are in completions/.
cmp -s "$srcdir/completions/bash/warpviz" \
    "$root/share/bash-completion/completions/warpviz"
tap_ok $? "bash completion in PREFIX/share/bash-completion/completions/warpviz"
cmp -s "$srcdir/completions/zsh/_warpviz" \
    "$root/share/zsh/site-functions/_warpviz"
tap_ok $? "zsh completion in PREFIX/share/zsh/site-functions/_warpviz"
# Every kernel file of cuda/ and tests/kernels/ (not real/) is an example,
# and nothing else; each is read by the installed warpviz, but gather.cu,
# which is refused on purpose (an index read from memory) with its line.
ls "$srcdir"/cuda/*.cu "$srcdir"/tests/kernels/*.cu | sed 's|.*/||' |
    sort >"$tmp/want"
ls "$root/share/warpviz/examples" | sort | cmp -s - "$tmp/want"
tap_ok $? "PREFIX/share/warpviz/examples holds cuda/*.cu and tests/kernels/*.cu"
bad=
for f in "$root"/share/warpviz/examples/*.cu; do
	"$root/bin/warpviz" check "$f" >/dev/null 2>"$tmp/err"
	rc=$?
	case ${f##*/} in
	gather.cu) [ "$rc" -eq 2 ] && grep -q "gather.cu:16:11: " "$tmp/err" ;;
	*) [ "$rc" -eq 0 ] ;;
	esac || bad="$bad ${f##*/}"
done
[ -z "$bad" ]
tap_ok $? "installed examples pass warpviz check (gather.cu refused at 16:11)${bad:+; not:$bad}"
tap_done
