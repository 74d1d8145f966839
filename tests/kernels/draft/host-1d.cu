/*
 * host-1d.cu - a kernel file as people write it, without warpviz: lines:
 * the kernel and the host code that launches it (tests/draft.sh drafts
 * the lines from the host's n, <<<blocks, threads>>> and cudaMalloc).
 */
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float *out, const float *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = 2.0f * in[i];
}

int main(void)
{
	int n = 1 << 20;
	const int threads = 256;
	int blocks = (n + threads - 1) / threads;
	float *d_in, *d_out;

	cudaMalloc(&d_in, n * sizeof(float));
	cudaMalloc((void **)&d_out, sizeof(float) * n);
	scale<<<blocks, threads>>>(d_out, d_in, n);
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
