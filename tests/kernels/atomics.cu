/*
 * atomics.cu - global atomics as the H100 counts them (doc/rules.md,
 * "Global atomics"): one request a warp instruction, and per sector as
 * many passes as the most lanes on one of its addresses.  Measured on the
 * H100 (2026-11-25, ncu 2025.3.1; doc/validation.md "Global atomics"),
 * 4096 threads = 128 warps:
 *   REDG (results unused, lines 25, 27, 28): 384 requests, 8704 sectors
 *     = 128 x (4 + 32 + 32): a row of floats is 4 sectors, every lane on
 *     a[0] is 32 passes of one sector, a stride of 8 floats 32 sectors;
 *   ATOMG (line 26, the result stored): 128 requests, 512 sectors;
 *   the store of b (line 26): 128 requests, 512 sectors.
 * warpviz counts REDG and ATOMG alike, as one kind: 512 requests, 9216
 * sectors.
 */
// warpviz: name=atomics
// warpviz: param n=4096 range=256..65536
// warpviz: launch kernel=atom grid=n/256 block=256
// warpviz: array a length=n
// warpviz: array b length=n
// warpviz: array c length=n
__global__ void atom(float *a, float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	atomicAdd(&a[i], 1.0f);
	b[i] = atomicAdd(&c[i], 1.0f);
	atomicAdd(&a[0], 1.0f);
	atomicAdd(&a[i * 8 % n], 1.0f);
}
