/* SPDX-License-Identifier: ISC
 * svg.c - the SVG face: print a canvas as an SVG image, the grid kept
 * exactly (cell x, y at SVG_CELL_W * x, SVG_CELL_H * y; each run of text
 * is stretched to its cells with textLength), colours from the roles'
 * 256-colour forms on a dark background, as the TUI shows them on an
 * xterm-256color terminal.  Plain C: no Python at run time.
 *
 * Bold, dim and underline become font-weight, fill-opacity and
 * text-decoration; reverse swaps the colours.  Text is escaped for XML
 * and characters XML cannot hold become '?'.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "svg.h"
#include "text.h"

/* The terminal's default foreground and background: dark, or light for
   the light theme. */
#define SVG_FG	(role_theme_get() == ROLE_THEME_LIGHT ? "#1e1e1e" : "#d8d8d8")
#define SVG_BG	(role_theme_get() == ROLE_THEME_LIGHT ? "#ffffff" : "#1e1e1e")

static const char *svg_base16[16] = {
	"#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc",
	"#11a8cd", "#e5e5e5", "#666666", "#f14c4c", "#23d18b", "#f5f543",
	"#3b8eea", "#d670d6", "#29b8db", "#ffffff"
};

/* The xterm colour n (0-255) as "#rrggbb"; -1 gives def. */
static const char *
svg_colour(int n, const char *def, char *buf, size_t len)
{
	static const int	lv[6] = { 0, 95, 135, 175, 215, 255 };
	int			g;

	if (n < 0)
		return def;
	if (n < 16)
		return svg_base16[n];
	if (n < 232) {
		n -= 16;
		snprintf(buf, len, "#%02x%02x%02x", lv[n / 36], lv[n / 6 % 6],
		    lv[n % 6]);
		return buf;
	}
	g = 8 + (n - 232) * 10;
	snprintf(buf, len, "#%02x%02x%02x", g, g, g);
	return buf;
}

/* The foreground and background of a role, reverse applied. */
static void
svg_role_colours(enum role role, const char **fg, const char **bg,
    char *fbuf, char *bbuf)
{
	const struct role_style	*rs = role_style(role);
	const char		*t;

	*fg = svg_colour(rs->fg256, SVG_FG, fbuf, 32);
	*bg = svg_colour(rs->bg256, SVG_BG, bbuf, 32);
	if (rs->attr & ROLE_ATTR_REVERSE) {
		t = *fg;
		*fg = *bg;
		*bg = t;
	}
}

/* Write one code point escaped for XML character data, as UTF-8. */
static void
svg_put(FILE *f, uint32_t ch)
{
	if (ch == '&')
		fputs("&amp;", f);
	else if (ch == '<')
		fputs("&lt;", f);
	else if (ch == '>')
		fputs("&gt;", f);
	else if (ch < 0x20 || (ch >= 0xd800 && ch < 0xe000) ||
	    ch == 0xfffe || ch == 0xffff || ch > 0x10ffff)
		fputc('?', f);
	else
		text_put_utf8(f, ch);
}

/*
 * The text of cells x0..x1-1 of row y: one <text> per stretch of cells
 * without two blanks in a row, none starting or ending with a blank.
 * Renderers that ignore xml:space (Chromium) collapse runs of blanks and
 * drop leading and trailing ones, and textLength then stretches what is
 * left over the whole run; a stretch with single blanks inside keeps the
 * grid in every renderer.
 */
static void
svg_text(FILE *f, const struct cell *cl, int x0, int x1, int y,
    const char *fg, int attr)
{
	int	a, b, x;

	for (a = x0; a < x1; a = b) {
		while (a < x1 && cl[a].ch == ' ')
			a++;
		if (a == x1)
			break;
		for (b = a + 1; b < x1; b++)
			if (cl[b].ch == ' ' && (b + 1 == x1 ||
			    cl[b + 1].ch == ' '))
				break;
		fprintf(f, "<text x=\"%d\" y=\"%d\" textLength=\"%d\" "
		    "lengthAdjust=\"spacingAndGlyphs\" fill=\"%s\"",
		    a * SVG_CELL_W, y * SVG_CELL_H + SVG_CELL_H - 5,
		    (b - a) * SVG_CELL_W, fg);
		if (attr & ROLE_ATTR_BOLD)
			fputs(" font-weight=\"bold\"", f);
		if (attr & ROLE_ATTR_DIM)
			fputs(" fill-opacity=\"0.6\"", f);
		if (attr & ROLE_ATTR_UNDERLINE)
			fputs(" text-decoration=\"underline\"", f);
		fputc('>', f);
		for (x = a; x < b; x++)
			svg_put(f, cl[x].ch);
		fputs("</text>\n", f);
	}
}

/* One run of cells x0..x1-1 of row y, all of one role. */
static void
svg_run(FILE *f, const struct cell *cl, int x0, int x1, int y)
{
	const struct role_style	*rs = role_style(cl[x0].role);
	const char		*fg, *bg;
	char			 fb[32], bb[32];

	svg_role_colours(cl[x0].role, &fg, &bg, fb, bb);
	if (strcmp(bg, SVG_BG) != 0)
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
		    "fill=\"%s\"/>\n", x0 * SVG_CELL_W, y * SVG_CELL_H,
		    (x1 - x0) * SVG_CELL_W, SVG_CELL_H, bg);
	svg_text(f, cl, x0, x1, y, fg, rs->attr);
}

void
svg_print_canvas(FILE *f, const struct canvas *c)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	svg_print_element(f, c);
}

void
svg_print_element(FILE *f, const struct canvas *c)
{
	const struct cell	*cl;
	int			 x, y, x0, w = c->w * SVG_CELL_W;
	int			 h = c->h * SVG_CELL_H;

	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\">\n", w, h, w, h);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"%s\"/>\n",
	    SVG_BG);
	fprintf(f, "<g font-family=\"DejaVu Sans Mono, monospace\" "
	    "font-size=\"%d\" xml:space=\"preserve\">\n", SVG_FONT);
	for (y = 0; y < c->h; y++) {
		cl = &c->cells[y * c->w];
		for (x0 = 0; x0 < c->w; x0 = x) {
			for (x = x0 + 1; x < c->w; x++)
				if (cl[x].role != cl[x0].role)
					break;
			svg_run(f, cl, x0, x, y);
		}
	}
	fputs("</g>\n</svg>\n", f);
}
