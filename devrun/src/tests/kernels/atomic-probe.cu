/* atomic-probe.cu - what ncu counts for atomics: a RED (result unused)
   and an ATOM (result used), coalesced and same-address. */
// warpviz: name=atomic-probe
// warpviz: param n=4096 range=32..65536
// warpviz: launch kernel=atom grid=n/256 block=256
// warpviz: array a length=n
// warpviz: array b length=n
// warpviz: array c length=n
__global__ void atom(float *a, float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	atomicAdd(&a[i], 1.0f);			/* RED, coalesced */
	b[i] = atomicAdd(&c[i], 1.0f);		/* ATOM, coalesced */
	atomicAdd(&a[0], 1.0f);			/* RED, one address */
	atomicAdd(&a[i * 8 % n], 1.0f);		/* RED, stride 8 */
}
