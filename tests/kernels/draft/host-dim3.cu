/*
 * host-dim3.cu - a tiled matrix multiply launched over dim3 grid and
 * block, its sizes from #defines and host variables (tests/draft.sh).
 */
#define TILE 16
#define NC 512

__global__ void mm(const float *A, const float *B, float *C, int M, int K,
    int N)
{
	__shared__ float As[TILE][TILE];
	__shared__ float Bs[TILE][TILE];
	int row = blockIdx.y * TILE + threadIdx.y;
	int col = blockIdx.x * TILE + threadIdx.x;
	float acc = 0;

	for (int t = 0; t < K / TILE; ++t) {
		As[threadIdx.y][threadIdx.x] = A[row * K + t * TILE + threadIdx.x];
		Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * N + col];
		__syncthreads();
		for (int k = 0; k < TILE; ++k)
			acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
		__syncthreads();
	}
	C[row * N + col] = acc;
}

int main(void)
{
	int m = 256, kk = 128;
	size_t bytesA = m * kk * sizeof(float);
	float *dA, *dB, *dC;

	cudaMalloc((void **)&dA, bytesA);
	cudaMalloc(&dB, sizeof(float) * kk * NC);
	cudaMalloc(&dC, m * NC * sizeof(float));
	dim3 block(TILE, TILE);
	dim3 grid(NC / TILE, m / TILE);
	mm<<<grid, block>>>(dA, dB, dC, m, kk, NC);
	return 0;
}
