/* SPDX-License-Identifier: ISC
 * launch.c - what a launch answers once set up (launch-init.c sets it
 * up): where a step is, the ranges of its affine variables, its warps,
 * and freeing it; and the two helpers every file of the setup uses, the
 * parameters in words and a constant over them.  Must not print or
 * exit.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "launch.h"
#include "launch-int.h"

/* "width=2048 bx=16": the parameters, for messages about their combination. */
const char *
launch_params_text(const struct launch *l)
{
	static __thread char	buf[256];

	param_format(&l->ps, buf, sizeof buf, 1);
	return buf;
}

int
launch_eval_const(struct launch *l, const char *what, const char *text,
    int64_t *out, char **cause)
{
	struct expr	*e;
	int		 err = 0;

	if ((e = expr_parse(&l->scope, text, cause)) == NULL)
		return -1;
	*out = expr_eval(e, l->env, &err);
	expr_free(e);
	if (err) {
		*cause = cause_printf("%s (%s) %s with %s", what, text,
		    expr_err_text(err), launch_params_text(l));
		return -1;
	}
	return 0;
}

void
launch_box(const struct launch *l, struct affine_box *b)
{
	int	i;

	memset(b, 0, sizeof *b);
	b->hi[VAR_TX] = l->block[0] - 1;
	b->hi[VAR_TY] = l->block[1] - 1;
	b->hi[VAR_BX] = l->grid[0] - 1;
	b->hi[VAR_BY] = l->grid[1] - 1;
	for (i = 0; i < l->nloops && VAR_LOOP0 + i < AFFINE_MAX_VARS; i++)
		b->hi[VAR_LOOP0 + i] = l->loops[i].count > 0 ?
		    l->loops[i].count - 1 : 0;
	b->n = VAR_LOOP0 + i;
}

void
launch_free(struct launch *l)
{
	int	i;

	for (i = 0; i < l->nsites; i++) {
		expr_free(l->sites[i].sub[0]);
		expr_free(l->sites[i].sub[1]);
		expr_free(l->sites[i].guard);
	}
	l->nsites = 0;
	for (i = 0; i < l->nloops; i++) {
		free(l->loops[i].values);
		l->loops[i].values = NULL;
	}
	l->nloops = 0;
	expr_free(l->guard);
	l->guard = NULL;
	expr_scope_free(&l->scope);
}

void
launch_locate(const struct launch *l, int64_t step, struct launch_pos *pos)
{
	const struct launch_node	*nd;
	int				 c = 0, end = l->nnodes;

	memset(pos, 0, sizeof *pos);
	if (step < 0)
		step = 0;
	if (step >= l->nsteps)
		step = l->nsteps - 1;
	while (c < end) {
		nd = &l->nodes[c];
		if (step >= nd->steps) {
			step -= nd->steps;
			c = nd->next;
			continue;
		}
		if (nd->site >= 0) {
			pos->site = nd->site;
			return;
		}
		pos->loop[nd->loop] = step / nd->inner;
		step %= nd->inner;
		end = nd->next;
		c++;
	}
	pos->site = 0;
}

int64_t
launch_total_warps(const struct launch *l)
{
	return l->grid[0] * l->grid[1] * l->warps;
}
