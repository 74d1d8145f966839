/* SPDX-License-Identifier: ISC
 * gpu-backend.h - what the runner needs from a GPU, in plain C types, as a
 * small ops struct: gpu_cuda_ops (gpu-cuda.c, the only file that knows
 * CUDA driver types) and gpu_none_ops (gpu-none.c, always there, which
 * says why there is no GPU).  Device pointers are uint64_t; sizes bytes.
 * Every call returns 0, or -1 with the reason in ops->error().  Calls come
 * from one thread at a time (the worker, or bench's main thread); bind()
 * makes the device current in the calling thread.  A kernel name is an
 * embedded kernel's, or "#H:name" for one in a module from load_module.
 */
#ifndef WV_GPU_BACKEND_H
#define WV_GPU_BACKEND_H

#include <stddef.h>
#include <stdint.h>

/* Why there is or is not a GPU; each has its own plain message. */
enum gpu_status {
	GPU_OK,
	GPU_OFF,		/* WARPVIZ_GPU=off */
	GPU_NO_KERNELS,		/* built without nvcc and without fatbins */
	GPU_NO_DRIVER,		/* libcuda.so.1 could not be loaded */
	GPU_NO_DEVICE,		/* driver, but no CUDA device */
	GPU_DRIVER_OLD,		/* driver older than the build's toolkit */
	GPU_NO_CODE,		/* no machine code or PTX for this GPU */
	GPU_ERROR		/* any other failure while opening */
};

struct gpu_device {
	char	name[128];
	int	cc_major, cc_minor;
	int	driver;			/* 13000 = CUDA 13.0 */
	int	sms;
	int	l2_bytes;
	int	threads_per_sm, regs_per_sm, smem_per_sm, blocks_per_sm;
	int	smem_per_block_optin;
};

/* A kernel's real resources and the driver's occupancy answer. */
struct gpu_kernel_info {
	int	regs;			/* per thread */
	int	static_smem;		/* bytes */
	int	blocks_per_sm;		/* for the given block and dynamic smem */
};

struct gpu_ops {
	/* "cuda" or "none", for messages. */
	const char	*name;
	/* Open the device and load the embedded kernels: an enum gpu_status,
	   and unless GPU_OK the reason in why (len bytes); may take a second. */
	int		 (*open)(struct gpu_device *, char *why, size_t len);
	/* Make the opened device current in the calling thread. */
	int		 (*bind)(void);
	/* Allocate len bytes of device memory (at least 1) at *ptr. */
	int		 (*alloc)(uint64_t *ptr, size_t len);
	/* Free what alloc gave; 0 is ignored. */
	void		 (*free)(uint64_t ptr);
	/* Copy len bytes from the host to the device. */
	int		 (*upload)(uint64_t dst, const void *src, size_t len);
	/* Copy len bytes from the device to the host. */
	int		 (*download)(void *dst, uint64_t src, size_t len);
	/* Set len bytes of device memory to the byte c, and wait. */
	int		 (*fill)(uint64_t dst, unsigned char c, size_t len);
	/* Load a compiled image (cubin or PTX) as one more module; its
	   kernels are then named "#H:name" with the *handle H. */
	int		 (*load_module)(const void *image, int *handle);
	/* Copy len bytes into a __constant__ or __device__ symbol of the
	   module that holds kernel. */
	int		 (*set_symbol)(const char *kernel, const char *symbol,
			     const void *, size_t len);
	/* Registers, static shared memory and the driver's resident blocks
	   per SM of kernel at threads per block and dyn_smem bytes. */
	int		 (*kernel_info)(const char *kernel, int threads,
			     int dyn_smem, struct gpu_kernel_info *);
	/* Launch kernel once and time it with events into *ms. */
	int		 (*time_kernel)(const char *kernel, const int64_t grid[2],
			     const int64_t block[2], int dyn_smem, void **args,
			     float *ms);
	/* Time a device-to-device copy of len bytes into *ms. */
	int		 (*time_copy)(uint64_t dst, uint64_t src, size_t len,
			     float *ms);
	/* A texture object at *tex over width x height texels (height 0:
	   width texels of linear memory) of size bytes (floats, or ints when
	   is_int) from host; NULL where textures are not run. */
	int		 (*tex_create)(const void *host, int64_t width,
			     int64_t height, int size, int is_int,
			     uint64_t *tex);
	/* Destroy what tex_create made; 0 is ignored. */
	void		 (*tex_free)(uint64_t tex);
	/* The reason the last call returned -1 (static, one line). */
	const char	*(*error)(void);
	/* Unload the kernels and give the device back; safe when not open. */
	void		 (*close)(void);
};

extern const struct gpu_ops gpu_none_ops;
extern const struct gpu_ops gpu_cuda_ops;

#endif
