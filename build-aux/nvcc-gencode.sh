#!/bin/sh
# SPDX-License-Identifier: ISC
# nvcc-gencode.sh NVCC - print the nvcc -gencode flags configure uses when
# NVCC_GENCODE is not given: machine code for every plain sm_XY from sm_50
# up that "NVCC --list-gpu-code" offers (so a CUDA 12.x nvcc builds for
# Maxwell and Pascal too, CUDA 13.0 from sm_75), and PTX of the lowest for
# GPUs newer than the toolkit.  Suffixed targets (sm_90a) are left out:
# their code runs on that one architecture only.
floor=50
nvcc=$1
arches=`$nvcc --list-gpu-code 2>/dev/null | sed -n 's/^sm_\([0-9][0-9]*\)$/\1/p' | sort -n | uniq`
flags=
lowest=
for a in $arches; do
	test "$a" -ge $floor || continue
	test -n "$lowest" || lowest=$a
	flags="$flags -gencode arch=compute_$a,code=sm_$a"
done
test -n "$lowest" || lowest=$floor
flags="$flags -gencode arch=compute_$lowest,code=compute_$lowest"
echo $flags
