set -u
t0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 200 sh tests/counters/record.sh ./warpviz $OUT/d h200 results > $OUT/d-results.log 2>&1; echo "results $? $(( $(date +%s) - t0 ))s"
timeout 60 sh tests/counters/record.sh ./warpviz $OUT/d h200 specs > $OUT/d-specs.log 2>&1; echo "specs $? $(( $(date +%s) - t0 ))s"
head -c 400 $OUT/d/results-h200.err
cd $OUT && mv d-*.log d/ && tar czf d.tgz d && rm -rf d && ls -la d.tgz
