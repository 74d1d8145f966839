/*
 * transpose.cu - a user's kernel for tests/gpu/nvrtc.sh: a naive
 * transpose, rows in and columns out, in the kernel-file form.
 */
// warpviz: name=transpose-naive
// warpviz: title=naive transpose: rows in, columns out
// warpviz: param n=4096 range=1..8192
// warpviz: launch kernel=transpose_naive grid=(n+31)/32,(n+31)/32 block=32,8
// warpviz: array in length=n*n dims=n,n
// warpviz: array out length=n*n dims=n,n
__global__ void transpose_naive(const float *in, float *out, int n)
{
	int x = blockIdx.x * 32 + threadIdx.x;
	int y = blockIdx.y * 32 + threadIdx.y;

	for (int j = 0; j < 32; j += 8)
		if (x < n && y + j < n)
			out[x * n + y + j] = in[(y + j) * n + x];
}
