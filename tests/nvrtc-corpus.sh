#!/bin/sh
# SPDX-License-Identifier: ISC
# nvrtc-corpus.sh - as compiled through NVRTC on kernels of the corpus
# (tests/kernels/real) that it could not reach before: a template kernel
# (the instance the header lines name, by nvrtcAddNameExpression) and
# files that #include <cooperative_groups.h> (CUDA's include folder
# handed to NVRTC); and sites the compiler reads with another site's
# instruction (BlackScholes' float2 fields, simpleOccupancy's a[i] *=
# a[i]), from hand-written PTX and from NVRTC's.  NVRTC needs no GPU or
# driver; where it cannot be loaded or CUDA's include folder is not
# found, its checks are skipped with the reason; any other failure
# fails.  TAP.
: "${WARPVIZ:=./warpviz}" "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-nvrtc-corpus.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
# A cache of its own: every image here is compiled, not read back.
XDG_CACHE_HOME=$tmp/cache
export XDG_CACHE_HOME
real=$srcdir/tests/kernels/real

# num GROUP KEY: a number of a stats --json object, "global_load":
# {"requests": N, ... "sectors": N, ...}
num() {
	tr -d '\n' <"$tmp/out" | sed -n "s/.*\"$1\": {\([^}]*\)}.*/\1/p" |
	    sed -n "s/.*\"$2\": \([0-9]*\).*/\1/p"
}
req() {
	num "$1" requests
}
# The "compiled" and "instruction" of site number $1 (1-based) of stats
# --json: one site a line.
site() {
	grep '^  {"site": ' "$tmp/out" | sed -n "$1p" |
	    sed -n 's/.*"instruction": \([^,]*\), "compiled": "\([a-z]*\)".*/\2 \1/p'
}

# run FILE ARGS...: stats --as-compiled --json; 0, 1 (failed), or 77
# with the reason in $skip when NVRTC or CUDA's headers are missing.
run() {
	f=$1
	shift
	"$WARPVIZ" stats --as-compiled --json "$real/$f" "$@" >"$tmp/out" \
	    2>"$tmp/err"
	rc=$?
	skip=
	[ "$rc" -eq 0 ] && return 0
	if grep -q '^warpviz: as compiled needs NVRTC: ' "$tmp/err" ||
	    grep -q "CUDA's include folder was not found" "$tmp/err"; then
		skip=$(head -n 1 "$tmp/err")
		return 77
	fi
	return 1
}

# check NAME COND...: ok when COND holds, skipped with $skip.
check() {
	name=$1
	shift
	if [ -n "$skip" ]; then
		tap_skip "$name" "$skip"
	elif "$@"; then
		tap_ok 0 "$name"
	else
		tap_ok 1 "$name"
		tap_diag <"$tmp/err"
	fi
}

# --- A template kernel without headers: sdk-matrixmul.cu ---
# template <int BLOCK_SIZE> __global__ void MatrixMulCUDA(...), BLOCK_SIZE
# a param line: the instance is MatrixMulCUDA<32>.  At the defaults
# (BLOCK_SIZE=32, wA=wB=hA=256): a grid of 8 x 8 blocks of 32 x 32
# threads, 32 warps a block, 2048 warps; each warp is one row ty of 32
# tx.  The a/b loop runs wA/32 = 8 times: A[a + wA*ty + tx] and
# B[b + wB*ty + tx] read 32 consecutive floats from a 128-byte aligned
# row start (a, b and wA*ty are multiples of 32 floats): 1 request, 4
# sectors each, 2048 x 8 x 2 = 32768 requests, 131072 sectors.  As and
# Bs are stored once per iteration: 2048 x 8 x 2 = 32768 shared stores.
# C[c + wB*ty + tx], once per warp: 2048 requests, 8192 sectors.  PTX
# has one instruction per access for each of the 7 sites (ptxas, not
# NVVM, widens As[ty][k] to LDS.128: that is SASS, doc/validation.md).
run sdk-matrixmul.cu
r=$?
check "sdk-matrixmul: as compiled finds MatrixMulCUDA<32>" [ "$r" -eq 0 ]
check "sdk-matrixmul: PTX decided" grep -q '"decided_by": "ptx"' "$tmp/out"
n=0
for i in 1 2 3 4 5 6 7; do
	case $(site $i) in same\ \"*) n=$((n + 1)) ;; esac
done
check "sdk-matrixmul: 7 of 7 sites matched to one instruction (got $n)" \
    [ "$n" -eq 7 ]
check "sdk-matrixmul: 32768 global loads, 131072 sectors (got $(req global_load), $(num global_load sectors))" \
    [ "$(req global_load)" = 32768 -a "$(num global_load sectors)" = 131072 ]
check "sdk-matrixmul: 2048 global stores, 8192 sectors (got $(req global_store), $(num global_store sectors))" \
    [ "$(req global_store)" = 2048 -a "$(num global_store sectors)" = 8192 ]
check "sdk-matrixmul: 32768 shared stores (got $(req shared_store))" \
    [ "$(req shared_store)" = 32768 ]

# --- A template kernel with cooperative groups: sdk-reduce4.cu ---
# template <class T, unsigned int blockSize>, `type T=float` and
# blockSize=256: reduce4<float, 256>; it includes <cooperative_groups.h>
# and uses cg::sync, tiled_partition<32> and shfl_down.  At the defaults
# (n=65536): n/512 = 128 blocks of 256 threads, 8 warps a block, 1024
# warps.
# - g_idata[i], i = 512 bid + tid < 65536 always: 1024 requests of 32
#   consecutive floats from a 128-byte boundary, 4 sectors each;
#   g_idata[i + 256]: i + 256 <= 65279 + 256 < n, the same again.
#   Global loads 2048, sectors 8192.
# - sdata[tid] = mySum: every warp, 1024 shared stores.
# - for (s = blockDim.x/2; s > 32; s >>= 1): s = 128 and 64; tid < s is
#   4 then 2 of the 8 warps: 128 x (4 + 2) = 768 loads sdata[tid + s]
#   and 768 stores sdata[tid].
# - thread_rank() < 32 (warp 0), blockSize >= 64: sdata[tid + 32], 128.
# - g_odata[blockIdx.x] by thread 0: 128 requests of one sector.
# Shared loads 768 + 128 = 896, stores 1024 + 768 = 1792; consecutive
# floats of one warp fall in 32 banks: one wavefront each.  Every one is
# one scalar instruction in PTX: as compiled equals as written (and ncu,
# tests/kernels/real/ncu.csv).
run sdk-reduce4.cu
r=$?
check "sdk-reduce4: as compiled finds reduce4<float, 256> through <cooperative_groups.h>" [ "$r" -eq 0 ]
n=0
for i in 1 2 3 4 5 6 7; do
	case $(site $i) in same\ \"l*|same\ \"st*) n=$((n + 1)) ;; esac
done
check "sdk-reduce4: 7 of 7 sites matched to one instruction (got $n)" \
    [ "$n" -eq 7 ]
check "sdk-reduce4: g_idata[i] is one ld.global.f32" \
    [ "$(site 1)" = 'same "ld.global.f32"' ]
check "sdk-reduce4: 2048 global loads, 8192 sectors (got $(req global_load), $(num global_load sectors))" \
    [ "$(req global_load)" = 2048 -a "$(num global_load sectors)" = 8192 ]
check "sdk-reduce4: 128 global stores, 128 sectors (got $(req global_store), $(num global_store sectors))" \
    [ "$(req global_store)" = 128 -a "$(num global_store sectors)" = 128 ]
check "sdk-reduce4: 896 shared loads, 896 wavefronts (got $(req shared_load), $(num shared_load wavefronts))" \
    [ "$(req shared_load)" = 896 -a "$(num shared_load wavefronts)" = 896 ]
check "sdk-reduce4: 1792 shared stores (got $(req shared_store))" \
    [ "$(req shared_store)" = 1792 ]

# --- The instance follows -p: sdk-reduce5.cu ---
# Line 85 is `if ((blockSize >= 512) && (tid < 256)) sdata[tid] = ... +
# sdata[tid + 256];`, the 4th site.  reduce5<float, 256> folds the
# condition to false: no shared load on line 85, counted as written;
# reduce5<float, 512> has one.  Were the default (256) compiled whatever
# -p says, the second would be "written" too.
run sdk-reduce5.cu
r=$?
check "sdk-reduce5: compiles" [ "$r" -eq 0 ]
check "sdk-reduce5 at blockSize=256: sdata[tid + 256] has no instruction (got $(site 4))" \
    [ "$(site 4)" = "written null" ]
run sdk-reduce5.cu -p blockSize=512
r=$?
check "sdk-reduce5 -p blockSize=512 compiles" [ "$r" -eq 0 ]
check "sdk-reduce5 at blockSize=512: sdata[tid + 256] is one ld.shared.f32 (got $(site 4))" \
    [ "$(site 4)" = 'same "ld.shared.f32"' ]

# --- One instruction for two sites (PTX semantics, hand-written listings:
# these run without NVRTC too) ---
# sdk-occupancy-square, line 48 `array[idx] *= array[idx];`: two reads
# and a store as written, one ld.global.u32 and one st.global.u32 in the
# PTX.  arrayCount=1000000: (1000000 + 31)/32 = 31250 blocks of 32
# threads, 31250 warps, idx <= 999999 < arrayCount everywhere; a warp
# reads 32 consecutive ints from a 128-byte boundary: 1 request, 4
# sectors.  As compiled the second read is the first's instruction:
# 31250 requests, 125000 sectors (ncu on the H100: the same), where as
# written counts 62500 and 250000.
printf '%s\n' '.version 9.0' '.target sm_90' '.address_size 64' \
    '.visible .entry _Z6squarePii(' '	.param .u64 p0,' '	.param .u32 p1' \
    ')' '{' '	.loc	1 48 9' '	ld.global.u32 	%r6, [%rd4];' \
    '	st.global.u32 	[%rd4], %r7;' '	ret;' '}' \
    '	.file	1 "sdk-occupancy-square.cu"' >"$tmp/square.ptx"
"$WARPVIZ" stats --json "$real/sdk-occupancy-square.cu" \
    --ptx "$tmp/square.ptx" >"$tmp/out" 2>"$tmp/err"
tap_ok $? "sdk-occupancy-square --ptx (hand-written): $(cat "$tmp/err")"
[ "$(req global_load)" = 31250 ] && [ "$(num global_load sectors)" = 125000 ]
tap_ok $? "array[idx] *= array[idx]: one load, 31250 requests, 125000 sectors (got $(req global_load), $(num global_load sectors))"
[ "$(site 1)" = 'same "ld.global.u32"' ] && [ "$(site 2)" = 'merged null' ]
tap_ok $? "the first read has the instruction, the second is merged into it (got $(site 1); $(site 2))"

# sdk-blackscholes: d_StockPrice[opt].x (line 111) and .y (line 118),
# and the same for OptionStrike and OptionYears, are float2 fields; the
# PTX reads each float2 whole with one ld.global.nc.v2.f32 on the .x line
# and has no load on the .y lines.  optN=65536: (32768 + 127)/128 = 256
# blocks of 128 threads, 1024 warps, opt <= 32767 < optN/2 everywhere.
# One v2 load is 32 lanes x 8 bytes from a 256-byte boundary: 1 request,
# 8 sectors.  3 x 1024 = 3072 requests, 24576 sectors (ncu: the same,
# LDG.E.64); as written, 6 field reads of 8 sectors each (4 bytes used
# of every 8): 6144 and 49152.
printf '%s\n' '.version 9.0' '.target sm_90' '.address_size 64' \
    '.visible .entry _Z15BlackScholesGPUP6float2S0_S0_S0_S0_ffi(' \
    '	.param .u64 p0' ')' '{' \
    '	.loc	1 111 29' '	ld.global.nc.v2.f32 	{%f3, %f4}, [%rd8];' \
    '	.loc	1 112 29' '	ld.global.nc.v2.f32 	{%f7, %f8}, [%rd10];' \
    '	.loc	1 113 29' '	ld.global.nc.v2.f32 	{%f11, %f12}, [%rd12];' \
    '	.loc	1 123 9' '	st.global.v2.f32 	[%rd14], {%f121, %f120};' \
    '	.loc	1 124 9' '	st.global.v2.f32 	[%rd16], {%f123, %f122};' \
    '	ret;' '}' '	.file	1 "sdk-blackscholes.cu"' >"$tmp/bs.ptx"
"$WARPVIZ" stats --json "$real/sdk-blackscholes.cu" --ptx "$tmp/bs.ptx" \
    >"$tmp/out" 2>"$tmp/err"
tap_ok $? "sdk-blackscholes --ptx (hand-written): $(cat "$tmp/err")"
[ "$(req global_load)" = 3072 ] && [ "$(num global_load sectors)" = 24576 ]
tap_ok $? "float2 read whole: 3072 requests, 24576 sectors (got $(req global_load), $(num global_load sectors))"
[ "$(site 1)" = 'wide "ld.global.nc.v2.f32"' ] && [ "$(site 4)" = 'merged null' ]
tap_ok $? ".x is one 8-byte load, .y is merged into it (got $(site 1); $(site 4))"
"$WARPVIZ" stats --json "$real/sdk-blackscholes.cu" >"$tmp/out"
[ "$(req global_load)" = 6144 ] && [ "$(num global_load sectors)" = 49152 ]
tap_ok $? "as written: 6144 requests, 49152 sectors (got $(req global_load), $(num global_load sectors))"

# The same through NVRTC's own PTX, where it loads.
run sdk-blackscholes.cu
r=$?
check "sdk-blackscholes through NVRTC: 3072 global loads, 24576 sectors (got $(req global_load), $(num global_load sectors))" \
    [ "$r" -eq 0 -a "$(req global_load)" = 3072 -a "$(num global_load sectors)" = 24576 ]
run sdk-occupancy-square.cu
r=$?
check "sdk-occupancy-square through NVRTC: 31250 global loads (got $(req global_load))" \
    [ "$r" -eq 0 -a "$(req global_load)" = 31250 ]
tap_done
