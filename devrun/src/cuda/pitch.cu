/* SPDX-License-Identifier: ISC
 * pitch.cu - a 2D array of height rows of width floats: packed (each row
 * starts where the last ended, so rows are misaligned unless width is a
 * multiple of 8) or pitched (rows padded to pitch elements, as
 * cudaMallocPitch / cuMemAllocPitch return them, in bytes / sizeof(float)).
 */

// warpviz: name=array2d
// warpviz: family=pitch
// warpviz: title=2D array, packed rows (width not a multiple of 8)
// warpviz: lesson=Row r starts at r*width floats.  With width 3001 most rows start in the middle of a sector, so a warp reading 32 floats of a row touches 5 sectors instead of 4.
// warpviz: param width=3001 range=1..16384 unit=elements text=row length in floats
// warpviz: param height=3000 range=1..16384 unit=elements text=rows
// warpviz: param bx=32 range=1..1024 sym=BX unit=threads text=block width (blockDim.x)
// warpviz: param by=8 range=1..1024 sym=BY unit=threads text=block height (blockDim.y)
// warpviz: launch grid=(width+BX-1)/BX,(height+BY-1)/BY block=BX,BY
// warpviz: array out length=height*width dims=height,width
// warpviz: array a length=height*width dims=height,width
// warpviz: compare=array2d-pitch
extern "C" __global__ void
array2d(float *out, const float *a, int width, int height)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x;
	int r = blockIdx.y * blockDim.y + threadIdx.y;

	if (c < width && r < height)
		out[r*width + c] = 2.0f * a[r*width + c];
}

// warpviz: name=array2d-pitch
// warpviz: family=pitch
// warpviz: title=2D array, rows padded to a pitch (cudaMallocPitch)
// warpviz: lesson=cudaMallocPitch pads each row to a multiple of 512 bytes (pitch = 3072 floats for width 3001), so every row starts aligned and a warp's 32 floats take 4 sectors again.
// warpviz: param width=3001 range=1..16384 unit=elements text=row length in floats
// warpviz: param height=3000 range=1..16384 unit=elements text=rows
// warpviz: param bx=32 range=1..1024 sym=BX unit=threads text=block width (blockDim.x)
// warpviz: param by=8 range=1..1024 sym=BY unit=threads text=block height (blockDim.y)
// warpviz: launch grid=(width+BX-1)/BX,(height+BY-1)/BY block=BX,BY
// warpviz: let pitch=(width*4 + 511) / 512 * 512 / 4
// warpviz: array out length=height*pitch dims=height,pitch
// warpviz: array a length=height*pitch dims=height,pitch
// warpviz: compare=array2d
extern "C" __global__ void
array2d_pitch(float *out, const float *a, int width, int height, int pitch)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x;
	int r = blockIdx.y * blockDim.y + threadIdx.y;

	if (c < width && r < height)
		out[r*pitch + c] = 2.0f * a[r*pitch + c];
}
