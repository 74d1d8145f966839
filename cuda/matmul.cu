/*
 * matmul.cu - P = M x N for Width x Width row-major float matrices.
 * matmul_col and matmul_row differ only in which index threadIdx.x drives;
 * matmul_tiled_* stage TILE_WIDTH x TILE_WIDTH tiles in shared memory
 * (corner turning: N is read along rows from global, down columns from
 * shared).  Width must be a multiple of TILE_WIDTH for the tiled kernels.
 */

/* Col from threadIdx.x: the lanes of a warp walk along a row of N and P. */
extern "C" __global__ void
matmul_col(const float *M, const float *N, float *P, int Width)
{
	int Row = blockIdx.y * blockDim.y + threadIdx.y;
	int Col = blockIdx.x * blockDim.x + threadIdx.x;

	if (Row < Width && Col < Width) {
		float Pvalue = 0;
		for (int k = 0; k < Width; ++k)
			Pvalue += M[Row*Width+k] * N[k*Width+Col];
		P[Row*Width+Col] = Pvalue;
	}
}

/* Row from threadIdx.x: the lanes of a warp walk down a column of M. */
extern "C" __global__ void
matmul_row(const float *M, const float *N, float *P, int Width)
{
	int Row = blockIdx.x * blockDim.x + threadIdx.x;
	int Col = blockIdx.y * blockDim.y + threadIdx.y;

	if (Row < Width && Col < Width) {
		float Pvalue = 0;
		for (int k = 0; k < Width; ++k)
			Pvalue += M[Row*Width+k] * N[k*Width+Col];
		P[Row*Width+Col] = Pvalue;
	}
}

template <int TILE_WIDTH>
__device__ void
matmul_tiled(const float *M, const float *N, float *P, int Width)
{
	__shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
	__shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
	int bx = blockIdx.x, by = blockIdx.y;
	int tx = threadIdx.x, ty = threadIdx.y;
	int Row = by * TILE_WIDTH + ty;
	int Col = bx * TILE_WIDTH + tx;
	float Pvalue = 0;

	for (int ph = 0; ph < Width / TILE_WIDTH; ++ph) {
		/* Both tiles are loaded along rows: coalesced. */
		Mds[ty][tx] = M[Row*Width + ph*TILE_WIDTH + tx];
		Nds[ty][tx] = N[(ph*TILE_WIDTH + ty)*Width + Col];
		__syncthreads();
		for (int k = 0; k < TILE_WIDTH; ++k)
			Pvalue += Mds[ty][k] * Nds[k][tx];
		__syncthreads();
	}
	P[Row*Width + Col] = Pvalue;
}

extern "C" __global__ void
matmul_tiled_8(const float *M, const float *N, float *P, int Width)
{
	matmul_tiled<8>(M, N, P, Width);
}

extern "C" __global__ void
matmul_tiled_16(const float *M, const float *N, float *P, int Width)
{
	matmul_tiled<16>(M, N, P, Width);
}

extern "C" __global__ void
matmul_tiled_32(const float *M, const float *N, float *P, int Width)
{
	matmul_tiled<32>(M, N, P, Width);
}
