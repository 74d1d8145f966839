#!/bin/sh
# SPDX-License-Identifier: ISC
# ncu-source.sh OUTDIR FILE.cu [RUNS] - on a GPU machine, from the top of
# the source tree: where a corpus kernel's shared wavefronts differ from
# the model as compiled (tests/kernels/real/compiled.txt: sdk-reduce5's
# 192 extra load wavefronts, sgemm5's store wavefronts), say per SASS
# instruction which one takes them, and whether they change from run to
# run.  The harness is tests/gpu/ncu-corpus.sh's (tests/gpu/ncu-harness.py,
# nvcc -arch=sm_90 -lineinfo).  Writes into OUTDIR:
#   repeat.csv     the four shared counters of RUNS (default 5) launches,
#                  one ncu run each (ncu's CSV rows, one block per run)
#   source.csv     ncu's source page, SASS with its per-instruction
#                  counters (--section SourceCounters), as CSV
#   NAME.sass      cuobjdump -sass of the binary measured
#   log            versions and what failed
# Needs nvcc, ncu, cuobjdump and python3; no warpviz build.  Not part of
# make check (no GPU there).
set -u
[ $# -ge 2 ] || { echo "usage: ncu-source.sh OUTDIR FILE.cu [RUNS]" >&2; exit 2; }
out=$1
f=$2
runs=${3:-5}
[ -f tests/gpu/ncu-harness.py ] || {
	echo "ncu-source.sh: run from the top of the warpviz tree" >&2
	exit 2
}
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
CUOBJDUMP=${CUOBJDUMP:-$(dirname "$NVCC")/cuobjdump}
h=$(mktemp -d "${TMPDIR:-/tmp}/ncu-source.XXXXXX") || exit 2
trap 'rm -rf "$h"' EXIT
log=$out/log
: >"$log"
say() { echo "$*"; echo "$*" >>"$log"; }
say "ncu-source: $(date -u) $f on $(nvidia-smi --query-gpu=name,driver_version \
    --format=csv,noheader 2>/dev/null | head -n 1)"
say "nvcc: $("$NVCC" --version 2>&1 | tail -n 2 | tr '\n' ' ')"
say "ncu: $("$NCU" --version 2>&1 | tail -n 1)"

python3 tests/gpu/ncu-harness.py "$f" "$h" >"$h/list" 2>>"$log" ||
    { say "$f: no harness"; exit 1; }
read -r name kernel file params <"$h/list"
"$NVCC" -arch=sm_90 -lineinfo -o "$h/$name.bin" "$h/$name.cu" >>"$log" 2>&1 ||
    { say "$name: build failed"; exit 1; }
"$CUOBJDUMP" -sass "$h/$name.bin" >"$out/$name.sass" 2>>"$log"
k="regex:^$kernel(<|\\(|\$)"

# 1. The shared counters, RUNS times.
m=smsp__sass_inst_executed_op_shared_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
: >"$out/repeat.csv"
r=1
while [ "$r" -le "$runs" ]; do
	echo "### run $r" >>"$out/repeat.csv"
	timeout 120 "$NCU" --csv --metrics "$m" -k "$k" --launch-count 1 \
	    "$h/$name.bin" 2>>"$log" | grep '^"' >>"$out/repeat.csv" ||
	    say "run $r: ncu failed"
	r=$((r + 1))
done

# 2. Per SASS instruction: the source counters, read back as CSV.
timeout 300 "$NCU" --section SourceCounters --import-source yes -k "$k" \
    --launch-count 1 -f -o "$h/rep" "$h/$name.bin" >>"$log" 2>&1 ||
    say "source counters: ncu failed"
"$NCU" -i "$h/rep.ncu-rep" --page source --csv --print-source sass \
    >"$out/source.csv" 2>>"$log" ||
    say "source page: ncu -i failed (see log)"
say "ncu-source: done $(date -u)"
