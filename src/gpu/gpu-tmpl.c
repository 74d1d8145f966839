/* SPDX-License-Identifier: ISC
 * gpu-tmpl.c - a template kernel's instance as a name expression
 * (gpu-tmpl.h).  The source is cut into tokens the way C does (comments,
 * string literals and preprocessor lines left out, ">>" read as two
 * '>'), the kernel found as NAME '(' in a declaration that says
 * __global__, and the `template <...>` just before it split at its
 * top-level commas.  Each parameter's value comes from the file's own
 * header lines and the parameters as set, so the PTX is that of the
 * instance the model counts.
 */
#include "config.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gpu-tmpl.h"
#include "xmalloc.h"

struct tok {
	const char	*s;
	int		 n;
};

#define TYPE_MAX	100	/* the longest type line's type */

static int
is(const struct tok *t, const char *w)
{
	return (size_t)t->n == strlen(w) && memcmp(t->s, w, t->n) == 0;
}

static int
ident_char(int c)
{
	return isalnum(c) || c == '_';
}

/* Past a comment, a preprocessor line or a literal at p, or p. */
static const char *
skip(const char *p, int bol)
{
	const char	*q;
	char		 quote;

	if (p[0] == '/' && p[1] == '/')
		return p + strcspn(p, "\n");
	if (p[0] == '/' && p[1] == '*')
		return (q = strstr(p + 2, "*/")) != NULL ? q + 2 :
		    p + strlen(p);
	if (*p == '#' && bol) {
		for (q = p; *q != '\0' && *q != '\n'; q++)
			if (q[0] == '\\' && q[1] == '\n')
				q++;
		return q;
	}
	if (*p == '"' || *p == '\'') {
		quote = *p;
		for (q = p + 1; *q != '\0' && *q != quote && *q != '\n'; q++)
			if (q[0] == '\\' && q[1] != '\0')
				q++;
		return *q == quote ? q + 1 : q;
	}
	return p;
}

/* The tokens of text: their count, the array in *out (free it). */
static int
lex(const char *p, struct tok **out)
{
	struct tok	*t = NULL;
	const char	*q, *s;
	int		 n = 0, cap = 0, bol = 1;

	while (*p != '\0') {
		if (*p == '\n' || isspace((unsigned char)*p)) {
			bol = bol || *p == '\n';
			p++;
			continue;
		}
		if ((q = skip(p, bol)) != p) {
			p = q;
			continue;
		}
		bol = 0;
		s = p;
		if (isdigit((unsigned char)*p))
			while (ident_char((unsigned char)*p) || *p == '.')
				p++;
		else if (ident_char((unsigned char)*p))
			while (ident_char((unsigned char)*p))
				p++;
		else
			p++;
		if (n == cap) {
			cap = cap ? cap * 2 : 256;
			t = xreallocarray(t, cap, sizeof *t);
		}
		t[n].s = s;
		t[n++].n = (int)(p - s);
	}
	*out = t;
	return n;
}

/*
 * The kernel's template parameter list: *a and *b bound the tokens
 * between its '<' and '>'.  1 when found, 0 when the kernel is no
 * template (or is not found).
 */
static int
find_template(const struct tok *t, int n, const char *kernel, int *a, int *b)
{
	int	i, j, k, depth, global;

	for (i = 1; i + 1 < n; i++) {
		if (!is(&t[i], kernel) || !is(&t[i + 1], "("))
			continue;
		/* Back to where the declaration starts; __global__ must be
		   in it (a call in another function has none). */
		for (global = 0, j = i - 1; j >= 0; j--) {
			if (is(&t[j], "__global__"))
				global = 1;
			else if (is(&t[j], ";") || is(&t[j], "{") ||
			    is(&t[j], "}") || is(&t[j], ">"))
				break;
		}
		if (!global)
			continue;
		if (j < 0 || !is(&t[j], ">"))
			return 0;
		for (depth = 0, k = j; k >= 0; k--) {
			if (is(&t[k], ">"))
				depth++;
			else if (is(&t[k], "<") && --depth == 0)
				break;
		}
		if (k < 1 || !is(&t[k - 1], "template"))
			return 0;
		*a = k + 1;
		*b = j;
		return 1;
	}
	return 0;
}

/* Whether s[0..n) reads as a type: only what types are written with
   reaches NVRTC's name expression. */
static int
type_text(const char *s, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		if (!ident_char((unsigned char)s[i]) &&
		    strchr(" \t:*&<>,", s[i]) == NULL)
			return 0;
	return 1;
}

/* The type of a '// warpviz: type NAME=TYPE' line of text, or NULL. */
static const char *
type_line(const char *text, const struct tok *name, char *buf, size_t len)
{
	const char	*p, *e;
	size_t		 n;

	for (p = text; p != NULL && *p != '\0'; p = strchr(p, '\n'),
	    p = p != NULL ? p + 1 : NULL) {
		p += strspn(p, " \t");
		if (strncmp(p, "//", 2) != 0)
			continue;
		p += 2 + strspn(p + 2, " \t");
		if (strncmp(p, "warpviz:", 8) != 0)
			continue;
		p += 8 + strspn(p + 8, " \t");
		if (strncmp(p, "type", 4) != 0 || (p[4] != ' ' && p[4] != '\t'))
			continue;
		p += 4 + strspn(p + 4, " \t");
		if (strncmp(p, name->s, name->n) != 0 || p[name->n] != '=')
			continue;
		p += name->n + 1;
		p += strspn(p, " \t");
		e = p + strcspn(p, "\r\n");
		while (e > p && isspace((unsigned char)e[-1]))
			e--;
		n = (size_t)(e - p);
		if (n == 0 || n >= len || n > TYPE_MAX || !type_text(p, n))
			return NULL;
		memcpy(buf, p, n);
		buf[n] = '\0';
		return buf;
	}
	return NULL;
}

/* The index of parameter name in ps: its symbol as written first, then
   its name in any case, as -p takes it; or -1. */
static int
param_of(const struct param_set *ps, const struct tok *name)
{
	char	buf[64];
	int	i;

	if ((size_t)name->n >= sizeof buf)
		return -1;
	memcpy(buf, name->s, name->n);
	buf[name->n] = '\0';
	for (i = 0; i < ps->n; i++)
		if (strcmp(ps->def[i]->sym != NULL ? ps->def[i]->sym :
		    ps->def[i]->name, buf) == 0)
			return i;
	return param_find(ps, buf);
}

/* Append s to buf (at *at); -1 when it does not fit. */
static int
put(char *buf, size_t len, size_t *at, const char *s, size_t n)
{
	if (*at + n + 1 > len)
		return -1;
	memcpy(buf + *at, s, n);
	*at += n;
	buf[*at] = '\0';
	return 0;
}

/*
 * One template parameter, tokens [s, e), as an argument appended to buf:
 * 0, 1 when it has no line but a default (left to the default), or -1
 * with why.
 */
static int
argument(const char *text, const char *kernel, const struct tok *t, int s,
    int e, const struct param_set *ps, char *buf, size_t len, size_t *at,
    char *why, size_t wlen)
{
	const struct tok	*name;
	char			 val[TYPE_MAX + 1];
	int			 eq, k, p, boolean = 0, type;

	for (eq = s; eq < e && !is(&t[eq], "="); eq++)
		;
	for (k = s; k < eq; k++)
		if (is(&t[k], ".") || is(&t[k], "template"))
			break;
	if (k < eq || eq - s < 2 || !ident_char((unsigned char)*t[eq - 1].s)) {
		snprintf(why, wlen, "%s: a template parameter that is a "
		    "pack, a template or unnamed (only types and integers "
		    "can be instantiated)", kernel);
		return -1;
	}
	name = &t[eq - 1];
	type = is(&t[s], "class") || is(&t[s], "typename");
	for (k = s; k < eq - 1; k++)
		boolean = boolean || is(&t[k], "bool");
	if (type && type_line(text, name, val, sizeof val) != NULL)
		return put(buf, len, at, val, strlen(val));
	if (!type && (p = param_of(ps, name)) >= 0) {
		if (boolean)
			snprintf(val, sizeof val, "%s", ps->val[p] ? "true" :
			    "false");
		else
			snprintf(val, sizeof val, "%" PRId64, ps->val[p]);
		return put(buf, len, at, val, strlen(val));
	}
	if (eq < e)
		return 1;
	snprintf(why, wlen, "%s: its template parameter %.*s has no "
	    "'// warpviz: %s %.*s=%s' line", kernel, name->n, name->s,
	    type ? "type" : "param", name->n, name->s, type ? "TYPE" :
	    "VALUE");
	return -1;
}

int
gpu_tmpl_expr(const char *text, const char *kernel,
    const struct param_set *ps, char *buf, size_t len, char *why,
    size_t wlen)
{
	struct tok	*t;
	size_t		 at = 0, mark;
	int		 n, a, b, s, e, depth, rc = 0, r, nargs = 0, left = 0;

	if (wlen > 0)
		why[0] = '\0';
	if (snprintf(buf, len, "%s", kernel) >= (int)len) {
		snprintf(why, wlen, "%s: kernel name too long", kernel);
		return -1;
	}
	if (text == NULL)
		return 0;
	n = lex(text, &t);
	if (!find_template(t, n, kernel, &a, &b)) {
		free(t);
		return 0;
	}
	at = strlen(buf);
	rc = put(buf, len, &at, "<", 1);
	for (s = a; s < b && rc == 0; s = e + 1) {
		for (depth = 0, e = s; e < b; e++) {
			if (is(&t[e], "<") || is(&t[e], "("))
				depth++;
			else if (is(&t[e], ">") || is(&t[e], ")"))
				depth--;
			else if (depth == 0 && is(&t[e], ","))
				break;
		}
		mark = at;
		if (nargs > 0 && put(buf, len, &at, ", ", 2) != 0)
			rc = -1;
		else if ((r = argument(text, kernel, t, s, e, ps, buf, len, &at,
		    why, wlen)) == 1) {
			/* Left to its default, and so every later one. */
			at = mark;
			buf[at] = '\0';
			left = 1;
		} else if (r == 0 && left) {
			snprintf(why, wlen, "%s: a template parameter before "
			    "this one has no header line", kernel);
			rc = -1;
		} else if (r == 0)
			nargs++;
		else
			rc = r;
	}
	free(t);
	if (rc == 0 && put(buf, len, &at, ">", 1) != 0)
		rc = -1;
	if (rc != 0 && why[0] == '\0')
		snprintf(why, wlen, "%s: template arguments too long", kernel);
	return rc;
}
