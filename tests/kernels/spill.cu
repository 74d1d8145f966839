/*
 * spill.cu - forty float accumulators live across a loop, in a kernel
 * bounded to 32 registers (1024 threads, 2 blocks per SM): ptxas keeps
 * some of them in local memory (spills: STL/LDL with no array in the
 * source).  As written it has two global accesses; as compiled, the
 * spill instructions too.
 */
// warpviz: name=spill
// warpviz: param n=8192 range=32..1000000
// warpviz: param k=64 range=1..4096
// warpviz: launch kernel=spill grid=n/1024 block=1024
// warpviz: array a length=n*k
// warpviz: array out length=n
__global__ void __launch_bounds__(1024, 2) spill(const float *a, float *out, int n, int k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float s0 = 0.0f;
	float s1 = 0.0f;
	float s2 = 0.0f;
	float s3 = 0.0f;
	float s4 = 0.0f;
	float s5 = 0.0f;
	float s6 = 0.0f;
	float s7 = 0.0f;
	float s8 = 0.0f;
	float s9 = 0.0f;
	float s10 = 0.0f;
	float s11 = 0.0f;
	float s12 = 0.0f;
	float s13 = 0.0f;
	float s14 = 0.0f;
	float s15 = 0.0f;
	float s16 = 0.0f;
	float s17 = 0.0f;
	float s18 = 0.0f;
	float s19 = 0.0f;
	float s20 = 0.0f;
	float s21 = 0.0f;
	float s22 = 0.0f;
	float s23 = 0.0f;
	float s24 = 0.0f;
	float s25 = 0.0f;
	float s26 = 0.0f;
	float s27 = 0.0f;
	float s28 = 0.0f;
	float s29 = 0.0f;
	float s30 = 0.0f;
	float s31 = 0.0f;
	float s32 = 0.0f;
	float s33 = 0.0f;
	float s34 = 0.0f;
	float s35 = 0.0f;
	float s36 = 0.0f;
	float s37 = 0.0f;
	float s38 = 0.0f;
	float s39 = 0.0f;
	for (int j = 0; j < k; j++) {
		float v = a[j * n + i];
		s0 += v * 1.0f + s1;
		s1 += v * 2.0f + s2;
		s2 += v * 3.0f + s3;
		s3 += v * 4.0f + s4;
		s4 += v * 5.0f + s5;
		s5 += v * 6.0f + s6;
		s6 += v * 7.0f + s7;
		s7 += v * 8.0f + s8;
		s8 += v * 9.0f + s9;
		s9 += v * 10.0f + s10;
		s10 += v * 11.0f + s11;
		s11 += v * 12.0f + s12;
		s12 += v * 13.0f + s13;
		s13 += v * 14.0f + s14;
		s14 += v * 15.0f + s15;
		s15 += v * 16.0f + s16;
		s16 += v * 17.0f + s17;
		s17 += v * 18.0f + s18;
		s18 += v * 19.0f + s19;
		s19 += v * 20.0f + s20;
		s20 += v * 21.0f + s21;
		s21 += v * 22.0f + s22;
		s22 += v * 23.0f + s23;
		s23 += v * 24.0f + s24;
		s24 += v * 25.0f + s25;
		s25 += v * 26.0f + s26;
		s26 += v * 27.0f + s27;
		s27 += v * 28.0f + s28;
		s28 += v * 29.0f + s29;
		s29 += v * 30.0f + s30;
		s30 += v * 31.0f + s31;
		s31 += v * 32.0f + s32;
		s32 += v * 33.0f + s33;
		s33 += v * 34.0f + s34;
		s34 += v * 35.0f + s35;
		s35 += v * 36.0f + s36;
		s36 += v * 37.0f + s37;
		s37 += v * 38.0f + s38;
		s38 += v * 39.0f + s39;
		s39 += v * 40.0f + s0;
	}
	out[i] = s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7 + s8 + s9 + s10 + s11 + s12 + s13 + s14 + s15 + s16 + s17 + s18 + s19 + s20 + s21 + s22 + s23 + s24 + s25 + s26 + s27 + s28 + s29 + s30 + s31 + s32 + s33 + s34 + s35 + s36 + s37 + s38 + s39;
}
