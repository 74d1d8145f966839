/* SPDX-License-Identifier: ISC
 * constmem.cu - a filter whose taps live in constant memory.  When every
 * lane reads the same tap the constant cache broadcasts it; when each lane
 * reads its own, the reads are serialised, one per distinct address.
 */

__constant__ float coef[1024];

// warpviz: name=const-uniform
// warpviz: family=constant
// warpviz: title=constant memory, every lane reads the same tap
// warpviz: lesson=coef[k] is the same address for the whole warp: the constant cache serves it in one read, broadcast to all lanes.
// warpviz: param n=4194304 range=1..67108864 unit=elements text=elements filtered
// warpviz: param taps=64 range=1..512 unit=elements text=filter taps (loop trip count; bs + taps <= 1024 = coef)
// warpviz: param bs=256 range=32..512 pow2 sym=BS unit=threads text=threads per block (blockDim.x)
// warpviz: launch grid=(n+BS-1)/BS block=BS
// warpviz: array in length=n
// warpviz: array out length=n
// warpviz: compare=const-divergent
extern "C" __global__ void
const_uniform(float *out, const float *in, int n, int taps)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float x = in[i], sum = 0;
		for (int k = 0; k < taps; ++k)
			sum += coef[k] * x;
		out[i] = sum;
	}
}

// warpviz: name=const-divergent
// warpviz: family=constant
// warpviz: title=constant memory, each lane reads its own tap
// warpviz: lesson=coef[threadIdx.x + k] gives each lane a different address: constant memory serialises them, 32 reads in turn.  Per-lane tables belong in global or shared memory.
// warpviz: param n=4194304 range=1..67108864 unit=elements text=elements filtered
// warpviz: param taps=64 range=1..512 unit=elements text=filter taps (loop trip count; bs + taps <= 1024 = coef)
// warpviz: param bs=256 range=32..512 pow2 sym=BS unit=threads text=threads per block (blockDim.x)
// warpviz: launch grid=(n+BS-1)/BS block=BS
// warpviz: array in length=n
// warpviz: array out length=n
// warpviz: compare=const-uniform
extern "C" __global__ void
const_divergent(float *out, const float *in, int n, int taps)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float x = in[i], sum = 0;
		for (int k = 0; k < taps; ++k)
			sum += coef[threadIdx.x + k] * x;
		out[i] = sum;
	}
}
