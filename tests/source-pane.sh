#!/bin/sh
# SPDX-License-Identifier: ISC
# source-pane.sh - the source pane shows what the current access depends
# on: the lines that compute its indices (followed back through other
# variables), the loops around it and the __shared__ array it reads, ahead
# of other lines that merely read threadIdx or blockIdx.  Works on a file
# the catalog has never seen.  TAP.  Needs $WARPVIZ (set by make check).
: "${WARPVIZ:=./warpviz}" "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
unset WARPVIZ_THEME
tmp=${TMPDIR:-/tmp}/wv-src.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# col depends on base and tx, base on bx; ty, noise and the second tile
# read threadIdx/blockIdx or are __shared__ but the access uses none.
cat >"$tmp/deps.cu" <<'CU'
// warpviz: name=deps
// warpviz: param n=4096 range=64..65536
// warpviz: launch grid=n/64 block=32,2
// warpviz: array in length=n
// warpviz: array out length=n
__global__ void deps(const float *in, float *out, int n)
{
	__shared__ float other[64];
	__shared__ float tile[64];
	int ty = threadIdx.y;
	int noise = blockIdx.y * 7 + ty;
	int tx = threadIdx.x;
	int bx = blockIdx.x;
	int unused = noise + 1;
	int base = bx * 64;
	int col = base + tx;
	float x = 0;
	x += 1;
	x += 2;
	for (int k = 0; k < 2; ++k) {
		tile[tx + 32 * k] = in[col];
	}
	out[col] = x + tile[tx];
}
CU

# Step 0 is the load of in[col]; at 80x24 the pane has room for few lines.
"$WARPVIZ" show "$tmp/deps.cu" --size 80x24 --step 0 >"$tmp/frame" 2>&1
rc=$?
tap_ok $rc "show a user's file at 80x24 (exit $rc)"
pane=$(sed -n '/kernel deps/,/── lanes/p' "$tmp/frame")
has() { printf '%s\n' "$pane" | grep -qF -- "$1"; }
has "kernel deps  $tmp/deps.cu"
tap_ok $? "the pane names the file as given"
for want in "int col = base + tx;" "int base = bx * 64;" \
    "for (int k = 0; k < 2; ++k)" "tile[tx + 32 * k] = in[col];"; do
	has "$want"
	tap_ok $? "the pane shows '$want'"
done
for not in "int noise" "int unused" "__shared__ float other"; do
	! has "$not"
	tap_ok $? "the pane leaves out '$not' (the access does not use it)"
done
[ $? -eq 0 ] || printf '%s\n' "$pane" | tap_diag

# With more room the chain goes back to tx, and the store to tile (step 1)
# brings in tile's declaration.
"$WARPVIZ" show "$tmp/deps.cu" --size 120x35 --step 1 >"$tmp/frame" 2>&1
pane=$(sed -n '/kernel deps/,/└/p' "$tmp/frame")
has "int tx = threadIdx.x;"
tap_ok $? "at 120x35 the pane follows col back to 'int tx = threadIdx.x;'"
has "__shared__ float tile[64];"
tap_ok $? "the store's pane shows the __shared__ array it writes"

# The reader knows C's scopes: the second loop's m is its own, so the
# pane of an access through it shows "int m = tx + j;" and not the first
# loop's "int m = tx * 2 + i;" (a text search for "m =" finds both).
cat >"$tmp/shadow.cu" <<'CU'
// warpviz: name=shadow
// warpviz: param n=4096 range=64..65536
// warpviz: launch grid=n/64 block=32
// warpviz: array in length=n
// warpviz: array out length=n
__global__ void shadow(const float *in, float *out, int n)
{
	int tx = threadIdx.x;
	for (int i = 0; i < 2; i++) {
		int m = tx * 2 + i;
		out[m] = 0;
	}
	for (int j = 0; j < 2; j++) {
		int m = tx + j;
		out[m] = in[m];
	}
}
CU
# Steps 0-1 are the first loop's store; step 2 is in the second loop.
"$WARPVIZ" show "$tmp/shadow.cu" --size 80x24 --step 2 >"$tmp/frame" 2>&1
pane=$(sed -n '/kernel shadow/,/── lanes/p' "$tmp/frame")
has "int m = tx + j;" && ! has "int m = tx * 2 + i;"
st=$?
tap_ok $st "the second loop's access flows from its own m, not the first loop's"
[ $st -eq 0 ] || printf '%s\n' "$pane" | tap_diag
tap_done
