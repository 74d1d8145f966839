/* SPDX-License-Identifier: ISC
 * fuzz-expr.c - the index-expression parser (src/model/expr-parse.c).  Input:
 * "LET\nEXPR": LET is bound as the let "L" (if it parses), then EXPR is
 * parsed as an expression and as an array access; what parses is
 * evaluated at extreme slot values, decomposed as affine and as a guard.
 * Overflow must be an evaluation error, never undefined behaviour, and an
 * affine form found inside a box of variable values (where conversions
 * are the identity) must equal the evaluation there.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"
#include "fuzz.h"

static const char *slots[] = { "threadIdx.x", "threadIdx.y", "blockIdx.x",
    "blockIdx.y", "n", "Width", "k", "j" };
#define NSLOTS	(sizeof slots / sizeof slots[0])

static const int64_t envs[][NSLOTS] = {
	{ 0, 0, 0, 0, 0, 0, 0, 0 },
	{ 31, 7, 3, 2, 4096, 2048, 5, 1 },
	{ -1, -1, -1, -1, -1, -1, -1, -1 },
	{ INT64_MAX, 1, INT64_MIN, 2, INT64_MAX, INT64_MIN, -1, 0 },
	{ 1, 2, 3, 4, 1 << 30, 3, (int64_t)1 << 40, 65535 },
};

static void
exercise(const struct expr *e)
{
	struct affine	aff, terms[8];
	struct affine_box box = { 3, { 0, 0, 0 }, { 31, 7, 5 } };
	char		op[8];
	int		var_of[EXPR_MAX_SLOTS], err, aerr, i;
	int64_t		v, av;
	size_t		k;

	for (i = 0; i < EXPR_MAX_SLOTS; i++)
		var_of[i] = -1;
	var_of[0] = 0;
	var_of[1] = 1;
	var_of[6] = 2;
	for (k = 0; k < sizeof envs / sizeof envs[0]; k++) {
		int64_t	env[EXPR_MAX_SLOTS] = { 0 };
		int64_t	vars[3] = { envs[k][0], envs[k][1], envs[k][6] };

		memcpy(env, envs[k], sizeof envs[k]);
		err = 0;
		v = expr_eval(e, env, &err);
		if (expr_affine(e, env, var_of, NULL, &aff) == 0) {
			aerr = 0;
			(void)affine_eval(&aff, vars, 3, &aerr);
		}
		if (expr_affine(e, env, var_of, &box, &aff) == 0) {
			aerr = 0;
			av = affine_eval(&aff, vars, 3, &aerr);
			/* Inside the box the form is the expression. */
			if (!err && !aerr && vars[0] >= 0 && vars[0] <= 31 &&
			    vars[1] >= 0 && vars[1] <= 7 && vars[2] >= 0 &&
			    vars[2] <= 5 && av != v) {
				fprintf(stderr, "affine %lld != %lld\n",
				    (long long)av, (long long)v);
				abort();
			}
		}
		(void)expr_guard_affine(e, env, var_of, &box, terms, op, 8);
	}
	for (i = 0; i < (int)NSLOTS; i++)
		(void)expr_uses(e, i);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct expr_scope	 sc;
	struct expr		*e, *sub[2] = { NULL, NULL };
	char			*text, *rest, *cause = NULL;
	char			 name[EXPR_NAME_MAX], field[EXPR_NAME_MAX];
	size_t			 i;
	int			 n;

	text = fuzz_text(data, size, 4096);
	memset(&sc, 0, sizeof sc);
	for (i = 0; i < NSLOTS; i++)
		expr_scope_slot(&sc, slots[i]);
	if ((rest = strchr(text, '\n')) != NULL) {
		*rest++ = '\0';
		if (expr_scope_let(&sc, "L", text, &cause) != 0) {
			free(cause);
			cause = NULL;
		}
	} else
		rest = text;
	if ((e = expr_parse(&sc, rest, &cause)) != NULL) {
		exercise(e);
		expr_free(e);
	} else
		free(cause);
	cause = NULL;
	n = expr_parse_access(&sc, rest, name, field, sub, 2, &cause);
	if (n < 0)
		free(cause);
	for (i = 0; n > 0 && i < (size_t)n; i++) {
		exercise(sub[i]);
		expr_free(sub[i]);
	}
	expr_scope_free(&sc);
	free(text);
	return 0;
}
