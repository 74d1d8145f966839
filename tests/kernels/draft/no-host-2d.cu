/*
 * no-host-2d.cu - a kernel alone, no host code: the draft guesses a 2D
 * launch of 16 x 16 blocks over its two sizes (tests/draft.sh).
 */
__global__ void transpose(float *out, const float *in, int width,
    int height)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;

	if (x < width && y < height)
		out[x * height + y] = in[y * width + x];
}
