/* SPDX-License-Identifier: ISC
 * ksrc-host.c - what check --draft reads of a .cu file: its first
 * kernel's parameters (and template parameters), and the host code
 * around it: the kernel<<<grid, block[, shared]>>>(args) that launches
 * it, the dim3 and integer declarations its sizes name, the cudaMalloc
 * of each pointer passed.  Host names become the draft's parameters
 * where the launch passes them for one; what does not read is NULL, for
 * ksrc-draft.c to guess instead.  Every token looked at counts against
 * DRAFT_MAX_WORK.  Reads tokens only.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"
#include "ksrc-draft.h"

/* One more token looked at. */
static void
tick(struct draft *d)
{
	if (++d->work > DRAFT_MAX_WORK)
		ksrc_fail(d->r, -1, "the file is too tangled to draft (more "
		    "than %d tokens looked at)", DRAFT_MAX_WORK);
}

static int
is(struct draft *d, int i, const char *s)
{
	tick(d);
	return ksrc_tok_is(&d->r->t[i], s);
}

/* The token after the one that closes the bracket at i: (, [ or {. */
static int
past_close(struct draft *d, int i)
{
	struct rd	*r = d->r;
	int		 depth = 0;

	for (; r->t[i].kind != T_EOF; i++) {
		if (is(d, i, "(") || is(d, i, "[") || is(d, i, "{"))
			depth++;
		else if (is(d, i, ")") || is(d, i, "]") || is(d, i, "}"))
			depth--;
		if (depth <= 0)
			return i + 1;
	}
	return i;
}

/*
 * Split the tokens from open + 1 to its close at commas of depth 0:
 * at[k] the first token of item k (which ends before at[k + 1] - 1, its
 * comma or the close).  Returns n, or -1 for more than max items.
 */
static int
split(struct draft *d, int open, int *at, int max)
{
	struct rd	*r = d->r;
	int		 i, depth = 0, n = 0;

	at[n++] = open + 1;
	for (i = open + 1; r->t[i].kind != T_EOF; i++) {
		if (is(d, i, "(") || is(d, i, "[") || is(d, i, "{"))
			depth++;
		else if (is(d, i, ")") || is(d, i, "]") || is(d, i, "}")) {
			if (depth-- == 0)
				break;
		} else if (is(d, i, ",") && depth == 0) {
			if (n == max)
				return -1;
			at[n++] = i + 1;
		}
	}
	at[n] = i + 1;
	return at[0] == i + 1 ? 0 : n;
}

/*
 * The template arguments of a call at open ('<'): at[k] the first token
 * of each, at[n] the token after the '>'.  Returns n, or -1.
 */
static int
targs_split(struct draft *d, int open, int *at)
{
	struct rd	*r = d->r;
	int		 i, depth = 0, n = 0;

	at[n++] = open + 1;
	for (i = open + 1; r->t[i].kind != T_EOF && !is(d, i, ";"); i++) {
		if (is(d, i, "(") || is(d, i, "<"))
			depth++;
		else if (is(d, i, ")") || (is(d, i, ">") && depth > 0))
			depth--;
		else if (is(d, i, ">")) {
			at[n] = i + 1;
			return n;
		} else if (is(d, i, ",") && depth == 0) {
			if (n == DRAFT_MAX_ARGS)
				return -1;
			at[n++] = i + 1;
		}
	}
	return -1;
}

/* The kernel: the first __global__ function with a body; its parameters. */
int
ksrc_host_kernel(struct draft *d)
{
	struct rd	*r = d->r;
	int		 i, g, open, at[DRAFT_MAX_ARGS + 1], n, k, j;

	for (g = 0; r->t[g].kind != T_EOF; g++) {
		if (!is(d, g, "__global__"))
			continue;
		for (i = g; r->t[i].kind != T_EOF && !is(d, i, ";"); i++)
			if (is(d, i, "__launch_bounds__") && is(d, i + 1, "("))
				i = past_close(d, i + 1) - 1;
			else if (is(d, i, "("))
				break;
		if (!is(d, i, "(") || r->t[i - 1].kind != T_ID)
			continue;
		if (is(d, past_close(d, i), "{"))
			break;
	}
	if (r->t[g].kind == T_EOF)
		return -1;
	d->kname = i - 1;
	open = i;
	/* Its first token: the template header or qualifiers before it. */
	for (d->first = g; d->first > 0 && (is(d, d->first - 1, "static") ||
	    is(d, d->first - 1, "inline") || r->t[d->first - 1].kind ==
	    T_STR || is(d, d->first - 1, "extern")); d->first--)
		;
	if (d->first > 0 && is(d, d->first - 1, ">")) {
		for (j = d->first - 1, k = 0; j > 0; j--) {
			k += is(d, j, ">") - is(d, j, "<");
			if (k == 0)
				break;
		}
		if (j > 0 && is(d, j - 1, "template")) {
			d->first = j - 1;
			n = targs_split(d, j, at);
			for (k = 0; k < n && d->np < DRAFT_MAX_ARGS; k++) {
				struct dparam *p = &d->p[d->np++];

				for (i = at[k]; i < at[k + 1] - 1 &&
				    !is(d, i, "="); i++)
					if (r->t[i].kind == T_ID)
						p->name = i;
				p->isbool = is(d, at[k], "bool");
				p->tmpl = is(d, at[k], "typename") ||
				    is(d, at[k], "class") ? 2 : 1;
				p->isint = p->tmpl == 1;
			}
		}
	}
	n = split(d, open, at, DRAFT_MAX_ARGS);
	if (n < 0)
		return -1;
	for (k = 0; k < n && d->np < DRAFT_MAX_ARGS; k++) {
		struct dparam		*p = &d->p[d->np++];
		const struct base_type	*b = NULL;

		for (j = at[k]; j < at[k + 1] - 1; j++) {
			if (is(d, j, "*") || is(d, j, "["))
				p->ptr++;
			if (r->t[j].kind == T_ID) {
				if (b == NULL && p->type == NULL &&
				    (b = ksrc_sym_find_base(&r->t[j])) == NULL &&
				    !is(d, j, "const") && !is(d, j, "volatile")
				    && strncmp(r->t[j].p, "__", 2) != 0)
					p->type = ksrc_tok_text(r, j);
				p->name = j;
			}
		}
		if (b != NULL) {
			p->type = b->name;
			p->esize = b->size;
			p->isint = b->is_int && !p->ptr;
			p->isbool = strcmp(b->name, "bool") == 0 && !p->ptr;
		}
	}
	for (i = open; r->t[i].kind != T_EOF; i++) {
		if (is(d, i, "y") && i > 0 && is(d, i - 1, ".") &&
		    (is(d, i - 2, "threadIdx") || is(d, i - 2, "blockIdx")))
			d->twod = 1;
		if (d->shared == 0 && is(d, i, "extern") &&
		    is(d, i + 1, "__shared__"))
			d->shared = i;
		if (is(d, i, "__global__") && i > open)
			break;
	}
	return 0;
}

/* The host's launch of the kernel: name [<...>] << < ... >> > ( ... ). */
void
ksrc_host_call(struct draft *d)
{
	struct rd	*r = d->r;
	int		 i, j, k;

	d->call = -1;
	for (i = 0; r->t[i].kind != T_EOF; i++) {
		tick(d);
		if (i == d->kname || r->t[i].len != r->t[d->kname].len ||
		    memcmp(r->t[i].p, r->t[d->kname].p, r->t[i].len) != 0)
			continue;
		j = i + 1;
		d->ntargs = 0;
		if (is(d, j, "<")) {
			if ((d->ntargs = targs_split(d, j, d->targs)) < 0)
				continue;
			j = d->targs[d->ntargs];
		}
		if (!is(d, j, "<<") || !is(d, j + 1, "<"))
			continue;
		d->nlargs = 0;
		d->largs[d->nlargs++] = j + 2;
		for (k = j + 2; r->t[k].kind != T_EOF && !is(d, k, ">>") &&
		    !is(d, k, ";"); k++)
			if (is(d, k, "(") || is(d, k, "{"))
				k = past_close(d, k) - 1;
			else if (is(d, k, ",") && d->nlargs < 4)
				d->largs[d->nlargs++] = k + 1;
		if (!is(d, k, ">>") || !is(d, k + 1, ">") ||
		    !is(d, k + 2, "("))
			continue;
		d->largs[d->nlargs] = k + 1;
		if ((d->ncargs = split(d, k + 2, d->cargs, DRAFT_MAX_ARGS)) < 0)
			continue;
		d->call = i;
		return;
	}
}

/* The host's argument for kernel parameter k, as tokens [*a, *b). */
int
ksrc_host_arg(const struct draft *d, int k, int *a, int *b)
{
	int	i, nt = 0;

	for (i = 0; i < k; i++)
		nt += d->p[i].tmpl != 0;
	if (d->call < 0)
		return 0;
	if (d->p[k].tmpl) {
		if (k >= d->ntargs)
			return 0;
		*a = d->targs[k];
		*b = d->targs[k + 1] - 1;
		return 1;
	}
	if (k - nt >= d->ncargs)
		return 0;
	*a = d->cargs[k - nt];
	*b = d->cargs[k - nt + 1] - 1;
	return 1;
}

/* The last declaration "NAME = ...;" or "NAME(...)" / "NAME{...}" of a
   host name before the launch: its '=' or bracket, or -1. */
static int
host_decl(struct draft *d, int name)
{
	struct rd	*r = d->r;
	int		 i, found = -1, end = d->call >= 0 ? d->call : r->nt;

	for (i = 1; i < end; i++, tick(d))
		if (r->t[i].kind == T_ID && r->t[i].len == r->t[name].len &&
		    memcmp(r->t[i].p, r->t[name].p, r->t[i].len) == 0 &&
		    (r->t[i - 1].kind == T_ID || is(d, i - 1, "*") ||
		    is(d, i - 1, ",")) && !is(d, i - 1, "return") &&
		    (is(d, i + 1, "=") || is(d, i + 1, "(") ||
		    is(d, i + 1, "{")))
			found = i + 1;
	return found;
}

/* The ')' of a cast to an integer type at i ('('), or -1. */
static int
cast_end(struct draft *d, int i)
{
	const struct base_type	*b;
	int			 j;

	for (j = i + 1; d->r->t[j].kind == T_ID; j++)
		if ((b = ksrc_sym_find_base(&d->r->t[j])) == NULL ||
		    !b->is_int)
			return -1;
	return j > i + 1 && is(d, j, ")") ? j : -1;
}

/*
 * Tokens [a, b) as an expression over the draft's parameters: literals,
 * operators, the host names the launch passes for integer parameters
 * (mapped to them when map is set), other host names through their
 * declarations; sizeof(...) as '@'.  NULL when something is none of
 * these.
 */
const char *
ksrc_host_xlate(struct draft *d, int a, int b, int map, int depth)
{
	static const char *ops[] = { "+", "-", "*", "/", "%", "(", ")", "<<",
	    ">>", "&", "|", "^", "~", "?", ":", "<", ">", "<=", ">=", "==",
	    "!=", NULL };
	struct rd	*r = d->r;
	const char	*out = "", *sub;
	int		 i, k, o, x, y, e;

	if (a >= b || depth > DRAFT_DEPTH)
		return NULL;
	for (i = a; i < b; i++) {
		const struct tok *t = &r->t[i];

		if (strlen(out) > DRAFT_MAX_EXPR)
			return NULL;	/* not a launch one reads */
		if (t->kind == T_NUM) {
			for (k = 0; k < t->len && strchr("uUlL", t->p[t->len -
			    1 - k]) != NULL; k++)
				;
			out = ksrc_fmt(r, "%s%.*s", out, t->len - k, t->p);
			continue;
		}
		if (is(d, i, "(") && (k = cast_end(d, i)) > i) {
			i = k;		/* (size_t) n: the value is n's */
			continue;
		}
		if (is(d, i, "sizeof") && is(d, i + 1, "(")) {
			i = past_close(d, i + 1) - 1;
			out = ksrc_fmt(r, "%s@", out);
			continue;
		}
		if (t->kind == T_PUNCT) {
			for (o = 0; ops[o] != NULL && !is(d, i, ops[o]); o++)
				;
			if (ops[o] == NULL)
				return NULL;
			out = ksrc_fmt(r, "%s%s", out, ops[o]);
			continue;
		}
		if (t->kind != T_ID || is(d, i + 1, "("))
			return NULL;	/* a call, a string, a float */
		sub = NULL;
		for (k = 0; map && sub == NULL && k < d->np; k++)
			if (d->p[k].isint && ksrc_host_arg(d, k, &x, &y) &&
			    y == x + 1 && r->t[x].kind == T_ID &&
			    r->t[x].len == t->len &&
			    memcmp(r->t[x].p, t->p, t->len) == 0)
				sub = ksrc_tok_text(r, d->p[k].name);
		if (sub == NULL && (e = host_decl(d, i)) >= 0 && is(d, e, "=")) {
			for (k = e + 1; r->t[k].kind != T_EOF && !is(d, k, ";")
			    && !is(d, k, ","); k++)
				if (is(d, k, "("))
					k = past_close(d, k) - 1;
			if ((sub = ksrc_host_xlate(d, e + 1, k, map, depth + 1)) != NULL)
				sub = ksrc_fmt(r, "(%s)", sub);
		}
		if (sub == NULL)
			return NULL;
		out = ksrc_fmt(r, "%s%s", out, sub);
	}
	return out;
}

/* s without its one sizeof ('@' and the '*' beside it), else NULL. */
static const char *
no_sizeof(struct rd *r, const char *s)
{
	const char	*at = strchr(s, '@');

	if (at == NULL || strchr(at + 1, '@') != NULL)
		return NULL;
	if (at[1] == '*')
		return ksrc_fmt(r, "%.*s%s", (int)(at - s), s, at + 2);
	if (at > s && at[-1] == '*')
		return ksrc_fmt(r, "%.*s%s", (int)(at - s - 1), s, at + 1);
	return NULL;
}

/* A constant expression's value, or -1. */
int64_t
ksrc_host_constant(const char *text)
{
	struct expr_scope	 sc;
	struct expr		*e;
	char			*cause = NULL;
	int64_t			 v = -1;
	int			 err = 0;

	memset(&sc, 0, sizeof sc);
	if ((e = expr_parse(&sc, text, &cause)) != NULL) {
		v = expr_eval(e, NULL, &err);
		if (err != 0)
			v = -1;
		expr_free(e);
	}
	free(cause);
	expr_scope_free(&sc);
	return v;
}

/* Whether the declaration of the name at token i is a dim3 one:
   "dim3 grid(...), block(...);" declares both. */
static int
declared_dim3(struct draft *d, int i)
{
	int	j;

	for (j = i - 1; j > 0 && !is(d, j, ";") && !is(d, j, "{") &&
	    !is(d, j, "}"); j--)
		;
	if (j > 0 || is(d, j, ";") || is(d, j, "{") || is(d, j, "}"))
		j++;
	while (is(d, j, "const") || is(d, j, "static"))
		j++;
	return is(d, j, "dim3");
}

/*
 * A launch dimension (the <<<>>> argument from tokens [a, b)) as "X" or
 * "X,Y": a dim3 declared with its sizes, dim3(x, y) in place, or one
 * integer.  NULL when it does not translate or has a z above 1.
 */
const char *
ksrc_host_dim(struct draft *d, int a, int b)
{
	struct rd	*r = d->r;
	int		 at[4], n, e, open = -1;
	const char	*x, *y;

	if (b == a + 1 && r->t[a].kind == T_ID && (e = host_decl(d, a)) >= 0
	    && declared_dim3(d, e - 1))
		open = is(d, e, "=") && is(d, e + 1, "dim3") ? e + 2 : e;
	else if (is(d, a, "dim3") && is(d, a + 1, "("))
		open = a + 1;
	if (open < 0)
		return (x = ksrc_host_xlate(d, a, b, 1, 0)) != NULL && strchr(x, '@') ==
		    NULL ? x : NULL;
	if (!is(d, open, "(") && !is(d, open, "{"))
		return NULL;
	if ((n = split(d, open, at, 3)) < 1)
		return NULL;
	if (n == 3 && ((x = ksrc_host_xlate(d, at[2], at[3] - 1, 0, 0)) == NULL ||
	    ksrc_host_constant(x) != 1))
		return NULL;
	x = ksrc_host_xlate(d, at[0], at[1] - 1, 1, 0);
	y = n >= 2 ? ksrc_host_xlate(d, at[1], at[2] - 1, 1, 0) : "1";
	if (x == NULL || y == NULL || strchr(x, '@') || strchr(y, '@'))
		return NULL;
	return strcmp(y, "1") == 0 ? x : ksrc_fmt(r, "%s,%s", x, y);
}

/* Whether x[at] is outside every parenthesis of x and no operator
   before it binds looser than '*' (x[0..at) is a product). */
static int
depth0(const char *x, size_t at)
{
	size_t	i;
	int	depth = 0;

	for (i = 0; i < at; i++)
		if (x[i] == '(')
			depth++;
		else if (x[i] == ')')
			depth--;
		else if (depth == 0 && strchr("+-<>&|^?:%/", x[i]) != NULL)
			return 0;
	return depth == 0;
}

/* Bytes (tokens [a, b)) as elements of esize bytes: without the sizeof,
   or divided by esize. */
const char *
ksrc_host_elements(struct draft *d, int a, int b, int esize)
{
	const char	*x = ksrc_host_xlate(d, a, b, 1, 0), *y;

	if (x == NULL)
		return NULL;
	if (strchr(x, '@') == NULL && esize > 0) {
		/* n * 4 bytes of 4-byte elements: n. */
		y = ksrc_fmt(d->r, "*%d", esize);
		if (strlen(x) > strlen(y) && strcmp(x + strlen(x) - strlen(y),
		    y) == 0 && depth0(x, strlen(x) - strlen(y)))
			return ksrc_dup_n(d->r, x, strlen(x) - strlen(y));
		return ksrc_fmt(d->r, "(%s)/%d", x, esize);
	}
	if (strchr(x, '@') == NULL)
		return NULL;
	y = no_sizeof(d->r, x);
	return y != NULL && strchr(y, '@') == NULL ? y : NULL;
}

/* A pointer's length: the bytes the host's cudaMalloc of its argument
   asks for, in elements; NULL when not found. */
const char *
ksrc_host_malloc_length(struct draft *d, int k)
{
	struct rd	*r = d->r;
	int		 i, j, a, b, at[4];

	if (!ksrc_host_arg(d, k, &a, &b) || b != a + 1 || r->t[a].kind != T_ID)
		return NULL;
	for (i = 0; r->t[i].kind != T_EOF; i++) {
		if (!(is(d, i, "cudaMalloc") || is(d, i, "cudaMallocManaged"))
		    || !is(d, i + 1, "(") || split(d, i + 1, at, 3) < 2)
			continue;
		for (j = at[0]; j < at[1] - 1 && !is(d, j, "&"); j++)
			;
		if (j + 1 == at[1] - 2 && r->t[j + 1].len == r->t[a].len &&
		    memcmp(r->t[j + 1].p, r->t[a].p, r->t[a].len) == 0)
			return ksrc_host_elements(d, at[1], at[2] - 1, d->p[k].esize);
	}
	return NULL;
}

int
ksrc_host_shared(struct draft *d)
{
	int	i;

	if (d->shared <= 0)
		return -1;
	for (i = d->shared; d->r->t[i].kind != T_EOF && !is(d, i, "[") &&
	    !is(d, i, ";"); i++)
		;
	return is(d, i, "[") ? i - 1 : -1;
}
