// Texture probe: one warp reads a 2D CUDA array (point sampling, clamp)
// at coordinates given per lane; ncu counts texture requests and sectors
// per launch.  Patterns are read from patterns.txt: one line per launch,
// "name texel_bytes x0 y0 x1 y1 ... x31 y31" (lane coordinates).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
extern "C" __global__ void tex_f1(cudaTextureObject_t t, const int *xy, float *out)
{
	int l = threadIdx.x;
	if (xy[2 * l] > -1000)
		out[l] = tex2D<float>(t, xy[2 * l] + 0.5f, xy[2 * l + 1] + 0.5f);
}
extern "C" __global__ void tex_f4(cudaTextureObject_t t, const int *xy, float *out)
{
	int l = threadIdx.x;
	if (xy[2 * l] > -1000) {
		float4 v = tex2D<float4>(t, xy[2 * l] + 0.5f, xy[2 * l + 1] + 0.5f);
		out[l] = v.x + v.y + v.z + v.w;
	}
}
extern "C" __global__ void tex_1d(cudaTextureObject_t t, const int *xy, float *out)
{
	int l = threadIdx.x;
	if (xy[2 * l] > -1000)
		out[l] = tex1Dfetch<float>(t, xy[2 * l]);
}
static cudaTextureObject_t make2d(int w, int h, int f4)
{
	cudaChannelFormatDesc d = f4 ? cudaCreateChannelDesc<float4>() : cudaCreateChannelDesc<float>();
	cudaArray_t a;
	cudaMallocArray(&a, &d, w, h);
	cudaResourceDesc rd; memset(&rd, 0, sizeof rd);
	rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
	cudaTextureDesc td; memset(&td, 0, sizeof td);
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
	td.filterMode = cudaFilterModePoint; td.readMode = cudaReadModeElementType;
	td.normalizedCoords = 0;
	cudaTextureObject_t t; cudaCreateTextureObject(&t, &rd, &td, NULL);
	return t;
}
static cudaTextureObject_t make1d(float *buf, int n)
{
	cudaResourceDesc rd; memset(&rd, 0, sizeof rd);
	rd.resType = cudaResourceTypeLinear; rd.res.linear.devPtr = buf;
	rd.res.linear.desc = cudaCreateChannelDesc<float>(); rd.res.linear.sizeInBytes = n * 4;
	cudaTextureDesc td; memset(&td, 0, sizeof td); td.readMode = cudaReadModeElementType;
	cudaTextureObject_t t; cudaCreateTextureObject(&t, &rd, &td, NULL);
	return t;
}
int main(int argc, char **argv)
{
	FILE *f = fopen(argc > 1 ? argv[1] : "patterns.txt", "r");
	char name[64]; int kind, xy[64], *dxy; float *out, *lin;
	cudaTextureObject_t t1 = make2d(1024, 1024, 0), t4 = make2d(1024, 1024, 1);
	cudaMalloc(&lin, 1 << 22); cudaMemset(lin, 0, 1 << 22);
	cudaTextureObject_t tl = make1d(lin, 1 << 20);
	cudaMalloc(&dxy, sizeof xy); cudaMalloc(&out, 1024);
	while (fscanf(f, "%63s %d", name, &kind) == 2) {
		for (int i = 0; i < 64; i++) if (fscanf(f, "%d", &xy[i]) != 1) return 1;
		cudaMemcpy(dxy, xy, sizeof xy, cudaMemcpyHostToDevice);
		if (kind == 4) tex_f1<<<1, 32>>>(t1, dxy, out);
		else if (kind == 16) tex_f4<<<1, 32>>>(t4, dxy, out);
		else tex_1d<<<1, 32>>>(tl, dxy, out);
		cudaError_t e = cudaDeviceSynchronize();
		printf("%s %s\n", name, cudaGetErrorString(e));
	}
	return 0;
}
