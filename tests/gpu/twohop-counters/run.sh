#!/bin/sh
# SPDX-License-Identifier: ISC
# run.sh - on a GPU machine with ncu: times twohop V0..V3 at n = 4000 and
# 6300 (cudaEvent, median of 5) and reads their cache and DRAM counters;
# doc/validation.md ("The 2-hop ladder: what the counters show") records
# what it wrote on the H100.  Output in $OUT.
set -e
cd "$(dirname "$0")"
: "${OUT:=./out}"
mkdir -p "$OUT"
nvcc -arch=sm_90 -lineinfo -o "$OUT/th" host.cu
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader > $OUT/gpu.txt
for n in 4000 6300; do "$OUT/th" $n; done > $OUT/times.txt
M=gpu__time_duration.sum,l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum
for n in 4000 6300; do for v in 0 1 2 3; do
  ncu --csv --metrics $M -c 1 "$OUT/th" $n $v > $OUT/ncu-n$n-v$v.csv 2>/dev/null || echo "ncu failed n=$n v=$v"
done; done
cat $OUT/times.txt
M=gpu__time_duration.sum,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__t_set_conflicts_pipe_lsu_mem_global_op_ld.sum,l1tex__t_set_accesses_pipe_lsu_mem_global_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_global_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_global_op_ld.sum,l1tex__m_xbar2l1tex_read_sectors_mem_lg_op_ld.sum,smsp__average_warp_latency_issue_stalled_lg_throttle.ratio,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio
for n in 4000 6300; do for v in 0 1; do
  ncu --csv --metrics $M -c 1 "$OUT/th" $n $v > $OUT/ncu2-n$n-v$v.csv 2>$OUT/err-n$n-v$v.txt || echo "ncu failed n=$n v=$v"
done; done
