/* SPDX-License-Identifier: ISC
 * gpu-image.h - what the build embedded: one fatbin per cuda/ file, the
 * register report ptxas gave for each kernel and architecture, and the
 * toolkit that made them.  Generated into kernels.c by
 * build-aux/embed-fatbin.sh; the tables are empty when warpviz was built
 * without nvcc (and without the fatbins a tarball ships).  No CUDA types.
 */
#ifndef WV_GPU_IMAGE_H
#define WV_GPU_IMAGE_H

#include <stddef.h>

struct gpu_image {
	const char		*source;	/* "copy.cu" */
	const unsigned char	*data;		/* fatbin, 16-byte aligned */
	size_t			 size;		/* bytes */
};

struct gpu_kernel_res {
	const char	*kernel;	/* extern "C" name */
	int		 sm;		/* 90 for sm_90 */
	int		 regs;		/* registers per thread */
	int		 smem;		/* static shared memory, bytes */
};

/* NULL-terminated. */
extern const struct gpu_image		gpu_images[];
extern const struct gpu_kernel_res	gpu_kernel_res[];
/* CUDA version of the toolkit (13000 for 13.0), 0 when none. */
extern const int			gpu_build_cuda;
extern const char			gpu_build_release[];
/* Machine-code architectures (75 = sm_75) and PTX ones, 0-terminated. */
extern const int			gpu_build_sm[];
extern const int			gpu_build_ptx[];

#endif
