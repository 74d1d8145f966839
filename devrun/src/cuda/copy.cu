/* SPDX-License-Identifier: ISC
 * copy.cu - element copies that differ only in where the warp's addresses
 * fall: shifted by offset elements (alignment), or spread by a stride.
 */

/*
 * Each thread copies COPY_PER_THREAD elements one block apart: the warp's
 * accesses stay 32 consecutive floats, and four loads are in flight per
 * thread, enough to keep the memory system busy.
 */
#define COPY_PER_THREAD 4

// warpviz: name=copy-offset
// warpviz: family=copy
// warpviz: title=copy with an offset: out[i] = in[i], i shifted
// warpviz: lesson=A warp reads 128 consecutive bytes.  Shifted by offset elements they straddle one more 32-byte sector unless the shift is a multiple of 8 floats: 5 sectors instead of 4, 25% more traffic in the model.  Each thread copies four elements a block apart (j), so four loads are in flight.
// warpviz: param n=16777216 range=1..268435456 unit=elements text=array length
// warpviz: param offset=1 range=0..32 unit=elements text=shift of i
// warpviz: param bs=256 range=32..1024 pow2 sym=BS unit=threads text=threads per block (blockDim.x)
// warpviz: launch grid=(n+BS*COPY_PER_THREAD-1)/(BS*COPY_PER_THREAD) block=BS
// warpviz: array in length=n
// warpviz: array out length=n
// warpviz: compare=copy-offset:offset=0
// warpviz: note=caches absorb most of a misaligned copy: expect a few percent, not the modelled 25%
extern "C" __global__ void
copy_offset(float *__restrict__ out, const float *__restrict__ in, int n,
    int offset)
{
	int i = blockIdx.x * blockDim.x * COPY_PER_THREAD + threadIdx.x + offset;

#pragma unroll
	for (int j = 0; j < COPY_PER_THREAD; ++j, i += blockDim.x)
		if (i < n)
			out[i] = in[i];
}

// warpviz: name=stride
// warpviz: family=stride
// warpviz: title=strided read: out[i] = in[i * stride]
// warpviz: lesson=Each lane reads 4 useful bytes but the sectors it lands in spread out with the stride: 4 sectors per request at stride 1, 8 at 2, 16 at 4, and from stride 8 on every lane has a sector of its own (32).
// warpviz: param n=4194304 range=1..16777216 unit=elements text=elements written
// warpviz: param stride=2 range=1..64 unit=elements text=distance between lanes' reads
// warpviz: param bs=256 range=32..1024 pow2 sym=BS unit=threads text=threads per block (blockDim.x)
// warpviz: launch grid=(n+BS-1)/BS block=BS
// warpviz: array in length=n*stride
// warpviz: array out length=n
// warpviz: compare=stride:stride=1
extern "C" __global__ void
read_stride(float *out, const float *in, int n, int stride)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = in[i * stride];
}
