#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
__global__ void redf(float *a, const int *idx) { int k = idx[threadIdx.x]; if (k >= 0) atomicAdd(&a[k], 1.0f); }
__global__ void atomf(float *a, float *b, const int *idx) { int k = idx[threadIdx.x]; if (k >= 0) b[threadIdx.x] = atomicAdd(&a[k], 1.0f); }
__global__ void redd(double *a, const int *idx) { int k = idx[threadIdx.x]; if (k >= 0) atomicAdd(&a[k], 1.0); }
__global__ void atomd(double *a, double *b, const int *idx) { int k = idx[threadIdx.x]; if (k >= 0) b[threadIdx.x] = atomicAdd(&a[k], 1.0); }
int main(int argc, char **argv) {
	FILE *f = fopen(argv[1], "r"); char name[128]; int h[32];
	void *a, *b; int *idx;
	cudaMalloc(&a, 1 << 20); cudaMalloc(&b, 1 << 20); cudaMalloc(&idx, 128);
	cudaMemset(a, 0, 1 << 20);
	while (fscanf(f, "%127s", name) == 1) {
		for (int l = 0; l < 32; l++) fscanf(f, "%d", &h[l]);
		cudaMemcpy(idx, h, 128, cudaMemcpyHostToDevice);
		if (!strncmp(name, "redf", 4)) redf<<<1, 32>>>((float *)a, idx);
		else if (!strncmp(name, "atomf", 5)) atomf<<<1, 32>>>((float *)a, (float *)b, idx);
		else if (!strncmp(name, "redd", 4)) redd<<<1, 32>>>((double *)a, idx);
		else atomd<<<1, 32>>>((double *)a, (double *)b, idx);
		cudaDeviceSynchronize();
	}
	printf("done %s\n", cudaGetErrorString(cudaGetLastError()));
	return 0;
}
