// SPDX-License-Identifier: ISC
// taps.cu - an unrolled nest that reads some elements more than once:
// s[threadIdx.x + i + j] for i = 0..1, j = 0..2 is 6 reads of 4
// elements (offsets 0 to 3), as a convolution's taps.  taps.sass
// (hand-made, as nvdisasm -g -c prints it) has the 4 LDS the compiler
// keeps, as ptxas does with convolutionSeparable.  tests/compiled.sh
// counts it.
// warpviz: name=taps
// warpviz: launch kernel=taps grid=1 block=32
// warpviz: array out length=64
__global__ void taps(float *out)
{
	__shared__ float s[34];

	s[threadIdx.x] = threadIdx.x;
	__syncthreads();
	for (int i = 0; i < 2; i++) {
		float sum = 0;
		for (int j = 0; j < 3; j++)
			sum += s[threadIdx.x + i + j];
		out[threadIdx.x * 2 + i] = sum;
	}
}
