#!/bin/sh
# SPDX-License-Identifier: ISC
# ncu-tee.sh - WARPVIZ_NCU for record.sh: runs the real ncu ($NCU, else
# ncu on PATH, else /usr/local/cuda/bin/ncu) with the arguments warpviz
# gives it and keeps a copy of everything it prints in $NCU_TEE, so the
# recording is byte for byte what warpviz's parser read.
# The second run, the source page's (--page source), goes to
# $NCU_TEE.source.
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
tee=$NCU_TEE
case " $* " in *" --page source "*) tee=$NCU_TEE.source ;; esac
"$ncu" "$@" >"$tee" 2>&1
rc=$?
cat "$tee"
exit $rc
