/* SPDX-License-Identifier: ISC
 * launch-site.c - a launch's arrays and access sites: each array's length
 * and shape over the parameters and its base address (global arrays
 * 256-byte aligned from LAUNCH_GLOBAL_BASE, shared from 0 in their own
 * space, within the bytes a block may use), and each access parsed
 * against its array: subscripts, field, bytes per lane, guard, and its
 * element index as an affine form where it is one.  Must not print or
 * exit.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "launch.h"
#include "launch-int.h"
#include "rules.h"

#define MAX_BYTES	((int64_t)1 << 40)

#define SHARED_MAX	(48 * 1024)

int
launch_setup_arrays(struct launch *l, char **cause)
{
	const struct array_def	*d;
	struct launch_array	*a;
	int64_t			 next[SPACE_TEXTURE + 1] = {
	    LAUNCH_GLOBAL_BASE, 0, 0, 0, LAUNCH_GLOBAL_BASE };
	int64_t			 bytes, align;
	int			 i;

	for (i = 0; i < VARIANT_MAX_ARRAYS; i++) {
		d = &l->v->arrays[i];
		if (d->name == NULL)
			break;
		a = &l->arrays[l->narrays++];
		a->def = d;
		if (launch_eval_const(l, d->name, d->length, &a->length,
		    cause) != 0)
			return -1;
		a->rows = 1;
		a->cols = a->length;
		if (d->dims[0] != NULL) {
			if (launch_eval_const(l, d->name, d->dims[0], &a->rows,
			    cause) != 0 ||
			    launch_eval_const(l, d->name, d->dims[1], &a->cols,
			    cause) != 0)
				return -1;
		}
		/* An extern __shared__ array launched with no bytes (the
		   SDK's simpleOccupancy) may be declared unused: refused
		   below only if a site reads or writes it. */
		if (a->length == 0 && d->space == SPACE_SHARED &&
		    d->dims[0] == NULL)
			a->cols = 0;
		else if (a->length < 1 || a->rows < 1 || a->cols < 1) {
			*cause = cause_printf("array %s would be empty with %s",
			    d->name, launch_params_text(l));
			return -1;
		}
		if (a->length > INT_INDEX_MAX) {
			*cause = cause_printf("array %s would have %lld "
			    "elements with %s, more than a kernel's int index "
			    "reaches (%lld)", d->name, (long long)a->length,
			    launch_params_text(l), (long long)INT_INDEX_MAX);
			return -1;
		}
		bytes = a->length * d->elem_size;
		/* A warp's local frame starts on a line, as the H100's did. */
		align = d->space == SPACE_GLOBAL || d->space == SPACE_LOCAL ||
		    d->space == SPACE_TEXTURE ? 256 : 16;
		a->base = (next[d->space] + align - 1) / align * align;
		next[d->space] = a->base + bytes;
		if (next[d->space] > MAX_BYTES) {
			*cause = cause_printf("arrays need more than 1 TiB "
			    "with %s", launch_params_text(l));
			return -1;
		}
	}
	l->shared_bytes = next[SPACE_SHARED];
	if (l->shared_bytes > SHARED_MAX) {
		*cause = cause_printf("shared arrays need %lld bytes per block "
		    "with %s, more than the %d a block may use",
		    (long long)l->shared_bytes, launch_params_text(l),
		    SHARED_MAX);
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

/* Whether site s's element index is affine, over the box of the launch
   and the loops so far, and its form (two subscripts: row * cols + col). */
static void
site_affine_index(const struct launch *l, struct launch_site *s)
{
	struct affine		 a1;
	struct affine_box	 box;
	int			 i, n = s->nsub;

	launch_box(l, &box);
	s->affine = expr_affine(s->sub[0], l->env, l->var_of, &box,
	    &s->aff) == 0;
	if (s->affine && n == 2) {
		s->affine = expr_affine(s->sub[1], l->env, l->var_of, &box,
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
	/* A value-table loop's variable is no affine variable. */
	for (i = 0; s->affine && i < l->nloops; i++)
		if (l->loops[i].values != NULL && (expr_uses(s->sub[0],
		    l->loops[i].val_slot) || expr_uses(s->sub[1],
		    l->loops[i].val_slot)))
			s->affine = 0;
}

int
launch_setup_site(struct launch *l, const struct body_def *b, const int *open,
    int nopen, const char *guard, char **cause)
{
	struct launch_site	*s;
	const struct array_def	*d;
	char			 name[EXPR_NAME_MAX], field[EXPR_NAME_MAX];
	int			 i, n;

	if (l->nsites == LAUNCH_MAX_SITES) {
		*cause = cause_printf("%s: more than %d access sites",
		    l->v->name, LAUNCH_MAX_SITES);
		return -1;
	}
	s = &l->sites[l->nsites];
	memset(s, 0, sizeof *s);
	s->def = b;
	s->text = b->text;
	s->op = b->op;
	s->line = b->line;
	s->col = b->col;
	n = expr_parse_access(&l->scope, b->expr != NULL ? b->expr : b->text,
	    name, field, s->sub, 2, cause);
	if (n < 0)
		return -1;
	s->nsub = n;
	l->nsites++;
	if (guard != NULL || b->guard != NULL) {
		char	*g = NULL;

		if (guard != NULL && b->guard != NULL)
			g = cause_printf("%s && (%s)", guard, b->guard);
		s->guard = expr_parse(&l->scope, g != NULL ? g : guard !=
		    NULL ? guard : b->guard, cause);
		free(g);
		if (s->guard == NULL)
			return -1;
	}
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
	s->nloops = nopen;
	memcpy(s->loop, open, nopen * sizeof *open);
	site_affine_index(l, s);
	return 0;
}
