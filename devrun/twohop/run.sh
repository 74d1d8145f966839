set -e
cd "$(dirname "$0")"
nvcc -arch=sm_90 -lineinfo -o th host.cu
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader > $OUT/gpu.txt
for n in 4000 6300; do ./th $n; done > $OUT/times.txt
M=gpu__time_duration.sum,l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum
for n in 4000 6300; do for v in 0 1 2 3; do
  ncu --csv --metrics $M -c 1 ./th $n $v > $OUT/ncu-n$n-v$v.csv 2>/dev/null || echo "ncu failed n=$n v=$v"
done; done
tar cf $OUT/all.tar -C $OUT gpu.txt times.txt $(cd $OUT && ls ncu-*.csv)
cat $OUT/times.txt
