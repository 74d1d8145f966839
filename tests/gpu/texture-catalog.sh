#!/bin/sh
# SPDX-License-Identifier: ISC
# texture-catalog.sh [WARPVIZ] - the texture walks of cuda/texture.cu on the
# GPU, outside warpviz (a check of its runner's CUDA arrays): timings of
# tex-row, tex-col and their global partners (texture-catalog.cu), then one
# launch of each under ncu, its texture and global requests and sectors
# beside the model's (warpviz stats --json).  Needs nvcc, ncu and a GPU;
# skips (77) otherwise.  Exits 1 when a count differs from the model.
# On the device:  sh tests/gpu/texture-catalog.sh ./warpviz | tee $OUT/texture-catalog.txt
set -u
: "${WARPVIZ:=${1:-./warpviz}}"
dir=$(cd "$(dirname "$0")" && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
[ -x "$NVCC" ] || { echo "SKIP: no nvcc"; exit 77; }
[ -x "$NCU" ] || { echo "SKIP: no ncu"; exit 77; }
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 ||
    { echo "SKIP: no GPU"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/texcat.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$NVCC" -O2 -lineinfo -o "$tmp/texcat" "$dir/texture-catalog.cu" || exit 1
echo "timings (2048 x 2048 floats; not under ncu):"
"$tmp/texcat" 2048 2048 || exit 1
"$NCU" --csv --metrics \
l1tex__t_requests_pipe_tex_mem_texture.sum,l1tex__t_sectors_pipe_tex_mem_texture.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum \
    "$tmp/texcat" 2048 2048 once > "$tmp/ncu.csv" 2> "$tmp/ncu.err" ||
    { cat "$tmp/ncu.err"; exit 1; }
exec python3 - "$WARPVIZ" "$tmp/ncu.csv" <<'PY'
import csv, io, json, subprocess, sys

warpviz, path = sys.argv[1], sys.argv[2]
rows = [l for l in open(path) if l.startswith('"')]
kern = {"tex_row": "tex-row", "tex_col": "tex-col",
        "tex_row_global": "tex-row-global", "tex_col_global": "tex-col-global"}
got = {}
for r in csv.DictReader(io.StringIO("".join(rows))):
    name = kern.get(r["Kernel Name"].split("(")[0])
    if name:
        got.setdefault(name, {})[r["Metric Name"]] = float(
            r["Metric Value"].replace(",", "") or 0)
bad = 0
print("\n| kernel | tex req model/ncu | tex sectors model/ncu | "
      "global ld req model/ncu | global ld sectors model/ncu |")
print("|---|---|---|---|---|")
for name in ["tex-row", "tex-col", "tex-row-global", "tex-col-global"]:
    d = json.loads(subprocess.run([warpviz, "stats", name, "--json"],
                                  capture_output=True, text=True,
                                  check=True).stdout)
    m = got.get(name, {})
    pairs = [(d["texture"]["tex_requests"],
              m.get("l1tex__t_requests_pipe_tex_mem_texture.sum", -1)),
             (d["texture"]["sectors"],
              m.get("l1tex__t_sectors_pipe_tex_mem_texture.sum", -1)),
             (d["global_load"]["requests"],
              m.get("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", -1)),
             (d["global_load"]["sectors"],
              m.get("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", -1))]
    same = all(int(a) == int(b) for a, b in pairs)
    bad += not same
    print("| %s | %s |%s" % (name, " | ".join("%d / %d" % p for p in pairs),
                            "" if same else " DIFFERS"))
print("%d of 4 differ" % bad)
sys.exit(1 if bad else 0)
PY
