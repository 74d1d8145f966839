#!/bin/sh
# SPDX-License-Identifier: ISC
# ncu-corpus.sh [OUTDIR [FILE.cu...]] - on a GPU machine, from the top of
# the source tree: every kernel file (default tests/kernels/real/*.cu, the
# kernels written by others) launched once under Nsight Compute at its
# `// warpviz:` block's defaults, through a host program that
# tests/gpu/ncu-harness.py writes from the header lines alone (so a kernel
# warpviz refuses is measured too), built with nvcc -arch=sm_90 -lineinfo.
# Needs nvcc, ncu and python3; no network, no warpviz build.  Writes into
# OUTDIR (default $OUT, else ./ncu-out):
#   ncu.csv          one row per kernel: file,name,kernel,params,status and
#                    one column per metric below (status "ok" when measured;
#                    params space-separated); tests/corpus.sh replays it
#                    from tests/kernels/real/ncu.csv
#   ncu-raw.txt      ncu's own CSV of each launch
#   sass-corpus.txt  the SASS of each harness (cuobjdump -sass), to explain
#                    where the model and the hardware differ
#   sass/NAME.sass   the same with line info (nvdisasm -g -c), for
#                    warpviz stats --sass (as compiled, without a GPU)
#   raw/NAME.ncu, source/NAME.source
#                    each launch's counters and ncu's source page, for
#                    warpviz counters to replay (per source line)
#   log              versions, GPU, and what failed
# The host programs and binaries are built in a temporary folder (HARNESS
# keeps them there), so that OUTDIR holds only small text files.
# Not part of make check (no GPU there).  Exit 0 when every kernel was
# measured, 1 otherwise (the rows say which).
set -u
out=${1:-${OUT:-./ncu-out}}
[ $# -gt 0 ] && shift
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
src=$(pwd)
[ -f tests/gpu/ncu-harness.py ] || {
	echo "ncu-corpus.sh: run from the top of the warpviz tree" >&2
	exit 2
}
if [ $# -eq 0 ]; then
	set -- tests/kernels/real/*.cu
fi
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
CUOBJDUMP=${CUOBJDUMP:-$(dirname "$NVCC")/cuobjdump}
ARCH=${ARCH:-sm_90}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 4)}
h=${HARNESS:-${TMPDIR:-/tmp}/ncu-corpus.$$}
[ -n "${HARNESS:-}" ] || trap 'rm -rf "$h"' EXIT
mkdir -p "$h" || exit 2
log=$out/log
: >"$log"
say() { echo "$*"; echo "$*" >>"$log"; }

# The counters the model predicts (the first eight, as doc/validation.md
# and tests/gpu/ncu-validate.py), then the ones that explain a difference:
# instructions, local memory, atomics and reductions, registers, time.
METRICS="l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
smsp__sass_inst_executed_op_shared_ld.sum
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
smsp__sass_inst_executed_op_shared_st.sum
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
smsp__sass_inst_executed_op_global_ld.sum
smsp__sass_inst_executed_op_global_st.sum
smsp__sass_inst_executed_op_local_ld.sum
smsp__sass_inst_executed_op_local_st.sum
l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum
l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum
l1tex__t_requests_pipe_lsu_mem_global_op_red.sum
l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum
launch__registers_per_thread
gpu__time_duration.sum"
mlist=$(echo "$METRICS" | tr '\n' ',' | sed 's/,$//')

say "ncu-corpus: $(date -u) on $(nvidia-smi --query-gpu=name,driver_version \
    --format=csv,noheader 2>/dev/null | head -n 1)"
say "nvcc: $("$NVCC" --version 2>&1 | tail -n 2 | tr '\n' ' ')"
say "ncu: $("$NCU" --version 2>&1 | tail -n 1)"
say "arch: $ARCH, files: $#"

# 1. One host program per warpviz block: "name kernel file params" lines.
: >"$h/list"
for f in "$@"; do
	python3 tests/gpu/ncu-harness.py "$f" "$h" >>"$h/list" 2>>"$log" ||
	    say "$f: no harness"
done
say "harnesses: $(wc -l <"$h/list")"

# 2. Build them in parallel (-lineinfo does not change the code).
cut -d ' ' -f 1 "$h/list" | (cd "$h" && xargs -P "$JOBS" -I{} sh -c \
    '"$0" -arch="$1" -lineinfo -o {}.bin {}.cu >{}.log 2>&1' "$NVCC" "$ARCH")
for n in $(cut -d ' ' -f 1 "$h/list"); do
	[ -x "$h/$n.bin" ] || say "$n: build failed: $(head -n 3 "$h/$n.log" | tr '\n' ' ')"
done

# 3. SASS of each, to read where the counts differ.
[ -x "$CUOBJDUMP" ] || say "no $CUOBJDUMP: no SASS"
[ -x "$CUOBJDUMP" ] && for n in $(cut -d ' ' -f 1 "$h/list"); do
	[ -x "$h/$n.bin" ] || continue
	echo "### $n"
	"$CUOBJDUMP" -sass "$h/$n.bin" |
	    grep -v -E '^[[:space:]]*/\* 0x[0-9a-f]+ \*/[[:space:]]*$'
done >"$out/sass-corpus.txt" 2>>"$log"
# ... and with line info (nvdisasm -g -c of each cubin the binary holds),
# as tests/compiled/*.sass: what `warpviz stats --sass FILE` replays, so
# that the corpus can be counted as compiled without a GPU.
NVDISASM=${NVDISASM:-$(dirname "$NVCC")/nvdisasm}
mkdir -p "$out/sass"
[ -x "$NVDISASM" ] || say "no $NVDISASM: no SASS with line info"
[ -x "$CUOBJDUMP" ] && [ -x "$NVDISASM" ] &&
    for n in $(cut -d ' ' -f 1 "$h/list"); do
	[ -x "$h/$n.bin" ] || continue
	rm -rf "$h/$n.elf" && mkdir -p "$h/$n.elf"
	(cd "$h/$n.elf" && "$CUOBJDUMP" -xelf all "$h/$n.bin" >/dev/null) &&
	    for c in "$h/$n.elf"/*.cubin; do
		"$NVDISASM" -g -c "$c"
	    done >"$out/sass/$n.sass"
done 2>>"$log"

# 4. Each launched once under ncu, its kernel only (by name: a template's
# function name carries no arguments, hence the regex).
core=$(echo "$METRICS" | head -n 8 | tr '\n' ',' | sed 's/,$//')
# measure METRICS: $name's kernel once under ncu into $h/$name.ncu.
measure() {
	timeout 60 "$NCU" --csv --metrics "$1" \
	    -k "regex:^$kernel(<|\\(|\$)" --launch-count 1 "$b" \
	    >"$h/$name.ncu" 2>"$h/$name.err"
}
echo "file,name,kernel,params,status,$mlist" >"$out/ncu.csv"
: >"$out/ncu-raw.txt"
bad=0
while read -r name kernel file params; do
	b=$h/$name.bin
	if [ ! -x "$b" ]; then
		status="build failed"
	else
		echo "### $name $kernel $params" >>"$out/ncu-raw.txt"
		measure "$mlist"
		rc=$?
		if [ $rc -ne 0 ] || ! grep -q '^"' "$h/$name.ncu"; then
			# a metric this ncu does not know must not cost the
			# eight the replay needs: once more with those alone
			cat "$h/$name.err" >>"$log"
			measure "$core"
			rc=$?
		fi
		cat "$h/$name.ncu" >>"$out/ncu-raw.txt"
		status=ok
		[ $rc -eq 0 ] || status="ncu exit $rc"
		if ! grep -q '^"' "$h/$name.ncu"; then
			[ "$status" = ok ] && status="no counters" ||
			    status="$status and no counters"
		fi
		[ "$status" = ok ] || tail -n 3 "$h/$name.err" | sed "s/^/$name: /" >>"$log"
	fi
	[ "$status" = ok ] || { bad=1; say "$name: $status"; }
	python3 - "$file" "$name" "$kernel" "$params" "$status" "$h/$name.ncu" \
	    "$mlist" >>"$out/ncu.csv" <<'EOF'
import csv, io, os, sys
file, name, kernel, params, status, path, mlist = sys.argv[1:8]
vals = {}
if os.path.exists(path):
    rows = [l for l in open(path).read().splitlines() if l.startswith('"')]
    for r in csv.DictReader(io.StringIO("\n".join(rows))):
        vals[r["Metric Name"]] = r["Metric Value"].replace(",", "")
cols = [vals.get(m, "") for m in mlist.split(",")]
if status == "ok" and any(c == "" for c in cols[:8]):
    status = "missing counters"
print(",".join([file, name, kernel, params.replace(",", " "), status] + cols))
EOF
done <"$h/list"
say "measured: $(grep -c ',ok,' "$out/ncu.csv") of $(($(wc -l <"$out/ncu.csv") - 1)) kernels"

# 5. Per kernel, its own counters (raw/NAME.ncu) and Nsight Compute's
# source page of the same launch (source/NAME.source: per CUDA line, each
# SASS instruction's executions, sectors and wavefronts), the two outputs
# 'warpviz counters' reads, so that it replays them without a GPU
# (through tests/counters/ncu-fake.sh).  SOURCE=0 skips it.
if [ "${SOURCE:-1}" != 0 ]; then
	mkdir -p "$out/raw" "$out/source"
	while read -r name kernel file params; do
		b=$h/$name.bin
		[ -x "$b" ] && [ -s "$h/$name.ncu" ] || continue
		cp "$h/$name.ncu" "$out/raw/$name.ncu"
		timeout 90 "$NCU" --csv --page source --print-source cuda,sass \
		    --section SourceCounters -k "regex:^$kernel(<|\\(|\$)" \
		    --launch-count 1 "$b" </dev/null >"$out/source/$name.source" 2>&1 ||
		    say "$name: source page: exit $?"
	done <"$h/list"
	say "source pages: $(ls "$out/source" | wc -l)"
fi
say "ncu-corpus: done $(date -u)"
exit $bad
