/*
 * powers.cu - thread t computes x^2 .. x^33 of its input into shared
 * memory, then sums them back.  Only the shared-memory layout differs:
 * stride 32 (every lane in one bank), transposed (lane = bank), padded to
 * 33 (the stride moves one bank per lane).  Launch with
 * blockDim.x * 33 * sizeof(float) bytes of dynamic shared memory.
 */

extern "C" __global__ void
powers_stride32(float *out, const float *in)
{
	extern __shared__ float s[];
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	float x = in[i];
	float p = x;

	for (int k = 0; k < 32; ++k) {
		p *= x;
		s[t*32 + k] = p;
	}
	__syncthreads();
	float sum = 0;
	for (int k = 0; k < 32; ++k)
		sum += s[t*32 + k];
	out[i] = sum;
}

extern "C" __global__ void
powers_transposed(float *out, const float *in)
{
	extern __shared__ float s[];
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	float x = in[i];
	float p = x;

	for (int k = 0; k < 32; ++k) {
		p *= x;
		s[k*blockDim.x + t] = p;
	}
	__syncthreads();
	float sum = 0;
	for (int k = 0; k < 32; ++k)
		sum += s[k*blockDim.x + t];
	out[i] = sum;
}

extern "C" __global__ void
powers_padded(float *out, const float *in)
{
	extern __shared__ float s[];
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	float x = in[i];
	float p = x;

	for (int k = 0; k < 32; ++k) {
		p *= x;
		s[t*33 + k] = p;
	}
	__syncthreads();
	float sum = 0;
	for (int k = 0; k < 32; ++k)
		sum += s[t*33 + k];
	out[i] = sum;
}
