// SPDX-License-Identifier: ISC
// outer.cu - a wide instruction across an outer loop, on an index that is
// not affine: s[(row * 4 + r) * 8 + d] with row = threadIdx.x / 32, read
// with the innermost loop r stepping 8 floats and the outer d one float.
// outer.sass (hand-made, as nvdisasm -g -c prints it) reads four d at a
// time with LDS.128 (8 for the 32 source loads), as ptxas does with
// sgemm4-1d-blocktiling's As.  tests/compiled.sh counts it.
// warpviz: name=outer
// warpviz: launch kernel=outer grid=1 block=64
// warpviz: array out length=64
__global__ void outer(float *out)
{
	__shared__ float s[64];
	const unsigned row = threadIdx.x / 32;
	float acc = 0;

	s[threadIdx.x] = threadIdx.x;
	__syncthreads();
	for (int d = 0; d < 8; ++d)
		for (int r = 0; r < 4; ++r)
			acc += s[(row * 4 + r) * 8 + d];
	out[threadIdx.x] = acc;
}
