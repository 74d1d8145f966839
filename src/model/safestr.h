/* SPDX-License-Identifier: ISC
 * safestr.h - text from files made safe to print: names, titles, notes,
 * lesson lines and the words an error message echoes reach a terminal,
 * an SVG or a log without raw control characters.  The one sanitiser:
 *   - C0 controls (U+0000..U+001F) and DEL become "\xNN" (ESC is "\x1b");
 *   - C1 controls (U+0080..U+009F) become "\u0080".."\u009f";
 *   - every byte that does not start valid UTF-8 (bad lead, truncated,
 *     overlong, surrogate, above U+10FFFF) becomes U+FFFD;
 *   - all other valid UTF-8 is kept as it is.
 * Plain C, libc only.
 */
#ifndef WV_SAFESTR_H
#define WV_SAFESTR_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * The safe form of s into buf of len bytes (len > 0), cut at a character
 * boundary when it does not fit; returns the length it would need without
 * the cut (as snprintf).  s NULL gives "".
 */
size_t	 safestr_copy(char *buf, size_t len, const char *s);
/* The safe form of s, allocated (never NULL). */
char	*safestr_dup(const char *s);
/* True when s is already safe (safestr_copy would not change it). */
int	 safestr_is_safe(const char *s);
/* Write the safe form of s to f. */
void	 safestr_fputs(const char *s, FILE *f);
/*
 * printf to f, the whole output made safe except one newline at its end
 * (so a format says a line; it must hold no other newline).
 */
void	 safestr_fprintf(FILE *f, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	 safestr_vfprintf(FILE *f, const char *fmt, va_list);
/*
 * The code point at *s, advancing past it: a valid UTF-8 sequence, or
 * U+FFFD for a byte that starts none (one byte consumed).  Returns 0 for
 * U+FFFD made of a bad byte, else 1.
 */
int	 safestr_next(const char **s, uint32_t *cp);

#endif
