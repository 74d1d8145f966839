#!/bin/sh
# SPDX-License-Identifier: ISC
# dram-camping.sh [WARPVIZ] [OUT.json] - does a power-of-two row stride
# pile onto a few DRAM channels on this GPU, as the teaching model of the
# m key says (8 channels of 256 bytes: rows 8 KB apart all land on one)?
# matmul-row reads M down a column, lanes Width floats apart: the same 16
# sectors per request at every width here, so time per multiply-add should
# not depend on the width unless the row stride matters to the memory
# system.  Times matmul-row at widths around 2048 with 'bench --json' and
# prints, per width, ns per Width^3 multiply-adds beside the model's
# share of the channels' parallelism (show --dram).  Skips (77) without a
# GPU.  A few minutes on an H100 (the partners are timed too).
: "${WARPVIZ:=${1:-./warpviz}}"
out=${2:-dram-camping.json}
unset WARPVIZ_GPU WARPVIZ_NVRTC
"$WARPVIZ" gpu >/dev/null 2>&1 || { echo "SKIP: no GPU"; exit 77; }

widths="1984 2016 2040 2048 2056 2080 2112 4096 4088"
specs=
for w in $widths; do
	specs="$specs matmul-row:width=$w"
done
# shellcheck disable=SC2086
"$WARPVIZ" bench $specs --json >"$out" || status=$?
for w in $widths; do
	spread=$("$WARPVIZ" show matmul-row -p width=$w --dram --size 160x45 |
	    sed -n 's/.*sectors: \([0-9]*%\) of the .*/\1/p')
	echo "$w $spread"
done >"$out.model"
python3 - "$out" "$out.model" <<'PY'
import json, sys
rec = json.load(open(sys.argv[1]))
model = dict(l.split() for l in open(sys.argv[2]) if len(l.split()) == 2)
print("%s, CUDA %s" % (rec.get("gpu"), rec.get("driver")))
print("width  ms        ns per W^3 MAC  model: channels' parallelism")
for x in rec["results"]:
    if x["variant"] != "matmul-row" or x["status"] != "ok":
        continue
    w = int(x["params"].split("width=")[1].split(",")[0])
    print("%5d  %8.3f  %14.4f  %s" % (w, x["ms"], x["ms"] * 1e6 / w ** 3,
          model.get(str(w), "?")))
PY
exit ${status:-0}
