/*
 * template-shared.cu - a template reduction with dynamic shared memory,
 * launched with template arguments and a shared size (tests/draft.sh).
 */
template <unsigned int blockSize, typename T>
__global__ void reduce(const T *in, T *out, unsigned int n)
{
	extern __shared__ T sdata[];
	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * blockSize + tid;

	sdata[tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned int s = blockSize / 2; s > 0; s >>= 1) {
		if (tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = sdata[0];
}

void run(const float *d_in, float *d_out, unsigned int n)
{
	const int threads = 128;
	int blocks = (n + threads - 1) / threads;

	reduce<128, float><<<blocks, threads, threads * sizeof(float)>>>(d_in,
	    d_out, n);
}
