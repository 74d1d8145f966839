/* SPDX-License-Identifier: ISC
 * ksrc-body.c - the kernel's statements turned into the variant's body:
 * the body being built, integer variables as lets, declarations, blocks,
 * ifs (merged as c ? new : old), for loops and early-return guards.
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

/* --- statements ----------------------------------------------------------- */

static int	statement(struct rd *);

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

/* Snapshot of the variables' values, to merge after an if. */
struct snap {
	int	 at;		/* in the reader's stack of snapshots */
	int	 n;
};

static void
snap_take(struct rd *r, struct snap *s)
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

static void
scope_pop(struct rd *r, int nvars)
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
		st = statement(r);
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
	scope_pop(r, nvars);
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
	snap_take(r, &s);
	mark = r->kf->nbody;
	ksrc_place_guard_open(r, cond, line);
	r->nested++;
	ret_then = statement(r) == 1;
	r->nested--;
	if (c.kind != VAL_INT)
		data_branch(r, &c, &s, mark, ret_then);
	if (ksrc_eat(r, "else")) {
		snap_take(r, &t);
		ksrc_sym_snap_restore(r, s.at, s.n);
		ksrc_sym_body_add(r, BODY_ELSE);
		r->nested++;
		ret_else = statement(r) == 1;
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

/*
 * A loop while it is read.  The model's loop (BODY_FOR) has a variable
 * stepped by += (a let over the iteration count) or by *=, /=, <<=, >>=
 * (a table): a for loop's own variable where it has one, else a counter
 * of the iterations (while, do, for (; ...), for whose first step is not
 * its variable's).  The other integers and pointers the body and the
 * steps change by += of values fixed in the loop are induction
 * variables: entry + iteration * increment.
 */
struct loop_ctx {
	int		 line;
	int		 nvars;		/* variables before the loop */
	int		 nouter;	/* and with its init's: the ones the
					   body may step */
	int		 lvi;		/* the loop variable, or -1: a counter */
	const char	*text;		/* what the screen calls the loop */
	const char	*name, *iter;	/* model names: value, iteration */
	const char	*init, *step;
	int		 op;		/* '+', '*', '/', '<', '>' */
	struct ctype	 ct;
	int		 condtok;	/* -1: none (for (;;)) */
	int		 extra;		/* the steps the model follows as
					   induction, -1: none */
	int		 bodytok, endtok;
	int		 is_do;
	int		 after;		/* do: past "while (...);" */
	const char	*condend;	/* what follows the condition */
};

/* The token after the ')' that closes the '(' before i. */
static int
past_paren(struct rd *r, int i, int from)
{
	int	depth = 0;

	for (; ; i++) {
		if (r->t[i].kind == T_EOF)
			ksrc_fail(r, from, "unfinished loop header");
		if (ksrc_tok_is(&r->t[i], "("))
			depth++;
		if (ksrc_tok_is(&r->t[i], ")") && depth-- == 0)
			return i + 1;
	}
}

/* A name the loop gives itself: "k" for its variable, "k_it" for its
   iteration count. */
static void
loop_names(struct rd *r, struct loop_ctx *c, const char *base)
{
	c->name = ksrc_sym_uniq(r, base);
	c->iter = ksrc_sym_uniq(r, ksrc_fmt(r, "%s_it", base));
}

/* A further declarator of a for's init: "b = bBegin" of
   "for (int a = aBegin, b = bBegin; ...)". */
static void
for_declarator(struct rd *r, const struct ty *ty)
{
	struct var	*v;
	struct val	 x;
	int		 nametok;

	if (ksrc_tk(r)->kind != T_ID)
		ksrc_fail(r, r->pos, "expected a name");
	nametok = r->pos++;
	ksrc_want(r, "=");
	x = ksrc_place_rval(r, ksrc_access_walk(r, 1));
	v = ksrc_sym_add_var(r, &r->t[nametok], VK_DATA);
	v->isint = ty->is_int;
	if (ty->is_int)
		v->ct = ksrc_arith_ctype(ty);
	if (ty->is_int && x.kind == VAL_INT)
		ksrc_sym_set_int(r, v, ksrc_arith_as(r, &x, v->ct));
	else if (x.kind == VAL_UNKNOWN) {
		v->kind = VK_UNKNOWN;
		v->origin = nametok;
	} else
		v->origin = x.kind == VAL_DATA ? x.origin : -1;
}

/*
 * for's init clause, through its ';': "int k = e" (the loop variable, if
 * the step steps it first), "k = e", further declarators or assignments
 * after commas, or nothing.  Sets c->lvi (-1 when no variable was named)
 * and c->init.
 */
static void
for_init(struct rd *r, struct loop_ctx *c)
{
	struct ty	 ty;
	struct var	*lv, *v;
	struct val	 x;
	int		 vtok, typed;

	c->lvi = -1;
	if (ksrc_eat(r, ";"))
		return;
	memset(&ty, 0, sizeof ty);
	ty.size = 4;
	c->ct = (struct ctype){ 4, 0, 0 };
	typed = ksrc_sym_type_starts(r, r->pos);
	if (typed) {
		ksrc_sym_parse_type(r, &ty);
		if (!ty.is_int || ty.ptr)
			ksrc_fail(r, r->pos,
			    "a loop variable must be an integer; count with "
			    "an int and compute the rest from it: for (int k "
			    "= 0; k < n; k++)");
		c->ct = ksrc_arith_ctype(&ty);
	} else if (ksrc_tk(r)->kind == T_ID &&
	    (v = ksrc_sym_find_var(r, ksrc_tk(r))) != NULL && v->isint)
		c->ct = v->ct;	/* an outer variable keeps its type */
	if (ksrc_tk(r)->kind != T_ID ||
	    !ksrc_tok_is(&r->t[r->pos + 1], "="))
		ksrc_fail(r, r->pos, "expected the loop variable");
	vtok = r->pos++;
	ksrc_want(r, "=");
	x = ksrc_place_rval(r, ksrc_access_walk(r, 1));
	ksrc_place_need_int(r, &x, "the start of a loop");
	c->init = ksrc_arith_as(r, &x, c->ct);
	lv = ksrc_sym_add_var(r, &r->t[vtok], VK_INT);
	lv->isint = 1;
	lv->ct = c->ct;
	c->lvi = (int)(lv - r->vars);
	if (ksrc_at(r, ",")) {
		/* Its start, for the declarators after it to read. */
		ksrc_sym_set_int(r, lv, c->init);
		while (ksrc_eat(r, ",")) {
			if (typed)
				for_declarator(r, &ty);
			else
				ksrc_access_walk(r, 0);
		}
	}
	ksrc_want(r, ";");
}

/* A step that reads its own loop variable (k += k) changes each trip:
   name the fixed step that does the same, where one does. */
static void
self_step(struct rd *r, const struct var *lv, int from)
{
	int	i;

	for (i = from; i < r->pos; i++)
		if (ksrc_tok_is(&r->t[i], lv->name))
			ksrc_fail(r, i, "the step of loop variable %s reads %s, "
			    "so it changes each trip; step by a fixed value: "
			    "write %s += %s as %s *= 2", lv->name, lv->name,
			    lv->name, lv->name, lv->name);
}

/*
 * for's step clause, from c->extra: the loop variable's own step first
 * (var++, ++var, var += e, var <<= e, ...), then the others after a
 * comma.  A for whose step does not step its variable first counts its
 * iterations, and its variable is one of the others.
 */
static void
for_step(struct rd *r, struct loop_ctx *c)
{
	static const struct { const char *t; int op; } ops[] = {
	    { "+=", '+' }, { "-=", '-' }, { "*=", '*' }, { "/=", '/' },
	    { "<<=", '<' }, { ">>=", '>' }, { NULL, 0 } };
	struct var	*lv = c->lvi >= 0 ? &r->vars[c->lvi] : NULL;
	struct val	 x;
	int		 i, from;

	r->pos = c->extra;
	c->step = "1";
	c->op = '+';
	if (lv != NULL && (ksrc_at(r, "++") || ksrc_at(r, "--")) &&
	    ksrc_tok_is(&r->t[r->pos + 1], lv->name)) {
		c->step = ksrc_at(r, "++") ? "1" : "-1";
		r->pos += 2;
	} else if (lv != NULL && ksrc_at(r, lv->name)) {
		r->pos++;
		if (ksrc_eat(r, "++") || ksrc_eat(r, "--")) {
			c->step = ksrc_tok_is(&r->t[r->pos - 1], "++") ? "1" :
			    "-1";
		} else {
			for (i = 0; ops[i].t != NULL; i++)
				if (ksrc_eat(r, ops[i].t))
					break;
			if (ops[i].t == NULL)
				ksrc_fail(r, r->pos, "a loop must step its "
				    "variable by ++, --, +=, -=, *=, /=, <<= "
				    "or >>=: write %s = %s * 2 as %s *= 2",
				    lv->name, lv->name, lv->name);
			c->op = ops[i].op;
			lv->kind = VK_DATA;	/* not in its own step */
			from = r->pos;
			x = ksrc_place_rval(r, ksrc_access_walk(r, 1));
			lv->kind = VK_INT;
			if (x.kind != VAL_INT)
				self_step(r, lv, from);
			c->step = ksrc_place_need_int(r, &x,
			    "the step of a loop");
			if (c->op == '-') {
				c->step = ksrc_fmt(r, "-(%s)", c->step);
				c->op = '+';
			}
		}
	} else {
		/* No variable of its own: a counter; the steps are the
		   others', the variable one of them. */
		if (lv != NULL) {
			lv->kind = VK_DATA;
			ksrc_sym_set_int(r, lv, c->init);
		}
		c->lvi = -1;
		return;
	}
	c->extra = r->pos;
	if (!ksrc_at(r, ")") && !ksrc_at(r, ","))
		ksrc_fail(r, r->pos, "unexpected '%.*s' in the loop step",
		    ksrc_tk(r)->len, ksrc_tk(r)->p);
}

/* The steps the model follows as induction, walked (in the dry run). */
static void
extra_steps(struct rd *r, const struct loop_ctx *c)
{
	if (c->extra < 0)
		return;
	r->pos = c->extra;
	while (!ksrc_at(r, ")")) {
		if (r->pos != c->extra)
			ksrc_want(r, ",");
		else
			ksrc_eat(r, ",");
		ksrc_access_walk(r, 0);
		if (!ksrc_at(r, ")") && !ksrc_at(r, ","))
			ksrc_fail(r, r->pos, "unexpected '%.*s' in the loop "
			    "step", ksrc_tk(r)->len, ksrc_tk(r)->p);
	}
}

/* What the dry run found: per variable, how the loop changes it. */
struct loop_chg {
	int		*chg, *chg_at;
	const char	**inc;
};

/*
 * Dry run of the steps and the body: which outer integers and pointers
 * change, and whether only by += of values fixed in the loop.  Leaves
 * the variables and the body as they were; sets c->endtok.
 */
static void
loop_dry(struct rd *r, struct loop_ctx *c, struct loop_chg *out)
{
	struct snap	 s;
	int		 save_body = r->kf->nbody, save_nused = r->nused;
	int		 save_vars = r->nvars, save_nested = r->nested;
	int		 nchg = r->nchg, *chg = r->chg, *chg_at = r->chg_at;
	const char	**inc = r->inc;

	snap_take(r, &s);
	c->nouter = r->nvars;
	/* Variables declared in the body have no entry: not outer ones. */
	r->nchg = r->nvars;
	r->chg = ksrc_tmp_calloc(r, r->nvars + 1, sizeof *r->chg);
	r->chg_at = ksrc_tmp_calloc(r, r->nvars + 1, sizeof *r->chg_at);
	r->inc = ksrc_tmp_calloc(r, r->nvars + 1, sizeof *r->inc);
	r->dry++;
	r->nested = 0;
	extra_steps(r, c);
	r->pos = c->bodytok;
	statement(r);
	c->endtok = r->pos;
	r->dry--;
	r->nvars = save_vars;
	ksrc_sym_snap_restore(r, s.at, s.n);
	ksrc_sym_snap_drop(r, s.at);
	ksrc_sym_uniq_forget(r, save_nused);
	if (!r->dry)
		r->kf->nbody = save_body;
	out->chg = r->chg;
	out->chg_at = r->chg_at;
	out->inc = r->inc;
	r->chg = chg;
	r->chg_at = chg_at;
	r->inc = inc;
	r->nchg = nchg;
	r->nested = save_nested;
	if (c->lvi >= 0 && out->chg[c->lvi] != 0)
		ksrc_fail(r, out->chg_at[c->lvi], "the loop variable %s "
		    "changes inside the loop; step it in the header only: "
		    "for (...; %s += STEP)", r->vars[c->lvi].name,
		    r->vars[c->lvi].name);
}

/* Names the inductions gave, and their texts: the condition is read
   with them and must name what they stand for (their lets come after the
   loop's node, the condition is the node's). */
struct loop_subst {
	const char	**name, **text;
	int		  n;
};

/* Induction variables: entry + iteration * increment; unknown when the
   loop changes them otherwise. */
/* Whether text names name, or a value made from it in the loop (name_2),
   as a whole identifier. */
static int
names_var(const char *text, const char *name)
{
	size_t		 n = strlen(name);
	const char	*p, *e;

	if (n == 0)
		return 0;
	for (p = text; (p = strstr(p, name)) != NULL; p++) {
		if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		e = p + n;
		if (e[0] == '_' && isdigit((unsigned char)e[1]))
			for (e++; isdigit((unsigned char)*e); e++)
				;
		if (!isalnum((unsigned char)*e) && *e != '_')
			return 1;
	}
	return 0;
}

/*
 * Whether an increment changes from one iteration to the next: it reads
 * the loop's variable or another variable the loop changes (v0 +=
 * (unsigned char)(i % 4)).  Such a sum is no c + it * inc.
 */
static int
inc_varies(struct rd *r, const struct loop_ctx *c, const struct loop_chg *lc,
    const char *inc)
{
	int	j;

	for (j = 0; j < r->nvars; j++)
		if ((j == c->lvi || (j < c->nouter && lc->chg[j] != 0)) &&
		    names_var(inc, r->vars[j].model[0] != '\0' ?
		    r->vars[j].model : r->vars[j].name))
			return 1;
	return 0;
}

static void
loop_inductions(struct rd *r, const struct loop_ctx *c,
    const struct loop_chg *lc, struct loop_subst *sb)
{
	struct var	*v;
	const char	*t;
	int		 i, n = c->nouter;

	sb->name = ksrc_tmp_calloc(r, n + 1, sizeof *sb->name);
	sb->text = ksrc_tmp_calloc(r, n + 1, sizeof *sb->text);
	sb->n = 0;
	for (i = 0; i < n && i < r->nvars; i++) {
		v = &r->vars[i];
		if (lc->chg[i] == 0 || i == c->lvi ||
		    (v->kind != VK_INT && v->kind != VK_ARRAY))
			continue;
		if (lc->chg[i] != 1 || inc_varies(r, c, lc, lc->inc[i])) {
			if (v->kind == VK_ARRAY)
				ksrc_sym_set_ptr(r, v, "?");
			else
				v->kind = VK_UNKNOWN;
			v->origin = lc->chg_at[i];
			continue;
		}
		if (v->kind == VK_ARRAY)
			t = ksrc_fmt(r, "%s + %s * (%s)", v->model[0] != '\0' ?
			    v->model : "0", c->iter, lc->inc[i]);
		else if (ksrc_arith_conv_name(v->ct) != NULL)
			/* Each += converts back to v's type: over the
			   iterations that is one conversion of the sum. */
			t = ksrc_fmt(r, "%s(%s + %s * (%s))",
			    ksrc_arith_conv_name(v->ct), v->model, c->iter,
			    lc->inc[i]);
		else
			t = ksrc_fmt(r, "%s + %s * (%s)", v->model, c->iter,
			    lc->inc[i]);
		if (v->kind == VK_ARRAY)
			ksrc_sym_set_ptr(r, v, t);
		else
			ksrc_sym_set_int(r, v, t);
		sb->name[sb->n] = ksrc_fmt(r, "%s", v->model);
		sb->text[sb->n++] = t;
	}
}

/* text with each name of sb replaced by its text, in parentheses. */
static const char *
loop_subst(struct rd *r, const char *text, const struct loop_subst *sb)
{
	char		*out;
	size_t		 len = 0, cap = strlen(text) + 1, n, k;
	const char	*p = text, *w;
	int		 i;

	if (sb->n == 0)
		return text;
	out = xmalloc(cap);
	while (*p != '\0') {
		w = p;
		if (isalpha((unsigned char)*p) || *p == '_')
			while (isalnum((unsigned char)*p) || *p == '_')
				p++;
		else
			p++;
		n = (size_t)(p - w);
		for (i = 0; i < sb->n; i++)
			if (strlen(sb->name[i]) == n &&
			    strncmp(sb->name[i], w, n) == 0)
				break;
		if (i < sb->n) {
			w = ksrc_fmt(r, "(%s)", sb->text[i]);
			n = strlen(w);
		}
		if (len + n + 1 > cap) {
			cap = 2 * (len + n + 1);
			out = xrealloc(out, cap);
		}
		for (k = 0; k < n; k++)
			out[len++] = w[k];
	}
	out[len] = '\0';
	ksrc_keep(r, out);
	return ksrc_fmt(r, "%s", out);
}

/* The condition, read with the values the loop gives its variables;
   a do loop's first trip runs whatever it says. */
static const char *
loop_cond(struct rd *r, const struct loop_ctx *c,
    const struct loop_subst *sb)
{
	struct val	 x;
	const char	*cond;

	if (c->condtok < 0)
		return "1";
	r->pos = c->condtok;
	x = ksrc_place_rval(r, ksrc_access_walk(r, 0));
	if (x.kind == VAL_UNKNOWN)
		ksrc_fail(r, x.first, "a loop condition uses '%s', which the "
		    "body changes other than by += a fixed value; step it in a "
		    "for header: for (int i = 1; i < n; i *= 2)",
		    ksrc_src_text(r, x.first, x.last));
	cond = loop_subst(r, ksrc_place_need_int(r, &x, "a loop condition"),
	    sb);
	if (!ksrc_at(r, c->condend))
		ksrc_fail(r, r->pos, "unexpected '%.*s' after the loop "
		    "condition", ksrc_tk(r)->len, ksrc_tk(r)->p);
	if (c->is_do)
		cond = ksrc_fmt(r, "(%s == 0) || (%s)", c->iter, cond);
	return cond;
}

/* The loop's node, then its body read for real; after it, what the loop
   changed is not known. */
static void
loop_run(struct rd *r, struct loop_ctx *c)
{
	struct body_def		*b;
	struct loop_chg		 lc;
	struct loop_subst	 sb;
	const char		*cond;
	int			 forat, i, cdepth, loopif;

	cdepth = r->cont_depth;
	loopif = r->in_loop_if;
	r->cont_depth = ksrc_tok_is(&r->t[c->bodytok], "{") ? r->depth + 1 :
	    -1;
	r->in_loop_if = 0;
	loop_dry(r, c, &lc);
	if (c->is_do) {
		r->pos = c->endtok;
		ksrc_want(r, "while");
		ksrc_want(r, "(");
		c->condtok = r->pos;
		c->after = past_paren(r, r->pos, c->condtok);
		r->pos = c->after;
		ksrc_want(r, ";");
		c->after = r->pos;
	}
	forat = r->dry ? -1 : r->kf->nbody;
	if ((b = ksrc_sym_body_add(r, BODY_FOR)) != NULL) {
		b->text = c->text;
		b->name = c->name;
		b->iter = c->iter;
		b->init = c->init;
		b->step = c->step;
		b->step_op = c->op;
		b->line = c->line;
		b->conv = c->lvi >= 0 ? ksrc_arith_conv_name(c->ct) : NULL;
	}
	loop_inductions(r, c, &lc, &sb);
	cond = loop_cond(r, c, &sb);
	if (forat >= 0)
		r->kf->body[forat].expr = cond;
	r->pos = c->bodytok;
	r->loop_depth++;
	r->nested++;
	statement(r);
	r->nested--;
	r->loop_depth--;
	if (r->pos != c->endtok)
		ksrc_fail(r, r->pos, "internal: loop body read twice "
		    "differently");
	/* A loop without an access (filling registers) is no step. */
	for (i = forat + 1; !r->dry && i < r->kf->nbody; i++)
		if (r->kf->body[i].kind == BODY_SITE)
			break;
	if (!r->dry && forat >= 0 && i == r->kf->nbody)
		r->kf->nbody = forat;
	else
		ksrc_sym_body_add(r, BODY_END);
	r->cont_depth = cdepth;
	r->in_loop_if = loopif;
	r->depth--;
	scope_pop(r, c->nvars);
	for (i = 0; i < c->nvars && i < r->nvars; i++) {
		if (lc.chg[i] == 0)
			continue;
		ksrc_sym_note_change(r, &r->vars[i], lc.chg[i] == 1,
		    lc.inc[i], lc.chg_at[i]);
		if (r->vars[i].kind == VK_INT) {
			r->vars[i].kind = VK_UNKNOWN;
			r->vars[i].origin = lc.chg_at[i];
		} else if (r->vars[i].kind == VK_ARRAY) {
			ksrc_sym_set_ptr(r, &r->vars[i], "?");
			r->vars[i].origin = lc.chg_at[i];
		}
	}
	if (c->is_do)
		r->pos = c->after;
}

/* for (init; cond; step) body */
static int
stmt_for(struct rd *r)
{
	struct loop_ctx	 c;
	struct var	*lv;
	int		 i;

	memset(&c, 0, sizeof c);
	c.line = ksrc_tk(r)->line;
	c.nvars = r->nvars;
	c.condend = ";";
	r->pos++;
	ksrc_want(r, "(");
	r->depth++;
	for_init(r, &c);
	c.condtok = ksrc_at(r, ";") ? -1 : r->pos;
	for (i = r->pos; !ksrc_tok_is(&r->t[i], ";"); i++)
		if (r->t[i].kind == T_EOF)
			ksrc_fail(r, r->pos, "unfinished for");
	c.extra = i + 1;
	c.bodytok = past_paren(r, c.extra, c.extra);
	for_step(r, &c);
	if (c.lvi >= 0) {
		lv = &r->vars[c.lvi];
		loop_names(r, &c, lv->name);
		snprintf(lv->model, sizeof lv->model, "%s", c.name);
		lv->kind = VK_INT;
		c.text = ksrc_fmt(r, "%s", lv->name);
	} else {
		loop_names(r, &c, "iter");
		c.init = "0";
		c.text = "(iteration)";
	}
	if (c.extra >= 0 && ksrc_tok_is(&r->t[c.extra], ")"))
		c.extra = -1;
	if (c.condtok < 0)
		ksrc_fail(r, c.bodytok - 1, "a for loop without a condition "
		    "is not followed; give it one the model can compute: "
		    "for (int k = 0; k < n; k++)");
	loop_run(r, &c);
	return 0;
}

/* while (cond) body, and do body while (cond);: a counter of the
   iterations, the variables the body steps by += as inductions. */
static int
stmt_while(struct rd *r)
{
	struct loop_ctx	 c;

	memset(&c, 0, sizeof c);
	c.line = ksrc_tk(r)->line;
	c.nvars = r->nvars;
	c.lvi = -1;
	c.extra = -1;
	c.condend = ")";
	c.is_do = ksrc_at(r, "do");
	r->pos++;
	if (!c.is_do) {
		ksrc_want(r, "(");
		c.condtok = r->pos;
		c.bodytok = past_paren(r, r->pos, r->pos);
	} else
		c.bodytok = r->pos;
	r->depth++;
	loop_names(r, &c, c.is_do ? "do" : "while");
	c.init = "0";
	c.step = "1";
	c.op = '+';
	c.text = c.is_do ? "(do)" : "(while)";
	loop_run(r, &c);
	return 0;
}

/*
 * A loop within the budgets: KSRC_MAX_LOOPS inside each other, and
 * KSRC_MAX_WORK tokens of loop statements read in all, since each body is
 * read twice (a dry run finds what it changes) and so nested loops cost
 * twice their inner ones.
 */
static int
loop(struct rd *r)
{
	int	at = r->pos, st, tmps = r->ntmps;

	if (++r->loops > KSRC_MAX_LOOPS)
		ksrc_fail(r, at, "loops nest deeper than %d", KSRC_MAX_LOOPS);
	if (r->work > KSRC_MAX_WORK)
		ksrc_fail(r, at, "the loops read more than %d tokens of their "
		    "bodies (loops inside loops over too much code)",
		    KSRC_MAX_WORK);
	st = ksrc_at(r, "for") ? stmt_for(r) : stmt_while(r);
	ksrc_tmp_release(r, tmps);	/* what the loop noted of its body */
	r->work += 2L * (r->pos - at);
	r->loops--;
	return st;
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
   call is. */
static int
call_args(struct rd *r, int f, struct val *targs, struct val *args)
{
	int	n = 0, nt = 0;

	r->pos++;	/* the name */
	if (ksrc_eat(r, "<")) {
		do {
			if (nt == KSRC_MAX_TPARAMS)
				ksrc_fail(r, r->pos, "too many template "
				    "arguments");
			targs[nt++] = ksrc_place_rval(r, ksrc_access_unary(r));
		} while (ksrc_eat(r, ","));
		ksrc_want(r, ">");
	}
	if (nt != 0 && nt != r->fn[f].ntp)
		ksrc_fail(r, r->pos - 1, "%d template arguments for %d "
		    "integer template parameters", nt, r->fn[f].ntp);
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

/* Bind the function's template and call parameters; the reader stands
   at its '{' after. */
static void
bind_all(struct rd *r, int f, int first, const struct val *targs,
    const struct val *args, int n, const int *argvar, int *refs,
    int *nrefs)
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
ksrc_body_call(struct rd *r, int f, int first)
{
	struct val	 targs[KSRC_MAX_TPARAMS], args[16], ret, *save_ret;
	struct ty	 rty;
	int		 n, i, after, nvars = r->nvars, hlo = r->hide_lo;
	int		 hhi = r->hide_hi, fdepth = r->fn_depth, has = r->has_ret;
	int		 known, fnested = r->fn_nested, argvar[16], refs[32];
	int		 nrefs = 0;

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
	n = call_args(r, f, targs, args);
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
	    argvar, refs, &nrefs);
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
		return loop(r);
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
			    "supported; guard the rest with if (!COND) { ... }, "
			    "or return at the top of the kernel");
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
static int
statement(struct rd *r)
{
	int	st;

	ksrc_nest_in(r);
	st = statement_(r);
	ksrc_nest_out(r);
	return st;
}
