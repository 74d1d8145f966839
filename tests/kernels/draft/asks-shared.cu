/*
 * asks-shared.cu - dynamic shared memory taken through a SharedMemory
 * struct (as the CUDA samples do), sized by the launch's third argument:
 * the reader asks for the array's line and the draft adds it
 * (tests/draft.sh).
 */
template <class T> struct SharedMemory {
	__device__ inline operator T *()
	{
		extern __shared__ int __smem[];
		return (T *)__smem;
	}
};

__global__ void reverse(float *d, int n)
{
	float *s = SharedMemory<float>();
	int t = threadIdx.x;

	s[t] = d[t];
	__syncthreads();
	d[t] = s[n - t - 1];
}

int main(void)
{
	int n = 64;
	float *d_d;

	cudaMalloc(&d_d, n * sizeof(float));
	reverse<<<1, n, n * sizeof(float)>>>(d_d, n);
	return 0;
}
