set -e
cd "$(dirname "$0")"
nvcc -arch=sm_90 -lineinfo -o th host.cu
M=gpu__time_duration.sum,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__t_set_conflicts_pipe_lsu_mem_global_op_ld.sum,l1tex__t_set_accesses_pipe_lsu_mem_global_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_global_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_global_op_ld.sum,l1tex__m_xbar2l1tex_read_sectors_mem_lg_op_ld.sum,smsp__average_warp_latency_issue_stalled_lg_throttle.ratio,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio
for n in 4000 6300; do for v in 0 1; do
  ncu --csv --metrics $M -c 1 ./th $n $v > $OUT/ncu2-n$n-v$v.csv 2>$OUT/err-n$n-v$v.txt || echo "ncu failed n=$n v=$v"
done; done
tar cf $OUT/all2.tar -C $OUT $(cd $OUT && ls ncu2-*.csv err-*.txt)
cd $OUT && rm -f ncu2-*.csv err-*
