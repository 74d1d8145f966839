set -e
cd "$(dirname "$0")"
nvcc -arch=sm_90 -o atom2 atom2.cu
ncu --csv --metrics l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum,l1tex__t_requests_pipe_lsu_mem_global_op_red.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum ./atom2 pats2.txt > $OUT/atom2.csv 2>$OUT/atom2.err
cuobjdump -sass atom2 | grep -E 'Function|RED|ATOM' > $OUT/atom2-sass.txt
