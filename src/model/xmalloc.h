/* SPDX-License-Identifier: ISC
 * xmalloc.h - allocation that never returns NULL (as tmux's xmalloc.c).
 * On failure, or on a size that overflows, the fatal hook is called; it
 * must not return.  The default hook prints "warpviz: MESSAGE" on stderr
 * and exits 1; the TUI installs one that restores the terminal first.
 * This is the one tier-1 path of the libc-only layers (STYLE habit 9):
 * everything else in model/ still never prints or exits.
 */
#ifndef WV_XMALLOC_H
#define WV_XMALLOC_H

#include <stdarg.h>
#include <stddef.h>

/* The fatal hook: gets a one-line message, must not return. */
typedef void (*xmalloc_fatal_fn)(const char *);

/* Install a fatal hook (NULL: the default); returns the previous one. */
xmalloc_fatal_fn xmalloc_set_fatal(xmalloc_fatal_fn);
/* Report a fatal error through the hook; never returns. */
void	 xfatal(const char *fmt, ...)
	    __attribute__((noreturn, format(printf, 1, 2)));

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xrealloc(void *, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xasprintf(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));
char	*xvasprintf(const char *fmt, va_list);

#endif
