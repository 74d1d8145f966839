set -u
t0=$(date +%s)
timeout 120 sh tests/counters/record.sh ./warpviz $OUT/b h100 specs > $OUT/b-specs.log 2>&1; echo "specs $? $(( $(date +%s) - t0 ))s"
timeout 330 sh tests/counters/record.sh ./warpviz $OUT/b h100 results > $OUT/b-results.log 2>&1; echo "results $? $(( $(date +%s) - t0 ))s"
tail -3 $OUT/b-specs.log $OUT/b-results.log; head -c 600 $OUT/b/results-h100.err
./warpviz counters twohop-v0 -p n=4000 --results $OUT/b/results-h100.json 2>&1 | head -30
cd $OUT && mv b-*.log b/ && tar czf b.tgz b && rm -rf b && ls -la b.tgz
