/*
 * copy.cu - element copies that differ only in where the warp's addresses
 * fall: shifted by offset elements (alignment), or spread by a stride.
 */

/*
 * Each thread copies COPY_PER_THREAD elements one block apart: the warp's
 * accesses stay 32 consecutive floats, and four loads are in flight per
 * thread, enough to keep the memory system busy.
 */
#define COPY_PER_THREAD 4

extern "C" __global__ void
copy_offset(float *__restrict__ out, const float *__restrict__ in, int n,
    int offset)
{
	int i = blockIdx.x * blockDim.x * COPY_PER_THREAD + threadIdx.x + offset;

#pragma unroll
	for (int j = 0; j < COPY_PER_THREAD; ++j, i += blockDim.x)
		if (i < n)
			out[i] = in[i];
}

extern "C" __global__ void
read_stride(float *out, const float *in, int n, int stride)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = in[i * stride];
}
