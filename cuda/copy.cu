/*
 * copy.cu - element copies that differ only in where the warp's addresses
 * fall: shifted by offset elements (alignment), or spread by a stride.
 */

extern "C" __global__ void
copy_offset(float *out, const float *in, int n, int offset)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x + offset;

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
