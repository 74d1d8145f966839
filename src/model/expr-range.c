/* SPDX-License-Identifier: ISC
 * expr-range.c - the range an expression can take over a box of the
 * caller's variables (interval arithmetic: + - *, & with a mask, % / >>
 * by a constant, a ternary's two values, a conversion's type), and a
 * comparison written as k * var + R with R's least value: what bounds a
 * loop whose start differs per thread in a way no affine form holds
 * (for (c = threadIdx.x & 31; c < cols; c += 32), the warp-strided
 * loop).  Every answer is sound or -1, never a guess.  Must not print
 * or exit.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "expr.h"
#include "expr-int.h"

struct span {
	int64_t	lo, hi;
};

static int
span_add(struct span *x, const struct span *y, int sub)
{
	if (sub)
		return __builtin_sub_overflow(x->lo, y->hi, &x->lo) ||
		    __builtin_sub_overflow(x->hi, y->lo, &x->hi) ? -1 : 0;
	return __builtin_add_overflow(x->lo, y->lo, &x->lo) ||
	    __builtin_add_overflow(x->hi, y->hi, &x->hi) ? -1 : 0;
}

static int
span_mul(struct span *x, const struct span *y)
{
	int64_t	p[4], lo, hi;
	int	i;

	if (__builtin_mul_overflow(x->lo, y->lo, &p[0]) ||
	    __builtin_mul_overflow(x->lo, y->hi, &p[1]) ||
	    __builtin_mul_overflow(x->hi, y->lo, &p[2]) ||
	    __builtin_mul_overflow(x->hi, y->hi, &p[3]))
		return -1;
	lo = hi = p[0];
	for (i = 1; i < 4; i++) {
		lo = p[i] < lo ? p[i] : lo;
		hi = p[i] > hi ? p[i] : hi;
	}
	x->lo = lo;
	x->hi = hi;
	return 0;
}

static int range_of(const struct expr *, const int64_t *, const int *,
		    const struct affine_box *, struct span *, int);

/* a op b for b a constant c: &, %, /, >>, << (a's span in x). */
static int
range_by_const(enum expr_binop op, struct span *x, int64_t c)
{
	switch (op) {
	case OP_BAND:
		if (c < 0 && x->lo < 0)
			return -1;
		if (c >= 0) {		/* the mask bounds it */
			x->hi = x->lo >= 0 && x->hi < c ? x->hi : c;
			x->lo = 0;
		}
		return 0;
	case OP_MOD:
		if (c <= 0)
			return -1;
		if (x->lo >= 0 && x->hi < c)
			return 0;
		x->hi = x->hi < c - 1 ? x->hi : c - 1;
		x->lo = x->lo >= 0 ? 0 : -(c - 1);
		if (x->hi < 0)
			x->hi = 0;
		return 0;
	case OP_DIV:
		if (c <= 0)
			return -1;
		x->lo /= c;		/* C's division rounds towards 0: */
		x->hi /= c;		/* monotonic for a positive c */
		return 0;
	case OP_SHR:
		if (c < 0 || c > 63 || x->lo < 0)
			return -1;
		x->lo >>= c;
		x->hi >>= c;
		return 0;
	case OP_SHL:
		if (c < 0 || c > 62 || x->lo < 0 || x->hi > (INT64_MAX >> c))
			return -1;
		x->lo <<= c;
		x->hi <<= c;
		return 0;
	default:
		return -1;
	}
}

/* The span of e over the box (depth: recursion left). */
static int
range_of(const struct expr *e, const int64_t *env, const int *var_of,
    const struct affine_box *box, struct span *out, int depth)
{
	struct span	b;

	if (depth == 0)
		return -1;
	switch (e->kind) {
	case EXPR_NUM:
		out->lo = out->hi = e->num;
		return 0;
	case EXPR_SLOT:
		if (var_of[e->slot] < 0) {
			out->lo = out->hi = env[e->slot];
			return 0;
		}
		if (var_of[e->slot] >= box->n ||
		    box->lo[var_of[e->slot]] > box->hi[var_of[e->slot]])
			return -1;
		out->lo = box->lo[var_of[e->slot]];
		out->hi = box->hi[var_of[e->slot]];
		return 0;
	case EXPR_LET:
		return range_of(e->let, env, var_of, box, out, depth - 1);
	case EXPR_NEG:
		if (range_of(e->a, env, var_of, box, &b, depth - 1) != 0 ||
		    b.lo == INT64_MIN)
			return -1;
		out->lo = -b.hi;
		out->hi = -b.lo;
		return 0;
	case EXPR_NOT:
		out->lo = 0;
		out->hi = 1;
		return 0;
	case EXPR_COND:		/* either value, whichever is taken */
		if (range_of(e->b, env, var_of, box, out, depth - 1) != 0 ||
		    range_of(e->c, env, var_of, box, &b, depth - 1) != 0)
			return -1;
		out->lo = b.lo < out->lo ? b.lo : out->lo;
		out->hi = b.hi > out->hi ? b.hi : out->hi;
		return 0;
	case EXPR_CONV:		/* within its type, whatever it was */
		if (range_of(e->a, env, var_of, box, out, depth - 1) != 0 ||
		    out->lo < e->conv->lo || out->hi > e->conv->hi) {
			out->lo = e->conv->lo;
			out->hi = e->conv->hi;
		}
		return 0;
	case EXPR_BIN:
		break;
	default:
		return -1;
	}
	if (e->op >= OP_LT && e->op <= OP_OR) {
		out->lo = 0;
		out->hi = 1;
		return 0;
	}
	if (range_of(e->a, env, var_of, box, out, depth - 1) != 0 ||
	    range_of(e->b, env, var_of, box, &b, depth - 1) != 0)
		return -1;
	if (e->op == OP_ADD || e->op == OP_SUB)
		return span_add(out, &b, e->op == OP_SUB);
	if (e->op == OP_MUL)
		return span_mul(out, &b);
	if (b.lo != b.hi)
		return -1;
	return range_by_const(e->op, out, b.lo);
}

/* e as k * var + R (R's span in r), where e is linear in var. */
static int
linear(const struct expr *e, const int64_t *env, const int *var_of,
    const struct affine_box *box, int var, int64_t *k, struct span *r,
    int depth)
{
	struct span	s;
	int64_t		kb, t;
	int		i;

	if (depth == 0)
		return -1;
	*k = 0;
	switch (e->kind) {
	case EXPR_SLOT:
		if (var_of[e->slot] == var) {
			*k = 1;
			r->lo = r->hi = 0;
			return 0;
		}
		break;
	case EXPR_LET:
		return linear(e->let, env, var_of, box, var, k, r, depth - 1);
	case EXPR_NEG:
		if (linear(e->a, env, var_of, box, var, k, r, depth - 1) != 0 ||
		    *k == INT64_MIN || r->lo == INT64_MIN)
			return -1;
		*k = -*k;
		t = r->lo;
		r->lo = -r->hi;
		r->hi = -t;
		return 0;
	case EXPR_CONV:		/* the identity where all of it fits */
		if (linear(e->a, env, var_of, box, var, k, r, depth - 1) != 0 ||
		    __builtin_mul_overflow(*k, box->hi[var], &t))
			return -1;
		s = *r;
		if (__builtin_add_overflow(s.lo, t < 0 ? t : 0, &s.lo) ||
		    __builtin_add_overflow(s.hi, t > 0 ? t : 0, &s.hi) ||
		    s.lo < e->conv->lo || s.hi > e->conv->hi)
			return -1;
		return 0;
	case EXPR_BIN:
		if (e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL)
			break;
		if (e->op == OP_MUL) {	/* by a constant */
			const struct expr *v = e->a, *c = e->b;

			if (range_of(c, env, var_of, box, &s, depth - 1) != 0 ||
			    s.lo != s.hi) {
				v = e->b;
				c = e->a;
				if (range_of(c, env, var_of, box, &s,
				    depth - 1) != 0 || s.lo != s.hi)
					break;
			}
			if (linear(v, env, var_of, box, var, k, r, depth - 1) !=
			    0 || __builtin_mul_overflow(*k, s.lo, k))
				return -1;
			return span_mul(r, &s);
		}
		if (linear(e->a, env, var_of, box, var, k, r, depth - 1) != 0 ||
		    linear(e->b, env, var_of, box, var, &kb, &s, depth - 1) != 0 ||
		    (e->op == OP_ADD ? __builtin_add_overflow(*k, kb, k) :
		    __builtin_sub_overflow(*k, kb, k)))
			return -1;
		return span_add(r, &s, e->op == OP_SUB);
	default:
		break;
	}
	/* Any other shape: a constant in var (its span), or not linear. */
	for (i = 0; i < EXPR_MAX_SLOTS; i++)
		if (var_of[i] == var && expr_uses(e, i))
			return -1;
	return range_of(e, env, var_of, box, r, depth - 1);
}

int
expr_range(const struct expr *e, const int64_t *env, const int *var_of,
    const struct affine_box *box, int64_t *lo, int64_t *hi)
{
	struct span	s;

	if (range_of(e, env, var_of, box, &s, EXPR_MAX_DEPTH) != 0)
		return -1;
	*lo = s.lo;
	*hi = s.hi;
	return 0;
}

int
expr_guard_linear(const struct expr *e, const int64_t *env,
    const int *var_of, const struct affine_box *box, int var, int64_t *k,
    int64_t *rmin, char *op)
{
	static const char ops[] = { [OP_LT] = '<', [OP_LE] = 'l',
	    [OP_GT] = '>', [OP_GE] = 'g' };
	struct span	ra, rb;
	int64_t		kb;

	while (e != NULL && e->kind == EXPR_LET)
		e = e->let;
	if (e == NULL || e->kind != EXPR_BIN || e->op < OP_LT ||
	    e->op > OP_GE || var < 0 || var >= box->n)
		return -1;
	if (linear(e->a, env, var_of, box, var, k, &ra, EXPR_MAX_DEPTH) != 0 ||
	    linear(e->b, env, var_of, box, var, &kb, &rb, EXPR_MAX_DEPTH) != 0 ||
	    __builtin_sub_overflow(*k, kb, k) || span_add(&ra, &rb, 1) != 0)
		return -1;
	*op = ops[e->op];
	if (*op == '>' || *op == 'g') {	/* as -k * var - R < 0 (or <=) */
		if (*k == INT64_MIN || ra.hi == INT64_MIN)
			return -1;
		*k = -*k;
		ra.lo = -ra.hi;
		*op = *op == '>' ? '<' : 'l';
	}
	*rmin = ra.lo;
	return 0;
}
