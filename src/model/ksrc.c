/*
 * ksrc.c - the kernel-file reader: "// warpviz:" lines and the C of one
 * __global__ function turned into a variant (params, launch, arrays and a
 * body of lets, loops, ifs and access sites in model names).
 *
 * Every integer variable becomes a let with a unique model name per value
 * it takes (i, i_2, ...); an assignment under an if becomes "c ? new : old";
 * a variable a loop adds to becomes "entry + iteration * increment".  A
 * value read from memory (or a float) is data: data may flow anywhere
 * except into an index, a condition or a loop bound, where the reader
 * refuses it naming the read.  Errors unwind with longjmp to ksrc_parse,
 * which frees what the file owns.  Never prints or exits.
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
#include "ksrc.h"
#include "xmalloc.h"

enum tok_kind { T_EOF, T_ID, T_NUM, T_FNUM, T_PUNCT, T_STR };

struct tok {
	enum tok_kind	 kind;
	const char	*p;
	int		 len;
	int		 line, col;	/* where it is used, 1-based */
	int		 off, end;	/* its source bytes (the use's) */
};

struct macro {
	char		 name[64];
	int		 first, n;	/* in rd.mt */
	int		 func;
};

struct strct {
	char		 name[64];
	int		 size, align, nf;
	struct field_def f[VARIANT_MAX_FIELDS];
};

struct ty {
	int		 size, align;
	int		 is_int;	/* an integer the model can follow */
	int		 strct;		/* -1 or struct index */
	int		 ptr;
	char		 name[32];
};

enum var_kind { VK_INT, VK_DATA, VK_UNKNOWN, VK_ARRAY, VK_LOCAL };

struct var {
	char		 name[64];
	char		 model[EXPR_NAME_MAX];
	enum var_kind	 kind;
	int		 origin;	/* DATA, UNKNOWN: token that made it */
	int		 depth;
	int		 arr;		/* ARRAY: index in arrays */
	int		 strct;		/* DATA struct: its fields */
	int		 isint;		/* declared as an integer */
};

/* A value while walking an expression. */
enum val_kind { VAL_INT, VAL_DATA, VAL_UNKNOWN, VAL_ARRAY, VAL_ELEM,
    VAL_ADDR };

struct val {
	enum val_kind	 kind;
	const char	*text;		/* INT: model text */
	int		 origin;	/* DATA/UNKNOWN: token */
	int		 arr;		/* ARRAY, ELEM */
	const char	*sub[2];	/* ELEM: subscripts */
	int		 nsub;
	int		 field;		/* ELEM: -1 or field index */
	int		 size;		/* ELEM: bytes per lane override */
	int		 first, last;	/* tokens of the expression */
	int		 strct;		/* DATA of a struct type, or -1 */
};

/* What the file owns; the variant comes first so a cast finds the rest. */
struct kfile {
	struct variant	 v;
	char		**strs;
	int		 nstrs, astrs;
	struct body_def	*body;
	int		 nbody, abody;
};

struct rd {
	const char	*path, *text;
	struct kfile	*kf;
	struct tok	*t;		/* expanded tokens of the file */
	int		 nt, at_;
	struct tok	*mt;		/* macro bodies */
	int		 nmt;
	struct macro	*m;
	int		 nm;
	struct strct	 st[16];
	int		 nst;
	struct var	*vars;
	int		 nvars, avars;
	int		 depth;
	int		 pos;		/* parser position in t */
	int		 dry;		/* discovering what a loop changes */
	char		 (*used)[EXPR_NAME_MAX];
	int		 nused, aused;
	int		 nlets;
	char		*cause;
	jmp_buf		 jb;
	int		 narrays;
	int		 loop_depth;
	/* dry run: which variables a loop body assigns and how */
	int		*chg;		/* per var: 0 none, 1 additive, 2 other */
	const char	**inc;		/* additive: sum of increments */
	int		*chg_at;
	int		 nchg;		/* entries of chg, chg_at and inc */
	int		 nested;	/* inside an if or loop in the body */
	int		 in_top_if;	/* a branch of an if of the top block */
	void		**tmps;		/* freed when the parse ends */
	int		 ntmps;
};

static void fail(struct rd *, int tok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));

/* --- memory owned by the file ------------------------------------------ */

static char *
keep(struct rd *r, char *s)
{
	struct kfile	*kf = r->kf;

	if (s == NULL)
		abort();
	if (kf->nstrs == kf->astrs) {
		kf->astrs = kf->astrs ? 2 * kf->astrs : 64;
		kf->strs = xreallocarray(kf->strs, kf->astrs, sizeof *kf->strs);
	}
	kf->strs[kf->nstrs++] = s;
	return s;
}

/* Scratch memory for the parse, freed at its end (also after an error). */
static void *
tmp_calloc(struct rd *r, size_t n, size_t size)
{
	void	*p;

	p = xcalloc(n ? n : 1, size);
	if ((r->ntmps & 63) == 0)
		r->tmps = xreallocarray(r->tmps, r->ntmps + 64, sizeof *r->tmps);
	r->tmps[r->ntmps++] = p;
	return p;
}

static const char *
fmt(struct rd *r, const char *f, ...) __attribute__((format(printf, 2, 3)));

static const char *
fmt(struct rd *r, const char *f, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, f);
	if (vasprintf(&s, f, ap) < 0)
		abort();
	va_end(ap);
	return keep(r, s);
}

static const char *
dup_n(struct rd *r, const char *p, size_t n)
{
	char	*s = xmalloc(n + 1);

	memcpy(s, p, n);
	s[n] = '\0';
	return keep(r, s);
}

static void
fail(struct rd *r, int tok, const char *f, ...)
{
	va_list	 ap;
	char	*msg;
	int	 line = 1, col = 1;

	if (tok >= 0 && tok < r->nt) {
		line = r->t[tok].line;
		col = r->t[tok].col;
	} else if (tok < -1) {
		line = -tok;	/* a warpviz: line, column 1 */
	}
	va_start(ap, f);
	if (vasprintf(&msg, f, ap) < 0)
		abort();
	va_end(ap);
	r->cause = cause_printf("%s:%d:%d: %s", r->path, line, col, msg);
	free(msg);
	longjmp(r->jb, 1);
}

/* --- tokens --------------------------------------------------------------- */

static const char *puncts[] = { "<<=", ">>=", "...", "->", "++", "--",
    "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=",
    "%=", "&=", "|=", "^=", "::", NULL };

static int
tok_is(const struct tok *t, const char *s)
{
	return (t->kind == T_PUNCT || t->kind == T_ID) &&
	    (int)strlen(s) == t->len && memcmp(t->p, s, t->len) == 0;
}

/* Lex text[from..to) into *out; directives only when top. */
static void lex(struct rd *, int from, int to, int line, int col, int top);

static void
push_tok(struct rd *r, struct tok **arr, int *n, const struct tok *t)
{
	if ((*n & 255) == 0)
		*arr = xreallocarray(*arr, *n + 256, sizeof **arr);
	(*arr)[(*n)++] = *t;
}

static int
find_macro(const struct rd *r, const char *p, int len)
{
	int	i;

	for (i = r->nm - 1; i >= 0; i--)
		if ((int)strlen(r->m[i].name) == len &&
		    memcmp(r->m[i].name, p, len) == 0)
			return i;
	return -1;
}

/* Append a token to the file's stream, expanding object-like macros. */
static void
emit_tok(struct rd *r, const struct tok *t, const struct tok *use, int depth)
{
	struct tok	 u;
	int		 m, i;

	if (t->kind == T_ID && (m = find_macro(r, t->p, t->len)) >= 0) {
		if (depth > 16)
			fail(r, -1, "macro %s expands too deep", r->m[m].name);
		if (r->m[m].func) {
			u = use != NULL ? *use : *t;
			push_tok(r, &r->t, &r->nt, &u);
			fail(r, r->nt - 1, "function-like macro %s is not "
			    "supported (use a constant or write it out)",
			    r->m[m].name);
		}
		for (i = 0; i < r->m[m].n; i++)
			emit_tok(r, &r->mt[r->m[m].first + i],
			    use != NULL ? use : t, depth + 1);
		return;
	}
	u = *t;
	if (use != NULL) {
		u.line = use->line;
		u.col = use->col;
		u.off = use->off;
		u.end = use->end;
	}
	push_tok(r, &r->t, &r->nt, &u);
}

static void
directive(struct rd *r, int from, int to, int line, int col)
{
	const char	*p = r->text + from, *e = r->text + to, *w;
	struct macro	*m;
	int		 n, before;

	(void)col;
	p++;	/* '#' */
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	for (w = p; p < e && isalpha((unsigned char)*p); p++)
		;
	n = (int)(p - w);
	if ((n == 7 && strncmp(w, "include", 7) == 0) ||
	    (n == 6 && strncmp(w, "pragma", 6) == 0) || n == 0)
		return;
	if (n == 5 && strncmp(w, "undef", 5) == 0) {
		while (p < e && isspace((unsigned char)*p))
			p++;
		for (w = p; p < e && (isalnum((unsigned char)*p) ||
		    *p == '_'); p++)
			;
		if ((before = find_macro(r, w, (int)(p - w))) >= 0)
			r->m[before].name[0] = '\0';
		return;
	}
	if (n != 6 || strncmp(w, "define", 6) != 0) {
		struct tok t = { T_PUNCT, r->text + from, 1, line, col, from,
		    from + 1 };

		push_tok(r, &r->t, &r->nt, &t);
		fail(r, r->nt - 1, "#%.*s is not supported (only #define, "
		    "#undef, #include and #pragma)", n, w);
	}
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	for (w = p; p < e && (isalnum((unsigned char)*p) || *p == '_'); p++)
		;
	if (p == w || p - w >= 64)
		return;
	r->m = xreallocarray(r->m, r->nm + 1, sizeof *r->m);
	m = &r->m[r->nm];
	memset(m, 0, sizeof *m);
	memcpy(m->name, w, p - w);
	m->func = p < e && *p == '(';
	m->first = r->nmt;
	before = r->nt;
	lex(r, (int)(p - r->text), to, line, col, 0);
	/* lex appended to r->t: move those tokens to the macro store. */
	for (n = before; n < r->nt; n++)
		push_tok(r, &r->mt, &r->nmt, &r->t[n]);
	r->nt = before;
	m->n = r->nmt - m->first;
	r->nm++;
}

static void
lex(struct rd *r, int from, int to, int line, int col, int top)
{
	const char	*s = r->text;
	struct tok	 t;
	int		 i = from, bol = top, start, k, len;

	while (i < to) {
		char c = s[i];

		if (c == '\n') {
			i++;
			line++;
			col = 1;
			bol = top;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
		    c == '\v') {
			i++;
			col++;
			continue;
		}
		if (c == '\\' && i + 1 < to && s[i + 1] == '\n') {
			i += 2;
			line++;
			col = 1;
			continue;
		}
		if (c == '/' && i + 1 < to && s[i + 1] == '/') {
			while (i < to && s[i] != '\n')
				i++;
			continue;
		}
		if (c == '/' && i + 1 < to && s[i + 1] == '*') {
			i += 2;
			col += 2;
			while (i < to && !(s[i] == '*' && i + 1 < to &&
			    s[i + 1] == '/')) {
				if (s[i] == '\n') {
					line++;
					col = 1;
				} else
					col++;
				i++;
			}
			i += 2;
			col += 2;
			continue;
		}
		if (c == '#' && bol) {
			start = i;
			while (i < to && !(s[i] == '\n' && s[i - 1] != '\\'))
				i++;
			directive(r, start, i, line, col);
			for (k = start; k < i; k++)
				if (s[k] == '\n')
					line++;
			continue;
		}
		bol = 0;
		memset(&t, 0, sizeof t);
		t.p = s + i;
		t.line = line;
		t.col = col;
		t.off = i;
		start = i;
		if (isalpha((unsigned char)c) || c == '_') {
			while (i < to && (isalnum((unsigned char)s[i]) ||
			    s[i] == '_'))
				i++;
			t.kind = T_ID;
		} else if (isdigit((unsigned char)c) || (c == '.' &&
		    i + 1 < to && isdigit((unsigned char)s[i + 1]))) {
			t.kind = T_NUM;
			while (i < to && (isalnum((unsigned char)s[i]) ||
			    s[i] == '.' || ((s[i] == '+' || s[i] == '-') &&
			    (s[i - 1] == 'e' || s[i - 1] == 'E') &&
			    !(s[start] == '0' && (s[start + 1] == 'x' ||
			    s[start + 1] == 'X'))))) {
				if (s[i] == '.' || ((s[i] == 'e' ||
				    s[i] == 'E' || s[i] == 'f' ||
				    s[i] == 'F') && !(s[start] == '0' &&
				    (s[start + 1] == 'x' ||
				    s[start + 1] == 'X'))))
					t.kind = T_FNUM;
				i++;
			}
		} else if (c == '"' || c == '\'') {
			for (i++; i < to && s[i] != c && s[i] != '\n'; i++)
				if (s[i] == '\\')
					i++;
			i++;
			t.kind = T_STR;
		} else {
			t.kind = T_PUNCT;
			len = 1;
			for (k = 0; puncts[k] != NULL; k++) {
				int pl = (int)strlen(puncts[k]);

				if (i + pl <= to &&
				    strncmp(s + i, puncts[k], pl) == 0) {
					len = pl;
					break;
				}
			}
			i += len;
		}
		if (i > to)
			i = to;
		t.len = i - start;
		t.end = i;
		col += t.len;
		if (top)
			emit_tok(r, &t, NULL, 0);
		else
			push_tok(r, &r->t, &r->nt, &t);
	}
}

/* --- the body being built -------------------------------------------------- */

static struct body_def *
body_add(struct rd *r, enum body_kind kind)
{
	struct kfile	*kf = r->kf;
	struct body_def	*b;

	if (r->dry)
		return NULL;
	if (kf->nbody == kf->abody) {
		kf->abody = kf->abody ? 2 * kf->abody : 64;
		kf->body = xreallocarray(kf->body, kf->abody, sizeof *kf->body);
	}
	b = &kf->body[kf->nbody++];
	memset(b, 0, sizeof *b);
	b->kind = kind;
	return b;
}

/* A model name not yet used: base, base_2, base_3 ... */
static const char *
uniq(struct rd *r, const char *base)
{
	char	buf[EXPR_NAME_MAX];
	int	i, n;

	for (n = 1; ; n++) {
		if (n == 1)
			snprintf(buf, sizeof buf, "%.24s", base);
		else
			snprintf(buf, sizeof buf, "%.20s_%d", base, n);
		for (i = 0; i < r->nused; i++)
			if (strcmp(r->used[i], buf) == 0)
				break;
		if (i == r->nused)
			break;
	}
	if (r->nused == r->aused) {
		r->aused = r->aused ? 2 * r->aused : 64;
		r->used = xreallocarray(r->used, r->aused, sizeof *r->used);
	}
	strcpy(r->used[r->nused++], buf);
	return fmt(r, "%s", buf);
}

static struct tok *
tk(struct rd *r)
{
	return &r->t[r->pos];
}

static int
at(struct rd *r, const char *s)
{
	return tok_is(tk(r), s);
}

static int
eat(struct rd *r, const char *s)
{
	if (!at(r, s))
		return 0;
	r->pos++;
	return 1;
}

static void
want(struct rd *r, const char *s)
{
	if (!eat(r, s))
		fail(r, r->pos, "expected '%s' before '%.*s'", s, tk(r)->len,
		    tk(r)->p);
}

static const char *
tok_text(struct rd *r, int i)
{
	return dup_n(r, r->t[i].p, r->t[i].len);
}

/* The source text of tokens first..last, as written. */
static const char *
src_text(struct rd *r, int first, int last)
{
	int	a = r->t[first].off, b = r->t[last].end;

	if (b <= a)
		return tok_text(r, first);
	return dup_n(r, r->text + a, b - a);
}

/* --- types ------------------------------------------------------------------ */

struct base_type {
	const char	*name;
	int		 size, align, is_int;
};

static const struct base_type base_types[] = {
	{ "char", 1, 1, 1 }, { "short", 2, 2, 1 }, { "int", 4, 4, 1 },
	{ "long", 8, 8, 1 }, { "unsigned", 4, 4, 1 }, { "signed", 4, 4, 1 },
	{ "size_t", 8, 8, 1 }, { "bool", 1, 1, 1 },
	{ "int8_t", 1, 1, 1 }, { "uint8_t", 1, 1, 1 },
	{ "int16_t", 2, 2, 1 }, { "uint16_t", 2, 2, 1 },
	{ "int32_t", 4, 4, 1 }, { "uint32_t", 4, 4, 1 },
	{ "int64_t", 8, 8, 1 }, { "uint64_t", 8, 8, 1 },
	{ "float", 4, 4, 0 }, { "double", 8, 8, 0 }, { "half", 2, 2, 0 },
	{ "__half", 2, 2, 0 }, { "half2", 4, 4, 0 }, { "__half2", 4, 4, 0 },
	{ "float2", 8, 8, 0 }, { "float3", 12, 4, 0 }, { "float4", 16, 16, 0 },
	{ "double2", 16, 16, 0 }, { "int2", 8, 8, 0 }, { "int3", 12, 4, 0 },
	{ "int4", 16, 16, 0 }, { "uint2", 8, 8, 0 }, { "uint4", 16, 16, 0 },
	{ "char4", 4, 4, 0 }, { "uchar4", 4, 4, 0 }, { "short2", 4, 4, 0 },
	{ "void", 1, 1, 0 },
	{ NULL, 0, 0, 0 }
};

static const char *qualifiers[] = { "const", "volatile", "__restrict__",
    "__restrict", "restrict", "static", "inline", "__forceinline__",
    "register", "__device__", NULL };

static int
is_qualifier(const struct tok *t)
{
	int	i;

	for (i = 0; qualifiers[i] != NULL; i++)
		if (tok_is(t, qualifiers[i]))
			return 1;
	return 0;
}

static int
find_struct(const struct rd *r, const struct tok *t)
{
	int	i;

	for (i = 0; i < r->nst; i++)
		if ((int)strlen(r->st[i].name) == t->len &&
		    memcmp(r->st[i].name, t->p, t->len) == 0)
			return i;
	return -1;
}

static const struct base_type *
find_base(const struct tok *t)
{
	int	i;

	for (i = 0; base_types[i].name != NULL; i++)
		if (tok_is(t, base_types[i].name))
			return &base_types[i];
	return NULL;
}

/* Does a type start here? */
static int
type_starts(struct rd *r, int i)
{
	const struct tok	*t = &r->t[i];

	return t->kind == T_ID && (is_qualifier(t) || find_base(t) != NULL ||
	    tok_is(t, "struct") || tok_is(t, "__shared__") ||
	    tok_is(t, "extern") || find_struct(r, t) >= 0);
}

/* Parse a type (qualifiers, base or struct, stars). */
static void
parse_type(struct rd *r, struct ty *out)
{
	const struct base_type	*b;
	int			 seen = 0, s, longs = 0;

	memset(out, 0, sizeof *out);
	out->strct = -1;
	for (;;) {
		if (is_qualifier(tk(r))) {
			r->pos++;
			continue;
		}
		if (tok_is(tk(r), "struct")) {
			r->pos++;
			if ((s = find_struct(r, tk(r))) < 0)
				fail(r, r->pos, "unknown struct %.*s",
				    tk(r)->len, tk(r)->p);
			goto have_struct;
		}
		if (!seen && (s = find_struct(r, tk(r))) >= 0) {
have_struct:
			out->size = r->st[s].size;
			out->align = r->st[s].align;
			out->strct = s;
			snprintf(out->name, sizeof out->name, "struct %s",
			    r->st[s].name);
			r->pos++;
			seen = 1;
			continue;
		}
		if ((b = find_base(tk(r))) != NULL) {
			if (tok_is(tk(r), "long") && ++longs > 1) {
				r->pos++;
				continue;
			}
			/* "unsigned int", "long long": one integer type. */
			if (!seen || (out->is_int && b->is_int)) {
				if (!seen || b->size > out->size ||
				    tok_is(tk(r), "long")) {
					out->size = b->size;
					out->align = b->align;
				}
				out->is_int = b->is_int;
				if (!seen)
					snprintf(out->name, sizeof out->name,
					    "%s", b->name);
				seen = 1;
				r->pos++;
				continue;
			}
		}
		break;
	}
	if (!seen)
		fail(r, r->pos, "expected a type before '%.*s'", tk(r)->len,
		    tk(r)->p);
	for (;;) {
		if (eat(r, "*"))
			out->ptr++;
		else if (is_qualifier(tk(r)))
			r->pos++;
		else
			break;
	}
}

/* --- values and expressions ------------------------------------------------ */

static struct var *
find_var(struct rd *r, const struct tok *t)
{
	int	i;

	for (i = r->nvars - 1; i >= 0; i--)
		if ((int)strlen(r->vars[i].name) == t->len &&
		    memcmp(r->vars[i].name, t->p, t->len) == 0)
			return &r->vars[i];
	return NULL;
}

static struct var *
add_var(struct rd *r, const struct tok *t, enum var_kind kind)
{
	struct var	*v;

	if (r->nvars == r->avars) {
		r->avars = r->avars ? 2 * r->avars : 64;
		r->vars = xreallocarray(r->vars, r->avars, sizeof *r->vars);
	}
	v = &r->vars[r->nvars++];
	memset(v, 0, sizeof *v);
	snprintf(v->name, sizeof v->name, "%.*s", t->len, t->p);
	v->kind = kind;
	v->depth = r->depth;
	v->origin = -1;
	v->strct = -1;
	return v;
}

/* Give an integer variable a new value: a let with a fresh model name. */
static void
set_int(struct rd *r, struct var *v, const char *text)
{
	const char	*m = uniq(r, v->name);
	struct body_def	*b;

	if ((b = body_add(r, BODY_LET)) != NULL) {
		b->name = m;
		b->expr = text;
	}
	snprintf(v->model, sizeof v->model, "%s", m);
	v->kind = VK_INT;
}

static void
note_change(struct rd *r, struct var *v, int additive, const char *inc,
    int tok)
{
	int	i = (int)(v - r->vars);

	if (!r->dry || r->chg == NULL || i < 0 || i >= r->nchg)
		return;
	if (r->chg[i] == 0)
		r->chg_at[i] = tok;
	if (!additive || r->nested || r->chg[i] == 2) {
		r->chg[i] = 2;
		return;
	}
	r->chg[i] = 1;
	r->inc[i] = r->inc[i] == NULL ? inc : fmt(r, "%s + %s", r->inc[i],
	    inc);
}

/* The text of the access that starts at token i: a[..][..].f */
static const char *
access_text(struct rd *r, int i)
{
	int	j = i + 1, depth;

	while (tok_is(&r->t[j], "[") || tok_is(&r->t[j], ".")) {
		if (tok_is(&r->t[j], ".")) {
			j += 2;
			continue;
		}
		for (depth = 0; r->t[j].kind != T_EOF; j++) {
			if (tok_is(&r->t[j], "["))
				depth++;
			else if (tok_is(&r->t[j], "]") && --depth == 0)
				break;
		}
		j++;
	}
	return src_text(r, i, j - 1 > i ? j - 1 : i);
}

/* The value must be one the model can compute: refuse data with why. */
static const char *
need_int(struct rd *r, const struct val *x, const char *what)
{
	if (x->kind == VAL_INT)
		return x->text;
	if (x->kind == VAL_DATA && x->origin <= -2)
		fail(r, -2 - x->origin, "unknown name '%s'", src_text(r,
		    -2 - x->origin, -2 - x->origin));
	if (x->kind == VAL_DATA && x->origin >= 0)
		fail(r, x->origin, "'%s' is read from memory and decides %s "
		    "(line %d); the model cannot follow a value read from "
		    "memory", access_text(r, x->origin), what,
		    r->t[x->first].line);
	if (x->kind == VAL_DATA)
		fail(r, x->first, "%s is not an integer the model can follow "
		    "('%s')", what, src_text(r, x->first, x->last));
	if (x->kind == VAL_UNKNOWN)
		fail(r, x->first, "%s uses '%s', which changes inside a loop "
		    "in a way the model cannot follow", what,
		    src_text(r, x->first, x->last));
	fail(r, x->first, "%s is not an integer ('%s')", what,
	    src_text(r, x->first, x->last));
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
	if ((b = body_add(r, BODY_SITE)) == NULL)
		return;
	b->op = op;
	sub = e->nsub == 2 ? fmt(r, "[%s][%s]", e->sub[0], e->sub[1]) :
	    fmt(r, "[%s]", e->sub[0]);
	if (field >= 0)
		b->expr = fmt(r, "%s%s.%s", a->name, sub,
		    a->fields[field].name);
	else
		b->expr = fmt(r, "%s%s", a->name, sub);
	b->text = src_text(r, e->first, e->last);
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
	int			 i, s;

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

static struct val	walk(struct rd *, int prec);
static struct val	unary(struct rd *);

static struct val
mk(enum val_kind k, int first, int last)
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

/* An rvalue: an element is loaded, an array alone is refused. */
static struct val
rval(struct rd *r, struct val x)
{
	struct val	d;

	if (x.kind == VAL_ELEM) {
		access_elem(r, &x, OP_LOAD);
		d = mk(VAL_DATA, x.first, x.last);
		d.origin = x.first;
		if (x.field < 0 && r->kf->v.arrays[x.arr].fields[0].name)
			d.strct = 1;
		return d;
	}
	if (x.kind == VAL_ARRAY)
		fail(r, x.first, "pointer arithmetic on '%s' is not "
		    "supported (index the array instead)",
		    r->kf->v.arrays[x.arr].name);
	return x;
}

static struct val
combine(struct rd *r, struct val a, struct val b, const char *op, int first,
    int last)
{
	struct val	v;

	if (a.kind == VAL_INT && b.kind == VAL_INT) {
		v = mk(VAL_INT, first, last);
		v.text = fmt(r, "(%s %s %s)", a.text, op, b.text);
		return v;
	}
	v = mk(a.kind != VAL_INT ? a.kind : b.kind, first, last);
	v.origin = a.kind != VAL_INT ? a.origin : b.origin;
	if (v.kind != VAL_DATA && v.kind != VAL_UNKNOWN)
		v.kind = VAL_DATA;
	return v;
}

/* Walk under a condition: sites get an IF around them. */
static void
guard_open(struct rd *r, const char *cond, int line)
{
	struct body_def	*b;

	if ((b = body_add(r, BODY_IF)) != NULL) {
		b->expr = cond;
		b->line = line;
	}
}

static void
guard_close(struct rd *r)
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
	body_add(r, BODY_END);
}

static struct val assign(struct rd *, struct val lhs, const char *op,
    int optok);

static struct val
primary(struct rd *r)
{
	struct val	 v, x;
	struct var	*var;
	struct ty	 ty;
	int		 first = r->pos, i, s;
	long long	 n;
	char		*end;
	static const char *builtins[] = { "threadIdx", "blockIdx",
	    "blockDim", "gridDim", NULL };

	if (eat(r, "(")) {
		if (type_starts(r, r->pos)) {
			parse_type(r, &ty);
			want(r, ")");
			x = rval(r, unary(r));
			if (ty.ptr) {
				if (x.kind == VAL_ARRAY)
					return x;
				fail(r, first, "pointer casts are not "
				    "supported here");
			}
			if (!ty.is_int && x.kind == VAL_INT) {
				v = mk(VAL_DATA, first, r->pos - 1);
				return v;
			}
			x.first = first;
			return x;
		}
		v = walk(r, 0);
		want(r, ")");
		v.first = first;
		v.last = r->pos - 1;
		return v;
	}
	if (tk(r)->kind == T_NUM) {
		n = strtoll(tk(r)->p, &end, 0);
		v = mk(VAL_INT, first, first);
		v.text = fmt(r, "%lld", n);
		r->pos++;
		return v;
	}
	if (tk(r)->kind == T_FNUM || tk(r)->kind == T_STR) {
		r->pos++;
		return mk(VAL_DATA, first, first);
	}
	if (tk(r)->kind != T_ID)
		fail(r, r->pos, "unexpected '%.*s'", tk(r)->len, tk(r)->p);
	for (i = 0; builtins[i] != NULL; i++) {
		if (!at(r, builtins[i]))
			continue;
		r->pos++;
		want(r, ".");
		v = mk(VAL_INT, first, r->pos);
		if (at(r, "x") || at(r, "y"))
			v.text = fmt(r, "%s.%.*s", builtins[i], 1, tk(r)->p);
		else if (at(r, "z"))
			v.text = i < 2 ? "0" : "1";
		else
			fail(r, r->pos, "expected x, y or z");
		r->pos++;
		return v;
	}
	if (at(r, "warpSize")) {
		r->pos++;
		v = mk(VAL_INT, first, first);
		v.text = "warp";
		return v;
	}
	if (at(r, "sizeof")) {
		r->pos++;
		want(r, "(");
		parse_type(r, &ty);
		want(r, ")");
		v = mk(VAL_INT, first, r->pos - 1);
		v.text = fmt(r, "%d", ty.ptr ? 8 : ty.size);
		return v;
	}
	if (at(r, "reinterpret_cast") || at(r, "static_cast")) {
		int	 re = at(r, "reinterpret_cast");

		r->pos++;
		want(r, "<");
		parse_type(r, &ty);
		want(r, ">");
		want(r, "(");
		x = walk(r, 0);
		want(r, ")");
		if (re && ty.ptr == 1 && x.kind == VAL_ARRAY) {
			/* A wider view of the array: vector loads. */
			x.size = ty.size;
			x.first = first;
			return x;
		}
		x = rval(r, x);
		if (!ty.is_int && x.kind == VAL_INT)
			return mk(VAL_DATA, first, r->pos - 1);
		return x;
	}
	var = find_var(r, tk(r));
	if (var == NULL) {
		/* A call of something we do not know: data. */
		if (r->t[r->pos + 1].kind == T_PUNCT &&
		    tok_is(&r->t[r->pos + 1], "("))
			return mk(VAL_DATA, first, first);	/* call() */
		/* HUGE_VALF, a device global: data, refused as an index. */
		v = mk(VAL_DATA, first, first);
		v.origin = -2 - first;
		r->pos++;
		return v;
	}
	r->pos++;
	switch (var->kind) {
	case VK_INT:
		v = mk(VAL_INT, first, first);
		v.text = fmt(r, "%s", var->model);	/* vars move */
		return v;
	case VK_ARRAY:
		v = mk(VAL_ARRAY, first, first);
		v.arr = var->arr;
		return v;
	case VK_UNKNOWN:
		v = mk(VAL_UNKNOWN, first, first);
		v.origin = var->origin;
		return v;
	default:
		v = mk(VAL_DATA, first, first);
		v.origin = var->origin;
		v.strct = var->strct;
		s = var->kind == VK_LOCAL;
		(void)s;
		return v;
	}
}

static struct val
call(struct rd *r, int first)
{
	const struct tok	*name = &r->t[first];
	struct val		 args[8], v;
	int			 n = 0, i, atomic;

	atomic = name->len > 6 && strncmp(name->p, "atomic", 6) == 0;
	want(r, "(");
	if (tok_is(name, "__syncthreads") || tok_is(name, "__syncwarp")) {
		while (!eat(r, ")"))
			r->pos++;
		return mk(VAL_DATA, first, r->pos - 1);
	}
	if (!at(r, ")")) {
		do {
			if (n == 8)
				fail(r, r->pos, "too many arguments");
			if (eat(r, "&")) {
				args[n] = unary(r);
				if (args[n].kind != VAL_ELEM)
					fail(r, args[n].first, "only the "
					    "address of an array element can "
					    "be taken");
				args[n].kind = VAL_ADDR;
				if (!atomic && !tok_is(name, "__ldg"))
					fail(r, args[n].first, "'%.*s' gets "
					    "an address: the model cannot "
					    "tell what it reads or writes",
					    name->len, name->p);
			} else
				args[n] = rval(r, walk(r, 1));
			n++;
		} while (eat(r, ","));
	}
	want(r, ")");
	if (tok_is(name, "__ldg") && n == 1 && args[0].kind == VAL_ADDR) {
		args[0].kind = VAL_ELEM;
		return rval(r, args[0]);
	}
	if (atomic) {
		/* One read-modify-write: the model counts it as a store. */
		for (i = 0; i < n; i++)
			if (args[i].kind == VAL_ADDR) {
				args[i].kind = VAL_ELEM;
				access_elem(r, &args[i], OP_STORE);
			}
		return mk(VAL_DATA, first, r->pos - 1);
	}
	if ((tok_is(name, "min") || tok_is(name, "max") ||
	    tok_is(name, "umin") || tok_is(name, "umax")) && n == 2 &&
	    args[0].kind == VAL_INT && args[1].kind == VAL_INT) {
		v = mk(VAL_INT, first, r->pos - 1);
		v.text = fmt(r, "((%s) %s (%s) ? (%s) : (%s))", args[0].text,
		    name->p[1] == 'i' || name->p[2] == 'i' ? "<" : ">",
		    args[1].text, args[0].text, args[1].text);
		return v;
	}
	v = mk(VAL_DATA, first, r->pos - 1);
	for (i = 0; i < n; i++)
		if (args[i].kind == VAL_DATA && args[i].origin >= 0)
			v.origin = args[i].origin;
	return v;
}

static struct val
postfix(struct rd *r)
{
	struct val	 v, s;
	const struct array_def *a;
	int		 first = r->pos, i, fieldtok;

	if (tk(r)->kind == T_ID && tok_is(&r->t[r->pos + 1], "(") &&
	    find_var(r, tk(r)) == NULL && find_base(tk(r)) == NULL) {
		r->pos++;
		v = call(r, first);
	} else
		v = primary(r);
	for (;;) {
		if (eat(r, "[")) {
			s = rval(r, walk(r, 0));
			want(r, "]");
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
					v = rval(r, v);
				v.last = r->pos - 1;
				continue;
			} else
				fail(r, v.first, "'%s' is not an array",
				    src_text(r, v.first, v.last));
			a = &r->kf->v.arrays[v.arr];
			v.sub[v.nsub++] = need_int(r, &s, fmt(r, "the index "
			    "of %s", a->name));
			if (v.size != 0) {
				/* reinterpret_cast<float4 *>(in)[i] */
				if (v.size % a->elem_size != 0)
					fail(r, first, "a view of %s in %d-"
					    "byte pieces is not supported",
					    a->name, v.size);
				v.sub[0] = fmt(r, "(%s) * %d", v.sub[0],
				    v.size / a->elem_size);
			}
			v.last = r->pos - 1;
			continue;
		}
		if (at(r, ".") || at(r, "->")) {
			if (at(r, "->"))
				fail(r, r->pos, "'->' is not supported");
			r->pos++;
			fieldtok = r->pos++;
			if (v.kind == VAL_ELEM) {
				a = &r->kf->v.arrays[v.arr];
				for (i = 0; i < VARIANT_MAX_FIELDS &&
				    a->fields[i].name; i++)
					if (tok_is(&r->t[fieldtok],
					    a->fields[i].name))
						break;
				if (i == VARIANT_MAX_FIELDS ||
				    a->fields[i].name == NULL)
					fail(r, fieldtok, "%s has no field "
					    "%.*s", a->name,
					    r->t[fieldtok].len,
					    r->t[fieldtok].p);
				v.field = i;
				v.last = fieldtok;
				continue;
			}
			v = rval(r, v);
			v.kind = v.kind == VAL_INT ? VAL_DATA : v.kind;
			v.last = fieldtok;
			continue;
		}
		if (at(r, "++") || at(r, "--")) {
			i = r->pos;
			r->pos++;
			s = mk(VAL_INT, i, i);
			s.text = "1";
			assign(r, v, tok_is(&r->t[i], "++") ? "+=" : "-=", i);
			v = mk(VAL_DATA, v.first, i);	/* the old value */
			continue;
		}
		return v;
	}
}

static struct val
unary(struct rd *r)
{
	struct val	v;
	int		first = r->pos;
	const char	*op;

	if (at(r, "++") || at(r, "--")) {
		op = at(r, "++") ? "+=" : "-=";
		r->pos++;
		v = unary(r);
		return assign(r, v, op, first);
	}
	if (at(r, "-") || at(r, "!") || at(r, "~") || at(r, "+")) {
		op = tk(r)->p;
		r->pos++;
		v = rval(r, unary(r));
		if (v.kind == VAL_INT)
			v.text = fmt(r, "%c(%s)", *op == '+' ? ' ' : *op,
			    v.text);
		v.first = first;
		return v;
	}
	if (at(r, "*"))
		fail(r, r->pos, "'*' through a pointer is not supported "
		    "(index the array instead)");
	if (at(r, "&"))
		fail(r, r->pos, "taking an address is not supported here");
	return postfix(r);
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
			if (at(r, binops[lv].op[i]))
				op = binops[lv].op[i];
		if (op == NULL)
			return a;
		opt = r->pos++;
		a = rval(r, a);
		if (lv <= 1) {
			/* The right side runs only when the left allows. */
			int	 mark = r->kf->nbody;
			const char *c = a.kind == VAL_INT ? a.text : "1";

			guard_open(r, lv == 1 ? c : fmt(r, "!(%s)", c),
			    r->t[opt].line);
			b = rval(r, binary(r, lv + 1));
			if (!r->dry && r->kf->nbody == mark + 1)
				r->kf->nbody = mark;	/* no site inside */
			else {
				if (a.kind != VAL_INT)
					need_int(r, &a, "a condition "
					    "guarding an access");
				guard_close(r);
			}
		} else
			b = rval(r, binary(r, lv + 1));
		a = combine(r, a, b, op, first, r->pos - 1);
	}
}

static struct val
ternary(struct rd *r)
{
	struct val	 c, a, b, v;
	int		 first = r->pos, mark;

	c = binary(r, 0);
	if (!eat(r, "?"))
		return c;
	c = rval(r, c);
	mark = r->kf->nbody;
	guard_open(r, c.kind == VAL_INT ? c.text : "1", r->t[first].line);
	a = rval(r, walk(r, 1));
	want(r, ":");
	if (!r->dry)
		body_add(r, BODY_ELSE);
	b = rval(r, ternary(r));
	if (!r->dry && r->kf->nbody == mark + 2)
		r->kf->nbody = mark;
	else {
		if (c.kind != VAL_INT)
			need_int(r, &c, "a condition choosing an access");
		guard_close(r);
	}
	if (c.kind == VAL_INT && a.kind == VAL_INT && b.kind == VAL_INT) {
		v = mk(VAL_INT, first, r->pos - 1);
		v.text = fmt(r, "((%s) ? (%s) : (%s))", c.text, a.text,
		    b.text);
		return v;
	}
	return combine(r, combine(r, c, a, "+", first, r->pos - 1), b, "+",
	    first, r->pos - 1);
}

/* lhs op= rhs already walked (rhs NULL: ++/--). */
static struct val
assign_val(struct rd *r, struct val lhs, const char *op, struct val *rhs,
    int optok)
{
	struct var	*var;
	struct val	 one, v;
	char		 bop[4];

	if (rhs == NULL) {
		one = mk(VAL_INT, optok, optok);
		one.text = "1";
		rhs = &one;
	}
	if (lhs.kind == VAL_ELEM) {
		if (strcmp(op, "=") != 0)
			access_elem(r, &lhs, OP_LOAD);
		access_elem(r, &lhs, OP_STORE);
		return mk(VAL_DATA, lhs.first, lhs.last);
	}
	if (r->t[lhs.first].kind != T_ID ||
	    (var = find_var(r, &r->t[lhs.first])) == NULL ||
	    (lhs.first != lhs.last && var->kind != VK_LOCAL &&
	    var->isint))
		fail(r, lhs.first, "cannot assign to '%s'",
		    src_text(r, lhs.first, lhs.last));
	if (lhs.first != lhs.last)	/* v[i][j] = ..., s.x = ... */
		return mk(VAL_DATA, lhs.first, lhs.last);
	if (var->kind == VK_ARRAY)
		fail(r, lhs.first, "pointer arithmetic on '%s' is not "
		    "supported (index the array instead)", var->name);
	if (var->kind == VK_LOCAL)
		return mk(VAL_DATA, lhs.first, lhs.last);
	snprintf(bop, sizeof bop, "%.*s", (int)strlen(op) - 1, op);
	if (strcmp(op, "=") == 0) {
		note_change(r, var, 0, NULL, optok);
		v = *rhs;
	} else {
		note_change(r, var, (strcmp(op, "+=") == 0 ||
		    strcmp(op, "-=") == 0) && rhs->kind == VAL_INT,
		    rhs->kind == VAL_INT ? fmt(r, "%s(%s)", op[0] == '-' ?
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
	if (v.kind == VAL_INT)
		set_int(r, var, v.text);
	else {
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
		if (at(r, aops[i]))
			op = aops[i];
	if (op == NULL)
		return lhs;
	optok = r->pos++;
	if (lhs.kind == VAL_ELEM && strcmp(op, "=") != 0) {
		/* a[x] += b[y]: load a, load b, store a. */
		access_elem(r, &lhs, OP_LOAD);
		rhs = rval(r, walk(r, 0));
		access_elem(r, &lhs, OP_STORE);
		return mk(VAL_DATA, lhs.first, r->pos - 1);
	}
	mark = r->pos;
	(void)mark;
	rhs = rval(r, walk(r, 0));
	return assign_val(r, lhs, op, &rhs, optok);
}

/* --- statements -------------------------------------------------------------- */

static int	statement(struct rd *);

static void
add_array(struct rd *r, int nametok, enum mem_space space, const struct ty *ty,
    const char *len, const char *d0, const char *d1)
{
	struct array_def	*a;
	struct var		*v;
	int			 i;

	if (r->narrays == VARIANT_MAX_ARRAYS)
		fail(r, nametok, "more than %d arrays", VARIANT_MAX_ARRAYS);
	a = &r->kf->v.arrays[r->narrays];
	for (i = 0; i < r->narrays; i++)
		if (tok_is(&r->t[nametok], r->kf->v.arrays[i].name) &&
		    r->kf->v.arrays[i].space == space)
			break;
	if (i < r->narrays)
		a = &r->kf->v.arrays[i];
	else
		r->narrays++;
	a->name = tok_text(r, nametok);
	a->space = space;
	a->elem_size = ty->size;
	a->type = fmt(r, "%s%s", ty->name, ty->strct >= 0 &&
	    r->st[ty->strct].align >= r->st[ty->strct].size ? "@a" : "");
	if (len != NULL)
		a->length = len;
	if (d0 != NULL) {
		a->dims[0] = d0;
		a->dims[1] = d1;
	}
	if (ty->strct >= 0)
		memcpy(a->fields, r->st[ty->strct].f, sizeof a->fields);
	else if (strcmp(ty->name, "float2") == 0 ||
	    strcmp(ty->name, "float4") == 0 ||
	    strcmp(ty->name, "float3") == 0 ||
	    strcmp(ty->name, "int3") == 0 ||
	    strcmp(ty->name, "double2") == 0 ||
	    strcmp(ty->name, "int2") == 0 || strcmp(ty->name, "int4") == 0) {
		static const char *fn[] = { "x", "y", "z", "w" };
		int fs = ty->name[0] == 'd' ? 8 : 4;

		for (i = 0; i < ty->size / fs && i < 4; i++) {
			a->fields[i].name = fn[i];
			a->fields[i].offset = i * fs;
			a->fields[i].size = fs;
		}
	}
	v = add_var(r, &r->t[nametok], VK_ARRAY);
	v->arr = (int)(a - r->kf->v.arrays);
}

/* An expression the model can evaluate over parameters: "[N]" sizes. */
static const char *
const_expr(struct rd *r, const char *what)
{
	struct val	v = rval(r, walk(r, 1));

	return need_int(r, &v, what);
}

static void
declaration(struct rd *r)
{
	struct ty	 ty;
	struct var	*v;
	struct val	 x;
	int		 shared = 0, ext = 0, nametok;
	const char	*d[2];
	int		 nd;

	for (;;) {
		if (eat(r, "__shared__"))
			shared = 1;
		else if (eat(r, "extern"))
			ext = 1;
		else
			break;
	}
	parse_type(r, &ty);
	if (eat(r, "__shared__"))
		shared = 1;
	do {
		while (eat(r, "*"))
			ty.ptr = 1;
		if (tk(r)->kind != T_ID)
			fail(r, r->pos, "expected a name");
		nametok = r->pos++;
		nd = 0;
		d[0] = d[1] = NULL;
		while (eat(r, "[")) {
			if (at(r, "]") && ext)
				d[nd] = NULL;
			else {
				if (nd == 2)
					fail(r, r->pos, "more than two "
					    "dimensions");
				d[nd] = const_expr(r, "an array size");
			}
			nd++;
			want(r, "]");
		}
		if (shared) {
			if (ext) {
				int	i;

				for (i = 0; i < r->narrays; i++)
					if (tok_is(&r->t[nametok],
					    r->kf->v.arrays[i].name))
						break;
				if (i == r->narrays)
					fail(r, nametok, "extern __shared__ "
					    "%.*s needs a '// warpviz: array "
					    "%.*s length=...' line",
					    r->t[nametok].len,
					    r->t[nametok].p,
					    r->t[nametok].len,
					    r->t[nametok].p);
				add_array(r, nametok, SPACE_SHARED, &ty,
				    NULL, NULL, NULL);
			} else if (nd == 1)
				add_array(r, nametok, SPACE_SHARED, &ty, d[0],
				    NULL, NULL);
			else if (nd == 2)
				add_array(r, nametok, SPACE_SHARED, &ty,
				    fmt(r, "(%s) * (%s)", d[0], d[1]), d[0],
				    d[1]);
			else
				fail(r, nametok, "a __shared__ scalar is not "
				    "modelled");
			continue;
		}
		if (ty.ptr)
			fail(r, nametok, "pointer variables are not "
			    "supported (index the kernel's arrays)");
		if (nd > 0) {
			v = add_var(r, &r->t[nametok], VK_LOCAL);
			if (eat(r, "="))
				fail(r, r->pos, "array initialisers are not "
				    "supported");
			continue;
		}
		if (eat(r, "=")) {
			if (at(r, "{"))
				fail(r, r->pos, "brace initialisers are not "
				    "supported");
			x = rval(r, walk(r, 1));
		} else {
			x = mk(VAL_UNKNOWN, nametok, nametok);
			x.origin = nametok;
		}
		v = add_var(r, &r->t[nametok], VK_DATA);
		v->isint = ty.is_int;
		if (ty.is_int && x.kind == VAL_INT)
			set_int(r, v, x.text);
		else if (x.kind == VAL_UNKNOWN && ty.is_int) {
			v->kind = VK_UNKNOWN;
			v->origin = nametok;
		} else {
			v->kind = VK_DATA;
			v->origin = x.kind == VAL_DATA ? x.origin : -1;
			v->strct = ty.is_int ? ty.strct : -2;
		}
	} while (eat(r, ","));
	want(r, ";");
}

/* Snapshot of the variables' values, to merge after an if. */
struct snap {
	struct var	*vars;
	int		 n;
};

static void
snap_take(struct rd *r, struct snap *s)
{
	s->n = r->nvars;
	s->vars = tmp_calloc(r, s->n + 1, sizeof *s->vars);
	memcpy(s->vars, r->vars, s->n * sizeof *s->vars);
}

/* After a branch under cond: each changed integer becomes c ? new : old. */
static void
merge_branch(struct rd *r, struct snap *before, const char *cond, int neg)
{
	struct var	*v, *o;
	int		 i;

	for (i = 0; i < before->n && i < r->nvars; i++) {
		v = &r->vars[i];
		o = &before->vars[i];
		if (v->kind == o->kind && strcmp(v->model, o->model) == 0 &&
		    v->origin == o->origin)
			continue;
		if (v->kind == VK_INT && o->kind == VK_INT) {
			char	now[EXPR_NAME_MAX];

			snprintf(now, sizeof now, "%s", v->model);
			set_int(r, v, neg ? fmt(r, "(%s) ? %s : %s", cond,
			    o->model, now) : fmt(r, "(%s) ? %s : %s", cond,
			    now, o->model));
		} else if (v->kind == VK_INT || o->kind == VK_INT) {
			v->kind = VK_UNKNOWN;
			v->origin = o->kind == VK_INT ? v->origin : o->origin;
			if (v->origin < 0)
				v->origin = r->pos - 1;
		}
	}
}

static void
scope_pop(struct rd *r, int nvars)
{
	r->nvars = nvars;
}

/* A block; returns 1 when it ends in return. */
static int
block(struct rd *r)
{
	int	nvars = r->nvars, ret = 0, closes = 0, st;

	want(r, "{");
	r->depth++;
	while (!at(r, "}")) {
		if (tk(r)->kind == T_EOF)
			fail(r, r->pos, "unexpected end of file in a block");
		if (ret)
			fail(r, r->pos, "code after return is not "
			    "supported");
		st = statement(r);
		if (st == 1)
			ret = 1;
		else if (st >= 2)
			closes += st - 1;	/* early returns: IF(!c) open */
	}
	r->pos++;
	while (closes-- > 0)
		guard_close(r);
	r->depth--;
	scope_pop(r, nvars);
	return ret;
}

static int
stmt_if(struct rd *r)
{
	struct val	 c;
	struct snap	 s;
	const char	*cond;
	int		 first = r->pos, ret_then, ret_else = 0, line, top;

	line = tk(r)->line;
	r->pos++;
	want(r, "(");
	c = rval(r, walk(r, 0));
	want(r, ")");
	cond = need_int(r, &c, "a condition");
	top = r->in_top_if;
	r->in_top_if = r->depth == 1;
	snap_take(r, &s);
	guard_open(r, cond, line);
	r->nested++;
	ret_then = statement(r) == 1;
	r->nested--;
	merge_branch(r, &s, cond, 0);
	if (eat(r, "else")) {
		snap_take(r, &s);
		body_add(r, BODY_ELSE);
		r->nested++;
		ret_else = statement(r) == 1;
		r->nested--;
		merge_branch(r, &s, cond, 1);
	}
	guard_close(r);
	r->in_top_if = top;
	(void)first;
	if (ret_then && ret_else)
		return 1;
	if (ret_then || ret_else) {
		/* The rest of the block runs where this branch did not. */
		guard_open(r, ret_then ? fmt(r, "!(%s)", cond) : cond, line);
		return 2;
	}
	return 0;
}

static int
stmt_for(struct rd *r)
{
	struct body_def	*b;
	struct var	*lv, *v;
	struct val	 x;
	int		 nvars = r->nvars, line = tk(r)->line, vtok, i, lvi, forat;
	int		 condtok, steptok, bodytok, endtok, op, save_body;
	int		 save_nused, save_vars, *chg, *chg_at, save_nested;
	int		 nchg;
	const char	*init, *cond, *step, *iter, **inc, *name;
	struct ty	 ty;
	struct snap	 s;

	r->pos++;
	want(r, "(");
	r->depth++;
	if (type_starts(r, r->pos)) {
		parse_type(r, &ty);
		if (!ty.is_int)
			fail(r, r->pos, "a loop variable must be an integer");
	}
	if (tk(r)->kind != T_ID)
		fail(r, r->pos, "expected the loop variable");
	vtok = r->pos++;
	want(r, "=");
	x = rval(r, walk(r, 1));
	init = need_int(r, &x, "the start of a loop");
	want(r, ";");
	/* The variable: a let over the iteration count, or a table. */
	lv = add_var(r, &r->t[vtok], VK_INT);
	lv->isint = 1;
	lvi = (int)(lv - r->vars);
	name = uniq(r, lv->name);
	iter = uniq(r, fmt(r, "%s_it", lv->name));
	snprintf(lv->model, sizeof lv->model, "%s", name);
	condtok = r->pos;
	/* Skip to the step and the body to read the step first. */
	for (i = r->pos; ; i++) {
		if (r->t[i].kind == T_EOF)
			fail(r, condtok, "unfinished for");
		if (tok_is(&r->t[i], ";"))
			break;
	}
	steptok = i + 1;
	for (i = steptok, op = 0; ; i++) {
		if (r->t[i].kind == T_EOF)
			fail(r, steptok, "unfinished for");
		if (tok_is(&r->t[i], "("))
			op++;
		if (tok_is(&r->t[i], ")") && op-- == 0)
			break;
	}
	bodytok = i + 1;
	/* The step: var++, ++var, var += e, var <<= e, ... */
	r->pos = steptok;
	op = 0;
	step = "1";
	if ((at(r, "++") || at(r, "--")) &&
	    r->t[r->pos + 1].len == r->t[vtok].len &&
	    memcmp(r->t[r->pos + 1].p, r->t[vtok].p, r->t[vtok].len) == 0) {
		step = at(r, "++") ? "1" : "-1";
		op = '+';
		r->pos += 2;
	} else if (tk(r)->len == r->t[vtok].len &&
	    memcmp(tk(r)->p, r->t[vtok].p, tk(r)->len) == 0) {
		r->pos++;
		if (eat(r, "++") || eat(r, "--")) {
			step = tok_is(&r->t[r->pos - 1], "++") ? "1" : "-1";
			op = '+';
		} else {
			static const struct { const char *t; int op; } ops[] = {
			    { "+=", '+' }, { "-=", '-' }, { "*=", '*' },
			    { "/=", '/' }, { "<<=", '<' }, { ">>=", '>' },
			    { NULL, 0 } };

			for (i = 0; ops[i].t != NULL; i++)
				if (eat(r, ops[i].t))
					break;
			if (ops[i].t == NULL)
				fail(r, r->pos, "a loop must step its "
				    "variable by ++, --, +=, -=, *=, /=, <<= "
				    "or >>=");
			op = ops[i].op;
			lv->kind = VK_DATA;	/* not in its own step */
			x = rval(r, walk(r, 1));
			lv->kind = VK_INT;
			step = need_int(r, &x, "the step of a loop");
			if (op == '-') {
				step = fmt(r, "-(%s)", step);
				op = '+';
			}
		}
	} else
		fail(r, r->pos, "a loop must step its own variable first "
		    "(for (...; ...; %.*s ...))", r->t[vtok].len,
		    r->t[vtok].p);
	/* Comma: further steps of induction variables (i += blockDim.x). */
	steptok = r->pos;
	if (!at(r, ")") && !at(r, ","))
		fail(r, r->pos, "unexpected '%.*s' in the loop step",
		    tk(r)->len, tk(r)->p);

	/*
	 * Dry run of the body and the extra steps: which outer integers
	 * change, and whether only by += of values fixed in the loop.
	 */
	save_body = r->kf->nbody;
	save_nused = r->nused;
	save_vars = r->nvars;
	snap_take(r, &s);
	chg = r->chg;
	chg_at = r->chg_at;
	inc = r->inc;
	save_nested = r->nested;
	nchg = r->nchg;
	/* Variables declared in the body have no entry: not outer ones. */
	r->nchg = r->nvars;
	r->chg = tmp_calloc(r, r->nvars + 1, sizeof *r->chg);
	r->chg_at = tmp_calloc(r, r->nvars + 1, sizeof *r->chg_at);
	r->inc = tmp_calloc(r, r->nvars + 1, sizeof *r->inc);
	r->dry++;
	r->nested = 0;
	r->pos = steptok;
	while (eat(r, ","))
		walk(r, 0);
	r->pos = bodytok;
	statement(r);
	endtok = r->pos;
	r->dry--;
	r->nvars = save_vars;
	memcpy(r->vars, s.vars, s.n * sizeof *s.vars);
	r->nused = save_nused;
	if (!r->dry)
		r->kf->nbody = save_body;
	lv = &r->vars[lvi];
	if (r->chg[lvi] != 0)
		fail(r, r->chg_at[lvi], "the loop variable %s "
		    "changes inside the loop; the model cannot follow it",
		    lv->name);
	/* The for node. */
	r->pos = condtok;
	x = rval(r, walk(r, 0));
	cond = need_int(r, &x, "a loop condition");
	want(r, ";");
	forat = r->dry ? -1 : r->kf->nbody;
	if ((b = body_add(r, BODY_FOR)) != NULL) {
		b->text = fmt(r, "%s", lv->name);
		b->name = name;
		b->iter = iter;
		b->init = init;
		b->expr = cond;
		b->step = step;
		b->step_op = op;
		b->line = line;
	}
	/* Induction variables: entry + iteration * increment. */
	for (i = 0; i < save_vars; i++) {
		v = &r->vars[i];
		if (r->chg[i] == 0 || i == lvi)
			continue;
		if (v->kind != VK_INT)
			continue;
		if (r->chg[i] == 1)
			set_int(r, v, fmt(r, "%s + %s * (%s)", v->model, iter,
			    r->inc[i]));
		else {
			v->kind = VK_UNKNOWN;
			v->origin = r->chg_at[i];
		}
	}
	{
		int	*c2 = r->chg, *ca2 = r->chg_at;
		const char **i2 = r->inc;

		r->chg = chg;
		r->chg_at = chg_at;
		r->inc = inc;
		r->nchg = nchg;
		r->nested = save_nested;
		r->pos = bodytok;
		r->loop_depth++;
		r->nested++;
		statement(r);
		r->nested--;
		r->loop_depth--;
		if (r->pos != endtok)
			fail(r, r->pos, "internal: loop body read twice "
			    "differently");
		/* A loop without an access (filling registers) is no step. */
		for (i = forat + 1; !r->dry && i < r->kf->nbody; i++)
			if (r->kf->body[i].kind == BODY_SITE)
				break;
		if (!r->dry && forat >= 0 && i == r->kf->nbody)
			r->kf->nbody = forat;
		else
			body_add(r, BODY_END);
		r->depth--;
		scope_pop(r, nvars);
		/* After the loop, what it changed is not known. */
		for (i = 0; i < save_vars && i < r->nvars; i++) {
			if (c2[i] == 0)
				continue;
			note_change(r, &r->vars[i], c2[i] == 1, i2[i],
			    ca2[i]);
			if (r->vars[i].kind == VK_INT) {
				r->vars[i].kind = VK_UNKNOWN;
				r->vars[i].origin = ca2[i];
			}
		}
	}
	return 0;
}

/* Returns 1 after return, 2.. when early returns left IFs open, else 0. */
static int
statement(struct rd *r)
{
	struct val	v;
	int		first = r->pos;

	if (at(r, "{"))
		return block(r);
	if (eat(r, ";"))
		return 0;
	if (at(r, "if"))
		return stmt_if(r);
	if (at(r, "for"))
		return stmt_for(r);
	if (at(r, "return")) {
		r->pos++;
		if (!eat(r, ";"))
			fail(r, first, "a kernel returns nothing");
		/* Early return: only from the kernel's own block or a branch
		   of one of its ifs, so the rest can be guarded. */
		if (r->loop_depth > 0 || !(r->depth == 1 ||
		    (r->depth == 2 && r->in_top_if)))
			fail(r, first, "return inside a loop or a nested block "
			    "is not supported (return early at the top of "
			    "the kernel, or guard with if)");
		return 1;
	}
	if (at(r, "while") || at(r, "do") || at(r, "switch") ||
	    at(r, "goto") || at(r, "break") || at(r, "continue"))
		fail(r, r->pos, "'%.*s' is not supported: the model follows "
		    "for loops with a bound and ifs", tk(r)->len, tk(r)->p);
	if (at(r, "__syncthreads") || at(r, "__syncwarp")) {
		r->pos++;
		want(r, "(");
		while (!eat(r, ")"))
			r->pos++;
		want(r, ";");
		return 0;
	}
	if (type_starts(r, r->pos) && !tok_is(&r->t[r->pos + 1], "(")) {
		declaration(r);
		return 0;
	}
	if (at(r, "#"))
		fail(r, r->pos, "unexpected '#'");
	v = walk(r, 0);
	if (v.kind == VAL_ELEM)
		rval(r, v);
	if (!eat(r, ";"))
		fail(r, r->pos, "expected ';' before '%.*s'", tk(r)->len,
		    tk(r)->p);
	return 0;
}

/* --- warpviz: lines ----------------------------------------------------------- */

/* Expand macros in a value from a warpviz: line; checks it lexes. */
static const char *
expand_text(struct rd *r, const char *text, int line)
{
	struct rd	 sub;
	char		*buf;
	size_t		 len = 0, cap = strlen(text) * 4 + 64;
	int		 i;

	memset(&sub, 0, sizeof sub);
	sub.path = r->path;
	sub.text = text;
	sub.kf = r->kf;
	sub.m = r->m;
	sub.nm = r->nm;
	sub.mt = r->mt;
	sub.nmt = r->nmt;
	lex(&sub, 0, (int)strlen(text), line, 1, 0);
	buf = xmalloc(cap);
	buf[0] = '\0';
	for (i = 0; i < sub.nt; i++) {
		int m = sub.t[i].kind == T_ID ? find_macro(r, sub.t[i].p,
		    sub.t[i].len) : -1;
		int j;

		if (m >= 0 && !r->m[m].func) {
			for (j = 0; j < r->m[m].n; j++) {
				const struct tok *t = &r->mt[r->m[m].first + j];

				if (len + t->len + 2 >= cap) {
					cap = 2 * cap + t->len;
					buf = xreallocarray(buf, cap, 1);
				}
				len += snprintf(buf + len, cap - len, "%s%.*s",
				    len ? " " : "", t->len, t->p);
			}
			continue;
		}
		if (len + sub.t[i].len + 2 >= cap) {
			cap = 2 * cap + sub.t[i].len;
			buf = xreallocarray(buf, cap, 1);
		}
		len += snprintf(buf + len, cap - len, "%s%.*s", len ? " " : "",
		    sub.t[i].len, sub.t[i].p);
	}
	free(sub.t);
	return keep(r, buf);
}

/* Split "A,B" at the top-level comma. */
static void
split2(struct rd *r, const char *s, const char **a, const char **b)
{
	int	depth = 0, n;
	const char *p;

	for (p = s; *p != '\0'; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		else if (*p == ',' && depth == 0)
			break;
	}
	while (*s == ' ')
		s++;
	n = (int)(p - s);
	while (n > 0 && s[n - 1] == ' ')
		n--;
	*a = dup_n(r, s, n);
	if (*p != ',') {
		*b = "1";
		return;
	}
	for (p++; *p == ' '; p++)
		;
	n = (int)strlen(p);
	while (n > 0 && p[n - 1] == ' ')
		n--;
	*b = dup_n(r, p, n);
}

/* The value of key=... among the words of a line, or NULL. */
static const char *
word_value(struct rd *r, char **w, int n, const char *key)
{
	size_t	len = strlen(key);
	int	i;

	for (i = 0; i < n; i++)
		if (strncmp(w[i], key, len) == 0 && w[i][len] == '=')
			return fmt(r, "%s", w[i] + len + 1);
	return NULL;
}

static void
line_words(char *s, char **w, int *n, int max)
{
	*n = 0;
	while (*s != '\0' && *n < max) {
		while (*s == ' ' || *s == '\t')
			*s++ = '\0';
		if (*s == '\0')
			break;
		w[(*n)++] = s;
		while (*s != '\0' && *s != ' ' && *s != '\t')
			s++;
	}
}

struct meta {
	const char	*kernel, *grid, *block;
	int		 launch_line;
	struct {
		const char *name, *length, *dims;
		int line;
		int bound;
	}		 arr[VARIANT_MAX_ARRAYS];
	int		 narr;
	int		 nparams;
	int		 nderived;
	int		 blk;		/* which block of warpviz: lines */
	int		 after;		/* its last line: the kernel follows */
	int		 tparam[4];	/* template <int X>: tokens */
	int		 ntparam;
	const char	*sym[VARIANT_MAX_PARAMS];
};

static int
parse_int_text(const char *s, int64_t *out)
{
	char		*end;
	long long	 v;

	v = strtoll(s, &end, 0);
	if (end == s)
		return -1;
	*out = v;
	return (int)(end - s);
}

static void
meta_line(struct rd *r, struct meta *m, const char *s, int line)
{
	struct variant	*v = &r->kf->v;
	struct param_def *p;
	char		*copy, *w[16], *eq;
	const char	*val, *key;
	int		 n, k;
	int64_t		 lo, hi;

	while (*s == ' ' || *s == '\t')
		s++;
	copy = xstrdup(s);
	keep(r, copy);
	n = (int)strcspn(copy, " \t=");
	if (copy[n] == '=') {
		copy[n] = '\0';
		key = copy;
		val = copy + n + 1;
		if (strcmp(key, "name") == 0)
			v->name = val;
		else if (strcmp(key, "title") == 0)
			v->title = val;
		else if (strcmp(key, "family") == 0)
			v->family = val;
		else if (strcmp(key, "lesson") == 0)
			v->lesson = v->lesson == NULL ? val : fmt(r, "%s %s",
			    v->lesson, val);
		else if (strcmp(key, "compare") == 0)
			v->compare = val;
		else if (strcmp(key, "note") == 0)
			v->note = val;
		else if (strcmp(key, "inputs") == 0) {
			/* inputs=LO..HI: the live run's random inputs. */
			char	*end;

			v->live.lo = strtof(val, &end);
			if (strncmp(end, "..", 2) != 0)
				fail(r, -line, "inputs: expected LO..HI");
			v->live.hi = strtof(end + 2, &end);
			if (*end != '\0' || !(v->live.hi > v->live.lo))
				fail(r, -line, "inputs: expected LO..HI with "
				    "LO < HI");
		} else if (strcmp(key, "require") == 0)
			v->require = expand_text(r, val, line);
		else if (strcmp(key, "require-text") == 0)
			v->require_text = val;
		else
			fail(r, -line, "unknown warpviz key '%s' (name, title, "
			    "family, lesson, compare, note, inputs, require, "
			    "require-text, param, launch, array, let)", key);
		return;
	}
	line_words(copy, w, &n, 16);
	if (n == 0)
		return;
	if (strcmp(w[0], "param") == 0) {
		if (m->nparams == VARIANT_MAX_PARAMS)
			fail(r, -line, "more than %d params",
			    VARIANT_MAX_PARAMS);
		p = &v->params[m->nparams++];
		if (n < 2 || (eq = strchr(w[1], '=')) == NULL)
			fail(r, -line, "param: expected NAME=DEFAULT");
		*eq = '\0';
		p->name = w[1];
		if (parse_int_text(eq + 1, &p->def) < 0)
			fail(r, -line, "param %s: the default must be a whole "
			    "number", w[1]);
		val = word_value(r, w + 2, n - 2, "range");
		if (val == NULL || (k = parse_int_text(val, &lo)) < 0 ||
		    strncmp(val + k, "..", 2) != 0 ||
		    parse_int_text(val + k + 2, &hi) < 0 || lo > hi ||
		    p->def < lo || p->def > hi)
			fail(r, -line, "param %s: needs range=MIN..MAX around "
			    "its default", w[1]);
		p->min = lo;
		p->max = hi;
		for (k = 2; k < n; k++)
			if (strcmp(w[k], "pow2") == 0)
				p->flags |= PARAM_POW2;
		p->sym = word_value(r, w + 2, n - 2, "sym");
		p->unit = word_value(r, w + 2, n - 2, "unit");
		if (p->unit == NULL)
			p->unit = "";
		p->text = "a parameter of the kernel file";
		if ((eq = strstr(s, "text=")) != NULL)
			p->text = fmt(r, "%s", eq + 5);
		return;
	}
	if (strcmp(w[0], "launch") == 0) {
		m->kernel = word_value(r, w + 1, n - 1, "kernel");
		m->grid = word_value(r, w + 1, n - 1, "grid");
		m->block = word_value(r, w + 1, n - 1, "block");
		m->launch_line = line;
		if (m->grid == NULL || m->block == NULL)
			fail(r, -line, "launch: needs grid=X[,Y] and "
			    "block=X[,Y]");
		return;
	}
	if (strcmp(w[0], "array") == 0) {
		if (m->narr == VARIANT_MAX_ARRAYS || n < 3)
			fail(r, -line, "array: expected NAME length=EXPR "
			    "[dims=ROWS,COLS]");
		m->arr[m->narr].name = w[1];
		m->arr[m->narr].length = word_value(r, w + 2, n - 2,
		    "length");
		m->arr[m->narr].dims = word_value(r, w + 2, n - 2, "dims");
		m->arr[m->narr].line = line;
		if (m->arr[m->narr].length == NULL)
			fail(r, -line, "array %s: needs length=EXPR", w[1]);
		m->narr++;
		return;
	}
	if (strcmp(w[0], "let") == 0) {
		/* let NAME=EXPRESSION: the expression is the rest of the line. */
		if (m->nderived == 4 || n < 2 || (eq = strchr(w[1], '=')) ==
		    NULL || (val = strchr(s, '=')) == NULL)
			fail(r, -line, "let: expected NAME=EXPR (at most 4)");
		*eq = '\0';
		v->derived[m->nderived].name = w[1];
		v->derived[m->nderived++].expr = expand_text(r, val + 1, line);
		return;
	}
	fail(r, -line, "unknown warpviz line '%s' (name=, title=, family=, "
	    "lesson=, compare=, note=, param, launch, array, let)", w[0]);
}

/* --- file scope ---------------------------------------------------------------- */

static void
parse_struct(struct rd *r)
{
	struct strct	*s;
	struct ty	 ty;
	int		 align = 0, off = 0, maxal = 1, nametok;

	r->pos++;	/* struct */
	if (eat(r, "__align__")) {
		want(r, "(");
		if (tk(r)->kind != T_NUM)
			fail(r, r->pos, "expected a number");
		align = atoi(tk(r)->p);
		r->pos++;
		want(r, ")");
	}
	if (tk(r)->kind != T_ID)
		fail(r, r->pos, "expected a struct name");
	nametok = r->pos++;
	if (!at(r, "{"))
		return;	/* a declaration that uses it: caller skips */
	r->pos++;
	if (r->nst == 16)
		fail(r, nametok, "too many structs");
	s = &r->st[r->nst];
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%.*s", r->t[nametok].len,
	    r->t[nametok].p);
	while (!eat(r, "}")) {
		parse_type(r, &ty);
		if (ty.ptr)
			fail(r, r->pos, "pointer fields are not supported");
		do {
			if (tk(r)->kind != T_ID)
				fail(r, r->pos, "expected a field name");
			if (s->nf == VARIANT_MAX_FIELDS)
				fail(r, r->pos, "more than %d fields",
				    VARIANT_MAX_FIELDS);
			off = (off + ty.align - 1) / ty.align * ty.align;
			s->f[s->nf].name = tok_text(r, r->pos);
			s->f[s->nf].offset = off;
			s->f[s->nf].size = ty.size;
			s->nf++;
			off += ty.size;
			if (ty.align > maxal)
				maxal = ty.align;
			r->pos++;
		} while (eat(r, ","));
		want(r, ";");
	}
	if (align > maxal)
		maxal = align;
	s->align = maxal;
	s->size = (off + maxal - 1) / maxal * maxal;
	r->nst++;
	want(r, ";");
}

/* Skip one file-scope item: up to ';' or a balanced {...}. */
static void
skip_item(struct rd *r)
{
	int	depth = 0;

	for (; tk(r)->kind != T_EOF; r->pos++) {
		if (at(r, "{"))
			depth++;
		else if (at(r, "}")) {
			if (--depth <= 0) {
				r->pos++;
				eat(r, ";");
				return;
			}
		} else if (at(r, ";") && depth == 0) {
			r->pos++;
			return;
		}
	}
}

/* An integer the launch gives: a param (by its sym or name) or a let. */
static void
bind_int(struct rd *r, int nametok)
{
	struct variant	*v = &r->kf->v;
	struct var	*var;
	const char	*name = NULL;
	int		 k;

	for (k = 0; k < VARIANT_MAX_PARAMS && v->params[k].name; k++) {
		name = v->params[k].sym ? v->params[k].sym : v->params[k].name;
		if (tok_is(&r->t[nametok], name))
			break;
		name = NULL;
	}
	for (k = 0; name == NULL && k < 4 && v->derived[k].name; k++)
		if (tok_is(&r->t[nametok], v->derived[k].name))
			name = v->derived[k].name;
	if (name == NULL)
		fail(r, nametok, "integer parameter %.*s needs a '// warpviz: "
		    "param %.*s=DEFAULT range=MIN..MAX' line",
		    r->t[nametok].len, r->t[nametok].p, r->t[nametok].len,
		    r->t[nametok].p);
	var = add_var(r, &r->t[nametok], VK_INT);
	var->isint = 1;
	snprintf(var->model, sizeof var->model, "%s", name);
}

/* The live run's arguments in order (struct live_spec): names. */
static void
live_arg(struct rd *r, const char *name)
{
	struct live_spec	*ls = &r->kf->v.live;

	ls->args = ls->args == NULL ? fmt(r, "%s", name) :
	    fmt(r, "%s %s", ls->args, name);
}

static void
kernel_params(struct rd *r, struct meta *m)
{
	struct ty	 ty;
	struct var	*var;
	int		 nametok, i;

	for (i = 0; i < m->ntparam; i++)
		bind_int(r, m->tparam[i]);
	want(r, "(");
	if (eat(r, ")"))
		return;
	if (at(r, "void") && tok_is(&r->t[r->pos + 1], ")")) {
		r->pos += 2;
		return;
	}
	do {
		parse_type(r, &ty);
		if (tk(r)->kind != T_ID)
			fail(r, r->pos, "expected a parameter name");
		nametok = r->pos++;
		if (ty.ptr) {
			for (i = 0; i < m->narr; i++)
				if (tok_is(&r->t[nametok], m->arr[i].name))
					break;
			if (i == m->narr)
				fail(r, nametok, "pointer parameter %.*s needs "
				    "a '// warpviz: array %.*s length=...' "
				    "line", r->t[nametok].len,
				    r->t[nametok].p, r->t[nametok].len,
				    r->t[nametok].p);
			m->arr[i].bound = 1;
			add_array(r, nametok, SPACE_GLOBAL, &ty,
			    expand_text(r, m->arr[i].length, m->arr[i].line),
			    NULL, NULL);
			live_arg(r, tok_text(r, nametok));
			continue;
		}
		if (ty.is_int) {
			bind_int(r, nametok);
			live_arg(r, r->vars[r->nvars - 1].model);
		} else {
			var = add_var(r, &r->t[nametok], VK_DATA);
			var->strct = -2;
			live_arg(r, "0");
		}
	} while (eat(r, ","));
	want(r, ")");
}

static void
file_scope(struct rd *r, struct meta *m, int *kbody)
{
	struct ty	 ty;
	const char	*d[2];
	int		 nd, nametok, start, is_global, is_template, namepos;
	int		 i, tp[4], ntp = 0, is_device;

	*kbody = -1;
	while (tk(r)->kind != T_EOF) {
		start = r->pos;
		is_template = 0;
		if (at(r, "extern") && r->t[r->pos + 1].kind == T_STR) {
			r->pos += 2;
			if (at(r, "{"))
				fail(r, r->pos, "extern \"C\" { ... } blocks "
				    "are not supported");
		}
		ntp = 0;
		if (at(r, "template")) {
			is_template = 1;
			r->pos++;
			want(r, "<");
			while (!eat(r, ">") && tk(r)->kind != T_EOF) {
				if (tk(r)->kind == T_ID && ntp < 4 &&
				    tok_is(&r->t[r->pos - 1], "int"))
					tp[ntp++] = r->pos;
				r->pos++;
			}
		}
		if (at(r, "struct") && (tok_is(&r->t[r->pos + 2], "{") ||
		    tok_is(&r->t[r->pos + 1], "__align__"))) {
			parse_struct(r);
			continue;
		}
		if (at(r, "__constant__")) {
			r->pos++;
			parse_type(r, &ty);
			nametok = r->pos++;
			nd = 0;
			d[0] = d[1] = NULL;
			while (eat(r, "[")) {
				if (nd == 2)
					fail(r, r->pos, "more than two "
					    "dimensions");
				d[nd++] = const_expr(r, "an array size");
				want(r, "]");
			}
			if (nd == 0)
				fail(r, nametok, "a __constant__ scalar is "
				    "not modelled (make it an array)");
			add_array(r, nametok, SPACE_CONSTANT, &ty, nd == 1 ?
			    d[0] : fmt(r, "(%s) * (%s)", d[0], d[1]),
			    nd == 2 ? d[0] : NULL, nd == 2 ? d[1] : NULL);
			skip_item(r);
			continue;
		}
		is_global = is_device = 0;
		namepos = -1;
		for (i = r->pos; r->t[i].kind != T_EOF &&
		    !tok_is(&r->t[i], ";") && !tok_is(&r->t[i], "{"); i++) {
			if (tok_is(&r->t[i], "__global__"))
				is_global = 1;
			if (tok_is(&r->t[i], "__device__"))
				is_device = 1;
			if (namepos < 0 && tok_is(&r->t[i], "(") &&
			    i > r->pos && r->t[i - 1].kind == T_ID &&
			    !tok_is(&r->t[i - 1], "__launch_bounds__"))
				namepos = i - 1;
		}
		/*
		 * The kernel: the function launch kernel= names (a __device__
		 * template the __global__ ones call will do), else the first
		 * __global__ function after this block of warpviz: lines.
		 */
		if (namepos >= 0 && tok_is(&r->t[i], "{") && *kbody < 0 &&
		    ((m->kernel != NULL && (is_global || is_device) &&
		    (int)strlen(m->kernel) == r->t[namepos].len &&
		    strncmp(m->kernel, r->t[namepos].p,
		    r->t[namepos].len) == 0) || (m->kernel == NULL &&
		    is_global && r->t[namepos].line > m->after))) {
			r->kf->v.kernel = tok_text(r, namepos);
			*kbody = namepos + 1;
			memcpy(m->tparam, tp, sizeof tp);
			m->ntparam = is_template ? ntp : 0;
		}
		r->pos = start;
		skip_item(r);
		if (r->pos == start)
			r->pos++;
	}
}

static void
kfile_free(struct kfile *kf)
{
	int	i;

	if (kf == NULL)
		return;
	for (i = 0; i < kf->nstrs; i++)
		free(kf->strs[i]);
	free(kf->strs);
	free(kf->body);
	free(kf);
}

static int
line_has(const char *p, const char *e, const char *word)
{
	size_t	n = strlen(word);

	for (; p + n <= e; p++)
		if (strncmp(p, word, n) == 0)
			return 1;
	return 0;
}

/*
 * Collect block m->block of warpviz: lines: a block is a run of them with
 * no function between; its kernel is the first one after it.  Returns the
 * number of blocks in the file.
 */
static int
meta_lines(struct rd *r, struct meta *m)
{
	const char	*p = r->text, *e, *q;
	char		*line;
	int		 ln = 1, block = -1, open = 0;

	for (; *p != '\0'; ln++) {
		e = strchr(p, '\n');
		if (e == NULL)
			e = p + strlen(p);
		for (q = p; q < e && (*q == ' ' || *q == '\t'); q++)
			;
		if (e - q > 11 && strncmp(q, "// warpviz:", 11) == 0) {
			if (!open) {
				block++;
				open = 1;
			}
			if (block == m->blk) {
				line = (char *)dup_n(r, q + 11, e - q - 11);
				if (strlen(line) > 0 &&
				    line[strlen(line) - 1] == '\r')
					line[strlen(line) - 1] = '\0';
				meta_line(r, m, line, ln);
				m->after = ln;
			}
		} else if (open && (line_has(q, e, "__global__") ||
		    line_has(q, e, "__device__")))
			open = 0;
		p = *e == '\0' ? e : e + 1;
	}
	return block + 1;
}

static const char *
base_name(struct rd *r, const char *path)
{
	const char	*b = strrchr(path, '/');
	size_t		 n;

	b = b == NULL ? path : b + 1;
	n = strlen(b);
	if (n > 3 && strcmp(b + n - 3, ".cu") == 0)
		n -= 3;
	return dup_n(r, b, n);
}

static void
rd_free(struct rd *r)
{
	int	i;

	for (i = 0; i < r->ntmps; i++)
		free(r->tmps[i]);
	free(r->tmps);
	free(r->t);
	free(r->mt);
	free(r->m);
	free(r->vars);
	free(r->used);
}

struct variant *
ksrc_parse(const char *path, const char *text, char **cause)
{
	return ksrc_parse_block(path, text, 0, cause);
}

struct variant *
ksrc_parse_block(const char *path, const char *text, int nblock,
    char **cause)
{
	struct rd	 r;
	struct meta	 m;
	struct kfile	*kf;
	struct variant	*v;
	struct tok	 eof;
	int		 kbody, i, k;
	const char	*a, *b;

	*cause = NULL;
	memset(&r, 0, sizeof r);
	memset(&m, 0, sizeof m);
	kf = xcalloc(1, sizeof *kf);
	r.path = path;
	r.text = text;
	r.kf = kf;
	v = &kf->v;
	if (setjmp(r.jb) != 0)
		goto fail;
	if (strlen(text) > KSRC_MAX_BYTES)
		fail(&r, -1, "the file is larger than %d bytes",
		    KSRC_MAX_BYTES);
	v->path = fmt(&r, "%s", path);
	v->text = fmt(&r, "%s", text);
	r.text = v->text;
	lex(&r, 0, (int)strlen(r.text), 1, 1, 1);
	memset(&eof, 0, sizeof eof);
	eof.kind = T_EOF;
	eof.p = "";
	eof.line = r.nt > 0 ? r.t[r.nt - 1].line : 1;
	eof.col = r.nt > 0 ? r.t[r.nt - 1].col + r.t[r.nt - 1].len : 1;
	for (i = 0; i < 4; i++)
		push_tok(&r, &r.t, &r.nt, &eof);
	m.blk = nblock;
	if (meta_lines(&r, &m) <= nblock)
		fail(&r, -1, "no block %d of '// warpviz:' lines", nblock + 1);
	if (m.launch_line == 0)
		fail(&r, -1, "no '// warpviz: launch grid=X,Y block=X,Y' "
		    "line");
	if (v->name == NULL)
		v->name = base_name(&r, path);
	if (v->title == NULL)
		v->title = fmt(&r, "%s (from %s)", v->name, path);
	if (v->family == NULL)
		v->family = v->name;
	if (v->lesson == NULL)
		v->lesson = "";
	v->source = base_name(&r, path);
	v->source = fmt(&r, "%s.cu", v->source);
	split2(&r, expand_text(&r, m.grid, m.launch_line), &a, &b);
	v->grid[0] = a;
	v->grid[1] = b;
	split2(&r, expand_text(&r, m.block, m.launch_line), &a, &b);
	v->block[0] = a;
	v->block[1] = b;
	/* Parameters name the model's slots. */
	for (i = 0; i < VARIANT_MAX_PARAMS && v->params[i].name; i++) {
		if (strlen(v->params[i].name) >= EXPR_NAME_MAX - 4)
			fail(&r, -1, "param name %s is too long",
			    v->params[i].name);
		uniq(&r, v->params[i].name);
	}
	for (i = 0; i < 4 && v->derived[i].name; i++)
		uniq(&r, v->derived[i].name);
	uniq(&r, "warp");
	/* Dynamic shared arrays come from array lines too: declare them
	   in the order the kernel does, so keep them for later. */
	r.pos = 0;
	file_scope(&r, &m, &kbody);
	if (kbody < 0) {
		if (m.kernel != NULL)
			fail(&r, -m.launch_line, "no __global__ function %s",
			    m.kernel);
		fail(&r, -1, "no __global__ function");
	}
	r.pos = kbody;
	kernel_params(&r, &m);
	/* extern __shared__ arrays: their array lines hold the length. */
	for (i = 0; i < m.narr; i++) {
		if (m.arr[i].bound)
			continue;
		for (k = kbody; k < r.nt && r.t[k].kind != T_EOF; k++)
			if (tok_is(&r.t[k], m.arr[i].name))
				break;
		if (k == r.nt || r.t[k].kind == T_EOF ||
		    r.narrays == VARIANT_MAX_ARRAYS)
			fail(&r, -m.arr[i].line, "array %s is not a pointer "
			    "parameter of the kernel nor an extern __shared__ "
			    "array", m.arr[i].name);
		v->arrays[r.narrays].name = m.arr[i].name;
		v->arrays[r.narrays].space = SPACE_SHARED;
		v->arrays[r.narrays].length = expand_text(&r, m.arr[i].length,
		    m.arr[i].line);
		v->arrays[r.narrays].elem_size = 4;
		r.narrays++;
	}
	if (!at(&r, "{"))
		fail(&r, r.pos, "expected the kernel's body");
	block(&r);
	/* Drawing dims from array lines. */
	for (i = 0; i < m.narr; i++) {
		if (m.arr[i].dims == NULL)
			continue;
		for (k = 0; k < r.narrays; k++)
			if (strcmp(v->arrays[k].name, m.arr[i].name) == 0)
				break;
		if (k == r.narrays)
			continue;
		split2(&r, expand_text(&r, m.arr[i].dims, m.arr[i].line), &a,
		    &b);
		v->arrays[k].dims[0] = a;
		v->arrays[k].dims[1] = b;
	}
	for (k = 0; k < r.narrays; k++) {
		const char *t = v->arrays[k].type;

		if (t != NULL && strstr(t, "@a") != NULL)
			v->arrays[k].type = dup_n(&r, t, strstr(t, "@a") - t);
		if (v->arrays[k].type == NULL)
			v->arrays[k].type = "float";
	}
	/* The live run: the file's own text, the arrays the kernel writes,
	   random inputs in [0, 1) unless inputs= says otherwise. */
	v->live.text = v->text;
	if (v->live.hi <= v->live.lo) {
		v->live.lo = 0;
		v->live.hi = 1;
	}
	for (i = 0; i < kf->nbody; i++) {
		const struct body_def	*bd = &kf->body[i];
		size_t			 n = strcspn(bd->expr ? bd->expr : "",
		    "[");

		if (bd->kind != BODY_SITE || bd->op != OP_STORE)
			continue;
		for (k = 0; k < r.narrays; k++)
			if (v->arrays[k].space == SPACE_GLOBAL &&
			    strlen(v->arrays[k].name) == n &&
			    strncmp(v->arrays[k].name, bd->expr, n) == 0 &&
			    (v->live.outputs == NULL || strstr(v->live.outputs,
			    v->arrays[k].name) == NULL))
				v->live.outputs = v->live.outputs == NULL ?
				    v->arrays[k].name : fmt(&r, "%s %s",
				    v->live.outputs, v->arrays[k].name);
	}
	for (k = 0; k < r.narrays; k++)
		if (v->arrays[k].space == SPACE_SHARED && m.narr > 0)
			for (i = 0; i < m.narr; i++)
				if (strcmp(m.arr[i].name, v->arrays[k].name) ==
				    0 && !m.arr[i].bound)
					v->live.dynamic = 1;
	/* Global arrays in the order of their array lines (cudaMalloc). */
	for (i = 0; i < m.narr; i++) {
		struct array_def	 tmp;
		int			 at_ = -1, want_ = 0, j;

		for (k = 0; k < r.narrays; k++)
			if (strcmp(v->arrays[k].name, m.arr[i].name) == 0 &&
			    v->arrays[k].space == SPACE_GLOBAL)
				at_ = k;
		if (at_ < 0)
			continue;
		for (j = 0; j < i; j++)
			for (k = 0; k < r.narrays; k++)
				if (strcmp(v->arrays[k].name,
				    m.arr[j].name) == 0 &&
				    v->arrays[k].space == SPACE_GLOBAL)
					want_++;
		if (want_ >= at_)	/* in place, or names repeat */
			continue;
		tmp = v->arrays[at_];
		memmove(&v->arrays[want_ + 1], &v->arrays[want_],
		    (at_ - want_) * sizeof tmp);
		v->arrays[want_] = tmp;
	}
	v->xbody = kf->body;
	v->nxbody = kf->nbody;
	if (kf->nbody == 0 || (v->xbody = kf->body) == NULL)
		fail(&r, kbody, "the kernel makes no memory access");
	rd_free(&r);
	return v;
fail:
	*cause = r.cause;
	rd_free(&r);
	kfile_free(kf);
	return NULL;
}

struct variant *
ksrc_load(const char *path, char **cause)
{
	FILE		*f;
	char		*buf;
	size_t		 n;
	struct variant	*v;

	if ((f = fopen(path, "r")) == NULL) {
		*cause = cause_printf("%s: cannot open: %s", path,
		    strerror(errno));
		return NULL;
	}
	buf = xmalloc(KSRC_MAX_BYTES + 2);
	n = fread(buf, 1, KSRC_MAX_BYTES + 1, f);
	fclose(f);
	if (n > KSRC_MAX_BYTES) {
		free(buf);
		*cause = cause_printf("%s: larger than %d bytes", path,
		    KSRC_MAX_BYTES);
		return NULL;
	}
	buf[n] = '\0';
	if (memchr(buf, '\0', n) != NULL) {
		free(buf);
		*cause = cause_printf("%s: not a text file (a NUL byte)",
		    path);
		return NULL;
	}
	v = ksrc_parse(path, buf, cause);
	free(buf);
	return v;
}

void
ksrc_free(struct variant *v)
{
	kfile_free((struct kfile *)v);
}

int
ksrc_blocks(const char *text)
{
	struct rd	 r;
	struct meta	 m;
	struct kfile	*kf;
	volatile int	 n = 0;

	memset(&r, 0, sizeof r);
	memset(&m, 0, sizeof m);
	kf = xcalloc(1, sizeof *kf);
	r.path = "";
	r.text = text;
	r.kf = kf;
	m.blk = -1;	/* count only */
	if (setjmp(r.jb) == 0)
		n = meta_lines(&r, &m);
	free(r.cause);
	rd_free(&r);
	kfile_free(kf);
	return n;
}

int
ksrc_is_path(const char *s)
{
	size_t	n = strlen(s);

	return n > 3 && strcmp(s + n - 3, ".cu") == 0;
}
