/*
 * constmem.cu - a filter whose taps live in constant memory.  When every
 * lane reads the same tap the constant cache broadcasts it; when each lane
 * reads its own, the reads are serialised, one per distinct address.
 */

__constant__ float coef[1024];

extern "C" __global__ void
const_uniform(float *out, const float *in, int n, int taps)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float x = in[i], sum = 0;
		for (int k = 0; k < taps; ++k)
			sum += coef[k] * x;
		out[i] = sum;
	}
}

extern "C" __global__ void
const_divergent(float *out, const float *in, int n, int taps)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float x = in[i], sum = 0;
		for (int k = 0; k < taps; ++k)
			sum += coef[threadIdx.x + k] * x;
		out[i] = sum;
	}
}
