/* SPDX-License-Identifier: ISC
 * jsonstr.c - a JSON string literal (see jsonstr.h).
 */
#include "config.h"

#include <stdio.h>

#include "jsonstr.h"

void
jsonstr_write(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s != NULL && *s != '\0'; s++) {
		unsigned char	c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}
