/* SPDX-License-Identifier: ISC
 * launch-loop.c - a kernel file's for loop as numbers: its iteration
 * count (the same in every thread, or the most any thread makes, the
 * condition then guarding the body), its variable as a let over the
 * count (+=) or a table of values (*=, /=, <<=, >>=), and the proof that
 * the variable stays inside its C type.  What the model cannot bound or
 * follow is refused with the loop's line.  Must not print or exit.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "launch.h"
#include "launch-int.h"

/* Nonzero if e reads a slot that differs per thread or iteration. */
static int
varies(const struct launch *l, const struct expr *e)
{
	int	i;

	for (i = 0; i < EXPR_MAX_SLOTS; i++)
		if (l->vary[i] && expr_uses(e, i))
			return 1;
	return 0;
}

#define LOOP_MAX_TRIPS	((int64_t)1 << 22)

/* Smallest value of an affine form over the launch and the open loops. */
static int64_t
affine_min(const struct launch *l, const struct affine *a, int *err)
{
	int64_t	hi[AFFINE_MAX_VARS], v = a->c, t;
	int	i;

	memset(hi, 0, sizeof hi);
	hi[VAR_TX] = l->block[0] - 1;
	hi[VAR_TY] = l->block[1] - 1;
	hi[VAR_BX] = l->grid[0] - 1;
	hi[VAR_BY] = l->grid[1] - 1;
	for (i = 0; i < l->nloops; i++)
		hi[VAR_LOOP0 + i] = l->loops[i].count > 0 ?
		    l->loops[i].count - 1 : 0;
	for (i = 0; i < AFFINE_MAX_VARS; i++) {
		if (a->k[i] >= 0)
			continue;
		if (__builtin_mul_overflow(a->k[i], hi[i], &t) ||
		    __builtin_add_overflow(v, t, &v))
			*err = 1;
	}
	return v;
}

/* One step of a table loop's variable: v * st, v / st, v << st or
   v >> st; *err on overflow. */
static int64_t
table_step(int op, int64_t v, int64_t st, int *err)
{
	int64_t	k = 0;

	switch (op) {
	case '*':
		if (__builtin_mul_overflow(v, st, &k))
			*err = 1;
		return k;
	case '/':
		if (st == 0) {
			*err = 1;
			return 0;
		}
		return v / st;
	case '<':
		if (st < 0 || st > 62 || v < 0 || v > (INT64_MAX >> st)) {
			*err = 1;
			return 0;
		}
		return v << st;
	default:
		if (st < 0 || st > 63) {
			*err = 1;
			return 0;
		}
		return v >> st;
	}
}

/* A loop stepping by *=, /=, <<= or >>=: the values of its variable, the
   same in every thread, into lp->values. */
static int
for_table(struct launch *l, const struct body_def *b, struct launch_loop *lp,
    const struct expr *init, const struct expr *cond, int64_t st,
    char **cause)
{
	int64_t	env[EXPR_MAX_SLOTS], v, k;
	int	err = 0;

	if (varies(l, init) || varies(l, cond)) {
		*cause = cause_printf("%s: line %d: loop %s must start and end "
		    "alike in every thread to step by multiplying or "
		    "shifting", l->v->name, b->line, b->text);
		return -1;
	}
	lp->values = calloc(64, sizeof *lp->values);
	if (lp->values == NULL)
		abort();
	v = expr_eval(init, l->env, &err);
	for (lp->count = 0; !err; lp->count++) {
		memcpy(env, l->env, sizeof env);
		env[lp->val_slot] = v;
		if (!expr_eval(cond, env, &err) || err)
			break;
		if (lp->count == 64) {
			err = -1;
			break;
		}
		lp->values[lp->count] = v;
		k = table_step(b->step_op, v, st, &err);
		if (k == v)
			err = -1;
		v = k;
	}
	if (err) {
		*cause = cause_printf("%s: line %d: loop %s %s with %s",
		    l->v->name, b->line, b->text, err == -1 ?
		    "runs more than 64 times" : "overflows",
		    launch_params_text(l));
		return -1;
	}
	return 0;
}

/* A loop whose start and condition are the same in every thread: count
   its trips. */
static int
for_count(struct launch *l, const struct body_def *b, struct launch_loop *lp,
    const struct expr *cond, char **cause)
{
	int64_t	env[EXPR_MAX_SLOTS], t;
	int	err = 0;

	memcpy(env, l->env, sizeof env);
	for (t = 0; t <= LOOP_MAX_TRIPS && !err; t++) {
		env[lp->slot] = t;
		if (!expr_eval(cond, env, &err))
			break;
	}
	if (err || t > LOOP_MAX_TRIPS) {
		*cause = cause_printf("%s: line %d: loop %s %s with %s",
		    l->v->name, b->line, b->text, err ? "overflows" :
		    "runs too many times", launch_params_text(l));
		return -1;
	}
	lp->count = t;
	return 0;
}

/* A loop whose trips differ per thread: T(iter, ...) op 0 with T affine;
   the count is the most any thread makes, the condition guards the body. */
static int	for_bounded_at(struct launch *, const struct body_def *,
		    struct launch_loop *, const struct expr *, char **);

/*
 * A per-thread loop's most iterations.  Its condition may read the value
 * of an enclosing loop that steps by *=, /=, <<= or >>= (for (stride =
 * N / 2; stride > 0; stride >>= 1) for (i = tid; i < stride; i += bd)):
 * that value is not in l->env, it is one of the table's, so the count is
 * the most over them.  Two such loops in one condition are refused.
 */
static int
for_bounded(struct launch *l, const struct body_def *b,
    struct launch_loop *lp, const struct expr *cond, char **cause)
{
	struct launch_loop	*tl = NULL;
	int64_t			 most = 0, save;
	int			 i;

	for (i = 0; i < (int)(lp - l->loops); i++) {
		if (l->loops[i].values == NULL ||
		    !expr_uses(cond, l->loops[i].val_slot))
			continue;
		if (tl != NULL) {
			*cause = cause_printf("%s: line %d: loop %s: its bound "
			    "reads two loops that step by multiplying or "
			    "shifting", l->v->name, b->line, b->text);
			return -1;
		}
		tl = &l->loops[i];
	}
	if (tl == NULL || tl->count == 0)
		return for_bounded_at(l, b, lp, cond, cause);
	save = l->env[tl->val_slot];
	for (i = 0; i < tl->count; i++) {
		l->env[tl->val_slot] = tl->values[i];
		if (for_bounded_at(l, b, lp, cond, cause) != 0) {
			l->env[tl->val_slot] = save;
			return -1;
		}
		if (lp->count > most)
			most = lp->count;
	}
	l->env[tl->val_slot] = save;
	lp->count = most;
	return 0;
}

/*
 * The most iterations of a loop whose condition is k*it + R op 0 (k > 0,
 * op '<' or 'l'; rmin: R's least value over the threads): it < -R/k, or
 * it <= -R/k; hi: the iterations over which the condition's form holds.
 */
static int
for_most(struct launch *l, const struct body_def *b,
    struct launch_loop *lp, int64_t k, int64_t rmin, char op, int64_t hi,
    char **cause)
{
	int64_t	t;

	if (rmin >= 0 && op == '<')
		t = 0;
	else if (op == '<')
		t = rmin < -INT64_MAX + k ? LOOP_MAX_TRIPS + 1 :
		    (-rmin + k - 1) / k;
	else
		t = rmin > 0 ? 0 : rmin == INT64_MIN ? LOOP_MAX_TRIPS + 1 :
		    -rmin / k + 1;
	if (t > LOOP_MAX_TRIPS) {
		*cause = cause_printf("%s: line %d: loop %s runs too many "
		    "times with %s", l->v->name, b->line, b->text,
		    launch_params_text(l));
		return -1;
	}
	if (t > hi) {
		*cause = cause_printf("%s: line %d: loop %s: its values leave "
		    "their C type (they wrap) before the condition ends it, "
		    "with %s", l->v->name, b->line, b->text,
		    launch_params_text(l));
		return -1;
	}
	lp->count = t;
	lp->bounded = 1;
	return 0;
}

static int
for_bounded_at(struct launch *l, const struct body_def *b,
    struct launch_loop *lp, const struct expr *cond, char **cause)
{
	struct affine		term;
	struct affine_box	box;
	char			op;
	int64_t			k, rmin, hi;
	int			i, err = 0, j = (int)(lp - l->loops);

	/*
	 * Its own iteration count is what is being found.  The condition's
	 * conversions (an unsigned i += s wraps) are the identity only over
	 * a range of iterations: the most, then fewer, up to hi; the count
	 * found must end inside it, where the form is exact.
	 */
	launch_box(l, &box);
	box.n = VAR_LOOP0 + j + 1;
	box.lo[VAR_LOOP0 + j] = 0;
	for (hi = LOOP_MAX_TRIPS; hi >= 1; hi /= 2) {
		box.hi[VAR_LOOP0 + j] = hi;
		if (expr_guard_affine(cond, l->env, l->var_of, &box, &term, &op,
		    1) == 1)
			break;
		/* A start no affine form holds (c = threadIdx.x & 31): the
		   rest of the condition bounded below, over the threads. */
		if (expr_guard_linear(cond, l->env, l->var_of, &box,
		    VAR_LOOP0 + j, &k, &rmin, &op) == 0 && k > 0)
			return for_most(l, b, lp, k, rmin, op, hi, cause);
	}
	if (hi < 1 || (k = term.k[VAR_LOOP0 + j]) == 0 ||
	    !((k > 0 && (op == '<' || op == 'l')) ||
	    (k < 0 && (op == '>' || op == 'g')))) {
		*cause = cause_printf("%s: line %d: the model cannot bound "
		    "loop %s (its condition must compare it with a bound "
		    "it moves towards)", l->v->name, b->line, b->text);
		return -1;
	}
	if (k < 0) {
		term.c = -term.c;
		for (i = 0; i < AFFINE_MAX_VARS; i++)
			term.k[i] = -term.k[i];
	}
	term.k[VAR_LOOP0 + j] = 0;
	rmin = affine_min(l, &term, &err);
	if (err) {
		*cause = cause_printf("%s: line %d: loop %s runs too many "
		    "times with %s", l->v->name, b->line, b->text,
		    launch_params_text(l));
		return -1;
	}
	return for_most(l, b, lp, k < 0 ? -k : k, rmin, k < 0 ? (op == '>' ?
	    '<' : 'l') : op, hi, cause);
}

/*
 * The loop variable stays inside its C type (b->conv) in every iteration
 * that runs, so its value is init + it * step as the let says: in C an
 * int leaving it is undefined and an unsigned one wraps, which the model
 * does not follow.  A table's values are checked one by one, a let by its
 * affine form over the threads, blocks and iterations.
 */
static int
for_fits(struct launch *l, const struct body_def *b,
    const struct launch_loop *lp, char **cause)
{
	struct affine_box	 box;
	struct affine		 a;
	struct expr		*e;
	int64_t			 lo, hi, vlo, vhi;
	int			 i, j = (int)(lp - l->loops), fits;

	if (expr_conv_range(b->conv, &lo, &hi) != 0)
		return 0;
	if (lp->values != NULL) {
		for (i = 0, fits = 1; i < lp->count; i++)
			fits &= lp->values[i] >= lo && lp->values[i] <= hi;
	} else {
		launch_box(l, &box);
		box.hi[VAR_LOOP0 + j] = lp->count > 0 ? lp->count - 1 : 0;
		box.n = VAR_LOOP0 + j + 1;
		if ((e = expr_parse(&l->scope, b->name, NULL)) == NULL)
			return 0;
		fits = lp->count == 0 || (expr_affine(e, l->env, l->var_of,
		    &box, &a) == 0 && affine_range(&a, &box, &vlo, &vhi) == 0 &&
		    vlo >= lo && vhi <= hi) || (expr_range(e, l->env,
		    l->var_of, &box, &vlo, &vhi) == 0 && vlo >= lo &&
		    vhi <= hi);
		expr_free(e);
	}
	if (fits)
		return 0;
	*cause = cause_printf("%s: line %d: loop %s leaves its type (%s) or "
	    "the model cannot show it stays inside with %s", l->v->name,
	    b->line, b->text, b->conv, launch_params_text(l));
	return -1;
}

/*
 * A kernel file's for loop: its iteration count becomes an affine
 * variable; the loop variable a let over it (+=) or a table of values
 * (*=, /=, <<=, >>=).  The trip count is the most any thread makes; when
 * it differs per thread the condition guards the body.
 */
int
launch_setup_for(struct launch *l, const struct body_def *b,
    struct launch_loop *lp, char **cause)
{
	struct expr	*init = NULL, *step = NULL, *cond = NULL;
	char		*text;
	int64_t		 st;
	int		 err = 0, j = (int)(lp - l->loops), rc = -1;

	lp->var = b->text;
	lp->line = b->line;
	if ((lp->slot = expr_scope_slot(&l->scope, b->iter)) < 0) {
		*cause = cause_printf("%s: bad loop %s", l->v->name, b->text);
		return -1;
	}
	l->var_of[lp->slot] = VAR_LOOP0 + j;
	if ((init = expr_parse(&l->scope, b->init, cause)) == NULL ||
	    (step = expr_parse(&l->scope, b->step, cause)) == NULL)
		goto out;
	if (varies(l, step)) {
		*cause = cause_printf("%s: line %d: the step of loop %s "
		    "differs between threads", l->v->name, b->line, b->text);
		goto out;
	}
	st = expr_eval(step, l->env, &err);
	if (err) {
		*cause = cause_printf("%s: line %d: the step of loop %s %s with "
		    "%s", l->v->name, b->line, b->text, expr_err_text(err),
		    launch_params_text(l));
		goto out;
	}
	if (b->step_op == '+') {
		text = cause_printf("(%s) + %s * (%s)", b->init, b->iter,
		    b->step);
		rc = expr_scope_let(&l->scope, b->name, text, cause);
		free(text);
		if (rc != 0)
			goto out;
		rc = -1;
	} else if ((lp->val_slot = expr_scope_slot(&l->scope,
	    b->name)) < 0) {
		*cause = cause_printf("%s: bad loop %s", l->v->name, b->text);
		goto out;
	}
	if ((cond = expr_parse(&l->scope, b->expr, cause)) == NULL)
		goto out;
	if (b->step_op != '+')
		rc = for_table(l, b, lp, init, cond, st, cause);
	else if (!varies(l, init) && !varies(l, cond))
		rc = for_count(l, b, lp, cond, cause);
	else
		rc = for_bounded(l, b, lp, cond, cause);
	if (rc == 0 && b->conv != NULL)
		rc = for_fits(l, b, lp, cause);
out:
	/* A loop that fails is not counted in nloops: its table goes here,
	   as launch_free never sees it. */
	if (rc != 0) {
		free(lp->values);
		lp->values = NULL;
	}
	/* From here on the loop's own slots differ per iteration. */
	l->vary[lp->slot] = 1;
	if (lp->values != NULL)
		l->vary[lp->val_slot] = 1;
	expr_free(init);
	expr_free(step);
	expr_free(cond);
	return rc;
}
