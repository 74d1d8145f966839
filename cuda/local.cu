/* SPDX-License-Identifier: ISC
 * local.cu - a thread's own array in local memory.  t[k] with k a loop
 * count known only at run time (m is an argument) is an index the compiler
 * cannot know, so t cannot live in registers: it goes to local memory,
 * which is device memory laid out so that word w of every lane of a warp
 * sits in one 128-byte line.  When every lane reads the same element the
 * warp's request is that one line (4 sectors); when each lane reads its
 * own element, each lane is in a line of its own (32 sectors).  float4
 * elements are four words: four requests an access, each interleaved on
 * its own.  The block is 32 x WPB threads so that threadIdx.x is the lane.
 */

// warpviz: name=local-uniform
// warpviz: family=local
// warpviz: title=local memory, every lane reads the same element
// warpviz: lesson=t[k] is indexed by a loop count known only at run time, so t lives in local memory, not registers.  Local memory interleaves the lanes word by word: when every lane reads the same element, the warp's 32 words are one 128-byte line, 4 sectors: as coalesced as a global load.
// warpviz: param n=1048576 range=32..16777216 unit=threads text=threads, each with its own array t
// warpviz: param reps=8 range=1..1024 unit=passes text=passes over t (outer loop trip count)
// warpviz: param m=32 range=1..32 unit=elements text=elements read a pass (inner loop trip count, known only at run time)
// warpviz: param wpb=8 range=1..32 sym=WPB unit=warps text=warps per block (blockDim.y; blockDim.x is 32)
// warpviz: launch grid=(n+32*WPB-1)/(32*WPB) block=32,WPB
// warpviz: array in length=n
// warpviz: array out length=n
// warpviz: compare=local-lane local-uniform16
extern "C" __global__ void
local_uniform(float *out, const float *in, int n, int reps, int m)
{
	int i = (blockIdx.x * blockDim.y + threadIdx.y) * 32 + threadIdx.x;

	if (i < n) {
		float x = in[i], sum = 0;
		float t[64];
		for (int k = 0; k < 64; ++k)
			t[k] = x * k;
		for (int r = 0; r < reps; ++r)
			for (int k = 0; k < m; ++k)
				sum += t[k];
		out[i] = sum;
	}
}

// warpviz: name=local-lane
// warpviz: family=local
// warpviz: title=local memory, each lane reads its own element
// warpviz: lesson=t[threadIdx.x + k] gives each lane a different element of its own array.  Local memory keeps word w of all 32 lanes together, so lanes on different words fall in different 128-byte lines: 32 sectors a request, 8 times the uniform read, though each lane still reads only its own 4 bytes.
// warpviz: param n=1048576 range=32..16777216 unit=threads text=threads, each with its own array t
// warpviz: param reps=8 range=1..1024 unit=passes text=passes over t (outer loop trip count)
// warpviz: param m=32 range=1..32 unit=elements text=elements read a pass (inner loop trip count, known only at run time)
// warpviz: param wpb=8 range=1..32 sym=WPB unit=warps text=warps per block (blockDim.y; blockDim.x is 32)
// warpviz: launch grid=(n+32*WPB-1)/(32*WPB) block=32,WPB
// warpviz: array in length=n
// warpviz: array out length=n
// warpviz: compare=local-uniform local-lane16
extern "C" __global__ void
local_lane(float *out, const float *in, int n, int reps, int m)
{
	int i = (blockIdx.x * blockDim.y + threadIdx.y) * 32 + threadIdx.x;

	if (i < n) {
		float x = in[i], sum = 0;
		float t[64];
		for (int k = 0; k < 64; ++k)
			t[k] = x * k;
		for (int r = 0; r < reps; ++r)
			for (int k = 0; k < m; ++k)
				sum += t[threadIdx.x + k];
		out[i] = sum;
	}
}

// warpviz: name=local-uniform16
// warpviz: family=local
// warpviz: title=local memory, float4 elements, every lane the same one
// warpviz: lesson=A float4 element is four words, and local memory interleaves word by word: one 16-byte read is four requests, each a 128-byte line when every lane reads the same element: 16 sectors, 4 a request.
// warpviz: param n=1048576 range=32..16777216 unit=threads text=threads, each with its own array t
// warpviz: param reps=8 range=1..1024 unit=passes text=passes over t (outer loop trip count)
// warpviz: param m=32 range=1..32 unit=elements text=elements read a pass (inner loop trip count, known only at run time)
// warpviz: param wpb=8 range=1..32 sym=WPB unit=warps text=warps per block (blockDim.y; blockDim.x is 32)
// warpviz: launch grid=(n+32*WPB-1)/(32*WPB) block=32,WPB
// warpviz: array in length=n
// warpviz: array out length=n
// warpviz: compare=local-lane16 local-uniform
extern "C" __global__ void
local_uniform16(float *out, const float *in, int n, int reps, int m)
{
	int i = (blockIdx.x * blockDim.y + threadIdx.y) * 32 + threadIdx.x;

	if (i < n) {
		float x = in[i], sum = 0;
		float4 t[64];
		for (int k = 0; k < 64; ++k)
			t[k] = make_float4(x * k, x + k, x - k, k);
		for (int r = 0; r < reps; ++r) {
			for (int k = 0; k < m; ++k) {
				float4 v = t[k];
				sum += v.x + v.y + v.z + v.w;
			}
		}
		out[i] = sum;
	}
}

// warpviz: name=local-lane16
// warpviz: family=local
// warpviz: title=local memory, float4 elements, each lane its own
// warpviz: lesson=Each lane reads its own float4 element: four requests, and in each of them every lane is in a 128-byte line of its own, 128 sectors for 512 bytes used.  Were local memory interleaved by 16-byte elements it would be 32 (the H100 says it is not).
// warpviz: param n=1048576 range=32..16777216 unit=threads text=threads, each with its own array t
// warpviz: param reps=8 range=1..1024 unit=passes text=passes over t (outer loop trip count)
// warpviz: param m=32 range=1..32 unit=elements text=elements read a pass (inner loop trip count, known only at run time)
// warpviz: param wpb=8 range=1..32 sym=WPB unit=warps text=warps per block (blockDim.y; blockDim.x is 32)
// warpviz: launch grid=(n+32*WPB-1)/(32*WPB) block=32,WPB
// warpviz: array in length=n
// warpviz: array out length=n
// warpviz: compare=local-uniform16 local-lane
extern "C" __global__ void
local_lane16(float *out, const float *in, int n, int reps, int m)
{
	int i = (blockIdx.x * blockDim.y + threadIdx.y) * 32 + threadIdx.x;

	if (i < n) {
		float x = in[i], sum = 0;
		float4 t[64];
		for (int k = 0; k < 64; ++k)
			t[k] = make_float4(x * k, x + k, x - k, k);
		for (int r = 0; r < reps; ++r) {
			for (int k = 0; k < m; ++k) {
				float4 v = t[threadIdx.x + k];
				sum += v.x + v.y + v.z + v.w;
			}
		}
		out[i] = sum;
	}
}
