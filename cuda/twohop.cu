/*
 * twohop.cu - cheapest 2-hop path (min-plus product): r[i][j] is the
 * minimum over k of d[i][k] + d[k][j], for an n x n row-major matrix.
 * V0 and V1 are the same algorithm; only the mapping of threadIdx.x to
 * i (V0) or j (V1) differs.
 */
#include <math.h>

extern "C" __global__ void
twohop_v0(float *r, const float *d, int n)
{
	int i = threadIdx.x + blockIdx.x * blockDim.x;
	int j = threadIdx.y + blockIdx.y * blockDim.y;

	if (i >= n || j >= n)
		return;
	float v = HUGE_VALF;
	for (int k = 0; k < n; ++k) {
		float x = d[n*i + k];
		float y = d[n*k + j];
		float z = x + y;
		v = fminf(v, z);
	}
	r[n*i + j] = v;
}

extern "C" __global__ void
twohop_v1(float *r, const float *d, int n)
{
	int i = threadIdx.y + blockIdx.y * blockDim.y;
	int j = threadIdx.x + blockIdx.x * blockDim.x;

	if (i >= n || j >= n)
		return;
	float v = HUGE_VALF;
	for (int k = 0; k < n; ++k) {
		float x = d[n*i + k];
		float y = d[n*k + j];
		float z = x + y;
		v = fminf(v, z);
	}
	r[n*i + j] = v;
}
