// SPDX-License-Identifier: ISC
// texture-catalog.cu - the catalog's texture walks (cuda/texture.cu) run
// live outside warpviz, to check its runner's CUDA arrays against: a W x H
// float CUDA array behind a texture object (point sampling, clamp,
// unnormalised coordinates, as tests/gpu/texture measured the rule), the
// same image in global memory, each kernel timed (median of 21 after a
// warm-up, CUDA events) and its output checked on the host.
// Usage: texture-catalog [W H [once]]; "once": one launch each (for ncu).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include "../../cuda/texture.cu"

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)

enum { ROW, COL };

static int
check(const std::vector<float> &img, const std::vector<float> &out, int W,
    int H, int how)
{
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			float o = how == COL ? out[(size_t)x * H + y] :
			    out[(size_t)y * W + x];
			if (o != img[(size_t)y * W + x])
				return 0;
		}
	return 1;
}

int
main(int argc, char **argv)
{
	int W = argc > 2 ? atoi(argv[1]) : 2048, H = argc > 2 ? atoi(argv[2]) : 2048;
	int once = argc > 3, reps = once ? 1 : 21;
	size_t n = (size_t)W * H;
	std::vector<float> img(n), out(n);

	for (size_t i = 0; i < n; i++)
		img[i] = (float)(rand() % 100000) / 7.0f;
	cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
	cudaArray_t arr;
	CK(cudaMallocArray(&arr, &cd, W, H));
	CK(cudaMemcpy2DToArray(arr, 0, 0, img.data(), W * sizeof(float),
	    W * sizeof(float), H, cudaMemcpyHostToDevice));
	cudaResourceDesc rd = {};
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = arr;
	cudaTextureDesc td = {};
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
	td.filterMode = cudaFilterModePoint;
	td.readMode = cudaReadModeElementType;
	td.normalizedCoords = 0;
	cudaTextureObject_t tex;
	CK(cudaCreateTextureObject(&tex, &rd, &td, NULL));
	float *in, *dout;
	CK(cudaMalloc(&in, n * sizeof(float)));
	CK(cudaMalloc(&dout, n * sizeof(float)));
	CK(cudaMemcpy(in, img.data(), n * sizeof(float), cudaMemcpyHostToDevice));
	cudaEvent_t e0, e1;
	CK(cudaEventCreate(&e0));
	CK(cudaEventCreate(&e1));
	dim3 grid(W / 32, H / 32), block(32, 32);
	const char *names[4] = { "tex-row", "tex-col", "tex-row-global",
	    "tex-col-global" };
	for (int k = 0; k < 4; k++) {
		std::vector<float> ms;
		for (int r = 0; r < reps + (once ? 0 : 1); r++) {
			CK(cudaMemset(dout, 0xff, n * sizeof(float)));
			CK(cudaEventRecord(e0));
			switch (k) {
			case 0: tex_row<<<grid, block>>>(dout, tex, W, H); break;
			case 1: tex_col<<<grid, block>>>(dout, tex, W, H); break;
			case 2: tex_row_global<<<grid, block>>>(dout, in, W, H); break;
			case 3: tex_col_global<<<grid, block>>>(dout, in, W, H); break;
			}
			CK(cudaEventRecord(e1));
			CK(cudaEventSynchronize(e1));
			float t;
			CK(cudaEventElapsedTime(&t, e0, e1));
			if (once || r > 0)
				ms.push_back(t);
		}
		CK(cudaMemcpy(out.data(), dout, n * sizeof(float),
		    cudaMemcpyDeviceToHost));
		std::sort(ms.begin(), ms.end());
		printf("%-15s W=%d H=%d  %.4f ms (median of %zu)  %s\n", names[k],
		    W, H, ms[ms.size() / 2], ms.size(),
		    check(img, out, W, H, k % 2 ? COL : ROW) ? "verified" :
		    "MISMATCH");
	}
	return 0;
}
