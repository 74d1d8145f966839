/*
 * unsigned-wrap.cu - C's arithmetic where it bites: threadIdx.x is an
 * unsigned int, so threadIdx.x - 1u at lane 0 is 4294967295, not -1, and
 * a[i] there is element 4294967295, far past the end of a.  warpviz still
 * draws and counts the access (the hardware would touch those bytes) and
 * flags it.  The other two accesses stay inside: a cast to unsigned char
 * keeps tx * 37 in 0..255, and the guarded store never leaves b.
 */
// warpviz: name=unsigned-wrap
// warpviz: param n=64 range=32..4096
// warpviz: launch kernel=wrap grid=n/32 block=32
// warpviz: array a length=n
// warpviz: array b length=256
__global__ void wrap(float *a, float *b, int n)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x - 1u;

	a[i] = 0.0f;
	b[(unsigned char)(threadIdx.x * 37)] = 1.0f;
	if (i < 256)
		b[i] = 2.0f;
}
