#!/bin/sh
# SPDX-License-Identifier: ISC
# ncu-validate.sh [WARPVIZ] - model vs Nsight Compute, kernel by kernel
# (see ncu-validate.py).  Skips (77) without a GPU or without ncu.
: "${WARPVIZ:=${1:-./warpviz}}"
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
unset WARPVIZ_GPU
"$WARPVIZ" gpu >/dev/null 2>&1 || { echo "SKIP: no GPU"; exit 77; }
[ -x "$NCU" ] || { echo "SKIP: no ncu"; exit 77; }
exec python3 "$(dirname "$0")/ncu-validate.py" "$WARPVIZ" "$NCU"
