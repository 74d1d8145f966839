/* SPDX-License-Identifier: ISC
 * ksrc-decl.c - declarations at file scope: C types (base types, structs,
 * pointers), the items before the kernel, and the kernel's parameters
 * bound to the model's params and arrays.
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

/* --- file scope ----------------------------------------------------------- */

static void	skip_item(struct rd *);

/* Does the struct whose '{' is at i declare a function (a method, an
   operator)?  Such a struct is skipped: the model holds data fields. */
static int
struct_has_function(struct rd *r, int i)
{
	int	depth = 0;

	for (; r->t[i].kind != T_EOF; i++) {
		if (ksrc_tok_is(&r->t[i], "{"))
			depth++;
		else if (ksrc_tok_is(&r->t[i], "}") && --depth == 0)
			return 0;
		else if (ksrc_tok_is(&r->t[i], "(") && depth == 1)
			return 1;
	}
	return 0;
}

/* A struct's definition; in a typedef (typedef struct { } NAME;) the
   name may come after it, and the caller reads what follows '}'. */
static void
parse_struct(struct rd *r, int in_typedef)
{
	struct strct	*s;
	struct ty	 ty;
	int		 align = 0, off = 0, maxal = 1, nametok = -1;

	r->pos++;	/* struct */
	if (ksrc_eat(r, "__align__")) {
		ksrc_want(r, "(");
		if (ksrc_tk(r)->kind != T_NUM)
			ksrc_fail(r, r->pos, "expected a number");
		align = atoi(ksrc_tk(r)->p);
		r->pos++;
		ksrc_want(r, ")");
	}
	if (ksrc_tk(r)->kind == T_ID)
		nametok = r->pos++;
	else if (!in_typedef || !ksrc_at(r, "{"))
		ksrc_fail(r, r->pos, "expected a struct name");
	if (!ksrc_at(r, "{"))
		return;	/* a declaration that uses it: caller skips */
	if (!in_typedef && struct_has_function(r, r->pos)) {
		if (nametok >= 0)
			ksrc_sym_note_shmem_maker(r, nametok, r->pos);
		skip_item(r);
		return;
	}
	r->pos++;
	if (r->nst == 16)
		ksrc_fail(r, nametok, "too many structs");
	s = &r->st[r->nst];
	memset(s, 0, sizeof *s);
	if (nametok >= 0)
		snprintf(s->name, sizeof s->name, "%.*s", r->t[nametok].len,
		    r->t[nametok].p);
	else	/* typedef struct { } NAME: named by its typedef */
		snprintf(s->name, sizeof s->name, "%.*s", ksrc_tk(r)->len,
		    ksrc_tk(r)->p);
	while (!ksrc_eat(r, "}")) {
		ksrc_sym_parse_type(r, &ty);
		if (ty.ptr)
			ksrc_fail(r, r->pos, "pointer fields are not "
			    "supported; pass the array as a kernel parameter "
			    "with a '// warpviz: array' line");
		do {
			if (ksrc_tk(r)->kind != T_ID)
				ksrc_fail(r, r->pos, "expected a field name");
			if (s->nf == VARIANT_MAX_FIELDS)
				ksrc_fail(r, r->pos, "more than %d fields",
				    VARIANT_MAX_FIELDS);
			off = (off + ty.align - 1) / ty.align * ty.align;
			s->f[s->nf].name = ksrc_tok_text(r, r->pos);
			s->f[s->nf].offset = off;
			s->f[s->nf].size = ty.size;
			s->nf++;
			off += ty.size;
			if (ty.align > maxal)
				maxal = ty.align;
			r->pos++;
		} while (ksrc_eat(r, ","));
		ksrc_want(r, ";");
	}
	if (align > maxal)
		maxal = align;
	s->align = maxal;
	s->size = (off + maxal - 1) / maxal * maxal;
	r->nst++;
	if (in_typedef) {
		if (nametok < 0 && ksrc_tk(r)->kind == T_ID)
			snprintf(s->name, sizeof s->name, "%.*s",
			    ksrc_tk(r)->len, ksrc_tk(r)->p);
		return;
	}
	ksrc_want(r, ";");
}

/* Skip one file-scope item: up to ';' or a balanced {...}. */
static void
skip_item(struct rd *r)
{
	int	depth = 0;

	for (; ksrc_tk(r)->kind != T_EOF; r->pos++) {
		if (ksrc_at(r, "{"))
			depth++;
		else if (ksrc_at(r, "}")) {
			if (--depth <= 0) {
				r->pos++;
				ksrc_eat(r, ";");
				return;
			}
		} else if (ksrc_at(r, ";") && depth == 0) {
			r->pos++;
			return;
		}
	}
}

/*
 * A file-scope constant: the value of a C constant expression, held as
 * its number (so no let is spent on it).  The text must name nothing:
 * a parameter or a value read from memory is not a constant.  Returns 0
 * and leaves *out unset when the text is not one.
 */
static int
const_value(struct rd *r, const struct val *x, struct ctype ct, int64_t *out)
{
	struct expr_scope	 sc;
	struct expr		*e;
	const char		*text;
	char			*cause = NULL;
	int			 err = 0;

	if (x->kind != VAL_INT)
		return 0;
	text = ksrc_arith_as(r, x, ct);
	memset(&sc, 0, sizeof sc);
	if ((e = expr_parse(&sc, text, &cause)) == NULL) {
		free(cause);
		return 0;
	}
	*out = expr_eval(e, NULL, &err);
	expr_free(e);
	return err == 0;
}

/* Name a constant: an integer variable whose value is the number v. */
static void
const_var(struct rd *r, int nametok, struct ctype ct, int64_t v)
{
	struct var	*var;

	var = ksrc_sym_add_var(r, &r->t[nametok], VK_INT);
	var->isint = 1;
	var->ct = ct;
	snprintf(var->model, sizeof var->model, v < 0 ? "(%lld)" : "%lld",
	    (long long)v);
}

/*
 * "const int TILE_DIM = 32;", "static constexpr unsigned N = 4 * K;":
 * integer constants before the kernel, which its expressions may use.
 * Returns 0 (nothing read) when the item is not one.
 */
static int
const_item(struct rd *r)
{
	struct ty	 ty;
	struct val	 x;
	int		 start = r->pos, isconst = 0, nametok;
	int64_t		 v;

	for (; ksrc_tk(r)->kind == T_ID; r->pos++) {
		if (ksrc_at(r, "const") || ksrc_at(r, "constexpr"))
			isconst = 1;
		else if (!ksrc_at(r, "static") && !ksrc_at(r, "__device__") &&
		    !ksrc_at(r, "inline") && !ksrc_at(r, "__host__"))
			break;
	}
	if (!isconst || !ksrc_sym_type_starts(r, r->pos)) {
		r->pos = start;
		return 0;
	}
	ksrc_sym_parse_type(r, &ty);
	if (!ty.is_int || ty.ptr || ksrc_tk(r)->kind != T_ID ||
	    !ksrc_tok_is(&r->t[r->pos + 1], "=")) {
		r->pos = start;
		return 0;
	}
	r->dry++;	/* no access is recorded at file scope */
	do {
		if (ksrc_tk(r)->kind != T_ID)
			ksrc_fail(r, r->pos, "expected a name");
		nametok = r->pos++;
		ksrc_want(r, "=");
		x = ksrc_place_rval(r, ksrc_access_walk(r, 1));
		if (!const_value(r, &x, ksrc_arith_ctype(&ty), &v))
			ksrc_fail(r, nametok, "constant %.*s is not a C "
			    "constant expression the model can compute "
			    "(use a param line for a value the launch gives)",
			    r->t[nametok].len, r->t[nametok].p);
		const_var(r, nametok, ksrc_arith_ctype(&ty), v);
	} while (ksrc_eat(r, ","));
	r->dry--;
	ksrc_want(r, ";");
	return 1;
}

/*
 * "enum [NAME] [: TYPE] { A, B = 4, C };": each enumerator an int
 * constant (C11 6.7.2.2), the enum's name a type name of int.
 */
static void
enum_item(struct rd *r)
{
	struct ty	 ty;
	struct val	 x;
	struct ctype	 ct = { 4, 0, 0 };
	int		 nametok;
	int64_t		 v = 0;

	r->pos++;	/* enum */
	if (ksrc_at(r, "class") || ksrc_at(r, "struct"))
		r->pos++;
	memset(&ty, 0, sizeof ty);
	ty.size = ty.align = 4;
	ty.is_int = 1;
	ty.strct = -1;
	snprintf(ty.name, sizeof ty.name, "int");
	if (ksrc_tk(r)->kind == T_ID && !ksrc_at(r, "{"))
		ksrc_sym_add_alias(r, r->pos++, NULL, NULL, 0, &ty);
	if (ksrc_eat(r, ":")) {
		ksrc_sym_parse_type(r, &ty);
		if (!ty.is_int)
			ksrc_fail(r, r->pos, "an enum's type is an integer");
		ct = ksrc_arith_ctype(&ty);
	}
	if (!ksrc_eat(r, "{")) {
		skip_item(r);
		return;
	}
	r->dry++;
	while (!ksrc_eat(r, "}")) {
		if (ksrc_tk(r)->kind != T_ID)
			ksrc_fail(r, r->pos, "expected an enumerator");
		nametok = r->pos++;
		if (ksrc_eat(r, "=")) {
			x = ksrc_place_rval(r, ksrc_access_walk(r, 1));
			if (!const_value(r, &x, ct, &v))
				ksrc_fail(r, nametok, "enumerator %.*s is not "
				    "a constant the model can compute",
				    r->t[nametok].len, r->t[nametok].p);
		}
		if (ct.size == 4 && !ct.uns && (v < INT32_MIN ||
		    v > INT32_MAX))
			ksrc_fail(r, nametok, "enumerator %.*s is outside int",
			    r->t[nametok].len, r->t[nametok].p);
		const_var(r, nametok, ct, v);
		v++;
		if (!ksrc_eat(r, ",") && !ksrc_at(r, "}"))
			ksrc_fail(r, r->pos, "expected ',' or '}' in the enum");
	}
	r->dry--;
	skip_item(r);	/* declarators after the braces, up to ';' */
}

/* "typedef TYPE NAME;": NAME stands for TYPE from here on. */
static void
typedef_item(struct rd *r)
{
	struct ty	ty;

	r->pos++;	/* typedef */
	if (ksrc_at(r, "struct") && (ksrc_tok_is(&r->t[r->pos + 1], "{") ||
	    ksrc_tok_is(&r->t[r->pos + 2], "{") ||
	    ksrc_tok_is(&r->t[r->pos + 1], "__align__"))) {
		parse_struct(r, 1);
		ty.strct = r->nst - 1;
		ty.size = r->st[ty.strct].size;
		ty.align = r->st[ty.strct].align;
		ty.is_int = ty.uns = ty.ptr = 0;
		snprintf(ty.name, sizeof ty.name, "struct %s",
		    r->st[ty.strct].name);
	} else
		ksrc_sym_parse_type(r, &ty);
	do {
		while (ksrc_eat(r, "*"))
			ty.ptr++;
		if (ksrc_tk(r)->kind != T_ID)
			ksrc_fail(r, r->pos, "expected the typedef's name");
		ksrc_sym_add_alias(r, r->pos++, NULL, NULL, 0, &ty);
		if (ksrc_at(r, "[") || ksrc_at(r, "("))
			ksrc_fail(r, r->pos, "a typedef of an array or a "
			    "function is not supported; typedef the element "
			    "and declare the array with it: T v[N]");
	} while (ksrc_eat(r, ","));
	ksrc_want(r, ";");
}

/* Skip an initialiser, up to the ',' or ';' after it. */
static void
skip_init(struct rd *r)
{
	int	depth = 0;

	for (; ksrc_tk(r)->kind != T_EOF; r->pos++) {
		if (ksrc_at(r, "{") || ksrc_at(r, "("))
			depth++;
		else if (ksrc_at(r, "}") || ksrc_at(r, ")"))
			depth--;
		else if (depth == 0 && (ksrc_at(r, ",") || ksrc_at(r, ";")))
			return;
	}
}

/*
 * "__constant__ float c[N];", "__constant__ float c_ax, c_bx;": arrays
 * in constant memory; a scalar is an array of one element, each use a
 * read of element 0.
 */
static void
constant_item(struct rd *r)
{
	struct ty	 ty;
	const char	*d[2];
	int		 nd, nametok;

	r->pos++;	/* __constant__ */
	ksrc_sym_parse_type(r, &ty);
	do {
		if (ksrc_tk(r)->kind != T_ID)
			ksrc_fail(r, r->pos, "expected a name");
		nametok = r->pos++;
		nd = 0;
		d[0] = d[1] = NULL;
		while (ksrc_eat(r, "[")) {
			if (nd == 2)
				ksrc_fail(r, r->pos, "more than two "
				    "dimensions");
			d[nd++] = ksrc_access_const_expr(r, "an array size");
			ksrc_want(r, "]");
		}
		ksrc_sym_add_array(r, nametok, SPACE_CONSTANT, &ty,
		    nd == 0 ? "1" : nd == 1 ? d[0] :
		    ksrc_fmt(r, "(%s) * (%s)", d[0], d[1]), nd == 2 ? d[0] :
		    NULL, nd == 2 ? d[1] : NULL);
		r->vars[r->nvars - 1].scalar = nd == 0;
		if (ksrc_eat(r, "="))
			skip_init(r);
	} while (ksrc_eat(r, ","));
	ksrc_want(r, ";");
}

/* A __device__ function's definition, to inline where it is called. */
static void
device_fn(struct rd *r, int start, int name, int body, const int *tp,
    const int *tpt, int ntp, const struct tlist *tl)
{
	struct dfn	*f;

	if (ksrc_sym_find_fn(r, &r->t[name]) >= 0 || r->nfn == KSRC_MAX_FUNCS)
		return;		/* an overload: refused if called */
	f = &r->fn[r->nfn++];
	f->start = start;
	while (ksrc_tok_is(&r->t[f->start], "template"))
		for (f->start++; r->t[f->start].kind != T_EOF; f->start++)
			if (ksrc_tok_is(&r->t[f->start], ">") &&
			    !ksrc_tok_is(&r->t[f->start + 1], ">")) {
				f->start++;
				break;
			}
	f->name = name;
	f->params = name + 1;
	f->body = body;
	f->ntp = ntp;
	memcpy(f->tp, tp, ntp * sizeof *tp);
	memcpy(f->tpt, tpt, ntp * sizeof *tpt);
	f->tl = *tl;
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
		if (ksrc_tok_is(&r->t[nametok], name))
			break;
		name = NULL;
	}
	for (k = 0; name == NULL && k < 4 && v->derived[k].name; k++)
		if (ksrc_tok_is(&r->t[nametok], v->derived[k].name))
			name = v->derived[k].name;
	if (name == NULL)
		ksrc_fail(r, nametok, "integer parameter %.*s needs a "
		    "'// warpviz: param %.*s=DEFAULT range=MIN..MAX' line",
		    r->t[nametok].len, r->t[nametok].p, r->t[nametok].len,
		    r->t[nametok].p);
	var = ksrc_sym_add_var(r, &r->t[nametok], VK_INT);
	var->isint = 1;
	snprintf(var->model, sizeof var->model, "%s", name);
}

/* The live run's arguments in order (struct live_spec): names. */
static void
live_arg(struct rd *r, const char *name)
{
	struct live_spec	*ls = &r->kf->v.live;

	ls->args = ls->args == NULL ? ksrc_fmt(r, "%s", name) :
	    ksrc_fmt(r, "%s %s", ls->args, name);
}

/* A cudaTextureObject_t parameter: the texture of its warpviz: line. */
static void
texture_param(struct rd *r, struct meta *m)
{
	struct ty	 ty;
	int		 nametok = r->pos, i;

	if (ksrc_tk(r)->kind != T_ID)
		ksrc_fail(r, r->pos, "expected a parameter name");
	for (i = 0; i < m->narr; i++)
		if (m->arr[i].tex && ksrc_tok_is(&r->t[nametok],
		    m->arr[i].name))
			break;
	if (i == m->narr)
		ksrc_fail(r, nametok, "texture parameter %.*s needs a "
		    "'// warpviz: texture %.*s width=W height=H' line",
		    r->t[nametok].len, r->t[nametok].p, r->t[nametok].len,
		    r->t[nametok].p);
	r->pos++;
	memset(&ty, 0, sizeof ty);
	ty.strct = -1;
	snprintf(ty.name, sizeof ty.name, "%s", m->arr[i].type);
	ty.size = strcmp(ty.name, "float4") == 0 ? 16 :
	    strcmp(ty.name, "float2") == 0 ? 8 : 4;
	ty.align = ty.size;
	m->arr[i].bound = 1;
	ksrc_sym_add_array(r, nametok, SPACE_TEXTURE, &ty,
	    ksrc_meta_expand_text(r, m->arr[i].length, m->arr[i].line), NULL,
	    NULL);
	live_arg(r, ksrc_tok_text(r, nametok));
}

/* Bind the kernel's parameters to the params and arrays of m. */
void
ksrc_decl_kernel_params(struct rd *r, struct meta *m)
{
	struct ty	 ty;
	struct var	*var;
	int		 nametok, i, first = r->nvars;

	for (i = 0; i < m->ntparam; i++) {
		int	save = r->pos;

		bind_int(r, m->tparam[i]);
		/* Its C type: "unsigned int blockSize", "bool nIsPow2". */
		r->pos = m->tptype[i];
		ksrc_sym_parse_type(r, &ty);
		r->pos = save;
		if (!ty.is_int || ty.ptr)
			ksrc_fail(r, m->tparam[i], "template parameter %.*s is "
			    "not an integer (integer and typename parameters "
			    "are followed)", r->t[m->tparam[i]].len,
			    r->t[m->tparam[i]].p);
		r->vars[r->nvars - 1].isint = 1;
		r->vars[r->nvars - 1].ct = ksrc_arith_ctype(&ty);
	}
	ksrc_want(r, "(");
	if (ksrc_eat(r, ")"))
		return;
	if (ksrc_at(r, "void") && ksrc_tok_is(&r->t[r->pos + 1], ")")) {
		r->pos += 2;
		return;
	}
	do {
		if (ksrc_eat(r, "cudaTextureObject_t")) {
			texture_param(r, m);
			continue;
		}
		ksrc_sym_parse_type(r, &ty);
		if (ksrc_tk(r)->kind != T_ID)
			ksrc_fail(r, r->pos, "expected a parameter name");
		if ((var = ksrc_sym_find_var(r, ksrc_tk(r))) != NULL &&
		    var - r->vars >= first)
			ksrc_fail(r, r->pos, "a second kernel parameter named "
			    "%.*s", ksrc_tk(r)->len, ksrc_tk(r)->p);
		nametok = r->pos++;
		if (ty.ptr) {
			for (i = 0; i < m->narr; i++)
				if (ksrc_tok_is(&r->t[nametok], m->arr[i].name))
					break;
			if (i == m->narr)
				ksrc_fail(r, nametok,
				    "pointer parameter %.*s needs a "
				    "'// warpviz: array %.*s length=...' "
				    "line", r->t[nametok].len,
				    r->t[nametok].p, r->t[nametok].len,
				    r->t[nametok].p);
			m->arr[i].bound = 1;
			ksrc_sym_add_array(r, nametok, SPACE_GLOBAL, &ty,
			    ksrc_meta_expand_text(r, m->arr[i].length,
			    m->arr[i].line),
			    NULL, NULL);
			live_arg(r, ksrc_tok_text(r, nametok));
			continue;
		}
		if (ty.is_int) {
			bind_int(r, nametok);
			r->vars[r->nvars - 1].ct = ksrc_arith_ctype(&ty);
			live_arg(r, r->vars[r->nvars - 1].model);
		} else {
			var = ksrc_sym_add_var(r, &r->t[nametok], VK_DATA);
			var->strct = -2;
			live_arg(r, "0");
		}
	} while (ksrc_eat(r, ","));
	ksrc_want(r, ")");
}

/*
 * A template's parameters, after "template": each integer one (its name
 * in tp[], where its type starts in tpt[]) is a param line's; a type one
 * (class T, typename T: its name in tl->tt[]) needs a type line in the
 * kernel: *untyped, the first without one, or -1.  A __device__ helper's
 * are bound where it is called (ksrc-inline.c); tl->types has bit i set
 * where the i-th parameter is a type.
 */
static void
template_params(struct rd *r, int *tp, int *tpt, int *ntp, int *untyped,
    struct tlist *tl)
{
	int	start, name, depth;

	ksrc_want(r, "<");
	if (ksrc_eat(r, ">"))
		return;
	do {
		start = r->pos;
		name = -1;
		for (depth = 0; ksrc_tk(r)->kind != T_EOF; r->pos++) {
			if (depth == 0 && (ksrc_at(r, ",") || ksrc_at(r, ">") ||
			    ksrc_at(r, "=")))
				break;
			if (ksrc_at(r, "<") || ksrc_at(r, "("))
				depth++;
			else if (ksrc_at(r, ">") || ksrc_at(r, ")"))
				depth--;
			else if (ksrc_tk(r)->kind == T_ID && depth == 0)
				name = r->pos;
		}
		if (ksrc_eat(r, "="))	/* a default: skip it */
			for (depth = 0; ksrc_tk(r)->kind != T_EOF; r->pos++) {
				if (depth == 0 && (ksrc_at(r, ",") ||
				    ksrc_at(r, ">")))
					break;
				if (ksrc_at(r, "<") || ksrc_at(r, "("))
					depth++;
				else if (ksrc_at(r, ">") || ksrc_at(r, ")"))
					depth--;
			}
		if (*ntp + tl->ntt == KSRC_MAX_TPARAMS)
			ksrc_fail(r, start, "more than %d template parameters",
			    KSRC_MAX_TPARAMS);
		if (ksrc_tok_is(&r->t[start], "class") ||
		    ksrc_tok_is(&r->t[start], "typename")) {
			if (name > start && *untyped < 0 &&
			    ksrc_sym_find_alias(r, &r->t[name]) < 0)
				*untyped = name;
			if (name > start) {
				tl->types |= 1u << (*ntp + tl->ntt);
				tl->tt[tl->ntt++] = name;
			}
		} else if (name > start) {
			tp[*ntp] = name;
			tpt[(*ntp)++] = start;
		}
	} while (ksrc_eat(r, ","));
	ksrc_want(r, ">");
}

/* Step over "namespace [N] {" or a namespace's "}": its items are the
   file's.  Returns 1 when it did. */
static int
namespace_edge(struct rd *r)
{
	if (ksrc_at(r, "namespace") && (ksrc_tok_is(&r->t[r->pos + 1], "{") ||
	    (r->t[r->pos + 1].kind == T_ID && ksrc_tok_is(&r->t[r->pos + 2],
	    "{")))) {
		r->pos += ksrc_tok_is(&r->t[r->pos + 1], "{") ? 2 : 3;
		return 1;
	}
	return ksrc_eat(r, "}");
}

/*
 * Read the items at file scope; *kbody: the token after the name of the
 * kernel of block m->blk, or -1.
 */
void
ksrc_decl_file_scope(struct rd *r, struct meta *m, int *kbody)
{
	int		 start, is_global, is_template, namepos;
	int		 i, tp[KSRC_MAX_TPARAMS], tpt[KSRC_MAX_TPARAMS], ntp = 0;
	int		 is_device, untyped;
	struct tlist	 tl;

	*kbody = -1;
	while (ksrc_tk(r)->kind != T_EOF) {
		if (namespace_edge(r))
			continue;
		start = r->pos;
		is_template = 0;
		if (ksrc_at(r, "extern") && r->t[r->pos + 1].kind == T_STR) {
			r->pos += 2;
			if (ksrc_at(r, "{"))
				ksrc_fail(r, r->pos,
				    "extern \"C\" { ... } blocks are not "
				    "supported; write extern \"C\" before "
				    "each function instead");
		}
		ntp = 0;
		untyped = -1;
		memset(&tl, 0, sizeof tl);
		if (ksrc_at(r, "template")) {
			is_template = 1;
			r->pos++;
			template_params(r, tp, tpt, &ntp, &untyped, &tl);
		}
		if (ksrc_at(r, "struct") &&
		    (ksrc_tok_is(&r->t[r->pos + 2], "{") ||
		    ksrc_tok_is(&r->t[r->pos + 1], "__align__"))) {
			parse_struct(r, 0);
			continue;
		}
		if (*kbody < 0 && !is_template && ksrc_at(r, "typedef")) {
			typedef_item(r);
			continue;
		}
		if (*kbody < 0 && !is_template && ksrc_at(r, "enum")) {
			enum_item(r);
			continue;
		}
		if (*kbody < 0 && !is_template && const_item(r))
			continue;
		if (ksrc_at(r, "__constant__")) {
			constant_item(r);
			continue;
		}
		is_global = is_device = 0;
		namepos = -1;
		for (i = r->pos; r->t[i].kind != T_EOF &&
		    !ksrc_tok_is(&r->t[i], ";") &&
		    !ksrc_tok_is(&r->t[i], "{"); i++) {
			if (ksrc_tok_is(&r->t[i], "__global__"))
				is_global = 1;
			if (ksrc_tok_is(&r->t[i], "__device__"))
				is_device = 1;
			if (namepos < 0 && ksrc_tok_is(&r->t[i], "(") &&
			    i > r->pos && r->t[i - 1].kind == T_ID &&
			    !ksrc_tok_is(&r->t[i - 1], "__launch_bounds__"))
				namepos = i - 1;
		}
		/*
		 * The kernel: the function launch kernel= names (a __device__
		 * template the __global__ ones call will do), else the first
		 * __global__ function after this block of warpviz: lines.
		 */
		if (namepos >= 0 && ksrc_tok_is(&r->t[i], "{") && *kbody < 0 &&
		    ((m->kernel != NULL && (is_global || is_device) &&
		    (int)strlen(m->kernel) == r->t[namepos].len &&
		    strncmp(m->kernel, r->t[namepos].p,
		    r->t[namepos].len) == 0) || (m->kernel == NULL &&
		    is_global && r->t[namepos].line > m->after))) {
			if (untyped >= 0)
				ksrc_fail(r, untyped, "template type parameter "
				    "%.*s needs a '// warpviz: type %.*s=float' "
				    "line (the type it takes)",
				    r->t[untyped].len, r->t[untyped].p,
				    r->t[untyped].len, r->t[untyped].p);
			r->kf->v.kernel = ksrc_tok_text(r, namepos);
			*kbody = namepos + 1;
			memcpy(m->tparam, tp, sizeof tp);
			memcpy(m->tptype, tpt, sizeof tpt);
			m->ntparam = is_template ? ntp : 0;
		}
		if (namepos >= 0 && ksrc_tok_is(&r->t[i], "{") &&
		    *kbody != namepos + 1) {
			ksrc_sym_note_shmem_maker(r, namepos, i);
			if (is_device && !is_global)
				device_fn(r, start, namepos, i, tp, tpt,
				    is_template ? ntp : 0, &tl);
		}
		r->pos = start;
		skip_item(r);
		if (r->pos == start)
			r->pos++;
	}
}
