#!/bin/sh
# SPDX-License-Identifier: ISC
# as-compiled.sh - issue 19's validation, replayed without a GPU: for
# every catalog kernel recorded with counters in doc/results-h100.json and
# doc/results-h200.json (ncu on the H100 and on the H200), the model's instructions per space as written and as
# compiled from the H100's own SASS (tests/compiled/FILE.sass, recorded by
# tests/gpu/sass-record.sh), against ncu's.  As compiled must equal ncu
# on every count; as written differs exactly where the compiler widened
# (powers-stride32's 4x fewer STS.128/LDS.128, matmul-tiled's LDS.128).
# doc/validation.md prints the table.  TAP.
: "${WARPVIZ:=./warpviz}" "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
command -v python3 >/dev/null 2>&1 || { tap_skip "as compiled against ncu" "no python3"; tap_done; exit 0; }
python3 - "$WARPVIZ" "$srcdir" <<'PY'
import json, subprocess, sys
wv, src = sys.argv[1], sys.argv[2]
lst = json.loads(subprocess.run([wv, "list", "--json"], capture_output=True,
                                text=True).stdout)
file_of = {v["name"]: v["source"] for v in lst}
keys = ["global_load", "global_store", "shared_load", "shared_store",
        "local_load", "local_store"]
n = 0
cache = {}
def stats(v, params, extra):
    cmd = [wv, "stats", v, "--json"] + extra
    for p in params.split(","):
        cmd += ["-p", p]
    if tuple(cmd) not in cache:
        r = subprocess.run(cmd, capture_output=True, text=True)
        cache[tuple(cmd)] = json.loads(r.stdout) if r.returncode == 0 else None
    return cache[tuple(cmd)]
for gpu in ("h100", "h200"):
  res = json.load(open(src + "/doc/results-%s.json" % gpu))
  first = n
  for r in res["results"]:
      if r.get("origin") != "catalog" or "counters" not in r:
          continue
      v, c = r["variant"], r["counters"]
      sass = src + "/tests/compiled/" + file_of[v].replace(".cu", ".sass")
      w = stats(v, r["params"], [])
      a = stats(v, r["params"], ["--sass", sass])
      for g in keys:
          m = c.get(g, {}).get("requests")
          if m is None or a is None or w is None:
              continue
          n += 1
          ok = a[g]["requests"] == m
          print("%s %d - %s %s %s: as compiled %d, ncu %d (as written %d)" %
                ("ok" if ok else "not ok", n, gpu, v, r["params"].split(",")[0], a[g]["requests"],
                 m, w[g]["requests"]))
          if w[g]["requests"] != m:
              widened = (v, g) in (("powers-stride32", "shared_load"),
                                   ("powers-stride32", "shared_store"),
                                   ("matmul-tiled", "shared_load"))
              n += 1
              print("%s %d - %s: as written differs only where the compiler "
                    "widened" % ("ok" if widened else "not ok", n, v))
  if n - first < 60:
      n += 1
      print("not ok %d - fewer %s catalog counts than recorded" % (n, gpu))
print("# %d checks" % n)
print("1..%d" % n)
PY
