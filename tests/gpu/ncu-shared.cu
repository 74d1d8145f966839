/*
 * ncu-shared.cu - one shared-memory instruction (LDS/STS of 4, 8 or 16
 * bytes) per launch, one warp, the lane -> element pattern from the host.
 * tests/gpu/ncu-shared.sh profiles it with ncu and compares the wavefronts
 * with doc/rules.md's table.  Prints "LAUNCH id op bytes pattern" lines.
 */
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void ld8(const int *idx, double *out) {
	__shared__ double s[1024];
	out[threadIdx.x] = s[idx[threadIdx.x]];
}
__global__ void ld16(const int *idx, double2 *out) {
	__shared__ double2 s[512];
	out[threadIdx.x] = s[idx[threadIdx.x]];
}
__global__ void ld4(const int *idx, float *out) {
	__shared__ float s[2048];
	out[threadIdx.x] = s[idx[threadIdx.x]];
}
__global__ void st8(const int *idx, double *out) {
	__shared__ double s[1024];
	s[idx[threadIdx.x]] = (double)threadIdx.x;
	__syncthreads();
	if (threadIdx.x == 0) out[0] = s[5];
}
__global__ void st16(const int *idx, double2 *out) {
	__shared__ double2 s[512];
	s[idx[threadIdx.x]] = make_double2(threadIdx.x, 1.0);
	__syncthreads();
	if (threadIdx.x == 0) out[0] = s[5];
}
__global__ void st4(const int *idx, float *out) {
	__shared__ float s[2048];
	s[idx[threadIdx.x]] = (float)threadIdx.x;
	__syncthreads();
	if (threadIdx.x == 0) out[0] = s[5];
}

static void fill(int *v, const char *kind, int width) {
	for (int l = 0; l < 32; l++) {
		int x = 0;
		if (!strcmp(kind, "same")) x = 0;
		else if (!strcmp(kind, "consec")) x = l;
		else if (!strcmp(kind, "half2")) x = l < 16 ? 0 : 1;
		else if (!strcmp(kind, "alt")) x = (l & 1) ? 128 / width : 0;
		else if (!strcmp(kind, "two")) x = l & 1;
		else if (!strcmp(kind, "four")) x = l & 3;
		else if (!strcmp(kind, "halfsplit")) x = l < 16 ? 0 : 128 / width;
		else if (!strcmp(kind, "stride2")) x = 2 * l;
		else if (!strcmp(kind, "bank32")) x = l * (128 / width);
		else if (!strcmp(kind, "rev")) x = 31 - l;
		else if (!strcmp(kind, "q8")) x = l / 8;
		else if (!strcmp(kind, "mix3")) x = l % 3;
		else if (!strcmp(kind, "halfalt")) x = l < 16 ? ((l & 1) ? 128 / width : 0) : 1;
		v[l] = x;
	}
}

int main() {
	const char *kinds[] = { "same", "consec", "half2", "alt", "two", "four", "halfsplit", "stride2", "bank32", "rev", "q8", "mix3", "halfalt" };
	int nk = sizeof kinds / sizeof *kinds;
	int *didx; double2 *dout;
	cudaMalloc(&didx, 32 * sizeof(int));
	cudaMalloc(&dout, 64 * sizeof(double2));
	int launch = 0;
	for (int w = 0; w < 3; w++) {
		int width = w == 0 ? 4 : w == 1 ? 8 : 16;
		for (int op = 0; op < 2; op++) {
			for (int k = 0; k < nk; k++) {
				int v[32];
				fill(v, kinds[k], width);
				cudaMemcpy(didx, v, sizeof v, cudaMemcpyHostToDevice);
				if (width == 4) { if (op == 0) ld4<<<1,32>>>(didx, (float *)dout); else st4<<<1,32>>>(didx, (float *)dout); }
				if (width == 8) { if (op == 0) ld8<<<1,32>>>(didx, (double *)dout); else st8<<<1,32>>>(didx, (double *)dout); }
				if (width == 16) { if (op == 0) ld16<<<1,32>>>(didx, dout); else st16<<<1,32>>>(didx, dout); }
				cudaDeviceSynchronize();
				printf("LAUNCH %d %s %d %s\n", launch++, op ? "st" : "ld", width, kinds[k]);
			}
		}
	}
	printf("err %s\n", cudaGetErrorString(cudaGetLastError()));
	return 0;
}
