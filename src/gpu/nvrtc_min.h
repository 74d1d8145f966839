/* SPDX-License-Identifier: ISC
 * nvrtc_min.h - the few NVRTC types, values and function types warpviz
 * uses, vendored like cuda_min.h so that the runtime compiler is loaded
 * with dlopen and the build needs no nvrtc.h.  Names carry a wnv/WNV
 * prefix so that gpu-nvrtc.c can include the real <nvrtc.h> beside it and
 * _Static_assert that the values match.  Include only from gpu-nvrtc.c.
 */
#ifndef WV_NVRTC_MIN_H
#define WV_NVRTC_MIN_H

#include <stddef.h>

typedef int			 wnv_result;
typedef struct wnv_prog_st	*wnv_program;

enum {
	WNV_SUCCESS = 0,
	WNV_ERROR_INVALID_OPTION = 5,
	WNV_ERROR_COMPILATION = 6
};

typedef const char *(*wnv_get_error_string_fn)(wnv_result);
typedef wnv_result (*wnv_version_fn)(int *, int *);
typedef wnv_result (*wnv_get_num_supported_archs_fn)(int *);
typedef wnv_result (*wnv_get_supported_archs_fn)(int *);
typedef wnv_result (*wnv_create_program_fn)(wnv_program *, const char *,
    const char *, int, const char *const *, const char *const *);
typedef wnv_result (*wnv_destroy_program_fn)(wnv_program *);
typedef wnv_result (*wnv_compile_program_fn)(wnv_program, int,
    const char *const *);
typedef wnv_result (*wnv_get_size_fn)(wnv_program, size_t *);
typedef wnv_result (*wnv_get_fn)(wnv_program, char *);
typedef wnv_result (*wnv_add_name_expression_fn)(wnv_program, const char *);
typedef wnv_result (*wnv_get_lowered_name_fn)(wnv_program, const char *,
    const char **);

#endif
