/* SPDX-License-Identifier: ISC
 * ksrc-loop.c - for, while and do loops turned into the model's loops
 * (BODY_FOR): the header read into a loop variable or a counter of the
 * iterations, the body read twice (a dry run finds what it changes, so
 * that the variables it steps by += become induction variables), and
 * the condition over them.  Above ksrc-body.c: the statements reach it
 * through r->loop_fn.
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

/* A loop's start, step or condition must be an integer the model
   follows; one read from memory can be a kernel parameter instead. */
static const char *
loop_int(struct rd *r, const struct val *x, const char *what)
{
	return ksrc_place_need_int_hint(r, x, what, "make the bound an int "
	    "parameter with a '// warpviz: param' line");
}

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
	loop_int(r, &x, "the start of a loop");
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
			ksrc_fail(r, i, "the step of loop variable %s reads "
			    "%s, so it changes each trip; step by a fixed "
			    "value: write %s += %s as %s *= 2", lv->name, lv->name,
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
			c->step = loop_int(r, &x,
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

	ksrc_body_snap_take(r, &s);
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
	ksrc_body_statement(r);
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
	cond = loop_subst(r, loop_int(r, &x, "a loop condition"),
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
	ksrc_body_statement(r);
	r->nested--;
	r->loop_depth--;
	if (r->pos != c->endtok)
		ksrc_fail(r, r->pos, "internal: loop body read twice "
		    "differently");
	/* Where the loop's lines end: the compiled loop is told from the
	   others by the lines it holds (src/compiled). */
	if (forat >= 0 && c->endtok > c->bodytok)
		r->kf->body[forat].last = r->t[c->endtok - 1].line;
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
	ksrc_body_scope_pop(r, c->nvars);
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
int
ksrc_loop_stmt(struct rd *r)
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
