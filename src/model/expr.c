/* SPDX-License-Identifier: ISC
 * expr.c - evaluate integer index expressions: C's operators on int64_t,
 * with overflow, a bad shift and division by zero reported as errors
 * (never undefined behaviour), and C's conversions (expr.h).  Division
 * and modulo truncate toward zero as in C.  The parser is expr-parse.c,
 * the affine decomposition expr-affine.c.  Must not print or exit.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "expr.h"
#include "expr-int.h"

/* expr.h's conversions, in its order (struct conv: expr-int.h). */
const struct conv expr_convs[] = {
	{ "u8", 0, UINT8_MAX, 1, 0 }, { "i8", INT8_MIN, INT8_MAX, 1, 0 },
	{ "u16", 0, UINT16_MAX, 1, 0 }, { "i16", INT16_MIN, INT16_MAX, 1, 0 },
	{ "u24", 0, 0xffffff, 1, 0 }, { "i24", -0x800000, 0x7fffff, 1, 0 },
	{ "u32", 0, UINT32_MAX, 1, 0 }, { "i32", INT32_MIN, INT32_MAX, 1, 0 },
	{ "u64", 0, INT64_MAX, 0, EXPR_ERANGE },
	{ "i64", INT64_MIN, INT64_MAX, 0, EXPR_EOVERFLOW },
	{ "s32", INT32_MIN, INT32_MAX, 0, EXPR_ESIGNED },
	{ "n32", 0, 31, 0, EXPR_ESHIFT }, { "n64", 0, 63, 0, EXPR_ESHIFT },
	{ NULL, 0, 0, 0, 0 }
};

int
expr_conv_range(const char *name, int64_t *lo, int64_t *hi)
{
	const struct conv	*c;

	for (c = expr_convs; c->name != NULL; c++) {
		if (strcmp(c->name, name) == 0) {
			*lo = c->lo;
			*hi = c->hi;
			return 0;
		}
	}
	return -1;
}

const char *
expr_err_text(int err)
{
	switch (err) {
	case EXPR_ESIGNED:
		return "signed overflow";
	case EXPR_ESHIFT:
		return "shift count out of range";
	case EXPR_ERANGE:
		return "unsigned 64-bit value beyond 2^63-1";
	case EXPR_EDIV:
		return "has a division by zero";
	default:
		return "overflows";
	}
}

static void
set_err(int *err, int code)
{
	if (*err == 0)
		*err = code;
}

/* v converted by c (expr.h); an error leaves 0. */
static int64_t
convert(const struct conv *c, int64_t v, int *err)
{
	uint64_t	m, u;

	if (v >= c->lo && v <= c->hi)
		return v;
	if (!c->wrap) {
		set_err(err, c->err);
		return 0;
	}
	/* 2^bits: the width of the range. */
	m = (uint64_t)(c->hi - c->lo) + 1;
	u = (uint64_t)v & (m - 1);
	if (c->lo < 0 && u > (uint64_t)c->hi)
		return (int64_t)(u - m);
	return (int64_t)u;
}

static int64_t
binop(enum expr_binop op, int64_t a, int64_t b, int *err)
{
	int64_t	r;

	switch (op) {
	case OP_MUL:
		if (__builtin_mul_overflow(a, b, &r))
			goto bad;
		return r;
	case OP_ADD:
		if (__builtin_add_overflow(a, b, &r))
			goto bad;
		return r;
	case OP_SUB:
		if (__builtin_sub_overflow(a, b, &r))
			goto bad;
		return r;
	case OP_DIV:
	case OP_MOD:
		if (b == 0) {
			set_err(err, EXPR_EDIV);
			return 0;
		}
		if (a == INT64_MIN && b == -1)
			goto bad;
		return op == OP_DIV ? a / b : a % b;
	case OP_LT:
		return a < b;
	case OP_LE:
		return a <= b;
	case OP_GT:
		return a > b;
	case OP_GE:
		return a >= b;
	case OP_EQ:
		return a == b;
	case OP_NE:
		return a != b;
	case OP_SHL:
		if (b < 0 || b > 62 || a < 0 || a > (INT64_MAX >> b))
			goto bad;
		return a << b;
	case OP_SHR:
		if (b < 0 || b > 63)
			goto bad;
		return a >> b;
	case OP_BAND:
		return a & b;
	case OP_BXOR:
		return a ^ b;
	case OP_BOR:
		return a | b;
	case OP_AND:
	case OP_OR:
		break;	/* short-circuit: handled by the caller */
	}
bad:
	set_err(err, EXPR_EOVERFLOW);
	return 0;
}

/*
 * e (a BIN) modulo 2^64, where it is +, - or * (or << by 0..63): the low
 * bits of a sum, difference or product depend only on the low bits of
 * the operands, so a wrapping conversion of it is exact even where the
 * whole value would not fit int64 (two wrapped unsigned ints multiplied).
 */
static int64_t
modular(const struct expr *e, const int64_t *env, int *err)
{
	uint64_t	a, b;

	if (e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL &&
	    e->op != OP_SHL)
		return expr_eval(e, env, err);
	a = (uint64_t)expr_eval(e->a, env, err);
	b = (uint64_t)expr_eval(e->b, env, err);
	switch (e->op) {
	case OP_ADD:
		return (int64_t)(a + b);
	case OP_SUB:
		return (int64_t)(a - b);
	case OP_MUL:
		return (int64_t)(a * b);
	default:
		if ((int64_t)b < 0 || (int64_t)b > 63) {
			set_err(err, EXPR_EOVERFLOW);
			return 0;
		}
		return (int64_t)(a << b);
	}
}

int64_t
expr_eval(const struct expr *e, const int64_t *env, int *err)
{
	int64_t	a;

	switch (e->kind) {
	case EXPR_NUM:
		return e->num;
	case EXPR_SLOT:
		return env[e->slot];
	case EXPR_LET:
		return expr_eval(e->let, env, err);
	case EXPR_NEG:
		a = expr_eval(e->a, env, err);
		if (a == INT64_MIN) {
			set_err(err, EXPR_EOVERFLOW);
			return 0;
		}
		return -a;
	case EXPR_CONV:
		if (e->conv->wrap && e->a->kind == EXPR_BIN)
			return convert(e->conv, modular(e->a, env, err), err);
		return convert(e->conv, expr_eval(e->a, env, err), err);
	case EXPR_NOT:
		return !expr_eval(e->a, env, err);
	case EXPR_BNOT:
		return ~expr_eval(e->a, env, err);
	case EXPR_COND:
		return expr_eval(e->a, env, err) ? expr_eval(e->b, env, err) :
		    expr_eval(e->c, env, err);
	case EXPR_BIN:
		a = expr_eval(e->a, env, err);
		if (e->op == OP_AND)
			return a && expr_eval(e->b, env, err);
		if (e->op == OP_OR)
			return a || expr_eval(e->b, env, err);
		return binop(e->op, a, expr_eval(e->b, env, err), err);
	}
	set_err(err, EXPR_EOVERFLOW);
	return 0;
}

int
expr_uses(const struct expr *e, int slot)
{
	if (e == NULL)
		return 0;
	switch (e->kind) {
	case EXPR_SLOT:
		return e->slot == slot;
	case EXPR_LET:
		return expr_uses(e->let, slot);
	default:
		return expr_uses(e->a, slot) || expr_uses(e->b, slot) ||
		    expr_uses(e->c, slot);
	}
}
