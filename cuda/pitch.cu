/*
 * pitch.cu - a 2D array of height rows of width floats: packed (each row
 * starts where the last ended, so rows are misaligned unless width is a
 * multiple of 8) or pitched (rows padded to pitch elements, as
 * cudaMallocPitch / cuMemAllocPitch return them, in bytes / sizeof(float)).
 */

extern "C" __global__ void
array2d(float *out, const float *a, int width, int height)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x;
	int r = blockIdx.y * blockDim.y + threadIdx.y;

	if (c < width && r < height)
		out[r*width + c] = 2.0f * a[r*width + c];
}

extern "C" __global__ void
array2d_pitch(float *out, const float *a, int width, int height, int pitch)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x;
	int r = blockIdx.y * blockDim.y + threadIdx.y;

	if (c < width && r < height)
		out[r*pitch + c] = 2.0f * a[r*pitch + c];
}
