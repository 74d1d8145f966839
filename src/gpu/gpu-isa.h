/* SPDX-License-Identifier: ISC
 * gpu-isa.h - the listings "as compiled" reads (src/compiled): a
 * variant's source compiled by NVRTC with -lineinfo to PTX for
 * compute_<sm>, and, where nvdisasm is installed, to a cubin for sm_<sm>
 * disassembled with `nvdisasm -g -c`.  Neither needs a GPU or a driver.
 * Never prints: failures are one line in why.
 */
#ifndef WV_GPU_ISA_H
#define WV_GPU_ISA_H

#include <stddef.h>

#include "param.h"

#define GPU_ISA_SM	90	/* the default architecture, x 10 */

/* The file name the source is compiled under (line info names it). */
const char *gpu_isa_file(const struct variant *);
/* The kernel the parameters pick (kernel_16 for tile=16). */
const char *gpu_isa_kernel(const struct param_set *, char *buf, size_t len);
/*
 * The listing of the kernel of ps: PTX (sass 0) or SASS (sass 1), NUL
 * terminated, in *text (free it), with the function's name in it in
 * func.  0, or -1 with one line in why (no NVRTC, no nvdisasm, a compile
 * error).
 */
int	gpu_isa_listing(const struct param_set *, int sm, int sass, char **text,
	    size_t *len, char *func, size_t flen, char *why, size_t wlen);
struct isa_func;
/*
 * The kernel of ps read as compiled for sm: its SASS where nvdisasm is
 * found and the listing reads with line information, else NVRTC's PTX.
 * 0, or -1 with one line in why.
 */
int	gpu_isa_read(const struct param_set *, int sm, struct isa_func *,
	    char *why, size_t wlen);
/* The path of nvdisasm, or NULL when none is found. */
const char *gpu_isa_nvdisasm(void);

#endif
