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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cause.h"
#include "expr.h"
#include "ksrc-int.h"
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
	ksrc_keep(r, copy);
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
				ksrc_fail(r, -line, "inputs: expected LO..HI");
			v->live.hi = strtof(end + 2, &end);
			if (*end != '\0' || !(v->live.hi > v->live.lo))
				ksrc_fail(r, -line,
				    "inputs: expected LO..HI with LO < HI");
		} else if (strcmp(key, "require") == 0)
			v->require = ksrc_meta_expand_text(r, val, line);
		else if (strcmp(key, "require-text") == 0)
			v->require_text = val;
		else
			ksrc_fail(r, -line,
			    "unknown warpviz key '%s' (name, title, family, "
			    "lesson, compare, note, inputs, require, "
			    "require-text, param, launch, array, let)", key);
		return;
	}
	line_words(copy, w, &n, 16);
	if (n == 0)
		return;
	if (strcmp(w[0], "param") == 0) {
		if (m->nparams == VARIANT_MAX_PARAMS)
			ksrc_fail(r, -line, "more than %d params",
			    VARIANT_MAX_PARAMS);
		p = &v->params[m->nparams++];
		if (n < 2 || (eq = strchr(w[1], '=')) == NULL)
			ksrc_fail(r, -line, "param: expected NAME=DEFAULT");
		*eq = '\0';
		p->name = w[1];
		if (strcasecmp(w[1], "warp") == 0)
			ksrc_fail(r, -line, "param %s: the name is taken (the "
			    "warp size, -p warp=4 for the classroom example)",
			    w[1]);
		if (parse_int_text(eq + 1, &p->def) < 0)
			ksrc_fail(r, -line,
			    "param %s: the default must be a whole number",
			    w[1]);
		val = word_value(r, w + 2, n - 2, "range");
		if (val == NULL || (k = parse_int_text(val, &lo)) < 0 ||
		    strncmp(val + k, "..", 2) != 0 ||
		    parse_int_text(val + k + 2, &hi) < 0 || lo > hi ||
		    p->def < lo || p->def > hi)
			ksrc_fail(r, -line,
			    "param %s: needs range=MIN..MAX around its default",
			    w[1]);
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
			p->text = ksrc_fmt(r, "%s", eq + 5);
		return;
	}
	if (strcmp(w[0], "launch") == 0) {
		m->kernel = word_value(r, w + 1, n - 1, "kernel");
		m->grid = word_value(r, w + 1, n - 1, "grid");
		m->block = word_value(r, w + 1, n - 1, "block");
		m->launch_line = line;
		if (m->grid == NULL || m->block == NULL)
			ksrc_fail(r, -line, "launch: needs grid=X[,Y] and "
			    "block=X[,Y]");
		return;
	}
	if (strcmp(w[0], "array") == 0) {
		if (m->narr == VARIANT_MAX_ARRAYS || n < 3)
			ksrc_fail(r, -line, "array: expected NAME length=EXPR "
			    "[dims=ROWS,COLS]");
		m->arr[m->narr].name = w[1];
		m->arr[m->narr].length = word_value(r, w + 2, n - 2,
		    "length");
		m->arr[m->narr].dims = word_value(r, w + 2, n - 2, "dims");
		m->arr[m->narr].line = line;
		if (m->arr[m->narr].length == NULL)
			ksrc_fail(r, -line, "array %s: needs length=EXPR",
			    w[1]);
		m->narr++;
		return;
	}
	if (strcmp(w[0], "let") == 0) {
		/* let NAME=EXPRESSION: the expression is the rest of the line. */
		if (m->nderived == 4 || n < 2 || (eq = strchr(w[1], '=')) ==
		    NULL || (val = strchr(s, '=')) == NULL)
			ksrc_fail(r, -line,
			    "let: expected NAME=EXPR (at most 4)");
		*eq = '\0';
		v->derived[m->nderived].name = w[1];
		v->derived[m->nderived++].expr = ksrc_meta_expand_text(r,
		    val + 1, line);
		return;
	}
	ksrc_fail(r, -line,
	    "unknown warpviz line '%s' (name=, title=, family=, lesson=, "
	    "compare=, note=, param, launch, array, let)", w[0]);
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
