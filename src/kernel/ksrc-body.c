/* SPDX-License-Identifier: ISC
 * ksrc-body.c - the kernel's statements turned into the variant's body:
 * the body being built, integer variables as lets, declarations, blocks,
 * ifs (merged as c ? new : old) and early-return guards.  Loops are read
 * by ksrc-loop.c, above it, reached through r->loop_fn; calls of the
 * file's functions are inlined by ksrc-inline.c.
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

/*
 * "T *sdata = SharedMemory<T>();": the pointer is the dynamic shared
 * memory, an array of its own named by the pointer, whose length its
 * array line gives.  Returns 0 when the initialiser is not that.
 */
static int
shmem_from_maker(struct rd *r, int nametok, const struct ty *ty)
{
	int	at = r->pos, depth = 0, i;

	if (!ksrc_sym_is_shmem_maker(r, ksrc_tk(r)))
		return 0;
	r->pos++;
	if (ksrc_at(r, "<"))
		for (; ksrc_tk(r)->kind != T_EOF; r->pos++) {
			depth += ksrc_at(r, "<") - ksrc_at(r, ">");
			if (depth == 0) {
				r->pos++;
				break;
			}
		}
	if (!ksrc_eat(r, "(") || !ksrc_eat(r, ")") ||
	    !(ksrc_at(r, ";") || ksrc_at(r, ","))) {
		r->pos = at;
		return 0;
	}
	for (i = 0; i < r->narrays; i++)
		if (ksrc_tok_is(&r->t[nametok], r->kf->v.arrays[i].name) &&
		    r->kf->v.arrays[i].space == SPACE_SHARED)
			break;
	if (i == r->narrays)
		ksrc_fail(r, nametok, "%.*s takes the dynamic shared memory "
		    "(%.*s): it needs a '// warpviz: array %.*s length=...' "
		    "line", r->t[nametok].len, r->t[nametok].p, r->t[at].len,
		    r->t[at].p, r->t[nametok].len, r->t[nametok].p);
	ksrc_sym_add_array(r, nametok, SPACE_SHARED, ty, NULL, NULL, NULL);
	return 1;
}

/*
 * "const float *p = in + offset;": a pointer is an array of the kernel
 * plus an offset in its elements (ksrc_sym_set_ptr); its value must be
 * one, where it is declared.
 */
static void
ptr_decl(struct rd *r, int nametok, const struct ty *ty)
{
	struct var	*v;
	struct val	 x;
	int		 size;

	if (!ksrc_eat(r, "="))
		ksrc_fail(r, nametok, "pointer %.*s needs its value where it "
		    "is declared, an array of the kernel plus an offset: "
		    "%.*s = a + OFFSET", r->t[nametok].len, r->t[nametok].p,
		    r->t[nametok].len, r->t[nametok].p);
	if (shmem_from_maker(r, nametok, ty))
		return;
	x = ksrc_access_walk(r, 1);
	if (x.kind != VAL_ARRAY)
		ksrc_fail(r, x.first, "pointer %.*s is given a value that is "
		    "not a place in a kernel array (a pointer read from memory "
		    "is not followed); index the array instead: a[i]",
		    r->t[nametok].len, r->t[nametok].p);
	size = x.size != 0 ? x.size : r->kf->v.arrays[x.arr].elem_size;
	if (ty->ptr == 1 && ty->size != size && strcmp(ty->name, "void") != 0)
		ksrc_fail(r, nametok, "pointer %.*s views %s's %d-byte "
		    "elements as %d-byte ones (use reinterpret_cast)",
		    r->t[nametok].len, r->t[nametok].p,
		    r->kf->v.arrays[x.arr].name, size, ty->size);
	if (ty->ptr != 1)
		ksrc_fail(r, nametok, "a pointer to a pointer is not "
		    "followed; index one array instead: a[row * WIDTH + col]");
	v = ksrc_sym_add_var(r, &r->t[nametok], VK_ARRAY);
	v->arr = x.arr;
	v->psize = x.size;
	if (x.text != NULL)
		ksrc_sym_set_ptr(r, v, x.text);
}

/* A register array's initialiser, {0.0} or {a, b}: values only, each
   walked for the loads in it. */
static void
local_init(struct rd *r)
{
	ksrc_want(r, "{");
	while (!ksrc_eat(r, "}")) {
		ksrc_place_rval(r, ksrc_access_walk(r, 1));
		if (!ksrc_eat(r, ",") && !ksrc_at(r, "}"))
			ksrc_fail(r, r->pos, "expected ',' or '}' in an "
			    "initialiser");
	}
}

/* A __shared__ array: of one or two dimensions, or extern (the dynamic
   shared memory, whose length its array line gives). */
static void
shared_decl(struct rd *r, int nametok, const struct ty *ty, int ext, int nd,
    const char **d)
{
	int	i;

	if (ext) {
		for (i = 0; i < r->narrays; i++)
			if (ksrc_tok_is(&r->t[nametok],
			    r->kf->v.arrays[i].name))
				break;
		if (i == r->narrays)
			ksrc_fail(r, nametok, "extern __shared__ %.*s needs a "
			    "'// warpviz: array %.*s length=...' line",
			    r->t[nametok].len, r->t[nametok].p,
			    r->t[nametok].len, r->t[nametok].p);
		ksrc_sym_add_array(r, nametok, SPACE_SHARED, ty, NULL, NULL,
		    NULL);
	} else if (nd == 1)
		ksrc_sym_add_array(r, nametok, SPACE_SHARED, ty, d[0], NULL,
		    NULL);
	else if (nd == 2)
		ksrc_sym_add_array(r, nametok, SPACE_SHARED, ty,
		    ksrc_fmt(r, "(%s) * (%s)", d[0], d[1]), d[0], d[1]);
	else
		ksrc_fail(r, nametok, "a __shared__ scalar is not modelled; "
		    "make it an array of one: __shared__ %s %.*s[1], read as "
		    "%.*s[0]", ty->name, r->t[nametok].len, r->t[nametok].p,
		    r->t[nametok].len, r->t[nametok].p);
}

static void
declaration(struct rd *r)
{
	struct ty	 ty;
	struct var	*v;
	struct val	 x;
	int		 shared = 0, ext = 0, nametok, base_ptr;
	const char	*d[2];
	int		 nd;

	for (;;) {
		if (ksrc_eat(r, "__shared__"))
			shared = 1;
		else if (ksrc_eat(r, "extern"))
			ext = 1;
		else
			break;
	}
	ksrc_sym_parse_type(r, &ty);
	if (ksrc_eat(r, "__shared__"))
		shared = 1;
	base_ptr = ty.ptr;
	do {
		ty.ptr = base_ptr;	/* float *p, q: q is no pointer */
		while (ksrc_eat(r, "*") || ksrc_eat(r, "__restrict__") ||
		    ksrc_eat(r, "const"))
			if (ksrc_tok_is(&r->t[r->pos - 1], "*"))
				ty.ptr++;
		if (ksrc_tk(r)->kind != T_ID)
			ksrc_fail(r, r->pos, "expected a name");
		nametok = r->pos++;
		nd = 0;
		d[0] = d[1] = NULL;
		while (ksrc_eat(r, "[")) {
			if (ksrc_at(r, "]") && ext)
				d[nd] = NULL;
			else {
				if (nd == 2)
					ksrc_fail(r, r->pos, "more than two "
					    "dimensions; flatten it: s[X * Y * "
					    "Z] indexed s[(i * Y + j) * Z + "
					    "k]");
				d[nd] = ksrc_access_const_expr(r,
				    "an array size");
			}
			nd++;
			ksrc_want(r, "]");
		}
		if (shared) {
			shared_decl(r, nametok, &ty, ext, nd, d);
			continue;
		}
		if (ty.ptr && nd == 0) {
			ptr_decl(r, nametok, &ty);
			continue;
		}
		if (ty.ptr)
			ksrc_fail(r, nametok, "an array of pointers is not "
			    "followed; index one array instead: a[row * WIDTH "
			    "+ col]");
		if (nd > 0) {
			v = ksrc_sym_add_var(r, &r->t[nametok], VK_LOCAL);
			ksrc_local_declare(r, v, nametok, &ty, nd, d);
			if (ksrc_eat(r, "="))
				local_init(r);
			continue;
		}
		if (ksrc_eat(r, "=")) {
			if (ksrc_at(r, "{"))
				ksrc_fail(r, r->pos,
				    "brace initialisers are not supported");
			x = ksrc_place_rval(r, ksrc_access_walk(r, 1));
		} else {
			x = ksrc_arith_mk(VAL_UNKNOWN, nametok, nametok);
			x.origin = nametok;
		}
		v = ksrc_sym_add_var(r, &r->t[nametok], VK_DATA);
		v->isint = ty.is_int;
		if (ty.is_int)
			v->ct = ksrc_arith_ctype(&ty);
		if (ty.is_int && x.kind == VAL_INT)
			ksrc_sym_set_int(r, v, ksrc_arith_as(r, &x, v->ct));
		else if (x.kind == VAL_UNKNOWN && ty.is_int) {
			v->kind = VK_UNKNOWN;
			v->origin = nametok;
		} else {
			v->kind = VK_DATA;
			v->origin = x.kind == VAL_DATA ? x.origin : -1;
			v->strct = ty.is_int ? ty.strct : -2;
		}
	} while (ksrc_eat(r, ","));
	ksrc_want(r, ";");
}

/* Does a cooperative group's type, or auto, start a declaration here? */
static int
group_or_auto(struct rd *r)
{
	static const char *types[] = { "thread_block", "thread_block_tile",
	    "grid_group", "thread_group", "coalesced_group", "auto", NULL };
	int	i, at = r->pos;

	while (ksrc_tok_is(&r->t[at], "const") ||
	    ksrc_tok_is(&r->t[at], "static"))
		at++;
	for (i = 0; types[i] != NULL; i++)
		if (ksrc_tok_is(&r->t[at], types[i]))
			return ksrc_sym_find_var(r, &r->t[at]) == NULL;
	return 0;
}

/*
 * "thread_block cta = this_thread_block();", "thread_block_tile<32> t =
 * tiled_partition<32>(cta);", "auto i = threadIdx.x;": a group is data
 * its methods read (ksrc-access.c); auto takes the initialiser's type.
 */
static void
group_decl(struct rd *r)
{
	struct var	*v;
	struct val	 x, n;
	int		 nametok, group = G_NONE, isauto;
	const char	*gsize = NULL;

	while (ksrc_at(r, "const") || ksrc_at(r, "static"))
		r->pos++;
	isauto = ksrc_at(r, "auto");
	if (ksrc_at(r, "thread_block"))
		group = G_BLOCK;
	else if (ksrc_at(r, "grid_group"))
		group = G_GRID;
	else if (!isauto && !ksrc_at(r, "thread_block_tile"))
		group = G_OTHER;
	if (ksrc_eat(r, "thread_block_tile")) {
		ksrc_want(r, "<");
		n = ksrc_place_rval(r, ksrc_access_unary(r));
		ksrc_want(r, ">");
		group = G_TILE;
		gsize = ksrc_place_need_int(r, &n, "a tile's size");
	} else
		r->pos++;
	do {
		while (ksrc_eat(r, "&"))
			;
		if (ksrc_tk(r)->kind != T_ID)
			ksrc_fail(r, r->pos, "expected a name");
		nametok = r->pos++;
		if (!ksrc_eat(r, "="))
			ksrc_fail(r, r->pos, "a group or auto variable needs "
			    "its initialiser");
		x = ksrc_place_rval(r, ksrc_access_walk(r, 1));
		if (isauto && x.kind == VAL_INT) {
			v = ksrc_sym_add_var(r, &r->t[nametok], VK_DATA);
			v->isint = 1;
			v->ct = x.ct.size == 0 ? (struct ctype){ 4, 0, 0 } :
			    x.ct;
			ksrc_sym_set_int(r, v, x.text);
			continue;
		}
		v = ksrc_sym_add_var(r, &r->t[nametok],
		    x.kind == VAL_UNKNOWN ? VK_UNKNOWN : VK_DATA);
		v->origin = x.kind == VAL_UNKNOWN ? nametok : x.origin;
		/* What the initialiser makes is the more precise: a
		   thread_group from this_thread_block() is a block. */
		v->group = isauto || x.group == G_TILE || (group == G_OTHER &&
		    x.group != G_NONE) ? x.group : group;
		v->gsize = x.group == G_TILE ? x.gsize : gsize;
		if (v->group == G_TILE && v->gsize == NULL)
			v->group = G_OTHER;
	} while (ksrc_eat(r, ","));
	ksrc_want(r, ";");
}


void
ksrc_body_snap_take(struct rd *r, struct snap *s)
{
	s->n = r->nvars;
	s->at = ksrc_sym_snap_take(r);
}

/* A pointer's offset after a branch: cond ? a : b (names of lets, "" for
   none, "?" for one the model lost). */
static void
merge_ptr(struct rd *r, struct var *v, const char *cond, const char *a,
    const char *b)
{
	char	x[EXPR_NAME_MAX], y[EXPR_NAME_MAX];

	if (strcmp(a, "?") == 0 || strcmp(b, "?") == 0) {
		ksrc_sym_set_ptr(r, v, "?");
		return;
	}
	snprintf(x, sizeof x, "%s", a[0] != '\0' ? a : "0");
	snprintf(y, sizeof y, "%s", b[0] != '\0' ? b : "0");
	ksrc_sym_set_ptr(r, v, ksrc_fmt(r, "(%s) ? %s : %s", cond, x, y));
}

/* After a branch under cond: each changed integer becomes c ? new : old. */
static void
merge_branch(struct rd *r, struct snap *before, const char *cond, int neg)
{
	struct var		*v;
	const struct snapv	*o;
	int			 i;

	for (i = 0; i < before->n && i < r->nvars; i++) {
		v = &r->vars[i];
		o = ksrc_sym_snap_at(r, before->at, i);
		if (v->kind == o->kind && strcmp(v->model, o->model) == 0 &&
		    v->origin == o->origin)
			continue;
		if (v->kind == VK_ARRAY && o->kind == VK_ARRAY) {
			char	now[EXPR_NAME_MAX], old[EXPR_NAME_MAX];

			snprintf(now, sizeof now, "%s", v->model);
			snprintf(old, sizeof old, "%s", o->model);
			merge_ptr(r, v, cond, neg ? old : now, neg ? now : old);
		} else if (v->kind == VK_INT && o->kind == VK_INT) {
			char	now[EXPR_NAME_MAX], old[EXPR_NAME_MAX];

			snprintf(now, sizeof now, "%s", v->model);
			snprintf(old, sizeof old, "%s", o->model);
			ksrc_sym_set_int(r, v, neg ?
			    ksrc_fmt(r, "(%s) ? %s : %s", cond, old, now) :
			    ksrc_fmt(r, "(%s) ? %s : %s", cond, now, old));
		} else if (v->kind == VK_INT || o->kind == VK_INT) {
			v->kind = VK_UNKNOWN;
			v->origin = o->kind == VK_INT ? v->origin : o->origin;
			if (v->origin < 0)
				v->origin = r->pos - 1;
		}
	}
	ksrc_sym_snap_drop(r, before->at);
}

/*
 * After if (cond) THEN else ELSE: the variables hold ELSE's values, then
 * what THEN left (snapshot then), both from before.  Each integer the
 * branches set becomes cond ? then : else, even one that had no value
 * before (int x, y; if (c) x = ...; else x = ...;).
 */
static void
merge_both(struct rd *r, struct snap *before, struct snap *then,
    const char *cond)
{
	struct var		*v;
	const struct snapv	*t;
	int			 i;

	for (i = 0; i < before->n && i < r->nvars; i++) {
		v = &r->vars[i];
		t = ksrc_sym_snap_at(r, then->at, i);
		if (v->kind == t->kind && strcmp(v->model, t->model) == 0 &&
		    v->origin == t->origin)
			continue;
		if (v->kind == VK_ARRAY && t->kind == VK_ARRAY) {
			char	tv[EXPR_NAME_MAX], ev[EXPR_NAME_MAX];

			snprintf(tv, sizeof tv, "%s", t->model);
			snprintf(ev, sizeof ev, "%s", v->model);
			merge_ptr(r, v, cond, tv, ev);
		} else if (v->kind == VK_INT && t->kind == VK_INT) {
			char	tv[EXPR_NAME_MAX], ev[EXPR_NAME_MAX];

			snprintf(tv, sizeof tv, "%s", t->model);
			snprintf(ev, sizeof ev, "%s", v->model);
			ksrc_sym_set_int(r, v, ksrc_fmt(r, "(%s) ? %s : %s",
			    cond, tv, ev));
		} else if (v->kind == VK_INT || t->kind == VK_INT) {
			v->kind = VK_UNKNOWN;
			v->origin = t->kind == VK_INT ? v->origin : t->origin;
			if (v->origin < 0)
				v->origin = r->pos - 1;
		}
	}
	ksrc_sym_snap_drop(r, before->at);
}

void
ksrc_body_scope_pop(struct rd *r, int nvars)
{
	r->nvars = nvars;
}

/* A block; returns 1 when it ends in return. */
int
ksrc_body_block(struct rd *r)
{
	int	nvars = r->nvars, ret = 0, closes = 0, st;

	ksrc_want(r, "{");
	r->depth++;
	/* After an early return or continue the rest runs under a guard:
	   what it changes, it changes conditionally (r->nested). */
	while (!ksrc_at(r, "}")) {
		if (ksrc_tk(r)->kind == T_EOF)
			ksrc_fail(r, r->pos,
			    "unexpected end of file in a block");
		if (ret)
			ksrc_fail(r, r->pos, "code after return is not "
			    "supported (it never runs: delete it)");
		st = ksrc_body_statement(r);
		if (st == 1)
			ret = 1;
		else if (st >= 2) {
			closes += st - 1;	/* early returns: IF(!c) open */
			r->nested += st - 1;
		}
	}
	r->pos++;
	r->nested -= closes;
	while (closes-- > 0)
		ksrc_place_guard_close(r);
	r->depth--;
	ksrc_body_scope_pop(r, nvars);
	return ret;
}

/*
 * A branch under a condition the model cannot compute (data): followed
 * only when it makes no access, returns not, and leaves every integer
 * and pointer as it was, so that no count depends on it.  Else refused
 * with why the condition cannot be computed.
 */
static void
data_branch(struct rd *r, const struct val *c, struct snap *before,
    int mark, int ret)
{
	const struct var	*v;
	const struct snapv	*o;
	int			 i, bad = ret;

	for (i = mark; !bad && !r->dry && i < r->kf->nbody; i++)
		bad = r->kf->body[i].kind == BODY_SITE;
	for (i = 0; !bad && i < before->n && i < r->nvars; i++) {
		v = &r->vars[i];
		o = ksrc_sym_snap_at(r, before->at, i);
		if ((v->kind == VK_INT || v->kind == VK_ARRAY ||
		    v->kind == VK_UNKNOWN || o->kind == VK_INT ||
		    o->kind == VK_ARRAY) && (v->kind != o->kind ||
		    strcmp(v->model, o->model) != 0))
			bad = 1;
	}
	if (bad)
		ksrc_place_need_int(r, c, "a condition around an access or "
		    "a value");
}

static int
stmt_if(struct rd *r)
{
	struct val	 c;
	struct snap	 s, t;
	const char	*cond;
	int		 first = r->pos, ret_then, ret_else = 0, line, top, mark;
	int		 loopif;

	line = ksrc_tk(r)->line;
	r->pos++;
	ksrc_want(r, "(");
	c = ksrc_place_rval(r, ksrc_access_walk(r, 0));
	ksrc_want(r, ")");
	/* A condition on data (if (d > 0) cnd = 1 - cnd;) is followed where
	   its branches only compute data. */
	cond = c.kind == VAL_INT ? c.text : "1";
	top = r->in_top_if;
	r->in_top_if = r->depth == 1;
	loopif = r->in_loop_if;
	r->in_loop_if = r->depth == r->cont_depth;
	ksrc_body_snap_take(r, &s);
	mark = r->kf->nbody;
	ksrc_place_guard_open(r, cond, line);
	r->nested++;
	ret_then = ksrc_body_statement(r) == 1;
	r->nested--;
	if (c.kind != VAL_INT)
		data_branch(r, &c, &s, mark, ret_then);
	if (ksrc_eat(r, "else")) {
		ksrc_body_snap_take(r, &t);
		ksrc_sym_snap_restore(r, s.at, s.n);
		ksrc_sym_body_add(r, BODY_ELSE);
		r->nested++;
		ret_else = ksrc_body_statement(r) == 1;
		r->nested--;
		if (c.kind != VAL_INT)
			data_branch(r, &c, &s, mark, ret_else);
		r->let_line = line;	/* the merges are the if's (ksrc-flow.c) */
		merge_both(r, &s, &t, cond);
		r->let_line = 0;
	} else {
		r->let_line = line;
		merge_branch(r, &s, cond, 0);
		r->let_line = 0;
	}
	ksrc_place_guard_close(r);
	r->in_top_if = top;
	r->in_loop_if = loopif;
	(void)first;
	if (ret_then && ret_else)
		return 1;
	if (ret_then || ret_else) {
		/* The rest of the block runs where this branch did not. */
		ksrc_place_guard_open(r, ret_then ?
		    ksrc_fmt(r, "!(%s)", cond) : cond, line);
		return 2;
	}
	return 0;
}

/* An inlined function's return, at the end of its block only: its value
   is the call's. */
static int
fn_return(struct rd *r)
{
	struct val	v;
	int		first = r->pos++;

	if (r->depth != r->fn_depth || r->nested != r->fn_nested)
		ksrc_fail(r, first, "a return before the end of a __device__ "
		    "function is not followed; set a variable and return it "
		    "once, at the end");
	if (!ksrc_at(r, ";")) {
		v = ksrc_access_walk(r, 0);
		if (v.kind != VAL_ARRAY)
			v = ksrc_place_rval(r, v);
		*r->ret = v;
		r->has_ret = 1;
	}
	ksrc_want(r, ";");
	return 1;
}

/* switch, goto and break, refused with the if or loop condition the
   model follows in their place. */
static void
refuse_jump(struct rd *r)
{
	const char	*instead;

	if (ksrc_at(r, "switch"))
		instead = "write it as ifs: if (x == 0) { ... } else if "
		    "(x == 1) { ... }";
	else if (ksrc_at(r, "goto"))
		instead = "guard the code it skips with if (!COND) { ... }";
	else
		instead = "end the loop in its condition: for (...; k < n && "
		    "!(COND); k++)";
	ksrc_fail(r, r->pos, "'%.*s' is not followed; %s", ksrc_tk(r)->len,
	    ksrc_tk(r)->p, instead);
}

/* A statement that opens with a name the reader does not know followed
   by a declarator (T x, T *x = ...) declares with an unknown type: say
   so, rather than "expected ';'" further on. */
static void
unknown_type(struct rd *r)
{
	const struct tok	*t = ksrc_tk(r), *n = &r->t[r->pos + 1];

	if (t->kind != T_ID || ksrc_sym_find_var(r, t) != NULL ||
	    ksrc_sym_find_fn(r, t) >= 0)
		return;
	if (n->kind == T_ID || (ksrc_tok_is(n, "*") &&
	    r->t[r->pos + 2].kind == T_ID &&
	    (ksrc_tok_is(&r->t[r->pos + 3], "=") ||
	    ksrc_tok_is(&r->t[r->pos + 3], ";"))))
		ksrc_sym_unknown_type(r, r->pos);
}

/* Returns 1 after return, 2.. when early returns left IFs open, else 0. */
static int
statement_(struct rd *r)
{
	struct val	v;
	int		first = r->pos;

	if (ksrc_at(r, "{"))
		return ksrc_body_block(r);
	if (ksrc_eat(r, ";"))
		return 0;
	if (ksrc_at(r, "if"))
		return stmt_if(r);
	if (ksrc_at(r, "for") || ksrc_at(r, "while") || ksrc_at(r, "do"))
		return r->loop_fn(r);
	if (ksrc_at(r, "return") && r->ninl > 0)
		return fn_return(r);
	if (ksrc_at(r, "return")) {
		r->pos++;
		if (!ksrc_eat(r, ";"))
			ksrc_fail(r, first, "a kernel returns nothing");
		/* Early return: only from the kernel's own block or a branch
		   of one of its ifs, so the rest can be guarded. */
		if (r->loop_depth > 0 || !(r->depth == 1 ||
		    (r->depth == 2 && r->in_top_if)))
			ksrc_fail(r, first,
			    "return inside a loop or a nested block is not "
			    "supported; guard the rest with if (!COND) "
			    "{ ... }, or return at the top of the kernel");
		return 1;
	}
	if (ksrc_at(r, "continue")) {
		/* As an early return from the loop's block: the rest of the
		   body runs where it did not. */
		if (!(r->depth == r->cont_depth || (r->depth ==
		    r->cont_depth + 1 && r->in_loop_if)))
			ksrc_fail(r, first, "continue is followed from a loop's "
			    "own block or an if in it; guard the rest of the "
			    "body with if (!COND) { ... } instead");
		r->pos++;
		ksrc_want(r, ";");
		return 1;
	}
	if (ksrc_at(r, "switch") || ksrc_at(r, "goto") ||
	    ksrc_at(r, "break"))
		refuse_jump(r);
	if (ksrc_at(r, "__syncthreads") || ksrc_at(r, "__syncwarp")) {
		r->pos++;
		ksrc_want(r, "(");
		ksrc_skip_past(r, ")");
		ksrc_want(r, ";");
		return 0;
	}
	if (group_or_auto(r)) {
		group_decl(r);
		return 0;
	}
	if (ksrc_sym_type_starts(r, r->pos) &&
	    !ksrc_tok_is(&r->t[r->pos + 1], "(")) {
		declaration(r);
		return 0;
	}
	if (ksrc_at(r, "#"))
		ksrc_fail(r, r->pos, "unexpected '#'");
	unknown_type(r);
	v = ksrc_access_walk(r, 0);
	if (v.kind == VAL_ELEM)
		ksrc_place_rval(r, v);
	if (!ksrc_eat(r, ";"))
		ksrc_fail(r, r->pos, "expected ';' before '%.*s'",
		    ksrc_tk(r)->len, ksrc_tk(r)->p);
	return 0;
}

/* A statement, counted against the nesting budget ({{{{ }}}}). */
int
ksrc_body_statement(struct rd *r)
{
	int	st;

	ksrc_nest_in(r);
	st = statement_(r);
	ksrc_nest_out(r);
	return st;
}
