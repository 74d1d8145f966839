/* SPDX-License-Identifier: ISC
 * gpu-run.h - one timed, verified run of a variant's kernel at given
 * parameters on a backend: allocate its arrays, fill the inputs with fresh
 * random values, poison the outputs, warm up, time several launches with
 * events, take the median, check the output against a CPU reference.
 * Also the device-to-device copy that bench uses as the bandwidth
 * reference.  Plain C; the backend hides CUDA.  Times in milliseconds,
 * bandwidths in GB/s (10^9 bytes per second), sizes in bytes.
 */
#ifndef WV_GPU_RUN_H
#define WV_GPU_RUN_H

#include <stddef.h>

#include "gpu-backend.h"
#include "measured.h"
#include "param.h"

enum gpu_result_status {
	RESULT_NONE,		/* not run */
	RESULT_OK,		/* timed and verified */
	RESULT_MISMATCH,	/* ran, output differs from the reference */
	RESULT_ERROR,		/* CUDA error or unsupported parameters */
	RESULT_TIMED		/* ran and timed; no CPU reference to check */
};

struct gpu_result {
	char			 variant[32];
	char			 params[256];	/* param_format(all) */
	char			 kernel[48];
	enum gpu_result_status	 status;
	char			 error[160];	/* mismatch or error text */
	double			 ms;		/* median */
	int			 runs;		/* timed launches */
	double			 bytes;		/* the least it must move */
	double			 gbps;		/* bytes / ms */
	long			 checked;	/* output elements compared */
	int			 regs;		/* per thread, from the driver */
	int			 blocks_per_sm;	/* the driver's occupancy */
	int			 threads;	/* per block */
	int			 compiled;	/* 0 embedded, 1 compiled by
						   NVRTC now, 2 from its cache,
						   -1 it would not compile */
	double			 compile_ms;	/* NVRTC or the cache read */
	char			 source[65];	/* SHA-256 of the kernel's
						   source text, hex; "" in a
						   record older than 0.3 */
	int			 file;		/* 1: a kernel file's run,
						   not the catalog's */
	struct measured		 counters;	/* ncu's, when bench
						   --counters asked (valid) */
};

/* The extern "C" kernel that runs this variant (in buf, or static text),
 * or NULL with *why. */
const char	*gpu_run_kernel(const struct param_set *, char *buf, size_t len,
		     const char **why);
/* The live spec checked against the launch at these parameters: every
 * argument an array or an expression, outputs global arrays.  0, or -1
 * with *cause (free it). */
int		 gpu_run_check_spec(const struct param_set *, char **cause);
/* A copy's bytes for bench's cuMemcpyDtoD reference: 0, or -1 when the
 * variant is not a copy. */
int		 gpu_run_copy_bytes(const struct param_set *, size_t *);
/* The SHA-256 (hex) of the text v was read from: the whole kernel file,
 * or the catalog's embedded cuda/ file; "" when there is none. */
void		 gpu_run_source(const struct variant *, char out[65]);
/* True when v is a kernel file, not a catalog kernel. */
int		 gpu_run_is_file(const struct variant *);
/* Run, time and verify; fills *r (also on failure).  0 if verified. */
int		 gpu_run(const struct gpu_ops *, const struct param_set *,
		     struct gpu_result *);
/* Median time of a device-to-device copy of len bytes; GB/s counts the
 * bytes read and written.  0 or -1. */
int		 gpu_run_memcpy(const struct gpu_ops *, size_t len, double *ms,
		     double *gbps);
/* The device's compute capability x 10 (90), for NVRTC; forgets the
 * modules compiled for an earlier device. */
void		 gpu_run_set_arch(int);
/* True when the variant's kernel is compiled at run time by NVRTC: a
 * source in memory (a user's file), or every kernel under
 * WARPVIZ_NVRTC=1. */
int		 gpu_run_uses_nvrtc(const struct variant *);
/* Launch each kernel once, untimed warm-up skipped (for profilers). */
void		 gpu_run_set_once(int);
/* The median of n values (sorts them). */
double		 gpu_median(double *, int n);

#endif
