/* SPDX-License-Identifier: ISC
 * cause.h - the one-line messages model code hands back through a
 * `char **cause` argument (STYLE habit 9): the caller prints and frees them.
 */
#ifndef WV_CAUSE_H
#define WV_CAUSE_H

/*
 * A newly allocated formatted message (never NULL: see xmalloc.h), made
 * safe to print by safestr (no control characters, valid UTF-8).
 */
char	*cause_printf(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));

#endif
