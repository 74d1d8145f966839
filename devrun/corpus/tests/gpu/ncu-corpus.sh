#!/bin/sh
# SPDX-License-Identifier: ISC
# ncu-corpus.sh SRCDIR OUTDIR - on a GPU machine: every kernel file of
# tests/kernels/real, tests/kernels and cuda launched once under Nsight
# Compute, at each `// warpviz:` block's defaults, through a host program
# tests/gpu/ncu-harness.py writes (so refused kernels are measured too);
# and the sm_90 SASS of every catalog file.  Writes OUTDIR/ncu-corpus.csv
# (harness,kernel,params,metric,unit,value), OUTDIR/ncu-raw.txt (ncu's own
# CSV per harness), OUTDIR/sass-*.txt (catalog files, nvdisasm -g) and
# OUTDIR/sass-corpus.txt (cuobjdump -sass of tests/kernels/real) and
# OUTDIR/log.  Not part of make check (no GPU there): its results are
# recorded in tests/gpu/recorded/.
set -u
src=$(cd "${1:-.}" && pwd)
out=${2:-./ncu-out}
mkdir -p "$out"
out=$(cd "$out" && pwd)
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
CUDA_BIN=$(dirname "$NVCC")
ARCH=${ARCH:-sm_90}
w=${TMPDIR:-/tmp}/ncu-corpus.$$
mkdir -p "$w/h"
log=$out/log
exec 3>>"$log"
say() { echo "$*"; echo "$*" >&3; }

METRICS=l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,\
l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,\
smsp__sass_inst_executed_op_shared_ld.sum,\
smsp__sass_inst_executed_op_shared_st.sum,\
smsp__sass_inst_executed_op_global_ld.sum,\
smsp__sass_inst_executed_op_global_st.sum,\
smsp__sass_inst_executed_op_local_ld.sum,\
smsp__sass_inst_executed_op_local_st.sum,\
l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum,\
l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum,\
l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum,\
l1tex__t_requests_pipe_lsu_mem_global_op_red.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum,\
l1tex__t_sector_hit_rate.pct,\
lts__t_sector_hit_rate.pct,\
dram__bytes_read.sum,\
dram__bytes_write.sum,\
launch__registers_per_thread,\
gpu__time_duration.sum

say "ncu-corpus: $(date -u) on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"
say "nvcc: $("$NVCC" --version | tail -n 2 | tr '\n' ' ')"
say "ncu: $("$NCU" --version | tail -n 1)"

# 1. One host program per warpviz block.
: >"$w/list"
for f in "$src"/tests/kernels/real/*.cu "$src"/tests/kernels/*.cu "$src"/cuda/*.cu; do
	python3 "$src/tests/gpu/ncu-harness.py" "$f" "$w/h" >>"$w/list" 2>>"$log"
done
say "harnesses: $(wc -l <"$w/list")"

# 2. Build them (-lineinfo does not change the code).
(cd "$w/h" && ls *.cu | xargs -P 16 -I{} sh -c \
    '"$0" -arch='"$ARCH"' -lineinfo -o "$(basename {} .cu).bin" {} \
    >"$(basename {} .cu).log" 2>&1 || echo "build failed: {}"' "$NVCC") \
    | tee -a "$log"

# 3. SASS of every catalog file, with line info.
for f in "$src"/cuda/*.cu; do
	n=$(basename "$f" .cu)
	"$NVCC" -arch="$ARCH" -lineinfo -cubin -o "$w/$n.cubin" "$f" 2>>"$log" || continue
	if [ -x "$CUDA_BIN/nvdisasm" ]; then
		"$CUDA_BIN/nvdisasm" -g -c "$w/$n.cubin" >"$out/sass-$n.txt" 2>>"$log"
	else
		"$CUDA_BIN/cuobjdump" -sass "$w/$n.cubin" >"$out/sass-$n.txt" 2>>"$log"
	fi
done
say "sass: $(ls "$out"/sass-*.txt 2>/dev/null | wc -l) files, $(cat "$out"/sass-*.txt 2>/dev/null | wc -c) bytes"
# The corpus kernels' SASS too, to explain where the model and ncu differ.
for f in "$src"/tests/kernels/real/*.cu; do
	n=$(basename "$f" .cu)
	b=$w/h/$n.bin
	[ -x "$b" ] && { echo "### $n"; "$CUDA_BIN/cuobjdump" -sass "$b" | \
	    grep -v -E '^[[:space:]]*/\* 0x[0-9a-f]+ \*/[[:space:]]*$'; }
done >"$out/sass-corpus.txt" 2>>"$log"

# 4. Each launched once under ncu.
: >"$out/ncu-raw.txt"
echo "harness,kernel,params,metric,unit,value" >"$out/ncu-corpus.csv"
while read -r name kernel params; do
	b=$w/h/$name.bin
	[ -x "$b" ] || { say "$name: not built"; continue; }
	echo "### $name $kernel $params" >>"$out/ncu-raw.txt"
	timeout 120 "$NCU" --csv --metrics "$METRICS" -k "$kernel" --launch-count 1 "$b" \
	    >"$w/one.csv" 2>"$w/one.err"
	rc=$?
	cat "$w/one.csv" >>"$out/ncu-raw.txt"
	[ $rc -eq 0 ] || { say "$name: ncu exit $rc"; tail -n 3 "$w/one.err" >&3; }
	python3 - "$name" "$kernel" "$params" "$w/one.csv" >>"$out/ncu-corpus.csv" <<'EOF'
import csv, io, sys
name, kernel, params, path = sys.argv[1:5]
rows = [l for l in open(path).read().splitlines() if l.startswith('"')]
for r in csv.DictReader(io.StringIO("\n".join(rows))):
    print('%s,%s,"%s",%s,%s,%s' % (name, kernel, params, r["Metric Name"],
          r.get("Metric Unit", ""), r["Metric Value"].replace(",", "")))
EOF
done <"$w/list"
say "measured: $(cut -d, -f1 "$out/ncu-corpus.csv" | sort -u | wc -l) harnesses (header included)"

rm -rf "$w"
say "ncu-corpus: done $(date -u)"
