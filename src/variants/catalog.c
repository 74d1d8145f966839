/* SPDX-License-Identifier: ISC
 * catalog.c - the list of variants in lesson order and lookups into the
 * embedded kernel sources.  libc only; never prints.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "ksrc.h"

extern const struct variant variant_matmul_col, variant_matmul_row,
    variant_matmul_tiled, variant_twohop_v0, variant_twohop_v1,
    variant_twohop_v2, variant_twohop_v3,
    variant_copy_offset, variant_stride, variant_powers_stride32,
    variant_powers_transposed, variant_powers_padded, variant_struct12,
    variant_struct16, variant_double2, variant_array2d,
    variant_array2d_pitch, variant_const_uniform, variant_const_divergent,
    variant_local_uniform, variant_local_lane, variant_local_uniform16,
    variant_local_lane16, variant_tex_row, variant_tex_col,
    variant_tex_row_global, variant_tex_col_global;

/*
 * The catalog in lesson order.  Each entry names its cuda/ file and keeps
 * what a .cu file cannot say (the live spec with its CPU reference);
 * catalog_init reads the rest from the file's warpviz: block of the same
 * name.
 */
static const struct variant *const described[] = {
	&variant_matmul_col,
	&variant_matmul_row,
	&variant_matmul_tiled,
	&variant_twohop_v0,
	&variant_twohop_v1,
	&variant_twohop_v2,
	&variant_twohop_v3,
	&variant_copy_offset,
	&variant_stride,
	&variant_powers_stride32,
	&variant_powers_transposed,
	&variant_powers_padded,
	&variant_struct12,
	&variant_struct16,
	&variant_double2,
	&variant_array2d,
	&variant_array2d_pitch,
	&variant_const_uniform,
	&variant_const_divergent,
	&variant_local_uniform,
	&variant_local_lane,
	&variant_local_uniform16,
	&variant_local_lane16,
	&variant_tex_row,
	&variant_tex_col,
	&variant_tex_row_global,
	&variant_tex_col_global,
	NULL
};

#define CATALOG_N	(sizeof described / sizeof described[0])

const struct variant *catalog[CATALOG_N];

/* The variant c names, read from its cuda/ file, with c's live spec. */
static const struct variant *
from_source(const struct variant *c)
{
	const char	*text = catalog_source(c->source);
	struct variant	*v;
	char		 path[64], *cause = NULL;
	int		 i, n;

	/* Named as in the source tree, as a user's file is as given. */
	snprintf(path, sizeof path, "cuda/%s", c->source);
	n = text != NULL ? ksrc_blocks(text) : 0;
	for (i = 0; i < n; i++) {
		if ((v = ksrc_parse_block(path, text, i, &cause)) ==
		    NULL) {
			free(cause);
			cause = NULL;
			continue;
		}
		if (strcmp(v->name, c->name) == 0) {
			v->live = c->live;
			return v;
		}
		ksrc_free(v);
	}
	abort();	/* a build without the block: test-kfile says which */
}

/* Fill catalog[] before main, from the embedded cuda/ files. */
static void __attribute__((constructor))
catalog_init(void)
{
	size_t	i;

	for (i = 0; i < CATALOG_N; i++)
		catalog[i] = described[i] == NULL ? NULL :
		    from_source(described[i]);
}

int
catalog_count(void)
{
	int	n = 0;

	while (catalog[n] != NULL)
		n++;
	return n;
}

/* Kernel files opened so far, kept for the program's life. */
static struct variant	**opened;
static int		  nopened;

const struct variant *
catalog_open(const char *name, char **cause)
{
	struct variant	*v;
	int		 i;

	*cause = NULL;
	for (i = 0; catalog[i] != NULL; i++)
		if (strcmp(catalog[i]->name, name) == 0)
			return catalog[i];
	if (!ksrc_is_path(name))
		return NULL;
	for (i = 0; i < nopened; i++)
		if (strcmp(opened[i]->path, name) == 0)
			return opened[i];
	if ((v = ksrc_load(name, cause)) == NULL)
		return NULL;
	if ((opened = realloc(opened, (nopened + 1) * sizeof *opened)) == NULL)
		abort();
	opened[nopened++] = v;
	return v;
}

const struct variant *
catalog_find(const char *name)
{
	const struct variant	*v;
	char			*cause;

	v = catalog_open(name, &cause);
	free(cause);
	return v;
}

const char *
catalog_variant_text(const struct variant *v)
{
	return v->text != NULL ? v->text : catalog_source(v->source);
}

int
catalog_index(const struct variant *v)
{
	int	i;

	for (i = 0; catalog[i] != NULL; i++)
		if (catalog[i] == v)
			return i;
	return -1;
}

const char *
catalog_source(const char *file)
{
	int	i;

	for (i = 0; catalog_files[i].name != NULL; i++)
		if (strcmp(catalog_files[i].name, file) == 0)
			return catalog_files[i].text;
	return NULL;
}

const char *
catalog_line_start(const char *text, int n)
{
	/* The source pane asks line after line, forwards and backwards:
	   going on from the line asked last keeps a long file linear, not
	   quadratic. */
	static __thread const char	*last_text, *last_p;
	static __thread int		 last_n;
	const char			*p = text;
	int				 k = 1;

	if (text != NULL && text == last_text && n >= 1 && last_n > 1 &&
	    last_p > text && last_p[-1] == '\n') {
		p = last_p;
		for (k = last_n; k > n; k--) {
			/* Back to the start of the line before. */
			for (p--; p > text && p[-1] != '\n'; p--)
				;
		}
	}
	for (; k < n && p != NULL; k++)
		if ((p = strchr(p, '\n')) != NULL)
			p++;
	if (p != NULL && text != NULL) {
		last_text = text;
		last_p = p;
		last_n = n;
	}
	return n < 1 ? text : p;
}
