/* SPDX-License-Identifier: ISC
 * ksrc-draft.c - a first draft of the "// warpviz:" lines for a .cu file
 * that has none: the kernel's integer arguments become parameters, its
 * pointers arrays, and the launch and the lengths come from the file's
 * own host code where it has them (kernel<<<grid, block>>>(args), dim3
 * and integer declarations, cudaMalloc sizes), else from a plain 1D or
 * 2D guess.  Each line says where it came from, so that the user checks
 * the guesses.  Reads tokens only; the result is read by ksrc_parse.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"
#include "ksrc.h"
#include "ksrc-draft.h"
#include "xmalloc.h"

/* The nth integer parameter of the call (not a template's), or -1. */
static int
size_param(const struct draft *d, int nth)
{
	int	k;

	for (k = 0; k < d->np; k++)
		if (d->p[k].isint && !d->p[k].tmpl && !d->p[k].isbool &&
		    nth-- == 0)
			return k;
	return -1;
}

/* Each parameter's value: the host's where it is a constant, else a
   size to begin with. */
static void
values(struct draft *d)
{
	struct rd	*r = d->r;
	const char	*x;
	int64_t		 v;
	int		 k, a, b;

	for (k = 0; k < d->np; k++) {
		struct dparam *p = &d->p[k];

		if (p->tmpl == 2) {
			p->value = "float";
			if (ksrc_host_arg(d, k, &a, &b) && b == a + 1 &&
			    r->t[a].kind == T_ID) {
				p->value = ksrc_tok_text(r, a);
				p->host = 1;
			}
			continue;
		}
		if (!p->isint)
			continue;
		if (ksrc_host_arg(d, k, &a, &b) && (x = ksrc_host_xlate(d, a, b, 0, 0)) !=
		    NULL && (v = ksrc_host_constant(x)) > 0) {
			p->value = ksrc_fmt(r, "%lld", (long long)v);
			p->host = 1;
		} else
			p->value = p->isbool ? "1" : p->tmpl ? "256" : d->twod ?
			    "1024" : "1048576";
	}
}

/* Append a line to the draft. */
static void
line(struct rd *r, const char **out, const char *f, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, f);
	if (vasprintf(&s, f, ap) < 0)
		abort();
	va_end(ap);
	*out = ksrc_fmt(r, "%s// warpviz: %s\n", *out, s);
	free(s);
}

/* Add name to the list of what came from the host (or was guessed). */
static void
note(struct rd *r, const char **list, const char *name)
{
	*list = *list == NULL ? name : ksrc_fmt(r, "%s%s%s", *list, **list ?
	    ", " : "", name);
}

/* The dynamic shared memory's elements of type b (float if NULL): the
   launch's third argument, or NULL. */
static const char *
shared_len(struct draft *d, const struct base_type *b)
{
	if (d->call < 0 || d->nlargs < 3)
		return NULL;
	return ksrc_host_elements(d, d->largs[2], d->largs[3] - 1, b != NULL ? b->size :
	    4);
}

/*
 * The line the reader's refusal cause asks for ("... needs a '//
 * warpviz: array s length=...' line"), its placeholders filled with
 * guesses, added to the draft; 0 when the cause asks for none, or for
 * one asked before.
 */
static int
ask(struct draft *d, const char *cause)
{
	struct rd	*r = d->r;
	const char	*q = strstr(cause, "'// warpviz: "), *e, *text, *f;
	const char	*what, **list;
	char		 name[64];

	if (q == NULL || (e = strchr(q + 1, '\'')) == NULL)
		return 0;
	text = ksrc_dup_n(r, q + 1, e - q - 1);
	if (sscanf(text, "// warpviz: %*s %63[A-Za-z0-9_]", name) != 1)
		return 0;
	what = ksrc_dup_n(r, name, strlen(name));	/* kept: name dies here */
	list = &d->asked_guess;
	if ((f = strstr(text, "length=...")) != NULL) {
		if (shared_len(d, NULL) != NULL)
			list = &d->asked_host;
		text = ksrc_fmt(r, "%.*slength=%s%s", (int)(f - text), text,
		    shared_len(d, NULL) != NULL ? shared_len(d, NULL) : "1024",
		    f + 10);
		what = ksrc_fmt(r, "%s's length", name);
	} else if ((f = strstr(text, "width=W height=H")) != NULL) {
		text = ksrc_fmt(r, "%.*swidth=1024 height=1024%s",
		    (int)(f - text), text, f + 16);
		what = ksrc_fmt(r, "%s's size", name);
	}
	if (d->asked != NULL && strstr(d->asked, text) != NULL)
		return 0;
	d->asked = ksrc_fmt(r, "%s%s\n", d->asked != NULL ? d->asked : "",
	    text);
	note(r, list, what);
	return 1;
}

/* The draft's lines, in the order the reader wants them, under a
   comment saying what came from the host code and what is a guess. */
static const char *
lines(struct draft *d)
{
	struct rd	*r = d->r;
	const char	*out = "", *size, *h, *grid = NULL, *block = NULL;
	const char	*len, *host = "", *guess = "", *name, *rest;
	int		 k, s0 = size_param(d, 0), s1 = size_param(d, 1);
	int		 i, guessed;
	int64_t		 v;

	size = s0 >= 0 ? ksrc_tok_text(r, d->p[s0].name) : "n";
	h = s1 >= 0 ? ksrc_tok_text(r, d->p[s1].name) : size;
	for (k = 0; k < d->np; k++) {
		struct dparam *p = &d->p[k];

		name = ksrc_tok_text(r, p->name);
		if (p->tmpl == 2)
			line(r, &out, "type %s=%s", name, p->value);
		else if (p->isbool)
			line(r, &out, "param %s=%s range=0..1", name,
			    strcmp(p->value, "0") == 0 ? "0" : "1");
		else if (p->isint) {
			v = strtoll(p->value, NULL, 10);
			line(r, &out, "param %s=%s range=1..%lld", name,
			    p->value, (long long)(v < 16 ? 64 : v > (1 << 28) ?
			    v : 4 * v));
		} else
			continue;
		note(r, p->host ? &host : &guess, name);
	}
	rest = "";
	if (d->call >= 0 && d->nlargs >= 2) {
		grid = ksrc_host_dim(d, d->largs[0], d->largs[1] - 1);
		block = ksrc_host_dim(d, d->largs[1], d->largs[2] - 1);
	}
	if (grid != NULL && block != NULL)
		line(r, &rest, "launch grid=%s block=%s", grid, block);
	else if (d->twod)
		line(r, &rest, "launch grid=(%s+15)/16,(%s+15)/16 block=16,16",
		    size, h);
	else
		line(r, &rest, "launch grid=(%s+255)/256 block=256", size);
	guessed = grid == NULL || block == NULL;
	note(r, grid != NULL && block != NULL ? &host : &guess, "the launch");
	for (k = 0; k < d->np; k++) {
		if (!d->p[k].ptr)
			continue;
		name = ksrc_tok_text(r, d->p[k].name);
		len = ksrc_host_malloc_length(d, k);
		guessed |= len == NULL;
		line(r, &rest, "array %s length=%s", name, len != NULL ? len :
		    d->twod && s1 >= 0 ? ksrc_fmt(r, "%s*%s", size, h) : size);
		note(r, len != NULL ? &host : &guess, ksrc_fmt(r,
		    "%s's length", name));
	}
	if ((i = ksrc_host_shared(d)) > 0) {
		len = shared_len(d, ksrc_sym_find_base(&r->t[d->shared + 2]));
		name = ksrc_tok_text(r, i);
		line(r, &rest, "array %s length=%s", name, len != NULL ? len :
		    "1024");
		note(r, len != NULL ? &host : &guess, ksrc_fmt(r,
		    "%s's length", name));
	}
	if (s0 < 0 && guessed) {	/* a size the guesses above use */
		line(r, &out, "param n=1048576 range=1..4194304");
		note(r, &guess, "n");
	}
	out = ksrc_fmt(r, "%s%s", out, rest);
	if (d->asked != NULL)
		out = ksrc_fmt(r, "%s%s", out, d->asked);
	if (d->asked_host != NULL)
		note(r, &host, d->asked_host);
	if (d->asked_guess != NULL)
		note(r, &guess, d->asked_guess);
	return ksrc_fmt(r, "// A draft of the warpviz: lines by 'warpviz check "
	    "--draft':\n//   from the host code: %s\n//   guessed, to check: "
	    "%s\n%s", *host ? host : "nothing", *guess ? guess : "nothing",
	    out);
}

char *
ksrc_draft(const char *path, const char *text, char **cause)
{
	struct rd	 r;
	struct kfile	*kf;
	struct draft	 d;
	struct variant	*v;
	const char	*block, *p;
	char		*volatile out = NULL, *why;
	int		 line_no, k, again;
	size_t		 at;

	*cause = NULL;
	memset(&r, 0, sizeof r);
	memset(&d, 0, sizeof d);
	kf = xcalloc(1, sizeof *kf);
	r.path = path;
	r.text = ksrc_skip_bom(text);
	r.kf = kf;
	d.r = &r;
	if (setjmp(r.jb) != 0) {
		free(out);	/* a draft half made */
		out = NULL;
		goto done;
	}
	if (strlen(r.text) > KSRC_MAX_BYTES)
		ksrc_fail(&r, -1, "the file is larger than %d bytes",
		    KSRC_MAX_BYTES);
	ksrc_lex_file(&r);
	if (ksrc_host_kernel(&d) != 0)
		ksrc_fail(&r, -1, "no __global__ function with a body");
	ksrc_host_call(&d);
	values(&d);
	/* Above the kernel's first line. */
	line_no = r.t[d.first].line;
	for (p = r.text, k = 1; k < line_no && (p = strchr(p, '\n')) != NULL;
	    k++)
		p++;
	at = p != NULL ? (size_t)(p - r.text) : 0;
	/* Until it reads, or the reader asks for no line it has not had. */
	for (k = 0; k < DRAFT_MAX_ASKED; k++) {
		block = lines(&d);
		free(out);
		out = xmalloc(strlen(r.text) + strlen(block) + 1);
		memcpy(out, r.text, at);
		strcpy(out + at, block);
		strcat(out, r.text + at);
		if ((v = ksrc_parse(path, out, &why)) != NULL) {
			ksrc_free(v);
			break;
		}
		again = ask(&d, why);
		free(why);
		if (!again)
			break;
	}
done:
	if (out == NULL)
		*cause = r.cause;
	else
		free(r.cause);
	ksrc_rd_free(&r);
	ksrc_kfile_free(kf);
	return out;
}
