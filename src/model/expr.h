/* SPDX-License-Identifier: ISC
 * expr.h - integer index expressions as CUDA kernels write them:
 * "Row*Width + k", "(ph*TILE_WIDTH + ty)*Width + Col", "i < n && j < n".
 *
 * Values are int64_t; arithmetic that overflows, or divides by zero, is an
 * evaluation error, never undefined behaviour.
 *
 * C's conversions are written as calls (the kernel-file reader writes them
 * where C converts, see doc/rules.md "C's arithmetic"):
 *   u8(x) i8(x) u16(x) i16(x) u32(x) i32(x)
 *	x converted to that type: reduced modulo 2^bits into its range, as
 *	C converts to an unsigned type and as nvcc converts to a signed one
 *	(implementation-defined in C: two's complement wrap).  Where x is
 *	directly a +, - or * (or a << by 0..63), it is computed modulo
 *	2^64 first, which gives the same low bits: u32(a * b) of two
 *	unsigned ints is exact even where a * b passes 2^63.  (The reader
 *	writes a signed 64-bit operation under a conversion as i64(x), so
 *	its overflow stays an error.)
 *   u24(x) i24(x)  x's low 24 bits, as __umul24 and __mul24 read their
 *	operands (zero- or sign-extended).
 *   i64(x)	x (every value the model holds fits).
 *   u64(x)	x as unsigned long long; x outside 0 .. 2^63-1 is an error
 *	(EXPR_ERANGE): the model's values are int64_t and it refuses a value
 *	it cannot hold rather than approximate it.
 *   s32(x)	the result of int arithmetic: x, or EXPR_ESIGNED ("signed
 *	overflow") outside int; undefined in C, so never guessed.
 *   n32(x) n64(x)  a shift count for a 32- or 64-bit left operand: x, or
 *	EXPR_ESHIFT outside 0..31 (0..63).
 * Signed right shifts are arithmetic (nvcc's choice; implementation-defined
 * in C); a left shift of a negative value is an error (undefined in C).
 *
 * Names are resolved at parse time through a scope: a name is either a slot (read from the env array at
 * evaluation) or a let (an expression of its own, inlined by reference).
 * Pure C: no printing, no exit.
 */
#ifndef WV_EXPR_H
#define WV_EXPR_H

#include <stdint.h>

#define EXPR_MAX_SLOTS	56	/* 8 built-ins, 11 parameters, 2 a loop
				   (its count and a table's value): launch-init.c
				   asserts the sum */
#define EXPR_MAX_LETS	96
#define EXPR_NAME_MAX	32
/* The longest text parsed, and the deepest tree (through lets): any
   stack evaluates it. */
#define EXPR_MAX_TEXT	(256 * 1024)
#define EXPR_MAX_DEPTH	1024
/* The most nodes one evaluation visits, lets expanded: a variable used
   twice in its own update (i += i) doubles it, and twenty such lines
   made one access cost a million operations per lane (fuzz-ksrc). */
#define EXPR_MAX_COST	(1 << 16)

struct expr;

/* What names mean while parsing: slots, then lets, in declaration order. */
struct expr_scope {
	int		 nslots;
	char		 slot_name[EXPR_MAX_SLOTS][EXPR_NAME_MAX];
	int		 nlets;
	char		 let_name[EXPR_MAX_LETS][EXPR_NAME_MAX];
	struct expr	*let_expr[EXPR_MAX_LETS];
};

/* Coefficients of an affine expression: value = c + sum k[i] * var[i].
   A launch's variables are threadIdx.x/y, blockIdx.x/y and one a loop
   (VARIANT_MAX_LOOPS, 16): launch-init.c asserts that they fit. */
#define AFFINE_MAX_VARS	20
struct affine {
	int64_t		 c;
	int64_t		 k[AFFINE_MAX_VARS];
};

/* Where the affine variables range: var i in [lo[i], hi[i]] for i < n;
   variables from n on are unbounded. */
struct affine_box {
	int		 n;
	int64_t		 lo[AFFINE_MAX_VARS], hi[AFFINE_MAX_VARS];
};

/* Evaluation errors (*err), the first one kept. */
enum expr_err {
	EXPR_EOVERFLOW = 1,	/* int64 overflow, bad shift */
	EXPR_ESIGNED,		/* signed overflow (s32) */
	EXPR_ESHIFT,		/* shift count out of range (n32, n64) */
	EXPR_ERANGE,		/* unsigned 64-bit value beyond 2^63-1 */
	EXPR_EDIV		/* x / 0, x % 0 */
};

/* The range a conversion keeps ("u32": 0 .. 2^32-1); -1 if name is none. */
int		 expr_conv_range(const char *name, int64_t *lo, int64_t *hi);
/* What went wrong, in words: "has a division by zero", "signed overflow". */
const char	*expr_err_text(int err);

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

/* Evaluate with slot values env; on an error sets *err (enum expr_err)
   unless it is set already. */
int64_t		 expr_eval(const struct expr *, const int64_t *env, int *err);
/* What went wrong, in words: "has a division by zero", "signed overflow". */
const char	*expr_err_text(int err);
/*
 * Decompose as affine in the slots that var_of maps to an affine index
 * (var_of[slot] >= 0); other slots are constants read from env.  A
 * conversion is the identity where its operand provably stays inside the
 * target's range over box (NULL: never).  Returns 0, or -1 when the
 * expression is not affine in those variables.
 */
int		 expr_affine(const struct expr *, const int64_t *env,
		     const int *var_of, const struct affine_box *box,
		     struct affine *out);
/* Smallest and largest value of an affine form over box; -1 when a
   variable it uses is unbounded or the sums overflow. */
int		 affine_range(const struct affine *, const struct affine_box *,
		     int64_t *lo, int64_t *hi);
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
		     const int *var_of, const struct affine_box *box,
		     struct affine *terms, char *op, int max);
/* The least and greatest values e takes over the box (interval
   arithmetic: sound, maybe wider than the truth), or -1.  expr-range.c */
int		 expr_range(const struct expr *, const int64_t *env,
		     const int *var_of, const struct affine_box *box,
		     int64_t *lo, int64_t *hi);
/*
 * A comparison e (<, <=, >, >=) as k * var + R < 0 or <= 0 (a > or >=
 * turned round), where it is linear in box variable var and R, whatever
 * its shape (& with a mask, % or / by a constant ...), has a least value
 * over the box: *k, that least value *rmin and *op ('<' or 'l').  0, or
 * -1 where it is not.  In expr-range.c.
 */
int		 expr_guard_linear(const struct expr *, const int64_t *env,
		     const int *var_of, const struct affine_box *box, int var,
		     int64_t *k, int64_t *rmin, char *op);

#endif
