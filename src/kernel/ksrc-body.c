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

static void
declaration(struct rd *r)
{
	struct ty	 ty;
	struct var	*v;
	struct val	 x;
	int		 shared = 0, ext = 0, nametok;
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
	do {
		while (ksrc_eat(r, "*"))
			ty.ptr = 1;
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
					    "dimensions");
				d[nd] = ksrc_access_const_expr(r,
				    "an array size");
			}
			nd++;
			ksrc_want(r, "]");
		}
		if (shared) {
			if (ext) {
				int	i;

				for (i = 0; i < r->narrays; i++)
					if (ksrc_tok_is(&r->t[nametok],
					    r->kf->v.arrays[i].name))
						break;
				if (i == r->narrays)
					ksrc_fail(r, nametok,
					    "extern __shared__ %.*s needs a "
					    "'// warpviz: array %.*s "
					    "length=...' line",
					    r->t[nametok].len,
					    r->t[nametok].p,
					    r->t[nametok].len,
					    r->t[nametok].p);
				ksrc_sym_add_array(r, nametok, SPACE_SHARED,
				    &ty, NULL, NULL, NULL);
			} else if (nd == 1)
				ksrc_sym_add_array(r, nametok, SPACE_SHARED,
				    &ty, d[0], NULL, NULL);
			else if (nd == 2)
				ksrc_sym_add_array(r, nametok, SPACE_SHARED,
				    &ty, ksrc_fmt(r, "(%s) * (%s)", d[0], d[1]),
				    d[0], d[1]);
			else
				ksrc_fail(r, nametok,
				    "a __shared__ scalar is not modelled");
			continue;
		}
		if (ty.ptr)
			ksrc_fail(r, nametok, "pointer variables are not "
			    "supported (index the kernel's arrays)");
		if (nd > 0) {
			v = ksrc_sym_add_var(r, &r->t[nametok], VK_LOCAL);
			if (ksrc_eat(r, "="))
				ksrc_fail(r, r->pos,
				    "array initialisers are not supported");
			continue;
		}
		if (ksrc_eat(r, "=")) {
			if (ksrc_at(r, "{"))
				ksrc_fail(r, r->pos,
				    "brace initialisers are not supported");
			x = ksrc_access_rval(r, ksrc_access_walk(r, 1));
		} else {
			x = ksrc_access_mk(VAL_UNKNOWN, nametok, nametok);
			x.origin = nametok;
		}
		v = ksrc_sym_add_var(r, &r->t[nametok], VK_DATA);
		v->isint = ty.is_int;
		if (ty.is_int)
			v->ct = ksrc_access_ctype(&ty);
		if (ty.is_int && x.kind == VAL_INT)
			ksrc_sym_set_int(r, v, ksrc_access_as(r, &x, v->ct));
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
		if (v->kind == VK_INT && o->kind == VK_INT) {
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
	while (!ksrc_at(r, "}")) {
		if (ksrc_tk(r)->kind == T_EOF)
			ksrc_fail(r, r->pos,
			    "unexpected end of file in a block");
		if (ret)
			ksrc_fail(r, r->pos, "code after return is not "
			    "supported");
		st = statement(r);
		if (st == 1)
			ret = 1;
		else if (st >= 2)
			closes += st - 1;	/* early returns: IF(!c) open */
	}
	r->pos++;
	while (closes-- > 0)
		ksrc_access_guard_close(r);
	r->depth--;
	scope_pop(r, nvars);
	return ret;
}

static int
stmt_if(struct rd *r)
{
	struct val	 c;
	struct snap	 s;
	const char	*cond;
	int		 first = r->pos, ret_then, ret_else = 0, line, top;

	line = ksrc_tk(r)->line;
	r->pos++;
	ksrc_want(r, "(");
	c = ksrc_access_rval(r, ksrc_access_walk(r, 0));
	ksrc_want(r, ")");
	cond = ksrc_access_need_int(r, &c, "a condition");
	top = r->in_top_if;
	r->in_top_if = r->depth == 1;
	snap_take(r, &s);
	ksrc_access_guard_open(r, cond, line);
	r->nested++;
	ret_then = statement(r) == 1;
	r->nested--;
	r->let_line = line;	/* the merges are the if's (ksrc-flow.c) */
	merge_branch(r, &s, cond, 0);
	r->let_line = 0;
	if (ksrc_eat(r, "else")) {
		snap_take(r, &s);
		ksrc_sym_body_add(r, BODY_ELSE);
		r->nested++;
		ret_else = statement(r) == 1;
		r->nested--;
		r->let_line = line;
		merge_branch(r, &s, cond, 1);
		r->let_line = 0;
	}
	ksrc_access_guard_close(r);
	r->in_top_if = top;
	(void)first;
	if (ret_then && ret_else)
		return 1;
	if (ret_then || ret_else) {
		/* The rest of the block runs where this branch did not. */
		ksrc_access_guard_open(r, ret_then ?
		    ksrc_fmt(r, "!(%s)", cond) : cond, line);
		return 2;
	}
	return 0;
}

static int
stmt_for(struct rd *r)
{
	struct body_def	*b;
	struct var	*lv, *v;
	struct val	 x;
	int		 nvars = r->nvars, line = ksrc_tk(r)->line, vtok, i,
	    lvi, forat;
	int		 condtok, steptok, bodytok, endtok, op, save_body;
	int		 save_nused, save_vars, *chg, *chg_at, save_nested;
	int		 nchg;
	const char	*init, *cond, *step, *iter, **inc, *name;
	struct ty	 ty;
	struct ctype	 ctype = { 4, 0, 0 };
	struct snap	 s;

	r->pos++;
	ksrc_want(r, "(");
	r->depth++;
	memset(&ty, 0, sizeof ty);
	ty.size = 4;
	if (ksrc_sym_type_starts(r, r->pos)) {
		ksrc_sym_parse_type(r, &ty);
		if (!ty.is_int)
			ksrc_fail(r, r->pos,
			    "a loop variable must be an integer");
	} else if (ksrc_tk(r)->kind == T_ID &&
	    (v = ksrc_sym_find_var(r, ksrc_tk(r))) != NULL && v->isint)
		ctype = v->ct;	/* an outer variable keeps its type */
	if (ksrc_tk(r)->kind != T_ID)
		ksrc_fail(r, r->pos, "expected the loop variable");
	if (ty.is_int)
		ctype = ksrc_access_ctype(&ty);
	vtok = r->pos++;
	ksrc_want(r, "=");
	x = ksrc_access_rval(r, ksrc_access_walk(r, 1));
	init = ksrc_access_need_int(r, &x, "the start of a loop");
	init = ksrc_access_as(r, &x, ctype);
	ksrc_want(r, ";");
	/* The variable: a let over the iteration count, or a table. */
	lv = ksrc_sym_add_var(r, &r->t[vtok], VK_INT);
	lv->isint = 1;
	lv->ct = ctype;
	lvi = (int)(lv - r->vars);
	name = ksrc_sym_uniq(r, lv->name);
	iter = ksrc_sym_uniq(r, ksrc_fmt(r, "%s_it", lv->name));
	snprintf(lv->model, sizeof lv->model, "%s", name);
	condtok = r->pos;
	/* Skip to the step and the body to read the step first. */
	for (i = r->pos; ; i++) {
		if (r->t[i].kind == T_EOF)
			ksrc_fail(r, condtok, "unfinished for");
		if (ksrc_tok_is(&r->t[i], ";"))
			break;
	}
	steptok = i + 1;
	for (i = steptok, op = 0; ; i++) {
		if (r->t[i].kind == T_EOF)
			ksrc_fail(r, steptok, "unfinished for");
		if (ksrc_tok_is(&r->t[i], "("))
			op++;
		if (ksrc_tok_is(&r->t[i], ")") && op-- == 0)
			break;
	}
	bodytok = i + 1;
	/* The step: var++, ++var, var += e, var <<= e, ... */
	r->pos = steptok;
	op = 0;
	step = "1";
	if ((ksrc_at(r, "++") || ksrc_at(r, "--")) &&
	    r->t[r->pos + 1].len == r->t[vtok].len &&
	    memcmp(r->t[r->pos + 1].p, r->t[vtok].p, r->t[vtok].len) == 0) {
		step = ksrc_at(r, "++") ? "1" : "-1";
		op = '+';
		r->pos += 2;
	} else if (ksrc_tk(r)->len == r->t[vtok].len &&
	    memcmp(ksrc_tk(r)->p, r->t[vtok].p, ksrc_tk(r)->len) == 0) {
		r->pos++;
		if (ksrc_eat(r, "++") || ksrc_eat(r, "--")) {
			step = ksrc_tok_is(&r->t[r->pos - 1], "++") ? "1" :
			    "-1";
			op = '+';
		} else {
			static const struct { const char *t; int op; } ops[] = {
			    { "+=", '+' }, { "-=", '-' }, { "*=", '*' },
			    { "/=", '/' }, { "<<=", '<' }, { ">>=", '>' },
			    { NULL, 0 } };

			for (i = 0; ops[i].t != NULL; i++)
				if (ksrc_eat(r, ops[i].t))
					break;
			if (ops[i].t == NULL)
				ksrc_fail(r, r->pos, "a loop must step its "
				    "variable by ++, --, +=, -=, *=, /=, <<= "
				    "or >>=");
			op = ops[i].op;
			lv->kind = VK_DATA;	/* not in its own step */
			x = ksrc_access_rval(r, ksrc_access_walk(r, 1));
			lv->kind = VK_INT;
			step = ksrc_access_need_int(r, &x,
			    "the step of a loop");
			if (op == '-') {
				step = ksrc_fmt(r, "-(%s)", step);
				op = '+';
			}
		}
	} else
		ksrc_fail(r, r->pos, "a loop must step its own variable first "
		    "(for (...; ...; %.*s ...))", r->t[vtok].len,
		    r->t[vtok].p);
	/* Comma: further steps of induction variables (i += blockDim.x). */
	steptok = r->pos;
	if (!ksrc_at(r, ")") && !ksrc_at(r, ","))
		ksrc_fail(r, r->pos, "unexpected '%.*s' in the loop step",
		    ksrc_tk(r)->len, ksrc_tk(r)->p);

	/*
	 * Dry run of the body and the extra steps: which outer integers
	 * change, and whether only by += of values fixed in the loop.
	 */
	save_body = r->kf->nbody;
	save_nused = r->nused;
	save_vars = r->nvars;
	snap_take(r, &s);
	chg = r->chg;
	chg_at = r->chg_at;
	inc = r->inc;
	save_nested = r->nested;
	nchg = r->nchg;
	/* Variables declared in the body have no entry: not outer ones. */
	r->nchg = r->nvars;
	r->chg = ksrc_tmp_calloc(r, r->nvars + 1, sizeof *r->chg);
	r->chg_at = ksrc_tmp_calloc(r, r->nvars + 1, sizeof *r->chg_at);
	r->inc = ksrc_tmp_calloc(r, r->nvars + 1, sizeof *r->inc);
	r->dry++;
	r->nested = 0;
	r->pos = steptok;
	while (ksrc_eat(r, ","))
		ksrc_access_walk(r, 0);
	r->pos = bodytok;
	statement(r);
	endtok = r->pos;
	r->dry--;
	r->nvars = save_vars;
	ksrc_sym_snap_restore(r, s.at, s.n);
	ksrc_sym_snap_drop(r, s.at);
	ksrc_sym_uniq_forget(r, save_nused);
	if (!r->dry)
		r->kf->nbody = save_body;
	lv = &r->vars[lvi];
	if (r->chg[lvi] != 0)
		ksrc_fail(r, r->chg_at[lvi], "the loop variable %s "
		    "changes inside the loop; the model cannot follow it",
		    lv->name);
	/* The for node. */
	r->pos = condtok;
	x = ksrc_access_rval(r, ksrc_access_walk(r, 0));
	cond = ksrc_access_need_int(r, &x, "a loop condition");
	ksrc_want(r, ";");
	forat = r->dry ? -1 : r->kf->nbody;
	if ((b = ksrc_sym_body_add(r, BODY_FOR)) != NULL) {
		b->text = ksrc_fmt(r, "%s", lv->name);
		b->name = name;
		b->iter = iter;
		b->init = init;
		b->expr = cond;
		b->step = step;
		b->step_op = op;
		b->line = line;
		b->conv = ksrc_access_conv_name(lv->ct);
	}
	/* Induction variables: entry + iteration * increment. */
	for (i = 0; i < save_vars; i++) {
		v = &r->vars[i];
		if (r->chg[i] == 0 || i == lvi)
			continue;
		if (v->kind != VK_INT)
			continue;
		if (r->chg[i] == 1 && ksrc_access_conv_name(v->ct) != NULL)
			/* Each += converts back to v's type: over the
			   iterations that is one conversion of the sum. */
			ksrc_sym_set_int(r, v,
			    ksrc_fmt(r, "%s(%s + %s * (%s))",
			    ksrc_access_conv_name(v->ct), v->model, iter,
			    r->inc[i]));
		else if (r->chg[i] == 1)
			ksrc_sym_set_int(r, v,
			    ksrc_fmt(r, "%s + %s * (%s)", v->model, iter,
			    r->inc[i]));
		else {
			v->kind = VK_UNKNOWN;
			v->origin = r->chg_at[i];
		}
	}
	{
		int	*c2 = r->chg, *ca2 = r->chg_at;
		const char **i2 = r->inc;

		r->chg = chg;
		r->chg_at = chg_at;
		r->inc = inc;
		r->nchg = nchg;
		r->nested = save_nested;
		r->pos = bodytok;
		r->loop_depth++;
		r->nested++;
		statement(r);
		r->nested--;
		r->loop_depth--;
		if (r->pos != endtok)
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
		r->depth--;
		scope_pop(r, nvars);
		/* After the loop, what it changed is not known. */
		for (i = 0; i < save_vars && i < r->nvars; i++) {
			if (c2[i] == 0)
				continue;
			ksrc_sym_note_change(r, &r->vars[i], c2[i] == 1, i2[i],
			    ca2[i]);
			if (r->vars[i].kind == VK_INT) {
				r->vars[i].kind = VK_UNKNOWN;
				r->vars[i].origin = ca2[i];
			}
		}
	}
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
	st = stmt_for(r);
	ksrc_tmp_release(r, tmps);	/* what the loop noted of its body */
	r->work += 2L * (r->pos - at);
	r->loops--;
	return st;
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
	if (ksrc_at(r, "for"))
		return loop(r);
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
			    "supported (return early at the top of the kernel, "
			    "or guard with if)");
		return 1;
	}
	if (ksrc_at(r, "while") || ksrc_at(r, "do") || ksrc_at(r, "switch") ||
	    ksrc_at(r, "goto") || ksrc_at(r, "break") || ksrc_at(r, "continue"))
		ksrc_fail(r, r->pos,
		    "'%.*s' is not supported: the model follows for loops with "
		    "a bound and ifs", ksrc_tk(r)->len, ksrc_tk(r)->p);
	if (ksrc_at(r, "__syncthreads") || ksrc_at(r, "__syncwarp")) {
		r->pos++;
		ksrc_want(r, "(");
		ksrc_skip_past(r, ")");
		ksrc_want(r, ";");
		return 0;
	}
	if (ksrc_sym_type_starts(r, r->pos) &&
	    !ksrc_tok_is(&r->t[r->pos + 1], "(")) {
		declaration(r);
		return 0;
	}
	if (ksrc_at(r, "#"))
		ksrc_fail(r, r->pos, "unexpected '#'");
	v = ksrc_access_walk(r, 0);
	if (v.kind == VAL_ELEM)
		ksrc_access_rval(r, v);
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
