/* SPDX-License-Identifier: ISC
 * launch-int.h - what the files of launch.h share and nothing else
 * includes: launch-init.c walks the variant's body and calls
 * launch-site.c for its arrays and each access, launch-loop.c for each
 * for loop of a kernel file; all three use launch.c's helpers.  Errors
 * are -1 with a one-line *cause.
 */
#ifndef WV_LAUNCH_INT_H
#define WV_LAUNCH_INT_H

#include <stdint.h>

#include "launch.h"

#define INT_INDEX_MAX	((int64_t)2147483647)

/* "width=2048 bx=16": the parameters, for messages about their
   combination (a buffer of the calling thread's, until the next call). */
const char	*launch_params_text(const struct launch *);
/* Evaluate text over the parameters into *out; what names it in errors. */
int		 launch_eval_const(struct launch *, const char *what,
		     const char *text, int64_t *out, char **cause);
/* The variant's arrays: lengths, shapes, base addresses (launch-site.c). */
int		 launch_setup_arrays(struct launch *, char **cause);
/* Access site b inside the loops open[0..nopen-1], under guard (NULL =
   none): its array, subscripts, width and affine index (launch-site.c). */
int		 launch_setup_site(struct launch *, const struct body_def *b,
		     const int *open, int nopen, const char *guard,
		     char **cause);
/* A kernel file's for loop b into lp: its variable, trip count or table
   of values, and whether its trips differ per thread (launch-loop.c). */
int		 launch_setup_for(struct launch *, const struct body_def *b,
		     struct launch_loop *lp, char **cause);

#endif
