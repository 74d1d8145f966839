#!/bin/sh
# SPDX-License-Identifier: ISC
# ladder.sh [WARPVIZ] [OUT.json] - the 2-hop ladder V0 -> V1 -> V2 -> V3 at
# n=4000 and at the course's n=6300, with every other catalog variant at
# its defaults, in one 'bench --json' record (the form of
# doc/results-h100.json), then the ladder as a table of times and
# speed-ups.  Skips (77) without a GPU.  Takes a minute or two on an H100.
: "${WARPVIZ:=${1:-./warpviz}}"
out=${2:-results.json}
unset WARPVIZ_GPU WARPVIZ_NVRTC
"$WARPVIZ" gpu >/dev/null 2>&1 || { echo "SKIP: no GPU"; exit 77; }

all=$("$WARPVIZ" list | awk '/^  [a-z]/ { print $1 }')
ladder=
for n in 4000 6300; do
	for v in 0 1 2 3; do
		ladder="$ladder twohop-v$v:n=$n"
	done
done
# shellcheck disable=SC2086
"$WARPVIZ" bench $all $ladder --json >"$out" || status=$?
python3 - "$out" <<'PY'
import json, sys
rec = json.load(open(sys.argv[1]))
print("%s, CUDA %s" % (rec["gpu"], rec["driver"]))
for n in (4000, 6300):
    base = None
    for v in range(4):
        r = [x for x in rec["results"] if x["variant"] == "twohop-v%d" % v
             and x["params"].startswith("n=%d," % n)]
        if not r:
            print("  n=%d V%d: missing" % (n, v))
            continue
        r = r[0]
        if r["status"] != "ok":
            print("  n=%d V%d: %s %s" % (n, v, r["status"], r["error"]))
            continue
        base = base or r["ms"]
        print("  n=%d V%d %10.2f ms  %6.1fx V0  (%s, %d regs)" % (n, v,
              r["ms"], base / r["ms"], r["params"], r["regs"]))
PY
echo "wrote $out"
exit ${status:-0}
