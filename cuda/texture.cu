/* SPDX-License-Identifier: ISC
 * texture.cu - a row walk and a column walk through a 2D texture (a CUDA
 * array read with tex2D, point sampled) beside the same walks through a
 * row-major global array.  The texture unit moves sectors of 16 bytes of
 * a row by 2 rows, a quad of lanes a request (doc/rules.md, measured on an
 * H100): down a column a warp's 32 texels share 16 sectors, where the
 * global array gives every lane a sector of its own.  Each walk writes its
 * texel to out along the lanes (the column walk transposes), so the store
 * is coalesced and the difference is the read.
 */

// warpviz: name=tex-row
// warpviz: family=texture
// warpviz: title=texture, lanes along a row
// warpviz: lesson=Lanes read texels x..x+31 of one row.  The texture unit serves a warp a quad of lanes at a time, each quad its own sectors of 16 bytes x 2 rows: 8 requests of 1 sector, 8 sectors where a global load of the same row takes 4.
// warpviz: param w=2048 range=32..8192 sym=W unit=texels text=texture width (a multiple of 32)
// warpviz: param h=2048 range=32..8192 sym=H unit=texels text=texture height (a multiple of 32)
// warpviz: require=W % 32 == 0 && H % 32 == 0
// warpviz: require-text=width and height must be multiples of 32
// warpviz: launch grid=W/32,H/32 block=32,32
// warpviz: texture img width=W height=H type=float
// warpviz: array out length=W*H dims=H,W
// warpviz: compare=tex-row-global tex-col
extern "C" __global__ void
tex_row(float *out, cudaTextureObject_t img, int W, int H)
{
	int x = blockIdx.x * 32 + threadIdx.x;
	int y = blockIdx.y * 32 + threadIdx.y;

	out[y * W + x] = tex2D<float>(img, x + 0.5f, y + 0.5f);
}

// warpviz: name=tex-col
// warpviz: family=texture
// warpviz: title=texture, lanes down a column
// warpviz: lesson=Lanes read texels y..y+31 of one column.  A sector is 16 bytes of a row by 2 rows, so two lanes share each: 16 sectors in 8 requests, where the same walk down a row-major global array costs 32, one sector a lane.  Texture memory keeps 2D neighbours together, which is what a column walk needs.
// warpviz: param w=2048 range=32..8192 sym=W unit=texels text=texture width (a multiple of 32)
// warpviz: param h=2048 range=32..8192 sym=H unit=texels text=texture height (a multiple of 32)
// warpviz: require=W % 32 == 0 && H % 32 == 0
// warpviz: require-text=width and height must be multiples of 32
// warpviz: launch grid=W/32,H/32 block=32,32
// warpviz: texture img width=W height=H type=float
// warpviz: array out length=W*H dims=W,H
// warpviz: compare=tex-col-global tex-row
extern "C" __global__ void
tex_col(float *out, cudaTextureObject_t img, int W, int H)
{
	int x = blockIdx.x * 32 + threadIdx.y;
	int y = blockIdx.y * 32 + threadIdx.x;

	out[x * H + y] = tex2D<float>(img, x + 0.5f, y + 0.5f);
}

// warpviz: name=tex-row-global
// warpviz: family=texture
// warpviz: title=global memory, lanes along a row (tex-row's partner)
// warpviz: lesson=The row walk through a row-major global array: 32 consecutive floats, 4 sectors, coalesced.  Along a row global memory is as good as it gets.
// warpviz: param w=2048 range=32..8192 sym=W unit=texels text=texture width (a multiple of 32)
// warpviz: param h=2048 range=32..8192 sym=H unit=texels text=texture height (a multiple of 32)
// warpviz: require=W % 32 == 0 && H % 32 == 0
// warpviz: require-text=width and height must be multiples of 32
// warpviz: launch grid=W/32,H/32 block=32,32
// warpviz: array in length=W*H dims=H,W
// warpviz: array out length=W*H dims=H,W
// warpviz: compare=tex-row tex-col-global
extern "C" __global__ void
tex_row_global(float *out, const float *in, int W, int H)
{
	int x = blockIdx.x * 32 + threadIdx.x;
	int y = blockIdx.y * 32 + threadIdx.y;

	out[y * W + x] = in[y * W + x];
}

// warpviz: name=tex-col-global
// warpviz: family=texture
// warpviz: title=global memory, lanes down a column (tex-col's partner)
// warpviz: lesson=The column walk through a row-major global array: lanes W floats apart, every lane in a sector of its own, 32 sectors for 128 bytes used.
// warpviz: param w=2048 range=32..8192 sym=W unit=texels text=texture width (a multiple of 32)
// warpviz: param h=2048 range=32..8192 sym=H unit=texels text=texture height (a multiple of 32)
// warpviz: require=W % 32 == 0 && H % 32 == 0
// warpviz: require-text=width and height must be multiples of 32
// warpviz: launch grid=W/32,H/32 block=32,32
// warpviz: array in length=W*H dims=H,W
// warpviz: array out length=W*H dims=W,H
// warpviz: compare=tex-col tex-row-global
extern "C" __global__ void
tex_col_global(float *out, const float *in, int W, int H)
{
	int x = blockIdx.x * 32 + threadIdx.y;
	int y = blockIdx.y * 32 + threadIdx.x;

	out[x * H + y] = in[y * W + x];
}
