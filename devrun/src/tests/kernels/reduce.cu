/*
 * reduce.cu - tree reduction of each block's 256 inputs in shared memory:
 * the active half shrinks (s >>= 1) until one thread writes the sum.
 */
#define BS 256

// warpviz: name=reduce
// warpviz: title=tree reduction in shared memory
// warpviz: param n=65536 range=256..16777216
// warpviz: launch kernel=reduce_sum grid=n/BS block=BS
// warpviz: array in length=n
// warpviz: array out length=n/BS
__global__ void reduce_sum(const float *in, float *out, int n)
{
	__shared__ float s[BS];
	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	s[tid] = in[i];
	__syncthreads();
	for (unsigned int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
		if (tid < stride)
			s[tid] += s[tid + stride];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
