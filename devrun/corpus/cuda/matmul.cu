/* SPDX-License-Identifier: ISC
 * matmul.cu - P = M x N for Width x Width row-major float matrices.
 * matmul_col and matmul_row differ only in which index threadIdx.x drives;
 * matmul_tiled_* stage TILE_WIDTH x TILE_WIDTH tiles in shared memory
 * (corner turning: N is read along rows from global, down columns from
 * shared).  Width must be a multiple of TILE_WIDTH for the tiled kernels.
 */

// warpviz: name=matmul-col
// warpviz: family=matmul
// warpviz: title=naive matmul, Col from threadIdx.x
// warpviz: lesson=Coalescing is decided across the lanes of a warp at one iteration, not along one thread's loop.  Here the 32 lanes are two rows of 16: M[Row*Width+k] is one address per row, a broadcast, and N[k*Width+Col] the same 16 floats for both rows, a broadcast too (2 sectors where a coalesced warp needs 4); P is coalesced.  The textbook's uncoalesced M appears when Row varies across the warp (matmul-row).
// warpviz: param width=2048 range=1..16384 sym=Width unit=elements text=matrix width (Width x Width floats each)
// warpviz: param bx=16 range=1..1024 sym=BX unit=threads text=block width (blockDim.x)
// warpviz: param by=16 range=1..1024 sym=BY unit=threads text=block height (blockDim.y)
// warpviz: launch grid=(Width+BX-1)/BX,(Width+BY-1)/BY block=BX,BY
// warpviz: array M length=Width*Width dims=Width,Width
// warpviz: array N length=Width*Width dims=Width,Width
// warpviz: array P length=Width*Width dims=Width,Width
// warpviz: compare=matmul-row matmul-tiled
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

// warpviz: name=matmul-row
// warpviz: family=matmul
// warpviz: title=naive matmul, Row from threadIdx.x
// warpviz: lesson=Now threadIdx.x drives Row: at one k the 16 lanes of each half-warp read M[Row*Width+k] from 16 rows Width floats apart, uncoalesced: 16 sectors where a coalesced warp needs 4, and P is written down a column.  Same arithmetic, several times the sectors: the index that varies fastest inside a warp decides.
// warpviz: param width=2048 range=1..16384 sym=Width unit=elements text=matrix width (Width x Width floats each)
// warpviz: param bx=16 range=1..1024 sym=BX unit=threads text=block width (blockDim.x)
// warpviz: param by=16 range=1..1024 sym=BY unit=threads text=block height (blockDim.y)
// warpviz: launch grid=(Width+BX-1)/BX,(Width+BY-1)/BY block=BX,BY
// warpviz: array M length=Width*Width dims=Width,Width
// warpviz: array N length=Width*Width dims=Width,Width
// warpviz: array P length=Width*Width dims=Width,Width
// warpviz: compare=matmul-col matmul-tiled
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

// warpviz: name=matmul-tiled
// warpviz: family=matmul
// warpviz: title=tiled matmul, corner turning through shared memory
// warpviz: lesson=Each phase loads a TILE_WIDTH x TILE_WIDTH tile of M and of N with lanes along rows (coalesced), stores them to shared memory, then reads Nds down a column from shared memory, where a column costs no extra transactions: Nds[k][tx] puts each lane in its own bank and Mds[ty][k] is a broadcast.
// warpviz: param width=2048 range=1..16384 sym=Width unit=elements text=matrix width, a multiple of tile
// warpviz: param tile=16 range=2..32 pow2 sym=TILE_WIDTH unit=elements text=tile width = block width and height
// warpviz: require=Width % TILE_WIDTH == 0
// warpviz: require-text=width must be a multiple of tile
// warpviz: launch kernel=matmul_tiled grid=Width/TILE_WIDTH,Width/TILE_WIDTH block=TILE_WIDTH,TILE_WIDTH
// warpviz: array M length=Width*Width dims=Width,Width
// warpviz: array N length=Width*Width dims=Width,Width
// warpviz: array P length=Width*Width dims=Width,Width
// warpviz: compare=matmul-col matmul-row
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
