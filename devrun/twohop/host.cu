// twohop host: times V0..V3 at n (argv[1]) with cudaEvents (median of 5), then launches each once more (for ncu -k).
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cuda_runtime.h>
#include "../../cuda/twohop.cu"
int main(int argc, char **argv) {
	int n = atoi(argv[1]); int nn = (n + 63) / 64 * 64; int only = argc > 2 ? atoi(argv[2]) : -1;
	float *r, *d, *t;
	cudaMalloc(&r, (size_t)nn * nn * 4); cudaMalloc(&d, (size_t)nn * nn * 4); cudaMalloc(&t, (size_t)nn * nn * 4);
	cudaMemset(d, 0, (size_t)nn * nn * 4); cudaMemset(t, 0, (size_t)nn * nn * 4);
	cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
	for (int v = 0; v < 4; v++) {
		if (only >= 0 && v != only) continue;
		float ms[5];
		for (int rep = 0; rep < 6; rep++) {
			cudaEventRecord(a);
			if (v == 0) twohop_v0<<<dim3((n+15)/16,(n+15)/16), dim3(16,16)>>>(r, d, n);
			if (v == 1) twohop_v1<<<dim3((n+15)/16,(n+15)/16), dim3(16,16)>>>(r, d, n);
			if (v == 2) twohop_v2<<<dim3(nn/64,nn/64), dim3(8,8)>>>(r, d, t, n, nn);
			if (v == 3) twohop_v3<<<dim3(nn/64,nn/64), dim3(8,8)>>>(r, d, t, n, nn);
			cudaEventRecord(b); cudaEventSynchronize(b);
			if (rep > 0) cudaEventElapsedTime(&ms[rep - 1], a, b);
		}
		std::sort(ms, ms + 5);
		printf("n=%d v%d median_ms=%.3f min_ms=%.3f %s\n", n, v, ms[2], ms[0], cudaGetErrorString(cudaGetLastError()));
	}
	return 0;
}
