/* SPDX-License-Identifier: ISC
 * cause.c - formatted one-line error messages for the model's callers.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "cause.h"
#include "safestr.h"
#include "xmalloc.h"

char *
cause_printf(const char *fmt, ...)
{
	va_list	 ap;
	char	*s, *safe;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	/* A message echoes words from files: no control characters. */
	if (safestr_is_safe(s))
		return s;
	safe = safestr_dup(s);
	free(s);
	return safe;
}
