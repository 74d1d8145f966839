/* SPDX-License-Identifier: ISC
 * gpu-record.h - private to src/gpu: the results of GPU runs kept by key.
 */
#ifndef WV_GPU_RECORD_H
#define WV_GPU_RECORD_H

#include <stddef.h>

#include "gpu-results.h"
#include "param.h"

/* The most comparison partners of one variant that are run or shown. */
#define MAX_PARTNERS	3

/* The key of a result: the variant and all its parameter values. */
void	record_key(const struct param_set *, char *buf, size_t len);
/* The result for these parameters in rec (NULL: none, or no rec). */
struct gpu_result *record_get(struct gpu_record *rec,
	    const struct param_set *);
/* Put r into rec, over the result of the same key, else added (the
   oldest dropped when rec is full). */
void	record_put(struct gpu_record *rec, const struct gpu_result *r);
/*
 * The comparison partners of a variant (v->compare, through
 * param_partner, with parameters of the same name taken from ps); a
 * partner the catalog refuses is left out.  Returns how many, at most max.
 */
int	gpu_partners(const struct param_set *ps, struct param_set *out,
	    int max);

#endif
