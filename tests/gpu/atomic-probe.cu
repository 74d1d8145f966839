/*
 * atomic-probe.cu - what Nsight Compute counts for an atomic (issue 15:
 * "atomics are accesses to their address: a load and a store, or the
 * RED/ATOM counts ncu reports for them: measure which").  The reader
 * models atomicAdd(&a[i], v) as one store site at a[i] (its sectors and
 * requests as a store's); each kernel below is one warp, one pattern, so
 * ncu's per-kernel counters can be read against that:
 *
 *   red_coalesced  atomicAdd(&a[tid], 1), result unused (RED):
 *                  model: 1 request, 4 sectors
 *   atom_coalesced the same, result used (ATOM): 1 request, 4 sectors
 *   red_same       atomicAdd(&a[0], 1): 1 request, 1 sector
 *   red_stride2    atomicAdd(&a[2 * tid], 1): 1 request, 8 sectors
 *   red_stride32   atomicAdd(&a[32 * tid], 1): 1 request, 32 sectors
 *   st_coalesced   a[tid] = 1, a plain store for comparison: 1, 4
 *   shm_atomic     atomicAdd(&s[tid], 1) on __shared__ (ATOMS):
 *                  model: 1 request, 1 wavefront
 *
 * Run (on the device, from the tree's root):
 *   nvcc -O2 -arch=native -o /tmp/ap tests/gpu/atomic-probe.cu && \
 *   ncu --csv --metrics l1tex__t_requests_pipe_lsu_mem_global_op_red.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum,l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_op_red.sum,lts__t_sectors_op_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,smsp__inst_executed_op_shared_atom.sum /tmp/ap
 * and record each kernel's row.  If RED/ATOM requests and sectors equal
 * the numbers above (and op_ld/op_st stay 0), the one-store model holds;
 * if ncu also shows a load, the model needs a load+store pair.
 */
#include <cstdio>
#include <cuda_runtime.h>

__global__ void red_coalesced(int *a) { atomicAdd(&a[threadIdx.x], 1); }
__global__ void atom_coalesced(int *a, int *out)
{
	out[threadIdx.x] = atomicAdd(&a[threadIdx.x], 1);
}
__global__ void red_same(int *a) { atomicAdd(&a[0], 1); }
__global__ void red_stride2(int *a) { atomicAdd(&a[2 * threadIdx.x], 1); }
__global__ void red_stride32(int *a) { atomicAdd(&a[32 * threadIdx.x], 1); }
__global__ void st_coalesced(int *a) { a[threadIdx.x] = 1; }
__global__ void shm_atomic(int *out)
{
	__shared__ int s[32];
	s[threadIdx.x] = 0;
	__syncthreads();
	atomicAdd(&s[threadIdx.x], 1);
	__syncthreads();
	out[threadIdx.x] = s[threadIdx.x];
}

int
main(void)
{
	int	*a, *out;

	if (cudaMalloc(&a, 32 * 32 * sizeof *a) != cudaSuccess ||
	    cudaMalloc(&out, 32 * sizeof *out) != cudaSuccess) {
		fprintf(stderr, "atomic-probe: cudaMalloc failed\n");
		return 1;
	}
	cudaMemset(a, 0, 32 * 32 * sizeof *a);
	red_coalesced<<<1, 32>>>(a);
	atom_coalesced<<<1, 32>>>(a, out);
	red_same<<<1, 32>>>(a);
	red_stride2<<<1, 32>>>(a);
	red_stride32<<<1, 32>>>(a);
	st_coalesced<<<1, 32>>>(a);
	shm_atomic<<<1, 32>>>(out);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		fprintf(stderr, "atomic-probe: a launch failed\n");
		return 1;
	}
	printf("atomic-probe: 7 kernels ran\n");
	return 0;
}
