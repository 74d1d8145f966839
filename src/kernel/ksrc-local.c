/* SPDX-License-Identifier: ISC
 * ksrc-local.c - a thread's own arrays ("float t[8];" in the kernel's
 * body): registers while every subscript is known when the kernel is
 * compiled (literals, and the variables of loops with a constant trip
 * count, which the compiler unrolls), local memory as written as soon as
 * one subscript is not (it varies by lane, or is known only at run time).
 *
 * Local memory is device memory laid out as the H100 showed
 * (doc/validation.md, "Local memory"): word w of lane l of a warp at
 * byte (warp x w + l) x 4 of the warp's frame.  Each such array becomes
 * an array of 4-byte words in SPACE_LOCAL, one frame a block shared by
 * every block (the counts are per instruction, and a subscript past the
 * array stays past it), and each word an access moves is one 4-byte site:
 * a float4 element is four, as the hardware makes four requests of it.
 * An array that goes to local memory anywhere is in local memory for
 * every access (the compiler cannot keep part of it in registers): a
 * kernel whose array goes there after known subscripts used it is read a
 * second time (ksrc_local_again).
 * Units: elements of the C array, words of 4 bytes, lanes of the model's
 * warp ("warp", warpSize).  Never prints; refuses with ksrc_fail.
 */
#include "config.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"
#include "ksrc-int.h"
#include "xmalloc.h"

/* Body entries a file may make the constant check look at in all: past
   it the file is refused, so its time stays bounded. */
#define LOCAL_MAX_WORK	(1L << 24)

/*
 * Word w of thread tid (its place in the block) at w x P + tid, P the
 * block's threads rounded up to whole warps: the lanes of a warp on one
 * word share one line as in the hardware's frame of a warp (word w of
 * lane l at warp x w + l), with the same lines and sectors an access, and
 * the text stays affine in the thread, so the fast totals and the
 * outside-the-array check keep working.  (With a classroom warp of fewer
 * than 8 lanes two words of a lane may share a sector in the hardware's
 * frame and not here: nothing measured says which.)
 */
#define LOCAL_P		"((blockDim.x * blockDim.y + warp - 1) / warp * warp)"
#define LOCAL_TID	"(threadIdx.y * blockDim.x + threadIdx.x)"

/* Note that v, declared with dims d[0..nd-1] of type ty, is a thread's
   own array. */
void
ksrc_local_declare(struct rd *r, struct var *v, int nametok,
    const struct ty *ty, int nd, const char *const *d)
{
	struct klocal	*l;

	if (r->nloc == r->aloc) {
		r->aloc = r->aloc ? 2 * r->aloc : 16;
		r->loc = xreallocarray(r->loc, r->aloc, sizeof *r->loc);
	}
	l = &r->loc[r->nloc++];
	memset(l, 0, sizeof *l);
	l->nametok = nametok;
	l->size = ty->size;
	l->strct = ty->strct;
	snprintf(l->type, sizeof l->type, "%s", ty->name);
	l->nd = nd;
	l->dims[0] = d[0];
	l->dims[1] = nd > 1 ? d[1] : NULL;
	v->loc = r->nloc;
}

/* The newest body entry that gives the model name n[0..len-1] its value
   (a let, or a loop's variable or iteration count), or -1. */
static int
local_def(struct rd *r, const char *n, size_t len)
{
	const struct body_def	*b;
	int			 i;

	for (i = r->kf->nbody - 1; i >= 0; i--) {
		if (++r->locwork > LOCAL_MAX_WORK)
			ksrc_fail(r, r->pos < r->nt ? r->pos : -1, "the "
			    "subscripts of per-thread arrays take too long to "
			    "follow (more than %ld steps)", LOCAL_MAX_WORK);
		b = &r->kf->body[i];
		if (b->kind != BODY_LET && b->kind != BODY_FOR)
			continue;
		if (b->name != NULL && strlen(b->name) == len &&
		    memcmp(b->name, n, len) == 0)
			return i;
		if (b->kind == BODY_FOR && b->iter != NULL &&
		    strlen(b->iter) == len && memcmp(b->iter, n, len) == 0)
			return i;
	}
	return -1;
}

static int	local_const_text(struct rd *, const char *, signed char *);

/*
 * Whether body entry i has a value known when compiling: a let of such
 * a text, or a loop whose start, step and condition are (its own
 * variable counts as known inside them).  memo: 0 not yet, 1 being
 * decided (a loop's own variable), 2 known, 3 not.
 */
static int
local_const_def(struct rd *r, int i, signed char *memo)
{
	const struct body_def	*b = &r->kf->body[i];
	int			 k;

	if (memo[i] != 0)
		return memo[i] != 3;
	memo[i] = 1;
	ksrc_nest_in(r);
	if (b->kind == BODY_LET)
		k = local_const_text(r, b->expr, memo);
	else
		k = local_const_text(r, b->init, memo) &&
		    local_const_text(r, b->step, memo) &&
		    local_const_text(r, b->expr, memo);
	ksrc_nest_out(r);
	memo[i] = k ? 2 : 3;
	return k;
}

/* Whether every name in the model text s is known when compiling. */
static int
local_const_text(struct rd *r, const char *s, signed char *memo)
{
	size_t	n;
	int	i;

	if (s == NULL)
		return 1;
	while (*s != '\0') {
		if (*s == '.') {		/* threadIdx.x: skip the x */
			for (s++; isalnum((unsigned char)*s) || *s == '_'; s++)
				;
			continue;
		}
		if (!isalnum((unsigned char)*s) && *s != '_') {
			s++;
			continue;
		}
		for (n = 0; isalnum((unsigned char)s[n]) || s[n] == '_'; n++)
			;
		if (isdigit((unsigned char)*s) || s[n] == '(') {
			s += n;		/* a number, a conversion u32(...) */
			continue;
		}
		if ((i = local_def(r, s, n)) < 0 ||
		    !local_const_def(r, i, memo))
			return 0;
		s += n;
	}
	return 1;
}

/* Whether the subscript text s is known when compiling. */
static int
local_const(struct rd *r, const char *s)
{
	if (r->nlocmemo < r->kf->nbody + 1) {
		r->nlocmemo = 2 * (r->kf->nbody + 1);
		free(r->locmemo);
		r->locmemo = xcalloc(r->nlocmemo, 1);
	}
	/* Clearing the memo is work too: charge it (a step a 16 bytes). */
	r->locwork += (r->kf->nbody + 1) / 16;
	memset(r->locmemo, 0, r->kf->nbody + 1);
	return local_const_text(r, s, r->locmemo);
}

/*
 * The value of a size text, 1 to 2^20 (a frame's words), or 0: literals,
 * or parameters (a template's integer: float r[TM]) at their defaults.
 * A size that depends on parameters holds only at those values: the
 * variant requires them, so -p TM=16 is refused rather than drawn with
 * the frame of TM=8.
 */
static int
local_words(struct rd *r, const char *text)
{
	const struct variant	*v = &r->kf->v;
	struct expr_scope	 sc;
	struct expr		*e;
	char			*cause = NULL;
	const char		*sym, *req = NULL;
	int64_t			 env[EXPR_MAX_SLOTS] = { 0 }, n;
	int			 err = 0, i, k, used = 0;

	memset(&sc, 0, sizeof sc);
	for (i = 0; i < VARIANT_MAX_PARAMS && v->params[i].name != NULL; i++) {
		sym = v->params[i].sym != NULL ? v->params[i].sym :
		    v->params[i].name;
		if ((k = expr_scope_slot(&sc, sym)) >= 0)
			env[k] = v->params[i].def;
	}
	if ((e = expr_parse(&sc, text, &cause)) == NULL) {
		free(cause);
		expr_scope_free(&sc);
		return 0;
	}
	n = expr_eval(e, env, &err);
	for (i = 0; i < VARIANT_MAX_PARAMS && v->params[i].name != NULL; i++) {
		sym = v->params[i].sym != NULL ? v->params[i].sym :
		    v->params[i].name;
		if (expr_uses(e, expr_scope_find(&sc, sym))) {
			req = ksrc_fmt(r, "%s%s%s == %lld", req != NULL ? req :
			    "", req != NULL ? " && " : "", sym,
			    (long long)v->params[i].def);
			used = 1;
		}
	}
	expr_free(e);
	expr_scope_free(&sc);
	if (err != 0 || n <= 0 || n > (1 << 20))
		return 0;
	if (used) {
		r->kf->v.require = r->kf->v.require == NULL ? req :
		    ksrc_fmt(r, "(%s) && %s", r->kf->v.require, req);
		if (r->kf->v.require_text == NULL)
			r->kf->v.require_text = ksrc_fmt(r, "a per-thread "
			    "array's size is read at %s", req);
	}
	return (int)n;
}

/* The array in local memory that holds l's words, made on first use. */
static int
local_array(struct rd *r, struct klocal *l, int words)
{
	struct array_def	*a;
	const char		*name = ksrc_tok_text(r, l->nametok);
	const char		*len;
	int			 i;

	len = ksrc_fmt(r, "%d * %s", words, LOCAL_P);
	for (i = 0; i < r->narrays; i++) {
		a = &r->kf->v.arrays[i];
		if (strcmp(a->name, name) != 0)
			continue;
		if (a->space != SPACE_LOCAL)
			ksrc_fail(r, l->nametok, "the per-thread array %s has "
			    "the name of one of the kernel's arrays; the model "
			    "needs another", name);
		if (strcmp(a->length, len) != 0)
			ksrc_fail(r, l->nametok, "two per-thread arrays named "
			    "%s of different sizes in local memory are not "
			    "supported", name);
		return i;
	}
	if (r->narrays == VARIANT_MAX_ARRAYS)
		ksrc_fail(r, l->nametok, "more than %d arrays (the per-thread "
		    "array %s is in local memory)", VARIANT_MAX_ARRAYS, name);
	ksrc_sym_array_name(r, l->nametok, name);
	a = &r->kf->v.arrays[r->narrays];
	memset(a, 0, sizeof *a);
	a->name = name;
	a->space = SPACE_LOCAL;
	a->elem_size = 4;
	a->length = len;
	/* Drawn as words by threads: row w holds word w of every thread. */
	a->dims[0] = ksrc_fmt(r, "%d", words);
	a->dims[1] = LOCAL_P;
	a->type = ksrc_fmt(r, "%s", l->type);
	return r->narrays++;
}

/*
 * Whether the subscripts sub[0..nsub-1] of v, a thread's own array, put
 * it in local memory: one of them not known when compiling (0: every one
 * is, the array stays in registers; so does a row of a 2D array).
 */
int
ksrc_local_dynamic(struct rd *r, const struct var *v, const struct val *sub,
    int nsub)
{
	struct klocal	*l;
	int		 i;

	if (r->dry || v->loc < 1 || v->loc > r->nloc ||
	    nsub != r->loc[v->loc - 1].nd)
		return 0;
	l = &r->loc[v->loc - 1];
	for (i = 0; i < r->nlocmem; i++)
		if (r->locmem[i] == l->nametok)
			return l->mem = 1;
	for (i = 0; i < nsub; i++)
		if (sub[i].kind != VAL_INT || !local_const(r, sub[i].text))
			return l->mem = 1;
	l->regs = 1;
	return 0;
}

/*
 * After a first reading: an array that went to local memory after it had
 * been used at known subscripts lives in local memory for all of them, so
 * the kernel is read again with *mem, the nametoks of the arrays in local
 * memory (xmalloc'd, *mem NULL when no second reading is needed).
 */
int
ksrc_local_again(struct rd *r, int **mem)
{
	int	i, n = 0, again = 0;

	*mem = NULL;
	for (i = 0; i < r->nloc; i++)
		if (r->loc[i].mem && r->loc[i].regs)
			again = 1;
	if (!again)
		return 0;
	*mem = xreallocarray(NULL, r->nloc, sizeof **mem);
	for (i = 0; i < r->nloc; i++)
		if (r->loc[i].mem)
			(*mem)[n++] = r->loc[i].nametok;
	return n;
}

/*
 * The element idx[0..nsub-1] of v in local memory (its field fieldtok
 * when >= 0), as an ELEM of the array of words: sub[0] its first word in
 * the thread's frame, size its bytes.  first: its first token.
 */
void
ksrc_local_elem(struct rd *r, const struct var *v, const char *const *idx,
    int nsub, int fieldtok, int first, struct val *out)
{
	struct klocal	*l = &r->loc[v->loc - 1];
	const char	*lin, *dim, *name = ksrc_tok_text(r, l->nametok);
	int		 i, ew, words, off = 0, size;

	if (l->size % 4 != 0 || l->size == 0)
		ksrc_fail(r, first, "%s: a per-thread array of %d-byte "
		    "elements in local memory is not modelled (4, 8, 12 or 16 "
		    "bytes are)", name, l->size);
	ew = l->size / 4;
	dim = l->nd > 1 ? ksrc_fmt(r, "(%s) * (%s)", l->dims[0], l->dims[1]) :
	    l->dims[0];
	lin = nsub > 1 ? ksrc_fmt(r, "(%s) * (%s) + (%s)", idx[0], l->dims[1],
	    idx[1]) : idx[0];
	size = l->size;
	if (fieldtok >= 0) {
		static const char *fn[] = { "x", "y", "z", "w" };
		int	fs = l->type[0] == 'd' ? 8 : 4;

		for (i = 0; i < 4; i++)
			if (ksrc_tok_is(&r->t[fieldtok], fn[i]))
				break;
		if (l->strct >= 0 || i == 4 || (i + 1) * fs > l->size)
			ksrc_fail(r, fieldtok, "%s has no field %.*s in the "
			    "model", name, r->t[fieldtok].len,
			    r->t[fieldtok].p);
		off = i * fs / 4;
		size = fs;
	}
	if ((words = local_words(r, ksrc_fmt(r, "(%s) * %d", dim, ew))) == 0)
		ksrc_fail(r, l->nametok, "the size of the per-thread array "
		    "%s must be a constant (1 to %d words)", name, 1 << 20);
	memset(out, 0, sizeof *out);
	out->kind = VAL_ELEM;
	out->first = first;
	out->last = r->pos - 1;
	out->field = -1;
	out->origin = -1;
	out->strct = -1;
	out->arr = local_array(r, l, words);
	out->sub[0] = ksrc_fmt(r, "(%s) * %d + %d", lin, ew, off);
	out->nsub = 1;
	out->size = size;
}

/* The subscript of word k of e (an element of ksrc_local_elem) in its
   array of words (see LOCAL_P). */
const char *
ksrc_local_word(struct rd *r, const struct val *e, int k)
{
	return ksrc_fmt(r, "((%s) + %d) * %s + %s", e->sub[0], k, LOCAL_P,
	    LOCAL_TID);
}
