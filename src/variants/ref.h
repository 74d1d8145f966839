/* SPDX-License-Identifier: ISC
 * ref.h - the CPU side of a live run: host copies of a launch's arrays,
 * how their inputs are made (random, or laid out by the variant's fill)
 * and the CPU references that check a kernel's outputs.  libc and the
 * model only: no CUDA, so every reference is unit-tested on the CPU.
 *
 * Units: lengths in elements, as in struct launch_array; host[i] belongs
 * to l->arrays[i] and holds length * elem_size bytes (NULL for shared
 * arrays, which live on the GPU only).
 */
#ifndef WV_REF_H
#define WV_REF_H

#include <stdint.h>

#include "launch.h"

#define REF_SAMPLES	2048	/* elements checked where all would be slow */

struct ref_run {
	const struct launch	*l;
	const struct live_spec	*spec;		/* &l->v->live */
	void			*host[VARIANT_MAX_ARRAYS];
	uint64_t		 seed;		/* xorshift state, not 0 */
	long			 checked;	/* output elements compared */
	char			 why[160];	/* the first mismatch */
};

/* Allocate the host arrays (global and constant ones); -1 when out of
 * memory.  Free with ref_free. */
int		 ref_alloc(struct ref_run *, const struct launch *,
		     uint64_t seed);
void		 ref_free(struct ref_run *);
/* Inputs: the variant's fill, else uniform in [lo, hi) by element type;
 * outputs poisoned (all bits set, a NaN) so an unwritten one fails. */
void		 ref_fill(struct ref_run *);
/* Check the outputs with the variant's reference: 0, or -1 with why. */
int		 ref_check(struct ref_run *);
/* True when array name is in the spec's outputs. */
int		 ref_is_output(const struct live_spec *, const char *name);

/* For references and fills: an array's host copy (NULL if none), its
 * launch index (-1), a parameter's value, random numbers. */
void		*ref_host(struct ref_run *, const char *name);
int		 ref_array(const struct ref_run *, const char *name);
int64_t		 ref_param(const struct ref_run *, const char *name);
uint64_t	 ref_rand(struct ref_run *);
float		 ref_uniform(struct ref_run *, float lo, float hi);
int		 ref_mismatch(struct ref_run *, const char *what, long at,
		     double got, double want);

/* The catalog's references and fills (one per kernel family). */
int		 ref_matmul(struct ref_run *);
int		 ref_twohop(struct ref_run *);
int		 ref_twohop_padded(struct ref_run *);
void		 ref_fill_twohop_padded(struct ref_run *);
int		 ref_copy_offset(struct ref_run *);
int		 ref_stride(struct ref_run *);
int		 ref_powers(struct ref_run *);
int		 ref_struct(struct ref_run *);
int		 ref_double2(struct ref_run *);
int		 ref_array2d(struct ref_run *);
int		 ref_const_uniform(struct ref_run *);
int		 ref_const_divergent(struct ref_run *);
int		 ref_local_uniform(struct ref_run *);
int		 ref_local_lane(struct ref_run *);
int		 ref_local_uniform16(struct ref_run *);
int		 ref_local_lane16(struct ref_run *);
int		 ref_tex_row(struct ref_run *);
int		 ref_tex_col(struct ref_run *);

#endif
