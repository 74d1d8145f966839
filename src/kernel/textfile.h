/* SPDX-License-Identifier: ISC
 * textfile.h - read a text file a user names: every kernel file and
 * lesson file is opened here, so each gets the same checks.
 */
#ifndef WV_TEXTFILE_H
#define WV_TEXTFILE_H

#include <stddef.h>

/*
 * Read the regular file path, at most max bytes, into a NUL-terminated
 * buffer the caller frees (its length in *lenp if not NULL).  NULL and a
 * one-line *cause ("PATH: a directory, not a file", "PATH: not a regular
 * file (...)", "PATH: larger than N bytes", "PATH: not a text file (a NUL
 * byte)", "PATH: cannot open: ...") otherwise.
 */
char	*textfile_read(const char *path, size_t max, size_t *lenp,
	     char **cause);

#endif
