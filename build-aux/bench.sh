#!/bin/sh
# SPDX-License-Identifier: ISC
# bench.sh WARPVIZ - time 'warpviz stats' at the live sizes (target: under
# one second each on a 2-core machine) and report the peak memory, then
# brute force on one thread against every core (WARPVIZ_THREADS): the
# speed-up.  A benchmark, not a test: it prints, and exits 1 only when a
# target is missed.
wv=${1:-./warpviz}
reps=5
status=0
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
printf '%-44s %10s %10s %s\n' "warpviz stats" "median ms" "max RSS" "target"
for run in "twohop-v0 -p n=4000" "twohop-v1 -p n=4000" \
    "matmul-col -p width=2048" "matmul-row -p width=2048" \
    "matmul-tiled -p width=2048" "copy-offset -p n=268435456" \
    "powers-stride32 -p n=67108864"; do
	times=
	i=0
	while [ $i -lt $reps ]; do
		t0=$(now_ms)
		$wv stats $run >/dev/null || { echo "bench: $run failed"; exit 2; }
		t1=$(now_ms)
		times="$times $((t1 - t0))"
		i=$((i + 1))
	done
	med=$(echo $times | tr ' ' '\n' | sort -n | sed -n "$(( (reps + 1) / 2 ))p")
	rss=-
	if [ -x /usr/bin/time ]; then
		rss=$(/usr/bin/time -f %M $wv stats $run 2>&1 >/dev/null | tail -1)
		rss="${rss} KiB"
	fi
	verdict="< 1000 ms ok"
	if [ "$med" -ge 1000 ]; then
		verdict="< 1000 ms MISSED"
		status=1
	fi
	printf '%-44s %10s %10s %s\n' "$run" "$med" "$rss" "$verdict"
done

# Brute force: one thread, then one a core; the totals must not differ.
median_ms() {
	times=
	i=0
	while [ $i -lt 3 ]; do
		t0=$(now_ms)
		env WARPVIZ_THREADS="$1" $wv stats $brute --json >"bench-brute.$1" ||
		    { echo "bench: $brute failed"; exit 2; }
		t1=$(now_ms)
		times="$times $((t1 - t0))"
		i=$((i + 1))
	done
	echo $times | tr ' ' '\n' | sort -n | sed -n 2p
}
brute="matmul-col --brute -p width=256"
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
one=$(median_ms 1)
all=$(median_ms 0)
if ! cmp -s bench-brute.1 bench-brute.0; then
	echo "bench: $brute: the totals differ between 1 and $cores threads"
	status=1
fi
rm -f bench-brute.1 bench-brute.0
printf '%-44s %10s\n' "$brute, 1 thread" "$one"
printf '%-44s %10s %s\n' "$brute, $cores cores" "$all" \
    "speed-up $(awk -v a="$one" -v b="$all" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }')"

# Hostile inputs (tests/hostile.sh, all under 1 MiB) within the reader's
# budget: each answered in 2 s and 256 MB of address space.
srcdir=${srcdir:-$(dirname "$0")/..}
hostile=$(HOSTILE_SECONDS=2 HOSTILE_VMEM_KB=262144 WARPVIZ=$wv \
    srcdir=$srcdir sh "$srcdir/tests/hostile.sh" 2>&1)
n_ok=$(echo "$hostile" | grep -c '^ok')
n_all=$(echo "$hostile" | grep -c '^\(not \)*ok')
limit=$(echo "$hostile" | grep -m1 '^# time limit')
verdict="ok"
if [ "$n_ok" -ne "$n_all" ] || [ "$n_all" -eq 0 ]; then
	verdict="MISSED"
	echo "$hostile" | grep '^not ok'
	status=1
fi
printf '%-44s %10s %s\n' "hostile inputs under 2 s, 256 MB" "$n_ok/$n_all" \
    "$verdict (${limit#\# })"
exit $status
