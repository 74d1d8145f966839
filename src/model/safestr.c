/* SPDX-License-Identifier: ISC
 * safestr.c - the one sanitiser of printed text (see safestr.h).
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "safestr.h"
#include "xmalloc.h"

/*
 * The length of the valid UTF-8 sequence at p (1 to 4) and its code point
 * in *cp, or 0 when the byte at p starts no valid sequence.
 */
static int
safestr_seq(const unsigned char *p, uint32_t *cp)
{
	uint32_t	ch, min;
	int		n, i;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		n = 1;
		ch = p[0] & 0x1f;
		min = 0x80;
	} else if ((p[0] & 0xf0) == 0xe0) {
		n = 2;
		ch = p[0] & 0x0f;
		min = 0x800;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		n = 3;
		ch = p[0] & 0x07;
		min = 0x10000;
	} else
		return 0;
	for (i = 1; i <= n; i++) {
		if ((p[i] & 0xc0) != 0x80)	/* also stops at the NUL */
			return 0;
		ch = (ch << 6) | (p[i] & 0x3f);
	}
	if (ch < min || ch > 0x10ffff || (ch >= 0xd800 && ch <= 0xdfff))
		return 0;
	*cp = ch;
	return n + 1;
}

/* The safe form of the character at *s into out (at most 7 bytes). */
static size_t
safestr_one(const char **s, char *out)
{
	const unsigned char	*p = (const unsigned char *)*s;
	uint32_t		 cp;
	int			 n;

	if ((n = safestr_seq(p, &cp)) == 0) {
		(*s)++;
		memcpy(out, "\xef\xbf\xbd", 3);
		return 3;
	}
	*s += n;
	if (cp < 0x20 || cp == 0x7f)
		return (size_t)snprintf(out, 8, "\\x%02x", (unsigned)cp);
	if (cp >= 0x80 && cp <= 0x9f)
		return (size_t)snprintf(out, 8, "\\u%04x", (unsigned)cp);
	memcpy(out, p, n);
	return (size_t)n;
}

size_t
safestr_copy(char *buf, size_t len, const char *s)
{
	char	one[8];
	size_t	n, total = 0;
	int	full = len == 0;

	if (s != NULL)
		while (*s != '\0') {
			n = safestr_one(&s, one);
			if (!full && total + n < len)
				memcpy(buf + total, one, n);
			else if (!full) {
				full = 1;
				buf[total] = '\0';
			}
			total += n;
		}
	if (!full && len > 0)
		buf[total] = '\0';
	return total;
}

char *
safestr_dup(const char *s)
{
	size_t	 n = safestr_copy(NULL, 0, s);
	char	*buf = xmalloc(n + 1);

	safestr_copy(buf, n + 1, s);
	return buf;
}

int
safestr_is_safe(const char *s)
{
	const char	*p = s;
	char		 one[8];
	size_t		 n;

	while (p != NULL && *p != '\0') {
		const char *q = p;

		n = safestr_one(&p, one);
		if (n != (size_t)(p - q) || memcmp(one, q, n) != 0)
			return 0;
	}
	return 1;
}

void
safestr_fputs(const char *s, FILE *f)
{
	char	one[8];
	size_t	n;

	while (s != NULL && *s != '\0') {
		n = safestr_one(&s, one);
		fwrite(one, 1, n, f);
	}
}

void
safestr_vfprintf(FILE *f, const char *fmt, va_list ap)
{
	char	*s = xvasprintf(fmt, ap);
	size_t	 n = strlen(s);
	int	 nl = n > 0 && s[n - 1] == '\n';

	if (nl)
		s[n - 1] = '\0';
	safestr_fputs(s, f);
	if (nl)
		fputc('\n', f);
	free(s);
}

void
safestr_fprintf(FILE *f, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	safestr_vfprintf(f, fmt, ap);
	va_end(ap);
}

int
safestr_next(const char **s, uint32_t *cp)
{
	int	n;

	if ((n = safestr_seq((const unsigned char *)*s, cp)) == 0) {
		(*s)++;
		*cp = 0xfffd;
		return 0;
	}
	*s += n;
	return 1;
}
