/* SPDX-License-Identifier: ISC
 * ksrc-place.c - the places an expression touches: an element loaded or
 * stored becomes an access site (inside the IFs of the guards open around
 * it), a value that must be an integer the model follows is one or is
 * refused with why, and a pointer is an array plus an offset (p + i, *p,
 * &a[i], p = ..., p += k).  Walks no expression.
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
ksrc_place_need_int(struct rd *r, const struct val *x, const char *what)
{
	return ksrc_place_need_int_hint(r, x, what, NULL);
}

const char *
ksrc_place_need_int_hint(struct rd *r, const struct val *x, const char *what,
    const char *hint)
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
		    hint != NULL ? hint : "use threadIdx, blockIdx, params "
		    "and loop variables");
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
void
ksrc_place_elem(struct rd *r, const struct val *e, enum mem_op op)
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

/* An rvalue: an element is loaded, an array alone is refused. */
struct val
ksrc_place_rval(struct rd *r, struct val x)
{
	struct val	d;

	if (x.kind == VAL_ELEM) {
		ksrc_place_elem(r, &x, OP_LOAD);
		d = ksrc_arith_mk(VAL_DATA, x.first, x.last);
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

/* Walk under a condition: sites get an IF around them. */
void
ksrc_place_guard_open(struct rd *r, const char *cond, int line)
{
	struct body_def	*b;

	if ((b = ksrc_sym_body_add(r, BODY_IF)) != NULL) {
		b->expr = cond;
		b->line = line;
	}
}

/* Close the IF of ksrc_place_guard_open. */
void
ksrc_place_guard_close(struct rd *r)
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

/* A 2D __shared__ array: a pointer into it is not followed. */
void
ksrc_place_no_2d(struct rd *r, const struct val *p)
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
const char *
ksrc_place_index_of(struct rd *r, const struct val *p, const char *sub)
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
		ksrc_place_no_2d(r, p);
		sub = ksrc_fmt(r, "(%s) + (%s)", p->text, sub);
	}
	return sub;
}

/* p + i, p - i: the pointer moved by i of its elements. */
struct val
ksrc_place_ptr_add(struct rd *r, struct val p, const struct val *i, int minus,
    int first)
{
	const char	*k = ksrc_place_need_int(r, i,
	    "a pointer's offset");
	struct val	 v = p;

	ksrc_place_no_2d(r, &p);
	p.text = NULL;
	k = ksrc_place_index_of(r, &p, minus ? ksrc_fmt(r, "-(%s)", k) : k);
	v.text = v.text == NULL ? k : ksrc_fmt(r, "%s + %s", v.text, k);
	v.first = first;
	v.last = r->pos - 1;
	return v;
}

/* *p: the element p points at, an lvalue. */
struct val
ksrc_place_deref(struct rd *r, struct val p, int first)
{
	if (p.kind != VAL_ARRAY)
		ksrc_fail(r, first, "'*' of something that is not a pointer "
		    "into a kernel array (*p for p = a + i, or *(a + i), is "
		    "followed)");
	p.sub[0] = ksrc_place_index_of(r, &p, "0");
	p.text = NULL;
	p.kind = VAL_ELEM;
	p.nsub = 1;
	p.first = first;
	return p;
}

/* &a[i]: a pointer to the element. */
struct val
ksrc_place_address_of(struct rd *r, struct val e, int first)
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
 * p = q + k, p += k, p -= k, p++: the pointer moves within its array (a
 * loop's p += k is followed as an integer's is).  A pointer sent to
 * another array, or to a value from memory, is refused.
 */
struct val
ksrc_place_ptr_assign(struct rd *r, struct var *var, struct val lhs,
    const char *op, const struct val *rhs, int optok)
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
	off = ksrc_place_index_of(r, &p, op[0] == '-' ? ksrc_fmt(r, "-(%s)",
	    ksrc_place_need_int(r, rhs, "a pointer's step")) :
	    ksrc_place_need_int(r, rhs, "a pointer's step"));
	ksrc_place_no_2d(r, &lhs);
	ksrc_sym_note_change(r, var, 1, off, optok);
	ksrc_sym_set_ptr(r, var, lhs.text != NULL ? ksrc_fmt(r, "%s + %s",
	    lhs.text, off) : off);
	p = lhs;
	p.text = ksrc_fmt(r, "%s", var->model);
	return p;
}
