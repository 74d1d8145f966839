#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// A draft of the warpviz: lines by 'warpviz check --draft':
//   from the host code: rows, cols, the launch, m's length, out's length
//   guessed, to check: nothing
// warpviz: param rows=4096 range=1..16384
// warpviz: param cols=1000 range=1..4000
// warpviz: launch grid=rows/8 block=256
// warpviz: array m length=rows*cols
// warpviz: array out length=rows
__global__ void rowsum(const float *m, float *out, int rows, int cols)
{
	const int warp = threadIdx.x / 32;
	const int lane = threadIdx.x & 31;
	const int row = blockIdx.x * (blockDim.x >> 5) + warp;
	if (row >= rows)
		return;
	float s = 0.f;
	for (int c = lane; c < cols; c += 32)
		s += m[(size_t)row * cols + c];
	for (int o = 16; o > 0; o >>= 1)
		s += __shfl_xor_sync(0xffffffffu, s, o);
	if (lane == 0)
		out[row] = s;
}
int main(void)
{
	int rows = 4096, cols = 1000;
	float *m, *o;
	cudaMalloc(&m, (size_t)rows * cols * sizeof(float));
	cudaMalloc(&o, rows * sizeof(float));
	dim3 grid(rows / 8), block(256);
	rowsum<<<grid, block>>>(m, o, rows, cols);
	return 0;
}
