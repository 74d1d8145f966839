#!/bin/sh
# SPDX-License-Identifier: ISC
# run.sh - on a GPU machine with ncu: the atomic patterns of measured.txt.
# Writes $OUT/expr.csv and $OUT/table.csv (ncu's CSV, one result per
# launch, in the order of expr-patterns.txt x {red, atm, ired} and of
# table-patterns.txt) and the SASS of both (REDG or ATOMG per kernel).
set -e
cd "$(dirname "$0")"
: "${OUT:=./out}"
mkdir -p "$OUT"
M=l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum,l1tex__t_requests_pipe_lsu_mem_global_op_red.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum
nvcc -arch=sm_90 -o "$OUT/expr" expr.cu
nvcc -arch=sm_90 -o "$OUT/table" table.cu
ncu --csv --metrics "$M" "$OUT/expr" >"$OUT/expr.csv"
ncu --csv --metrics "$M" "$OUT/table" table-patterns.txt >"$OUT/table.csv"
cuobjdump -sass "$OUT/expr" "$OUT/table" | grep -E 'Function|REDG|ATOMG' >"$OUT/sass.txt"
