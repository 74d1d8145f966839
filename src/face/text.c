/* SPDX-License-Identifier: ISC
 * text.c - the text face: print a canvas as UTF-8 lines, plain or with
 * ANSI SGR escapes in the roles' 256-colour forms of the current theme
 * (warpviz show).
 *
 * Each line ends with a reset when it used any escape, so a frame can be
 * cut or pasted line by line.  Trailing blanks are trimmed; in colour a
 * trailing blank with a background (title and status bars) is kept.
 */
#include "config.h"

#include <stdio.h>

#include "text.h"

void
text_put_utf8(FILE *f, uint32_t ch)
{
	if (ch < 0x80)
		fputc((int)ch, f);
	else if (ch < 0x800) {
		fputc(0xc0 | (ch >> 6), f);
		fputc(0x80 | (ch & 0x3f), f);
	} else if (ch < 0x10000) {
		fputc(0xe0 | (ch >> 12), f);
		fputc(0x80 | ((ch >> 6) & 0x3f), f);
		fputc(0x80 | (ch & 0x3f), f);
	} else {
		fputc(0xf0 | (ch >> 18), f);
		fputc(0x80 | ((ch >> 12) & 0x3f), f);
		fputc(0x80 | ((ch >> 6) & 0x3f), f);
		fputc(0x80 | (ch & 0x3f), f);
	}
}

/* Whether a role paints a blank cell (a background or reverse video). */
static int
text_paints_blank(enum role role)
{
	const struct role_style	*rs = role_style(role);

	return rs->bg256 >= 0 || (rs->attr & ROLE_ATTR_REVERSE);
}

/* Start role: reset, then the role's attributes and 256-colour pair. */
static void
text_sgr(FILE *f, enum role role)
{
	const struct role_style	*rs = role_style(role);

	fputs("\033[0", f);
	if (rs->attr & ROLE_ATTR_BOLD)
		fputs(";1", f);
	if (rs->attr & ROLE_ATTR_DIM)
		fputs(";2", f);
	if (rs->attr & ROLE_ATTR_UNDERLINE)
		fputs(";4", f);
	if (rs->attr & ROLE_ATTR_REVERSE)
		fputs(";7", f);
	if (rs->fg256 >= 0)
		fprintf(f, ";38;5;%d", rs->fg256);
	if (rs->bg256 >= 0)
		fprintf(f, ";48;5;%d", rs->bg256);
	fputc('m', f);
}

void
text_print_canvas(FILE *f, const struct canvas *c, int color)
{
	const struct role_style	*ns = role_style(ROLE_NORMAL);
	const struct cell	*cl;
	int			 x, y, end, cur, plain;

	/* Whether the normal role is the terminal's own (a reset). */
	plain = ns->fg256 < 0 && ns->bg256 < 0 && ns->attr == 0;
	for (y = 0; y < c->h; y++) {
		cl = &c->cells[y * c->w];
		for (end = c->w; end > 0; end--) {
			if (cl[end - 1].ch != ' ')
				break;
			if (color && text_paints_blank(cl[end - 1].role))
				break;
		}
		cur = plain ? ROLE_NORMAL : -1;
		for (x = 0; x < end; x++) {
			if (color && cl[x].role != cur) {
				cur = cl[x].role;
				if (cur == ROLE_NORMAL && plain)
					fputs("\033[0m", f);
				else
					text_sgr(f, cur);
			}
			text_put_utf8(f, cl[x].ch);
		}
		if (color && (cur != ROLE_NORMAL || !plain) && end > 0)
			fputs("\033[0m", f);
		fputc('\n', f);
	}
}
