#!/bin/sh
# SPDX-License-Identifier: ISC
# run.sh PATTERNS - on a GPU machine: one launch of tex.cu per pattern line
# ("name texel_bytes x0 y0 ... x31 y31") under ncu, the texture requests
# and sectors of each into $OUT/tex.csv.  derive.txt and verify.txt hold
# what it measured, joined to their patterns.
set -eu
cd "$(dirname "$0")"
nvcc -arch=sm_90 -o tex tex.cu
ncu --csv --metrics l1tex__t_requests_pipe_tex_mem_texture.sum,l1tex__t_sectors_pipe_tex_mem_texture.sum \
    ./tex "$1" > "$OUT/tex.csv"
