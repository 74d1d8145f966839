#!/bin/sh
# SPDX-License-Identifier: ISC
# sass-record.sh - on a machine with the CUDA toolkit (nvcc, nvdisasm;
# no GPU needed): record the SASS of every catalog kernel and of the
# kernel files in tests/kernels/ for sm_NN (default 90) with line info,
# as `nvdisasm -g -c` prints it, and warpviz's own as-compiled counts
# next to them (SASS when nvdisasm is found, else PTX).  Writes under
# OUT (default $OUT, else ./sass-out):
#   sass/FILE.sass        nvdisasm -g -c of nvcc -cubin -lineinfo FILE.cu
#   ptx/FILE.ptx          nvcc -ptx -lineinfo, compute_NN
#   stats/SPEC.json       warpviz stats --as-compiled --json SPEC
#   stats/SPEC.sass.json  the same from the recorded listing (--sass)
#   toolkit.txt           nvcc --version, nvdisasm --version
# Usage: sh tests/gpu/sass-record.sh [WARPVIZ] [SM]
set -u
: "${srcdir:=.}"
wv=${1:-./warpviz}
sm=${2:-90}
out=${OUT:-./sass-out}
mkdir -p "$out/sass" "$out/ptx" "$out/stats" || exit 1
command -v nvcc >/dev/null || { echo "sass-record: no nvcc" >&2; exit 1; }
command -v nvdisasm >/dev/null || { echo "sass-record: no nvdisasm" >&2; exit 1; }
{ nvcc --version; nvdisasm --version; } > "$out/toolkit.txt" 2>&1
for f in "$srcdir"/cuda/*.cu "$srcdir"/tests/kernels/*.cu; do
	b=$(basename "$f" .cu)
	nvcc -cubin -lineinfo -arch=sm_$sm -o "$out/$b.cubin" "$f" &&
	    nvdisasm -g -c "$out/$b.cubin" > "$out/sass/$b.sass"
	nvcc -ptx -lineinfo -arch=compute_$sm -o "$out/ptx/$b.ptx" "$f"
	rm -f "$out/$b.cubin"
done
# The specs of doc/validation.md, and the kernel files at their defaults.
specs="matmul-col:width=1024 matmul-row:width=1024
matmul-tiled:width=1024,tile=8 matmul-tiled:width=1024
matmul-tiled:width=1024,tile=32 twohop-v0:n=1000 twohop-v1:n=1000
twohop-v2:n=1000 twohop-v3:n=1000 copy-offset copy-offset:offset=0
stride powers-stride32 powers-transposed powers-padded struct12 struct16
double2 array2d array2d-pitch const-uniform const-divergent"
for k in "$srcdir"/tests/kernels/*.cu; do
	specs="$specs $k"
done
for spec in $specs; do
	v=${spec%%:*}
	p=${spec#"$v"}
	p=${p#:}
	name=$(basename "$v" .cu)${p:+-$(echo "$p" | tr ',=' '-_')}
	set -- "$v"
	[ -n "$p" ] && set -- "$@" $(echo "$p" | tr ',' '\n' | sed 's/^/-p /')
	"$wv" stats "$@" --as-compiled --sm "$sm" --json \
	    > "$out/stats/$name.json" 2> "$out/stats/$name.err"
	case $v in
	*.cu) src=$(basename "$v" .cu) ;;
	*) src=$(grep -l "warpviz: name=$v\$" "$srcdir"/cuda/*.cu | head -n 1)
	   src=$(basename "$src" .cu) ;;
	esac
	"$wv" stats "$@" --sass "$out/sass/$src.sass" --sm "$sm" --json \
	    > "$out/stats/$name.sass.json" 2>> "$out/stats/$name.err"
done
echo "sass-record: wrote $out"
