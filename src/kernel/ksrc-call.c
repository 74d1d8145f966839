/* SPDX-License-Identifier: ISC
 * ksrc-call.c - the forms of an expression that open with a name or a
 * parenthesis: casts, the built-ins (threadIdx, warpSize, sizeof), calls
 * of CUDA's functions (atomics, __mul24, min, shuffles), cooperative
 * groups' methods and texture fetches.  It stands below the expression
 * walker of ksrc-access.c and reads the expressions inside them through
 * r->walk_fn and r->unary_fn.
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

/* After '(': a cast ((unsigned char)x, (float *)p) or a parenthesised
   expression. */
struct val
ksrc_call_paren_or_cast(struct rd *r, int first)
{
	struct val	 v, x;
	struct ty	 ty;

	if (ksrc_sym_type_starts(r, r->pos)) {
		ksrc_sym_parse_type(r, &ty);
		ksrc_want(r, ")");
		x = r->unary_fn(r);
		if (ty.ptr) {
			if (x.kind != VAL_ARRAY)
				ksrc_fail(r, first, "a cast to a pointer "
				    "of something not a kernel array (a "
				    "pointer read from memory is not "
				    "followed); index the array instead: "
				    "a[i]");
			if (ty.ptr == 1 && ty.size !=
			    r->kf->v.arrays[x.arr].elem_size)
				x.size = ty.size;	/* a view */
			x.first = first;
			return x;
		}
		x = ksrc_place_rval(r, x);
		if (!ty.is_int && x.kind == VAL_INT) {
			v = ksrc_arith_mk(VAL_DATA, first, r->pos - 1);
			return v;
		}
		if (x.kind == VAL_INT) {
			x.text = ksrc_arith_as(r, &x,
			    ksrc_arith_ctype(&ty));
			x.ct = ksrc_arith_ctype(&ty);
		}
		x.first = first;
		return x;
	}
	v = r->walk_fn(r, 0);
	ksrc_want(r, ")");
	v.first = first;
	v.last = r->pos - 1;
	return v;
}

/* reinterpret_cast<T>(x), static_cast<T>(x). */
struct val
ksrc_call_cpp_cast(struct rd *r, int first)
{
	struct val	 x;
	struct ty	 ty;
	int		 re = ksrc_at(r, "reinterpret_cast");

	r->pos++;
	ksrc_want(r, "<");
	ksrc_sym_parse_type(r, &ty);
	ksrc_want(r, ">");
	ksrc_want(r, "(");
	x = r->walk_fn(r, 0);
	ksrc_want(r, ")");
	if (re && ty.ptr == 1 && x.kind == VAL_ARRAY) {
		/* A wider view of the array: vector loads. */
		x.size = ty.size;
		x.first = first;
		return x;
	}
	x = ksrc_place_rval(r, x);
	if (!ty.is_int && x.kind == VAL_INT)
		return ksrc_arith_mk(VAL_DATA, first, r->pos - 1);
	if (x.kind == VAL_INT && !ty.ptr) {
		x.text = ksrc_arith_as(r, &x, ksrc_arith_ctype(&ty));
		x.ct = ksrc_arith_ctype(&ty);
	}
	return x;
}

/* int(x), float(x): C++'s functional cast, a conversion as (int)x. */
struct val
ksrc_call_functional_cast(struct rd *r, int first)
{
	struct val	 x;
	struct ty	 ty;

	ksrc_sym_parse_type(r, &ty);
	ksrc_want(r, "(");
	x = ksrc_place_rval(r, r->walk_fn(r, 0));
	ksrc_want(r, ")");
	if (!ty.is_int || ty.ptr)
		return ksrc_arith_mk(VAL_DATA, first, r->pos - 1);
	if (x.kind == VAL_INT) {
		x.text = ksrc_arith_as(r, &x, ksrc_arith_ctype(&ty));
		x.ct = ksrc_arith_ctype(&ty);
	}
	x.first = first;
	x.last = r->pos - 1;
	return x;
}

/* threadIdx.x and the other built-ins, warpSize, sizeof(T): 1 and *out,
   or 0. */
int
ksrc_call_builtin(struct rd *r, int first, struct val *out)
{
	static const char *builtins[] = { "threadIdx", "blockIdx",
	    "blockDim", "gridDim", NULL };
	struct ty	 ty;
	int		 i;

	for (i = 0; builtins[i] != NULL; i++) {
		if (!ksrc_at(r, builtins[i]))
			continue;
		r->pos++;
		ksrc_want(r, ".");
		*out = ksrc_arith_mk(VAL_INT, first, r->pos);
		out->ct = CT_UINT;	/* uint3, dim3: unsigned int */
		if (ksrc_at(r, "x") || ksrc_at(r, "y"))
			out->text = ksrc_fmt(r, "%s.%.*s", builtins[i], 1,
			    ksrc_tk(r)->p);
		else if (ksrc_at(r, "z"))
			out->text = i < 2 ? "0" : "1";
		else
			ksrc_fail(r, r->pos, "expected x, y or z");
		r->pos++;
		return 1;
	}
	/* The built-in, unless a parameter or variable shadows it. */
	if (ksrc_at(r, "warpSize") && ksrc_sym_find_var(r, ksrc_tk(r)) ==
	    NULL) {
		r->pos++;
		*out = ksrc_arith_mk(VAL_INT, first, first);
		out->text = "warp";
		return 1;
	}
	if (ksrc_at(r, "sizeof")) {
		r->pos++;
		ksrc_want(r, "(");
		ksrc_sym_parse_type(r, &ty);
		ksrc_want(r, ")");
		*out = ksrc_arith_mk(VAL_INT, first, r->pos - 1);
		out->text = ksrc_fmt(r, "%d", ty.ptr ? 8 : ty.size);
		out->ct.size = 8;	/* size_t */
		out->ct.uns = 1;
		return 1;
	}
	return 0;
}

/*
 * __mul24(a, b), __umul24(a, b): the low 32 bits of the product of a's
 * and b's low 24 bits, sign-extended (int) or not (unsigned int), as the
 * CUDA Math API defines them; exact for every operand, in range or not.
 */
static struct val
mul24(struct rd *r, int uns, const struct val *a, const struct val *b,
    int first)
{
	struct val	 v = ksrc_arith_mk(VAL_INT, first, r->pos - 1);
	const char	*x, *y;

	if (uns) {
		x = ksrc_arith_as(r, a, CT_UINT);
		y = ksrc_arith_as(r, b, CT_UINT);
		v.text = ksrc_fmt(r, "u32(u24(%s) * u24(%s))", x, y);
		v.ct = CT_UINT;
		return v;
	}
	x = ksrc_arith_as(r, a, CT_INT);
	y = ksrc_arith_as(r, b, CT_INT);
	v.text = ksrc_fmt(r, "i32(i24(%s) * i24(%s))", x, y);
	v.ct = CT_INT;
	return v;
}

/*
 * atomicAdd(&a[i], v) and its kin: one read-modify-write of the element,
 * counted as the H100 counts atomics (rules_atomic, doc/rules.md), which
 * were measured on global memory only.
 */
static struct val
atomic_site(struct rd *r, struct val *args, int n, int first)
{
	const struct array_def	*a;

	if (n == 0 || args[0].kind != VAL_ADDR)
		ksrc_fail(r, first, "%.*s: the model follows an atomic on "
		    "&a[i] or a pointer into a kernel array", r->t[first].len,
		    r->t[first].p);
	a = &r->kf->v.arrays[args[0].arr];
	if (a->space != SPACE_GLOBAL)
		ksrc_fail(r, first, "%.*s on %s memory is not modelled: atomics "
		    "are measured on global memory only, on a kernel array's "
		    "&a[i]", r->t[first].len,
		    r->t[first].p, a->space == SPACE_SHARED ? "shared" :
		    "this");
	args[0].kind = VAL_ELEM;
	ksrc_place_elem(r, &args[0], OP_ATOMIC);
	return ksrc_arith_mk(VAL_DATA, first, r->pos - 1);
}

/* name(args): a call of a function that is not the file's own.  The
   atomics, __ldg, __mul24, min and max are followed; any other returns
   data and may not be handed a pointer. */
struct val
ksrc_call_named(struct rd *r, int first)
{
	const struct tok	*name = &r->t[first];
	struct val		 args[8], v;
	int			 n = 0, i, atomic;

	atomic = name->len > 6 && strncmp(name->p, "atomic", 6) == 0;
	ksrc_want(r, "(");
	if (ksrc_tok_is(name, "__syncthreads") ||
	    ksrc_tok_is(name, "__syncwarp")) {
		ksrc_skip_past(r, ")");
		return ksrc_arith_mk(VAL_DATA, first, r->pos - 1);
	}
	if (!ksrc_at(r, ")")) {
		do {
			if (n == 8)
				ksrc_fail(r, r->pos, "too many arguments");
			if (ksrc_eat(r, "&")) {
				args[n] = r->unary_fn(r);
				if (args[n].kind != VAL_ELEM)
					ksrc_fail(r, args[n].first, "only the "
					    "address of an array element can "
					    "be taken: &a[i]");
				args[n].kind = VAL_ADDR;
				if (!atomic && !ksrc_tok_is(name, "__ldg"))
					ksrc_fail(r, args[n].first,
					    "'%.*s' gets an address: the model "
					    "cannot tell what it reads or "
					    "writes; write its accesses out: "
					    "d[k] = s[k] in a loop", name->len,
					    name->p);
			} else {
				args[n] = r->walk_fn(r, 1);
				if (args[n].kind == VAL_ARRAY && (atomic ||
				    ksrc_tok_is(name, "__ldg"))) {
					/* atomicAdd(counter, 1), __ldg(p + i):
					   the place the pointer is at. */
					args[n] = ksrc_place_deref(r, args[n],
					    args[n].first);
					args[n].kind = VAL_ADDR;
				} else if (args[n].kind == VAL_ARRAY)
					ksrc_fail(r, args[n].first,
					    "'%.*s' gets a pointer: the model "
					    "cannot tell what it reads or "
					    "writes; write its accesses out: "
					    "d[k] = s[k] in a loop", name->len,
					    name->p);
				else
					args[n] = ksrc_place_rval(r, args[n]);
			}
			n++;
		} while (ksrc_eat(r, ","));
	}
	ksrc_want(r, ")");
	if (ksrc_tok_is(name, "__ldg") && n == 1 && args[0].kind == VAL_ADDR) {
		args[0].kind = VAL_ELEM;
		return ksrc_place_rval(r, args[0]);
	}
	if (atomic)
		return atomic_site(r, args, n, first);
	if ((ksrc_tok_is(name, "__mul24") || ksrc_tok_is(name, "__umul24")) &&
	    n == 2 && args[0].kind == VAL_INT && args[1].kind == VAL_INT)
		return mul24(r, name->p[2] == 'u', &args[0], &args[1], first);
	if ((ksrc_tok_is(name, "min") || ksrc_tok_is(name, "max") ||
	    ksrc_tok_is(name, "umin") || ksrc_tok_is(name, "umax")) && n == 2 &&
	    args[0].kind == VAL_INT && args[1].kind == VAL_INT) {
		const char	*a0, *a1;

		v = ksrc_arith_mk(VAL_INT, first, r->pos - 1);
		/* CUDA's overloads: both in the common type (umin/umax:
		   unsigned int). */
		v.ct = name->p[0] == 'u' ? CT_UINT :
		    ksrc_arith_usual(ksrc_arith_ct_of(&args[0]),
		    ksrc_arith_ct_of(&args[1]));
		a0 = ksrc_arith_as(r, &args[0], v.ct);
		a1 = ksrc_arith_as(r, &args[1], v.ct);
		v.text = ksrc_fmt(r, "((%s) %s (%s) ? (%s) : (%s))", a0,
		    name->p[1] == 'i' || name->p[2] == 'i' ? "<" : ">", a1, a0,
		    a1);
		return v;
	}
	v = ksrc_arith_mk(VAL_DATA, first, r->pos - 1);
	for (i = 0; i < n; i++)
		if (args[i].kind == VAL_DATA && args[i].origin >= 0)
			v.origin = args[i].origin;
	/* Cooperative groups' makers (the namespace is dropped by the
	   lexer): a group is data that only its methods read. */
	if (ksrc_tok_is(name, "this_thread_block"))
		v.group = G_BLOCK;
	else if (ksrc_tok_is(name, "this_grid"))
		v.group = G_GRID;
	else if (ksrc_tok_is(name, "coalesced_threads") ||
	    ksrc_tok_is(name, "tiled_partition"))
		v.group = G_OTHER;
	return v;
}

/* tiled_partition<N>(g): a tile of N threads (N a constant or a
   template parameter: the same in every thread). */
struct val
ksrc_call_tile_of(struct rd *r)
{
	struct val	 v, n;
	int		 first = r->pos;

	r->pos++;	/* tiled_partition */
	ksrc_want(r, "<");
	n = ksrc_place_rval(r, r->unary_fn(r));
	ksrc_want(r, ">");
	ksrc_want(r, "(");
	ksrc_place_rval(r, r->walk_fn(r, 1));
	ksrc_want(r, ")");
	v = ksrc_arith_mk(VAL_DATA, first, r->pos - 1);
	v.group = G_TILE;
	v.gsize = ksrc_arith_as(r, &n, CT_UINT);
	return v;
}

/* The text of a block's linear thread index: x + y * blockDim.x (the
   model's blocks have one z), in unsigned int. */
static const char *
block_rank(struct rd *r)
{
	return ksrc_fmt(r, "u32(threadIdx.x + threadIdx.y * blockDim.x)");
}

/*
 * A method of a cooperative group, at the name after '.': sync() is a
 * __syncthreads() (or the tile's or grid's barrier) and touches no
 * memory; thread_rank(), size() and num_threads() are unsigned ints the
 * model computes for a block and a tile; meta_group_rank() the tile's
 * index in its block; the shuffles, votes and the rest are data.
 */
struct val
ksrc_call_group_method(struct rd *r, struct val g)
{
	const struct tok	*m = ksrc_tk(r);
	struct val		 v;
	int			 first = g.first;
	const char		*rank = block_rank(r), *size;

	r->pos++;
	ksrc_want(r, "(");
	if (!ksrc_at(r, ")"))
		do
			ksrc_place_rval(r, r->walk_fn(r, 1));
		while (ksrc_eat(r, ","));
	ksrc_want(r, ")");
	v = ksrc_arith_mk(VAL_INT, first, r->pos - 1);
	v.ct = CT_UINT;
	size = "u32(blockDim.x * blockDim.y)";
	if (g.group == G_TILE) {
		size = g.gsize;
		rank = ksrc_fmt(r, "(%s %% %s)", rank, g.gsize);
	}
	if ((g.group == G_BLOCK || g.group == G_TILE) &&
	    ksrc_tok_is(m, "thread_rank"))
		v.text = rank;
	else if ((g.group == G_BLOCK || g.group == G_TILE) &&
	    (ksrc_tok_is(m, "size") || ksrc_tok_is(m, "num_threads")))
		v.text = size;
	else if (g.group == G_TILE && ksrc_tok_is(m, "meta_group_rank"))
		v.text = ksrc_fmt(r, "(%s / %s)", block_rank(r), g.gsize);
	else if (g.group == G_TILE && ksrc_tok_is(m, "meta_group_size"))
		v.text = ksrc_fmt(r, "(u32(blockDim.x * blockDim.y + %s - 1) / "
		    "%s)", g.gsize, g.gsize);
	else
		v = ksrc_arith_mk(VAL_DATA, first, r->pos - 1);
	return v;
}

/*
 * One coordinate of a texture fetch: an integer, or an integer + 0.5f (a
 * texel's centre, which point sampling reads as that texel).  last: 1 for
 * the last argument.
 */
static const char *
tex_coord(struct rd *r, int last)
{
	struct val	 x;
	struct tok	 save;
	int		 i, depth = 0, half = -1;

	for (i = r->pos; r->t[i].kind != T_EOF; i++) {
		if (ksrc_tok_is(&r->t[i], "(") || ksrc_tok_is(&r->t[i], "["))
			depth++;
		else if (ksrc_tok_is(&r->t[i], ")") ||
		    ksrc_tok_is(&r->t[i], "]")) {
			if (depth-- == 0)
				break;
		} else if (depth == 0 && ksrc_tok_is(&r->t[i], ","))
			break;
	}
	if (i - 2 > r->pos && ksrc_tok_is(&r->t[i - 2], "+") &&
	    r->t[i - 1].kind == T_FNUM && ((r->t[i - 1].len == 4 &&
	    memcmp(r->t[i - 1].p, "0.5f", 4) == 0) || (r->t[i - 1].len == 3 &&
	    memcmp(r->t[i - 1].p, "0.5", 3) == 0)))
		half = i - 2;
	/* Stop the walk before "+ 0.5f": the + reads as the end. */
	if (half >= 0) {
		save = r->t[half];
		r->t[half].p = last ? ")" : ",";
		r->t[half].len = 1;
		r->t[half].kind = T_PUNCT;
	}
	x = ksrc_place_rval(r, r->walk_fn(r, 1));
	if (half >= 0) {
		r->t[half] = save;
		r->pos = half + 2;
	}
	return ksrc_place_need_int(r, &x, "a texture coordinate");
}

/*
 * tex2D<T>(tex, x, y) and tex1Dfetch<T>(tex, i): a texel of a texture of
 * the file's warpviz: texture lines, point sampled, as an element (y, x)
 * or (i).  Coordinates outside the texture are shown as outside the array
 * (the hardware clamps them; the model does not follow that).
 */
struct val
ksrc_call_tex_fetch(struct rd *r, int first)
{
	const struct array_def	*a;
	struct var		*var;
	struct val		 v;
	int			 two = ksrc_tok_is(&r->t[first], "tex2D"), tt;

	r->pos++;
	ksrc_want(r, "<");
	tt = r->pos++;
	ksrc_want(r, ">");
	ksrc_want(r, "(");
	if (ksrc_tk(r)->kind != T_ID ||
	    (var = ksrc_sym_find_var(r, ksrc_tk(r))) == NULL ||
	    var->kind != VK_ARRAY ||
	    r->kf->v.arrays[var->arr].space != SPACE_TEXTURE)
		ksrc_fail(r, r->pos, "%.*s reads a texture: a "
		    "cudaTextureObject_t parameter with a '// warpviz: "
		    "texture' line", r->t[first].len, r->t[first].p);
	a = &r->kf->v.arrays[var->arr];
	if (!ksrc_tok_is(&r->t[tt], a->type))
		ksrc_fail(r, tt, "%s holds %s texels, not %.*s", a->name,
		    a->type, r->t[tt].len, r->t[tt].p);
	v = ksrc_arith_mk(VAL_ELEM, first, first);
	v.arr = var->arr;
	r->pos++;
	ksrc_want(r, ",");
	if (two) {
		v.sub[1] = tex_coord(r, 0);
		ksrc_want(r, ",");
		v.sub[0] = tex_coord(r, 1);
		v.nsub = 2;
	} else {
		v.sub[0] = tex_coord(r, 1);
		v.nsub = 1;
	}
	ksrc_want(r, ")");
	v.last = r->pos - 1;
	return v;
}
