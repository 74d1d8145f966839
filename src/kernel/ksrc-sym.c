/* SPDX-License-Identifier: ISC
 * ksrc-sym.c - what the reader knows by name: C types (base types,
 * structs, pointers), the variables in scope with their model names,
 * the arrays, and the body being built.  Stands on ksrc-core.c alone;
 * expressions (ksrc-access.c), file scope (ksrc-decl.c) and statements
 * (ksrc-body.c) stand on it.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"
#include "ksrc-int.h"
#include "xmalloc.h"

/* --- types ---------------------------------------------------------------- */

static const struct base_type base_types[] = {
	{ "char", 1, 1, 1 }, { "short", 2, 2, 1 }, { "int", 4, 4, 1 },
	{ "long", 8, 8, 1 }, { "unsigned", 4, 4, 1 }, { "signed", 4, 4, 1 },
	{ "size_t", 8, 8, 1 }, { "bool", 1, 1, 1 },
	{ "int8_t", 1, 1, 1 }, { "uint8_t", 1, 1, 1 },
	{ "int16_t", 2, 2, 1 }, { "uint16_t", 2, 2, 1 },
	{ "int32_t", 4, 4, 1 }, { "uint32_t", 4, 4, 1 },
	{ "int64_t", 8, 8, 1 }, { "uint64_t", 8, 8, 1 },
	{ "float", 4, 4, 0 }, { "double", 8, 8, 0 }, { "half", 2, 2, 0 },
	{ "__half", 2, 2, 0 }, { "half2", 4, 4, 0 }, { "__half2", 4, 4, 0 },
	{ "float2", 8, 8, 0 }, { "float3", 12, 4, 0 }, { "float4", 16, 16, 0 },
	{ "double2", 16, 16, 0 }, { "int2", 8, 8, 0 }, { "int3", 12, 4, 0 },
	{ "int4", 16, 16, 0 }, { "uint2", 8, 8, 0 }, { "uint4", 16, 16, 0 },
	{ "char4", 4, 4, 0 }, { "uchar4", 4, 4, 0 }, { "short2", 4, 4, 0 },
	{ "void", 1, 1, 0 },
	{ NULL, 0, 0, 0 }
};

static const char *qualifiers[] = { "const", "volatile", "__restrict__",
    "__restrict", "restrict", "static", "inline", "__forceinline__",
    "register", "__device__", NULL };

static int
is_qualifier(const struct tok *t)
{
	int	i;

	for (i = 0; qualifiers[i] != NULL; i++)
		if (ksrc_tok_is(t, qualifiers[i]))
			return 1;
	return 0;
}

static int
find_struct(const struct rd *r, const struct tok *t)
{
	int	i;

	for (i = 0; i < r->nst; i++)
		if ((int)strlen(r->st[i].name) == t->len &&
		    memcmp(r->st[i].name, t->p, t->len) == 0)
			return i;
	return -1;
}

/* The base type t names, or NULL. */
const struct base_type *
ksrc_sym_find_base(const struct tok *t)
{
	int	i;

	for (i = 0; base_types[i].name != NULL; i++)
		if (ksrc_tok_is(t, base_types[i].name))
			return &base_types[i];
	return NULL;
}

/* Does a type start here? */
int
ksrc_sym_type_starts(struct rd *r, int i)
{
	const struct tok	*t = &r->t[i];

	return t->kind == T_ID &&
	    (is_qualifier(t) || ksrc_sym_find_base(t) != NULL ||
	    ksrc_tok_is(t, "struct") || ksrc_tok_is(t, "__shared__") ||
	    ksrc_tok_is(t, "extern") || find_struct(r, t) >= 0);
}

/* Parse a type (qualifiers, base or struct, stars). */
void
ksrc_sym_parse_type(struct rd *r, struct ty *out)
{
	const struct base_type	*b;
	int			 seen = 0, s, longs = 0;

	memset(out, 0, sizeof *out);
	out->strct = -1;
	for (;;) {
		if (is_qualifier(ksrc_tk(r))) {
			r->pos++;
			continue;
		}
		if (ksrc_tok_is(ksrc_tk(r), "struct")) {
			r->pos++;
			if ((s = find_struct(r, ksrc_tk(r))) < 0)
				ksrc_fail(r, r->pos, "unknown struct %.*s",
				    ksrc_tk(r)->len, ksrc_tk(r)->p);
			goto have_struct;
		}
		if (!seen && (s = find_struct(r, ksrc_tk(r))) >= 0) {
have_struct:
			out->size = r->st[s].size;
			out->align = r->st[s].align;
			out->strct = s;
			snprintf(out->name, sizeof out->name, "struct %s",
			    r->st[s].name);
			r->pos++;
			seen = 1;
			continue;
		}
		if ((b = ksrc_sym_find_base(ksrc_tk(r))) != NULL) {
			if (ksrc_tok_is(ksrc_tk(r), "long") && ++longs > 1) {
				r->pos++;
				continue;
			}
			/* "unsigned int", "long long": one integer type. */
			if (!seen || (out->is_int && b->is_int)) {
				if (!seen || b->size > out->size ||
				    ksrc_tok_is(ksrc_tk(r), "long")) {
					out->size = b->size;
					out->align = b->align;
				}
				out->is_int = b->is_int;
				if (!seen)
					snprintf(out->name, sizeof out->name,
					    "%s", b->name);
				seen = 1;
				r->pos++;
				continue;
			}
		}
		break;
	}
	if (!seen)
		ksrc_fail(r, r->pos, "expected a type before '%.*s'",
		    ksrc_tk(r)->len, ksrc_tk(r)->p);
	for (;;) {
		if (ksrc_eat(r, "*"))
			out->ptr++;
		else if (is_qualifier(ksrc_tk(r)))
			r->pos++;
		else
			break;
	}
}

/* --- the body being built ------------------------------------------------- */

/* Append an item of kind to the body being built. */
struct body_def *
ksrc_sym_body_add(struct rd *r, enum body_kind kind)
{
	struct kfile	*kf = r->kf;
	struct body_def	*b;

	if (r->dry)
		return NULL;
	if (kf->nbody == kf->abody) {
		kf->abody = kf->abody ? 2 * kf->abody : 64;
		kf->body = xreallocarray(kf->body, kf->abody, sizeof *kf->body);
	}
	b = &kf->body[kf->nbody++];
	memset(b, 0, sizeof *b);
	b->kind = kind;
	return b;
}

/* A model name not yet used: base, base_2, base_3 ... */
const char *
ksrc_sym_uniq(struct rd *r, const char *base)
{
	char	buf[EXPR_NAME_MAX];
	int	i, n;

	for (n = 1; ; n++) {
		if (n == 1)
			snprintf(buf, sizeof buf, "%.24s", base);
		else
			snprintf(buf, sizeof buf, "%.20s_%d", base, n);
		for (i = 0; i < r->nused; i++)
			if (strcmp(r->used[i], buf) == 0)
				break;
		if (i == r->nused)
			break;
	}
	if (r->nused == r->aused) {
		r->aused = r->aused ? 2 * r->aused : 64;
		r->used = xreallocarray(r->used, r->aused, sizeof *r->used);
	}
	strcpy(r->used[r->nused++], buf);
	return ksrc_fmt(r, "%s", buf);
}

/* --- values and expressions ----------------------------------------------- */

/* The variable t names, innermost first, or NULL. */
struct var *
ksrc_sym_find_var(struct rd *r, const struct tok *t)
{
	int	i;

	for (i = r->nvars - 1; i >= 0; i--)
		if ((int)strlen(r->vars[i].name) == t->len &&
		    memcmp(r->vars[i].name, t->p, t->len) == 0)
			return &r->vars[i];
	return NULL;
}

/* Declare the variable t at the current depth. */
struct var *
ksrc_sym_add_var(struct rd *r, const struct tok *t, enum var_kind kind)
{
	struct var	*v;

	if (r->nvars == r->avars) {
		r->avars = r->avars ? 2 * r->avars : 64;
		r->vars = xreallocarray(r->vars, r->avars, sizeof *r->vars);
	}
	v = &r->vars[r->nvars++];
	memset(v, 0, sizeof *v);
	snprintf(v->name, sizeof v->name, "%.*s", t->len, t->p);
	v->kind = kind;
	v->depth = r->depth;
	v->origin = -1;
	v->strct = -1;
	return v;
}

/* Give an integer variable a new value: a let with a fresh model name. */
void
ksrc_sym_set_int(struct rd *r, struct var *v, const char *text)
{
	const char	*m = ksrc_sym_uniq(r, v->name);
	struct body_def	*b;

	if ((b = ksrc_sym_body_add(r, BODY_LET)) != NULL) {
		b->name = m;
		b->expr = text;
	}
	snprintf(v->model, sizeof v->model, "%s", m);
	v->kind = VK_INT;
}

/* Note how a loop body changes v: by adding inc, or otherwise. */
void
ksrc_sym_note_change(struct rd *r, struct var *v, int additive,
    const char *inc, int tok)
{
	int	i = (int)(v - r->vars);

	if (!r->dry || r->chg == NULL || i < 0 || i >= r->nchg)
		return;
	if (r->chg[i] == 0)
		r->chg_at[i] = tok;
	if (!additive || r->nested || r->chg[i] == 2) {
		r->chg[i] = 2;
		return;
	}
	r->chg[i] = 1;
	r->inc[i] = r->inc[i] == NULL ? inc : ksrc_fmt(r, "%s + %s", r->inc[i],
	    inc);
}

/* Add an array to the variant, with its length and dims. */
void
ksrc_sym_add_array(struct rd *r, int nametok, enum mem_space space,
    const struct ty *ty, const char *len, const char *d0, const char *d1)
{
	struct array_def	*a;
	struct var		*v;
	int			 i;

	if (r->narrays == VARIANT_MAX_ARRAYS)
		ksrc_fail(r, nametok, "more than %d arrays",
		    VARIANT_MAX_ARRAYS);
	a = &r->kf->v.arrays[r->narrays];
	for (i = 0; i < r->narrays; i++)
		if (ksrc_tok_is(&r->t[nametok], r->kf->v.arrays[i].name) &&
		    r->kf->v.arrays[i].space == space)
			break;
	if (i < r->narrays)
		a = &r->kf->v.arrays[i];
	else
		r->narrays++;
	a->name = ksrc_tok_text(r, nametok);
	a->space = space;
	a->elem_size = ty->size;
	a->type = ksrc_fmt(r, "%s%s", ty->name, ty->strct >= 0 &&
	    r->st[ty->strct].align >= r->st[ty->strct].size ? "@a" : "");
	if (len != NULL)
		a->length = len;
	if (d0 != NULL) {
		a->dims[0] = d0;
		a->dims[1] = d1;
	}
	if (ty->strct >= 0)
		memcpy(a->fields, r->st[ty->strct].f, sizeof a->fields);
	else if (strcmp(ty->name, "float2") == 0 ||
	    strcmp(ty->name, "float4") == 0 ||
	    strcmp(ty->name, "float3") == 0 ||
	    strcmp(ty->name, "int3") == 0 ||
	    strcmp(ty->name, "double2") == 0 ||
	    strcmp(ty->name, "int2") == 0 || strcmp(ty->name, "int4") == 0) {
		static const char *fn[] = { "x", "y", "z", "w" };
		int fs = ty->name[0] == 'd' ? 8 : 4;

		for (i = 0; i < ty->size / fs && i < 4; i++) {
			a->fields[i].name = fn[i];
			a->fields[i].offset = i * fs;
			a->fields[i].size = fs;
		}
	}
	v = ksrc_sym_add_var(r, &r->t[nametok], VK_ARRAY);
	v->arr = (int)(a - r->kf->v.arrays);
}
