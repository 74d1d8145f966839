/*
 * transpose-naive.cu - out = in transposed, one element per thread: the
 * warp reads a row of in (coalesced) and writes a column of out (every
 * lane in its own row, 32 sectors).
 */
#define TILE 32
#define ROWS 8

// warpviz: name=transpose-naive
// warpviz: title=naive transpose: rows in, columns out
// warpviz: param n=1024 range=1..8192
// warpviz: launch kernel=transpose_naive grid=(n+TILE-1)/TILE,(n+TILE-1)/TILE block=TILE,ROWS
// warpviz: array in length=n*n dims=n,n
// warpviz: array out length=n*n dims=n,n
__global__ void transpose_naive(const float *in, float *out, int n)
{
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;

	for (int j = 0; j < TILE; j += ROWS)
		if (x < n && y + j < n)
			out[x * n + (y + j)] = in[(y + j) * n + x];
}
