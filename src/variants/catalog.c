/*
 * catalog.c - the list of variants in lesson order and lookups into the
 * embedded kernel sources.  libc only; never prints.
 */
#include "config.h"

#include <string.h>

#include "catalog.h"

extern const struct variant variant_matmul_col, variant_matmul_row,
    variant_matmul_tiled, variant_twohop_v0, variant_twohop_v1,
    variant_twohop_v2, variant_twohop_v3,
    variant_copy_offset, variant_stride, variant_powers_stride32,
    variant_powers_transposed, variant_powers_padded, variant_struct12,
    variant_struct16, variant_double2, variant_array2d,
    variant_array2d_pitch, variant_const_uniform, variant_const_divergent;

const struct variant *const catalog[] = {
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
	NULL
};

int
catalog_count(void)
{
	int	n = 0;

	while (catalog[n] != NULL)
		n++;
	return n;
}

const struct variant *
catalog_find(const char *name)
{
	int	i;

	for (i = 0; catalog[i] != NULL; i++)
		if (strcmp(catalog[i]->name, name) == 0)
			return catalog[i];
	return NULL;
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
	while (--n > 0 && text != NULL)
		if ((text = strchr(text, '\n')) != NULL)
			text++;
	return text;
}

int
catalog_kernel_lines(const struct variant *v, int *first, int *last)
{
	const char	*text = catalog_source(v->source), *p, *q;
	size_t		 len = strlen(v->kernel);
	int		 line, depth, seen;

	if (text == NULL)
		return -1;
	/* The definition: the name at the start of a line, then "(". */
	for (p = text, line = 1; *p != '\0'; line++) {
		if (strncmp(p, v->kernel, len) == 0 && p[len] == '(')
			break;
		if ((p = strchr(p, '\n')) == NULL)
			return -1;
		p++;
	}
	if (*p == '\0')
		return -1;
	/* Back up over the return type and template lines above it. */
	*first = line;
	while (*first > 1) {
		q = catalog_line_start(text, *first - 1);
		if (*q == '\n' || *q == '}' || strncmp(q, "/*", 2) == 0 ||
		    *q == ' ' || strncmp(q, " *", 2) == 0)
			break;
		(*first)--;
	}
	/* Forward to the brace that closes the body. */
	for (depth = 0, seen = 0; *p != '\0'; p++) {
		if (*p == '\n')
			line++;
		else if (*p == '{') {
			depth++;
			seen = 1;
		} else if (*p == '}' && --depth == 0 && seen)
			break;
	}
	*last = line;
	return 0;
}

int
catalog_find_text(const struct variant *v, const char *text, int n, int *col)
{
	const char	*src = catalog_source(v->source), *p, *ls, *end;
	int		 first, last, line;

	if (src == NULL || catalog_kernel_lines(v, &first, &last) != 0)
		return -1;
	p = catalog_line_start(src, first);
	end = catalog_line_start(src, last + 1);
	for (;;) {
		p = strstr(p, text);
		if (p == NULL || (end != NULL && p >= end))
			return -1;
		if (n-- == 0)
			break;
		p++;
	}
	for (ls = src, line = 1; ; line++) {
		const char *nl = strchr(ls, '\n');

		if (nl == NULL || nl >= p)
			break;
		ls = nl + 1;
	}
	if (col != NULL)
		*col = (int)(p - ls);
	return line;
}
