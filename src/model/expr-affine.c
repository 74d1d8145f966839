/* SPDX-License-Identifier: ISC
 * expr-affine.c - an expression as an affine form c + sum k[i] var[i] in
 * the variables a caller names (threadIdx, blockIdx, loop iterations),
 * the range of such a form over a box, and a guard as a conjunction of
 * affine comparisons: what lets the totals count by residues instead of
 * visiting every warp.  A conversion is the identity only where the
 * form provably stays in its range; anything else is "not affine" (-1),
 * never a guess.  Sums that overflow are -1 too.  Must not print or exit.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "expr.h"
#include "expr-int.h"

static int
uses_vars(const struct expr *e, const int *var_of)
{
	int	s;

	for (s = 0; s < EXPR_MAX_SLOTS; s++)
		if (var_of[s] >= 0 && expr_uses(e, s))
			return 1;
	return 0;
}

static int
affine_scale(struct affine *x, int64_t f)
{
	int	i;

	if (__builtin_mul_overflow(x->c, f, &x->c))
		return -1;
	for (i = 0; i < AFFINE_MAX_VARS; i++)
		if (__builtin_mul_overflow(x->k[i], f, &x->k[i]))
			return -1;
	return 0;
}

static int
affine_add(struct affine *x, const struct affine *y, int64_t sign)
{
	int	i;
	int64_t	t;

	if (__builtin_mul_overflow(y->c, sign, &t) ||
	    __builtin_add_overflow(x->c, t, &x->c))
		return -1;
	for (i = 0; i < AFFINE_MAX_VARS; i++)
		if (__builtin_mul_overflow(y->k[i], sign, &t) ||
		    __builtin_add_overflow(x->k[i], t, &x->k[i]))
			return -1;
	return 0;
}

static int
affine_is_const(const struct affine *x)
{
	int	i;

	for (i = 0; i < AFFINE_MAX_VARS; i++)
		if (x->k[i] != 0)
			return 0;
	return 1;
}

int
affine_range(const struct affine *a, const struct affine_box *box,
    int64_t *lo, int64_t *hi)
{
	int64_t	t, u;
	int	i;

	*lo = *hi = a->c;
	for (i = 0; i < AFFINE_MAX_VARS; i++) {
		if (a->k[i] == 0)
			continue;
		if (box == NULL || i >= box->n || box->lo[i] > box->hi[i])
			return -1;
		if (__builtin_mul_overflow(a->k[i], box->lo[i], &t) ||
		    __builtin_mul_overflow(a->k[i], box->hi[i], &u))
			return -1;
		if (__builtin_add_overflow(*lo, t < u ? t : u, lo) ||
		    __builtin_add_overflow(*hi, t < u ? u : t, hi))
			return -1;
	}
	return 0;
}

int
expr_affine(const struct expr *e, const int64_t *env, const int *var_of,
    const struct affine_box *box, struct affine *out)
{
	int64_t		lo, hi;
	struct affine	b;
	int		err = 0;

	memset(out, 0, sizeof *out);
	if (!uses_vars(e, var_of)) {
		out->c = expr_eval(e, env, &err);
		return err ? -1 : 0;
	}
	switch (e->kind) {
	case EXPR_SLOT:
		/* A variable past the box is the caller's bug: no form. */
		if (var_of[e->slot] >= AFFINE_MAX_VARS)
			return -1;
		out->k[var_of[e->slot]] = 1;
		return 0;
	case EXPR_LET:
		return expr_affine(e->let, env, var_of, box, out);
	case EXPR_NEG:
		if (expr_affine(e->a, env, var_of, box, out) != 0)
			return -1;
		return affine_scale(out, -1);
	case EXPR_CONV:
		/* The identity where nothing is converted. */
		if (expr_affine(e->a, env, var_of, box, out) != 0 ||
		    affine_range(out, box, &lo, &hi) != 0 ||
		    lo < e->conv->lo || hi > e->conv->hi)
			return -1;
		return 0;
	case EXPR_BIN:
		if (e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL)
			return -1;
		if (expr_affine(e->a, env, var_of, box, out) != 0 ||
		    expr_affine(e->b, env, var_of, box, &b) != 0)
			return -1;
		if (e->op == OP_ADD)
			return affine_add(out, &b, 1);
		if (e->op == OP_SUB)
			return affine_add(out, &b, -1);
		if (affine_is_const(&b))
			return affine_scale(out, b.c);
		if (affine_is_const(out)) {
			int64_t	f = out->c;

			*out = b;
			return affine_scale(out, f);
		}
		return -1;
	default:
		return -1;
	}
}

int64_t
affine_eval(const struct affine *x, const int64_t *vars, int nvars, int *err)
{
	int64_t	v = x->c, t;
	int	i;

	for (i = 0; i < nvars; i++) {
		if (x->k[i] == 0)
			continue;
		if (__builtin_mul_overflow(x->k[i], vars[i], &t) ||
		    __builtin_add_overflow(v, t, &v)) {
			*err = 1;
			return 0;
		}
	}
	return v;
}

/*
 * Terms of e (negated when neg) appended from n; -1 when e is not a
 * conjunction of affine comparisons.  !(a || b) is !a && !b; a bare value
 * v is v != 0.
 */
static int
guard_terms(const struct expr *e, const int64_t *env, const int *var_of,
    const struct affine_box *box, struct affine *terms, char *op, int max,
    int n, int neg)
{
	struct affine	r;
	enum expr_binop	o;
	static const char ops[] = { [OP_LT] = '<', [OP_LE] = 'l',
	    [OP_GT] = '>', [OP_GE] = 'g', [OP_EQ] = '=', [OP_NE] = '!' };
	static const enum expr_binop flip[] = { [OP_LT] = OP_GE,
	    [OP_LE] = OP_GT, [OP_GT] = OP_LE, [OP_GE] = OP_LT,
	    [OP_EQ] = OP_NE, [OP_NE] = OP_EQ };

	while (e->kind == EXPR_LET)
		e = e->let;
	if (e->kind == EXPR_NOT)
		return guard_terms(e->a, env, var_of, box, terms, op, max, n,
		    !neg);
	if (e->kind == EXPR_BIN && e->op == (neg ? OP_OR : OP_AND)) {
		n = guard_terms(e->a, env, var_of, box, terms, op, max, n,
		    neg);
		if (n < 0)
			return -1;
		return guard_terms(e->b, env, var_of, box, terms, op, max, n,
		    neg);
	}
	if (n == max)
		return -1;
	if (e->kind != EXPR_BIN || e->op < OP_LT || e->op > OP_NE) {
		/* A bare value: v != 0, or v == 0 under a negation. */
		if (expr_affine(e, env, var_of, box, &terms[n]) != 0)
			return -1;
		op[n] = neg ? '=' : '!';
		return n + 1;
	}
	if (expr_affine(e->a, env, var_of, box, &terms[n]) != 0 ||
	    expr_affine(e->b, env, var_of, box, &r) != 0 ||
	    affine_add(&terms[n], &r, -1) != 0)
		return -1;
	o = neg ? flip[e->op] : e->op;
	op[n] = ops[o];
	return n + 1;
}

int
expr_guard_affine(const struct expr *e, const int64_t *env, const int *var_of,
    const struct affine_box *box, struct affine *terms, char *op, int max)
{
	if (e == NULL)
		return 0;
	return guard_terms(e, env, var_of, box, terms, op, max, 0, 0);
}
