/*
 * as-written.cu - CUDA as people write it (issue 15): a file-scope
 * constant, an enum, a typedef, a function-like macro, a type line for
 * the template, cooperative groups, pointers moved by the block and in a
 * loop, a while loop, a for header with two variables, and a __device__
 * function taking a pointer.  The counts, by hand, with n = 1024:
 *
 * 8 blocks of 32 x 4 threads, 4 warps each: 32 warps.  Each warp:
 *  - the while loop runs once (r = threadIdx.y < 4, then r + 4): a load
 *    of src[r * 32 + tx] (32 floats, 128 bytes from a 512-byte aligned
 *    block row: 4 sectors) inside twice(), and a store of dst[same]
 *    (4 sectors);
 *  - the for loop runs twice (j = 0, 1): dst[ty * 32 + tx] += *p is a
 *    load of dst (4 sectors), a load of *p, p = in + 2 tx + 64 i (lane
 *    stride 8 bytes: 256 bytes, 256-aligned: 8 sectors), a store of dst
 *    (4 sectors).
 * Global loads: 32 x (1 + 2 x 2) = 160 requests, 32 x (4 + 2 x (4 + 8))
 * = 896 sectors.  Global stores: 32 x (1 + 2) = 96 requests, 32 x (4 +
 * 2 x 4) = 384 sectors.  8 steps a warp.
 */
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

const int W = 32;
enum { ROWS = 4 };
typedef unsigned int uint;
#define IDX(r, c) ((r) * W + (c))

__device__ float twice(const float *p, uint i)
{
	return p[i] * 2.0f;
}

// warpviz: name=as-written
// warpviz: title=CUDA as people write it: constants, groups, pointers, loops
// warpviz: type T=float
// warpviz: param n=1024 range=128..65536
// warpviz: launch kernel=k grid=n/(W*ROWS) block=W,ROWS
// warpviz: array in length=n
// warpviz: array out length=n
template <class T>
__global__ void k(const T *in, T *out, int n)
{
	cg::thread_block cta = cg::this_thread_block();
	const T *src = in + blockIdx.x * W * ROWS;
	T *dst = out + blockIdx.x * W * ROWS;
	uint r = threadIdx.y;

	while (r < ROWS) {
		dst[IDX(r, threadIdx.x)] = twice(src, IDX(r, threadIdx.x));
		r += ROWS;
	}
	cg::sync(cta);
	const T *p = in + threadIdx.x * 2;
	for (int i = 0, j = 0; j < 2; i++, j++) {
		dst[threadIdx.y * W + threadIdx.x] += *p;
		p += 64;
	}
}
