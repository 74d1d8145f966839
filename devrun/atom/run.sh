set -e
cd "$(dirname "$0")"
nvcc -arch=sm_90 -o atom atom.cu
ncu --csv --metrics l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum,l1tex__t_requests_pipe_lsu_mem_global_op_red.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum,smsp__sass_inst_executed_op_global_atom.sum,smsp__sass_inst_executed_op_global_red.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum ./atom > $OUT/atom.csv 2>$OUT/atom.err
cuobjdump -sass atom | grep -E 'Function|RED|ATOM' > $OUT/atom-sass.txt
