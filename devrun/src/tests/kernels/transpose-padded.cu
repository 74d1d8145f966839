/*
 * transpose-tile.cu - transpose through a 32x32 shared tile: both global
 * accesses along rows; the tile is read down a column, where 32 lanes
 * 32 words apart share one bank (a 32-way conflict unless the row is padded to 33 words: then each lane has its own bank).
 */
#define TILE 32
#define ROWS 8

// warpviz: name=transpose-padded
// warpviz: title=transpose through a shared tile, padded to 33 columns
// warpviz: param n=1024 range=32..8192
// warpviz: launch kernel=transpose_padded grid=(n+TILE-1)/TILE,(n+TILE-1)/TILE block=TILE,ROWS
// warpviz: array in length=n*n dims=n,n
// warpviz: array out length=n*n dims=n,n
// warpviz: compare=transpose-tile.cu
__global__ void transpose_padded(const float *in, float *out, int n)
{
	__shared__ float tile[TILE][TILE + 1];
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;

	for (int j = 0; j < TILE; j += ROWS)
		if (x < n && y + j < n)
			tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < n && y + j < n)
			out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
