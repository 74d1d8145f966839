#!/bin/sh
# SPDX-License-Identifier: ISC
# local-layout.sh - run on a GPU machine: compiles tests/gpu/local-layout.cu
# (one warp per kernel, a per-thread array indexed at run time) and
# records its local-memory requests, sectors and instructions under ncu
# into $OUT (doc/validation.md, "Local memory").
set -eux
cd "$(dirname "$0")"
nvidia-smi -L
nvcc -arch=sm_90 -lineinfo -Xptxas -v -o local local-layout.cu 2> $OUT/ptxas.txt
./local
cuobjdump -sass local > $OUT/local-sass.txt
ncu --csv --metrics l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_local_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum,smsp__sass_inst_executed_op_local_ld.sum,smsp__sass_inst_executed_op_local_st.sum ./local > $OUT/local-ncu.csv 2>&1
tail -5 $OUT/local-ncu.csv
