/* SPDX-License-Identifier: ISC
 * launch-init.c - turn a variant and parameter values into a launch
 * (launch_init): the names expressions may use, the block and grid, then
 * the walk of the body that flattens it into steps, with ifs as guards;
 * the arrays and each access are set up by launch-site.c, a kernel
 * file's for loops by launch-loop.c.  All checks that parameters can
 * fail are made in these files, once, so later stages only compute.
 * Must not print or exit.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "launch.h"
#include "launch-int.h"
#include "rules.h"

/* Each loop of a variant is an affine variable after the four of the
   thread and block indices: the box and the coefficients must hold them. */
_Static_assert(VAR_LOOP0 + VARIANT_MAX_LOOPS <= AFFINE_MAX_VARS,
    "AFFINE_MAX_VARS must cover VAR_LOOP0 + VARIANT_MAX_LOOPS");

/* The slots: the built-ins, the parameters (the warp's too), and per
   loop its iteration count and, stepping by *= or >>=, its value. */
_Static_assert(SLOT_PARAM0 + PARAM_MAX + 2 * VARIANT_MAX_LOOPS <=
    EXPR_MAX_SLOTS, "EXPR_MAX_SLOTS must cover the parameters and loops");

/* Body entry i of the variant: the catalog's array or a file's. */
static const struct body_def *
body_at(const struct variant *v, int i)
{
	static const struct body_def	end;

	if (v->xbody != NULL)
		return i < v->nxbody ? &v->xbody[i] : &end;
	return i < VARIANT_MAX_BODY ? &v->body[i] : &end;
}

static char *
join_guard(const char *guard, const char *neg, const char *cond)
{
	if (guard == NULL)
		return cause_printf("%s(%s)", neg, cond);
	return cause_printf("%s && %s(%s)", guard, neg, cond);
}

static int	setup_body(struct launch *, int *, int *, int, const char *,
		    char **);

/* An IF at body[*i - 1] (b): its branch under guard && b's condition,
   an ELSE's under guard && !condition, up to its END. */
static int
setup_if(struct launch *l, const struct body_def *b, int *i, int *open,
    int nopen, const char *guard, char **cause)
{
	char	*g;
	int	 r;

	g = join_guard(guard, "", b->expr);
	r = setup_body(l, i, open, nopen, g, cause);
	free(g);
	if (r < 0)
		return -1;
	if (body_at(l->v, *i)->kind == BODY_ELSE) {
		(*i)++;
		g = join_guard(guard, "!", b->expr);
		r = setup_body(l, i, open, nopen, g, cause);
		free(g);
		if (r < 0)
			return -1;
	}
	if (body_at(l->v, *i)->kind != BODY_END) {
		*cause = cause_printf("%s: if not closed", l->v->name);
		return -1;
	}
	(*i)++;
	return 0;
}

/* A catalog LOOP (0..count-1): its variable becomes a slot. */
static int
setup_counted(struct launch *l, const struct body_def *b,
    struct launch_loop *lp, char **cause)
{
	lp->var = b->text;
	if (launch_eval_const(l, b->text, b->count, &lp->count, cause) != 0)
		return -1;
	if (lp->count < 0)
		lp->count = 0;
	/* Sequential loops may reuse a name. */
	lp->slot = expr_scope_find(&l->scope, b->text);
	if (lp->slot >= 0 && lp->slot < SLOT_PARAM0 + l->ps.n)
		lp->slot = -1;
	else if (lp->slot < 0)
		lp->slot = expr_scope_slot(&l->scope, b->text);
	if (lp->slot < 0) {
		*cause = cause_printf("%s: bad loop variable %s", l->v->name,
		    b->text);
		return -1;
	}
	l->var_of[lp->slot] = VAR_LOOP0 + l->nloops;
	l->vary[lp->slot] = 1;
	return 0;
}

/*
 * A loop at body[*i - 1] (b), node me: its variable becomes a slot and
 * an affine var, its body nodes follow, and its steps are its body's
 * times its count.
 */
static int
setup_loop(struct launch *l, const struct body_def *b, int me, int *i,
    int *open, int nopen, const char *guard, char **cause)
{
	struct launch_node	*nd;
	struct launch_loop	*lp;
	int64_t			 steps;
	char			*inner = NULL;
	int			 c, r;

	if (l->nloops == VARIANT_MAX_LOOPS) {
		*cause = cause_printf("%s: more than %d loops",
		    l->v->name, VARIANT_MAX_LOOPS);
		return -1;
	}
	lp = &l->loops[l->nloops];
	if (b->kind == BODY_FOR) {
		if (launch_setup_for(l, b, lp, cause) != 0)
			return -1;
		if (lp->bounded)
			inner = join_guard(guard, "", b->expr);
	} else if (setup_counted(l, b, lp, cause) != 0)
		return -1;
	nd = &l->nodes[me];
	nd->site = -1;
	nd->loop = l->nloops++;
	open[nopen] = nd->loop;
	r = setup_body(l, i, open, nopen + 1, inner != NULL ? inner : guard,
	    cause);
	free(inner);
	if (r < 0)
		return -1;
	if (body_at(l->v, *i)->kind != BODY_END) {
		*cause = cause_printf("%s: loop %s not closed", l->v->name,
		    b->text);
		return -1;
	}
	(*i)++;
	nd = &l->nodes[me];
	nd->next = l->nnodes;
	steps = 0;
	for (c = me + 1; c < nd->next; c = l->nodes[c].next)
		steps += l->nodes[c].steps;
	nd->inner = steps;
	if (__builtin_mul_overflow(steps, lp->count, &nd->steps) ||
	    nd->steps > LAUNCH_MAX_STEPS) {
		*cause = cause_printf("loop %s makes too many steps with %s",
		    b->text, launch_params_text(l));
		return -1;
	}
	return 0;
}

/*
 * Parse body[*i..] up to the matching END (or ELSE); returns the first
 * node index.  guard: the conditions around this part, NULL = none.
 */
static int
setup_body(struct launch *l, int *i, int *open, int nopen, const char *guard,
    char **cause)
{
	const struct body_def	*b;
	struct launch_node	*nd;
	int			 first = l->nnodes, me;

	for (;;) {
		b = body_at(l->v, *i);
		if (b->kind == BODY_END_OF_PROGRAM || b->kind == BODY_END ||
		    b->kind == BODY_ELSE)
			return first;
		(*i)++;
		if (b->kind == BODY_LET) {
			if (expr_scope_let(&l->scope, b->name, b->expr,
			    cause) != 0)
				return -1;
			continue;
		}
		if (b->kind == BODY_IF) {
			if (setup_if(l, b, i, open, nopen, guard, cause) != 0)
				return -1;
			continue;
		}
		if (l->nnodes == LAUNCH_MAX_NODES) {
			*cause = cause_printf("%s: the body is too long",
			    l->v->name);
			return -1;
		}
		me = l->nnodes++;
		nd = &l->nodes[me];
		if (b->kind == BODY_SITE) {
			nd->site = l->nsites;
			nd->steps = 1;
			if (launch_setup_site(l, b, open, nopen, guard,
			    cause) != 0)
				return -1;
			nd->next = l->nnodes;
			continue;
		}
		if (setup_loop(l, b, me, i, open, nopen, guard, cause) != 0)
			return -1;
	}
}

/*
 * The names every expression may use: the built-in variables, the
 * parameters with their values, the warp size, the derived values; then
 * the variant's requirement on them.
 */
static int
setup_scope(struct launch *l, const struct param_set *ps, char **cause)
{
	const struct variant	*v = ps->v;
	static const char	*builtin[] = { "threadIdx.x", "threadIdx.y",
	    "blockIdx.x", "blockIdx.y", "blockDim.x", "blockDim.y",
	    "gridDim.x", "gridDim.y" };
	int			 i;
	int64_t			 ok;

	for (i = 0; i < EXPR_MAX_SLOTS; i++)
		l->var_of[i] = -1;
	for (i = 0; i < SLOT_PARAM0; i++)
		expr_scope_slot(&l->scope, builtin[i]);
	l->var_of[SLOT_TX] = VAR_TX;
	l->var_of[SLOT_TY] = VAR_TY;
	l->var_of[SLOT_BX] = VAR_BX;
	l->var_of[SLOT_BY] = VAR_BY;
	for (i = 0; i < 4; i++)
		l->vary[SLOT_TX + i] = 1;
	for (i = 0; i < ps->n; i++) {
		expr_scope_slot(&l->scope, ps->def[i]->sym ? ps->def[i]->sym :
		    ps->def[i]->name);
		l->env[SLOT_PARAM0 + i] = ps->val[i];
	}
	/* The built-in warp parameter, last of every set (param_defaults);
	   a description may not shadow it, and it must fit the rules. */
	l->warp_size = ps->n > 0 && ps->def[ps->n - 1] == param_warp_def() ?
	    (int)ps->val[ps->n - 1] : 0;
	if (l->warp_size < 1 || l->warp_size > RULES_MAX_LANES) {
		*cause = cause_printf("the warp size must be 1 to %d lanes",
		    RULES_MAX_LANES);
		return -1;
	}
	for (i = 0; i < 4 && v->derived[i].name != NULL; i++)
		if (expr_scope_let(&l->scope, v->derived[i].name,
		    v->derived[i].expr, cause) != 0)
			return -1;
	if (v->require != NULL) {
		if (launch_eval_const(l, "requirement", v->require, &ok,
		    cause) != 0)
			return -1;
		if (!ok) {
			*cause = cause_printf("%s: %s (have %s)", v->name,
			    v->require_text, launch_params_text(l));
			return -1;
		}
	}
	return 0;
}

/* The block and the grid, bounded as the hardware bounds them. */
static int
setup_geometry(struct launch *l, char **cause)
{
	const struct variant	*v = l->v;
	int			 i;

	for (i = 0; i < 2; i++) {
		if (launch_eval_const(l, "blockDim", v->block[i], &l->block[i],
		    cause) != 0 ||
		    launch_eval_const(l, "gridDim", v->grid[i], &l->grid[i],
		    cause) != 0)
			return -1;
		l->env[SLOT_BDX + i] = l->block[i];
		l->env[SLOT_GDX + i] = l->grid[i];
	}
	/* Bound each dimension before the product, which could overflow. */
	if (l->block[0] < 1 || l->block[1] < 1 || l->block[0] > 1024 ||
	    l->block[1] > 1024 || l->block[0] * l->block[1] > 1024) {
		*cause = cause_printf("a block of %lldx%lld threads is not "
		    "allowed (1 to 1024 threads) with %s",
		    (long long)l->block[0], (long long)l->block[1],
		    launch_params_text(l));
		return -1;
	}
	l->threads = l->block[0] * l->block[1];
	if (l->grid[0] < 1 || l->grid[1] < 1 || l->grid[0] > INT_INDEX_MAX ||
	    l->grid[1] > 65535) {
		*cause = cause_printf("a grid of %lldx%lld blocks is not "
		    "allowed with %s", (long long)l->grid[0],
		    (long long)l->grid[1], launch_params_text(l));
		return -1;
	}
	l->warps = (int)((l->threads + l->warp_size - 1) / l->warp_size);
	return 0;
}

int
launch_init(struct launch *l, const struct param_set *ps, char **cause)
{
	const struct variant	*v = ps->v;
	int			 i, open[VARIANT_MAX_LOOPS], c;
	int64_t			 steps;

	memset(l, 0, sizeof *l);
	*cause = NULL;
	l->ps = *ps;
	l->v = v;
	if (setup_scope(l, ps, cause) != 0 || setup_geometry(l, cause) != 0)
		goto fail;
	if (launch_setup_arrays(l, cause) != 0)
		goto fail;
	/* Loop variables first: a let may use one ("i + j*blockDim.x"). */
	for (i = 0; body_at(v, i)->kind != BODY_END_OF_PROGRAM; i++)
		if (body_at(v, i)->kind == BODY_LOOP &&
		    expr_scope_find(&l->scope, body_at(v, i)->text) < 0 &&
		    expr_scope_slot(&l->scope, body_at(v, i)->text) < 0) {
			*cause = cause_printf("%s: bad loop variable %s",
			    v->name, body_at(v, i)->text);
			goto fail;
		}
	for (i = 0; i < VARIANT_MAX_LETS && v->lets[i].name != NULL; i++)
		if (expr_scope_let(&l->scope, v->lets[i].name, v->lets[i].expr,
		    cause) != 0)
			goto fail;
	if (v->guard != NULL &&
	    (l->guard = expr_parse(&l->scope, v->guard, cause)) == NULL)
		goto fail;
	i = 0;
	if (setup_body(l, &i, open, 0, NULL, cause) < 0)
		goto fail;
	if (body_at(v, i)->kind != BODY_END_OF_PROGRAM) {
		*cause = cause_printf("%s: unbalanced END", v->name);
		goto fail;
	}
	for (c = 0; c < l->nsites; c++)
		if (l->arrays[l->sites[c].array].length == 0) {
			*cause = cause_printf("array %s would be empty with %s",
			    l->arrays[l->sites[c].array].def->name,
			    launch_params_text(l));
			goto fail;
		}
	steps = 0;
	for (c = 0; c < l->nnodes; c = l->nodes[c].next)
		steps += l->nodes[c].steps;
	l->nsteps = steps;
	if (l->nsteps < 1) {
		*cause = cause_printf("no steps with %s",
		    launch_params_text(l));
		goto fail;
	}
	return 0;
fail:
	if (*cause == NULL)
		*cause = cause_printf("%s: cannot set up", v->name);
	launch_free(l);
	return -1;
}
