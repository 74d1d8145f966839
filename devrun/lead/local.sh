set -x
cd "$(dirname "$0")"
nvidia-smi -L
nvcc -arch=sm_90 -lineinfo -Xptxas -v -o local local.cu 2> $OUT/ptxas.txt
./local
cuobjdump -sass local > $OUT/local-sass.txt
ncu --csv --metrics l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_local_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum,smsp__sass_inst_executed_op_local_ld.sum,smsp__sass_inst_executed_op_local_st.sum ./local > $OUT/local-ncu.csv 2>&1
tail -5 $OUT/local-ncu.csv
