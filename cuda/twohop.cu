/*
 * twohop.cu - cheapest 2-hop path (min-plus product): r[i][j] is the
 * minimum over k of d[i][k] + d[k][j], for an n x n row-major matrix.
 * V0 and V1 are the same algorithm; only the mapping of threadIdx.x to
 * i (V0) or j (V1) differs.
 */
#include <math.h>

// warpviz: name=twohop-v0
// warpviz: family=twohop
// warpviz: title=cheapest 2-hop path V0, i from threadIdx.x
// warpviz: lesson=The lanes of a warp have different i: d[n*i + k] puts every lane in a different row, its own sector, at every k.  The store r[n*i + j] is just as scattered.
// warpviz: param n=4000 range=1..16384 unit=elements text=matrix size (n x n floats)
// warpviz: param bx=16 range=1..1024 sym=BX unit=threads text=block width (blockDim.x)
// warpviz: param by=16 range=1..1024 sym=BY unit=threads text=block height (blockDim.y)
// warpviz: launch grid=(n+BX-1)/BX,(n+BY-1)/BY block=BX,BY
// warpviz: array d length=n*n dims=n,n
// warpviz: array r length=n*n dims=n,n
// warpviz: compare=twohop-v1
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

// warpviz: name=twohop-v1
// warpviz: family=twohop
// warpviz: title=cheapest 2-hop path V1, j from threadIdx.x
// warpviz: lesson=Swap the mapping: now j varies across the warp.  d[n*k + j] reads consecutive floats of one row and d[n*i + k] is a broadcast per warp row.  Same algorithm, a fraction of the sectors.
// warpviz: param n=4000 range=1..16384 unit=elements text=matrix size (n x n floats)
// warpviz: param bx=16 range=1..1024 sym=BX unit=threads text=block width (blockDim.x)
// warpviz: param by=16 range=1..1024 sym=BY unit=threads text=block height (blockDim.y)
// warpviz: launch grid=(n+BX-1)/BX,(n+BY-1)/BY block=BX,BY
// warpviz: array d length=n*n dims=n,n
// warpviz: array r length=n*n dims=n,n
// warpviz: compare=twohop-v0
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
