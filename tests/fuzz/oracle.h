/* SPDX-License-Identifier: ISC
 * oracle.h - the differential oracle of the kernel-file reader: small
 * kernels written by ogen.c, each twice, as a .cu kernel file for warpviz
 * and as a C function compiled by the C compiler.  The C function is run
 * for every thread of the launch (threadIdx and blockIdx are set before
 * each call, as CUDA's uint3) and records each array access it makes:
 * the access's line and column in the .cu text and the element index, the
 * subscript converted to long long as C converts it for p[i].  oracle.c
 * compares that, thread by thread and in order, with the lanes the model
 * computes from the .cu text.
 */
#ifndef WV_ORACLE_H
#define WV_ORACLE_H

struct oracle_dim3 {
	unsigned int	x, y, z;
};

struct oracle_ctx {
	struct oracle_dim3	threadIdx, blockIdx, blockDim, gridDim;
	void		       *arg;	/* oracle.c's record */
};

/* One generated kernel. */
struct oracle_kernel {
	const char	*cu;		/* the kernel file's text */
	void		(*run)(struct oracle_ctx *);
	int		 grid[2], block[2];
};

extern const struct oracle_kernel	oracle_kernels[];
extern const int			oracle_nkernels;

/* An access at line:col of the .cu text to element index. */
void	oracle_rec(struct oracle_ctx *, int line, int col, long long index);

/* The generated code is C with the wrapping arithmetic of the GPU
   (-fwrapv) and no sanitizer: its shifts of negative values and
   overflows are what it tests. */
#if defined(__GNUC__) || defined(__clang__)
#define ORACLE_FN	__attribute__((no_sanitize("undefined")))
#else
#define ORACLE_FN
#endif

#endif
