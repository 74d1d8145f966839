/* SPDX-License-Identifier: ISC
 * ksrc.c - the kernel-file reader: "// warpviz:" lines and the C of one
 * __global__ function turned into a variant (params, launch, arrays and a
 * body of lets, loops, ifs and access sites in model names).
 *
 * Every integer variable becomes a let with a unique model name per value
 * it takes (i, i_2, ...); an assignment under an if becomes "c ? new : old";
 * a variable a loop adds to becomes "entry + iteration * increment".  A
 * value read from memory (or a float) is data: data may flow anywhere
 * except into an index, a condition or a loop bound, where the reader
 * refuses it naming the read.  Errors unwind with longjmp to ksrc_parse,
 * which frees what the file owns.  Never prints or exits.
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
#include "ksrc.h"
#include "ksrc-int.h"
#include "textfile.h"
#include "xmalloc.h"

static const char *
base_name(struct rd *r, const char *path)
{
	const char	*b = strrchr(path, '/');
	size_t		 n;

	b = b == NULL ? path : b + 1;
	n = strlen(b);
	if (n > 3 && strcmp(b + n - 3, ".cu") == 0)
		n -= 3;
	return ksrc_dup_n(r, b, n);
}

const char *
ksrc_skip_bom(const char *text)
{
	return strncmp(text, "\xef\xbb\xbf", 3) == 0 ? text + 3 : text;
}

struct variant *
ksrc_parse(const char *path, const char *text, char **cause)
{
	return ksrc_parse_block(path, text, 0, cause);
}

static struct variant *parse_block(const char *, const char *, int,
		    char **);

/* What the warpviz: lines leave unsaid (names, title), the launch's
   dimensions, and the model names the parameters take. */
static void
header(struct rd *r, struct meta *m, const char *path)
{
	struct variant	*v = &r->kf->v;
	const char	*a, *b;
	int		 i;

	if (m->launch_line == 0)
		ksrc_fail(r, -1, "no '// warpviz: launch grid=X,Y block=X,Y' "
		    "line");
	if (v->name == NULL)
		v->name = base_name(r, path);
	if (v->title == NULL)
		v->title = ksrc_fmt(r, "%s (from %s)", v->name, path);
	if (v->family == NULL)
		v->family = v->name;
	if (v->lesson == NULL)
		v->lesson = "";
	v->source = base_name(r, path);
	v->source = ksrc_fmt(r, "%s.cu", v->source);
	ksrc_meta_split2(r, ksrc_meta_expand_text(r, m->grid, m->launch_line),
	    &a, &b);
	v->grid[0] = a;
	v->grid[1] = b;
	ksrc_meta_split2(r, ksrc_meta_expand_text(r, m->block,
	    m->launch_line), &a, &b);
	v->block[0] = a;
	v->block[1] = b;
	/* Parameters name the model's slots. */
	for (i = 0; i < VARIANT_MAX_PARAMS && v->params[i].name; i++) {
		if (strlen(v->params[i].name) >= EXPR_NAME_MAX - 4)
			ksrc_fail(r, -1, "param name %s is too long",
			    v->params[i].name);
		ksrc_sym_uniq(r, v->params[i].name);
	}
	for (i = 0; i < 4 && v->derived[i].name; i++)
		ksrc_sym_uniq(r, v->derived[i].name);
	ksrc_sym_uniq(r, "warp");
}

/* The array lines no parameter took: extern __shared__ arrays, whose
   lines hold their length; declared in the order the kernel does. */
static void
dynamic_shared(struct rd *r, const struct meta *m, int kbody)
{
	struct variant	*v = &r->kf->v;
	int		 i, k;

	for (i = 0; i < m->narr; i++) {
		if (m->arr[i].bound)
			continue;
		for (k = kbody; k < r->nt && r->t[k].kind != T_EOF; k++)
			if (ksrc_tok_is(&r->t[k], m->arr[i].name))
				break;
		if (k == r->nt || r->t[k].kind == T_EOF ||
		    r->narrays == VARIANT_MAX_ARRAYS)
			ksrc_fail(r, -m->arr[i].line,
			    "array %s is not a pointer parameter of the kernel "
			    "nor an extern __shared__ array", m->arr[i].name);
		v->arrays[r->narrays].name = m->arr[i].name;
		v->arrays[r->narrays].space = SPACE_SHARED;
		v->arrays[r->narrays].length = ksrc_meta_expand_text(r,
		    m->arr[i].length, m->arr[i].line);
		v->arrays[r->narrays].elem_size = 4;
		r->narrays++;
	}
}

/* The arrays' drawing dims from their lines, and their C types. */
static void
array_looks(struct rd *r, const struct meta *m)
{
	struct variant	*v = &r->kf->v;
	const char	*a, *b, *t;
	int		 i, k;

	for (i = 0; i < m->narr; i++) {
		if (m->arr[i].dims == NULL)
			continue;
		for (k = 0; k < r->narrays; k++)
			if (strcmp(v->arrays[k].name, m->arr[i].name) == 0)
				break;
		if (k == r->narrays)
			continue;
		ksrc_meta_split2(r,
		    ksrc_meta_expand_text(r, m->arr[i].dims, m->arr[i].line), &a,
		    &b);
		v->arrays[k].dims[0] = a;
		v->arrays[k].dims[1] = b;
	}
	for (k = 0; k < r->narrays; k++) {
		t = v->arrays[k].type;
		if (t != NULL && strstr(t, "@a") != NULL)
			v->arrays[k].type = ksrc_dup_n(r, t,
			    strstr(t, "@a") - t);
		if (v->arrays[k].type == NULL)
			v->arrays[k].type = "float";
	}
}

/* The live run: the file's own text (its host code blanked for NVRTC),
   the arrays the kernel writes, random inputs in [0, 1) unless inputs=
   says otherwise. */
static void
live_spec(struct rd *r, const struct meta *m)
{
	struct variant	*v = &r->kf->v;
	int		 i, k;

	v->live.text = ksrc_device_text(r);
	if (v->live.hi <= v->live.lo) {
		v->live.lo = 0;
		v->live.hi = 1;
	}
	for (i = 0; i < r->kf->nbody; i++) {
		const struct body_def	*bd = &r->kf->body[i];
		size_t			 n = strcspn(bd->expr ? bd->expr : "",
		    "[");

		if (bd->kind != BODY_SITE || bd->op != OP_STORE)
			continue;
		for (k = 0; k < r->narrays; k++)
			if (v->arrays[k].space == SPACE_GLOBAL &&
			    strlen(v->arrays[k].name) == n &&
			    strncmp(v->arrays[k].name, bd->expr, n) == 0 &&
			    (v->live.outputs == NULL || strstr(v->live.outputs,
			    v->arrays[k].name) == NULL))
				v->live.outputs = v->live.outputs == NULL ?
				    v->arrays[k].name : ksrc_fmt(r, "%s %s",
				    v->live.outputs, v->arrays[k].name);
	}
	for (k = 0; k < r->narrays; k++)
		if (v->arrays[k].space == SPACE_SHARED && m->narr > 0)
			for (i = 0; i < m->narr; i++)
				if (strcmp(m->arr[i].name, v->arrays[k].name) ==
				    0 && !m->arr[i].bound)
					v->live.dynamic = 1;
}

/* Global arrays in the order of their array lines (cudaMalloc's). */
static void
global_order(struct rd *r, const struct meta *m)
{
	struct variant		*v = &r->kf->v;
	struct array_def	 tmp;
	int			 i, j, k, at_, want_;

	for (i = 0; i < m->narr; i++) {
		at_ = -1;
		want_ = 0;
		for (k = 0; k < r->narrays; k++)
			if (strcmp(v->arrays[k].name, m->arr[i].name) == 0 &&
			    v->arrays[k].space == SPACE_GLOBAL)
				at_ = k;
		if (at_ < 0)
			continue;
		for (j = 0; j < i; j++)
			for (k = 0; k < r->narrays; k++)
				if (strcmp(v->arrays[k].name,
				    m->arr[j].name) == 0 &&
				    v->arrays[k].space == SPACE_GLOBAL)
					want_++;
		if (want_ >= at_)	/* in place, or names repeat */
			continue;
		tmp = v->arrays[at_];
		memmove(&v->arrays[want_ + 1], &v->arrays[want_],
		    (at_ - want_) * sizeof tmp);
		v->arrays[want_] = tmp;
	}
}

/* text with each name of a file-scope constant (const int W = 32) as its
   number, unless a parameter or let of the lines has that name. */
static const char *
const_subst(struct rd *r, const char *text)
{
	const struct variant	*v = &r->kf->v;
	const char		*p, *w, *out = "";
	struct tok		 t;
	int			 i, k, taken;

	if (text == NULL || r->nfile == 0)
		return text;
	for (p = text; *p != '\0'; ) {
		w = p;
		if (isalpha((unsigned char)*p) || *p == '_')
			while (isalnum((unsigned char)*p) || *p == '_')
				p++;
		else
			p++;
		memset(&t, 0, sizeof t);
		t.kind = T_ID;
		t.p = w;
		t.len = (int)(p - w);
		for (i = r->nfile - 1; i >= 0; i--)
			if (r->vars[i].kind == VK_INT &&
			    ksrc_tok_is(&t, r->vars[i].name))
				break;
		taken = 0;
		for (k = 0; i >= 0 && k < VARIANT_MAX_PARAMS &&
		    v->params[k].name != NULL; k++)
			taken |= ksrc_tok_is(&t, v->params[k].name) ||
			    (v->params[k].sym != NULL &&
			    ksrc_tok_is(&t, v->params[k].sym));
		for (k = 0; i >= 0 && k < 4 && v->derived[k].name != NULL; k++)
			taken |= ksrc_tok_is(&t, v->derived[k].name);
		out = ksrc_fmt(r, "%s%.*s", out, i >= 0 && !taken ?
		    (int)strlen(r->vars[i].model) : t.len, i >= 0 && !taken ?
		    r->vars[i].model : w);
	}
	return out;
}

/* The lines' expressions see the file's constants (launch
   grid=n/TILE_DIM with const int TILE_DIM = 32). */
static void
lines_see_constants(struct rd *r)
{
	struct variant	*v = &r->kf->v;
	int		 i;

	for (i = 0; i < 2; i++) {
		v->grid[i] = const_subst(r, v->grid[i]);
		v->block[i] = const_subst(r, v->block[i]);
	}
	for (i = 0; i < r->narrays; i++) {
		v->arrays[i].length = const_subst(r, v->arrays[i].length);
		v->arrays[i].dims[0] = const_subst(r, v->arrays[i].dims[0]);
		v->arrays[i].dims[1] = const_subst(r, v->arrays[i].dims[1]);
	}
	for (i = 0; i < 4 && v->derived[i].name != NULL; i++)
		v->derived[i].expr = const_subst(r, v->derived[i].expr);
	v->require = const_subst(r, v->require);
}

/* The model holds EXPR_MAX_LETS lets (derived parameters, the values
   the kernel's integers take, the loops stepped by +=) and
   VARIANT_MAX_LOOPS loops.  Refuse the one past at its line rather than
   build what cannot launch. */
static void
model_fits(struct rd *r)
{
	const struct variant	*v = &r->kf->v;
	const struct body_def	*b;
	int			 i, n = 0, loops = 0;

	for (i = 0; i < 4 && v->derived[i].name != NULL; i++)
		n++;
	for (i = 0; i < VARIANT_MAX_LETS && v->lets[i].name != NULL; i++)
		n++;
	for (i = 0; i < r->kf->nbody; i++) {
		b = &r->kf->body[i];
		if (b->kind == BODY_LET || (b->kind == BODY_FOR &&
		    b->step_op == '+'))
			n++;
		if (b->kind == BODY_FOR && ++loops > VARIANT_MAX_LOOPS)
			ksrc_fail(r, -b->line, "more than %d loops (the model "
			    "follows %d); write a loop of a few known trips "
			    "out by hand, or fuse loops of the same bounds",
			    VARIANT_MAX_LOOPS, VARIANT_MAX_LOOPS);
		if (n > EXPR_MAX_LETS)
			ksrc_fail(r, b->line > 0 ? -b->line : -1, "the "
			    "kernel's integers take more than %d values (the "
			    "model holds %d)", EXPR_MAX_LETS, EXPR_MAX_LETS);
	}
}

struct variant *
ksrc_parse_block(const char *path, const char *text, int nblock,
    char **cause)
{
	return parse_block(path, ksrc_skip_bom(text), nblock, cause);
}

/*
 * Read block nblock of the file; mem[0..nmem-1]: the arrays that a first
 * reading found in local memory (ksrc-local.c); *again, when not NULL,
 * gets those a second reading must know, or NULL.
 */
static struct variant *
parse_once(const char *path, const char *text, int nblock, char **cause,
    const int *mem, int nmem, int **again, int *nagain)
{
	struct rd	 r;
	struct meta	 m;
	struct kfile	*kf;
	struct variant	*v;
	int		 kbody, k;

	*cause = NULL;
	memset(&r, 0, sizeof r);
	memset(&m, 0, sizeof m);
	kf = xcalloc(1, sizeof *kf);
	r.path = path;
	r.text = text;
	r.kf = kf;
	r.locmem = mem;
	r.nlocmem = nmem;
	r.walk_fn = ksrc_access_walk;
	r.unary_fn = ksrc_access_unary;
	r.loop_fn = ksrc_loop_stmt;
	v = &kf->v;
	if (setjmp(r.jb) != 0)
		goto fail;
	if (strlen(text) > KSRC_MAX_BYTES)
		ksrc_fail(&r, -1, "the file is larger than %d bytes",
		    KSRC_MAX_BYTES);
	v->path = ksrc_dup_n(&r, path, strlen(path));
	v->text = ksrc_dup_n(&r, text, strlen(text));
	r.text = v->text;
	ksrc_lex_file(&r);
	m.blk = nblock;
	if ((k = ksrc_meta_lines(&r, &m)) == 0)
		ksrc_fail(&r, -1, "no '// warpviz:' lines, which give the "
		    "launch and the arrays' lengths: 'warpviz check --draft "
		    "%s > drafted.cu' writes a first draft of them", path);
	if (k <= nblock)
		ksrc_fail(&r, -1, "no block %d of '// warpviz:' lines",
		    nblock + 1);
	header(&r, &m, path);
	r.pos = 0;
	ksrc_decl_file_scope(&r, &m, &kbody);
	r.nfile = r.nvars;
	r.call_fn = ksrc_inline_call;
	r.cont_depth = -1;
	if (kbody < 0) {
		if (m.kernel != NULL)
			ksrc_fail(&r, -m.launch_line,
			    "no __global__ function %s", m.kernel);
		ksrc_fail(&r, -1, "no __global__ function");
	}
	r.pos = kbody;
	ksrc_decl_kernel_params(&r, &m);
	dynamic_shared(&r, &m, kbody);
	if (!ksrc_at(&r, "{"))
		ksrc_fail(&r, r.pos, "expected the kernel's body");
	ksrc_body_block(&r);
	if (again != NULL && (*nagain = ksrc_local_again(&r, again)) > 0)
		goto done;	/* read again, knowing them */
	lines_see_constants(&r);
	model_fits(&r);
	ksrc_flow(&r, kbody - 1, r.pos - 1);
	array_looks(&r, &m);
	live_spec(&r, &m);
	global_order(&r, &m);
	v->xbody = kf->body;
	v->nxbody = kf->nbody;
	if (kf->nbody == 0 || (v->xbody = kf->body) == NULL)
		ksrc_fail(&r, kbody, "the kernel makes no memory access");
done:
	ksrc_rd_free(&r);
	return v;
fail:
	*cause = r.cause;
	ksrc_rd_free(&r);
	ksrc_kfile_free(kf);
	return NULL;
}

static struct variant *
parse_block(const char *path, const char *text, int nblock, char **cause)
{
	struct variant	*v;
	int		*mem = NULL, nmem = 0;

	v = parse_once(path, text, nblock, cause, NULL, 0, &mem, &nmem);
	if (v != NULL && mem != NULL) {
		ksrc_kfile_free((struct kfile *)v);
		v = parse_once(path, text, nblock, cause, mem, nmem, NULL,
		    NULL);
	}
	free(mem);
	return v;
}

struct variant *
ksrc_load(const char *path, char **cause)
{
	char		*buf;
	struct variant	*v;

	if ((buf = textfile_read(path, KSRC_MAX_BYTES, NULL, cause)) == NULL)
		return NULL;
	v = ksrc_parse(path, buf, cause);
	free(buf);
	return v;
}

void
ksrc_free(struct variant *v)
{
	ksrc_kfile_free((struct kfile *)v);
}

int
ksrc_blocks(const char *text)
{
	struct rd	 r;
	struct meta	 m;
	struct kfile	*kf;
	volatile int	 n = 0;

	memset(&r, 0, sizeof r);
	memset(&m, 0, sizeof m);
	kf = xcalloc(1, sizeof *kf);
	r.path = "";
	r.text = ksrc_skip_bom(text);
	r.kf = kf;
	m.blk = -1;	/* count only */
	if (setjmp(r.jb) == 0)
		n = ksrc_meta_lines(&r, &m);
	free(r.cause);
	ksrc_rd_free(&r);
	ksrc_kfile_free(kf);
	return n;
}

int
ksrc_is_path(const char *s)
{
	size_t	n = strlen(s);

	return n > 3 && strcmp(s + n - 3, ".cu") == 0;
}
