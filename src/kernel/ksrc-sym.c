/* SPDX-License-Identifier: ISC
 * ksrc-sym.c - what the reader knows by name: C types (base types,
 * structs, pointers), the variables in scope with their model names,
 * the arrays, and the body being built.  Stands on ksrc-core.c alone;
 * expressions (ksrc-access.c), file scope (ksrc-decl.c) and statements
 * (ksrc-body.c) stand on it.
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"
#include "ksrc-int.h"
#include "launch.h"
#include "xmalloc.h"

/* --- types ---------------------------------------------------------------- */

/*
 * The C keywords that combine into one integer type ("unsigned long long
 * int"), then typedef names that stand alone.  Sizes and signedness are
 * nvcc's on a 64-bit Linux host (LP64): long is 8 bytes, plain char is
 * signed.  spec: a keyword of a combination.
 */
static const struct base_type base_types[] = {
	{ "char", 1, 1, 1, 0, 1 }, { "short", 2, 2, 1, 0, 1 },
	{ "int", 4, 4, 1, 0, 1 }, { "long", 8, 8, 1, 0, 1 },
	{ "unsigned", 4, 4, 1, 1, 1 }, { "signed", 4, 4, 1, 0, 1 },
	/* <stddef.h>, <sys/types.h> (CUDA's headers bring uint, ushort,
	   ulong), <stdint.h> */
	{ "size_t", 8, 8, 1, 1, 0 }, { "ssize_t", 8, 8, 1, 0, 0 },
	{ "ptrdiff_t", 8, 8, 1, 0, 0 }, { "intptr_t", 8, 8, 1, 0, 0 },
	{ "uintptr_t", 8, 8, 1, 1, 0 }, { "uint", 4, 4, 1, 1, 0 },
	{ "ushort", 2, 2, 1, 1, 0 }, { "ulong", 8, 8, 1, 1, 0 },
	{ "uchar", 1, 1, 1, 1, 0 },
	{ "int8_t", 1, 1, 1, 0, 0 }, { "uint8_t", 1, 1, 1, 1, 0 },
	{ "int16_t", 2, 2, 1, 0, 0 }, { "uint16_t", 2, 2, 1, 1, 0 },
	{ "int32_t", 4, 4, 1, 0, 0 }, { "uint32_t", 4, 4, 1, 1, 0 },
	{ "int64_t", 8, 8, 1, 0, 0 }, { "uint64_t", 8, 8, 1, 1, 0 },
	{ "bool", 1, 1, 1, 1, 0 },
	{ "float", 4, 4, 0, 0, 0 }, { "double", 8, 8, 0, 0, 0 },
	{ "half", 2, 2, 0, 0, 0 }, { "__half", 2, 2, 0, 0, 0 },
	{ "half2", 4, 4, 0, 0, 0 }, { "__half2", 4, 4, 0, 0, 0 },
	{ "float2", 8, 8, 0, 0, 0 }, { "float3", 12, 4, 0, 0, 0 },
	{ "float4", 16, 16, 0, 0, 0 }, { "double2", 16, 16, 0, 0, 0 },
	{ "int2", 8, 8, 0, 0, 0 }, { "int3", 12, 4, 0, 0, 0 },
	{ "int4", 16, 16, 0, 0, 0 }, { "uint2", 8, 8, 0, 0, 0 },
	{ "uint4", 16, 16, 0, 0, 0 }, { "char4", 4, 4, 0, 0, 0 },
	{ "uchar4", 4, 4, 0, 0, 0 }, { "short2", 4, 4, 0, 0, 0 },
	{ "void", 1, 1, 0, 0, 0 },
	{ NULL, 0, 0, 0, 0, 0 }
};

static const char *qualifiers[] = { "const", "volatile", "__restrict__",
    "__restrict", "restrict", "static", "inline", "__forceinline__",
    "register", "__device__", "__inline__", "__host__", "__noinline__",
    NULL };

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

/* The alias (type line or typedef) t names, or -1. */
int
ksrc_sym_find_alias(const struct rd *r, const struct tok *t)
{
	int	i;

	for (i = r->nal - 1; i >= 0; i--)
		if (ksrc_tok_is(t, r->al[i].name))
			return i;
	return -1;
}

/* Name a type: nametok's text (or name, when nametok < 0) stands for ty,
   or for text to be read when first used. */
void
ksrc_sym_add_alias(struct rd *r, int nametok, const char *name,
    const char *text, int line, const struct ty *ty)
{
	struct alias	*a;

	if (r->nal == KSRC_MAX_ALIASES)
		ksrc_fail(r, nametok, "more than %d type names",
		    KSRC_MAX_ALIASES);
	a = &r->al[r->nal++];
	memset(a, 0, sizeof *a);
	if (nametok >= 0)
		snprintf(a->name, sizeof a->name, "%.*s", r->t[nametok].len,
		    r->t[nametok].p);
	else
		snprintf(a->name, sizeof a->name, "%s", name);
	a->text = text;
	a->line = line;
	if (ty != NULL)
		a->ty = *ty;
}

/*
 * Read a type line's type ("float", "unsigned int", a struct of the
 * file) with the file's own rules: its words are lexed as tokens of
 * their own, after the file's.
 */
static void
alias_resolve(struct rd *r, int ai, int use)
{
	struct alias	*a = &r->al[ai];
	const char	*text = a->text;
	int		 save = r->pos, first = r->nt, savent = r->nt, i;
	int		 savetext;
	struct tok	 eof;

	a->text = NULL;		/* T=T: no loop */
	savetext = 0;
	(void)savetext;
	/* Lex the text as if it stood where the type is used. */
	{
		const char	*old = r->text;
		size_t		 n = strlen(text);

		r->text = text;
		ksrc_lex_text(r, 0, (int)n, r->t[use].line, r->t[use].col, 0);
		r->text = old;
	}
	memset(&eof, 0, sizeof eof);
	eof.kind = T_EOF;
	eof.p = "";
	for (i = 0; i < 4; i++)
		ksrc_lex_push_tok(r, &r->t, &r->nt, &eof);
	for (i = first; i < r->nt; i++) {
		r->t[i].line = r->t[use].line;
		r->t[i].col = r->t[use].col;
		r->t[i].off = r->t[use].off;
		r->t[i].end = r->t[use].end;
	}
	r->pos = first;
	ksrc_sym_parse_type(r, &a->ty);
	if (r->t[r->pos].kind != T_EOF)
		ksrc_fail(r, use, "type %s: '%s' is not a type the reader knows "
		    "(line %d)", a->name, text, a->line);
	r->nt = savent;
	r->pos = save;
}

/* Is t the name of what returns the dynamic shared memory? */
int
ksrc_sym_is_shmem_maker(const struct rd *r, const struct tok *t)
{
	int	i;

	for (i = 0; i < r->nshmk; i++)
		if (ksrc_tok_is(t, r->shmk[i]))
			return 1;
	return 0;
}

/*
 * A function or struct at file scope (its '{' at body) that declares an
 * extern __shared__ array and returns it, cast and nothing more: the
 * SDK's SharedMemory<T> (a conversion operator) and its kin.  A pointer
 * a kernel takes from it is the dynamic shared memory.
 */
void
ksrc_sym_note_shmem_maker(struct rd *r, int nametok, int body)
{
	int	i, depth = 0, arr = -1, ret = -1;

	for (i = body; r->t[i].kind != T_EOF; i++) {
		if (ksrc_tok_is(&r->t[i], "{"))
			depth++;
		else if (ksrc_tok_is(&r->t[i], "}") && --depth == 0)
			break;
		else if (ksrc_tok_is(&r->t[i], "extern") &&
		    ksrc_tok_is(&r->t[i + 1], "__shared__")) {
			for (i += 2; r->t[i].kind != T_EOF &&
			    !ksrc_tok_is(&r->t[i], "["); i++)
				arr = i;
		} else if (ksrc_tok_is(&r->t[i], "return") && arr >= 0) {
			for (ret = 0, i++; r->t[i].kind != T_EOF &&
			    !ksrc_tok_is(&r->t[i], ";"); i++) {
				if (r->t[i].len == r->t[arr].len &&
				    memcmp(r->t[i].p, r->t[arr].p,
				    r->t[i].len) == 0)
					ret++;
				else if (r->t[i].kind == T_ID &&
				    !ksrc_sym_type_starts(r, i) &&
				    !ksrc_tok_is(&r->t[i], "reinterpret_cast") &&
				    !ksrc_tok_is(&r->t[i], "static_cast") &&
				    /* a template's T in a cast: "(T *)" */
				    !ksrc_tok_is(&r->t[i + 1], "*") &&
				    !ksrc_tok_is(&r->t[i + 1], ">"))
					return;
				else if (r->t[i].kind != T_ID &&
				    !ksrc_tok_is(&r->t[i], "(") &&
				    !ksrc_tok_is(&r->t[i], ")") &&
				    !ksrc_tok_is(&r->t[i], "*") &&
				    !ksrc_tok_is(&r->t[i], "<") &&
				    !ksrc_tok_is(&r->t[i], ">"))
					return;
			}
			if (ret != 1)
				return;
		}
	}
	if (ret != 1 || r->nshmk == 8 || r->t[nametok].len >= 64)
		return;
	snprintf(r->shmk[r->nshmk++], sizeof r->shmk[0], "%.*s",
	    r->t[nametok].len, r->t[nametok].p);
}

/* Does a type start here? */
int
ksrc_sym_type_starts(struct rd *r, int i)
{
	const struct tok	*t = &r->t[i];

	return t->kind == T_ID &&
	    (is_qualifier(t) || ksrc_sym_find_base(t) != NULL ||
	    ksrc_tok_is(t, "struct") || ksrc_tok_is(t, "__shared__") ||
	    ksrc_tok_is(t, "extern") || find_struct(r, t) >= 0 ||
	    ksrc_sym_find_alias(r, t) >= 0);
}

/*
 * The integer type that a combination of keywords names: "unsigned",
 * "short int", "long long", "signed char" (C11 6.7.2); count[] is how
 * many of char, short, int, long, signed, unsigned were seen.
 */
static void
spec_combine(struct rd *r, int tok, const int *count, struct ty *out)
{
	enum { C_CHAR, C_SHORT, C_INT, C_LONG, C_SIGNED, C_UNSIGNED };

	if ((count[C_SIGNED] && count[C_UNSIGNED]) ||
	    count[C_CHAR] + count[C_SHORT] + (count[C_LONG] > 0) > 1 ||
	    count[C_LONG] > 2 || (count[C_CHAR] && count[C_INT]) ||
	    count[C_INT] > 1 || count[C_SHORT] > 1 || count[C_CHAR] > 1 ||
	    count[C_SIGNED] > 1 || count[C_UNSIGNED] > 1)
		ksrc_fail(r, tok, "not a C integer type");
	out->size = count[C_CHAR] ? 1 : count[C_SHORT] ? 2 :
	    count[C_LONG] ? 8 : 4;
	out->align = out->size;
	out->is_int = 1;
	out->uns = count[C_UNSIGNED] > 0;
	/* Named by its first keyword, as arrays' types always were. */
	snprintf(out->name, sizeof out->name, "%.*s", r->t[tok].len,
	    r->t[tok].p);
}

/* Refuse the name at tok as a type the reader does not know, with the
   two ways to make it one. */
void
ksrc_sym_unknown_type(struct rd *r, int tok)
{
	const struct tok	*t = &r->t[tok];

	ksrc_fail(r, tok, "unknown type '%.*s'; declare it before the kernel "
	    "(typedef int %.*s;) or give a '// warpviz: type %.*s=int' line",
	    t->len, t->p, t->len, t->p, t->len, t->p);
}

/* Parse a type (qualifiers, base or struct, stars). */
void
ksrc_sym_parse_type(struct rd *r, struct ty *out)
{
	static const char *keys[] = { "char", "short", "int", "long",
	    "signed", "unsigned", NULL };
	const struct base_type	*b;
	int			 seen = 0, s, k, count[6], first = -1;

	memset(out, 0, sizeof *out);
	memset(count, 0, sizeof count);
	out->strct = -1;
	for (;;) {
		if (is_qualifier(ksrc_tk(r))) {
			r->pos++;
			continue;
		}
		if (seen)
			;
		else if (ksrc_tok_is(ksrc_tk(r), "struct")) {
			r->pos++;
			if ((s = find_struct(r, ksrc_tk(r))) < 0)
				ksrc_fail(r, r->pos, "unknown struct %.*s",
				    ksrc_tk(r)->len, ksrc_tk(r)->p);
			goto have_struct;
		} else if (first < 0 && (s = find_struct(r, ksrc_tk(r))) >= 0) {
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
		if (!seen && first < 0 &&
		    (s = ksrc_sym_find_alias(r, ksrc_tk(r))) >= 0) {
			if (r->al[s].text != NULL)
				alias_resolve(r, s, r->pos);
			if (r->al[s].ty.size == 0)
				ksrc_fail(r, r->pos, "type %s names itself",
				    r->al[s].name);
			*out = r->al[s].ty;
			r->pos++;
			seen = 1;
			continue;
		}
		if (!seen && (b = ksrc_sym_find_base(ksrc_tk(r))) != NULL) {
			if (b->spec) {
				/* "unsigned long long int": one type. */
				for (k = 0; keys[k] != NULL; k++)
					if (ksrc_tok_is(ksrc_tk(r), keys[k]))
						count[k]++;
				if (first < 0)
					first = r->pos;
				r->pos++;
				continue;
			}
			if (first >= 0)
				break;
			out->size = b->size;
			out->align = b->align;
			out->is_int = b->is_int;
			out->uns = b->uns;
			snprintf(out->name, sizeof out->name, "%s", b->name);
			seen = 1;
			r->pos++;
			continue;
		}
		break;
	}
	if (first >= 0)
		spec_combine(r, first, count, out);
	else if (!seen && ksrc_tk(r)->kind == T_ID)
		ksrc_sym_unknown_type(r, r->pos);
	else if (!seen)
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
	/* The model follows LAUNCH_MAX_SITES: refuse the one past, here,
	   with its place, rather than build what cannot launch. */
	if (kind == BODY_SITE && ++r->nsites > LAUNCH_MAX_SITES)
		ksrc_fail(r, r->pos < r->nt ? r->pos : -1, "more than %d "
		    "memory accesses (the model follows %d)",
		    LAUNCH_MAX_SITES, LAUNCH_MAX_SITES);
	if (kf->nbody == kf->abody) {
		kf->abody = kf->abody ? 2 * kf->abody : 64;
		kf->body = xreallocarray(kf->body, kf->abody, sizeof *kf->body);
	}
	b = &kf->body[kf->nbody++];
	memset(b, 0, sizeof *b);
	b->kind = kind;
	return b;
}

static unsigned
name_bucket(const char *s)
{
	unsigned	h = 2166136261u;

	while (*s != '\0')
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h % KSRC_NAME_BUCKETS;
}

/* The index of a model name in use, or -1. */
static int
name_index(const struct rd *r, const char *name)
{
	int	i;

	for (i = r->uhead[name_bucket(name)] - 1; i >= 0;
	    i = r->used_next[i] - 1)
		if (strcmp(r->used[i], name) == 0)
			return i;
	return -1;
}

static int
name_used(const struct rd *r, const char *name)
{
	return name_index(r, name) >= 0;
}

/*
 * How deep the model's tree of text will be, in parentheses: the deepest
 * name in it, counting the lets it names (a let names lets that name lets:
 * each chain of x = (x + 1) adds a level).
 */
static int
text_height(const struct rd *r, const char *s)
{
	char	name[EXPR_NAME_MAX];
	int	depth = 0, most = 0, i, n;

	while (*s != '\0') {
		if (*s == '(')
			depth++;
		else if (*s == ')')
			depth--;
		if (!isalpha((unsigned char)*s) && *s != '_') {
			s++;
			continue;
		}
		for (n = 0; isalnum((unsigned char)s[n]) || s[n] == '_'; n++)
			;
		if (n < EXPR_NAME_MAX) {
			memcpy(name, s, n);
			name[n] = '\0';
			if ((i = name_index(r, name)) >= 0 &&
			    depth + r->used_h[i] > most)
				most = depth + r->used_h[i];
		}
		s += n;
	}
	return most + 1;
}

/* A model name not yet used: base, base_2, base_3 ... (hashed, and at
   most KSRC_MAX_NAMES at once, so a file of many values stays linear). */
const char *
ksrc_sym_uniq(struct rd *r, const char *base)
{
	char		buf[EXPR_NAME_MAX];
	int		n;
	unsigned	b;

	if (r->nused >= KSRC_MAX_NAMES)
		ksrc_fail(r, r->t != NULL && r->pos < r->nt ? r->pos : -1,
		    "the kernel's integers take more than %d values (the model "
		    "holds %d)", KSRC_MAX_NAMES, EXPR_MAX_LETS);
	for (n = 1; ; n++) {
		if (n == 1)
			snprintf(buf, sizeof buf, "%.24s", base);
		else
			snprintf(buf, sizeof buf, "%.20s_%d", base, n);
		if (!name_used(r, buf))
			break;
	}
	if (r->nused == r->aused) {
		r->aused = r->aused ? 2 * r->aused : 64;
		r->used = xreallocarray(r->used, r->aused, sizeof *r->used);
		r->used_next = xreallocarray(r->used_next, r->aused,
		    sizeof *r->used_next);
		r->used_h = xreallocarray(r->used_h, r->aused,
		    sizeof *r->used_h);
	}
	strcpy(r->used[r->nused], buf);
	r->used_h[r->nused] = 0;
	b = name_bucket(buf);
	r->used_next[r->nused] = r->uhead[b];
	r->uhead[b] = ++r->nused;
	return ksrc_fmt(r, "%s", buf);
}

/* Forget the names given since there were n (after a loop's dry run). */
void
ksrc_sym_uniq_forget(struct rd *r, int n)
{
	while (r->nused > n) {
		r->nused--;
		/* The newest name heads its bucket's chain. */
		r->uhead[name_bucket(r->used[r->nused])] =
		    r->used_next[r->nused];
	}
}

/* --- values and expressions ----------------------------------------------- */

/* The variable t names, innermost first, or NULL. */
struct var *
ksrc_sym_find_var(struct rd *r, const struct tok *t)
{
	int	i;

	for (i = r->nvars - 1; i >= 0; i--) {
		if (i < r->hide_hi && i >= r->hide_lo)
			continue;	/* an inlined function's caller's */
		if ((int)strlen(r->vars[i].name) == t->len &&
		    memcmp(r->vars[i].name, t->p, t->len) == 0)
			return &r->vars[i];
	}
	return NULL;
}

/* The __device__ function of the file t names, or -1. */
int
ksrc_sym_find_fn(const struct rd *r, const struct tok *t)
{
	int	i;

	for (i = 0; i < r->nfn; i++)
		if (r->t[r->fn[i].name].len == t->len &&
		    memcmp(r->t[r->fn[i].name].p, t->p, t->len) == 0)
			return i;
	return -1;
}

/* Declare the variable t at the current depth. */
struct var *
ksrc_sym_add_var(struct rd *r, const struct tok *t, enum var_kind kind)
{
	struct var	*v;

	if (r->nvars >= KSRC_MAX_VARS)
		ksrc_fail(r, r->pos < r->nt ? r->pos : -1, "more than %d "
		    "variables in scope", KSRC_MAX_VARS);
	if (r->nvars == r->avars) {
		r->avars = r->avars ? 2 * r->avars : 64;
		r->vars = xreallocarray(r->vars, r->avars, sizeof *r->vars);
	}
	/* Refused, not cut short: a cut name is "unknown" where it is used,
	   or the same as another's. */
	if (t->len >= (int)sizeof v->name)
		ksrc_fail(r, t >= r->t && t < r->t + r->nt ? (int)(t - r->t) :
		    -1, "variable %.*s is too long (the reader takes names up "
		    "to %d characters)", t->len, t->p, (int)sizeof v->name - 1);
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
	int		 h;

	if ((h = text_height(r, text)) > KSRC_MAX_HEIGHT)
		ksrc_fail(r, r->pos < r->nt ? r->pos : -1, "%s builds on "
		    "values nested %d deep (the model follows %d)", v->name,
		    h, KSRC_MAX_HEIGHT);
	r->used_h[r->nused - 1] = h;

	if ((b = ksrc_sym_body_add(r, BODY_LET)) != NULL) {
		b->name = m;
		b->expr = text;
		b->line = r->let_line > 0 ? r->let_line : r->pos < r->nt ?
		    r->t[r->pos].line : 0;
	}
	snprintf(v->model, sizeof v->model, "%s", m);
	v->kind = VK_INT;
}

/*
 * Move a pointer: v stays its array, at element offset off (a let of its
 * own, like an integer's value; "?" when the model cannot follow it).
 * A pointer is an array of the kernel plus an offset: model holds the
 * offset's name, empty for none.
 */
void
ksrc_sym_set_ptr(struct rd *r, struct var *v, const char *off)
{
	char	name[sizeof v->name];

	if (strcmp(off, "?") == 0) {
		snprintf(v->model, sizeof v->model, "?");
		return;
	}
	snprintf(name, sizeof name, "%s", v->name);
	snprintf(v->name, sizeof v->name, "%.50s_off", name);
	ksrc_sym_set_int(r, v, off);
	snprintf(v->name, sizeof v->name, "%s", name);
	v->kind = VK_ARRAY;
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

/* --- snapshots: the variables' values before an if or a loop ----------- */

/* Push the values of the variables in scope; returns the snapshot. */
int
ksrc_sym_snap_take(struct rd *r)
{
	int	at = r->nsv, i;

	if (r->nsv + r->nvars > r->asv) {
		r->asv = 2 * (r->nsv + r->nvars) + 64;
		r->sv = xreallocarray(r->sv, r->asv, sizeof *r->sv);
	}
	for (i = 0; i < r->nvars; i++) {
		r->sv[at + i].kind = r->vars[i].kind;
		r->sv[at + i].origin = r->vars[i].origin;
		memcpy(r->sv[at + i].model, r->vars[i].model,
		    sizeof r->sv[at + i].model);
	}
	r->nsv += r->nvars;
	return at;
}

/* What snapshot snap holds of variable i (valid until the next take). */
const struct snapv *
ksrc_sym_snap_at(struct rd *r, int snap, int i)
{
	return &r->sv[snap + i];
}

/* Set the first n variables back to what snapshot snap holds. */
void
ksrc_sym_snap_restore(struct rd *r, int snap, int n)
{
	int	i;

	for (i = 0; i < n && i < r->nvars; i++) {
		r->vars[i].kind = r->sv[snap + i].kind;
		r->vars[i].origin = r->sv[snap + i].origin;
		memcpy(r->vars[i].model, r->sv[snap + i].model,
		    sizeof r->vars[i].model);
	}
}

/* Pop snapshot snap and those taken after it. */
void
ksrc_sym_snap_drop(struct rd *r, int snap)
{
	r->nsv = snap;
}

/* An array's name is a name of the model's index texts: one longer than
   they take is refused here, at the name, not later by the model with no
   place in the file. */
void
ksrc_sym_array_name(struct rd *r, int nametok, const char *name)
{
	if (strlen(name) >= EXPR_NAME_MAX)
		ksrc_fail(r, nametok, "array name %s is too long (the model "
		    "takes up to %d characters)", name, EXPR_NAME_MAX - 1);
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
	ksrc_sym_array_name(r, nametok, ksrc_tok_text(r, nametok));
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
	a->line = r->t[nametok].line;
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
