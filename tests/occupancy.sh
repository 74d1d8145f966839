#!/bin/sh
# SPDX-License-Identifier: ISC
# occupancy.sh - 'warpviz occupancy', the what-if without a terminal: the
# seed's worked examples on the teaching SM (worked out by hand below), an
# H100, a block that does not fit, and one-line refusals with exit 2.
# TAP on stdout.  Needs $WARPVIZ (set by make check).
: "${WARPVIZ:=./warpviz}"
: "${srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-occ.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# said STATUS TEXT: the test point and, on a failure, what the command
# wrote, so a CI log shows why.
said() {
	tap_ok "$1" "$2"
	[ "$1" -eq 0 ] ||
	    sed 's/^/| /' "$tmp/out" "$tmp/err" 2>/dev/null | tap_diag
}

# says WANT ARGS...: exit 0, nothing on stderr, a line of stdout has WANT.
says() {
	want=$1
	shift
	"$WARPVIZ" occupancy "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	[ "$rc" -eq 0 ] && ! [ -s "$tmp/err" ] && grep -qF -- "$want" "$tmp/out"
	said $? "occupancy $* says: $want"
}

# bad WANT ARGS...: exit 2, one line on stderr naming WANT, no stdout.
bad() {
	want=$1
	shift
	"$WARPVIZ" occupancy "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    ! [ -s "$tmp/out" ] && grep -qF -- "$want" "$tmp/err"
	said $? "occupancy $* -> exit $rc, one line: $(cat "$tmp/err")"
}

# 512-thread blocks, 10 registers: 16384 / (10 x 512) = 3.2 -> 3 blocks,
# 3 x 512 = 1536 threads: threads and registers both allow 3, both bind.
says "16384 / (10 x 512 = 5120) = 3.2 -> 3 blocks" --regs 10 --threads 512
says "3 blocks, 48 warps, 1536 threads per SM" --regs 10 --threads 512
says "occupancy:     100% (48 of 48 warps), limited by threads and registers" \
    --regs 10 --threads 512
# 11 registers: 16384 / 5632 = 2.9 -> 2 blocks, 1024 threads, registers.
says "16384 / (11 x 512 = 5632) = 2.9 -> 2 blocks" --regs 11 --threads 512
says "2 blocks, 32 warps, 1024 threads per SM" --regs 11 --threads 512
# 32 of 48 warps: 66.7% rounds to 67.
says "occupancy:     67% (32 of 48 warps), limited by registers" \
    --regs 11 --threads 512
# 5 KB of shared memory a block: 16 / 5 = 3.2 -> 3 blocks.
says "16 KB / 5 KB = 3.2 -> 3 blocks" --threads 256 --shared 5K
says "3 blocks, 24 warps, 768 threads per SM" --threads 256 --shared 5120
says "50% (24 of 48 warps), limited by shared memory" --threads 256 \
    --shared 5120
# A 16x16 tile of 2 KB: 8 by shared memory, 6 by threads: 6, 12 KB used.
says "16 KB / 2 KB = 8 blocks" --threads 256 --shared 2K
says "1536 / 256 = 6 blocks" --threads 256 --shared 2K
says "6 blocks, 48 warps, 1536 threads per SM" --threads 256 --shared 2K
says "100% (48 of 48 warps), limited by threads" --threads 256 --shared 2K
says "12 KB of 16 KB shared (75%)" --threads 256 --shared=2KB
# The teaching SM is the default; --sm names it too.
says "teaching SM: 1536 threads" --threads 256 --sm teaching
# An H100: 2048 / 256 = 8 by threads; 32 registers, 32 x 32 = 1024 a warp
# (a whole number of 256s), x 8 warps = 8192 a block: 65536 / 8192 = 8.
says "H100 SM: 2048 threads" --threads 256 --regs 32 --sm H100
says "8 blocks, 64 warps, 2048 threads per SM" --threads 256 --regs 32 \
    --sm h100
says "limited by threads" --threads 256 --regs 32 --sm h100
# Does not fit: 20 x 1024 = 20480 registers > 16384; 20 KB > 16 KB.
says "does not fit: a block needs 20480 registers, the SM has 16384" \
    --threads 1024 --regs 20
says "does not fit: a block needs 20 KB of shared memory, the SM has 16 KB" \
    --threads 64 --shared 20K
says "0 blocks, occupancy 0%: the launch fails" --threads 64 --shared 20K

# A variant's own block: matmul-tiled at tile 16 is 256 threads and 2 x
# 16 x 16 x 4 = 2048 B; ptxas gave matmul_tiled_16 38 registers at sm_75
# (cuda/resources.txt): 16384 / (38 x 256 = 9728) = 1.6 -> 1 block.
says "variant:       matmul-tiled, registers as ptxas reported them" \
    matmul-tiled
says "a block:       256 threads, 38 registers a thread, 2 KB of shared" \
    matmul-tiled
says "16384 / (38 x 256 = 9728) = 1.6 -> 1 block" matmul-tiled
# ... at 10 registers, the seed's tile: 6 blocks (threads and registers:
# 16384 / 2560 = 6.4 -> 6), 12 KB of shared memory in use.
says "12 KB of 16 KB shared (75%)" matmul-tiled --regs 10
says "limited by threads and registers" matmul-tiled --regs 10
# -p changes the variant's block: tile 8 is 64 threads (2 warps).
says "a block:       64 threads" matmul-tiled -p tile=8 --regs 0
# powers at 128 threads keeps 128 x 33 x 4 = 16896 B: too much.
says "does not fit: a block needs 16896 B of shared memory" powers-stride32

"$WARPVIZ" occupancy --help >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q '^usage: warpviz occupancy' "$tmp/out"
said $? "occupancy --help"

bad "--threads is missing" 
bad "--threads is missing" --regs 11
bad "--threads: '0' is not allowed (a whole number from 1 to 1024" \
    --threads 0
bad "--threads: '1025' is not allowed" --threads 1025
bad "--threads: 'x' is not allowed" --threads x
bad "--threads: needs a value" --threads
bad "--regs: '256' is not allowed (a whole number from 0 to 255" \
    --threads 32 --regs 256
bad "--regs: '-3' is not allowed" --threads 32 --regs -3
bad "--shared: '5M' is not allowed (bytes a block from 0 to 1048576, or KB" \
    --threads 32 --shared 5M
bad "--shared: '2000K' is not allowed" --threads 32 --shared 2000K
bad "--sm: 'a100' is not allowed (teaching or h100)" --threads 32 --sm a100
bad "unknown variant 'matmul'" --threads 32 matmul
bad "one VARIANT only" matmul-col stride
bad "-p needs a VARIANT" --threads 32 -p width=4
bad "parameter 'tile'" matmul-tiled -p tile=3
bad "unknown option '--frob'" --threads 32 --frob

tap_done
