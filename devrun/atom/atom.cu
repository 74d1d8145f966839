#include <cstdio>
#include <cuda_runtime.h>
__global__ void red0(float *a){ int l = threadIdx.x; atomicAdd(&a[l], 1.0f); }
__global__ void atm0(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[l], 1.0f); }
__global__ void ired0(int *a){ int l = threadIdx.x; atomicAdd(&a[l], 1); }
__global__ void red1(float *a){ int l = threadIdx.x; atomicAdd(&a[0], 1.0f); }
__global__ void atm1(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[0], 1.0f); }
__global__ void ired1(int *a){ int l = threadIdx.x; atomicAdd(&a[0], 1); }
__global__ void red2(float *a){ int l = threadIdx.x; atomicAdd(&a[l/2], 1.0f); }
__global__ void atm2(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[l/2], 1.0f); }
__global__ void ired2(int *a){ int l = threadIdx.x; atomicAdd(&a[l/2], 1); }
__global__ void red3(float *a){ int l = threadIdx.x; atomicAdd(&a[l/4], 1.0f); }
__global__ void atm3(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[l/4], 1.0f); }
__global__ void ired3(int *a){ int l = threadIdx.x; atomicAdd(&a[l/4], 1); }
__global__ void red4(float *a){ int l = threadIdx.x; atomicAdd(&a[l%2], 1.0f); }
__global__ void atm4(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[l%2], 1.0f); }
__global__ void ired4(int *a){ int l = threadIdx.x; atomicAdd(&a[l%2], 1); }
__global__ void red5(float *a){ int l = threadIdx.x; atomicAdd(&a[(l%2)*8], 1.0f); }
__global__ void atm5(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[(l%2)*8], 1.0f); }
__global__ void ired5(int *a){ int l = threadIdx.x; atomicAdd(&a[(l%2)*8], 1); }
__global__ void red6(float *a){ int l = threadIdx.x; atomicAdd(&a[l*8], 1.0f); }
__global__ void atm6(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[l*8], 1.0f); }
__global__ void ired6(int *a){ int l = threadIdx.x; atomicAdd(&a[l*8], 1); }
__global__ void red7(float *a){ int l = threadIdx.x; atomicAdd(&a[l%16], 1.0f); }
__global__ void atm7(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[l%16], 1.0f); }
__global__ void ired7(int *a){ int l = threadIdx.x; atomicAdd(&a[l%16], 1); }
__global__ void red8(float *a){ int l = threadIdx.x; atomicAdd(&a[l*2], 1.0f); }
__global__ void atm8(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[l*2], 1.0f); }
__global__ void ired8(int *a){ int l = threadIdx.x; atomicAdd(&a[l*2], 1); }
__global__ void red9(float *a){ int l = threadIdx.x; atomicAdd(&a[(l%8)*8 + l/8], 1.0f); }
__global__ void atm9(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[(l%8)*8 + l/8], 1.0f); }
__global__ void ired9(int *a){ int l = threadIdx.x; atomicAdd(&a[(l%8)*8 + l/8], 1); }
__global__ void red10(float *a){ int l = threadIdx.x; atomicAdd(&a[(l<16) ? 0 : l], 1.0f); }
__global__ void atm10(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[(l<16) ? 0 : l], 1.0f); }
__global__ void ired10(int *a){ int l = threadIdx.x; atomicAdd(&a[(l<16) ? 0 : l], 1); }
__global__ void red11(float *a){ int l = threadIdx.x; atomicAdd(&a[l/8], 1.0f); }
__global__ void atm11(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[l/8], 1.0f); }
__global__ void ired11(int *a){ int l = threadIdx.x; atomicAdd(&a[l/8], 1); }
__global__ void red12(float *a){ int l = threadIdx.x; atomicAdd(&a[(l%4)*8], 1.0f); }
__global__ void atm12(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[(l%4)*8], 1.0f); }
__global__ void ired12(int *a){ int l = threadIdx.x; atomicAdd(&a[(l%4)*8], 1); }
__global__ void red13(float *a){ int l = threadIdx.x; atomicAdd(&a[l^1], 1.0f); }
__global__ void atm13(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[l^1], 1.0f); }
__global__ void ired13(int *a){ int l = threadIdx.x; atomicAdd(&a[l^1], 1); }
__global__ void red14(float *a){ int l = threadIdx.x; atomicAdd(&a[31-l], 1.0f); }
__global__ void atm14(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[31-l], 1.0f); }
__global__ void ired14(int *a){ int l = threadIdx.x; atomicAdd(&a[31-l], 1); }
__global__ void red15(float *a){ int l = threadIdx.x; atomicAdd(&a[l/16*8], 1.0f); }
__global__ void atm15(float *a, float *b){ int l = threadIdx.x; b[l] = atomicAdd(&a[l/16*8], 1.0f); }
__global__ void ired15(int *a){ int l = threadIdx.x; atomicAdd(&a[l/16*8], 1); }
int main(){ float *a,*b; cudaMalloc(&a, 1<<20); cudaMalloc(&b, 1<<20); cudaMemset(a,0,1<<20);
 red0<<<1,32>>>(a); atm0<<<1,32>>>(a,b); ired0<<<1,32>>>((int*)a);
 red1<<<1,32>>>(a); atm1<<<1,32>>>(a,b); ired1<<<1,32>>>((int*)a);
 red2<<<1,32>>>(a); atm2<<<1,32>>>(a,b); ired2<<<1,32>>>((int*)a);
 red3<<<1,32>>>(a); atm3<<<1,32>>>(a,b); ired3<<<1,32>>>((int*)a);
 red4<<<1,32>>>(a); atm4<<<1,32>>>(a,b); ired4<<<1,32>>>((int*)a);
 red5<<<1,32>>>(a); atm5<<<1,32>>>(a,b); ired5<<<1,32>>>((int*)a);
 red6<<<1,32>>>(a); atm6<<<1,32>>>(a,b); ired6<<<1,32>>>((int*)a);
 red7<<<1,32>>>(a); atm7<<<1,32>>>(a,b); ired7<<<1,32>>>((int*)a);
 red8<<<1,32>>>(a); atm8<<<1,32>>>(a,b); ired8<<<1,32>>>((int*)a);
 red9<<<1,32>>>(a); atm9<<<1,32>>>(a,b); ired9<<<1,32>>>((int*)a);
 red10<<<1,32>>>(a); atm10<<<1,32>>>(a,b); ired10<<<1,32>>>((int*)a);
 red11<<<1,32>>>(a); atm11<<<1,32>>>(a,b); ired11<<<1,32>>>((int*)a);
 red12<<<1,32>>>(a); atm12<<<1,32>>>(a,b); ired12<<<1,32>>>((int*)a);
 red13<<<1,32>>>(a); atm13<<<1,32>>>(a,b); ired13<<<1,32>>>((int*)a);
 red14<<<1,32>>>(a); atm14<<<1,32>>>(a,b); ired14<<<1,32>>>((int*)a);
 red15<<<1,32>>>(a); atm15<<<1,32>>>(a,b); ired15<<<1,32>>>((int*)a);
 cudaDeviceSynchronize(); printf("done\n"); return 0; }
