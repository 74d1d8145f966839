/* SPDX-License-Identifier: ISC
 * ksrc-meta.c - the "// warpviz:" lines: found in blocks before each
 * kernel, split into words, macros expanded, and read into struct meta
 * (name, params, launch, arrays, lets ...).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cause.h"
#include "expr.h"
#include "ksrc-int.h"
#include "param.h"
#include "xmalloc.h"

/* --- warpviz: lines ------------------------------------------------------- */

/* Expand macros in a value from a warpviz: line; checks it lexes. */
const char *
ksrc_meta_expand_text(struct rd *r, const char *text, int line)
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
	ksrc_lex_text(&sub, 0, (int)strlen(text), line, 1, 0);
	buf = xmalloc(cap);
	buf[0] = '\0';
	for (i = 0; i < sub.nt; i++) {
		int m = sub.t[i].kind == T_ID ?
		    ksrc_lex_find_macro(r, sub.t[i].p, sub.t[i].len) : -1;
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
	return ksrc_keep(r, buf);
}

/* Split "A,B" at the top-level comma. */
void
ksrc_meta_split2(struct rd *r, const char *s, const char **a, const char **b)
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
	*a = ksrc_dup_n(r, s, n);
	if (*p != ',') {
		*b = "1";
		return;
	}
	for (p++; *p == ' '; p++)
		;
	n = (int)strlen(p);
	while (n > 0 && p[n - 1] == ' ')
		n--;
	*b = ksrc_dup_n(r, p, n);
}

/* The value of key=... among the words of a line, or NULL. */
static const char *
word_value(struct rd *r, char **w, int n, const char *key)
{
	size_t	len = strlen(key);
	int	i;

	for (i = 0; i < n; i++)
		if (strncmp(w[i], key, len) == 0 && w[i][len] == '=')
			return ksrc_fmt(r, "%s", w[i] + len + 1);
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

/*
 * Refuse the file at LINE:COL of a warpviz: line (the column of the word
 * that is wrong) and longjmp as ksrc_fail does.
 */
static void __attribute__((noreturn, format(printf, 4, 5)))
meta_fail(struct rd *r, int line, int col, const char *f, ...)
{
	va_list	 ap;
	char	*msg;

	va_start(ap, f);
	msg = xvasprintf(f, ap);
	va_end(ap);
	r->cause = cause_printf("%s:%d:%d: %s", r->path, line, col, msg);
	free(msg);
	longjmp(r->jb, 1);
}

/* A whole number as -p reads it (param_number), or the line refused. */
static int64_t
meta_number(struct rd *r, int line, int col, const char *what,
    const char *s)
{
	int64_t	v;

	if (param_number(s, &v) != 0)
		meta_fail(r, line, col, "%s: '%s' is not a whole number (decimal "
		    "digits with an optional '-', from %lld to %lld, as -p "
		    "takes them)", what, s, (long long)INT64_MIN,
		    (long long)INT64_MAX);
	return v;
}

/*
 * A compare list with each partner file ("x.cu", "x.cu:p=v") taken
 * relative to this file's folder, as #include takes its files: the pair
 * of files in tests/kernels name each other wherever warpviz runs.
 * Catalog names and absolute paths stay as written.
 */
static const char *
compare_list(struct rd *r, const char *val)
{
	const char	*slash = strrchr(r->path, '/'), *e, *out = "";
	size_t		 n, name;

	if (slash == NULL)
		return val;
	for (;;) {
		val += strspn(val, " ");
		if ((n = strcspn(val, " ")) == 0)
			break;
		name = strcspn(val, ":");
		if (name > n)
			name = n;
		e = val + name;
		if (name > 3 && strncmp(e - 3, ".cu", 3) == 0 && val[0] != '/')
			out = ksrc_fmt(r, "%s%s%.*s%.*s", out, *out ? " " : "",
			    (int)(slash - r->path + 1), r->path, (int)n, val);
		else
			out = ksrc_fmt(r, "%s%s%.*s", out, *out ? " " : "",
			    (int)n, val);
		val += n;
	}
	return out;
}

/* A C identifier, as a param, symbol, array or let must be named, or the
 * line refused at col. */
static void
meta_ident(struct rd *r, int line, int col, const char *what, const char *s)
{
	const char	*p = s;

	if (isalpha((unsigned char)*p) || *p == '_')
		for (p++; isalnum((unsigned char)*p) || *p == '_'; p++)
			;
	if (p == s || *p != '\0')
		meta_fail(r, line, col, "%s: '%s' is not a name (a C "
		    "identifier)", what, s);
}

/* The keys of key=value lines that may appear once (lesson= lines add). */
static const char *const once_keys[] = { "name", "title", "family",
    "compare", "note", "inputs", "require", "require-text" };

/* A second line of a key that may appear once is refused. */
static void
meta_once(struct rd *r, struct meta *m, const char *key, int line, int col)
{
	size_t	i;

	for (i = 0; i < sizeof once_keys / sizeof once_keys[0]; i++)
		if (strcmp(key, once_keys[i]) == 0)
			break;
	if (i == sizeof once_keys / sizeof once_keys[0])
		return;
	if (m->keyline[i] != 0)
		meta_fail(r, line, col, "a second '%s=' line (the first is "
		    "line %d)", key, m->keyline[i]);
	m->keyline[i] = line;
}

/* A param line: NAME=DEFAULT range=MIN..MAX [pow2] [sym=S] [unit=U]
 * [text=...]; COL(p) is the column of p in copy. */
#define COL(p)	(base + (int)((p) - copy))
static void
meta_param(struct rd *r, struct meta *m, const char *s, char *copy,
    char **w, int n, int line, int base)
{
	struct variant	 *v = &r->kf->v;
	struct param_def *p;
	const char	 *val, *sym, *dots;
	char		 *eq, lo_text[32];
	int		  k;

	if (m->nparams == VARIANT_MAX_PARAMS)
		meta_fail(r, line, COL(w[0]), "more than %d params",
		    VARIANT_MAX_PARAMS);
	if (n < 2 || (eq = strchr(w[1], '=')) == NULL)
		meta_fail(r, line, COL(w[0]), "param: expected NAME=DEFAULT");
	*eq = '\0';
	meta_ident(r, line, COL(w[1]), "param", w[1]);
	if (strcasecmp(w[1], "warp") == 0)
		meta_fail(r, line, COL(w[1]), "param %s: the name is taken (the "
		    "warp size, -p warp=4 for the classroom example)", w[1]);
	sym = word_value(r, w + 2, n - 2, "sym");
	if (sym != NULL)
		meta_ident(r, line, COL(w[1]), ksrc_fmt(r, "param %s: sym",
		    w[1]), sym);
	for (k = 0; k < m->nparams; k++) {
		const struct param_def *o = &v->params[k];

		if (strcasecmp(o->name, w[1]) == 0)
			meta_fail(r, line, COL(w[1]), "param %s: a second "
			    "param of that name (the first is line %d)", w[1],
			    m->param_line[k]);
		if (strcmp(o->sym != NULL ? o->sym : o->name, sym != NULL ?
		    sym : w[1]) == 0)
			meta_fail(r, line, COL(w[1]), "param %s: its symbol %s "
			    "is already param %s's (line %d)", w[1], sym !=
			    NULL ? sym : w[1], o->name, m->param_line[k]);
	}
	m->param_line[m->nparams] = line;
	p = &v->params[m->nparams++];
	p->name = w[1];
	p->def = meta_number(r, line, COL(eq + 1), ksrc_fmt(r, "param %s: "
	    "the default", w[1]), eq + 1);
	val = word_value(r, w + 2, n - 2, "range");
	if (val == NULL || val[0] == '\0' || (dots = strstr(val + 1, ".."))
	    == NULL ||
	    (size_t)(dots - val) >= sizeof lo_text)
		meta_fail(r, line, COL(w[1]), "param %s: needs range=MIN..MAX "
		    "around its default", w[1]);
	for (k = 2; k < n; k++)
		if (strncmp(w[k], "range=", 6) == 0)
			break;
	memcpy(lo_text, val, dots - val);
	lo_text[dots - val] = '\0';
	p->min = meta_number(r, line, COL(w[k] + 6), ksrc_fmt(r, "param %s: "
	    "range MIN", w[1]), lo_text);
	p->max = meta_number(r, line, COL(w[k] + 6 + (dots - val) + 2),
	    ksrc_fmt(r, "param %s: range MAX", w[1]), dots + 2);
	if (p->min > p->max || p->def < p->min || p->def > p->max)
		meta_fail(r, line, COL(w[k]), "param %s: needs range=MIN..MAX "
		    "around its default (%lld is not in %lld..%lld)", w[1],
		    (long long)p->def, (long long)p->min, (long long)p->max);
	for (k = 2; k < n; k++)
		if (strcmp(w[k], "pow2") == 0)
			p->flags |= PARAM_POW2;
	p->sym = sym;
	p->unit = word_value(r, w + 2, n - 2, "unit");
	if (p->unit == NULL)
		p->unit = "";
	p->text = "a parameter of the kernel file";
	if ((eq = strstr(s, "text=")) != NULL)
		p->text = ksrc_fmt(r, "%s", eq + 5);
}

/* A key=value line at LINE, the key at column base. */
static void
meta_key(struct rd *r, struct meta *m, const char *key, const char *val,
    int line, int base)
{
	struct variant	*v = &r->kf->v;

	meta_once(r, m, key, line, base);
	if ((strcmp(key, "name") == 0 || strcmp(key, "title") == 0 ||
	    strcmp(key, "family") == 0) && *val == '\0')
		meta_fail(r, line, base, "%s= is empty", key);
	if (strcmp(key, "name") == 0)
		v->name = val;
	else if (strcmp(key, "title") == 0)
		v->title = val;
	else if (strcmp(key, "family") == 0)
		v->family = val;
	else if (strcmp(key, "lesson") == 0)
		v->lesson = v->lesson == NULL ? val :
		    ksrc_fmt(r, "%s %s", v->lesson, val);
	else if (strcmp(key, "compare") == 0)
		v->compare = compare_list(r, val);
	else if (strcmp(key, "note") == 0)
		v->note = val;
	else if (strcmp(key, "inputs") == 0) {
		/* inputs=LO..HI: the live run's random inputs. */
		char	*end;

		v->live.lo = strtof(val, &end);
		if (strncmp(end, "..", 2) != 0)
			meta_fail(r, line, base, "inputs: expected LO..HI");
		v->live.hi = strtof(end + 2, &end);
		if (*end != '\0' || !(v->live.hi > v->live.lo))
			meta_fail(r, line, base,
			    "inputs: expected LO..HI with LO < HI");
	} else if (strcmp(key, "require") == 0)
		v->require = ksrc_meta_expand_text(r, val, line);
	else if (strcmp(key, "require-text") == 0)
		v->require_text = val;
	else
		meta_fail(r, line, base,
		    "unknown warpviz key '%s' (name, title, family, "
		    "lesson, compare, note, inputs, require, "
		    "require-text, param, launch, array, texture, let)", key);
}

/*
 * "texture NAME width=W height=H [type=T]": a 2D texture (a CUDA array read
 * with tex2D), or "texture NAME length=N [type=T]": linear memory read with
 * tex1Dfetch.  Kept as an array line with its texel type; the kernel's
 * cudaTextureObject_t parameter of that name binds it (ksrc-decl.c).
 */
static void
meta_texture(struct rd *r, struct meta *m, char **w, int n, int line,
    int base)
{
	const char	*wd, *ht, *len, *ty;
	int		 k;

	if (m->narr == VARIANT_MAX_ARRAYS || n < 3)
		meta_fail(r, line, base, "texture: expected NAME width=W "
		    "height=H [type=T], or NAME length=N [type=T]");
	meta_ident(r, line, base, "texture", w[1]);
	for (k = 0; k < m->narr; k++)
		if (strcmp(m->arr[k].name, w[1]) == 0)
			meta_fail(r, line, base, "texture %s: a second array "
			    "of that name (the first is line %d)", w[1],
			    m->arr[k].line);
	wd = word_value(r, w + 2, n - 2, "width");
	ht = word_value(r, w + 2, n - 2, "height");
	len = word_value(r, w + 2, n - 2, "length");
	ty = word_value(r, w + 2, n - 2, "type");
	if (ty == NULL)
		ty = "float";
	if (strcmp(ty, "float") != 0 && strcmp(ty, "int") != 0 &&
	    strcmp(ty, "float2") != 0 && strcmp(ty, "float4") != 0)
		meta_fail(r, line, base, "texture %s: type=%s is not modelled "
		    "(float, int, float2 or float4)", w[1], ty);
	if (wd != NULL && ht != NULL && len == NULL) {
		m->arr[m->narr].length = ksrc_fmt(r, "(%s) * (%s)", ht, wd);
		m->arr[m->narr].dims = ksrc_fmt(r, "%s,%s", ht, wd);
	} else if (len != NULL && wd == NULL && ht == NULL)
		m->arr[m->narr].length = len;
	else
		meta_fail(r, line, base, "texture %s: needs width=W height=H "
		    "(tex2D), or length=N (tex1Dfetch)", w[1]);
	m->arr[m->narr].name = w[1];
	m->arr[m->narr].line = line;
	m->arr[m->narr].tex = 1;
	m->arr[m->narr].type = ty;
	m->narr++;
}

/* An array's length from its dims=ROWS,COLS alone: (ROWS)*(COLS), or NULL
   for no dims or no comma between parentheses. */
static const char *
dims_length(struct rd *r, const char *dims)
{
	int	i, depth = 0;

	for (i = 0; dims != NULL && dims[i] != '\0'; i++)
		if (dims[i] == '(')
			depth++;
		else if (dims[i] == ')')
			depth--;
		else if (dims[i] == ',' && depth == 0)
			return ksrc_fmt(r, "(%.*s)*(%s)", i, dims, dims + i + 1);
	return NULL;
}

/* A type line: NAME=TYPE, the type a template's type parameter takes
   ("type T=float", "type I=unsigned int"); read by ksrc-sym.c when the
   kernel names it. */
static void
meta_type(struct rd *r, const char *s, char *copy, char **w, int n, int line,
    int base)
{
	struct alias	*a;
	const char	*val;
	char		*eq;
	int		 k;

	if (n < 2 || (eq = strchr(w[1], '=')) == NULL ||
	    (val = strchr(s, '=')) == NULL)
		meta_fail(r, line, base, "type: expected NAME=TYPE "
		    "(type T=float)");
	*eq = '\0';
	meta_ident(r, line, COL(w[1]), "type", w[1]);
	for (k = 0; k < r->nal; k++)
		if (strcmp(r->al[k].name, w[1]) == 0)
			meta_fail(r, line, COL(w[1]), "type %s: a second type "
			    "of that name (the first is line %d)", w[1],
			    r->al[k].line);
	if (r->nal == KSRC_MAX_ALIASES || strlen(w[1]) >= sizeof a->name)
		meta_fail(r, line, COL(w[1]), "type %s: too many types or "
		    "too long a name", w[1]);
	while (*++val == ' ' || *val == '\t')
		;
	if (*val == '\0')
		meta_fail(r, line, COL(w[1]), "type %s: expected a type after "
		    "'='", w[1]);
	for (k = (int)strlen(val); k > 0 && isspace((unsigned char)val[k - 1]);
	    k--)
		;
	a = &r->al[r->nal++];
	memset(a, 0, sizeof *a);
	snprintf(a->name, sizeof a->name, "%s", w[1]);
	a->text = ksrc_dup_n(r, val, k);
	a->line = line;
}

static void
meta_line(struct rd *r, struct meta *m, const char *s, int line, int col)
{
	struct variant	*v = &r->kf->v;
	char		*copy, *w[16], *eq;
	const char	*val;
	int		 n, k, base;

	while (*s == ' ' || *s == '\t') {
		s++;
		col++;
	}
	base = col;
	copy = xstrdup(s);
	ksrc_keep(r, copy);
	n = (int)strcspn(copy, " \t=");
	if (copy[n] == '=') {
		copy[n] = '\0';
		meta_key(r, m, copy, copy + n + 1, line, base);
		return;
	}
	line_words(copy, w, &n, 16);
	if (n == 0)
		return;
	if (strcmp(w[0], "param") == 0) {
		meta_param(r, m, s, copy, w, n, line, base);
		return;
	}
	if (strcmp(w[0], "launch") == 0) {
		if (m->launch_line != 0)
			meta_fail(r, line, COL(w[0]), "a second launch line (the "
			    "first is line %d)", m->launch_line);
		m->kernel = word_value(r, w + 1, n - 1, "kernel");
		m->grid = word_value(r, w + 1, n - 1, "grid");
		m->block = word_value(r, w + 1, n - 1, "block");
		m->launch_line = line;
		if (m->grid == NULL || m->block == NULL)
			meta_fail(r, line, base, "launch: needs grid=X[,Y] and "
			    "block=X[,Y]");
		return;
	}
	if (strcmp(w[0], "array") == 0) {
		if (m->narr == VARIANT_MAX_ARRAYS || n < 3)
			meta_fail(r, line, base, "array: expected NAME length=EXPR "
			    "[dims=ROWS,COLS]");
		meta_ident(r, line, COL(w[1]), "array", w[1]);
		if (strlen(w[1]) >= EXPR_NAME_MAX)
			meta_fail(r, line, COL(w[1]), "array name %s is too long "
			    "(the model takes up to %d characters)", w[1],
			    EXPR_NAME_MAX - 1);
		for (k = 0; k < m->narr; k++)
			if (strcmp(m->arr[k].name, w[1]) == 0)
				meta_fail(r, line, COL(w[1]), "array %s: a second "
				    "array of that name (the first is line %d)",
				    w[1], m->arr[k].line);
		m->arr[m->narr].name = w[1];
		m->arr[m->narr].length = word_value(r, w + 2, n - 2,
		    "length");
		m->arr[m->narr].dims = word_value(r, w + 2, n - 2, "dims");
		m->arr[m->narr].line = line;
		if (m->arr[m->narr].length == NULL)
			m->arr[m->narr].length = dims_length(r,
			    m->arr[m->narr].dims);
		if (m->arr[m->narr].length == NULL)
			meta_fail(r, line, base, "array %s: needs length=EXPR "
			    "or dims=ROWS,COLS", w[1]);
		m->narr++;
		return;
	}
	if (strcmp(w[0], "texture") == 0) {
		meta_texture(r, m, w, n, line, base);
		return;
	}
	if (strcmp(w[0], "let") == 0) {
		/* let NAME=EXPRESSION: the expression is the rest of the line. */
		if (m->nderived == 4 || n < 2 || (eq = strchr(w[1], '=')) ==
		    NULL || (val = strchr(s, '=')) == NULL)
			meta_fail(r, line, base,
			    "let: expected NAME=EXPR (at most 4)");
		*eq = '\0';
		meta_ident(r, line, COL(w[1]), "let", w[1]);
		for (k = 0; k < m->nderived; k++)
			if (strcmp(v->derived[k].name, w[1]) == 0)
				meta_fail(r, line, COL(w[1]), "let %s: a second "
				    "let of that name (the first is line %d)",
				    w[1], m->derived_line[k]);
		m->derived_line[m->nderived] = line;
		v->derived[m->nderived].name = w[1];
		v->derived[m->nderived++].expr = ksrc_meta_expand_text(r,
		    val + 1, line);
		return;
	}
	if (strcmp(w[0], "type") == 0) {
		meta_type(r, s, copy, w, n, line, base);
		return;
	}
	meta_fail(r, line, base,
	    "unknown warpviz line '%s' (name=, title=, family=, lesson=, "
	    "compare=, note=, param, launch, array, let, type)", w[0]);
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
int
ksrc_meta_lines(struct rd *r, struct meta *m)
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
				line = (char *)ksrc_dup_n(r, q + 11,
				    e - q - 11);
				if (strlen(line) > 0 &&
				    line[strlen(line) - 1] == '\r')
					line[strlen(line) - 1] = '\0';
				meta_line(r, m, line, ln, (int)(q - p) + 12);
				m->after = ln;
			}
		} else if (open && (line_has(q, e, "__global__") ||
		    line_has(q, e, "__device__")))
			open = 0;
		p = *e == '\0' ? e : e + 1;
	}
	return block + 1;
}
