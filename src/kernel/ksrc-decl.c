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

static void
parse_struct(struct rd *r)
{
	struct strct	*s;
	struct ty	 ty;
	int		 align = 0, off = 0, maxal = 1, nametok;

	r->pos++;	/* struct */
	if (ksrc_eat(r, "__align__")) {
		ksrc_want(r, "(");
		if (ksrc_tk(r)->kind != T_NUM)
			ksrc_fail(r, r->pos, "expected a number");
		align = atoi(ksrc_tk(r)->p);
		r->pos++;
		ksrc_want(r, ")");
	}
	if (ksrc_tk(r)->kind != T_ID)
		ksrc_fail(r, r->pos, "expected a struct name");
	nametok = r->pos++;
	if (!ksrc_at(r, "{"))
		return;	/* a declaration that uses it: caller skips */
	r->pos++;
	if (r->nst == 16)
		ksrc_fail(r, nametok, "too many structs");
	s = &r->st[r->nst];
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%.*s", r->t[nametok].len,
	    r->t[nametok].p);
	while (!ksrc_eat(r, "}")) {
		ksrc_sym_parse_type(r, &ty);
		if (ty.ptr)
			ksrc_fail(r, r->pos,
			    "pointer fields are not supported");
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

	for (i = 0; i < m->ntparam; i++)
		bind_int(r, m->tparam[i]);
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
			r->vars[r->nvars - 1].ct = ksrc_access_ctype(&ty);
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
 * Read the items at file scope; *kbody: the token after the name of the
 * kernel of block m->blk, or -1.
 */
void
ksrc_decl_file_scope(struct rd *r, struct meta *m, int *kbody)
{
	struct ty	 ty;
	const char	*d[2];
	int		 nd, nametok, start, is_global, is_template, namepos;
	int		 i, tp[4], ntp = 0, is_device;

	*kbody = -1;
	while (ksrc_tk(r)->kind != T_EOF) {
		start = r->pos;
		is_template = 0;
		if (ksrc_at(r, "extern") && r->t[r->pos + 1].kind == T_STR) {
			r->pos += 2;
			if (ksrc_at(r, "{"))
				ksrc_fail(r, r->pos,
				    "extern \"C\" { ... } blocks are not "
				    "supported");
		}
		ntp = 0;
		if (ksrc_at(r, "template")) {
			is_template = 1;
			r->pos++;
			ksrc_want(r, "<");
			while (!ksrc_eat(r, ">") && ksrc_tk(r)->kind != T_EOF) {
				if (ksrc_tk(r)->kind == T_ID && ntp < 4 &&
				    ksrc_tok_is(&r->t[r->pos - 1], "int"))
					tp[ntp++] = r->pos;
				r->pos++;
			}
		}
		if (ksrc_at(r, "struct") &&
		    (ksrc_tok_is(&r->t[r->pos + 2], "{") ||
		    ksrc_tok_is(&r->t[r->pos + 1], "__align__"))) {
			parse_struct(r);
			continue;
		}
		if (ksrc_at(r, "__constant__")) {
			r->pos++;
			ksrc_sym_parse_type(r, &ty);
			nametok = r->pos++;
			nd = 0;
			d[0] = d[1] = NULL;
			while (ksrc_eat(r, "[")) {
				if (nd == 2)
					ksrc_fail(r, r->pos, "more than two "
					    "dimensions");
				d[nd++] = ksrc_access_const_expr(r,
				    "an array size");
				ksrc_want(r, "]");
			}
			if (nd == 0)
				ksrc_fail(r, nametok,
				    "a __constant__ scalar is not modelled "
				    "(make it an array)");
			ksrc_sym_add_array(r, nametok, SPACE_CONSTANT, &ty,
			    nd == 1 ? d[0] :
			    ksrc_fmt(r, "(%s) * (%s)", d[0], d[1]), nd == 2 ?
			    d[0] : NULL, nd == 2 ? d[1] : NULL);
			skip_item(r);
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
			r->kf->v.kernel = ksrc_tok_text(r, namepos);
			*kbody = namepos + 1;
			memcpy(m->tparam, tp, sizeof tp);
			m->ntparam = is_template ? ntp : 0;
		}
		r->pos = start;
		skip_item(r);
		if (r->pos == start)
			r->pos++;
	}
}
