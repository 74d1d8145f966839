/* SPDX-License-Identifier: ISC
 * align.cu - reading a 3-float struct: field by field from a 12-byte
 * struct (three narrow loads), as one 16-byte load from an __align__(16)
 * struct, and the same with the built-in double2.
 */

struct vec3 {
	float x, y, z;
};

struct __align__(16) vec3a {
	float x, y, z;
};

// warpviz: name=struct12
// warpviz: family=align
// warpviz: title=12-byte struct, read field by field
// warpviz: lesson=struct vec3 is 12 bytes with 4-byte alignment, so the compiler reads it with three 4-byte loads: three requests, each spanning 384 bytes (12 sectors) for 128 useful bytes.
// warpviz: param n=4194304 range=1..67108864 unit=elements text=structs
// warpviz: param bs=256 range=32..1024 pow2 sym=BS unit=threads text=threads per block (blockDim.x)
// warpviz: launch grid=(n+BS-1)/BS block=BS
// warpviz: array out length=n
// warpviz: array a length=n
// warpviz: compare=struct16 double2
// warpviz: note=the three field loads fall in the same 12 sectors, so L1 serves two of them and DRAM moves 12 bytes an element against struct16's 16: on an H100 struct12 runs 1.16x faster despite 2.25x the sectors
extern "C" __global__ void
struct12(float *out, const struct vec3 *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = a[i].x + a[i].y + a[i].z;
}

// warpviz: name=struct16
// warpviz: family=align
// warpviz: title=__align__(16) struct, one 16-byte load
// warpviz: lesson=Padded and aligned to 16 bytes the struct is read by one 16-byte instruction: one request of 16 sectors instead of three of 12, at the price of 4 padding bytes per element, moved but not used (75%).
// warpviz: param n=4194304 range=1..67108864 unit=elements text=structs
// warpviz: param bs=256 range=32..1024 pow2 sym=BS unit=threads text=threads per block (blockDim.x)
// warpviz: launch grid=(n+BS-1)/BS block=BS
// warpviz: array out length=n
// warpviz: array a length=n
// warpviz: compare=struct12 double2
// warpviz: note=fewer requests, more bytes: DRAM moves 16 bytes an element against struct12's 12 (whose three loads L1 merges), so on an H100 struct16 is 1.16x slower
extern "C" __global__ void
struct16(float *out, const struct vec3a *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		struct vec3a v = a[i];
		out[i] = v.x + v.y + v.z;
	}
}

// warpviz: name=double2
// warpviz: family=align
// warpviz: title=double2, one 16-byte load
// warpviz: lesson=The built-in double2 is 16 bytes, 16-byte aligned: one 16-byte load per lane, every byte used.
// warpviz: param n=4194304 range=1..67108864 unit=elements text=structs
// warpviz: param bs=256 range=32..1024 pow2 sym=BS unit=threads text=threads per block (blockDim.x)
// warpviz: launch grid=(n+BS-1)/BS block=BS
// warpviz: array out length=n
// warpviz: array a length=n
// warpviz: compare=struct12 struct16
extern "C" __global__ void
double2_sum(double *out, const double2 *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		double2 v = a[i];
		out[i] = v.x + v.y;
	}
}
