/* SPDX-License-Identifier: ISC
 * gpu-tmpl.h - the name NVRTC instantiates a kernel file's template
 * kernel under.  `template <class T, unsigned int blockSize> __global__
 * void reduce5(...)` is compiled only where something names an
 * instance; the file's `// warpviz: type T=float` line and its
 * `// warpviz: param blockSize=256` value (as the user set it) give
 * the instance, "reduce5<float, 256>", for nvrtcAddNameExpression.
 * Pure: reads the source text, prints nothing.
 */
#ifndef WV_GPU_TMPL_H
#define WV_GPU_TMPL_H

#include <stddef.h>

#include "param.h"

/*
 * The name expression of kernel in text under the values of ps: the
 * kernel's own name where it is no template (or is not found: NVRTC then
 * says so), else "NAME<ARG, ARG>" with each type parameter's type line
 * and each value parameter's parameter (bool as true or false); a
 * trailing parameter with a default may go without.  0, or -1 with one
 * line in why naming the template parameter that has no line.
 */
int	gpu_tmpl_expr(const char *text, const char *kernel,
	    const struct param_set *ps, char *buf, size_t len, char *why,
	    size_t wlen);

#endif
