#!/bin/sh
# ncu-shared.sh - measure the 8- and 16-byte shared-memory rule with Nsight
# Compute: one LDS/STS instruction per kernel (ncu-shared.cu), one warp,
# the lane patterns of doc/rules.md, and compare each launch's wavefronts
# with the model's (src/model/rules.c, tests/unit/test-rules.c).
#
#   tests/gpu/ncu-shared.sh            (on a machine with a GPU and ncu)
#   NVCC=... NCU=... ARCH=sm_90 tests/gpu/ncu-shared.sh
#
# Prints one line per launch: pattern, op, measured, model; exits 1 when
# any differ, 77 (skip) without nvcc, ncu or a GPU.
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
ARCH=${ARCH:-native}
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$NVCC" ] || { echo "SKIP: no nvcc"; exit 77; }
[ -x "$NCU" ] || { echo "SKIP: no ncu"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ncu-shared.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
"$NVCC" -O3 -arch="$ARCH" -o "$tmp/ncu-shared" "$here/ncu-shared.cu" ||
    exit 1
"$tmp/ncu-shared" || { echo "SKIP: no GPU ($tmp/ncu-shared failed)"; exit 77; }
"$NCU" --csv --metrics \
    l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum \
    "$tmp/ncu-shared" >"$tmp/ncu.csv" 2>"$tmp/ncu.err" ||
    { cat "$tmp/ncu.err"; exit 1; }
python3 - "$tmp/ncu.csv" <<'PY'
import csv, sys

# (pattern, bytes, what the lanes address, model load, model store); the
# launches come in this order, a load then a store per pattern.
PATTERNS = [
    (0, 8, "all lanes one double", 1, 2),
    (1, 8, "half-warps on two neighbouring doubles", 1, 2),
    (2, 8, "alternating doubles in the same banks", 2, 4),
    (3, 8, "consecutive doubles", 2, 2),
    (4, 16, "all lanes one 16-byte chunk", 2, 4),
    (5, 16, "two chunks (lane parity)", 2, 4),
    (6, 16, "four chunks (lane mod 4)", 2, 4),
    (7, 16, "chunks 0 and 128 split by half-warp", 2, 4),
    (8, 16, "consecutive float4", 4, 4),
]
rows = [r for r in csv.reader(l for l in open(sys.argv[1])
        if l.startswith('"'))]
head, rows = rows[0], rows[1:]
idx = {k: i for i, k in enumerate(head)}
launches = {}
for r in rows:
    lid = int(r[idx["ID"]])
    name = r[idx["Metric Name"]]
    val = float(r[idx["Metric Value"]].replace(",", ""))
    launches.setdefault(lid, {})[name] = val
ids = sorted(launches)
if len(ids) != 2 * len(PATTERNS):
    sys.exit("ncu-shared: %d launches profiled, want %d" %
             (len(ids), 2 * len(PATTERNS)))
bad = 0
print("%-3s %-5s %-40s %8s %6s" % ("pat", "op", "lanes", "measured", "model"))
for i, (p, size, what, ld, st) in enumerate(PATTERNS):
    for j, (op, model) in enumerate((("ld", ld), ("st", st))):
        m = launches[ids[2 * i + j]]
        got = m["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + op +
                ".sum"]
        flag = "" if got == model else "  <-- differs"
        bad += got != model
        print("%-3d %-5s %-40s %8g %6d%s" % (p, "%s%d" % (op, 8 * size),
              what, got, model, flag))
sys.exit(1 if bad else 0)
PY
