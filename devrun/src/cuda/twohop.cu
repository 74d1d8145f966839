/* SPDX-License-Identifier: ISC
 * twohop.cu - cheapest 2-hop path (min-plus product): r[i][j] is the
 * minimum over k of d[i][k] + d[k][j], for an n x n row-major matrix.
 * V0 and V1 differ only in the mapping of threadIdx.x to i (V0) or j
 * (V1); V2 reuses its loads in registers, V3 also through shared memory.
 */
#include <math.h>

// warpviz: name=twohop-v0
// warpviz: family=twohop
// warpviz: title=cheapest 2-hop path V0, i from threadIdx.x
// warpviz: lesson=The lanes of a warp have different i: d[n*i + k] puts the 16 lanes of a half-warp in 16 different rows (lanes 0 and 16 share a float), uncoalesced: 16 sectors where a coalesced warp needs 4, at every k.  The store r[n*i + j] is just as scattered.
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
// warpviz: lesson=Swap the mapping: now j varies across the warp.  d[n*i + k] is one float per warp row, a broadcast, and d[n*k + j] reads 16 consecutive floats of one row for both half-warps, a broadcast too: 2 sectors where a coalesced warp needs 4.  Same algorithm, a fraction of the sectors.
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

/*
 * V2: reuse in registers.  A block of 8 x 8 threads computes a 64 x 64
 * block of r, each thread an 8 x 8 block of results (rows ic*64 + ib*8 +
 * ia, columns jc*64 + jb*8 + ja) from 8 + 8 loads per k instead of
 * 2 x 64.  d holds the input as nn x nn rows (nn = n rounded up to 64)
 * and t its transpose, both padded with +infinity, so the loads need no
 * guard; warpviz's host lays them out, as the course's padding kernel.
 */
// warpviz: name=twohop-v2
// warpviz: family=twohop
// warpviz: title=cheapest 2-hop path V2, 8 x 8 results per thread
// warpviz: lesson=Each thread keeps an 8 x 8 block of results in registers and per k loads 8 values of a column strip (t, the transpose) and 8 of a row strip (d): 16 loads for 64 results, where V1 needed 128.  In a warp 4 lanes share each t value and 8 each d value, so a request touches 1 sector: 8 times fewer requests than V1, each smaller.
// warpviz: param n=4000 range=1..16384 unit=elements text=matrix size (n x n floats)
// warpviz: let nn=(n + 63) / 64 * 64
// warpviz: launch grid=nn/64,nn/64 block=8,8
// warpviz: array r length=n*n dims=n,n
// warpviz: array d length=nn*nn dims=nn,nn
// warpviz: array t length=nn*nn dims=nn,nn
// warpviz: compare=twohop-v1 twohop-v3
extern "C" __global__ void
twohop_v2(float *r, const float *d, const float *t, int n, int nn)
{
	int ia = threadIdx.x;
	int ja = threadIdx.y;
	int ic = blockIdx.x;
	int jc = blockIdx.y;

	float v[8][8];
	for (int ib = 0; ib < 8; ++ib) {
		for (int jb = 0; jb < 8; ++jb) {
			v[ib][jb] = HUGE_VALF;
		}
	}
	for (int k = 0; k < n; ++k) {
		float x[8];
		float y[8];
		for (int ib = 0; ib < 8; ++ib) {
			int i = ic * 64 + ib * 8 + ia;
			x[ib] = t[nn*k + i];
		}
		for (int jb = 0; jb < 8; ++jb) {
			int j = jc * 64 + jb * 8 + ja;
			y[jb] = d[nn*k + j];
		}
		for (int ib = 0; ib < 8; ++ib) {
			for (int jb = 0; jb < 8; ++jb) {
				v[ib][jb] = fminf(v[ib][jb], x[ib] + y[jb]);
			}
		}
	}
	for (int ib = 0; ib < 8; ++ib) {
		for (int jb = 0; jb < 8; ++jb) {
			int i = ic * 64 + ib * 8 + ia;
			int j = jc * 64 + jb * 8 + ja;
			if (i < n && j < n) {
				r[n*i + j] = v[ib][jb];
			}
		}
	}
}

/*
 * V3: reuse in shared memory as well.  For four k at a time the block's
 * 64 threads load a 4 x 64 strip of t and of d with consecutive lanes on
 * consecutive floats (coalesced), park them in xx and yy, and every
 * thread reads its 8 + 8 values per k from there.  The padding (+infinity
 * up to nn) makes the last strip's extra k harmless.
 */
// warpviz: name=twohop-v3
// warpviz: family=twohop
// warpviz: title=cheapest 2-hop path V3, strips through shared memory
// warpviz: lesson=Four k at a time, the block's 64 threads load a 4 x 64 strip of t and of d with consecutive lanes on consecutive floats (4 sectors, coalesced) into xx and yy; then every thread reads its 8 + 8 values per k from shared memory, where the lanes that share a word are a broadcast: one wavefront each.
// warpviz: param n=4000 range=1..16384 unit=elements text=matrix size (n x n floats)
// warpviz: let nn=(n + 63) / 64 * 64
// warpviz: launch grid=nn/64,nn/64 block=8,8
// warpviz: array r length=n*n dims=n,n
// warpviz: array d length=nn*nn dims=nn,nn
// warpviz: array t length=nn*nn dims=nn,nn
// warpviz: compare=twohop-v2 twohop-v1
extern "C" __global__ void
twohop_v3(float *r, const float *d, const float *t, int n, int nn)
{
	int ia = threadIdx.x;
	int ja = threadIdx.y;
	int ic = blockIdx.x;
	int jc = blockIdx.y;

	__shared__ float xx[4][64];
	__shared__ float yy[4][64];

	float v[8][8];
	for (int ib = 0; ib < 8; ++ib) {
		for (int jb = 0; jb < 8; ++jb) {
			v[ib][jb] = HUGE_VALF;
		}
	}
	for (int kb = 0; kb < (n + 3) / 4; ++kb) {
		int ija = ja * 8 + ia;
		int il = ic * 64 + ija;
		int jl = jc * 64 + ija;
		for (int f = 0; f < 4; ++f) {
			int k = kb * 4 + f;
			xx[f][ija] = t[nn*k + il];
			yy[f][ija] = d[nn*k + jl];
		}

		__syncthreads();

#pragma unroll
		for (int f = 0; f < 4; ++f) {
			float y[8];
			for (int jb = 0; jb < 8; ++jb) {
				y[jb] = yy[f][jb * 8 + ja];
			}
			for (int ib = 0; ib < 8; ++ib) {
				float x = xx[f][ib * 8 + ia];
				for (int jb = 0; jb < 8; ++jb) {
					v[ib][jb] = fminf(v[ib][jb], x + y[jb]);
				}
			}
		}

		__syncthreads();
	}
	for (int ib = 0; ib < 8; ++ib) {
		for (int jb = 0; jb < 8; ++jb) {
			int i = ic * 64 + ib * 8 + ia;
			int j = jc * 64 + jb * 8 + ja;
			if (i < n && j < n) {
				r[n*i + j] = v[ib][jb];
			}
		}
	}
}
