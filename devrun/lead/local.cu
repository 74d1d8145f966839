// Local memory layout probe: one warp per kernel, ncu counts local
// requests/sectors per instruction.  N elements per thread, indexed at run time.
#include <cstdio>
#include <cuda_runtime.h>
#define N 32
#define BODY4(GUARD, K) \
	float a[N]; int t = threadIdx.x; \
	_Pragma("unroll 1") for (int j = 0; j < idx[1]; j++) a[j] = in[j] + t; \
	if (GUARD) out[t] = a[K];
#define BODY16(GUARD, K) \
	float4 a[N]; int t = threadIdx.x; \
	_Pragma("unroll 1") for (int j = 0; j < idx[1]; j++) a[j] = make_float4(in[j] + t, in[j], t, 1.f); \
	if (GUARD) { float4 v = a[K]; out[t] = v.x + v.y + v.z + v.w; }
extern "C" __global__ void l4_uni(const float *in, float *out, const int *idx) { BODY4(1, idx[0]) }
extern "C" __global__ void l4_lane(const float *in, float *out, const int *idx) { BODY4(1, (t + idx[0]) % N) }
extern "C" __global__ void l4_uni_g8(const float *in, float *out, const int *idx) { BODY4((t % 8) == 0, idx[0]) }
extern "C" __global__ void l4_half(const float *in, float *out, const int *idx) { BODY4(1, (t / 16 + idx[0]) % N) }
extern "C" __global__ void l16_uni(const float *in, float *out, const int *idx) { BODY16(1, idx[0]) }
extern "C" __global__ void l16_lane(const float *in, float *out, const int *idx) { BODY16(1, (t + idx[0]) % N) }
extern "C" __global__ void l16_uni_g8(const float *in, float *out, const int *idx) { BODY16((t % 8) == 0, idx[0]) }
extern "C" __global__ void l16_uni_g4(const float *in, float *out, const int *idx) { BODY16((t % 4) == 0, idx[0]) }
extern "C" __global__ void l16_half(const float *in, float *out, const int *idx) { BODY16(1, (t / 16 + idx[0]) % N) }
int main() {
	float *in, *out; int *idx;
	cudaMalloc(&in, 1024); cudaMalloc(&out, 1024); cudaMalloc(&idx, 64);
	cudaMemset(in, 0, 1024); cudaMemset(idx, 0, 64); { int h[2] = {0, 32}; cudaMemcpy(idx, h, 8, cudaMemcpyHostToDevice); }
	l4_uni<<<1,32>>>(in, out, idx); l4_lane<<<1,32>>>(in, out, idx);
	l4_uni_g8<<<1,32>>>(in, out, idx); l4_half<<<1,32>>>(in, out, idx);
	l16_uni<<<1,32>>>(in, out, idx); l16_lane<<<1,32>>>(in, out, idx);
	l16_uni_g8<<<1,32>>>(in, out, idx); l16_uni_g4<<<1,32>>>(in, out, idx);
	l16_half<<<1,32>>>(in, out, idx);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
