/* SPDX-License-Identifier: ISC
 * ksrc-access.c - expressions walked by C precedence: primaries, postfix
 * ([], ., calls of the file's functions), unary, binary, conditional and
 * assignment.  Values and C's arithmetic are in ksrc-arith.c, access
 * sites and pointers in ksrc-place.c, casts and calls in ksrc-call.c.
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

static struct val	unary(struct rd *);
static struct val	assign(struct rd *, struct val lhs, const char *op,
    int optok);

static struct val
combine(struct rd *r, struct val a, struct val b, const char *op, int first,
    int last)
{
	struct val	v;

	if (a.kind == VAL_INT && b.kind == VAL_INT) {
		v = ksrc_arith_mk(VAL_INT, first, last);
		ksrc_arith_op(r, &v, &a, &b, op);
		return v;
	}
	v = ksrc_arith_mk(a.kind != VAL_INT ? a.kind : b.kind, first, last);
	v.origin = a.kind != VAL_INT ? a.origin : b.origin;
	if (v.kind != VAL_DATA && v.kind != VAL_UNKNOWN)
		v.kind = VAL_DATA;
	return v;
}

static struct val
primary(struct rd *r)
{
	struct val	 v;
	struct var	*var;
	int		 first = r->pos, s;

	if (ksrc_eat(r, "("))
		return ksrc_call_paren_or_cast(r, first);
	if (ksrc_tk(r)->kind == T_NUM) {
		v = ksrc_arith_literal(r, first);
		r->pos++;
		return v;
	}
	if (ksrc_tk(r)->kind == T_FNUM || ksrc_tk(r)->kind == T_STR) {
		r->pos++;
		return ksrc_arith_mk(VAL_DATA, first, first);
	}
	if (ksrc_tk(r)->kind != T_ID)
		ksrc_fail(r, r->pos, "unexpected '%.*s'", ksrc_tk(r)->len,
		    ksrc_tk(r)->p);
	if (ksrc_call_builtin(r, first, &v))
		return v;
	if (ksrc_at(r, "reinterpret_cast") || ksrc_at(r, "static_cast"))
		return ksrc_call_cpp_cast(r, first);
	if (ksrc_sym_find_base(ksrc_tk(r)) != NULL &&
	    ksrc_tok_is(&r->t[r->pos + 1], "("))
		return ksrc_call_functional_cast(r, first);
	var = ksrc_sym_find_var(r, ksrc_tk(r));
	if (var == NULL) {
		/* A call of something we do not know: data. */
		if (r->t[r->pos + 1].kind == T_PUNCT &&
		    ksrc_tok_is(&r->t[r->pos + 1], "("))
			/* ksrc_call_named() */
			return ksrc_arith_mk(VAL_DATA, first, first);
		/* HUGE_VALF, a device global: data, refused as an index. */
		v = ksrc_arith_mk(VAL_DATA, first, first);
		v.origin = -2 - first;
		r->pos++;
		return v;
	}
	r->pos++;
	switch (var->kind) {
	case VK_INT:
		v = ksrc_arith_mk(VAL_INT, first, first);
		v.text = ksrc_fmt(r, "%s", var->model);	/* vars move */
		v.ct = var->ct;
		return v;
	case VK_ARRAY:
		if (strcmp(var->model, "?") == 0)
			ksrc_fail(r, first, "pointer %s moves in a loop or a "
			    "branch in a way the model cannot follow (line %d); "
			    "take a new pointer after it: float *q = a + "
			    "OFFSET",
			    var->name, var->origin >= 0 ?
			    r->t[var->origin].line : r->t[first].line);
		v = ksrc_arith_mk(VAL_ARRAY, first, first);
		v.arr = var->arr;
		v.size = var->psize;
		if (var->scalar) {
			v.kind = VAL_ELEM;
			v.nsub = 1;
			v.sub[0] = "0";
			return v;
		}
		v.text = var->model[0] != '\0' ? ksrc_fmt(r, "%s", var->model) :
		    NULL;
		return v;
	case VK_UNKNOWN:
		v = ksrc_arith_mk(VAL_UNKNOWN, first, first);
		v.origin = var->origin;
		return v;
	default:
		v = ksrc_arith_mk(VAL_DATA, first, first);
		v.origin = var->origin;
		v.strct = var->strct;
		v.group = var->group;
		v.gsize = var->gsize;
		s = var->kind == VK_LOCAL;
		(void)s;
		return v;
	}
}

/*
 * A thread's own array with its subscripts: registers (data, as before)
 * while the compiler knows every subscript, else an element in local
 * memory (ksrc-local.c).  vi: its variable.
 */
static struct val
local_postfix(struct rd *r, int vi)
{
	struct val	 s[2], v;
	const char	*idx[2];
	int		 first = r->pos, n = 0, i, fieldtok = -1;

	r->pos++;
	while (n < 2 && n < r->loc[r->vars[vi].loc - 1].nd &&
	    ksrc_eat(r, "[")) {
		s[n++] = ksrc_place_rval(r, ksrc_access_walk(r, 0));
		ksrc_want(r, "]");
	}
	if (!ksrc_local_dynamic(r, &r->vars[vi], s, n)) {
		v = ksrc_arith_mk(VAL_DATA, first, r->pos - 1);
		v.origin = r->vars[vi].origin;
		return v;
	}
	for (i = 0; i < n; i++)
		idx[i] = ksrc_place_need_int(r, &s[i], ksrc_fmt(r,
		    "the index of the per-thread array %s (in local memory)",
		    r->vars[vi].name));
	if (ksrc_at(r, ".") && r->t[r->pos + 1].kind == T_ID) {
		r->pos++;
		fieldtok = r->pos++;
	}
	ksrc_local_elem(r, &r->vars[vi], idx, n, fieldtok, first, &v);
	return v;
}

/* What a postfix expression starts with: a call of a function of the
   file or of CUDA's, a group's tile, a texture fetch, a per-thread
   array in local memory, or a primary. */
static struct val
postfix_first(struct rd *r, int first)
{
	struct var	*var;
	int		 i;

	if (ksrc_tk(r)->kind == T_ID && r->call_fn != NULL &&
	    (ksrc_tok_is(&r->t[r->pos + 1], "(") ||
	    ksrc_tok_is(&r->t[r->pos + 1], "<")) &&
	    ksrc_sym_find_var(r, ksrc_tk(r)) == NULL &&
	    (i = ksrc_sym_find_fn(r, ksrc_tk(r))) >= 0)
		return r->call_fn(r, i, first);
	if (ksrc_tk(r)->kind == T_ID &&
	    ksrc_tok_is(&r->t[r->pos + 1], "(") &&
	    ksrc_sym_find_var(r, ksrc_tk(r)) == NULL &&
	    ksrc_sym_find_base(ksrc_tk(r)) == NULL) {
		r->pos++;
		return ksrc_call_named(r, first);
	}
	if (ksrc_at(r, "tiled_partition") &&
	    ksrc_tok_is(&r->t[r->pos + 1], "<"))
		return ksrc_call_tile_of(r);
	if ((ksrc_at(r, "tex2D") || ksrc_at(r, "tex1Dfetch")) &&
	    ksrc_tok_is(&r->t[r->pos + 1], "<"))
		return ksrc_call_tex_fetch(r, first);
	if (ksrc_tk(r)->kind == T_ID &&
	    (var = ksrc_sym_find_var(r, ksrc_tk(r))) != NULL &&
	    var->kind == VK_LOCAL && var->loc > 0 &&
	    ksrc_tok_is(&r->t[r->pos + 1], "["))
		return local_postfix(r, (int)(var - r->vars));
	return primary(r);
}

/* v[...], after the '[': a subscript of a kernel array (the second of
   a 2D __shared__ one), or of a register array, which is data. */
static struct val
subscript(struct rd *r, struct val v)
{
	const struct array_def	*a;
	struct val		 s;

	s = ksrc_place_rval(r, ksrc_access_walk(r, 0));
	ksrc_want(r, "]");
	if (v.kind == VAL_ARRAY) {
		v.kind = VAL_ELEM;
		v.nsub = 0;
	} else if (v.kind == VAL_ELEM && v.nsub == 1 &&
	    r->kf->v.arrays[v.arr].space == SPACE_SHARED &&
	    r->kf->v.arrays[v.arr].dims[0] != NULL) {
		;	/* the second subscript of a 2D array */
	} else if (v.kind == VAL_DATA || v.kind == VAL_ELEM) {
		/* A register array: data. */
		if (v.kind == VAL_ELEM)
			v = ksrc_place_rval(r, v);
		v.last = r->pos - 1;
		return v;
	} else
		ksrc_fail(r, v.first, "'%s' is not an array",
		    ksrc_src_text(r, v.first, v.last));
	a = &r->kf->v.arrays[v.arr];
	v.sub[v.nsub] = ksrc_place_need_int(r, &s,
	    ksrc_fmt(r, "the index of %s", a->name));
	if (v.nsub++ == 0) {
		v.sub[0] = ksrc_place_index_of(r, &v, v.sub[0]);
		v.text = NULL;
	}
	v.last = r->pos - 1;
	return v;
}

/* v.name, at the '.': a field of an element, a group's method, or a
   member of a value, which is data. */
static struct val
member(struct rd *r, struct val v)
{
	const struct array_def	*a;
	int			 i, fieldtok;

	if (ksrc_at(r, "->"))
		ksrc_fail(r, r->pos, "'->' is not supported; "
		    "write p->x as p[0].x");
	r->pos++;
	if (v.kind == VAL_DATA && v.group != G_NONE &&
	    ksrc_tok_is(&r->t[r->pos + 1], "("))
		return ksrc_call_group_method(r, v);
	fieldtok = r->pos++;
	if (v.kind == VAL_ELEM) {
		a = &r->kf->v.arrays[v.arr];
		for (i = 0; i < VARIANT_MAX_FIELDS && a->fields[i].name; i++)
			if (ksrc_tok_is(&r->t[fieldtok], a->fields[i].name))
				break;
		if (i == VARIANT_MAX_FIELDS || a->fields[i].name == NULL)
			ksrc_fail(r, fieldtok, "%s has no field %.*s",
			    a->name, r->t[fieldtok].len, r->t[fieldtok].p);
		v.field = i;
		v.last = fieldtok;
		return v;
	}
	v = ksrc_place_rval(r, v);
	v.kind = v.kind == VAL_INT ? VAL_DATA : v.kind;
	v.last = fieldtok;
	return v;
}

/* A postfix expression: what it starts with, then [], ., ++ and --. */
static struct val
postfix(struct rd *r)
{
	struct val	 v;
	int		 i;

	v = postfix_first(r, r->pos);
	for (;;) {
		if (ksrc_eat(r, "[")) {
			v = subscript(r, v);
			continue;
		}
		if (ksrc_at(r, ".") || ksrc_at(r, "->")) {
			v = member(r, v);
			continue;
		}
		if (ksrc_at(r, "++") || ksrc_at(r, "--")) {
			i = r->pos;
			r->pos++;
			assign(r, v, ksrc_tok_is(&r->t[i], "++") ? "+=" : "-=",
			    i);
			/* the old value (an integer's and a pointer's are
			   still followed) */
			if (v.kind != VAL_ARRAY && v.kind != VAL_INT)
				v = ksrc_arith_mk(VAL_DATA, v.first, i);
			v.last = i;
			continue;
		}
		return v;
	}
}

static struct val
unary_(struct rd *r)
{
	struct val	v;
	int		first = r->pos;
	const char	*op;

	if (ksrc_at(r, "++") || ksrc_at(r, "--")) {
		op = ksrc_at(r, "++") ? "+=" : "-=";
		r->pos++;
		v = unary(r);
		return assign(r, v, op, first);
	}
	if (ksrc_at(r, "-") || ksrc_at(r, "!") || ksrc_at(r, "~") ||
	    ksrc_at(r, "+")) {
		op = ksrc_tk(r)->p;
		r->pos++;
		v = ksrc_place_rval(r, unary(r));
		if (v.kind == VAL_INT && *op == '!') {
			v.text = ksrc_fmt(r, "!(%s)", v.text);
			v.ct = CT_INT;
		} else if (v.kind == VAL_INT) {
			/* The promoted operand; - and ~ of an unsigned one
			   wrap, - of the most negative int overflows. */
			v.ct = ksrc_arith_promote(ksrc_arith_ct_of(&v));
			v.text = ksrc_fmt(r, "%c(%s)", *op == '+' ? ' ' : *op,
			    v.text);
			if (*op == '-' || (*op == '~' && v.ct.uns))
				v.text = ksrc_arith_in_type(r, v.ct, v.text);
		}
		v.first = first;
		return v;
	}
	if (ksrc_eat(r, "*"))
		return ksrc_place_deref(r, unary(r), first);
	if (ksrc_eat(r, "&"))
		return ksrc_place_address_of(r, unary(r), first);
	return postfix(r);
}

/* A unary expression, counted against the nesting budget (- - - x). */
static struct val
unary(struct rd *r)
{
	struct val	v;

	ksrc_nest_in(r);
	v = unary_(r);
	ksrc_nest_out(r);
	return v;
}

/* A unary expression alone: a template's argument, <N>. */
struct val
ksrc_access_unary(struct rd *r)
{
	return unary(r);
}

/* Binary operators by C precedence, lowest first. */
static const struct {
	const char	*op[5];
} binops[] = {
	{ { "||" } }, { { "&&" } }, { { "|" } }, { { "^" } }, { { "&" } },
	{ { "==", "!=" } }, { { "<", ">", "<=", ">=" } }, { { "<<", ">>" } },
	{ { "+", "-" } }, { { "*", "/", "%" } }
};
#define NBINOPS	10

static struct val
binary(struct rd *r, int lv)
{
	struct val	 a, b;
	const char	*op;
	int		 first = r->pos, i, opt;

	if (lv == NBINOPS)
		return unary(r);
	a = binary(r, lv + 1);
	for (;;) {
		op = NULL;
		for (i = 0; i < 5 && binops[lv].op[i] != NULL; i++)
			if (ksrc_at(r, binops[lv].op[i]))
				op = binops[lv].op[i];
		if (op == NULL)
			return a;
		opt = r->pos++;
		if (a.kind == VAL_ARRAY && (op[0] == '+' || op[0] == '-')) {
			b = ksrc_place_rval(r, binary(r, lv + 1));
			a = ksrc_place_ptr_add(r, a, &b, op[0] == '-', first);
			continue;
		}
		a = ksrc_place_rval(r, a);
		if (lv <= 1) {
			/* The right side runs only when the left allows. */
			int	 mark = r->kf->nbody;
			const char *c = a.kind == VAL_INT ? a.text : "1";

			ksrc_place_guard_open(r, lv == 1 ? c :
			    ksrc_fmt(r, "!(%s)", c), r->t[opt].line);
			b = ksrc_place_rval(r, binary(r, lv + 1));
			if (!r->dry && r->kf->nbody == mark + 1)
				r->kf->nbody = mark;	/* no site inside */
			else {
				if (a.kind != VAL_INT)
					ksrc_place_need_int(r, &a,
					    "a condition guarding an access");
				ksrc_place_guard_close(r);
			}
		} else {
			b = binary(r, lv + 1);
			if (b.kind == VAL_ARRAY && op[0] == '+' &&
			    a.kind == VAL_INT) {
				a = ksrc_place_ptr_add(r, b, &a, 0, first);
				continue;
			}
			b = ksrc_place_rval(r, b);
		}
		a = combine(r, a, b, op, first, r->pos - 1);
	}
}

static struct val	ternary(struct rd *);

static struct val
ternary_(struct rd *r)
{
	struct val	 c, a, b, v;
	int		 first = r->pos, mark;

	c = binary(r, 0);
	if (!ksrc_eat(r, "?"))
		return c;
	c = ksrc_place_rval(r, c);
	mark = r->kf->nbody;
	ksrc_place_guard_open(r, c.kind == VAL_INT ? c.text : "1",
	    r->t[first].line);
	a = ksrc_place_rval(r, ksrc_access_walk(r, 1));
	ksrc_want(r, ":");
	if (!r->dry)
		ksrc_sym_body_add(r, BODY_ELSE);
	b = ksrc_place_rval(r, ternary(r));
	if (!r->dry && r->kf->nbody == mark + 2)
		r->kf->nbody = mark;
	else {
		if (c.kind != VAL_INT)
			ksrc_place_need_int(r, &c,
			    "a condition choosing an access");
		ksrc_place_guard_close(r);
	}
	if (c.kind == VAL_INT && a.kind == VAL_INT && b.kind == VAL_INT) {
		v = ksrc_arith_mk(VAL_INT, first, r->pos - 1);
		v.ct = ksrc_arith_usual(ksrc_arith_ct_of(&a),
		    ksrc_arith_ct_of(&b));
		v.text = ksrc_fmt(r, "((%s) ? (%s) : (%s))", c.text,
		    ksrc_arith_as(r, &a, v.ct), ksrc_arith_as(r, &b, v.ct));
		return v;
	}
	return combine(r, combine(r, c, a, "+", first, r->pos - 1), b, "+",
	    first, r->pos - 1);
}

/* A conditional expression, counted against the nesting budget
   (a ? b : c ? d : ...). */
static struct val
ternary(struct rd *r)
{
	struct val	v;

	ksrc_nest_in(r);
	v = ternary_(r);
	ksrc_nest_out(r);
	return v;
}

/* lhs op= rhs already walked (rhs NULL: ++/--). */
static struct val
assign_val(struct rd *r, struct val lhs, const char *op, struct val *rhs,
    int optok)
{
	struct var	*var;
	struct val	 one, v;
	char		 bop[8];
	size_t		 n;

	if (rhs == NULL) {
		one = ksrc_arith_mk(VAL_INT, optok, optok);
		one.text = "1";
		rhs = &one;
	}
	if (lhs.kind == VAL_ELEM) {
		if (strcmp(op, "=") != 0)
			ksrc_place_elem(r, &lhs, OP_LOAD);
		ksrc_place_elem(r, &lhs, OP_STORE);
		return ksrc_arith_mk(VAL_DATA, lhs.first, lhs.last);
	}
	if (r->t[lhs.first].kind != T_ID ||
	    (var = ksrc_sym_find_var(r, &r->t[lhs.first])) == NULL ||
	    (lhs.first != lhs.last && var->kind != VK_LOCAL &&
	    var->isint))
		ksrc_fail(r, lhs.first, "cannot assign to '%s'",
		    ksrc_src_text(r, lhs.first, lhs.last));
	if (lhs.first != lhs.last)	/* v[i][j] = ..., s.x = ... */
		return ksrc_arith_mk(VAL_DATA, lhs.first, lhs.last);
	if (var->kind == VK_ARRAY)
		return ksrc_place_ptr_assign(r, var, lhs, op, rhs, optok);
	if (var->kind == VK_LOCAL)
		return ksrc_arith_mk(VAL_DATA, lhs.first, lhs.last);
	/* The binary operator of a compound assignment: "<<=" gives "<<". */
	n = strlen(op) - 1 < sizeof bop - 1 ? strlen(op) - 1 : sizeof bop - 1;
	memcpy(bop, op, n);
	bop[n] = '\0';
	if (strcmp(op, "=") == 0) {
		ksrc_sym_note_change(r, var, 0, NULL, optok);
		v = *rhs;
	} else {
		ksrc_sym_note_change(r, var, (strcmp(op, "+=") == 0 ||
		    strcmp(op, "-=") == 0) && rhs->kind == VAL_INT,
		    rhs->kind == VAL_INT ? ksrc_fmt(r, "%s(%s)", op[0] == '-' ?
		    "-" : "", rhs->text) : NULL, optok);
		v = combine(r, lhs, *rhs, bop, lhs.first, r->pos - 1);
	}
	if (!var->isint) {
		/* A float stays data; it only matters if used as an index. */
		var->kind = VK_DATA;
		if (v.kind == VAL_DATA && v.origin >= 0)
			var->origin = v.origin;
		return v;
	}
	if (v.kind == VAL_INT) {
		/* Stored in the variable's type (6.5.16.1). */
		v.text = ksrc_arith_as(r, &v, var->ct);
		v.ct = var->ct;
		ksrc_sym_set_int(r, var, v.text);
	} else {
		var->kind = v.kind == VAL_UNKNOWN ? VK_UNKNOWN : VK_DATA;
		var->origin = v.origin;
	}
	return v;
}

static struct val
assign(struct rd *r, struct val lhs, const char *op, int optok)
{
	return assign_val(r, lhs, op, NULL, optok);
}

static struct val
walk(struct rd *r, int prec)
{
	struct val	 lhs, rhs;
	static const char *aops[] = { "=", "+=", "-=", "*=", "/=", "%=",
	    "<<=", ">>=", "&=", "|=", "^=", NULL };
	const char	*op = NULL;
	int		 i, optok, mark;

	lhs = ternary(r);
	if (prec > 0)
		return lhs;
	for (i = 0; aops[i] != NULL; i++)
		if (ksrc_at(r, aops[i]))
			op = aops[i];
	if (op == NULL)
		return lhs;
	optok = r->pos++;
	if (lhs.kind == VAL_ELEM && strcmp(op, "=") != 0) {
		/* a[x] += b[y]: load a, load b, store a. */
		ksrc_place_elem(r, &lhs, OP_LOAD);
		rhs = ksrc_place_rval(r, ksrc_access_walk(r, 0));
		ksrc_place_elem(r, &lhs, OP_STORE);
		return ksrc_arith_mk(VAL_DATA, lhs.first, r->pos - 1);
	}
	mark = r->pos;
	(void)mark;
	rhs = ksrc_access_walk(r, 0);
	if (lhs.kind != VAL_ARRAY)
		rhs = ksrc_place_rval(r, rhs);
	return assign_val(r, lhs, op, &rhs, optok);
}

/* Walk an expression: with prec 0 an assignment, else a conditional one.
   Counted against the nesting budget: ((((i)))). */
struct val
ksrc_access_walk(struct rd *r, int prec)
{
	struct val	v;

	ksrc_nest_in(r);
	v = walk(r, prec);
	ksrc_nest_out(r);
	return v;
}

/* An expression the model can evaluate over parameters: "[N]" sizes. */
const char *
ksrc_access_const_expr(struct rd *r, const char *what)
{
	struct val	v = ksrc_place_rval(r, ksrc_access_walk(r, 1));

	return ksrc_place_need_int(r, &v, what);
}
