/* SPDX-License-Identifier: ISC
 * ksrc-inline.c - a call of a __device__ function of the file, inlined:
 * template and call arguments bound to its parameters (pointers as
 * places in kernel arrays, references as the caller's variables), its
 * block read as statements, its return value the call's.  The
 * expression walker reaches it through r->call_fn.
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

/* A parameter of an inlined function bound to its argument x. */
static void
bind_param(struct rd *r, int f, const struct ty *ty, int nametok,
    const struct val *x)
{
	struct var	*v;

	if (ty->ptr) {
		if (x->kind != VAL_ARRAY)
			ksrc_fail(r, x->first, "the argument for pointer %.*s of "
			    "%.*s is not a place in a kernel array; pass one: "
			    "a + i or &a[i]", r->t[nametok].len,
			    r->t[nametok].p, r->t[r->fn[f].name].len,
			    r->t[r->fn[f].name].p);
		v = ksrc_sym_add_var(r, &r->t[nametok], VK_ARRAY);
		v->arr = x->arr;
		v->psize = x->size;
		if (x->text != NULL)
			ksrc_sym_set_ptr(r, v, x->text);
		return;
	}
	if (x->kind == VAL_ARRAY)
		ksrc_fail(r, x->first, "a pointer passed for %.*s, which is "
		    "not one", r->t[nametok].len, r->t[nametok].p);
	v = ksrc_sym_add_var(r, &r->t[nametok], VK_DATA);
	v->isint = ty->is_int;
	if (ty->is_int)
		v->ct = ksrc_arith_ctype(ty);
	if (ty->is_int && x->kind == VAL_INT)
		ksrc_sym_set_int(r, v, ksrc_arith_as(r, x, v->ct));
	else if (x->kind == VAL_UNKNOWN) {
		v->kind = VK_UNKNOWN;
		v->origin = x->origin;
	} else {
		v->origin = x->origin;
		v->strct = ty->is_int ? -1 : -2;
	}
}

/* What function f returns, when the reader knows the type (a template's
   T without a type line it does not): 1, else 0. */
static int
ret_type(struct rd *r, int f, struct ty *ty)
{
	int	i;

	for (i = r->fn[f].start; i < r->fn[f].name; i++)
		if (r->t[i].kind == T_ID && !ksrc_sym_type_starts(r, i))
			return 0;
	r->pos = r->fn[f].start;
	ksrc_sym_parse_type(r, ty);
	return r->pos == r->fn[f].name;
}

/* The call's arguments: <template ones> and (ones), walked where the
   call is.  A type given for a type parameter becomes its name for the
   call (an alias, dropped after it), its bit set in *given. */
static int
call_args(struct rd *r, int f, struct val *targs, struct val *args,
    unsigned *given)
{
	const struct tlist	*tl = &r->fn[f].tl;
	struct ty		 ty;
	int			 n = 0, nt = 0, ni = 0, name;

	r->pos++;	/* the name */
	if (ksrc_eat(r, "<")) {
		do {
			if (nt == KSRC_MAX_TPARAMS)
				ksrc_fail(r, r->pos, "too many template "
				    "arguments");
			if (!(tl->types & 1u << nt)) {
				targs[ni++] = ksrc_place_rval(r,
				    ksrc_access_unary(r));
				nt++;
				continue;
			}
			ksrc_sym_parse_type(r, &ty);
			name = tl->tt[nt - ni];
			ksrc_sym_add_alias(r, name, NULL, NULL,
			    r->t[name].line, &ty);
			*given |= 1u << (nt - ni);
			nt++;
		} while (ksrc_eat(r, ","));
		ksrc_want(r, ">");
	}
	if (nt != 0 && ni != r->fn[f].ntp)
		ksrc_fail(r, r->pos - 1, "%d template arguments for %d "
		    "integer template parameters", ni, r->fn[f].ntp);
	ksrc_want(r, "(");
	if (!ksrc_at(r, ")"))
		do {
			if (n == 16)
				ksrc_fail(r, r->pos, "too many arguments");
			args[n] = ksrc_access_walk(r, 1);
			if (args[n].kind != VAL_ARRAY)
				args[n] = ksrc_place_rval(r, args[n]);
			n++;
		} while (ksrc_eat(r, ","));
	ksrc_want(r, ")");
	return n;
}

/* A reference parameter (float &out): the caller's variable argvar,
   under the parameter's name; refs[] pairs them to copy back after. */
static void
bind_ref(struct rd *r, int nametok, int argvar, int *refs, int *nrefs,
    int first)
{
	struct var	*v, *c;

	if (argvar < 0)
		ksrc_fail(r, first, "reference parameter %.*s takes a variable "
		    "of the caller (an element or a value is not followed); "
		    "for an element take a pointer: T *%.*s, f(&a[i])",
		    r->t[nametok].len, r->t[nametok].p, r->t[nametok].len,
		    r->t[nametok].p);
	v = ksrc_sym_add_var(r, &r->t[nametok], VK_DATA);
	c = &r->vars[argvar];
	v->kind = c->kind;
	v->origin = c->origin;
	v->arr = c->arr;
	v->strct = c->strct;
	v->isint = c->isint;
	v->ct = c->ct;
	v->psize = c->psize;
	memcpy(v->model, c->model, sizeof v->model);
	refs[2 * *nrefs] = argvar;
	refs[2 * (*nrefs)++ + 1] = (int)(v - r->vars);
}

/* After the call: each reference parameter's value is its variable's. */
static void
copy_refs(struct rd *r, const int *refs, int nrefs, int tok)
{
	struct var	*c, *v;
	int		 i;

	for (i = 0; i < nrefs; i++) {
		c = &r->vars[refs[2 * i]];
		v = &r->vars[refs[2 * i + 1]];
		if (c->kind == v->kind && c->origin == v->origin &&
		    strcmp(c->model, v->model) == 0)
			continue;
		ksrc_sym_note_change(r, c, 0, NULL, tok);
		c->kind = v->kind;
		c->origin = v->origin;
		memcpy(c->model, v->model, sizeof c->model);
	}
}

/* The integer type of c, as a type. */
static void
int_type(struct ctype c, struct ty *ty)
{
	memset(ty, 0, sizeof *ty);
	ty->size = ty->align = c.size;
	ty->is_int = 1;
	ty->uns = c.uns;
	ty->strct = -1;
	snprintf(ty->name, sizeof ty->name, "%s", c.is_bool ? "bool" :
	    c.size == 1 ? "char" : c.size == 2 ? "short" : c.size == 8 ?
	    "long" : "int");
}

/*
 * A type parameter of f that the parameter at r->pos is declared with
 * (T v, const T *p), not given in <...> nor seen in an earlier parameter:
 * bound for the call to the type of x, its argument, as C++ deduces it:
 * a kernel array's element type for T * (T is the pointer for T), an
 * integer's own type, an element's array type, a struct's; float for
 * other data.  T ** is left unknown.
 */
static void
deduce(struct rd *r, int f, const struct val *x, unsigned *given)
{
	const struct tlist	*tl = &r->fn[f].tl;
	const struct variant	*v = &r->kf->v;
	const char		*text = "float";
	int			 i, k, stars = 0, name = -1;
	struct ty		 ty;

	for (i = r->pos; r->t[i].kind != T_EOF && !ksrc_tok_is(&r->t[i],
	    ",") && !ksrc_tok_is(&r->t[i], ")"); i++)
		if (name >= 0 && ksrc_tok_is(&r->t[i], "*"))
			stars++;
		else if (name < 0 && r->t[i].kind == T_ID)
			for (k = 0; k < tl->ntt; k++)
				if (!(*given & 1u << k) &&
				    r->t[i].len == r->t[tl->tt[k]].len &&
				    memcmp(r->t[i].p, r->t[tl->tt[k]].p,
				    r->t[i].len) == 0)
					name = k;
	if (name < 0 || stars > 1 || (stars == 1 && x->kind != VAL_ARRAY))
		return;
	*given |= 1u << name;
	if (x->kind == VAL_INT) {
		int_type(ksrc_arith_ct_of(x), &ty);
		ksrc_sym_add_alias(r, tl->tt[name], NULL, NULL,
		    r->t[tl->tt[name]].line, &ty);
		return;
	}
	if ((x->kind == VAL_ARRAY || x->kind == VAL_ELEM) &&
	    v->arrays[x->arr].type != NULL) {
		/* Its C type, without the mark of an aligned struct. */
		text = v->arrays[x->arr].type;
		if (strstr(text, "@a") != NULL)
			text = ksrc_dup_n(r, text, strstr(text, "@a") - text);
	} else if (x->kind == VAL_DATA && x->strct >= 0)
		text = r->st[x->strct].name;
	if (x->kind == VAL_ARRAY && stars == 0)
		text = ksrc_fmt(r, "%s *", text);
	ksrc_sym_add_alias(r, tl->tt[name], NULL, text,
	    r->t[tl->tt[name]].line, NULL);
}

/* Bind the function's template and call parameters; the reader stands
   at its '{' after. */
static void
bind_all(struct rd *r, int f, int first, const struct val *targs,
    const struct val *args, int n, const int *argvar, int *refs,
    int *nrefs, unsigned *given)
{
	const struct dfn	*fn = &r->fn[f];
	struct ty		 ty;
	int			 k = 0, i, nametok, isref;

	for (i = 0; i < fn->ntp && targs != NULL; i++) {
		r->pos = fn->tpt[i];
		ksrc_sym_parse_type(r, &ty);
		bind_param(r, f, &ty, fn->tp[i], &targs[i]);
	}
	r->pos = fn->params;
	ksrc_want(r, "(");
	if (ksrc_at(r, "void") && ksrc_tok_is(&r->t[r->pos + 1], ")"))
		r->pos++;
	while (!ksrc_eat(r, ")")) {
		if (k < n)
			deduce(r, f, &args[k], given);
		ksrc_sym_parse_type(r, &ty);
		isref = ksrc_eat(r, "&");
		if (ksrc_tk(r)->kind != T_ID)
			ksrc_fail(r, r->pos, "expected a parameter name");
		nametok = r->pos++;
		if (isref && k < n) {
			bind_ref(r, nametok, argvar[k++], refs, nrefs, first);
			if (!ksrc_at(r, ")"))
				ksrc_want(r, ",");
			continue;
		}
		if (ksrc_eat(r, "[")) {		/* T a[]: a pointer */
			ksrc_want(r, "]");
			ty.ptr++;
		}
		if (k == n)
			ksrc_fail(r, first, "%.*s is called with %d arguments "
			    "and takes more", r->t[fn->name].len,
			    r->t[fn->name].p, n);
		bind_param(r, f, &ty, nametok, &args[k++]);
		if (!ksrc_at(r, ")"))
			ksrc_want(r, ",");
	}
	if (k != n)
		ksrc_fail(r, first, "%.*s is called with %d arguments and takes "
		    "%d", r->t[fn->name].len, r->t[fn->name].p, n, k);
}

/*
 * A call of a __device__ function of the file, inlined: its parameters
 * bound to the arguments (pointers to places in the kernel's arrays,
 * integers to their values), its body read where the call is, seeing
 * only the file's names and its own; its value the return at its end.
 */
struct val
ksrc_inline_call(struct rd *r, int f, int first)
{
	struct val	 targs[KSRC_MAX_TPARAMS], args[16], ret, *save_ret;
	struct ty	 rty;
	int		 n, i, after, nvars = r->nvars, hlo = r->hide_lo;
	int		 hhi = r->hide_hi, fdepth = r->fn_depth, has = r->has_ret;
	int		 known, fnested = r->fn_nested, argvar[16], refs[32];
	int		 nrefs = 0, nal = r->nal;
	unsigned	 given = 0;

	for (i = 0; i < r->ninl; i++)
		if (r->inl[i] == f)
			ksrc_fail(r, first, "%.*s calls itself: recursion is "
			    "not followed; write the calls as a loop over what "
			    "changes between them", r->t[first].len,
			    r->t[first].p);
	if (r->ninl == KSRC_MAX_INLINE)
		ksrc_fail(r, first, "calls nest deeper than %d",
		    KSRC_MAX_INLINE);
	memset(targs, 0, sizeof targs);
	n = call_args(r, f, targs, args, &given);
	after = r->pos;
	for (i = 0; i < n; i++) {	/* what a reference would name */
		const struct var *c = args[i].first == args[i].last &&
		    r->t[args[i].first].kind == T_ID ? ksrc_sym_find_var(r,
		    &r->t[args[i].first]) : NULL;

		argvar[i] = c != NULL ? (int)(c - r->vars) : -1;
	}
	r->hide_lo = r->nfile;
	r->hide_hi = r->nvars;
	r->depth++;
	bind_all(r, f, first, r->fn[f].ntp > 0 ? targs : NULL, args, n,
	    argvar, refs, &nrefs, &given);
	known = ret_type(r, f, &rty);
	r->inl[r->ninl++] = f;
	save_ret = r->ret;
	ret = ksrc_arith_mk(VAL_DATA, first, after - 1);
	r->ret = &ret;
	r->has_ret = 0;
	r->fn_depth = r->depth + 1;
	r->fn_nested = r->nested;
	r->pos = r->fn[f].body;
	ksrc_body_block(r);
	copy_refs(r, refs, nrefs, first);
	r->ninl--;
	r->depth--;
	r->nvars = nvars;
	r->hide_lo = hlo;
	r->hide_hi = hhi;
	r->fn_depth = fdepth;
	r->fn_nested = fnested;
	r->ret = save_ret;
	r->nal = nal;		/* the call's type parameters */
	if (r->has_ret && ret.kind == VAL_INT && known && rty.is_int &&
	    !rty.ptr) {
		/* Returned in its type (6.8.6.4). */
		ret.text = ksrc_arith_as(r, &ret, ksrc_arith_ctype(&rty));
		ret.ct = ksrc_arith_ctype(&rty);
	} else if (r->has_ret && ret.kind == VAL_INT)
		ret = ksrc_arith_mk(VAL_DATA, first, after - 1);
	r->has_ret = has;
	ret.first = first;
	ret.last = after - 1;
	r->pos = after;
	return ret;
}
