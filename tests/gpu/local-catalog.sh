#!/bin/sh
# SPDX-License-Identifier: ISC
# local-catalog.sh [WARPVIZ] - the local-memory catalog kernels
# (cuda/local.cu) on the GPU: Nsight Compute's local-memory counters for one
# launch of each (warpviz bench --once) against the model's totals
# (warpviz stats --json, local_load and local_store), then the live timings
# (warpviz bench).  Needs a warpviz built with CUDA, ncu and a GPU; skips
# (77) otherwise.  Prints a Markdown table for doc/validation.md and exits
# 1 when a request or sector count differs from the model.
# On the device:  sh tests/gpu/local-catalog.sh ./warpviz | tee $OUT/local-catalog.txt
set -u
: "${WARPVIZ:=${1:-./warpviz}}"
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
unset WARPVIZ_GPU
"$WARPVIZ" gpu >/dev/null 2>&1 || { echo "SKIP: no GPU"; exit 77; }
[ -x "$NCU" ] || { echo "SKIP: no ncu"; exit 77; }
exec python3 - "$WARPVIZ" "$NCU" <<'PY'
import csv, io, json, subprocess, sys

WARPVIZ, NCU = sys.argv[1], sys.argv[2]
# Default sizes, and small ones (one block of one warp: reps=1, m=32).
SPECS = ["local-uniform", "local-lane", "local-uniform16", "local-lane16",
         "local-uniform:n=32,reps=1,wpb=1", "local-lane:n=32,reps=1,wpb=1",
         "local-uniform16:n=32,reps=1,wpb=1",
         "local-lane16:n=32,reps=1,wpb=1"]
M = ["l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum",
     "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum",
     "l1tex__t_requests_pipe_lsu_mem_local_op_st.sum",
     "l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum",
     "smsp__sass_inst_executed_op_local_ld.sum",
     "smsp__sass_inst_executed_op_local_st.sum",
     "gpu__time_duration.sum"]


def num(s):
    return float(s.replace(",", "")) if s not in ("", "n/a") else 0.0


def ncu(spec):
    p = subprocess.run([NCU, "--csv", "--metrics", ",".join(M),
                        "--launch-count", "1", WARPVIZ, "bench", "--once",
                        spec], capture_output=True, text=True)
    rows = [l for l in p.stdout.splitlines() if l.startswith('"')]
    m = {}
    for r in csv.DictReader(io.StringIO("\n".join(rows))):
        m[r["Metric Name"]] = num(r["Metric Value"])
    if not m:
        sys.stderr.write("ncu gave nothing for %s:\n%s\n%s\n" %
                         (spec, p.stdout[-1500:], p.stderr[-1500:]))
    return m


def model(spec):
    name, _, ps = spec.partition(":")
    cmd = [WARPVIZ, "stats", name, "--json"]
    for a in filter(None, ps.split(",")):
        cmd += ["-p", a]
    return json.loads(subprocess.run(cmd, capture_output=True, text=True,
                                     check=True).stdout)


bad = 0
print("| kernel | ld req model/ncu | ld sectors model/ncu | st req "
      "model/ncu | st sectors model/ncu | ld/st inst (ncu) |")
print("|---|---|---|---|---|---|")
for spec in SPECS:
    n, d = ncu(spec), model(spec)
    ld, st = d["local_load"], d["local_store"]
    pairs = [(ld["requests"], n.get(M[0], -1)), (ld["sectors"], n.get(M[1], -1)),
             (st["requests"], n.get(M[2], -1)), (st["sectors"], n.get(M[3], -1))]
    same = all(int(a) == int(b) for a, b in pairs)
    bad += not same
    print("| %s | %s | %s | %s | %s | %d / %d |%s" % (
        spec, *("%d / %d" % (a, b) for a, b in pairs),
        n.get(M[4], -1), n.get(M[5], -1), "" if same else " DIFFERS"))
sys.stdout.flush()
print("\ntimings (warpviz bench, not under ncu):")
sys.stdout.flush()
subprocess.run([WARPVIZ, "bench", "local-uniform", "local-lane",
                "local-uniform16", "local-lane16"])
print("%d of %d differ" % (bad, len(SPECS)))
sys.exit(1 if bad else 0)
PY
