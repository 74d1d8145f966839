/* SPDX-License-Identifier: ISC
 * expr-int.h - the expression tree, which only the files of expr.h see:
 * expr-parse.c builds it, expr.c evaluates it, expr-affine.c decomposes
 * it.  Values are int64_t; a node's height bounds every recursion over
 * it (EXPR_MAX_DEPTH).
 */
#ifndef WV_EXPR_INT_H
#define WV_EXPR_INT_H

#include <stdint.h>

#include "expr.h"

enum expr_kind {
	EXPR_NUM,
	EXPR_SLOT,
	EXPR_LET,
	EXPR_NEG,
	EXPR_NOT,
	EXPR_BNOT,
	EXPR_BIN,
	EXPR_COND,
	EXPR_CONV
};

/* The conversions, by name: the range they keep, whether they wrap into
   it (else a value outside is the error err). */
struct conv {
	const char	*name;
	int64_t		 lo, hi;
	int		 wrap, err;
};
/* The conversions of expr.h, by name; the last has name NULL. */
extern const struct conv	expr_convs[];

enum expr_binop {
	OP_MUL, OP_DIV, OP_MOD, OP_ADD, OP_SUB,
	OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE,
	OP_AND, OP_OR,
	OP_SHL, OP_SHR, OP_BAND, OP_BXOR, OP_BOR
};

struct expr {
	enum expr_kind		 kind;
	enum expr_binop		 op;
	int64_t			 num;
	int			 slot;
	const struct conv	*conv;	/* EXPR_CONV */
	const struct expr	*let;	/* EXPR_LET: not owned */
	struct expr		*a, *b, *c;
	int			 height;	/* levels below, lets' too */
	int64_t			 cost;		/* nodes an evaluation visits,
						   lets' too (at most
						   EXPR_MAX_COST + 1) */
};

#endif
