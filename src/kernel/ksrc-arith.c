/* SPDX-License-Identifier: ISC
 * ksrc-arith.c - C's integer arithmetic on the reader's values (C11
 * 6.3.1, 6.5): each value's C type, the integer promotions and the usual
 * arithmetic conversions, conversions written as expr.h's calls (u32(x),
 * s32(x)), a op b in the type C gives it, and integer literals with their
 * types.  Makes no access and walks no expression.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "expr.h"
#include "ksrc-int.h"
#include "xmalloc.h"

/* A value of kind k made of tokens first..last. */
struct val
ksrc_arith_mk(enum val_kind k, int first, int last)
{
	struct val	v;

	memset(&v, 0, sizeof v);
	v.kind = k;
	v.first = first;
	v.last = last;
	v.field = -1;
	v.origin = -1;
	v.strct = -1;
	return v;
}

/* The C type of a declared type (an integer one). */
struct ctype
ksrc_arith_ctype(const struct ty *ty)
{
	struct ctype	c;

	c.size = ty->size == 1 || ty->size == 2 || ty->size == 8 ? ty->size :
	    4;
	c.uns = ty->uns;
	c.is_bool = strcmp(ty->name, "bool") == 0;
	return c;
}

struct ctype
ksrc_arith_ct_of(const struct val *x)
{
	return x->ct.size == 0 ? CT_INT : x->ct;
}

/* The integer promotions: what is narrower than int becomes int. */
struct ctype
ksrc_arith_promote(struct ctype c)
{
	if (c.size == 0 || c.size < 4)
		return CT_INT;
	c.is_bool = 0;
	return c;
}

/* The usual arithmetic conversions: the common type of a and b. */
struct ctype
ksrc_arith_usual(struct ctype a, struct ctype b)
{
	struct ctype	s, u;

	a = ksrc_arith_promote(a);
	b = ksrc_arith_promote(b);
	if (a.uns == b.uns)
		return a.size >= b.size ? a : b;
	u = a.uns ? a : b;
	s = a.uns ? b : a;
	if (u.size >= s.size)
		return u;
	return s;		/* long long holds every unsigned int */
}

/* Does every value of from fit in to?  (u64 values the model holds are
   below 2^63.) */
static int
ct_within(struct ctype from, struct ctype to)
{
	if (to.is_bool)
		return from.is_bool;
	if (to.uns)
		return from.uns && from.size <= to.size;
	if (from.uns)
		return from.size < to.size || to.size == 8;
	return from.size <= to.size;
}

/* Is text a literal that type c holds as it is: "2" in unsigned? */
static int
lit_within(const char *text, struct ctype c)
{
	unsigned long long	n;
	char			*end;

	if (!isdigit((unsigned char)text[0]))
		return 0;
	n = strtoull(text, &end, 10);
	if (*end != '\0')
		return 0;
	return n <= (c.size == 8 ? (unsigned long long)INT64_MAX :
	    (1ULL << (c.size * 8 - !c.uns)) - 1);
}

/* text without the parentheses around the whole of it, if it has them. */
static const char *
bare(struct rd *r, const char *text)
{
	size_t	n = strlen(text), i;
	int	depth = 0;

	if (n < 2 || text[0] != '(' || text[n - 1] != ')')
		return text;
	for (i = 0; i < n - 1; i++) {
		depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
		if (depth == 0)
			return text;	/* "(a) + (b)" */
	}
	return ksrc_dup_n(r, text + 1, n - 2);
}

/* Text of x converted to type to, as C converts (6.3.1.2, 6.3.1.3). */
const char *
ksrc_arith_as(struct rd *r, const struct val *x, struct ctype to)
{
	static const char *un[] = { "", "u8", "u16", "", "u32", "", "", "",
	    "u64" }, *sg[] = { "", "i8", "i16", "", "i32", "", "", "", "" };
	struct ctype	from = ksrc_arith_ct_of(x);

	if (to.size == 0)
		to = CT_INT;
	if (to.is_bool)
		return from.is_bool ? x->text : ksrc_fmt(r, "((%s) != 0)",
		    x->text);
	if (ct_within(from, to) || lit_within(x->text, to))
		return x->text;
	/* A long long sum or product under a wrapping conversion would be
	   computed modulo 2^64 (expr.h): i64() keeps its overflow an error. */
	if (from.size == 8 && !from.uns && x->text[0] == '(')
		return ksrc_fmt(r, "%s(i64%s)", to.uns ? un[to.size] :
		    sg[to.size], x->text);
	return ksrc_fmt(r, "%s(%s)", to.uns ? un[to.size] : sg[to.size],
	    bare(r, x->text));
}

/* The conversion of expr.h whose range is c's: "u32", "s32"; NULL for
   long long, which is the model's own int64. */
const char *
ksrc_arith_conv_name(struct ctype c)
{
	static const char *un[] = { NULL, "u8", "u16", NULL, "u32", NULL,
	    NULL, NULL, "u64" }, *sg[] = { NULL, "i8", "i16", NULL, "s32",
	    NULL, NULL, NULL, NULL };

	if (c.size == 0)
		c = CT_INT;
	return c.uns ? un[c.size] : sg[c.size];
}

/* The text of arithmetic done in type c: int overflow is an error,
   unsigned arithmetic wraps. */
const char *
ksrc_arith_in_type(struct rd *r, struct ctype c, const char *text)
{
	if (c.size == 8)
		return c.uns ? ksrc_fmt(r, "u64(%s)", bare(r, text)) : text;
	return ksrc_fmt(r, "%s(%s)", c.uns ? "u32" : "s32", bare(r, text));
}

/* a op b for two integers, with C's conversions; sets v's text and type. */
void
ksrc_arith_op(struct rd *r, struct val *v, const struct val *a,
    const struct val *b, const char *op)
{
	struct ctype	c;

	if (strcmp(op, "&&") == 0 || strcmp(op, "||") == 0) {
		v->text = ksrc_fmt(r, "(%s %s %s)", a->text, op, b->text);
		v->ct = CT_INT;
		return;
	}
	if (strcmp(op, "<<") == 0 || strcmp(op, ">>") == 0) {
		/* The type of the promoted left operand; the count must be
		   below its width (6.5.7). */
		c = ksrc_arith_promote(ksrc_arith_ct_of(a));
		v->ct = c;
		v->text = ksrc_fmt(r, "(%s %s n%d(%s))", a->text, op,
		    c.size * 8, b->text);
		if (op[0] == '<')
			v->text = ksrc_arith_in_type(r, c, v->text);
		return;
	}
	c = ksrc_arith_usual(ksrc_arith_ct_of(a), ksrc_arith_ct_of(b));
	v->text = ksrc_fmt(r, "(%s %s %s)", ksrc_arith_as(r, a, c), op,
	    ksrc_arith_as(r, b, c));
	if (strchr("<>=!", op[0]) != NULL) {
		v->ct = CT_INT;		/* a comparison */
		return;
	}
	v->ct = c;
	if (strchr("+-*/%", op[0]) != NULL)
		v->text = ksrc_arith_in_type(r, c, v->text);
}

/* An integer literal with C's type (6.4.4.1): decimal int, long long;
   octal and hex also the unsigned ones; suffixes u, l, ll. */
struct val
ksrc_arith_literal(struct rd *r, int tok)
{
	const struct tok	*t = &r->t[tok];
	struct val		 v;
	unsigned long long	 n;
	char			*end;
	int			 u = 0, l = 0, dec;

	errno = 0;
	n = strtoull(t->p, &end, 0);
	dec = !(t->p[0] == '0' && t->len > 1);
	for (; end < t->p + t->len; end++) {
		if (*end == 'u' || *end == 'U')
			u = 1;
		else if (*end == 'l' || *end == 'L')
			l = 1;
		else
			ksrc_fail(r, tok, "bad integer literal '%.*s'",
			    t->len, t->p);
	}
	if (errno != 0 || n > (unsigned long long)INT64_MAX)
		ksrc_fail(r, tok, "integer literal '%.*s' is beyond 2^63-1, "
		    "which the model cannot hold", t->len, t->p);
	v = ksrc_arith_mk(VAL_INT, tok, tok);
	v.text = ksrc_fmt(r, "%llu", n);
	if (!l && !u && n <= INT32_MAX)
		v.ct = CT_INT;
	else if (!l && (u || !dec) && n <= UINT32_MAX)
		v.ct = CT_UINT;
	else {
		v.ct.size = 8;
		v.ct.uns = u;
	}
	return v;
}
