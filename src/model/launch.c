/*
 * launch.c - turn a variant and parameter values into a launch: dimensions,
 * arrays, parsed sites and the flattened body.  All checks that parameters
 * can fail are made here, once, so later stages only compute.
 * Must not print or exit.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "launch.h"

#define INT_INDEX_MAX	((int64_t)2147483647)
#define MAX_BYTES	((int64_t)1 << 40)
#define SHARED_MAX	(48 * 1024)

/* "width=2048 bx=16": the parameters, for messages about their combination. */
static const char *
params_text(const struct launch *l)
{
	static __thread char	buf[256];

	param_format(&l->ps, buf, sizeof buf, 1);
	return buf;
}

static int
eval_const(struct launch *l, const char *what, const char *text,
    int64_t *out, char **cause)
{
	struct expr	*e;
	int		 err = 0;

	if ((e = expr_parse(&l->scope, text, cause)) == NULL)
		return -1;
	*out = expr_eval(e, l->env, &err);
	expr_free(e);
	if (err) {
		*cause = cause_printf("%s (%s) overflows with %s", what, text,
		    params_text(l));
		return -1;
	}
	return 0;
}

static int
setup_arrays(struct launch *l, char **cause)
{
	const struct array_def	*d;
	struct launch_array	*a;
	int64_t			 next[3] = { LAUNCH_GLOBAL_BASE, 0, 0 };
	int64_t			 bytes, align;
	int			 i;

	for (i = 0; i < VARIANT_MAX_ARRAYS; i++) {
		d = &l->v->arrays[i];
		if (d->name == NULL)
			break;
		a = &l->arrays[l->narrays++];
		a->def = d;
		if (eval_const(l, d->name, d->length, &a->length, cause) != 0)
			return -1;
		a->rows = 1;
		a->cols = a->length;
		if (d->dims[0] != NULL) {
			if (eval_const(l, d->name, d->dims[0], &a->rows,
			    cause) != 0 ||
			    eval_const(l, d->name, d->dims[1], &a->cols,
			    cause) != 0)
				return -1;
		}
		if (a->length < 1 || a->rows < 1 || a->cols < 1) {
			*cause = cause_printf("array %s would be empty with %s",
			    d->name, params_text(l));
			return -1;
		}
		if (a->length > INT_INDEX_MAX) {
			*cause = cause_printf("array %s would have %lld "
			    "elements with %s, more than a kernel's int index "
			    "reaches (%lld)", d->name, (long long)a->length,
			    params_text(l), (long long)INT_INDEX_MAX);
			return -1;
		}
		bytes = a->length * d->elem_size;
		align = d->space == SPACE_GLOBAL ? 256 : 16;
		a->base = (next[d->space] + align - 1) / align * align;
		next[d->space] = a->base + bytes;
		if (next[d->space] > MAX_BYTES) {
			*cause = cause_printf("arrays need more than 1 TiB "
			    "with %s", params_text(l));
			return -1;
		}
	}
	l->shared_bytes = next[SPACE_SHARED];
	if (l->shared_bytes > SHARED_MAX) {
		*cause = cause_printf("shared arrays need %lld bytes per block "
		    "with %s, more than the %d a block may use",
		    (long long)l->shared_bytes, params_text(l), SHARED_MAX);
		return -1;
	}
	return 0;
}

static int
find_array(const struct launch *l, const char *name)
{
	int	i;

	for (i = 0; i < l->narrays; i++)
		if (strcmp(l->arrays[i].def->name, name) == 0)
			return i;
	return -1;
}

static int
setup_site(struct launch *l, const struct body_def *b, const int *open,
    int nopen, char **cause)
{
	struct launch_site	*s;
	const struct array_def	*d;
	char			 name[EXPR_NAME_MAX], field[EXPR_NAME_MAX];
	struct affine		 a1;
	int			 i, n;

	if (l->nsites == LAUNCH_MAX_SITES) {
		*cause = cause_printf("%s: too many sites", l->v->name);
		return -1;
	}
	s = &l->sites[l->nsites];
	memset(s, 0, sizeof *s);
	s->def = b;
	s->text = b->text;
	s->op = b->op;
	n = expr_parse_access(&l->scope, b->text, name, field, s->sub, 2,
	    cause);
	if (n < 0)
		return -1;
	s->nsub = n;
	l->nsites++;
	if ((s->array = find_array(l, name)) < 0) {
		*cause = cause_printf("%s: site %s: no array %s", l->v->name,
		    b->text, name);
		return -1;
	}
	d = l->arrays[s->array].def;
	s->space = d->space;
	s->size = d->elem_size;
	if (n == 2) {
		if (d->dims[0] == NULL) {
			*cause = cause_printf("%s: %s has one dimension",
			    l->v->name, name);
			return -1;
		}
		s->cols = l->arrays[s->array].cols;
	}
	if (field[0] != '\0') {
		for (i = 0; i < VARIANT_MAX_FIELDS && d->fields[i].name; i++)
			if (strcmp(d->fields[i].name, field) == 0)
				break;
		if (i == VARIANT_MAX_FIELDS || d->fields[i].name == NULL) {
			*cause = cause_printf("%s: %s has no field %s",
			    l->v->name, name, field);
			return -1;
		}
		s->offset = d->fields[i].offset;
		s->size = d->fields[i].size;
	}
	s->used = s->size;
	if (field[0] == '\0' && b->size == 0 && d->fields[0].name != NULL) {
		/* A whole struct: its fields, not its padding, are used. */
		for (s->used = 0, i = 0; i < VARIANT_MAX_FIELDS &&
		    d->fields[i].name != NULL; i++)
			if (d->fields[i].offset + d->fields[i].size > s->used)
				s->used = d->fields[i].offset +
				    d->fields[i].size;
	}
	if (b->size != 0)
		s->size = s->used = b->size;
	if (b->guard != NULL &&
	    (s->guard = expr_parse(&l->scope, b->guard, cause)) == NULL)
		return -1;
	s->nloops = nopen;
	memcpy(s->loop, open, nopen * sizeof *open);
	s->affine = expr_affine(s->sub[0], l->env, l->var_of, &s->aff) == 0;
	if (s->affine && n == 2) {
		s->affine = expr_affine(s->sub[1], l->env, l->var_of,
		    &a1) == 0;
		for (i = 0; s->affine && i < AFFINE_MAX_VARS; i++)
			s->affine = !__builtin_mul_overflow(s->aff.k[i],
			    s->cols, &s->aff.k[i]) &&
			    !__builtin_add_overflow(s->aff.k[i], a1.k[i],
			    &s->aff.k[i]);
		s->affine = s->affine &&
		    !__builtin_mul_overflow(s->aff.c, s->cols, &s->aff.c) &&
		    !__builtin_add_overflow(s->aff.c, a1.c, &s->aff.c);
	}
	return 0;
}

/* Parse body[*i..] up to the matching END; returns first node index. */
static int
setup_body(struct launch *l, int *i, int *open, int nopen, char **cause)
{
	const struct body_def	*b;
	struct launch_node	*nd;
	struct launch_loop	*lp;
	int			 first = l->nnodes, me, c;
	int64_t			 steps;

	for (;;) {
		b = &l->v->body[*i];
		if (*i == VARIANT_MAX_BODY || b->kind == BODY_END_OF_PROGRAM ||
		    b->kind == BODY_END)
			return first;
		(*i)++;
		me = l->nnodes++;
		nd = &l->nodes[me];
		if (b->kind == BODY_SITE) {
			nd->site = l->nsites;
			nd->steps = 1;
			if (setup_site(l, b, open, nopen, cause) != 0)
				return -1;
			nd->next = l->nnodes;
			continue;
		}
		/* A loop: its variable becomes a slot and an affine var. */
		if (l->nloops == VARIANT_MAX_LOOPS) {
			*cause = cause_printf("%s: loops nest too deep",
			    l->v->name);
			return -1;
		}
		lp = &l->loops[l->nloops];
		lp->var = b->text;
		if (eval_const(l, b->text, b->count, &lp->count, cause) != 0)
			return -1;
		if (lp->count < 0)
			lp->count = 0;
		/* Sequential loops may reuse a name: for (k..) {} for (k..). */
		lp->slot = expr_scope_find(&l->scope, b->text);
		if (lp->slot >= 0 && lp->slot < SLOT_PARAM0 + l->ps.n)
			lp->slot = -1;
		else if (lp->slot < 0)
			lp->slot = expr_scope_slot(&l->scope, b->text);
		if (lp->slot < 0) {
			*cause = cause_printf("%s: bad loop variable %s",
			    l->v->name, b->text);
			return -1;
		}
		l->var_of[lp->slot] = VAR_LOOP0 + l->nloops;
		nd->site = -1;
		nd->loop = l->nloops++;
		open[nopen] = nd->loop;
		if (setup_body(l, i, open, nopen + 1, cause) < 0)
			return -1;
		if (l->v->body[*i].kind != BODY_END) {
			*cause = cause_printf("%s: loop %s not closed",
			    l->v->name, b->text);
			return -1;
		}
		(*i)++;
		nd = &l->nodes[me];
		nd->next = l->nnodes;
		steps = 0;
		for (c = me + 1; c < nd->next; c = l->nodes[c].next)
			steps += l->nodes[c].steps;
		nd->inner = steps;
		if (__builtin_mul_overflow(steps, lp->count, &nd->steps) ||
		    nd->steps > LAUNCH_MAX_STEPS) {
			*cause = cause_printf("loop %s makes too many steps "
			    "with %s", b->text, params_text(l));
			return -1;
		}
	}
}

int
launch_init(struct launch *l, const struct param_set *ps, char **cause)
{
	const struct variant	*v = ps->v;
	static const char	*builtin[] = { "threadIdx.x", "threadIdx.y",
	    "blockIdx.x", "blockIdx.y", "blockDim.x", "blockDim.y",
	    "gridDim.x", "gridDim.y" };
	int			 i, open[VARIANT_MAX_LOOPS], c;
	int64_t			 steps;

	memset(l, 0, sizeof *l);
	*cause = NULL;
	l->ps = *ps;
	l->v = v;
	for (i = 0; i < EXPR_MAX_SLOTS; i++)
		l->var_of[i] = -1;
	for (i = 0; i < SLOT_PARAM0; i++)
		expr_scope_slot(&l->scope, builtin[i]);
	l->var_of[SLOT_TX] = VAR_TX;
	l->var_of[SLOT_TY] = VAR_TY;
	l->var_of[SLOT_BX] = VAR_BX;
	l->var_of[SLOT_BY] = VAR_BY;
	for (i = 0; i < ps->n; i++) {
		expr_scope_slot(&l->scope, ps->def[i]->sym ? ps->def[i]->sym :
		    ps->def[i]->name);
		l->env[SLOT_PARAM0 + i] = ps->val[i];
	}
	l->warp_size = (int)param_get(ps, "warp");
	for (i = 0; i < 4 && v->derived[i].name != NULL; i++)
		if (expr_scope_let(&l->scope, v->derived[i].name,
		    v->derived[i].expr, cause) != 0)
			goto fail;

	if (v->require != NULL) {
		int64_t	ok;

		if (eval_const(l, "requirement", v->require, &ok, cause) != 0)
			goto fail;
		if (!ok) {
			*cause = cause_printf("%s: %s (have %s)", v->name,
			    v->require_text, params_text(l));
			goto fail;
		}
	}
	for (i = 0; i < 2; i++) {
		if (eval_const(l, "blockDim", v->block[i], &l->block[i],
		    cause) != 0 ||
		    eval_const(l, "gridDim", v->grid[i], &l->grid[i],
		    cause) != 0)
			goto fail;
		l->env[SLOT_BDX + i] = l->block[i];
		l->env[SLOT_GDX + i] = l->grid[i];
	}
	l->threads = l->block[0] * l->block[1];
	if (l->block[0] < 1 || l->block[1] < 1 || l->threads > 1024) {
		*cause = cause_printf("a block of %lldx%lld threads is not "
		    "allowed (1 to 1024 threads) with %s",
		    (long long)l->block[0], (long long)l->block[1],
		    params_text(l));
		goto fail;
	}
	if (l->grid[0] < 1 || l->grid[1] < 1 || l->grid[0] > INT_INDEX_MAX ||
	    l->grid[1] > 65535) {
		*cause = cause_printf("a grid of %lldx%lld blocks is not "
		    "allowed with %s", (long long)l->grid[0],
		    (long long)l->grid[1], params_text(l));
		goto fail;
	}
	l->warps = (int)((l->threads + l->warp_size - 1) / l->warp_size);

	if (setup_arrays(l, cause) != 0)
		goto fail;
	/* Loop variables first: a let may use one ("i + j*blockDim.x"). */
	for (i = 0; i < VARIANT_MAX_BODY && v->body[i].kind !=
	    BODY_END_OF_PROGRAM; i++)
		if (v->body[i].kind == BODY_LOOP &&
		    expr_scope_find(&l->scope, v->body[i].text) < 0 &&
		    expr_scope_slot(&l->scope, v->body[i].text) < 0) {
			*cause = cause_printf("%s: bad loop variable %s",
			    v->name, v->body[i].text);
			goto fail;
		}
	for (i = 0; i < VARIANT_MAX_LETS && v->lets[i].name != NULL; i++)
		if (expr_scope_let(&l->scope, v->lets[i].name, v->lets[i].expr,
		    cause) != 0)
			goto fail;
	if (v->guard != NULL &&
	    (l->guard = expr_parse(&l->scope, v->guard, cause)) == NULL)
		goto fail;
	i = 0;
	if (setup_body(l, &i, open, 0, cause) < 0)
		goto fail;
	if (v->body[i].kind != BODY_END_OF_PROGRAM && i < VARIANT_MAX_BODY) {
		*cause = cause_printf("%s: unbalanced END", v->name);
		goto fail;
	}
	steps = 0;
	for (c = 0; c < l->nnodes; c = l->nodes[c].next)
		steps += l->nodes[c].steps;
	l->nsteps = steps;
	if (l->nsteps < 1) {
		*cause = cause_printf("no steps with %s", params_text(l));
		goto fail;
	}
	return 0;
fail:
	if (*cause == NULL)
		*cause = cause_printf("%s: cannot set up", v->name);
	launch_free(l);
	return -1;
}

void
launch_free(struct launch *l)
{
	int	i;

	for (i = 0; i < l->nsites; i++) {
		expr_free(l->sites[i].sub[0]);
		expr_free(l->sites[i].sub[1]);
		expr_free(l->sites[i].guard);
	}
	l->nsites = 0;
	expr_free(l->guard);
	l->guard = NULL;
	expr_scope_free(&l->scope);
}

void
launch_locate(const struct launch *l, int64_t step, struct launch_pos *pos)
{
	const struct launch_node	*nd;
	int				 c = 0, end = l->nnodes;

	memset(pos, 0, sizeof *pos);
	if (step < 0)
		step = 0;
	if (step >= l->nsteps)
		step = l->nsteps - 1;
	while (c < end) {
		nd = &l->nodes[c];
		if (step >= nd->steps) {
			step -= nd->steps;
			c = nd->next;
			continue;
		}
		if (nd->site >= 0) {
			pos->site = nd->site;
			return;
		}
		pos->loop[nd->loop] = step / nd->inner;
		step %= nd->inner;
		end = nd->next;
		c++;
	}
	pos->site = 0;
}

int64_t
launch_total_warps(const struct launch *l)
{
	return l->grid[0] * l->grid[1] * l->warps;
}
