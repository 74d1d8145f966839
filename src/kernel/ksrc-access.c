/* SPDX-License-Identifier: ISC
 * ksrc-access.c - expressions: their values (int, data, arrays and
 * elements) walked by C precedence, and the loads and stores in them
 * recorded as access sites.
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

/* The text of the access that starts at token i: a[..][..].f */
static const char *
access_text(struct rd *r, int i)
{
	int	j = i + 1, depth;

	while (ksrc_tok_is(&r->t[j], "[") || ksrc_tok_is(&r->t[j], ".")) {
		if (ksrc_tok_is(&r->t[j], ".")) {
			j += 2;
			continue;
		}
		for (depth = 0; r->t[j].kind != T_EOF; j++) {
			if (ksrc_tok_is(&r->t[j], "["))
				depth++;
			else if (ksrc_tok_is(&r->t[j], "]") && --depth == 0)
				break;
		}
		j++;
	}
	return ksrc_src_text(r, i, j - 1 > i ? j - 1 : i);
}

/* The value must be one the model can compute: refuse data with why. */
const char *
ksrc_access_need_int(struct rd *r, const struct val *x, const char *what)
{
	if (x->kind == VAL_INT)
		return x->text;
	if (x->kind == VAL_DATA && x->origin <= -2)
		ksrc_fail(r, -2 - x->origin, "unknown name '%s'",
		    ksrc_src_text(r, -2 - x->origin, -2 - x->origin));
	if (x->kind == VAL_DATA && x->origin >= 0)
		ksrc_fail(r, x->origin,
		    "'%s' is read from memory and decides %s (line %d); %s",
		    access_text(r, x->origin), what, r->t[x->first].line,
		    strstr(what, "loop") != NULL ? "make the bound an int "
		    "parameter with a '// warpviz: param' line" : "use "
		    "threadIdx, blockIdx, params and loop variables");
	if (x->kind == VAL_DATA)
		ksrc_fail(r, x->first,
		    "%s is not an integer the model can follow ('%s'); use "
		    "integers: threadIdx, blockIdx, params, constants, loop "
		    "variables", what,
		    ksrc_src_text(r, x->first, x->last));
	if (x->kind == VAL_UNKNOWN)
		ksrc_fail(r, x->first,
		    "%s uses '%s', which has no value here (set in one branch "
		    "only, or left by a loop); set it before the if, or use "
		    "the loop variable", what,
		    ksrc_src_text(r, x->first, x->last));
	ksrc_fail(r, x->first, "%s is not an integer ('%s')", what,
	    ksrc_src_text(r, x->first, x->last));
}

static void
site(struct rd *r, const struct val *e, enum mem_op op, int field, int size)
{
	const struct array_def	*a = &r->kf->v.arrays[e->arr];
	struct body_def		*b;
	const char		*sub;
	int			 line_off;

	if (r->dry)
		return;
	if ((b = ksrc_sym_body_add(r, BODY_SITE)) == NULL)
		return;
	b->op = op;
	sub = e->nsub == 2 ? ksrc_fmt(r, "[%s][%s]", e->sub[0], e->sub[1]) :
	    ksrc_fmt(r, "[%s]", e->sub[0]);
	if (field >= 0)
		b->expr = ksrc_fmt(r, "%s%s.%s", a->name, sub,
		    a->fields[field].name);
	else
		b->expr = ksrc_fmt(r, "%s%s", a->name, sub);
	b->text = ksrc_src_text(r, e->first, e->last);
	b->size = size;
	b->line = r->t[e->first].line;
	line_off = r->t[e->first].off;
	while (line_off > 0 && r->text[line_off - 1] != '\n')
		line_off--;
	b->col = r->t[e->first].off - line_off;
}

/* Load or store an element: whole structs the compiler cannot move in one
   instruction go field by field. */
static void
access_elem(struct rd *r, const struct val *e, enum mem_op op)
{
	const struct array_def	*a = &r->kf->v.arrays[e->arr];
	struct val		 w;
	int			 i, s;

	if (a->space == SPACE_LOCAL) {
		/* One site a word: each is a request (ksrc-local.c). */
		for (i = 0; i < e->size / 4; i++) {
			w = *e;
			w.sub[0] = ksrc_local_word(r, e, i);
			site(r, &w, op, -1, 4);
		}
		return;
	}
	if (e->field >= 0 || e->size != 0 || a->fields[0].name == NULL) {
		site(r, e, op, e->field, e->size);
		return;
	}
	s = a->elem_size;
	if ((s == 1 || s == 2 || s == 4 || s == 8 || s == 16) &&
	    a->type != NULL && (strncmp(a->type, "struct", 6) != 0 ||
	    strstr(a->type, "@a") != NULL)) {
		site(r, e, op, -1, 0);
		return;
	}
	for (i = 0; i < VARIANT_MAX_FIELDS && a->fields[i].name; i++)
		site(r, e, op, i, 0);
}

static struct val	unary(struct rd *);
static struct val	deref(struct rd *, struct val, int);

/* A value of kind k made of tokens first..last. */
struct val
ksrc_access_mk(enum val_kind k, int first, int last)
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

/* --- C's integer arithmetic (C11 6.3.1, 6.5) ------------------------------ */

static const struct ctype CT_INT = { 4, 0, 0 }, CT_UINT = { 4, 1, 0 };

/* The C type of a declared type (an integer one). */
struct ctype
ksrc_access_ctype(const struct ty *ty)
{
	struct ctype	c;

	c.size = ty->size == 1 || ty->size == 2 || ty->size == 8 ? ty->size :
	    4;
	c.uns = ty->uns;
	c.is_bool = strcmp(ty->name, "bool") == 0;
	return c;
}

static struct ctype
ct_of(const struct val *x)
{
	return x->ct.size == 0 ? CT_INT : x->ct;
}

/* The integer promotions: what is narrower than int becomes int. */
static struct ctype
promote(struct ctype c)
{
	if (c.size == 0 || c.size < 4)
		return CT_INT;
	c.is_bool = 0;
	return c;
}

/* The usual arithmetic conversions: the common type of a and b. */
static struct ctype
usual(struct ctype a, struct ctype b)
{
	struct ctype	s, u;

	a = promote(a);
	b = promote(b);
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
ksrc_access_as(struct rd *r, const struct val *x, struct ctype to)
{
	static const char *un[] = { "", "u8", "u16", "", "u32", "", "", "",
	    "u64" }, *sg[] = { "", "i8", "i16", "", "i32", "", "", "", "" };
	struct ctype	from = ct_of(x);

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
ksrc_access_conv_name(struct ctype c)
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
static const char *
in_type(struct rd *r, struct ctype c, const char *text)
{
	if (c.size == 8)
		return c.uns ? ksrc_fmt(r, "u64(%s)", bare(r, text)) : text;
	return ksrc_fmt(r, "%s(%s)", c.uns ? "u32" : "s32", bare(r, text));
}

/* a op b for two integers, with C's conversions; sets v's text and type. */
static void
arith(struct rd *r, struct val *v, const struct val *a, const struct val *b,
    const char *op)
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
		c = promote(ct_of(a));
		v->ct = c;
		v->text = ksrc_fmt(r, "(%s %s n%d(%s))", a->text, op,
		    c.size * 8, b->text);
		if (op[0] == '<')
			v->text = in_type(r, c, v->text);
		return;
	}
	c = usual(ct_of(a), ct_of(b));
	v->text = ksrc_fmt(r, "(%s %s %s)", ksrc_access_as(r, a, c), op,
	    ksrc_access_as(r, b, c));
	if (strchr("<>=!", op[0]) != NULL) {
		v->ct = CT_INT;		/* a comparison */
		return;
	}
	v->ct = c;
	if (strchr("+-*/%", op[0]) != NULL)
		v->text = in_type(r, c, v->text);
}

/* An integer literal with C's type (6.4.4.1): decimal int, long long;
   octal and hex also the unsigned ones; suffixes u, l, ll. */
static struct val
literal(struct rd *r, int tok)
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
	v = ksrc_access_mk(VAL_INT, tok, tok);
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

/* An rvalue: an element is loaded, an array alone is refused. */
struct val
ksrc_access_rval(struct rd *r, struct val x)
{
	struct val	d;

	if (x.kind == VAL_ELEM) {
		access_elem(r, &x, OP_LOAD);
		d = ksrc_access_mk(VAL_DATA, x.first, x.last);
		d.origin = x.first;
		if (x.field < 0 && r->kf->v.arrays[x.arr].fields[0].name)
			d.strct = 1;
		return d;
	}
	if (x.kind == VAL_ARRAY)
		ksrc_fail(r, x.first, "'%s' is a pointer into %s: the model "
		    "follows the accesses through it (p[i], *(p + i), p += k), "
		    "not its value", ksrc_src_text(r, x.first, x.last),
		    r->kf->v.arrays[x.arr].name);
	return x;
}

static struct val
combine(struct rd *r, struct val a, struct val b, const char *op, int first,
    int last)
{
	struct val	v;

	if (a.kind == VAL_INT && b.kind == VAL_INT) {
		v = ksrc_access_mk(VAL_INT, first, last);
		arith(r, &v, &a, &b, op);
		return v;
	}
	v = ksrc_access_mk(a.kind != VAL_INT ? a.kind : b.kind, first, last);
	v.origin = a.kind != VAL_INT ? a.origin : b.origin;
	if (v.kind != VAL_DATA && v.kind != VAL_UNKNOWN)
		v.kind = VAL_DATA;
	return v;
}

/* Walk under a condition: sites get an IF around them. */
void
ksrc_access_guard_open(struct rd *r, const char *cond, int line)
{
	struct body_def	*b;

	if ((b = ksrc_sym_body_add(r, BODY_IF)) != NULL) {
		b->expr = cond;
		b->line = line;
	}
}

/* Close the IF of ksrc_access_guard_open. */
void
ksrc_access_guard_close(struct rd *r)
{
	struct kfile	*kf = r->kf;

	if (r->dry)
		return;
	/* Drop an empty branch: "if (c) return;" leaves IF with nothing. */
	if (kf->nbody > 0 && kf->body[kf->nbody - 1].kind == BODY_ELSE)
		kf->nbody--;
	if (kf->nbody > 0 && kf->body[kf->nbody - 1].kind == BODY_IF) {
		kf->nbody--;
		return;
	}
	ksrc_sym_body_add(r, BODY_END);
}

static struct val assign(struct rd *, struct val lhs, const char *op,
    int optok);

/* After '(': a cast ((unsigned char)x, (float *)p) or a parenthesised
   expression. */
static struct val
paren_or_cast(struct rd *r, int first)
{
	struct val	 v, x;
	struct ty	 ty;

	if (ksrc_sym_type_starts(r, r->pos)) {
		ksrc_sym_parse_type(r, &ty);
		ksrc_want(r, ")");
		x = unary(r);
		if (ty.ptr) {
			if (x.kind != VAL_ARRAY)
				ksrc_fail(r, first, "a cast to a pointer "
				    "of something not a kernel array (a "
				    "pointer read from memory is not "
				    "followed); index the array instead: "
				    "a[i]");
			if (ty.ptr == 1 && ty.size !=
			    r->kf->v.arrays[x.arr].elem_size)
				x.size = ty.size;	/* a view */
			x.first = first;
			return x;
		}
		x = ksrc_access_rval(r, x);
		if (!ty.is_int && x.kind == VAL_INT) {
			v = ksrc_access_mk(VAL_DATA, first, r->pos - 1);
			return v;
		}
		if (x.kind == VAL_INT) {
			x.text = ksrc_access_as(r, &x,
			    ksrc_access_ctype(&ty));
			x.ct = ksrc_access_ctype(&ty);
		}
		x.first = first;
		return x;
	}
	v = ksrc_access_walk(r, 0);
	ksrc_want(r, ")");
	v.first = first;
	v.last = r->pos - 1;
	return v;
}

/* reinterpret_cast<T>(x), static_cast<T>(x). */
static struct val
cpp_cast(struct rd *r, int first)
{
	struct val	 x;
	struct ty	 ty;
	int		 re = ksrc_at(r, "reinterpret_cast");

	r->pos++;
	ksrc_want(r, "<");
	ksrc_sym_parse_type(r, &ty);
	ksrc_want(r, ">");
	ksrc_want(r, "(");
	x = ksrc_access_walk(r, 0);
	ksrc_want(r, ")");
	if (re && ty.ptr == 1 && x.kind == VAL_ARRAY) {
		/* A wider view of the array: vector loads. */
		x.size = ty.size;
		x.first = first;
		return x;
	}
	x = ksrc_access_rval(r, x);
	if (!ty.is_int && x.kind == VAL_INT)
		return ksrc_access_mk(VAL_DATA, first, r->pos - 1);
	if (x.kind == VAL_INT && !ty.ptr) {
		x.text = ksrc_access_as(r, &x, ksrc_access_ctype(&ty));
		x.ct = ksrc_access_ctype(&ty);
	}
	return x;
}

/* int(x), float(x): C++'s functional cast, a conversion as (int)x. */
static struct val
functional_cast(struct rd *r, int first)
{
	struct val	 x;
	struct ty	 ty;

	ksrc_sym_parse_type(r, &ty);
	ksrc_want(r, "(");
	x = ksrc_access_rval(r, ksrc_access_walk(r, 0));
	ksrc_want(r, ")");
	if (!ty.is_int || ty.ptr)
		return ksrc_access_mk(VAL_DATA, first, r->pos - 1);
	if (x.kind == VAL_INT) {
		x.text = ksrc_access_as(r, &x, ksrc_access_ctype(&ty));
		x.ct = ksrc_access_ctype(&ty);
	}
	x.first = first;
	x.last = r->pos - 1;
	return x;
}

/* threadIdx.x and the other built-ins, warpSize, sizeof(T): 1 and *out,
   or 0. */
static int
builtin(struct rd *r, int first, struct val *out)
{
	static const char *builtins[] = { "threadIdx", "blockIdx",
	    "blockDim", "gridDim", NULL };
	struct ty	 ty;
	int		 i;

	for (i = 0; builtins[i] != NULL; i++) {
		if (!ksrc_at(r, builtins[i]))
			continue;
		r->pos++;
		ksrc_want(r, ".");
		*out = ksrc_access_mk(VAL_INT, first, r->pos);
		out->ct = CT_UINT;	/* uint3, dim3: unsigned int */
		if (ksrc_at(r, "x") || ksrc_at(r, "y"))
			out->text = ksrc_fmt(r, "%s.%.*s", builtins[i], 1,
			    ksrc_tk(r)->p);
		else if (ksrc_at(r, "z"))
			out->text = i < 2 ? "0" : "1";
		else
			ksrc_fail(r, r->pos, "expected x, y or z");
		r->pos++;
		return 1;
	}
	/* The built-in, unless a parameter or variable shadows it. */
	if (ksrc_at(r, "warpSize") && ksrc_sym_find_var(r, ksrc_tk(r)) ==
	    NULL) {
		r->pos++;
		*out = ksrc_access_mk(VAL_INT, first, first);
		out->text = "warp";
		return 1;
	}
	if (ksrc_at(r, "sizeof")) {
		r->pos++;
		ksrc_want(r, "(");
		ksrc_sym_parse_type(r, &ty);
		ksrc_want(r, ")");
		*out = ksrc_access_mk(VAL_INT, first, r->pos - 1);
		out->text = ksrc_fmt(r, "%d", ty.ptr ? 8 : ty.size);
		out->ct.size = 8;	/* size_t */
		out->ct.uns = 1;
		return 1;
	}
	return 0;
}

static struct val
primary(struct rd *r)
{
	struct val	 v;
	struct var	*var;
	int		 first = r->pos, s;

	if (ksrc_eat(r, "("))
		return paren_or_cast(r, first);
	if (ksrc_tk(r)->kind == T_NUM) {
		v = literal(r, first);
		r->pos++;
		return v;
	}
	if (ksrc_tk(r)->kind == T_FNUM || ksrc_tk(r)->kind == T_STR) {
		r->pos++;
		return ksrc_access_mk(VAL_DATA, first, first);
	}
	if (ksrc_tk(r)->kind != T_ID)
		ksrc_fail(r, r->pos, "unexpected '%.*s'", ksrc_tk(r)->len,
		    ksrc_tk(r)->p);
	if (builtin(r, first, &v))
		return v;
	if (ksrc_at(r, "reinterpret_cast") || ksrc_at(r, "static_cast"))
		return cpp_cast(r, first);
	if (ksrc_sym_find_base(ksrc_tk(r)) != NULL &&
	    ksrc_tok_is(&r->t[r->pos + 1], "("))
		return functional_cast(r, first);
	var = ksrc_sym_find_var(r, ksrc_tk(r));
	if (var == NULL) {
		/* A call of something we do not know: data. */
		if (r->t[r->pos + 1].kind == T_PUNCT &&
		    ksrc_tok_is(&r->t[r->pos + 1], "("))
			/* call() */
			return ksrc_access_mk(VAL_DATA, first, first);
		/* HUGE_VALF, a device global: data, refused as an index. */
		v = ksrc_access_mk(VAL_DATA, first, first);
		v.origin = -2 - first;
		r->pos++;
		return v;
	}
	r->pos++;
	switch (var->kind) {
	case VK_INT:
		v = ksrc_access_mk(VAL_INT, first, first);
		v.text = ksrc_fmt(r, "%s", var->model);	/* vars move */
		v.ct = var->ct;
		return v;
	case VK_ARRAY:
		if (strcmp(var->model, "?") == 0)
			ksrc_fail(r, first, "pointer %s moves in a loop or a "
			    "branch in a way the model cannot follow (line %d); "
			    "take a new pointer after it: float *q = a + "
			    "OFFSET",
			    var->name, var->origin >= 0 ?
			    r->t[var->origin].line : r->t[first].line);
		v = ksrc_access_mk(VAL_ARRAY, first, first);
		v.arr = var->arr;
		v.size = var->psize;
		if (var->scalar) {
			v.kind = VAL_ELEM;
			v.nsub = 1;
			v.sub[0] = "0";
			return v;
		}
		v.text = var->model[0] != '\0' ? ksrc_fmt(r, "%s", var->model) :
		    NULL;
		return v;
	case VK_UNKNOWN:
		v = ksrc_access_mk(VAL_UNKNOWN, first, first);
		v.origin = var->origin;
		return v;
	default:
		v = ksrc_access_mk(VAL_DATA, first, first);
		v.origin = var->origin;
		v.strct = var->strct;
		v.group = var->group;
		v.gsize = var->gsize;
		s = var->kind == VK_LOCAL;
		(void)s;
		return v;
	}
}

/*
 * __mul24(a, b), __umul24(a, b): the low 32 bits of the product of a's
 * and b's low 24 bits, sign-extended (int) or not (unsigned int), as the
 * CUDA Math API defines them; exact for every operand, in range or not.
 */
static struct val
mul24(struct rd *r, int uns, const struct val *a, const struct val *b,
    int first)
{
	struct val	 v = ksrc_access_mk(VAL_INT, first, r->pos - 1);
	const char	*x, *y;

	if (uns) {
		x = ksrc_access_as(r, a, CT_UINT);
		y = ksrc_access_as(r, b, CT_UINT);
		v.text = ksrc_fmt(r, "u32(u24(%s) * u24(%s))", x, y);
		v.ct = CT_UINT;
		return v;
	}
	x = ksrc_access_as(r, a, CT_INT);
	y = ksrc_access_as(r, b, CT_INT);
	v.text = ksrc_fmt(r, "i32(i24(%s) * i24(%s))", x, y);
	v.ct = CT_INT;
	return v;
}

/*
 * atomicAdd(&a[i], v) and its kin: one read-modify-write of the element,
 * counted as the H100 counts atomics (rules_atomic, doc/rules.md), which
 * were measured on global memory only.
 */
static struct val
atomic_site(struct rd *r, struct val *args, int n, int first)
{
	const struct array_def	*a;

	if (n == 0 || args[0].kind != VAL_ADDR)
		ksrc_fail(r, first, "%.*s: the model follows an atomic on "
		    "&a[i] or a pointer into a kernel array", r->t[first].len,
		    r->t[first].p);
	a = &r->kf->v.arrays[args[0].arr];
	if (a->space != SPACE_GLOBAL)
		ksrc_fail(r, first, "%.*s on %s memory is not modelled: atomics "
		    "are measured on global memory only, on a kernel array's "
		    "&a[i]", r->t[first].len,
		    r->t[first].p, a->space == SPACE_SHARED ? "shared" :
		    "this");
	args[0].kind = VAL_ELEM;
	access_elem(r, &args[0], OP_ATOMIC);
	return ksrc_access_mk(VAL_DATA, first, r->pos - 1);
}

static struct val
call(struct rd *r, int first)
{
	const struct tok	*name = &r->t[first];
	struct val		 args[8], v;
	int			 n = 0, i, atomic;

	atomic = name->len > 6 && strncmp(name->p, "atomic", 6) == 0;
	ksrc_want(r, "(");
	if (ksrc_tok_is(name, "__syncthreads") ||
	    ksrc_tok_is(name, "__syncwarp")) {
		ksrc_skip_past(r, ")");
		return ksrc_access_mk(VAL_DATA, first, r->pos - 1);
	}
	if (!ksrc_at(r, ")")) {
		do {
			if (n == 8)
				ksrc_fail(r, r->pos, "too many arguments");
			if (ksrc_eat(r, "&")) {
				args[n] = unary(r);
				if (args[n].kind != VAL_ELEM)
					ksrc_fail(r, args[n].first, "only the "
					    "address of an array element can "
					    "be taken: &a[i]");
				args[n].kind = VAL_ADDR;
				if (!atomic && !ksrc_tok_is(name, "__ldg"))
					ksrc_fail(r, args[n].first,
					    "'%.*s' gets an address: the model "
					    "cannot tell what it reads or "
					    "writes; write its accesses out: "
					    "d[k] = s[k] in a loop", name->len,
					    name->p);
			} else {
				args[n] = ksrc_access_walk(r, 1);
				if (args[n].kind == VAL_ARRAY && (atomic ||
				    ksrc_tok_is(name, "__ldg"))) {
					/* atomicAdd(counter, 1), __ldg(p + i):
					   the place the pointer is at. */
					args[n] = deref(r, args[n],
					    args[n].first);
					args[n].kind = VAL_ADDR;
				} else if (args[n].kind == VAL_ARRAY)
					ksrc_fail(r, args[n].first,
					    "'%.*s' gets a pointer: the model "
					    "cannot tell what it reads or "
					    "writes; write its accesses out: "
					    "d[k] = s[k] in a loop", name->len,
					    name->p);
				else
					args[n] = ksrc_access_rval(r, args[n]);
			}
			n++;
		} while (ksrc_eat(r, ","));
	}
	ksrc_want(r, ")");
	if (ksrc_tok_is(name, "__ldg") && n == 1 && args[0].kind == VAL_ADDR) {
		args[0].kind = VAL_ELEM;
		return ksrc_access_rval(r, args[0]);
	}
	if (atomic)
		return atomic_site(r, args, n, first);
	if ((ksrc_tok_is(name, "__mul24") || ksrc_tok_is(name, "__umul24")) &&
	    n == 2 && args[0].kind == VAL_INT && args[1].kind == VAL_INT)
		return mul24(r, name->p[2] == 'u', &args[0], &args[1], first);
	if ((ksrc_tok_is(name, "min") || ksrc_tok_is(name, "max") ||
	    ksrc_tok_is(name, "umin") || ksrc_tok_is(name, "umax")) && n == 2 &&
	    args[0].kind == VAL_INT && args[1].kind == VAL_INT) {
		const char	*a0, *a1;

		v = ksrc_access_mk(VAL_INT, first, r->pos - 1);
		/* CUDA's overloads: both in the common type (umin/umax:
		   unsigned int). */
		v.ct = name->p[0] == 'u' ? CT_UINT : usual(ct_of(&args[0]),
		    ct_of(&args[1]));
		a0 = ksrc_access_as(r, &args[0], v.ct);
		a1 = ksrc_access_as(r, &args[1], v.ct);
		v.text = ksrc_fmt(r, "((%s) %s (%s) ? (%s) : (%s))", a0,
		    name->p[1] == 'i' || name->p[2] == 'i' ? "<" : ">", a1, a0,
		    a1);
		return v;
	}
	v = ksrc_access_mk(VAL_DATA, first, r->pos - 1);
	for (i = 0; i < n; i++)
		if (args[i].kind == VAL_DATA && args[i].origin >= 0)
			v.origin = args[i].origin;
	/* Cooperative groups' makers (the namespace is dropped by the
	   lexer): a group is data that only its methods read. */
	if (ksrc_tok_is(name, "this_thread_block"))
		v.group = G_BLOCK;
	else if (ksrc_tok_is(name, "this_grid"))
		v.group = G_GRID;
	else if (ksrc_tok_is(name, "coalesced_threads") ||
	    ksrc_tok_is(name, "tiled_partition"))
		v.group = G_OTHER;
	return v;
}

/* tiled_partition<N>(g): a tile of N threads (N a constant or a
   template parameter: the same in every thread). */
static struct val
tile_of(struct rd *r)
{
	struct val	 v, n;
	int		 first = r->pos;

	r->pos++;	/* tiled_partition */
	ksrc_want(r, "<");
	n = ksrc_access_rval(r, unary(r));
	ksrc_want(r, ">");
	ksrc_want(r, "(");
	ksrc_access_rval(r, ksrc_access_walk(r, 1));
	ksrc_want(r, ")");
	v = ksrc_access_mk(VAL_DATA, first, r->pos - 1);
	v.group = G_TILE;
	v.gsize = ksrc_access_as(r, &n, CT_UINT);
	return v;
}

/* The text of a block's linear thread index: x + y * blockDim.x (the
   model's blocks have one z), in unsigned int. */
static const char *
block_rank(struct rd *r)
{
	return ksrc_fmt(r, "u32(threadIdx.x + threadIdx.y * blockDim.x)");
}

/*
 * A method of a cooperative group, at the name after '.': sync() is a
 * __syncthreads() (or the tile's or grid's barrier) and touches no
 * memory; thread_rank(), size() and num_threads() are unsigned ints the
 * model computes for a block and a tile; meta_group_rank() the tile's
 * index in its block; the shuffles, votes and the rest are data.
 */
static struct val
group_method(struct rd *r, struct val g)
{
	const struct tok	*m = ksrc_tk(r);
	struct val		 v;
	int			 first = g.first;
	const char		*rank = block_rank(r), *size;

	r->pos++;
	ksrc_want(r, "(");
	if (!ksrc_at(r, ")"))
		do
			ksrc_access_rval(r, ksrc_access_walk(r, 1));
		while (ksrc_eat(r, ","));
	ksrc_want(r, ")");
	v = ksrc_access_mk(VAL_INT, first, r->pos - 1);
	v.ct = CT_UINT;
	size = "u32(blockDim.x * blockDim.y)";
	if (g.group == G_TILE) {
		size = g.gsize;
		rank = ksrc_fmt(r, "(%s %% %s)", rank, g.gsize);
	}
	if ((g.group == G_BLOCK || g.group == G_TILE) &&
	    ksrc_tok_is(m, "thread_rank"))
		v.text = rank;
	else if ((g.group == G_BLOCK || g.group == G_TILE) &&
	    (ksrc_tok_is(m, "size") || ksrc_tok_is(m, "num_threads")))
		v.text = size;
	else if (g.group == G_TILE && ksrc_tok_is(m, "meta_group_rank"))
		v.text = ksrc_fmt(r, "(%s / %s)", block_rank(r), g.gsize);
	else if (g.group == G_TILE && ksrc_tok_is(m, "meta_group_size"))
		v.text = ksrc_fmt(r, "(u32(blockDim.x * blockDim.y + %s - 1) / "
		    "%s)", g.gsize, g.gsize);
	else
		v = ksrc_access_mk(VAL_DATA, first, r->pos - 1);
	return v;
}

/* A 2D __shared__ array: a pointer into it is not followed. */
static void
no_2d(struct rd *r, const struct val *p)
{
	const struct array_def	*a = &r->kf->v.arrays[p->arr];

	if (a->space == SPACE_SHARED && a->dims[0] != NULL)
		ksrc_fail(r, p->first, "a pointer into the 2D array %s is not "
		    "followed (index it as %s[row][col])", a->name, a->name);
}

/*
 * The element index of p[sub] for pointer or array p (its view of
 * p->size-byte elements scaled to the array's own, its offset added):
 * C's pointer arithmetic on the values themselves, in 64 bits.
 */
static const char *
index_of(struct rd *r, const struct val *p, const char *sub)
{
	const struct array_def	*a = &r->kf->v.arrays[p->arr];

	if (p->size != 0) {
		/* reinterpret_cast<float4 *>(in)[i] */
		if (p->size % a->elem_size != 0)
			ksrc_fail(r, p->first, "a view of %s in %d-byte pieces "
			    "is not supported (views in whole elements are: "
			    "float4 of float)", a->name, p->size);
		sub = ksrc_fmt(r, "(%s) * %d", sub, p->size / a->elem_size);
	}
	if (p->text != NULL) {
		no_2d(r, p);
		sub = ksrc_fmt(r, "(%s) + (%s)", p->text, sub);
	}
	return sub;
}

/* p + i, p - i: the pointer moved by i of its elements. */
static struct val
ptr_add(struct rd *r, struct val p, const struct val *i, int minus,
    int first)
{
	const char	*k = ksrc_access_need_int(r, i,
	    "a pointer's offset");
	struct val	 v = p;

	no_2d(r, &p);
	p.text = NULL;
	k = index_of(r, &p, minus ? ksrc_fmt(r, "-(%s)", k) : k);
	v.text = v.text == NULL ? k : ksrc_fmt(r, "%s + %s", v.text, k);
	v.first = first;
	v.last = r->pos - 1;
	return v;
}

/* *p: the element p points at, an lvalue. */
static struct val
deref(struct rd *r, struct val p, int first)
{
	if (p.kind != VAL_ARRAY)
		ksrc_fail(r, first, "'*' of something that is not a pointer "
		    "into a kernel array (*p for p = a + i, or *(a + i), is "
		    "followed)");
	p.sub[0] = index_of(r, &p, "0");
	p.text = NULL;
	p.kind = VAL_ELEM;
	p.nsub = 1;
	p.first = first;
	return p;
}

/* &a[i]: a pointer to the element. */
static struct val
address_of(struct rd *r, struct val e, int first)
{
	if (e.kind == VAL_ARRAY)	/* &a is a itself, for our use */
		return e;
	if (e.kind != VAL_ELEM || e.field >= 0 || e.nsub != 1)
		ksrc_fail(r, first, "only the address of an element of a "
		    "one-dimensional kernel array is followed (&a[i]); pass a "
		    "variable itself, not its address");
	e.kind = VAL_ARRAY;
	e.text = e.sub[0];
	e.size = 0;
	e.nsub = 0;
	e.first = first;
	return e;
}

/*
 * One coordinate of a texture fetch: an integer, or an integer + 0.5f (a
 * texel's centre, which point sampling reads as that texel).  last: 1 for
 * the last argument.
 */
static const char *
tex_coord(struct rd *r, int last)
{
	struct val	 x;
	struct tok	 save;
	int		 i, depth = 0, half = -1;

	for (i = r->pos; r->t[i].kind != T_EOF; i++) {
		if (ksrc_tok_is(&r->t[i], "(") || ksrc_tok_is(&r->t[i], "["))
			depth++;
		else if (ksrc_tok_is(&r->t[i], ")") ||
		    ksrc_tok_is(&r->t[i], "]")) {
			if (depth-- == 0)
				break;
		} else if (depth == 0 && ksrc_tok_is(&r->t[i], ","))
			break;
	}
	if (i - 2 > r->pos && ksrc_tok_is(&r->t[i - 2], "+") &&
	    r->t[i - 1].kind == T_FNUM && ((r->t[i - 1].len == 4 &&
	    memcmp(r->t[i - 1].p, "0.5f", 4) == 0) || (r->t[i - 1].len == 3 &&
	    memcmp(r->t[i - 1].p, "0.5", 3) == 0)))
		half = i - 2;
	/* Stop the walk before "+ 0.5f": the + reads as the end. */
	if (half >= 0) {
		save = r->t[half];
		r->t[half].p = last ? ")" : ",";
		r->t[half].len = 1;
		r->t[half].kind = T_PUNCT;
	}
	x = ksrc_access_rval(r, ksrc_access_walk(r, 1));
	if (half >= 0) {
		r->t[half] = save;
		r->pos = half + 2;
	}
	return ksrc_access_need_int(r, &x, "a texture coordinate");
}

/*
 * tex2D<T>(tex, x, y) and tex1Dfetch<T>(tex, i): a texel of a texture of
 * the file's warpviz: texture lines, point sampled, as an element (y, x)
 * or (i).  Coordinates outside the texture are shown as outside the array
 * (the hardware clamps them; the model does not follow that).
 */
static struct val
tex_fetch(struct rd *r, int first)
{
	const struct array_def	*a;
	struct var		*var;
	struct val		 v;
	int			 two = ksrc_tok_is(&r->t[first], "tex2D"), tt;

	r->pos++;
	ksrc_want(r, "<");
	tt = r->pos++;
	ksrc_want(r, ">");
	ksrc_want(r, "(");
	if (ksrc_tk(r)->kind != T_ID ||
	    (var = ksrc_sym_find_var(r, ksrc_tk(r))) == NULL ||
	    var->kind != VK_ARRAY ||
	    r->kf->v.arrays[var->arr].space != SPACE_TEXTURE)
		ksrc_fail(r, r->pos, "%.*s reads a texture: a "
		    "cudaTextureObject_t parameter with a '// warpviz: "
		    "texture' line", r->t[first].len, r->t[first].p);
	a = &r->kf->v.arrays[var->arr];
	if (!ksrc_tok_is(&r->t[tt], a->type))
		ksrc_fail(r, tt, "%s holds %s texels, not %.*s", a->name,
		    a->type, r->t[tt].len, r->t[tt].p);
	v = ksrc_access_mk(VAL_ELEM, first, first);
	v.arr = var->arr;
	r->pos++;
	ksrc_want(r, ",");
	if (two) {
		v.sub[1] = tex_coord(r, 0);
		ksrc_want(r, ",");
		v.sub[0] = tex_coord(r, 1);
		v.nsub = 2;
	} else {
		v.sub[0] = tex_coord(r, 1);
		v.nsub = 1;
	}
	ksrc_want(r, ")");
	v.last = r->pos - 1;
	return v;
}

/*
 * A thread's own array with its subscripts: registers (data, as before)
 * while the compiler knows every subscript, else an element in local
 * memory (ksrc-local.c).  vi: its variable.
 */
static struct val
local_postfix(struct rd *r, int vi)
{
	struct val	 s[2], v;
	const char	*idx[2];
	int		 first = r->pos, n = 0, i, fieldtok = -1;

	r->pos++;
	while (n < 2 && n < r->loc[r->vars[vi].loc - 1].nd &&
	    ksrc_eat(r, "[")) {
		s[n++] = ksrc_access_rval(r, ksrc_access_walk(r, 0));
		ksrc_want(r, "]");
	}
	if (!ksrc_local_dynamic(r, &r->vars[vi], s, n)) {
		v = ksrc_access_mk(VAL_DATA, first, r->pos - 1);
		v.origin = r->vars[vi].origin;
		return v;
	}
	for (i = 0; i < n; i++)
		idx[i] = ksrc_access_need_int(r, &s[i], ksrc_fmt(r,
		    "the index of the per-thread array %s (in local memory)",
		    r->vars[vi].name));
	if (ksrc_at(r, ".") && r->t[r->pos + 1].kind == T_ID) {
		r->pos++;
		fieldtok = r->pos++;
	}
	ksrc_local_elem(r, &r->vars[vi], idx, n, fieldtok, first, &v);
	return v;
}

static struct val
postfix(struct rd *r)
{
	struct val	 v, s;
	const struct array_def *a;
	struct var	*var;
	int		 first = r->pos, i, fieldtok;

	if (ksrc_tk(r)->kind == T_ID && r->call_fn != NULL &&
	    (ksrc_tok_is(&r->t[r->pos + 1], "(") ||
	    ksrc_tok_is(&r->t[r->pos + 1], "<")) &&
	    ksrc_sym_find_var(r, ksrc_tk(r)) == NULL &&
	    (i = ksrc_sym_find_fn(r, ksrc_tk(r))) >= 0)
		v = r->call_fn(r, i, first);
	else if (ksrc_tk(r)->kind == T_ID &&
	    ksrc_tok_is(&r->t[r->pos + 1], "(") &&
	    ksrc_sym_find_var(r, ksrc_tk(r)) == NULL &&
	    ksrc_sym_find_base(ksrc_tk(r)) == NULL) {
		r->pos++;
		v = call(r, first);
	} else if (ksrc_at(r, "tiled_partition") &&
	    ksrc_tok_is(&r->t[r->pos + 1], "<"))
		v = tile_of(r);
	else if ((ksrc_at(r, "tex2D") || ksrc_at(r, "tex1Dfetch")) &&
	    ksrc_tok_is(&r->t[r->pos + 1], "<"))
		v = tex_fetch(r, first);
	else if (ksrc_tk(r)->kind == T_ID &&
	    (var = ksrc_sym_find_var(r, ksrc_tk(r))) != NULL &&
	    var->kind == VK_LOCAL && var->loc > 0 &&
	    ksrc_tok_is(&r->t[r->pos + 1], "["))
		v = local_postfix(r, (int)(var - r->vars));
	else
		v = primary(r);
	for (;;) {
		if (ksrc_eat(r, "[")) {
			s = ksrc_access_rval(r, ksrc_access_walk(r, 0));
			ksrc_want(r, "]");
			if (v.kind == VAL_ARRAY) {
				v.kind = VAL_ELEM;
				v.nsub = 0;
			} else if (v.kind == VAL_ELEM && v.nsub == 1 &&
			    r->kf->v.arrays[v.arr].space == SPACE_SHARED &&
			    r->kf->v.arrays[v.arr].dims[0] != NULL) {
				;	/* the second subscript of a 2D array */
			} else if (v.kind == VAL_DATA || v.kind == VAL_ELEM) {
				/* A register array: data. */
				if (v.kind == VAL_ELEM)
					v = ksrc_access_rval(r, v);
				v.last = r->pos - 1;
				continue;
			} else
				ksrc_fail(r, v.first, "'%s' is not an array",
				    ksrc_src_text(r, v.first, v.last));
			a = &r->kf->v.arrays[v.arr];
			v.sub[v.nsub] = ksrc_access_need_int(r, &s,
			    ksrc_fmt(r, "the index of %s", a->name));
			if (v.nsub++ == 0) {
				v.sub[0] = index_of(r, &v, v.sub[0]);
				v.text = NULL;
			}
			v.last = r->pos - 1;
			continue;
		}
		if (ksrc_at(r, ".") || ksrc_at(r, "->")) {
			if (ksrc_at(r, "->"))
				ksrc_fail(r, r->pos, "'->' is not supported; "
				    "write p->x as p[0].x");
			r->pos++;
			if (v.kind == VAL_DATA && v.group != G_NONE &&
			    ksrc_tok_is(&r->t[r->pos + 1], "(")) {
				v = group_method(r, v);
				continue;
			}
			fieldtok = r->pos++;
			if (v.kind == VAL_ELEM) {
				a = &r->kf->v.arrays[v.arr];
				for (i = 0; i < VARIANT_MAX_FIELDS &&
				    a->fields[i].name; i++)
					if (ksrc_tok_is(&r->t[fieldtok],
					    a->fields[i].name))
						break;
				if (i == VARIANT_MAX_FIELDS ||
				    a->fields[i].name == NULL)
					ksrc_fail(r, fieldtok,
					    "%s has no field %.*s", a->name,
					    r->t[fieldtok].len,
					    r->t[fieldtok].p);
				v.field = i;
				v.last = fieldtok;
				continue;
			}
			v = ksrc_access_rval(r, v);
			v.kind = v.kind == VAL_INT ? VAL_DATA : v.kind;
			v.last = fieldtok;
			continue;
		}
		if (ksrc_at(r, "++") || ksrc_at(r, "--")) {
			i = r->pos;
			r->pos++;
			s = ksrc_access_mk(VAL_INT, i, i);
			s.text = "1";
			assign(r, v, ksrc_tok_is(&r->t[i], "++") ? "+=" : "-=",
			    i);
			/* the old value (an integer's and a pointer's are
			   still followed) */
			if (v.kind != VAL_ARRAY && v.kind != VAL_INT)
				v = ksrc_access_mk(VAL_DATA, v.first, i);
			v.last = i;
			continue;
		}
		return v;
	}
}

static struct val
unary_(struct rd *r)
{
	struct val	v;
	int		first = r->pos;
	const char	*op;

	if (ksrc_at(r, "++") || ksrc_at(r, "--")) {
		op = ksrc_at(r, "++") ? "+=" : "-=";
		r->pos++;
		v = unary(r);
		return assign(r, v, op, first);
	}
	if (ksrc_at(r, "-") || ksrc_at(r, "!") || ksrc_at(r, "~") ||
	    ksrc_at(r, "+")) {
		op = ksrc_tk(r)->p;
		r->pos++;
		v = ksrc_access_rval(r, unary(r));
		if (v.kind == VAL_INT && *op == '!') {
			v.text = ksrc_fmt(r, "!(%s)", v.text);
			v.ct = CT_INT;
		} else if (v.kind == VAL_INT) {
			/* The promoted operand; - and ~ of an unsigned one
			   wrap, - of the most negative int overflows. */
			v.ct = promote(ct_of(&v));
			v.text = ksrc_fmt(r, "%c(%s)", *op == '+' ? ' ' : *op,
			    v.text);
			if (*op == '-' || (*op == '~' && v.ct.uns))
				v.text = in_type(r, v.ct, v.text);
		}
		v.first = first;
		return v;
	}
	if (ksrc_eat(r, "*"))
		return deref(r, unary(r), first);
	if (ksrc_eat(r, "&"))
		return address_of(r, unary(r), first);
	return postfix(r);
}

/* A unary expression, counted against the nesting budget (- - - x). */
static struct val
unary(struct rd *r)
{
	struct val	v;

	ksrc_nest_in(r);
	v = unary_(r);
	ksrc_nest_out(r);
	return v;
}

/* A unary expression alone: a template's argument, <N>. */
struct val
ksrc_access_unary(struct rd *r)
{
	return unary(r);
}

/* Binary operators by C precedence, lowest first. */
static const struct {
	const char	*op[5];
} binops[] = {
	{ { "||" } }, { { "&&" } }, { { "|" } }, { { "^" } }, { { "&" } },
	{ { "==", "!=" } }, { { "<", ">", "<=", ">=" } }, { { "<<", ">>" } },
	{ { "+", "-" } }, { { "*", "/", "%" } }
};
#define NBINOPS	10

static struct val
binary(struct rd *r, int lv)
{
	struct val	 a, b;
	const char	*op;
	int		 first = r->pos, i, opt;

	if (lv == NBINOPS)
		return unary(r);
	a = binary(r, lv + 1);
	for (;;) {
		op = NULL;
		for (i = 0; i < 5 && binops[lv].op[i] != NULL; i++)
			if (ksrc_at(r, binops[lv].op[i]))
				op = binops[lv].op[i];
		if (op == NULL)
			return a;
		opt = r->pos++;
		if (a.kind == VAL_ARRAY && (op[0] == '+' || op[0] == '-')) {
			b = ksrc_access_rval(r, binary(r, lv + 1));
			a = ptr_add(r, a, &b, op[0] == '-', first);
			continue;
		}
		a = ksrc_access_rval(r, a);
		if (lv <= 1) {
			/* The right side runs only when the left allows. */
			int	 mark = r->kf->nbody;
			const char *c = a.kind == VAL_INT ? a.text : "1";

			ksrc_access_guard_open(r, lv == 1 ? c :
			    ksrc_fmt(r, "!(%s)", c), r->t[opt].line);
			b = ksrc_access_rval(r, binary(r, lv + 1));
			if (!r->dry && r->kf->nbody == mark + 1)
				r->kf->nbody = mark;	/* no site inside */
			else {
				if (a.kind != VAL_INT)
					ksrc_access_need_int(r, &a,
					    "a condition guarding an access");
				ksrc_access_guard_close(r);
			}
		} else {
			b = binary(r, lv + 1);
			if (b.kind == VAL_ARRAY && op[0] == '+' &&
			    a.kind == VAL_INT) {
				a = ptr_add(r, b, &a, 0, first);
				continue;
			}
			b = ksrc_access_rval(r, b);
		}
		a = combine(r, a, b, op, first, r->pos - 1);
	}
}

static struct val	ternary(struct rd *);

static struct val
ternary_(struct rd *r)
{
	struct val	 c, a, b, v;
	int		 first = r->pos, mark;

	c = binary(r, 0);
	if (!ksrc_eat(r, "?"))
		return c;
	c = ksrc_access_rval(r, c);
	mark = r->kf->nbody;
	ksrc_access_guard_open(r, c.kind == VAL_INT ? c.text : "1",
	    r->t[first].line);
	a = ksrc_access_rval(r, ksrc_access_walk(r, 1));
	ksrc_want(r, ":");
	if (!r->dry)
		ksrc_sym_body_add(r, BODY_ELSE);
	b = ksrc_access_rval(r, ternary(r));
	if (!r->dry && r->kf->nbody == mark + 2)
		r->kf->nbody = mark;
	else {
		if (c.kind != VAL_INT)
			ksrc_access_need_int(r, &c,
			    "a condition choosing an access");
		ksrc_access_guard_close(r);
	}
	if (c.kind == VAL_INT && a.kind == VAL_INT && b.kind == VAL_INT) {
		v = ksrc_access_mk(VAL_INT, first, r->pos - 1);
		v.ct = usual(ct_of(&a), ct_of(&b));
		v.text = ksrc_fmt(r, "((%s) ? (%s) : (%s))", c.text,
		    ksrc_access_as(r, &a, v.ct), ksrc_access_as(r, &b, v.ct));
		return v;
	}
	return combine(r, combine(r, c, a, "+", first, r->pos - 1), b, "+",
	    first, r->pos - 1);
}

/* A conditional expression, counted against the nesting budget
   (a ? b : c ? d : ...). */
static struct val
ternary(struct rd *r)
{
	struct val	v;

	ksrc_nest_in(r);
	v = ternary_(r);
	ksrc_nest_out(r);
	return v;
}

/*
 * p = q + k, p += k, p -= k, p++: the pointer moves within its array (a
 * loop's p += k is followed as an integer's is).  A pointer sent to
 * another array, or to a value from memory, is refused.
 */
static struct val
ptr_assign(struct rd *r, struct var *var, struct val lhs, const char *op,
    const struct val *rhs, int optok)
{
	struct val	 p = lhs;
	const char	*off;

	if (strcmp(op, "=") == 0) {
		if (rhs->kind != VAL_ARRAY || rhs->arr != var->arr ||
		    rhs->size != var->psize)
			ksrc_fail(r, optok, "pointer %s is given a value that "
			    "is not a place in its own array %s (a pointer "
			    "from memory or another array); take a second "
			    "pointer: float *q = b + OFFSET", var->name,
			    r->kf->v.arrays[var->arr].name);
		ksrc_sym_note_change(r, var, 0, NULL, optok);
		ksrc_sym_set_ptr(r, var, rhs->text != NULL ? rhs->text : "0");
		return *rhs;
	}
	if (strcmp(op, "+=") != 0 && strcmp(op, "-=") != 0)
		ksrc_fail(r, optok, "pointer %s: only =, +=, -=, ++ and -- "
		    "move a pointer; write %s = %s + OFFSET", var->name,
		    var->name, r->kf->v.arrays[var->arr].name);
	p.text = NULL;
	off = index_of(r, &p, op[0] == '-' ? ksrc_fmt(r, "-(%s)",
	    ksrc_access_need_int(r, rhs, "a pointer's step")) :
	    ksrc_access_need_int(r, rhs, "a pointer's step"));
	no_2d(r, &lhs);
	ksrc_sym_note_change(r, var, 1, off, optok);
	ksrc_sym_set_ptr(r, var, lhs.text != NULL ? ksrc_fmt(r, "%s + %s",
	    lhs.text, off) : off);
	p = lhs;
	p.text = ksrc_fmt(r, "%s", var->model);
	return p;
}

/* lhs op= rhs already walked (rhs NULL: ++/--). */
static struct val
assign_val(struct rd *r, struct val lhs, const char *op, struct val *rhs,
    int optok)
{
	struct var	*var;
	struct val	 one, v;
	char		 bop[8];
	size_t		 n;

	if (rhs == NULL) {
		one = ksrc_access_mk(VAL_INT, optok, optok);
		one.text = "1";
		rhs = &one;
	}
	if (lhs.kind == VAL_ELEM) {
		if (strcmp(op, "=") != 0)
			access_elem(r, &lhs, OP_LOAD);
		access_elem(r, &lhs, OP_STORE);
		return ksrc_access_mk(VAL_DATA, lhs.first, lhs.last);
	}
	if (r->t[lhs.first].kind != T_ID ||
	    (var = ksrc_sym_find_var(r, &r->t[lhs.first])) == NULL ||
	    (lhs.first != lhs.last && var->kind != VK_LOCAL &&
	    var->isint))
		ksrc_fail(r, lhs.first, "cannot assign to '%s'",
		    ksrc_src_text(r, lhs.first, lhs.last));
	if (lhs.first != lhs.last)	/* v[i][j] = ..., s.x = ... */
		return ksrc_access_mk(VAL_DATA, lhs.first, lhs.last);
	if (var->kind == VK_ARRAY)
		return ptr_assign(r, var, lhs, op, rhs, optok);
	if (var->kind == VK_LOCAL)
		return ksrc_access_mk(VAL_DATA, lhs.first, lhs.last);
	/* The binary operator of a compound assignment: "<<=" gives "<<". */
	n = strlen(op) - 1 < sizeof bop - 1 ? strlen(op) - 1 : sizeof bop - 1;
	memcpy(bop, op, n);
	bop[n] = '\0';
	if (strcmp(op, "=") == 0) {
		ksrc_sym_note_change(r, var, 0, NULL, optok);
		v = *rhs;
	} else {
		ksrc_sym_note_change(r, var, (strcmp(op, "+=") == 0 ||
		    strcmp(op, "-=") == 0) && rhs->kind == VAL_INT,
		    rhs->kind == VAL_INT ? ksrc_fmt(r, "%s(%s)", op[0] == '-' ?
		    "-" : "", rhs->text) : NULL, optok);
		v = combine(r, lhs, *rhs, bop, lhs.first, r->pos - 1);
	}
	if (!var->isint) {
		/* A float stays data; it only matters if used as an index. */
		var->kind = VK_DATA;
		if (v.kind == VAL_DATA && v.origin >= 0)
			var->origin = v.origin;
		return v;
	}
	if (v.kind == VAL_INT) {
		/* Stored in the variable's type (6.5.16.1). */
		v.text = ksrc_access_as(r, &v, var->ct);
		v.ct = var->ct;
		ksrc_sym_set_int(r, var, v.text);
	} else {
		var->kind = v.kind == VAL_UNKNOWN ? VK_UNKNOWN : VK_DATA;
		var->origin = v.origin;
	}
	return v;
}

static struct val
assign(struct rd *r, struct val lhs, const char *op, int optok)
{
	return assign_val(r, lhs, op, NULL, optok);
}

static struct val
walk(struct rd *r, int prec)
{
	struct val	 lhs, rhs;
	static const char *aops[] = { "=", "+=", "-=", "*=", "/=", "%=",
	    "<<=", ">>=", "&=", "|=", "^=", NULL };
	const char	*op = NULL;
	int		 i, optok, mark;

	lhs = ternary(r);
	if (prec > 0)
		return lhs;
	for (i = 0; aops[i] != NULL; i++)
		if (ksrc_at(r, aops[i]))
			op = aops[i];
	if (op == NULL)
		return lhs;
	optok = r->pos++;
	if (lhs.kind == VAL_ELEM && strcmp(op, "=") != 0) {
		/* a[x] += b[y]: load a, load b, store a. */
		access_elem(r, &lhs, OP_LOAD);
		rhs = ksrc_access_rval(r, ksrc_access_walk(r, 0));
		access_elem(r, &lhs, OP_STORE);
		return ksrc_access_mk(VAL_DATA, lhs.first, r->pos - 1);
	}
	mark = r->pos;
	(void)mark;
	rhs = ksrc_access_walk(r, 0);
	if (lhs.kind != VAL_ARRAY)
		rhs = ksrc_access_rval(r, rhs);
	return assign_val(r, lhs, op, &rhs, optok);
}

/* Walk an expression: with prec 0 an assignment, else a conditional one.
   Counted against the nesting budget: ((((i)))). */
struct val
ksrc_access_walk(struct rd *r, int prec)
{
	struct val	v;

	ksrc_nest_in(r);
	v = walk(r, prec);
	ksrc_nest_out(r);
	return v;
}

/* An expression the model can evaluate over parameters: "[N]" sizes. */
const char *
ksrc_access_const_expr(struct rd *r, const char *what)
{
	struct val	v = ksrc_access_rval(r, ksrc_access_walk(r, 1));

	return ksrc_access_need_int(r, &v, what);
}
