/* SPDX-License-Identifier: ISC
 * gpu-nvrtc.h - a kernel's source text compiled at run time by NVRTC
 * (libnvrtc of CUDA 12 or 13, loaded with dlopen, or WARPVIZ_LIBNVRTC)
 * for one GPU architecture, and cached by content under
 * $XDG_CACHE_HOME/warpviz (else ~/.cache/warpviz).  Plain C; no CUDA
 * types.  Never prints: failures are one line in the caller's buffer.
 */
#ifndef WV_GPU_NVRTC_H
#define WV_GPU_NVRTC_H

#include <stddef.h>

#define NVRTC_KEY_LEN	65	/* SHA-256: 64 hex digits and a NUL */

/* What to compile. */
struct gpu_nvrtc_job {
	const char	*name;		/* the file name, for messages */
	const char	*text;		/* the whole source */
	const char	*kernel;	/* the __global__ function */
	int		 arch;		/* compute capability x 10: 90 */
	int		 ptx;		/* PTX for compute_<arch>, no cubin */
	int		 lineinfo;	/* -lineinfo: source lines in the image
					   (as compiled reads them) */
};

/* What came out: an image cuModuleLoadData takes. */
struct gpu_nvrtc_image {
	unsigned char	*data;		/* cubin, or NUL-terminated PTX */
	size_t		 len;
	char		 lowered[256];	/* the kernel's name in the image */
	int		 cached;	/* read from the cache, not compiled */
	int		 ptx_for;	/* PTX for compute_<ptx_for> where NVRTC
					   does not know the GPU's sm; else 0 */
	double		 ms;		/* compile (or cache read) time */
};

/* Load NVRTC: 0, or -1 with one line in why. */
int	gpu_nvrtc_open(char *why, size_t len);
/* The loaded NVRTC's version, major * 1000 + minor * 10; 0 if none. */
int	gpu_nvrtc_version(void);
/* CUDA's include folder handed to NVRTC (-I), or NULL when none was
   found; known once NVRTC is open. */
const char *gpu_nvrtc_include(void);
/* Compile (or fetch from the cache): 0, or -1 with one line in why, for a
 * compile error the compiler's first error as FILE:LINE: error: TEXT.  A
 * GPU newer than NVRTC gets PTX of the newest architecture NVRTC knows
 * below it, for the driver to finish. */
int	gpu_nvrtc_compile(const struct gpu_nvrtc_job *,
	    struct gpu_nvrtc_image *, char *why, size_t len);
void	gpu_nvrtc_image_free(struct gpu_nvrtc_image *);
/* The cache key of a job under an NVRTC version: the SHA-256 (64 hex
 * digits) of its source, kernel, options, NVRTC's headers, the version
 * and the architecture. */
void	gpu_nvrtc_key(const struct gpu_nvrtc_job *, int version,
	    char key[NVRTC_KEY_LEN]);
/* The cache folder (not created): 0, or -1 when neither XDG_CACHE_HOME
 * nor HOME is set to an absolute path. */
int	gpu_nvrtc_cache_dir(char *buf, size_t len);
/* The cache folder made if need be and checked (the user's, not
 * writable by group or others): 0, or -1 with one line in why. */
int	gpu_nvrtc_cache_check(char *why, size_t len);
/* Why the last compile left the cache out, or "". */
const char *gpu_nvrtc_cache_note(void);
/* The first error of an NVRTC log as one line "FILE:LINE: error: TEXT"
 * (name is the file NVRTC was given); 0, or -1 when the log has none. */
int	gpu_nvrtc_first_error(const char *log, char *buf, size_t len);

#endif
