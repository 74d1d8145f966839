/* SPDX-License-Identifier: ISC
 * ksrc-lex.c - the kernel-file reader's tokeniser: C tokens with their
 * lines and columns, #define (object- and function-like) expanded as the
 * tokens are appended to the file's stream, other directives skipped.
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

/* --- tokens --------------------------------------------------------------- */

static const char *puncts[] = { "<<=", ">>=", "...", "->", "++", "--",
    "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=",
    "%=", "&=", "|=", "^=", "::", NULL };

/* Append t to the *n tokens of *arr. */
void
ksrc_lex_push_tok(struct rd *r, struct tok **arr, int *n, const struct tok *t)
{
	if (*n >= KSRC_MAX_TOKENS)
		ksrc_fail(r, arr == &r->t && r->nt > 0 ? r->nt - 1 : -1,
		    "the file makes more than %d tokens (#define expanded)",
		    KSRC_MAX_TOKENS);
	/* Room for 256, then doubled at each power of two: linear. */
	if (*n == 0)
		*arr = xreallocarray(*arr, 256, sizeof **arr);
	else if (*n >= 256 && (*n & (*n - 1)) == 0)
		*arr = xreallocarray(*arr, 2 * (size_t)*n, sizeof **arr);
	(*arr)[(*n)++] = *t;
}

static unsigned
macro_bucket(const char *p, int len)
{
	unsigned	h = 2166136261u;

	while (len-- > 0)
		h = (h ^ (unsigned char)*p++) * 16777619u;
	return h % KSRC_MACRO_BUCKETS;
}

/* The latest #define named p[0..len), or -1 (hashed: a file of many
   #defines costs no more per token than one of few). */
int
ksrc_lex_find_macro(const struct rd *r, const char *p, int len)
{
	int	i;

	for (i = r->mhead[macro_bucket(p, len)] - 1; i >= 0;
	    i = r->m[i].next - 1)
		if ((int)strlen(r->m[i].name) == len &&
		    memcmp(r->m[i].name, p, len) == 0)
			return i;
	return -1;
}

/*
 * Cooperative groups' namespace: "cooperative_groups::" and the prefix of
 * an alias the file makes of it ("namespace cg = cooperative_groups;")
 * are dropped as the tokens are appended, so that cg::sync(cta) reads as
 * sync(cta).  Returns 1 when t was such a "::".
 */
static int
cg_namespace(struct rd *r, const struct tok *t)
{
	const struct tok	*p;
	int			 i;

	if (t->kind != T_PUNCT || r->nt == 0)
		return 0;
	p = &r->t[r->nt - 1];
	if (ksrc_tok_is(t, ";") && r->nt >= 4 && r->ncgns < 4 &&
	    ksrc_tok_is(&r->t[r->nt - 4], "namespace") &&
	    r->t[r->nt - 3].kind == T_ID && r->t[r->nt - 3].len < 64 &&
	    ksrc_tok_is(&r->t[r->nt - 2], "=") &&
	    ksrc_tok_is(p, "cooperative_groups")) {
		snprintf(r->cgns[r->ncgns++], sizeof r->cgns[0], "%.*s",
		    r->t[r->nt - 3].len, r->t[r->nt - 3].p);
		return 0;
	}
	if (!ksrc_tok_is(t, "::") || p->kind != T_ID)
		return 0;
	for (i = 0; i < r->ncgns; i++)
		if (ksrc_tok_is(p, r->cgns[i]))
			break;
	if (i == r->ncgns && !ksrc_tok_is(p, "cooperative_groups"))
		return 0;
	r->nt--;
	return 1;
}

static void	emit_tok(struct rd *, const struct tok *, const struct tok *,
		    int);

/* Refuse at the token u stands for: pushed so that the error has its
   place. */
static void __attribute__((noreturn))
fail_at(struct rd *r, const struct tok *u, const char *what, const char *name)
{
	ksrc_lex_push_tok(r, &r->t, &r->nt, u);
	ksrc_fail(r, r->nt - 1, what, name);
}

/*
 * A function-like macro's call, its arguments collected: the body with
 * each parameter replaced by its argument's tokens (themselves expanded
 * as they are appended), as C's preprocessor does without # and ##.
 */
static void
expand_call(struct rd *r)
{
	const struct macro	*m = &r->m[r->pm - 1];
	struct tok		*a, name = r->pname;
	const struct tok	*b;
	int			 na = r->npa, depth = r->pdepth, nargs = 0;
	int			 start[KSRC_MACRO_PARAMS + 1], i, k, j, paren = 0;
	int			 mark;

	/* A copy of its own (the arguments of calls inside it are
	   collected in r->pa); scratch, so that a refusal frees it. */
	mark = r->ntmps;
	a = ksrc_tmp_calloc(r, na > 0 ? na : 1, sizeof *a);
	memcpy(a, r->pa, na * sizeof *a);
	r->pm = 0;
	r->npa = 0;
	start[nargs++] = 0;
	for (i = 0; i < na; i++) {
		if (ksrc_tok_is(&a[i], "(") || ksrc_tok_is(&a[i], "["))
			paren++;
		else if (ksrc_tok_is(&a[i], ")") || ksrc_tok_is(&a[i], "]"))
			paren--;
		else if (paren == 0 && ksrc_tok_is(&a[i], ",")) {
			if (nargs == KSRC_MACRO_PARAMS)
				break;
			start[nargs++] = i + 1;
		}
	}
	start[nargs] = na + 1;
	if (nargs != m->npar && !(m->npar == 0 && na == 0))
		fail_at(r, &name, "macro %s is called with another number of "
		    "arguments than it takes", m->name);
	for (i = 0; i < m->n; i++) {
		b = &r->mt[m->first + i];
		if (ksrc_tok_is(b, "#") || ksrc_tok_is(b, "##"))
			fail_at(r, &name, "macro %s uses # or ##, which the "
			    "reader does not expand (write it out)", m->name);
		for (k = 0; b->kind == T_ID && k < m->npar; k++)
			if (b->len == r->mt[m->par[k]].len &&
			    memcmp(b->p, r->mt[m->par[k]].p, b->len) == 0)
				break;
		if (b->kind != T_ID || k == m->npar) {
			emit_tok(r, b, &name, depth + 1);
			continue;
		}
		for (j = start[k]; j < start[k + 1] - 1; j++)
			emit_tok(r, &a[j], NULL, depth + 1);
	}
	ksrc_tmp_release(r, mark);
}

/* A token while a call's arguments are collected; 1 when it was taken. */
static int
collect_call(struct rd *r, const struct tok *u)
{
	struct tok	name;

	if (r->pm == 0)
		return 0;
	if (r->pparen == 0) {
		if (ksrc_tok_is(u, "(")) {
			r->pparen = 1;
			return 1;
		}
		/* The name alone, not a call: an ordinary word. */
		name = r->pname;
		r->pm = 0;
		ksrc_lex_push_tok(r, &r->t, &r->nt, &name);
		return 0;
	}
	if (ksrc_tok_is(u, "("))
		r->pparen++;
	else if (ksrc_tok_is(u, ")") && --r->pparen == 0) {
		expand_call(r);
		return 1;
	}
	if (r->npa >= KSRC_MACRO_ARGS)
		fail_at(r, &r->pname, "the call of macro %s has more than "
		    "65536 tokens of arguments", r->m[r->pm - 1].name);
	ksrc_lex_push_tok(r, &r->pa, &r->npa, u);
	return 1;
}

/* Append a token to the file's stream, expanding macros. */
static void
emit_tok(struct rd *r, const struct tok *t, const struct tok *use, int depth)
{
	struct tok	 u;
	int		 m, i;

	u = *t;
	if (use != NULL) {
		u.line = use->line;
		u.col = use->col;
		u.off = use->off;
		u.end = use->end;
	}
	if (collect_call(r, &u))
		return;
	if (t->kind == T_ID &&
	    (m = ksrc_lex_find_macro(r, t->p, t->len)) >= 0) {
		if (depth > 16)
			fail_at(r, &u, "macro %s expands too deep",
			    r->m[m].name);
		if (r->m[m].func) {
			r->pm = m + 1;
			r->pparen = 0;
			r->pdepth = depth;
			r->pname = u;
			r->npa = 0;
			return;
		}
		for (i = 0; i < r->m[m].n; i++)
			emit_tok(r, &r->mt[r->m[m].first + i],
			    use != NULL ? use : t, depth + 1);
		return;
	}
	if (cg_namespace(r, t))
		return;
	ksrc_lex_push_tok(r, &r->t, &r->nt, &u);
}

/* The end of the file: a function-like macro's name left waiting for
   its '(' is an ordinary word; a call left open is refused. */
void
ksrc_lex_flush(struct rd *r)
{
	struct tok	name = r->pname;

	if (r->ncond > 0) {
		memset(&name, 0, sizeof name);
		name.kind = T_PUNCT;
		name.p = "#";
		name.len = 1;
		name.line = r->nt > 0 ? r->t[r->nt - 1].line : 1;
		name.col = 1;
		fail_at(r, &name, "#if without #endif%s", "");
	}
	name = r->pname;
	if (r->pm == 0)
		return;
	if (r->pparen > 0)
		fail_at(r, &name, "the call of macro %s is not closed",
		    r->m[r->pm - 1].name);
	r->pm = 0;
	ksrc_lex_push_tok(r, &r->t, &r->nt, &name);
}

/* A function-like macro's "(a, b)": its parameters, then its body. */
static void
macro_params(struct rd *r, struct macro *m, int line, int col)
{
	struct tok	*t = &r->mt[m->first], at;
	int		 i = 1;

	memset(&at, 0, sizeof at);
	at.kind = T_PUNCT;
	at.p = "#";
	at.len = 1;
	at.line = line;
	at.col = col;
	if (!(i < m->n && ksrc_tok_is(&t[i], ")")))
		for (;;) {
			if (i >= m->n || t[i].kind != T_ID ||
			    m->npar == KSRC_MACRO_PARAMS)
				fail_at(r, &at, "#define %s: expected its "
				    "parameters' names (at most 16; no ...)",
				    m->name);
			m->par[m->npar++] = m->first + i++;
			if (i < m->n && ksrc_tok_is(&t[i], ")"))
				break;
			if (!(i < m->n && ksrc_tok_is(&t[i], ",")))
				fail_at(r, &at, "#define %s: expected ',' or "
				    "')' after a parameter", m->name);
			i++;
		}
	i++;	/* ')' */
	m->first += i;
	m->n -= i;
}

/* Refuse at the '#' of a directive at text offset from. */
static void __attribute__((noreturn, format(printf, 5, 0)))
directive_fail(struct rd *r, int from, int line, int col, const char *f,
    const char *w, int n)
{
	struct tok	t;

	memset(&t, 0, sizeof t);
	t.kind = T_PUNCT;
	t.p = r->text + from;
	t.len = 1;
	t.line = line;
	t.col = col;
	t.off = from;
	t.end = from + 1;
	ksrc_lex_push_tok(r, &r->t, &r->nt, &t);
	ksrc_fail(r, r->nt - 1, f, n, w);
}

/* Append the text of tokens t[0..n) as #if reads them to *out (a
   malloc'd string): defined X, macros expanded, other names 0. */
static void
if_text(struct rd *r, const struct tok *t, int n, char **out, int depth)
{
	char		*s;
	const char	*w;
	int		 i, m, k, len;

	for (i = 0; i < n; i++) {
		w = t[i].p;
		len = t[i].len;
		if (ksrc_tok_is(&t[i], "defined")) {
			k = i + 1 < n && ksrc_tok_is(&t[i + 1], "(") ? 2 : 1;
			m = i + k < n ? ksrc_lex_find_macro(r, t[i + k].p,
			    t[i + k].len) : -1;
			w = m >= 0 ? "1" : "0";
			len = 1;
			i += k + (k == 2);
		} else if (t[i].kind == T_ID && depth < 16 &&
		    (m = ksrc_lex_find_macro(r, w, len)) >= 0 &&
		    !r->m[m].func) {
			if_text(r, &r->mt[r->m[m].first], r->m[m].n, out,
			    depth + 1);
			continue;
		} else if (t[i].kind == T_ID) {
			w = ksrc_tok_is(&t[i], "true") ? "1" : "0";
			len = 1;
		} else if (t[i].kind == T_NUM)
			while (len > 1 && strchr("uUlL", w[len - 1]) != NULL)
				len--;
		if (asprintf(&s, "%s %.*s", *out, len, w) < 0)
			abort();
		free(*out);
		*out = s;
		if (strlen(s) > KSRC_MAX_TEXT)
			return;
	}
}

/* The value of #if's expression, the line's text from..to; -1 when it
   cannot be computed. */
static int
if_value(struct rd *r, int from, int to, int line, int col)
{
	struct expr_scope	 sc;
	struct expr		*e;
	struct tok		*t;
	char			*text = xstrdup(""), *cause = NULL;
	int			 before = r->nt, n, err = 0;
	int64_t			 v = -1;

	ksrc_lex_text(r, from, to, line, col, 0);
	n = r->nt - before;
	t = xreallocarray(NULL, n > 0 ? n : 1, sizeof *t);
	memcpy(t, &r->t[before], n * sizeof *t);
	r->nt = before;
	if_text(r, t, n, &text, 0);
	free(t);
	memset(&sc, 0, sizeof sc);
	if (strlen(text) <= KSRC_MAX_TEXT &&
	    (e = expr_parse(&sc, text, &cause)) != NULL) {
		v = expr_eval(e, NULL, &err) != 0;
		expr_free(e);
	}
	free(cause);
	free(text);
	return err ? -1 : (int)v;
}

/* #if, #ifdef, #ifndef, #elif, #else, #endif (w, n letters); the rest
   of the line is p..e.  Each level holds whether its branch is taken,
   whether one was, and whether the level around skips. */
#define COND_TAKING	1
#define COND_TAKEN	2
#define COND_OUTER	4
static int
conditional(struct rd *r, const char *w, int n, const char *p, const char *e,
    int from, int line, int col)
{
	int	*c, v = 0, m;

#define IS(s)	(n == (int)strlen(s) && strncmp(w, s, n) == 0)
	if (!IS("if") && !IS("ifdef") && !IS("ifndef") && !IS("elif") &&
	    !IS("else") && !IS("endif"))
		return 0;
	if (IS("if") || IS("ifdef") || IS("ifndef")) {
		if (r->ncond == KSRC_MAX_COND)
			directive_fail(r, from, line, col, "#%.*s nests deeper "
			    "than 64", w, n);
		c = &r->cond[r->ncond++];
		*c = r->skipping ? COND_OUTER : 0;
	} else if (r->ncond == 0)
		directive_fail(r, from, line, col, "#%.*s without #if", w, n);
	c = &r->cond[r->ncond - 1];
	if (IS("endif"))
		r->ncond--;
	else if (*c & COND_OUTER)
		;
	else if (IS("else"))
		*c = (*c & COND_TAKEN) ? COND_TAKEN : COND_TAKING | COND_TAKEN;
	else if ((*c & COND_TAKEN) && IS("elif"))
		*c = COND_TAKEN;
	else {
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		if (IS("ifdef") || IS("ifndef")) {
			for (w = p; p < e && (isalnum((unsigned char)*p) ||
			    *p == '_'); p++)
				;
			m = ksrc_lex_find_macro(r, w, (int)(p - w));
			v = IS("ifdef") ? m >= 0 : m < 0;
		} else if ((v = if_value(r, (int)(p - r->text),
		    (int)(e - r->text), line, col)) < 0)
			directive_fail(r, from, line, col, "#%.*s: an expression "
			    "the reader cannot compute", w, n);
		*c = v ? COND_TAKING | COND_TAKEN : 0;
	}
#undef IS
	r->skipping = r->ncond > 0 && ((r->cond[r->ncond - 1] & COND_OUTER) ||
	    !(r->cond[r->ncond - 1] & COND_TAKING));
	return 1;
}

/* What nvcc defines for the device code the model reads: the H100's
   __CUDA_ARCH__, as the project's measurements are. */
void
ksrc_lex_predefine(struct rd *r)
{
	static const char	 pre[] = "#define __CUDA_ARCH__ 900\n"
	    "#define __CUDACC__ 1\n#define __NVCC__ 1\n";
	const char		*save = r->text;

	r->text = pre;
	ksrc_lex_text(r, 0, (int)sizeof pre - 1, 1, 1, 1);
	r->text = save;
}

static void
directive(struct rd *r, int from, int to, int line, int col)
{
	const char	*p = r->text + from, *e = r->text + to, *w;
	struct macro	*m;
	int		 n, before;
	unsigned	 b;

	(void)col;
	p++;	/* '#' */
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	for (w = p; p < e && isalpha((unsigned char)*p); p++)
		;
	n = (int)(p - w);
	if (conditional(r, w, n, p, e, from, line, col) || r->skipping)
		return;
	if ((n == 7 && strncmp(w, "include", 7) == 0) ||
	    (n == 6 && strncmp(w, "pragma", 6) == 0) || n == 0)
		return;
	if (n == 5 && strncmp(w, "undef", 5) == 0) {
		while (p < e && isspace((unsigned char)*p))
			p++;
		for (w = p; p < e && (isalnum((unsigned char)*p) ||
		    *p == '_'); p++)
			;
		if ((before = ksrc_lex_find_macro(r, w, (int)(p - w))) >= 0)
			r->m[before].name[0] = '\0';
		return;
	}
	if (n != 6 || strncmp(w, "define", 6) != 0) {
		struct tok t = { T_PUNCT, r->text + from, 1, line, col, from,
		    from + 1 };

		ksrc_lex_push_tok(r, &r->t, &r->nt, &t);
		ksrc_fail(r, r->nt - 1, "#%.*s is not supported (only #define, "
		    "#undef, #if, #ifdef, #ifndef, #elif, #else, #endif, "
		    "#include and #pragma)", n, w);
	}
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	for (w = p; p < e && (isalnum((unsigned char)*p) || *p == '_'); p++)
		;
	if (p == w || p - w >= 64)
		return;
	if (r->nm == 0)
		r->m = xreallocarray(r->m, 64, sizeof *r->m);
	else if (r->nm >= 64 && (r->nm & (r->nm - 1)) == 0)
		r->m = xreallocarray(r->m, 2 * (size_t)r->nm, sizeof *r->m);
	m = &r->m[r->nm];
	memset(m, 0, sizeof *m);
	memcpy(m->name, w, p - w);
	m->func = p < e && *p == '(';
	m->first = r->nmt;
	before = r->nt;
	ksrc_lex_text(r, (int)(p - r->text), to, line, col, 0);
	/* lex appended to r->t: move those tokens to the macro store. */
	for (n = before; n < r->nt; n++)
		ksrc_lex_push_tok(r, &r->mt, &r->nmt, &r->t[n]);
	r->nt = before;
	m->n = r->nmt - m->first;
	if (m->func)
		macro_params(r, m, line, col);
	b = macro_bucket(m->name, (int)strlen(m->name));
	m->next = r->mhead[b];
	r->mhead[b] = ++r->nm;
}

/* The token starting at s[i], its kind into t->kind: the index past it,
   at most to. */
static int
lex_token(const char *s, int i, int to, struct tok *t)
{
	int	start = i, k, len;
	char	c = s[i];

	if (isalpha((unsigned char)c) || c == '_') {
		while (i < to && (isalnum((unsigned char)s[i]) ||
		    s[i] == '_'))
			i++;
		t->kind = T_ID;
	} else if (isdigit((unsigned char)c) || (c == '.' &&
	    i + 1 < to && isdigit((unsigned char)s[i + 1]))) {
		t->kind = T_NUM;
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
				t->kind = T_FNUM;
			i++;
		}
	} else if (c == '"' || c == '\'') {
		for (i++; i < to && s[i] != c && s[i] != '\n'; i++)
			if (s[i] == '\\')
				i++;
		i++;
		t->kind = T_STR;
	} else {
		t->kind = T_PUNCT;
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
	return i > to ? to : i;
}

/* Lex text[from..to) into *out; directives only when top. */
void
ksrc_lex_text(struct rd *r, int from, int to, int line, int col, int top)
{
	const char	*s = r->text;
	struct tok	 t;
	int		 i = from, bol = top, start, k;

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
		i = lex_token(s, i, to, &t);
		t.len = i - start;
		t.end = i;
		col += t.len;
		if (!top)
			ksrc_lex_push_tok(r, &r->t, &r->nt, &t);
		else if (!r->skipping)	/* not in a branch #if left out */
			emit_tok(r, &t, NULL, 0);
	}
}

/* Lex the file, with the end-of-file tokens the parser may look past. */
void
ksrc_lex_file(struct rd *r)
{
	struct tok	eof;
	int		i;

	ksrc_lex_predefine(r);
	ksrc_lex_text(r, 0, (int)strlen(r->text), 1, 1, 1);
	ksrc_lex_flush(r);
	memset(&eof, 0, sizeof eof);
	eof.kind = T_EOF;
	eof.p = "";
	eof.line = r->nt > 0 ? r->t[r->nt - 1].line : 1;
	eof.col = r->nt > 0 ? r->t[r->nt - 1].col + r->t[r->nt - 1].len : 1;
	for (i = 0; i < 4; i++)
		ksrc_lex_push_tok(r, &r->t, &r->nt, &eof);
}
