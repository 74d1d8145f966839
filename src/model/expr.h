/* SPDX-License-Identifier: ISC
 * expr.h - integer index expressions as CUDA kernels write them:
 * "Row*Width + k", "(ph*TILE_WIDTH + ty)*Width + Col", "i < n && j < n".
 *
 * Values are int64_t; arithmetic that overflows, or divides by zero, is an
 * evaluation error, never undefined behaviour.  Names are resolved at parse
 * time through a scope: a name is either a slot (read from the env array at
 * evaluation) or a let (an expression of its own, inlined by reference).
 * Pure C: no printing, no exit.
 */
#ifndef WV_EXPR_H
#define WV_EXPR_H

#include <stdint.h>

#define EXPR_MAX_SLOTS	48
#define EXPR_MAX_LETS	96
#define EXPR_NAME_MAX	32

struct expr;

/* What names mean while parsing: slots, then lets, in declaration order. */
struct expr_scope {
	int		 nslots;
	char		 slot_name[EXPR_MAX_SLOTS][EXPR_NAME_MAX];
	int		 nlets;
	char		 let_name[EXPR_MAX_LETS][EXPR_NAME_MAX];
	struct expr	*let_expr[EXPR_MAX_LETS];
};

/* Coefficients of an affine expression: value = c + sum k[i] * var[i]. */
#define AFFINE_MAX_VARS	12
struct affine {
	int64_t		 c;
	int64_t		 k[AFFINE_MAX_VARS];
};

/* Add a slot name; returns its index or -1 when full or a duplicate. */
int		 expr_scope_slot(struct expr_scope *, const char *);
/* Index of a slot by name, or -1. */
int		 expr_scope_find(const struct expr_scope *, const char *);
/* Parse text and bind it as a let called name; -1 and *cause on error. */
int		 expr_scope_let(struct expr_scope *, const char *name,
		     const char *text, char **cause);
/* Free the lets a scope owns. */
void		 expr_scope_free(struct expr_scope *);

/* Parse a whole string as one expression; NULL and *cause on error. */
struct expr	*expr_parse(const struct expr_scope *, const char *text,
		     char **cause);
/*
 * Parse an array access "NAME[e]", "NAME[e][e]" or "NAME[e].field": the
 * name and field are copied out, up to max_sub subscripts parsed.  Returns
 * the number of subscripts, or -1 and *cause.
 */
int		 expr_parse_access(const struct expr_scope *, const char *text,
		     char *name, char *field, struct expr **sub, int max_sub,
		     char **cause);
/* Free an expression (lets it refers to are not freed). */
void		 expr_free(struct expr *);

/* Evaluate with slot values env; on overflow sets *err = 1, on a division
 * or remainder by zero *err = EXPR_ERR_DIV0. */
int64_t		 expr_eval(const struct expr *, const int64_t *env, int *err);
#define EXPR_ERR_DIV0	4
/* What went wrong, for messages: "has a division by zero" or
 * "overflows". */
const char	*expr_err_text(int err);
/*
 * Decompose as affine in the slots that var_of maps to an affine index
 * (var_of[slot] >= 0); other slots are constants read from env.  Returns 0,
 * or -1 when the expression is not affine in those variables.
 */
int		 expr_affine(const struct expr *, const int64_t *env,
		     const int *var_of, struct affine *out);
/* Evaluate an affine form at the given variable values; *err on overflow. */
int64_t		 affine_eval(const struct affine *, const int64_t *vars, int nvars,
		     int *err);
/* Nonzero if the expression reads the slot (through lets too). */
int		 expr_uses(const struct expr *, int slot);
/*
 * Split a guard into a conjunction of comparisons "lhs OP 0" in affine form.
 * Returns the number of terms (at most max), 0 for no guard, -1 if the guard
 * is not such a conjunction.  op[] holds '<', 'l' (<=), '>', 'g' (>=),
 * '=' (==), '!' (!=).
 */
int		 expr_guard_affine(const struct expr *, const int64_t *env,
		     const int *var_of, struct affine *terms, char *op, int max);

#endif
