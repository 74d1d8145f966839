/* SPDX-License-Identifier: ISC
 * gpu-panel.h - private to src/gpu: a run's result as a line, shared by
 * the lecture screen's panel and warpviz bench.
 */
#ifndef WV_GPU_PANEL_H
#define WV_GPU_PANEL_H

#include <stddef.h>

#include "gpu-results.h"
#include "gpu.h"
#include "param.h"

/* "1.234 ms" with a sensible number of digits. */
void	fmt_ms(char *buf, size_t len, double ms);
/* One result as a line: time, bandwidth, verified, or what went wrong. */
void	fmt_result(char *line, const char *label, const struct gpu_result *);
/*
 * One line per comparison partner of ps that rec has a result for, timed
 * against self; at most max.  Returns the number of lines.
 */
int	fmt_partners(struct gpu_record *rec, const struct param_set *ps,
	    const struct gpu_result *self, char lines[][GPU_LINE_MAX],
	    int max);

#endif
