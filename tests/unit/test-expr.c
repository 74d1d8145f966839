/* SPDX-License-Identifier: ISC
 * test-expr.c - the expression engine: parsing, C semantics of evaluation,
 * overflow detection, affine decomposition and guard splitting.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "expr.h"
#include "tap.h"

static struct expr_scope sc;
static int64_t env[EXPR_MAX_SLOTS];
static int var_of[EXPR_MAX_SLOTS];

static int64_t
ev(const char *text, int *err)
{
	struct expr	*e;
	char		*cause = NULL;
	int64_t		 v;

	*err = 0;
	if ((e = expr_parse(&sc, text, &cause)) == NULL) {
		diag("parse %s: %s", text, cause);
		free(cause);
		*err = 2;
		return 0;
	}
	v = expr_eval(e, env, err);
	expr_free(e);
	return v;
}

static void
is_val(const char *text, int64_t want)
{
	int	err;
	int64_t	got = ev(text, &err);

	if (err)
		ok(0, "%s evaluates (err %d)", text, err);
	else
		is_int(got, want, "%s = %lld", text, (long long)want);
}

static void
is_bad(const char *text, const char *why)
{
	struct expr	*e;
	char		*cause = NULL;

	e = expr_parse(&sc, text, &cause);
	ok(e == NULL && cause != NULL && strstr(cause, why) != NULL,
	    "\"%s\" is rejected: %s", text, cause ? cause : "(accepted)");
	expr_free(e);
	free(cause);
}

int
main(void)
{
	struct expr	*e, *sub[2];
	struct affine	 a, terms[4];
	char		 name[EXPR_NAME_MAX], field[EXPR_NAME_MAX], op[4], *cause;
	int		 err, i, n, tx, w, k;

	for (i = 0; i < EXPR_MAX_SLOTS; i++)
		var_of[i] = -1;
	tx = expr_scope_slot(&sc, "threadIdx.x");
	w = expr_scope_slot(&sc, "Width");
	k = expr_scope_slot(&sc, "k");
	ok(tx == 0 && w == 1 && k == 2, "slots are numbered in order");
	ok(expr_scope_slot(&sc, "k") == -1, "a duplicate slot is refused");
	env[tx] = 5;
	env[w] = 2048;
	env[k] = 3;

	/* C precedence and truncating division. */
	is_val("1 + 2 * 3", 7);
	is_val("(1 + 2) * 3", 9);
	is_val("7 / 2", 3);
	is_val("-7 / 2", -3);
	is_val("-7 % 2", -1);
	is_val("10 - 4 - 3", 3);
	is_val("Width*threadIdx.x + k", 2048 * 5 + 3);
	is_val("threadIdx.x < 6 && k >= 3", 1);
	is_val("threadIdx.x > 6 || k != 3", 0);
	is_val("!(k == 3)", 0);
	is_val("k == 3 ? 10 : 20", 10);
	is_val("0x10 + 32u", 48);
	is_val("(Width*4 + 511) / 512 * 512 / 4", 2048);
	/* && and || short-circuit: the division by zero is never done. */
	is_val("0 && 1/0", 0);
	is_val("1 || 1/0", 1);

	ev("1/0", &err);
	ok(err == EXPR_EDIV, "division by zero is an error of its own");
	is_str(expr_err_text(err), "has a division by zero",
	    "and is called so");
	ev("k % (k - 3)", &err);
	ok(err == EXPR_EDIV, "so is %% by zero");
	ev("9223372036854775807 + 1", &err);
	ok(err != EXPR_EDIV, "an overflow is not one");
	ev("9223372036854775807 + 1", &err);
	ok(err == 1, "signed overflow of + is an error");
	ev("4611686018427387904 * 2", &err);
	ok(err == 1, "signed overflow of * is an error");

	is_bad("Width +", "end");
	is_bad("Height * 2", "unknown name \"Height\"");
	is_bad("(1 + 2", "expected )");
	is_bad("1 2", "unexpected text");
	is_bad("a & b", "unknown name");
	is_bad("k & & 1", "expected");

	/* Bit operators with C precedence: shifts below +, & ^ | below ==. */
	is_val("k & 1", 1);
	is_val("k | 4", 7);
	is_val("k ^ 1", 2);
	is_val("~k", -4);
	is_val("1 << k + 1", 16);
	is_val("Width >> k", 256);
	is_val("k & 1 == 1", 1);	/* k & (1 == 1) */
	is_val("6 & 3 && 2 | 0", 1);
	is_val("threadIdx.x << 2 < 21", 1);
	ev("1 << 63", &err);
	ok(err == 1, "a left shift that overflows is an error");
	ev("k >> -1", &err);
	ok(err == 1, "a negative shift is an error");

	/* C's conversions (expr.h), values worked out by hand: a conversion to
	   an N-bit type keeps x mod 2^N, in [0, 2^N) unsigned or
	   [-2^(N-1), 2^(N-1)) signed (nvcc's two's complement). */
	is_val("u32(-1)", 4294967295LL);
	is_val("u32(threadIdx.x - 6)", 4294967295LL);	/* tx = 5 */
	is_val("i32(4294967295)", -1);			/* (int)0xffffffffu */
	is_val("i32(2147483648)", -2147483648LL);
	is_val("u8(k * 100)", 44);			/* 300 - 256 */
	is_val("u8(threadIdx.x * 37)", 185);
	is_val("i8(200)", -56);
	is_val("i8(-129)", 127);
	is_val("u16(-1)", 65535);
	is_val("i16(40000)", -25536);
	is_val("u32(4294967296 + 7)", 7);
	is_val("i32(u32(0 - 1))", -1);
	is_val("u32(-1) < 0", 0);			/* -1 < 0u is false */
	is_val("s32(-2147483647 - 1)", -2147483648LL);
	is_val("s32(-7) / 2", -3);
	is_val("s32(-7) % 2", -1);
	is_val("-8 >> 1", -4);		/* arithmetic, as nvcc shifts */
	is_val("k << n32(31)", 3LL << 31);
	is_val("u64(5) * 3000000000", 15000000000LL);
	is_val("u32 (k) + 1", 4);
	/* (2^32-1)^2 = 2^64 - 2^33 + 1: 1 modulo 2^32, past int64 whole. */
	is_val("u32(4294967295 * 4294967295)", 1);
	is_val("u8(255 << 60)", 0);
	is_val("i64(5) * 2", 10);
	ev("u32(i64(4611686018427387904 * 4))", &err);
	ok(err == EXPR_EOVERFLOW, "under i64() a product past int64 stays "
	    "an error");
	ev("s32(2147483647 + 1)", &err);
	ok(err == EXPR_ESIGNED, "int overflow is a signed overflow error");
	ok(strcmp(expr_err_text(EXPR_ESIGNED), "signed overflow") == 0,
	    "the error says 'signed overflow'");
	ev("s32(65536 * 65536)", &err);
	ok(err == EXPR_ESIGNED, "an int product of 2^32 is refused");
	ev("1 << n32(32)", &err);
	ok(err == EXPR_ESHIFT, "a shift by the width is an error");
	ev("1 << n64(-1)", &err);
	ok(err == EXPR_ESHIFT, "a negative shift count is an error");
	ev("u64(-1)", &err);
	ok(err == EXPR_ERANGE, "2^64-1 as unsigned long long is refused, "
	    "not approximated");
	ev("u64(s32(0 - 1)) + 1", &err);
	ok(err == EXPR_ERANGE, "int -1 + 1ull is refused (wraps past "
	    "2^63)");
	ev("s32(9223372036854775807 + 1)", &err);
	ok(err == EXPR_EOVERFLOW, "the first error is kept");
	is_bad("foo(1)", "not a conversion");
	is_bad("u32(1", "expected )");
	is_bad("u32()", "expected");

	/* Lets are inlined by reference. */
	ok(expr_scope_let(&sc, "Row", "threadIdx.x * 2", NULL) == 0,
	    "a let parses");
	is_val("Row*Width + k", 10 * 2048 + 3);

	/* Accesses. */
	cause = NULL;
	n = expr_parse_access(&sc, "Mds[Row][k].y", name, field, sub, 2,
	    &cause);
	ok(n == 2 && strcmp(name, "Mds") == 0 && strcmp(field, "y") == 0,
	    "a 2D access with a field parses (%d %s %s)", n, name, field);
	for (i = 0; i < n; i++)
		expr_free(sub[i]);
	n = expr_parse_access(&sc, "M[k", name, field, sub, 2, &cause);
	ok(n < 0 && cause != NULL, "an unclosed subscript is refused");
	free(cause);

	/* Affine: tx and k are variables, Width a constant. */
	var_of[tx] = 0;
	var_of[k] = 1;
	e = expr_parse(&sc, "Row*Width + 3*(k - 1) + 7", NULL);
	ok(e != NULL && expr_affine(e, env, var_of, NULL, &a) == 0,
	    "Row*Width + 3*(k-1) + 7 is affine");
	is_int(a.k[0], 2 * 2048, "coefficient of threadIdx.x");
	is_int(a.k[1], 3, "coefficient of k");
	is_int(a.c, 4, "constant");
	expr_free(e);
	e = expr_parse(&sc, "threadIdx.x * k", NULL);
	ok(expr_affine(e, env, var_of, NULL, &a) != 0, "tx*k is not affine");
	expr_free(e);
	e = expr_parse(&sc, "threadIdx.x / 2", NULL);
	ok(expr_affine(e, env, var_of, NULL, &a) != 0, "tx/2 is not affine");
	expr_free(e);
	e = expr_parse(&sc, "Width / 2 * threadIdx.x", NULL);
	ok(expr_affine(e, env, var_of, NULL, &a) == 0 && a.k[0] == 1024,
	    "a constant quotient times tx is affine");
	expr_free(e);
	e = expr_parse(&sc, "Row + 1", NULL);
	ok(expr_uses(e, tx) && !expr_uses(e, k), "uses tx through Row, "
	    "not k");
	expr_free(e);

	/* A conversion is the identity only where the value stays inside
	   its type over the box: tx in 0..31, k in 0..5. */
	{
		struct affine_box box = { 2, { 0, 0 }, { 31, 5 } };
		int64_t lo, hi;

		e = expr_parse(&sc, "u32(threadIdx.x + k)", NULL);
		ok(expr_affine(e, env, var_of, &box, &a) == 0 &&
		    a.k[0] == 1 && a.k[1] == 1 && a.c == 0,
		    "u32(tx + k) over 0..36 is tx + k");
		ok(expr_affine(e, env, var_of, NULL, &a) != 0,
		    "without a box a conversion is not affine");
		expr_free(e);
		e = expr_parse(&sc, "u32(threadIdx.x - 1)", NULL);
		ok(expr_affine(e, env, var_of, &box, &a) != 0,
		    "u32(tx - 1) wraps at tx = 0: not affine");
		expr_free(e);
		e = expr_parse(&sc, "u8(threadIdx.x * 8)", NULL);
		ok(expr_affine(e, env, var_of, &box, &a) == 0 &&
		    a.k[0] == 8, "u8(tx * 8) reaches 248: the identity");
		expr_free(e);
		e = expr_parse(&sc, "u8(threadIdx.x * 9)", NULL);
		ok(expr_affine(e, env, var_of, &box, &a) != 0,
		    "u8(tx * 9) reaches 279: not affine");
		expr_free(e);
		e = expr_parse(&sc, "u32(threadIdx.x - 1) < 10", NULL);
		ok(expr_guard_affine(e, env, var_of, &box, terms, op, 4) < 0,
		    "a guard with a wrapping conversion is not affine");
		expr_free(e);
		e = expr_parse(&sc, "s32(threadIdx.x * 1024) < Width", NULL);
		ok(expr_guard_affine(e, env, var_of, &box, terms, op, 4) == 1 &&
		    terms[0].k[0] == 1024 && terms[0].c == -2048,
		    "s32(tx * 1024) < Width: tx*1024 - 2048 < 0");
		expr_free(e);

		/* Ranges by interval arithmetic over the box (tx 0..31,
		   k 0..5; Width 2048 a constant), each worked by hand. */
		e = expr_parse(&sc, "(threadIdx.x & 7) + k * 8", NULL);
		ok(expr_range(e, env, var_of, &box, &lo, &hi) == 0 &&
		    lo == 0 && hi == 47, "(tx & 7) + 8 k: 0..47 (%lld..%lld)",
		    (long long)lo, (long long)hi);
		expr_free(e);
		e = expr_parse(&sc, "threadIdx.x % 5 - Width / (k + 1)", NULL);
		ok(expr_range(e, env, var_of, &box, &lo, &hi) != 0,
		    "/ by a k that varies: no range");
		expr_free(e);
		e = expr_parse(&sc, "(threadIdx.x % 5) - Width / 4 + (k > 2 ? "
		    "k : -k)", NULL);
		ok(expr_range(e, env, var_of, &box, &lo, &hi) == 0 &&
		    lo == -517 && hi == -503, "tx %% 5 - 512 + (k > 2 ? k : "
		    "-k): 0 - 512 - 5 .. 4 - 512 + 5 (%lld..%lld)",
		    (long long)lo, (long long)hi);
		expr_free(e);
		e = expr_parse(&sc, "u8(threadIdx.x * 9)", NULL);
		ok(expr_range(e, env, var_of, &box, &lo, &hi) == 0 &&
		    lo == 0 && hi == 255, "u8(tx * 9) may wrap: its type's "
		    "0..255");
		expr_free(e);
		e = expr_parse(&sc, "threadIdx.x >> 2", NULL);
		ok(expr_range(e, env, var_of, &box, &lo, &hi) == 0 &&
		    lo == 0 && hi == 7, "tx >> 2: 0..7");
		expr_free(e);

		/* A comparison linear in k with the rest bounded: (tx & 7)
		   + 8 k - Width < 0: k's coefficient 8, the rest's least
		   0 - 2048. */
		{
			int64_t kk, rmin;
			char o;

			e = expr_parse(&sc, "(threadIdx.x & 7) + 8 * k < Width",
			    NULL);
			ok(expr_guard_linear(e, env, var_of, &box, 1, &kk,
			    &rmin, &o) == 0 && kk == 8 && rmin == -2048 &&
			    o == '<', "(tx & 7) + 8 k < Width: 8 k + R < 0, "
			    "R at least -2048");
			expr_free(e);
			e = expr_parse(&sc, "40 - (threadIdx.x & 7) - 8 * k > 0",
			    NULL);
			ok(expr_guard_linear(e, env, var_of, &box, 1, &kk,
			    &rmin, &o) == 0 && kk == 8 && rmin == -40 &&
			    o == '<', "40 - (tx & 7) - 8 k > 0 turned round: "
			    "8 k + (tx & 7) - 40 < 0, R at least -40");
			expr_free(e);
			e = expr_parse(&sc, "threadIdx.x * k < Width", NULL);
			ok(expr_guard_linear(e, env, var_of, &box, 1, &kk,
			    &rmin, &o) != 0, "tx * k < Width: not linear in k");
			expr_free(e);
		}
		a.c = -3;
		memset(a.k, 0, sizeof a.k);
		a.k[0] = 2;
		a.k[1] = -1;
		ok(affine_range(&a, &box, &lo, &hi) == 0 && lo == -8 &&
		    hi == 59, "2tx - k - 3 over the box: -8 .. 59");
		a.k[5] = 1;
		ok(affine_range(&a, &box, &lo, &hi) != 0,
		    "a variable outside the box is unbounded");
	}

	/* Guards: a conjunction of comparisons, as lhs - rhs OP 0. */
	e = expr_parse(&sc, "Row < Width && k >= 2", NULL);
	n = expr_guard_affine(e, env, var_of, NULL, terms, op, 4);
	is_int(n, 2, "two guard terms");
	ok(op[0] == '<' && terms[0].k[0] == 2 && terms[0].c == -2048,
	    "Row < Width becomes 2*tx - 2048 < 0");
	ok(op[1] == 'g' && terms[1].k[1] == 1 && terms[1].c == -2,
	    "k >= 2 becomes k - 2 >= 0");
	expr_free(e);
	e = expr_parse(&sc, "Row < Width || k >= 2", NULL);
	ok(expr_guard_affine(e, env, var_of, NULL, terms, op, 4) < 0,
	    "a disjunction is not a conjunction of terms");
	expr_free(e);
	ok(expr_guard_affine(NULL, env, var_of, NULL, terms, op, 4) == 0,
	    "no guard, no terms");
	/* Negations: an else branch or an early return. */
	e = expr_parse(&sc, "!(Row >= Width || k < 2) && !(Row == 3)", NULL);
	n = expr_guard_affine(e, env, var_of, NULL, terms, op, 4);
	is_int(n, 3, "De Morgan: !(a || b) && !c is three terms");
	ok(op[0] == '<' && terms[0].k[0] == 2 && terms[0].c == -2048 &&
	    op[1] == 'g' && terms[1].c == -2 && op[2] == '!' &&
	    terms[2].c == -3, "each comparison flipped");
	expr_free(e);
	e = expr_parse(&sc, "!(Row < Width && k >= 2)", NULL);
	ok(expr_guard_affine(e, env, var_of, NULL, terms, op, 4) < 0,
	    "!(a && b) is a disjunction");
	expr_free(e);
	e = expr_parse(&sc, "!(threadIdx.x - 4)", NULL);
	n = expr_guard_affine(e, env, var_of, NULL, terms, op, 4);
	ok(n == 1 && op[0] == '=' && terms[0].k[0] == 1 && terms[0].c == -4,
	    "a bare value negated is value == 0");
	expr_free(e);

	/* Random garbage must never crash the parser. */
	srand(1);
	for (i = 0; i < 20000; i++) {
		static const char alpha[] = "kWidththreadIdx.x()+-*/%<>=!&|?: "
		    "0123456789[]";
		char	buf[24];
		int	j, len = rand() % 23;

		for (j = 0; j < len; j++)
			buf[j] = alpha[rand() % (sizeof alpha - 1)];
		buf[len] = '\0';
		cause = NULL;
		if ((e = expr_parse(&sc, buf, &cause)) != NULL) {
			ev(buf, &err);
			expr_free(e);
		}
		free(cause);
	}
	ok(1, "20000 random strings parsed or refused without a crash");

	expr_scope_free(&sc);
	return tap_done();
}
