/*
 * gather.cu - out[i] = in[idx[i]]: where each lane reads depends on data,
 * which the model cannot know.  warpviz refuses it, naming the read.
 */
// warpviz: name=gather
// warpviz: param n=4096 range=1..1000000
// warpviz: launch kernel=gather grid=(n+255)/256 block=256
// warpviz: array in length=n
// warpviz: array idx length=n
// warpviz: array out length=n
__global__ void gather(const float *in, const int *idx, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		int j = idx[i];
		out[i] = in[j];
	}
}
