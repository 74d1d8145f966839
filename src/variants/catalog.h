/* SPDX-License-Identifier: ISC
 * catalog.h - the seed kernels: const variant descriptions, one family per
 * file, and the CUDA source each one runs (embedded at build time from
 * cuda/ files).  libc only.
 */
#ifndef WV_CATALOG_H
#define WV_CATALOG_H

#include "variant.h"

/*
 * The variants in lesson order, NULL-terminated; filled before main from
 * the C descriptions, a family that has moved to its cuda/ file read from
 * there (catalog.c).
 */
extern const struct variant *catalog[];

/* Number of variants. */
int			 catalog_count(void);
/* Variant by name, or by path to a kernel file (*.cu), or NULL. */
const struct variant	*catalog_find(const char *name);
/*
 * The same, with the reason a kernel file was refused in *cause
 * ("FILE:LINE:COLUMN: what"; NULL for an unknown name).  A file is read
 * once and kept for the program's life.
 */
const struct variant	*catalog_open(const char *name, char **cause);
/* The source text a variant's kernel is read from: its file or cuda/. */
const char		*catalog_variant_text(const struct variant *);
/* Index of a variant in catalog[], or -1. */
int			 catalog_index(const struct variant *);
/* The embedded text of a cuda/ file, or NULL. */
const char		*catalog_source(const char *file);
/* Start of line n (1-based) in text, or NULL. */
const char		*catalog_line_start(const char *text, int n);
/* (The kernel's lines, its sites' places and what each line holds come
   from the reader: struct variant's lines, body_def's flow and around.) */

/* Embedded sources, generated from cuda/ by build-aux/embed-text.sh. */
struct catalog_file {
	const char	*name;
	const char	*text;
};
extern const struct catalog_file catalog_files[];

#endif
