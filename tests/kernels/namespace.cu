/*
 * namespace.cu - a kernel file as a program is written: host code, a
 * named namespace around the kernel, standard headers.  warpviz reads
 * the kernel as at file scope, and hands NVRTC the file with main() and
 * the host headers blanked and the namespace unwrapped (same lines).
 * One block of 32 threads: on so small a launch Nsight Compute reports an
 * L2 hit rate above 100%, shown as it gives it.
 */
#include <cstdio>
#include <cuda_runtime.h>

// warpviz: name=namespace
// warpviz: title=a kernel in a namespace, with its host code
// warpviz: param n=64 range=32..4096
// warpviz: launch grid=1 block=32
// warpviz: array a length=n
namespace wv {
__global__ void halves(float *a, int n)
{
	a[threadIdx.x * 2] = 0.5f * a[threadIdx.x * 2 + 1];
}
}

int main(void)
{
	float *a;

	cudaMalloc(&a, 64 * sizeof(float));
	wv::halves<<<1, 32>>>(a, 64);
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
