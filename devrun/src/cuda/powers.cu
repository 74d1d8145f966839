/* SPDX-License-Identifier: ISC
 * powers.cu - thread t computes x^2 .. x^33 of its input into shared
 * memory, then sums them back.  Only the shared-memory layout differs:
 * stride 32 (every lane in one bank), transposed (lane = bank), padded to
 * 33 (the stride moves one bank per lane).  Launch with
 * blockDim.x * 33 * sizeof(float) bytes of dynamic shared memory.
 */

// warpviz: name=powers-stride32
// warpviz: family=powers
// warpviz: title=powers into shared memory at stride 32
// warpviz: lesson=Lane t keeps its 32 powers in s[t*32 + k]: at one k every lane's word is a multiple of 32 words from the others, so all 32 lanes hit one bank, a 32-way conflict: 32 wavefronts where 1 would do.
// warpviz: param n=4194304 range=32..67108864 unit=threads text=threads in all, a multiple of bs
// warpviz: param bs=128 range=32..256 pow2 sym=BS unit=threads text=threads per block (blockDim.x)
// warpviz: require=n % BS == 0
// warpviz: require-text=n must be a multiple of bs
// warpviz: launch grid=n/BS block=BS
// warpviz: array in length=n
// warpviz: array out length=n
// warpviz: array s length=BS*33
// warpviz: compare=powers-transposed powers-padded
extern "C" __global__ void
powers_stride32(float *out, const float *in)
{
	extern __shared__ float s[];
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	float x = in[i];
	float p = x;

	for (int k = 0; k < 32; ++k) {
		p *= x;
		s[t*32 + k] = p;
	}
	__syncthreads();
	float sum = 0;
	for (int k = 0; k < 32; ++k)
		sum += s[t*32 + k];
	out[i] = sum;
}

// warpviz: name=powers-transposed
// warpviz: family=powers
// warpviz: title=powers into shared memory, transposed
// warpviz: lesson=Store power k of lane t at s[k*blockDim.x + t]: at one k the lanes write consecutive words, one bank each, no conflict.
// warpviz: param n=4194304 range=32..67108864 unit=threads text=threads in all, a multiple of bs
// warpviz: param bs=128 range=32..256 pow2 sym=BS unit=threads text=threads per block (blockDim.x)
// warpviz: require=n % BS == 0
// warpviz: require-text=n must be a multiple of bs
// warpviz: launch grid=n/BS block=BS
// warpviz: array in length=n
// warpviz: array out length=n
// warpviz: array s length=BS*33
// warpviz: compare=powers-stride32 powers-padded
extern "C" __global__ void
powers_transposed(float *out, const float *in)
{
	extern __shared__ float s[];
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	float x = in[i];
	float p = x;

	for (int k = 0; k < 32; ++k) {
		p *= x;
		s[k*blockDim.x + t] = p;
	}
	__syncthreads();
	float sum = 0;
	for (int k = 0; k < 32; ++k)
		sum += s[k*blockDim.x + t];
	out[i] = sum;
}

// warpviz: name=powers-padded
// warpviz: family=powers
// warpviz: title=powers into shared memory, padded to 33
// warpviz: lesson=Keep the per-lane layout but pad each lane's row to 33 words: s[t*33 + k] moves one bank per lane, so the 32 lanes fall in 32 different banks.  One unused word per row buys it.
// warpviz: param n=4194304 range=32..67108864 unit=threads text=threads in all, a multiple of bs
// warpviz: param bs=128 range=32..256 pow2 sym=BS unit=threads text=threads per block (blockDim.x)
// warpviz: require=n % BS == 0
// warpviz: require-text=n must be a multiple of bs
// warpviz: launch grid=n/BS block=BS
// warpviz: array in length=n
// warpviz: array out length=n
// warpviz: array s length=BS*33
// warpviz: compare=powers-stride32 powers-transposed
extern "C" __global__ void
powers_padded(float *out, const float *in)
{
	extern __shared__ float s[];
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	float x = in[i];
	float p = x;

	for (int k = 0; k < 32; ++k) {
		p *= x;
		s[t*33 + k] = p;
	}
	__syncthreads();
	float sum = 0;
	for (int k = 0; k < 32; ++k)
		sum += s[t*33 + k];
	out[i] = sum;
}
