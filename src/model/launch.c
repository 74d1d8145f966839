/* SPDX-License-Identifier: ISC
 * launch.c - turn a variant and parameter values into a launch: dimensions,
 * arrays, parsed sites and the flattened body.  All checks that parameters
 * can fail are made here, once, so later stages only compute.
 * Must not print or exit.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "launch.h"
#include "rules.h"

/* Each loop of a variant is an affine variable after the four of the
   thread and block indices: the box and the coefficients must hold them. */
_Static_assert(VAR_LOOP0 + VARIANT_MAX_LOOPS <= AFFINE_MAX_VARS,
    "AFFINE_MAX_VARS must cover VAR_LOOP0 + VARIANT_MAX_LOOPS");
/* The slots: the built-ins, the parameters (the warp's too), and per
   loop its iteration count and, stepping by *= or >>=, its value. */
_Static_assert(SLOT_PARAM0 + PARAM_MAX + 2 * VARIANT_MAX_LOOPS <=
    EXPR_MAX_SLOTS, "EXPR_MAX_SLOTS must cover the parameters and loops");

#define INT_INDEX_MAX	((int64_t)2147483647)
#define MAX_BYTES	((int64_t)1 << 40)
#define SHARED_MAX	(48 * 1024)

/* "width=2048 bx=16": the parameters, for messages about their combination. */
static const char *
params_text(const struct launch *l)
{
	static __thread char	buf[256];

	param_format(&l->ps, buf, sizeof buf, 1);
	return buf;
}

static int
eval_const(struct launch *l, const char *what, const char *text,
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
		    expr_err_text(err), params_text(l));
		return -1;
	}
	return 0;
}

static int
setup_arrays(struct launch *l, char **cause)
{
	const struct array_def	*d;
	struct launch_array	*a;
	int64_t			 next[SPACE_TEXTURE + 1] = {
	    LAUNCH_GLOBAL_BASE, 0, 0, 0, LAUNCH_GLOBAL_BASE };
	int64_t			 bytes, align;
	int			 i;

	for (i = 0; i < VARIANT_MAX_ARRAYS; i++) {
		d = &l->v->arrays[i];
		if (d->name == NULL)
			break;
		a = &l->arrays[l->narrays++];
		a->def = d;
		if (eval_const(l, d->name, d->length, &a->length, cause) != 0)
			return -1;
		a->rows = 1;
		a->cols = a->length;
		if (d->dims[0] != NULL) {
			if (eval_const(l, d->name, d->dims[0], &a->rows,
			    cause) != 0 ||
			    eval_const(l, d->name, d->dims[1], &a->cols,
			    cause) != 0)
				return -1;
		}
		/* An extern __shared__ array launched with no bytes (the
		   SDK's simpleOccupancy) may be declared unused: refused
		   below only if a site reads or writes it. */
		if (a->length == 0 && d->space == SPACE_SHARED &&
		    d->dims[0] == NULL)
			a->cols = 0;
		else if (a->length < 1 || a->rows < 1 || a->cols < 1) {
			*cause = cause_printf("array %s would be empty with %s",
			    d->name, params_text(l));
			return -1;
		}
		if (a->length > INT_INDEX_MAX) {
			*cause = cause_printf("array %s would have %lld "
			    "elements with %s, more than a kernel's int index "
			    "reaches (%lld)", d->name, (long long)a->length,
			    params_text(l), (long long)INT_INDEX_MAX);
			return -1;
		}
		bytes = a->length * d->elem_size;
		/* A warp's local frame starts on a line, as the H100's did. */
		align = d->space == SPACE_GLOBAL || d->space == SPACE_LOCAL ||
		    d->space == SPACE_TEXTURE ? 256 : 16;
		a->base = (next[d->space] + align - 1) / align * align;
		next[d->space] = a->base + bytes;
		if (next[d->space] > MAX_BYTES) {
			*cause = cause_printf("arrays need more than 1 TiB "
			    "with %s", params_text(l));
			return -1;
		}
	}
	l->shared_bytes = next[SPACE_SHARED];
	if (l->shared_bytes > SHARED_MAX) {
		*cause = cause_printf("shared arrays need %lld bytes per block "
		    "with %s, more than the %d a block may use",
		    (long long)l->shared_bytes, params_text(l), SHARED_MAX);
		return -1;
	}
	return 0;
}

static int
find_array(const struct launch *l, const char *name)
{
	int	i;

	for (i = 0; i < l->narrays; i++)
		if (strcmp(l->arrays[i].def->name, name) == 0)
			return i;
	return -1;
}

/* Body entry i of the variant: the catalog's array or a file's. */
static const struct body_def *
body_at(const struct variant *v, int i)
{
	static const struct body_def	end;

	if (v->xbody != NULL)
		return i < v->nxbody ? &v->xbody[i] : &end;
	return i < VARIANT_MAX_BODY ? &v->body[i] : &end;
}

/* Whether site s's element index is affine, over the box of the launch
   and the loops so far, and its form (two subscripts: row * cols + col). */
static void
site_affine_index(const struct launch *l, struct launch_site *s)
{
	struct affine		 a1;
	struct affine_box	 box;
	int			 i, n = s->nsub;

	launch_box(l, &box);
	s->affine = expr_affine(s->sub[0], l->env, l->var_of, &box,
	    &s->aff) == 0;
	if (s->affine && n == 2) {
		s->affine = expr_affine(s->sub[1], l->env, l->var_of, &box,
		    &a1) == 0;
		for (i = 0; s->affine && i < AFFINE_MAX_VARS; i++)
			s->affine = !__builtin_mul_overflow(s->aff.k[i],
			    s->cols, &s->aff.k[i]) &&
			    !__builtin_add_overflow(s->aff.k[i], a1.k[i],
			    &s->aff.k[i]);
		s->affine = s->affine &&
		    !__builtin_mul_overflow(s->aff.c, s->cols, &s->aff.c) &&
		    !__builtin_add_overflow(s->aff.c, a1.c, &s->aff.c);
	}
	/* A value-table loop's variable is no affine variable. */
	for (i = 0; s->affine && i < l->nloops; i++)
		if (l->loops[i].values != NULL && (expr_uses(s->sub[0],
		    l->loops[i].val_slot) || expr_uses(s->sub[1],
		    l->loops[i].val_slot)))
			s->affine = 0;
}

static int
setup_site(struct launch *l, const struct body_def *b, const int *open,
    int nopen, const char *guard, char **cause)
{
	struct launch_site	*s;
	const struct array_def	*d;
	char			 name[EXPR_NAME_MAX], field[EXPR_NAME_MAX];
	int			 i, n;

	if (l->nsites == LAUNCH_MAX_SITES) {
		*cause = cause_printf("%s: more than %d access sites",
		    l->v->name, LAUNCH_MAX_SITES);
		return -1;
	}
	s = &l->sites[l->nsites];
	memset(s, 0, sizeof *s);
	s->def = b;
	s->text = b->text;
	s->op = b->op;
	s->line = b->line;
	s->col = b->col;
	n = expr_parse_access(&l->scope, b->expr != NULL ? b->expr : b->text,
	    name, field, s->sub, 2, cause);
	if (n < 0)
		return -1;
	s->nsub = n;
	l->nsites++;
	if (guard != NULL || b->guard != NULL) {
		char	*g = NULL;

		if (guard != NULL && b->guard != NULL)
			g = cause_printf("%s && (%s)", guard, b->guard);
		s->guard = expr_parse(&l->scope, g != NULL ? g : guard !=
		    NULL ? guard : b->guard, cause);
		free(g);
		if (s->guard == NULL)
			return -1;
	}
	if ((s->array = find_array(l, name)) < 0) {
		*cause = cause_printf("%s: site %s: no array %s", l->v->name,
		    b->text, name);
		return -1;
	}
	d = l->arrays[s->array].def;
	s->space = d->space;
	s->size = d->elem_size;
	if (n == 2) {
		if (d->dims[0] == NULL) {
			*cause = cause_printf("%s: %s has one dimension",
			    l->v->name, name);
			return -1;
		}
		s->cols = l->arrays[s->array].cols;
	}
	if (field[0] != '\0') {
		for (i = 0; i < VARIANT_MAX_FIELDS && d->fields[i].name; i++)
			if (strcmp(d->fields[i].name, field) == 0)
				break;
		if (i == VARIANT_MAX_FIELDS || d->fields[i].name == NULL) {
			*cause = cause_printf("%s: %s has no field %s",
			    l->v->name, name, field);
			return -1;
		}
		s->offset = d->fields[i].offset;
		s->size = d->fields[i].size;
	}
	s->used = s->size;
	if (field[0] == '\0' && b->size == 0 && d->fields[0].name != NULL) {
		/* A whole struct: its fields, not its padding, are used. */
		for (s->used = 0, i = 0; i < VARIANT_MAX_FIELDS &&
		    d->fields[i].name != NULL; i++)
			if (d->fields[i].offset + d->fields[i].size > s->used)
				s->used = d->fields[i].offset +
				    d->fields[i].size;
	}
	if (b->size != 0)
		s->size = s->used = b->size;
	s->nloops = nopen;
	memcpy(s->loop, open, nopen * sizeof *open);
	site_affine_index(l, s);
	return 0;
}

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

static char *
join_guard(const char *guard, const char *neg, const char *cond)
{
	if (guard == NULL)
		return cause_printf("%s(%s)", neg, cond);
	return cause_printf("%s && %s(%s)", guard, neg, cond);
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
		    "runs more than 64 times" : "overflows", params_text(l));
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
		    "runs too many times", params_text(l));
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

static int
for_bounded_at(struct launch *l, const struct body_def *b,
    struct launch_loop *lp, const struct expr *cond, char **cause)
{
	struct affine		term;
	struct affine_box	box;
	char			op;
	int64_t			k, t, rmin, hi;
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
		k = -k;
		op = op == '>' ? '<' : 'l';
	}
	term.k[VAR_LOOP0 + j] = 0;
	rmin = affine_min(l, &term, &err);
	/* k*it + R < 0 for it < -R/k; <= 0 for it <= -R/k. */
	if (rmin >= 0 && op == '<')
		t = 0;
	else if (op == '<')
		t = (-rmin + k - 1) / k;
	else
		t = rmin > 0 ? 0 : -rmin / k + 1;
	if (err || t > LOOP_MAX_TRIPS) {
		*cause = cause_printf("%s: line %d: loop %s runs too many "
		    "times with %s", l->v->name, b->line, b->text,
		    params_text(l));
		return -1;
	}
	if (t > hi) {
		*cause = cause_printf("%s: line %d: loop %s: its values leave "
		    "their C type (they wrap) before the condition ends it, "
		    "with %s", l->v->name, b->line, b->text, params_text(l));
		return -1;
	}
	lp->count = t;
	lp->bounded = 1;
	return 0;
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
		    vlo >= lo && vhi <= hi);
		expr_free(e);
	}
	if (fits)
		return 0;
	*cause = cause_printf("%s: line %d: loop %s leaves its type (%s) or "
	    "the model cannot show it stays inside with %s", l->v->name,
	    b->line, b->text, b->conv, params_text(l));
	return -1;
}

/*
 * A kernel file's for loop: its iteration count becomes an affine
 * variable; the loop variable a let over it (+=) or a table of values
 * (*=, /=, <<=, >>=).  The trip count is the most any thread makes; when
 * it differs per thread the condition guards the body.
 */
static int
setup_for(struct launch *l, const struct body_def *b, struct launch_loop *lp,
    char **cause)
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
		    params_text(l));
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
	if (eval_const(l, b->text, b->count, &lp->count, cause) != 0)
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
		if (setup_for(l, b, lp, cause) != 0)
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
		    b->text, params_text(l));
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
			if (setup_site(l, b, open, nopen, guard, cause) != 0)
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
		if (eval_const(l, "requirement", v->require, &ok, cause) != 0)
			return -1;
		if (!ok) {
			*cause = cause_printf("%s: %s (have %s)", v->name,
			    v->require_text, params_text(l));
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
		if (eval_const(l, "blockDim", v->block[i], &l->block[i],
		    cause) != 0 ||
		    eval_const(l, "gridDim", v->grid[i], &l->grid[i],
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
		    params_text(l));
		return -1;
	}
	l->threads = l->block[0] * l->block[1];
	if (l->grid[0] < 1 || l->grid[1] < 1 || l->grid[0] > INT_INDEX_MAX ||
	    l->grid[1] > 65535) {
		*cause = cause_printf("a grid of %lldx%lld blocks is not "
		    "allowed with %s", (long long)l->grid[0],
		    (long long)l->grid[1], params_text(l));
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
	if (setup_arrays(l, cause) != 0)
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
			    params_text(l));
			goto fail;
		}
	steps = 0;
	for (c = 0; c < l->nnodes; c = l->nodes[c].next)
		steps += l->nodes[c].steps;
	l->nsteps = steps;
	if (l->nsteps < 1) {
		*cause = cause_printf("no steps with %s", params_text(l));
		goto fail;
	}
	return 0;
fail:
	if (*cause == NULL)
		*cause = cause_printf("%s: cannot set up", v->name);
	launch_free(l);
	return -1;
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
