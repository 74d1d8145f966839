#!/bin/sh
# SPDX-License-Identifier: ISC
# draft.sh - warpviz check --draft FILE on kernel files without warpviz:
# lines (tests/kernels/draft/): the lines it drafts, each worked out by
# hand from the file's host code (its variables, <<<...>>>, dim3 and
# cudaMalloc) or from the guess the manual states, then the counts of the
# drafted file, derived by hand from the rules of DESIGN.md; and the
# refusals: one line, exit 2.  TAP.
: "${WARPVIZ:=./warpviz}" "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-draft.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
d=$srcdir/tests/kernels/draft

# draft NAME: check --draft on NAME.cu into $tmp/NAME.cu; exit 0, the
# file itself kept around the lines.
draft() {
	"$WARPVIZ" check --draft "$d/$1.cu" >"$tmp/$1.cu" 2>"$tmp/err"
	rc=$?
	grep -v -e '^// warpviz: ' -e '^// A draft of the warpviz' \
	    -e '^//   from the host code: ' -e '^//   guessed, to check: ' \
	    "$tmp/$1.cu" | cmp -s - "$d/$1.cu"
	same=$?
	[ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$same" -eq 0 ]
	tap_ok $? "$1.cu: drafted, exit $rc, the file kept around the lines"
}
# has NAME LINE: the draft of NAME holds LINE, whole.
has() {
	grep -qxF -- "$2" "$tmp/$1.cu"
	tap_ok $? "$1: $2"
}
# counts NAME SITE REQ UNITS: stats on the drafted file: the site's line.
counts() {
	"$WARPVIZ" stats "$tmp/$1.cu" >"$tmp/stats" 2>&1
	grep -qE "^(load|store) +$2 +$3 req +$4 " "$tmp/stats"
	tap_ok $? "$1 drafted: $2 $3 requests, $4"
}

# host-1d: n = 1 << 20 = 1048576 (range up to 4 n); blocks =
# (n + threads - 1) / threads with threads = 256 (each host name in
# parentheses); both cudaMallocs ask n floats, sizeof on either side.
draft host-1d
has host-1d "//   from the host code: n, the launch, out's length, in's length"
has host-1d "//   guessed, to check: nothing"
has host-1d "// warpviz: param n=1048576 range=1..4194304"
has host-1d "// warpviz: launch grid=((n+(256)-1)/(256)) block=(256)"
has host-1d "// warpviz: array out length=n"
has host-1d "// warpviz: array in length=n"
# 4096 blocks of 8 warps; 32 lanes x 4 bytes = 4 sectors a request.
counts host-1d "in\[i\]" 32768 "131072 sectors"
counts host-1d "out\[i\]" 32768 "131072 sectors"

# host-dim3: m = 256, kk = 128 and NC (#define 512) passed for M, K, N;
# dim3 grid(NC / TILE, m / TILE), block(TILE, TILE) with TILE 16; bytesA
# = m * kk * sizeof(float) is A's, through its declaration.
draft host-dim3
has host-dim3 "// warpviz: param M=256 range=1..1024"
has host-dim3 "// warpviz: param K=128 range=1..512"
has host-dim3 "// warpviz: param N=512 range=1..2048"
has host-dim3 "// warpviz: launch grid=512/16,M/16 block=16,16"
has host-dim3 "// warpviz: array A length=(M*K)"
has host-dim3 "// warpviz: array B length=K*512"
has host-dim3 "// warpviz: array C length=M*512"
# 32 x 16 blocks of 8 warps = 4096 warps, K / 16 = 8 tiles: 32768 loads
# of A, each two rows of 16 floats (2 x 2 sectors); C once a warp.
counts host-dim3 "A\[row \* K \+ t \* TILE \+ threadIdx.x\]" 32768 \
    "131072 sectors"
counts host-dim3 "C\[row \* N \+ col\]" 4096 "16384 sectors"

# template-shared: reduce<128, float>: blockSize 128 and T float from
# the template arguments; n is run()'s own argument, so guessed; the
# shared size threads * sizeof(float) is 128 floats.
draft template-shared
has template-shared "// warpviz: param blockSize=128 range=1..512"
has template-shared "// warpviz: type T=float"
has template-shared "// warpviz: param n=1048576 range=1..4194304"
has template-shared "// warpviz: launch grid=((n+(128)-1)/(128)) block=(128)"
has template-shared "// warpviz: array sdata length=(128)"
has template-shared "//   guessed, to check: n, in's length, out's length"
# 8192 blocks of 4 warps; s = 64 (2 warps), 32 (1), 16..1 (1 each, 5):
# 8 loads of sdata[tid + s] a block.
counts template-shared "sdata\[tid \+ s\]" 65536 "65536 wavefronts"

# no-host-2d: no launch to read: two sizes of 1024 (the kernel reads .y),
# 16 x 16 blocks, each array width * height.
draft no-host-2d
has no-host-2d "//   from the host code: nothing"
has no-host-2d "// warpviz: param width=1024 range=1..4096"
has no-host-2d "// warpviz: param height=1024 range=1..4096"
has no-host-2d "// warpviz: launch grid=(width+15)/16,(height+15)/16 block=16,16"
has no-host-2d "// warpviz: array out length=width*height"
# 64 x 64 blocks of 8 warps; the store's 16 lanes of a row are 16 x's,
# each height floats apart: 16 sectors a request.
counts no-host-2d "out\[x \* height \+ y\]" 32768 "524288 sectors"

# asks-shared: s comes from a SharedMemory struct, which the draft does
# not see: the reader asks for its line, and the draft adds it with the
# launch's third argument, n * sizeof(float), as n floats.
draft asks-shared
has asks-shared "//   from the host code: n, the launch, d's length, s's length"
has asks-shared "// warpviz: launch grid=1 block=n"
has asks-shared "// warpviz: array s length=n"
# n = 64: two warps; s[n - t - 1] reversed, 32 banks, one wavefront each.
counts asks-shared "s\[n - t - 1\]" 2 "2 wavefronts"
counts asks-shared "d\[t\]" 2 "8 sectors"
# A texture parameter: the reader asks for its size, guessed 1024 x 1024.
{
	echo '__global__ void tx(float *out, cudaTextureObject_t img, int n)'
	echo '{'
	echo '	int x = blockIdx.x * blockDim.x + threadIdx.x;'
	echo '	out[x] = tex2D<float>(img, x, 0);'
	echo '}'
} >"$tmp/tex.cu"
"$WARPVIZ" check --draft "$tmp/tex.cu" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] &&
    grep -qxF '// warpviz: texture img width=1024 height=1024' "$tmp/out" &&
    grep -qxF "//   guessed, to check: n, the launch, out's length, img's size" \
    "$tmp/out"
tap_ok $? "a texture parameter: the line the reader asks for, its size guessed (exit $rc)"

# A warp per row (cooperative groups, a lane-strided loop, a shuffle),
# its matrix allocated as (size_t)rows * cols * sizeof(float) and its
# launch rows / 8 blocks of 256: dim3 grid and block declared together.
# tests/kernels/rowsum.cu is this file as drafted (and measured on the
# H200): its lines taken out, the draft must give it back byte for byte.
grep -v -e '^// warpviz: ' -e '^// A draft of the warpviz' \
    -e '^//   from the host code: ' -e '^//   guessed, to check: ' \
    "$srcdir/tests/kernels/rowsum.cu" >"$tmp/rowsum.cu"
"$WARPVIZ" check --draft "$tmp/rowsum.cu" >"$tmp/rowsum-d.cu" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] &&
    grep -qxF '// warpviz: launch grid=rows/8 block=256' "$tmp/rowsum-d.cu" &&
    grep -qxF '// warpviz: array m length=rows*cols' "$tmp/rowsum-d.cu" &&
    grep -qxF '// warpviz: param cols=1000 range=1..4000' "$tmp/rowsum-d.cu"
tap_ok $? "rowsum: a cast and sizeof read off the length, dim3 grid(..), block(..) (rc $rc)"
cmp -s "$tmp/rowsum-d.cu" "$srcdir/tests/kernels/rowsum.cu"
tap_ok $? "rowsum: the draft is tests/kernels/rowsum.cu again"
# rows = 4096: 512 blocks of 8 warps, a warp a row; c = lane + 32 k <
# 1000 makes 32 trips at most (lanes 0-7; the others 31): 4096 x 32 =
# 131072 requests.  31 trips of 32 lanes read 128 bytes each; the last
# of lanes 0-7, 32 bytes: row r starts 4000 r bytes in, a multiple of
# 32, so 31 x 4 + 1 = 125 sectors a row, 512000.
"$WARPVIZ" stats "$tmp/rowsum-d.cu" >"$tmp/stats" 2>&1
grep -qE "^load +m\[\(size_t\)row \* cols \+ c\] +131072 req +512000 sectors" \
    "$tmp/stats"
tap_ok $? "rowsum drafted: the lane-strided loop, 131072 requests, 512000 sectors"

# Bytes without a sizeof: n * 4 of 4-byte floats is n; two arrays in the
# dynamic shared memory, the launch's 2 * 256 * sizeof(float).
cat >"$tmp/bytes.cu" <<'EOF'
__global__ void two_shared(const float *in, float *out, int n)
{
	extern __shared__ float s[];
	float *s2 = s + blockDim.x;
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	s[t] = in[i];
	s2[t] = in[min(i + 1, n - 1)];
	__syncthreads();
	out[i] = s[t ^ 1] + s2[(t + 1) % blockDim.x];
}
int main(void)
{
	int n = 1 << 20;
	float *a, *b;
	cudaMalloc(&a, n * 4);
	cudaMalloc(&b, n * 4);
	two_shared<<<n / 256, 256, 2 * 256 * sizeof(float)>>>(a, b, n);
	return 0;
}
EOF
"$WARPVIZ" check --draft "$tmp/bytes.cu" >"$tmp/bytes-d.cu" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && grep -qxF '// warpviz: array in length=n' "$tmp/bytes-d.cu" &&
    grep -qxF '// warpviz: array s length=2*256' "$tmp/bytes-d.cu"
tap_ok $? "n * 4 bytes of floats: n; shared 2 * 256 floats (rc $rc)"

# A file without lines, read: the one line says how to draft them.
"$WARPVIZ" stats "$d/host-1d.cu" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
    grep -q "no '// warpviz:' lines.*warpviz check --draft .*host-1d.cu" \
    "$tmp/err"
tap_ok $? "stats on a file without lines: exit $rc, one line: $(cat "$tmp/err")"

# bad WHAT PATTERN ARGS...: exit 2, one line matching, nothing on stdout.
bad() {
	what=$1
	pat=$2
	shift 2
	"$WARPVIZ" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	[ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] &&
	    [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qE -- "$pat" "$tmp/err"
	tap_ok $? "$what: exit $rc: $(cat "$tmp/err")"
}
bad "a file with lines already" "has '// warpviz:' lines already" \
    check --draft "$srcdir/tests/kernels/reduce.cu"
bad "no such file" "check: --draft: .*nosuch.cu" check --draft \
    "$tmp/nosuch.cu"
printf 'int main(void) { return 0; }\n' >"$tmp/nokernel.cu"
bad "no kernel" "nokernel.cu:1:1: no __global__ function with a body" \
    check --draft "$tmp/nokernel.cu"
bad "--draft with a VARIANT" "takes no VARIANT" check --draft \
    "$d/host-1d.cu" matmul-col
bad "--draft without its FILE" "draft" check --draft

# A draft the reader cannot follow yet (an index read from memory):
# printed all the same, exit 1, the reader's line on standard error.
{
	echo '__global__ void g(float *out, const int *idx, int n)'
	echo '{'
	echo '	int i = blockIdx.x * blockDim.x + threadIdx.x;'
	echo '	out[idx[i]] = 1.0f;'
	echo '}'
} >"$tmp/gather.cu"
"$WARPVIZ" check --draft "$tmp/gather.cu" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && grep -qxF '// warpviz: array idx length=n' "$tmp/out" &&
    [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
    grep -q "the draft does not read yet.*gather.cu:[0-9]*:[0-9]*: " "$tmp/err"
tap_ok $? "a draft that does not read: printed, exit $rc: $(cat "$tmp/err")"

tap_done
