/*
 * twohop.cu - cheapest 2-hop path (min-plus product): r[i][j] is the
 * minimum over k of d[i][k] + d[k][j], for an n x n row-major matrix.
 * V0 and V1 differ only in the mapping of threadIdx.x to i (V0) or j
 * (V1); V2 reuses its loads in registers, V3 also through shared memory.
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

/*
 * V2: reuse in registers.  A block of 8 x 8 threads computes a 64 x 64
 * block of r, each thread an 8 x 8 block of results (rows ic*64 + ib*8 +
 * ia, columns jc*64 + jb*8 + ja) from 8 + 8 loads per k instead of
 * 2 x 64.  d holds the input as nn x nn rows (nn = n rounded up to 64)
 * and t its transpose, both padded with +infinity, so the loads need no
 * guard; warpviz's host lays them out, as the course's padding kernel.
 */
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
