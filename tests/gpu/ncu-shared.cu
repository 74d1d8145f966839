/*
 * ncu-shared.cu - one shared-memory instruction per kernel, 8 or 16 bytes
 * per lane, load or store, with the lane address patterns of the table in
 * doc/rules.md.  Run under Nsight Compute by ncu-shared.sh, which reads
 * l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum (loads) and _op_st
 * (stores) per launch.  One block of 32 threads: one warp, one request.
 */
#include <cstdio>
#include <cuda_runtime.h>

/* Byte offset of lane l in pattern p (see PATTERNS in ncu-shared.sh). */
__device__ int
offset(int p, int l)
{
	switch (p) {
	case 0: return 0;			/* all lanes one element */
	case 1: return l < 16 ? 0 : 8;		/* half-warps, two doubles */
	case 2: return l % 2 ? 256 : 0;		/* alternating, same banks */
	case 3: return 8 * l;			/* consecutive doubles */
	case 4: return 0;			/* all lanes one chunk */
	case 5: return 16 * (l % 2);		/* two chunks */
	case 6: return 16 * (l % 4);		/* four chunks */
	case 7: return l < 16 ? 0 : 128;	/* chunks 0, 128 by half */
	case 8: return 16 * l;			/* consecutive float4 */
	}
	return 0;
}

extern "C" __global__ void
ld64(double *out, int p)
{
	__shared__ __align__(16) char s[1024];
	double v = *(const double *)(s + offset(p, threadIdx.x));

	out[threadIdx.x] = v;
}

extern "C" __global__ void
st64(double *out, int p)
{
	__shared__ __align__(16) char s[1024];

	*(volatile double *)(s + offset(p, threadIdx.x)) = threadIdx.x;
	__syncthreads();
	if (threadIdx.x == 0)
		out[0] = *(volatile double *)s;
}

extern "C" __global__ void
ld128(float4 *out, int p)
{
	__shared__ __align__(16) char s[1024];
	float4 v = *(const float4 *)(s + offset(p, threadIdx.x));

	out[threadIdx.x] = v;
}

extern "C" __global__ void
st128(float4 *out, int p)
{
	__shared__ __align__(16) char s[1024];
	float4 v = make_float4(threadIdx.x, 1, 2, 3);

	*(float4 *)(s + offset(p, threadIdx.x)) = v;
	__syncthreads();
	if (threadIdx.x == 0)
		out[0] = *(volatile float *)s == 0 ? v : make_float4(0, 0, 0, 0);
}

int
main(void)
{
	float4	*out;
	int	 p;

	if (cudaMalloc(&out, 32 * sizeof *out) != cudaSuccess) {
		fprintf(stderr, "ncu-shared: cudaMalloc failed\n");
		return 1;
	}
	/* The order ncu-shared.sh expects: per pattern, load then store. */
	for (p = 0; p <= 3; p++) {
		ld64<<<1, 32>>>((double *)out, p);
		st64<<<1, 32>>>((double *)out, p);
	}
	for (p = 4; p <= 8; p++) {
		ld128<<<1, 32>>>(out, p);
		st128<<<1, 32>>>(out, p);
	}
	if (cudaDeviceSynchronize() != cudaSuccess) {
		fprintf(stderr, "ncu-shared: a kernel failed\n");
		return 1;
	}
	return 0;
}
