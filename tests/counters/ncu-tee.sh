#!/bin/sh
# SPDX-License-Identifier: ISC
# ncu-tee.sh - WARPVIZ_NCU for record.sh: runs the real ncu ($NCU, else
# ncu on PATH, else /usr/local/cuda/bin/ncu) with the arguments warpviz
# gives it and keeps a copy of everything it prints in $NCU_TEE, so the
# recording is byte for byte what warpviz's parser read.
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
"$ncu" "$@" >"$NCU_TEE" 2>&1
rc=$?
cat "$NCU_TEE"
exit $rc
