#!/bin/sh
# SPDX-License-Identifier: ISC
# cuda-arches.sh - which architectures configure builds machine code for,
# with a stand-in nvcc (tests/gpu/nvcc-stub) answering as CUDA 12.6's and
# 13.0's do.  Every plain sm_XY from sm_50 up that nvcc lists, PTX of the
# lowest: so doc/gpu.md's Pascal recipe (./configure NVCC=<CUDA 12.x
# nvcc>) gives sm_60 and sm_61 code.  The whole configure runs too where
# the source tree is not configured in place (CI's VPATH builds,
# distcheck); configure refuses a second build of a configured tree.  TAP.
: "${srcdir:=.}"
stub=$srcdir/tests/gpu/nvcc-stub
. "$srcdir/tests/tap.sh"
same() {
	[ "$1" = "$2" ]; tap_ok $? "$3"
	[ "$1" = "$2" ] || printf '# got:  %s\n# want: %s\n' "$1" "$2"
}
gencode() { WV_STUB_RELEASE=$1 sh "$srcdir/build-aux/nvcc-gencode.sh" "$stub"; }
sm() { for a in "$@"; do printf ' -gencode arch=compute_%s,code=sm_%s' "$a" "$a"; done; }

# CUDA 12.6 lists sm_50 sm_52 sm_53 sm_60 sm_61 sm_62 sm_70 sm_72 sm_75
# sm_80 sm_86 sm_87 sm_89 sm_90 sm_90a: all but sm_90a, PTX for 5.0.
want12="$(sm 50 52 53 60 61 62 70 72 75 80 86 87 89 90) -gencode arch=compute_50,code=compute_50"
want12=${want12# }
got=$(gencode 12.6)
same "$got" "$want12" "CUDA 12.6: sm_50 .. sm_90 and compute_50"
case " $got " in *code=sm_60\ *code=sm_61\ *) r=0 ;; *) r=1 ;; esac
tap_ok $r "CUDA 12.6: Pascal (sm_60, sm_61) gets machine code"
case "$got" in *sm_90a*) r=1 ;; *) r=0 ;; esac
tap_ok $r "CUDA 12.6: no sm_90a (runs on sm_90 alone)"
# CUDA 13.0 starts at sm_75 (and lists sm_110 before sm_103).
want13="$(sm 75 80 86 87 88 89 90 100 103 110 120 121) -gencode arch=compute_75,code=compute_75"
want13=${want13# }
got=$(gencode 13.0)
same "$got" "$want13" "CUDA 13.0: sm_75 .. sm_121 in order and compute_75"

# The recipe as doc/gpu.md writes it, through the real configure.
if grep -q 'configure NVCC=/usr/local/cuda-12.6/bin/nvcc' "$srcdir/doc/gpu.md"; then r=0; else r=1; fi
tap_ok $r "doc/gpu.md gives the Pascal recipe this test follows"
if [ -f "$srcdir/config.status" ]; then
	tap_skip "configure NVCC=<12.6 nvcc>" "source tree configured in place"
else
	dir=$(mktemp -d "${TMPDIR:-/tmp}/wv-arches.XXXXXX")
	trap 'rm -rf "$dir"' EXIT
	abs_stub=$(cd "$(dirname "$stub")" && pwd)/nvcc-stub
	(cd "$dir" && WV_STUB_RELEASE=12.6 "$srcdir/configure" -q \
	    NVCC="$abs_stub" >configure.out 2>&1 </dev/null)
	tap_ok $? "configure NVCC=<12.6 nvcc> succeeds"
	got=$(sed -n 's/^NVCC_GENCODE = //p' "$dir/Makefile" 2>/dev/null)
	same "$got" "$want12" "configure's NVCC_GENCODE is sm_50 .. sm_90 and compute_50"
	grep -q '^cuda/%\.fatbin: cuda/%\.cu' "$dir/Makefile" 2>/dev/null
	tap_ok $? "configure builds the kernels with that nvcc"
fi
tap_done
