/* SPDX-License-Identifier: ISC
 * ksrc-core.c - the kernel-file reader's ground floor: the memory the
 * file owns, errors (longjmp back to ksrc_parse), and the token cursor.
 * Every other ksrc-*.c stands on it; it calls none of them.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "expr.h"
#include "ksrc-int.h"
#include "xmalloc.h"

/* --- memory owned by the file --------------------------------------------- */

/* The token a budget refusal names: where the parser is. */
static int
where(const struct rd *r)
{
	if (r->t == NULL || r->nt == 0)
		return -1;
	return r->pos >= 0 && r->pos < r->nt ? r->pos : r->nt - 1;
}

/* The file owns s (a malloc'd string) from now on; returns it. */
char *
ksrc_keep(struct rd *r, char *s)
{
	struct kfile	*kf = r->kf;

	if (s == NULL)
		abort();
	r->kept += strlen(s) + 1;
	if (kf->nstrs == kf->astrs) {
		kf->astrs = kf->astrs ? 2 * kf->astrs : 64;
		kf->strs = xreallocarray(kf->strs, kf->astrs, sizeof *kf->strs);
	}
	kf->strs[kf->nstrs++] = s;
	if (r->kept > KSRC_MAX_KEPT)
		ksrc_fail(r, where(r), "the text built from the file grows "
		    "past %d MB (expressions too long or too many)",
		    KSRC_MAX_KEPT >> 20);
	return s;
}

/* n zeroed elements of size bytes the file owns (not text). */
void *
ksrc_keep_mem(struct rd *r, size_t n, size_t size)
{
	struct kfile	*kf = r->kf;
	void		*p = xcalloc(n ? n : 1, size);

	r->kept += n * size;
	if (kf->nstrs == kf->astrs) {
		kf->astrs = kf->astrs ? 2 * kf->astrs : 64;
		kf->strs = xreallocarray(kf->strs, kf->astrs, sizeof *kf->strs);
	}
	kf->strs[kf->nstrs++] = p;
	return p;
}

/* Scratch memory for the parse, freed at its end (also after an error). */
void *
ksrc_tmp_calloc(struct rd *r, size_t n, size_t size)
{
	void	*p;

	p = xcalloc(n ? n : 1, size);
	if (r->ntmps == r->atmps) {
		r->atmps = r->atmps ? 2 * r->atmps : 64;
		r->tmps = xreallocarray(r->tmps, r->atmps, sizeof *r->tmps);
	}
	r->tmps[r->ntmps++] = p;
	return p;
}

/* Free the scratch memory taken since there were mark pieces (a loop's,
   when it is read: memory stays bounded by the loops open). */
void
ksrc_tmp_release(struct rd *r, int mark)
{
	while (r->ntmps > mark)
		free(r->tmps[--r->ntmps]);
}

/* A printf-formatted string the file owns. */
const char *
ksrc_fmt(struct rd *r, const char *f, ...)
{
	va_list		 ap;
	char		*s;
	const char	*c;
	int		 depth = 0, most = 0;

	va_start(ap, f);
	if (vasprintf(&s, f, ap) < 0)
		abort();
	va_end(ap);
	ksrc_keep(r, s);
	/* The model parses what the reader builds: keep it small and
	   shallow enough for any stack (and linear: texts nest texts). */
	if (strlen(s) > KSRC_MAX_TEXT)
		ksrc_fail(r, where(r), "an expression or a text grows past %d "
		    "bytes", KSRC_MAX_TEXT);
	for (c = s; *c != '\0'; c++)
		if (*c == '(' && ++depth > most)
			most = depth;
		else if (*c == ')')
			depth--;
	if (most > KSRC_MAX_TEXT_NEST)
		ksrc_fail(r, where(r), "an expression nests deeper than %d "
		    "parentheses (counting the pair the reader puts around "
		    "each operation: a long chain i + 0 + 0 ... nests too)",
		    KSRC_MAX_TEXT_NEST);
	return s;
}

/* A copy of p[0..n) the file owns. */
const char *
ksrc_dup_n(struct rd *r, const char *p, size_t n)
{
	char	*s = xmalloc(n + 1);

	memcpy(s, p, n);
	s[n] = '\0';
	return ksrc_keep(r, s);
}

/*
 * Refuse the file with "PATH:LINE:COL: what" at token tok (-LINE: a
 * warpviz: line, -1: none) and longjmp to r->jb.
 */
void
ksrc_fail(struct rd *r, int tok, const char *f, ...)
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

/* One more statement or expression inside the open ones: refused past
   KSRC_MAX_NEST, so that no file can exhaust the stack. */
void
ksrc_nest_in(struct rd *r)
{
	if (++r->nest > KSRC_MAX_NEST)
		ksrc_fail(r, where(r), "statements and expressions nest too "
		    "deep (past the reader's %d levels)", KSRC_MAX_NEST);
}

/* Close what ksrc_nest_in opened. */
void
ksrc_nest_out(struct rd *r)
{
	r->nest--;
}

/* Is t the punctuator or identifier s? */
int
ksrc_tok_is(const struct tok *t, const char *s)
{
	return (t->kind == T_PUNCT || t->kind == T_ID) &&
	    (int)strlen(s) == t->len && memcmp(t->p, s, t->len) == 0;
}

/* --- the token cursor ----------------------------------------------------- */

/* The token at the parser position. */
struct tok *
ksrc_tk(struct rd *r)
{
	return &r->t[r->pos];
}

/* Is the token at the parser position s? */
int
ksrc_at(struct rd *r, const char *s)
{
	return ksrc_tok_is(ksrc_tk(r), s);
}

/* Step over s if it is next; nonzero if it was. */
int
ksrc_eat(struct rd *r, const char *s)
{
	if (!ksrc_at(r, s))
		return 0;
	r->pos++;
	return 1;
}

/* Step over s, which must be next. */
void
ksrc_want(struct rd *r, const char *s)
{
	if (!ksrc_eat(r, s))
		ksrc_fail(r, r->pos, "expected '%s' before '%.*s'", s,
		    ksrc_tk(r)->len, ksrc_tk(r)->p);
}

/* The text of token i. */
const char *
ksrc_tok_text(struct rd *r, int i)
{
	return ksrc_dup_n(r, r->t[i].p, r->t[i].len);
}

/* Skip tokens up to and past the next s; fail at the end of the file. */
void
ksrc_skip_past(struct rd *r, const char *s)
{
	while (!ksrc_eat(r, s)) {
		if (ksrc_tk(r)->kind == T_EOF)
			ksrc_fail(r, r->pos, "expected '%s' before the end of "
			    "the file", s);
		r->pos++;
	}
}

/* The source text of tokens first..last, as written. */
const char *
ksrc_src_text(struct rd *r, int first, int last)
{
	int	a = r->t[first].off, b = r->t[last].end;

	if (b <= a)
		return ksrc_tok_text(r, first);
	return ksrc_dup_n(r, r->text + a, b - a);
}

/* Free what a reading made of the file (NULL is allowed). */
void
ksrc_kfile_free(struct kfile *kf)
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

/* Free the reader's own memory (not the kfile). */
void
ksrc_rd_free(struct rd *r)
{
	int	i;

	for (i = 0; i < r->ntmps; i++)
		free(r->tmps[i]);
	free(r->tmps);
	free(r->t);
	free(r->mt);
	free(r->m);
	free(r->pa);
	free(r->vars);
	free(r->used);
	free(r->used_next);
	free(r->used_h);
	free(r->sv);
	free(r->loc);
	free(r->locmemo);
}
