#!/bin/sh
# SPDX-License-Identifier: ISC
# acceptance.sh [-u] [WARPVIZ [DIR]] - the acceptance rate as written:
# `warpviz check` on every kernel file of DIR (tests/kernels/real, kernels
# written by others with only `// warpviz:` lines added).  Prints one line
# per file, "accepted  FILE" or "refused   FILE: " and the first line of
# the refusal, then "accepted N of M (P%)".  With -u it rewrites the
# status column of DIR/acceptance.txt (the record tests/corpus.sh holds
# the reader to), keeping each line's note; read the diff before
# committing it.  Exit 0 unless WARPVIZ cannot run.  `make acceptance`.
update=0
if [ "${1:-}" = -u ]; then
	update=1
	shift
fi
wv=${1:-./warpviz}
dir=${2:-${srcdir:-.}/tests/kernels/real}
"$wv" --version >/dev/null 2>&1 || {
	echo "acceptance.sh: cannot run $wv" >&2
	exit 2
}
tmp=${TMPDIR:-/tmp}/wv-accept.$$
trap 'rm -f "$tmp".*' EXIT
: >"$tmp.status"
n=0
m=0
for f in "$dir"/*.cu; do
	[ -f "$f" ] || continue
	b=${f##*/}
	m=$((m + 1))
	if "$wv" check "$f" >/dev/null 2>"$tmp.err"; then
		n=$((n + 1))
		echo "accepted  $b"
		echo "$b accepted" >>"$tmp.status"
	else
		echo "refused   $b: $(head -n 1 "$tmp.err")"
		echo "$b refused" >>"$tmp.status"
	fi
done
pct=0
[ "$m" -gt 0 ] && pct=$((100 * n / m))
echo "accepted $n of $m ($pct%)"
[ "$update" -eq 1 ] || exit 0

# Rewrite the status of each file in acceptance.txt, keep comments and
# notes, add files it lacks, drop files that are gone; the files sorted.
rec=$dir/acceptance.txt
[ -f "$rec" ] || : >"$rec"
awk -v st="$tmp.status" '
BEGIN {
	while ((getline l < st) > 0) {
		split(l, a, " ")
		now[a[1]] = a[2]
		order[++k] = a[1]
	}
}
/^#/ || NF == 0 { print; next }
{
	if (!($1 in now))
		next
	seen[$1] = 1
	note = $0
	sub(/^[^ \t]+[ \t]+[^ \t]+[ \t]*/, "", note)
	printf "%s %s%s\n", $1, now[$1], note == "" ? "" : " " note
}
END {
	for (i = 1; i <= k; i++)
		if (!(order[i] in seen))
			printf "%s %s\n", order[i], now[order[i]]
}' "$rec" >"$tmp.new" &&
{ grep '^#' "$tmp.new"; grep -v '^#' "$tmp.new" | LC_ALL=C sort; } >"$rec"
echo "acceptance.sh: wrote $rec"
