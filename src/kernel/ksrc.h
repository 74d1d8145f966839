/* SPDX-License-Identifier: ISC
 * ksrc.h - read a kernel file: a .cu file whose __global__ function is
 * preceded by "// warpviz:" lines, turned into a variant the model runs.
 *
 * The reader accepts the C a kernel's index arithmetic is written in and
 * refuses, with "FILE:LINE:COLUMN: what" (line and column 1-based), what the
 * model cannot follow: an index or a condition read from memory, a loop
 * whose bound depends on data, while/do/switch/goto/break.  Pure C: never
 * prints or exits.
 */
#ifndef WV_KSRC_H
#define WV_KSRC_H

#include "variant.h"

/* The longest kernel file read (bytes). */
#define KSRC_MAX_BYTES	(1024 * 1024)

/*
 * Parse the text of a kernel file; path names it in messages.  Returns a
 * variant owned by the caller (free it with ksrc_free), or NULL and a
 * one-line *cause.
 */
struct variant	*ksrc_parse(const char *path, const char *text, char **cause);
/*
 * The same for the n-th block (from 0) of "// warpviz:" lines: a file may
 * describe several kernels, each block followed by its kernel.
 */
struct variant	*ksrc_parse_block(const char *path, const char *text, int n,
		     char **cause);
/* Number of blocks of "// warpviz:" lines in a file's text. */
int		 ksrc_blocks(const char *text);
/*
 * For a file without "// warpviz:" lines: its text with a first draft of
 * them above its first kernel (parameters from its integer arguments,
 * arrays from its pointers, the launch and lengths from its host code's
 * kernel<<<...>>>, dim3 and cudaMalloc where they read, else a guess),
 * each guess said in a comment.  Returns it (free it), or NULL and a
 * one-line *cause.
 */
char		*ksrc_draft(const char *path, const char *text, char **cause);
/* Read and parse a file (its first block). */
struct variant	*ksrc_load(const char *path, char **cause);
/* Free a variant from ksrc_parse or ksrc_load (NULL is allowed). */
void		 ksrc_free(struct variant *);
/* Nonzero if a variant argument names a kernel file: it ends in ".cu". */
int		 ksrc_is_path(const char *);

/* text past a UTF-8 byte order mark at its start (kernel and lesson
 * files may begin with one; it is not part of the first line). */
const char	*ksrc_skip_bom(const char *text);

#endif
