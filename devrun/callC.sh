set -u
t0=$(date +%s)
N=${1:-h100}
timeout 250 sh tests/counters/record.sh ./warpviz $OUT/c $N results > $OUT/c-results.log 2>&1; echo "results $? $(( $(date +%s) - t0 ))s"
head -c 800 $OUT/c/results-$N.err
./warpviz counters twohop-v0 -p n=4000 --results $OUT/c/results-$N.json 2>&1 | tail -6
cd $OUT && mv c-results.log c/ && tar czf c.tgz c && rm -rf c && ls -la c.tgz
