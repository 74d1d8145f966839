/*
 * stencil.cu - 1D 3-point average; the first and last elements have one
 * neighbour, so the edge threads skip the missing read.
 */
// warpviz: name=stencil
// warpviz: title=1D 3-point stencil with edge guards
// warpviz: param n=1000 range=3..1000000
// warpviz: param bs=128 range=32..1024 pow2
// warpviz: launch kernel=stencil3 grid=(n+bs-1)/bs block=bs
// warpviz: array in length=n
// warpviz: array out length=n
__global__ void stencil3(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	float sum = in[i];
	float w = 1.0f;
	if (i > 0) {
		sum += in[i - 1];
		w += 1.0f;
	}
	if (i < n - 1) {
		sum += in[i + 1];
		w += 1.0f;
	}
	out[i] = sum / w;
}
