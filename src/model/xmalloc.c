/* SPDX-License-Identifier: ISC
 * xmalloc.c - allocation that never returns NULL; failures go to one fatal
 * hook (see xmalloc.h).  Sizes are bytes; a count times a size that
 * overflows size_t is a failure, never a short allocation.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"

static void __attribute__((noreturn))
xmalloc_default_fatal(const char *msg)
{
	fprintf(stderr, "warpviz: %s\n", msg);
	exit(1);
}

static xmalloc_fatal_fn	xmalloc_fatal = xmalloc_default_fatal;

xmalloc_fatal_fn
xmalloc_set_fatal(xmalloc_fatal_fn fn)
{
	xmalloc_fatal_fn	old = xmalloc_fatal;

	xmalloc_fatal = fn != NULL ? fn : xmalloc_default_fatal;
	return old;
}

void
xfatal(const char *fmt, ...)
{
	va_list	ap;
	char	msg[256];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	xmalloc_fatal(msg);
	/* A hook that returns is a bug: do not carry on with NULL. */
	abort();
}

void *
xmalloc(size_t size)
{
	void	*p;

	if (size == 0)
		xfatal("xmalloc: zero size");
	if ((p = malloc(size)) == NULL)
		xfatal("out of memory (allocating %zu bytes)", size);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		xfatal("xcalloc: zero size");
	if (SIZE_MAX / n < size)
		xfatal("out of memory (%zu x %zu bytes overflows)", n, size);
	if ((p = calloc(n, size)) == NULL)
		xfatal("out of memory (allocating %zu x %zu bytes)", n, size);
	return p;
}

void *
xrealloc(void *old, size_t size)
{
	return xreallocarray(old, 1, size);
}

void *
xreallocarray(void *old, size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		xfatal("xreallocarray: zero size");
	if (SIZE_MAX / n < size)
		xfatal("out of memory (%zu x %zu bytes overflows)", n, size);
	if ((p = realloc(old, n * size)) == NULL)
		xfatal("out of memory (allocating %zu x %zu bytes)", n, size);
	return p;
}

char *
xstrdup(const char *s)
{
	char	*p;

	if ((p = strdup(s)) == NULL)
		xfatal("out of memory (copying %zu bytes)", strlen(s) + 1);
	return p;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	char	*s;

	if (vasprintf(&s, fmt, ap) < 0)
		xfatal("out of memory (formatting a message)");
	return s;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}
