/* SPDX-License-Identifier: ISC
 * jsonstr.c - a JSON string literal (see jsonstr.h).
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>

#include "jsonstr.h"
#include "safestr.h"

void
jsonstr_write(FILE *f, const char *s)
{
	const char	*p;
	uint32_t	 cp;

	fputc('"', f);
	while (s != NULL && *s != '\0') {
		p = s;
		if (!safestr_next(&s, &cp))
			fputs("\\ufffd", f);	/* not UTF-8: replaced */
		else if (cp == '"' || cp == '\\')
			fprintf(f, "\\%c", (int)cp);
		else if (cp == '\n')
			fputs("\\n", f);
		else if (cp == '\t')
			fputs("\\t", f);
		else if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
			fprintf(f, "\\u%04x", (unsigned)cp);
		else
			fwrite(p, 1, (size_t)(s - p), f);
	}
	fputc('"', f);
}
