/* SPDX-License-Identifier: ISC
 * canvas.c - the grid of cells a frame is drawn into: one Unicode code
 * point and one role per cell, clipped writes, UTF-8 text, boxes.
 *
 * With ascii set every code point above 0x7f is stored as its ASCII
 * fallback (box drawing as + - |, role glyphs as their role's ascii, a few
 * marks such as arrows and dots as look-alikes, anything else as '?'), so
 * a canvas in ASCII mode holds ASCII only whatever the view wrote.  Must
 * not print, and knows nothing of curses or escape codes.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "xmalloc.h"

/* ASCII look-alikes of the non-ASCII characters the view uses. */
static const struct {
	uint32_t	ch;
	char		ascii;
} canvas_fallback[] = {
	{ 0x2500, '-' }, { 0x2502, '|' }, { 0x250c, '+' }, { 0x2510, '+' },
	{ 0x2514, '+' }, { 0x2518, '+' }, { 0x251c, '+' }, { 0x2524, '+' },
	{ 0x252c, '+' }, { 0x2534, '+' }, { 0x253c, '+' }, { 0x2550, '=' },
	{ 0x2588, '#' }, { 0x2593, '%' }, { 0x2592, 'X' }, { 0x2591, '~' },
	{ 0x2584, '%' }, { 0x2573, 'X' },
	{ 0x25c6, '*' }, { 0x25b6, '>' }, { 0x00b7, '.' }, { 0x00d7, 'x' },
	{ 0x2192, '>' }, { 0x2190, '<' }, { 0x2191, '^' }, { 0x2193, 'v' },
	{ 0x2026, '~' }, { 0x2014, '-' }, { 0x2013, '-' }, { 0x2264, '<' },
	{ 0x2265, '>' }, { 0x258f, '|' }, { 0x2595, '|' }, { 0x2022, '*' },
	{ 0x25aa, '*' }, { 0x2248, '~' }, { 0x00b2, '2' }, { 0x22ee, ':' },
};

/* The ASCII stand-in for ch. */
static uint32_t
canvas_ascii(uint32_t ch)
{
	size_t	i;

	if (ch < 0x80)
		return ch;
	for (i = 0; i < sizeof canvas_fallback / sizeof canvas_fallback[0];
	    i++)
		if (canvas_fallback[i].ch == ch)
			return (uint32_t)canvas_fallback[i].ascii;
	return '?';
}

struct canvas *
canvas_new(int w, int h, int ascii)
{
	struct canvas	*c;

	c = xcalloc(1, sizeof *c);
	c->ascii = ascii;
	canvas_resize(c, w, h);
	return c;
}

void
canvas_free(struct canvas *c)
{
	if (c == NULL)
		return;
	free(c->cells);
	free(c);
}

void
canvas_resize(struct canvas *c, int w, int h)
{
	if (w < 0)
		w = 0;
	if (h < 0)
		h = 0;
	if (w > CANVAS_MAX_W)
		w = CANVAS_MAX_W;
	if (h > CANVAS_MAX_H)
		h = CANVAS_MAX_H;
	free(c->cells);
	c->w = w;
	c->h = h;
	canvas_unclip(c);
	c->cells = xcalloc((size_t)w * h + 1, sizeof *c->cells);
	canvas_clear(c);
}

void
canvas_clear(struct canvas *c)
{
	int	i;

	for (i = 0; i < c->w * c->h; i++) {
		c->cells[i].ch = ' ';
		c->cells[i].role = ROLE_NORMAL;
	}
}

void
canvas_put(struct canvas *c, int x, int y, uint32_t ch, enum role role)
{
	struct cell	*cl;

	if (x < c->clip[0] || y < c->clip[1] || x >= c->clip[2] ||
	    y >= c->clip[3])
		return;
	if (ch < 0x20 || ch == 0x7f || (ch >= 0x80 && ch < 0xa0))
		ch = ' ';
	if (c->ascii)
		ch = canvas_ascii(ch);
	cl = &c->cells[y * c->w + x];
	cl->ch = ch;
	cl->role = role < ROLE_COUNT ? role : ROLE_NORMAL;
}

const struct cell *
canvas_at(const struct canvas *c, int x, int y)
{
	if (x < 0 || y < 0 || x >= c->w || y >= c->h)
		return NULL;
	return &c->cells[y * c->w + x];
}

/*
 * Decode one UTF-8 sequence at *s, advancing past it.  Malformed, overlong
 * or truncated sequences and surrogates give U+FFFD and consume one byte.
 */
static uint32_t
canvas_utf8(const char **s)
{
	const unsigned char	*p = (const unsigned char *)*s;
	uint32_t		 ch, min;
	int			 n, i;

	if (p[0] < 0x80) {
		(*s)++;
		return p[0];
	}
	if ((p[0] & 0xe0) == 0xc0) {
		n = 1;
		ch = p[0] & 0x1f;
		min = 0x80;
	} else if ((p[0] & 0xf0) == 0xe0) {
		n = 2;
		ch = p[0] & 0x0f;
		min = 0x800;
	} else if ((p[0] & 0xf8) == 0xf0) {
		n = 3;
		ch = p[0] & 0x07;
		min = 0x10000;
	} else
		goto bad;
	for (i = 1; i <= n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			goto bad;
		ch = (ch << 6) | (p[i] & 0x3f);
	}
	if (ch < min || ch > 0x10ffff || (ch >= 0xd800 && ch <= 0xdfff))
		goto bad;
	*s += n + 1;
	return ch;
bad:
	(*s)++;
	return 0xfffd;
}

void
canvas_cut(struct canvas *c, int x, int y, const char *kept,
    const char *rest)
{
	if (c->ncuts < CANVAS_CUTS)
		snprintf(c->cut[c->ncuts], CANVAS_CUT_LEN, "%d,%d: %.24s|%.24s",
		    y, x, kept, rest);
	c->ncuts++;
}

/* A letter, digit or underscore: a word goes on across it. */
static int
canvas_wordch(uint32_t ch)
{
	return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') ||
	    (ch >= 'A' && ch <= 'Z') || ch == '_';
}

/* Whether x, y is inside the canvas and its clip. */
static int
canvas_inside(const struct canvas *c, int x, int y)
{
	return x >= c->clip[0] && y >= c->clip[1] && x < c->clip[2] &&
	    y < c->clip[3];
}

/*
 * Text stops at maxw columns or at the clip; where that falls between
 * two word characters the word is cut, and the canvas records it (the
 * last word kept and the rest of the text).
 */
int
canvas_text(struct canvas *c, int x, int y, const char *utf8, enum role role,
    int maxw)
{
	const char	*word, *before;
	uint32_t	 ch, prev = ' ';
	int		 n = 0, shown = 0, cut = 0, in;
	char		 kept[CANVAS_CUT_LEN];

	if (utf8 == NULL)
		return 0;
	if (maxw < 0)
		maxw = c->w - x;
	word = utf8;
	while (*utf8 != '\0') {
		before = utf8;
		ch = canvas_utf8(&utf8);
		in = n < maxw && canvas_inside(c, x + n, y);
		if (!cut && !in && (shown || n >= maxw) &&
		    canvas_wordch(prev) && canvas_wordch(ch)) {
			snprintf(kept, sizeof kept, "%.*s",
			    (int)(before - word), word);
			canvas_cut(c, x + n, y, kept, before);
			cut = 1;
		}
		if (n >= maxw)
			break;
		shown |= in;
		canvas_put(c, x + n, y, ch, role);
		if (!canvas_wordch(ch))
			word = utf8;
		prev = ch;
		n++;
	}
	return n;
}

int
canvas_printf(struct canvas *c, int x, int y, enum role role, int maxw,
    const char *fmt, ...)
{
	va_list	 ap;
	char	 buf[1024];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return canvas_text(c, x, y, buf, role, maxw);
}

void
canvas_fill(struct canvas *c, int x, int y, int w, int h, uint32_t ch,
    enum role role)
{
	int	i, j;

	for (j = y; j < y + h; j++)
		for (i = x; i < x + w; i++)
			canvas_put(c, i, j, ch, role);
}

void
canvas_role(struct canvas *c, int x, int y, int w, int h, enum role role)
{
	int	i, j;

	for (j = y; j < y + h; j++)
		for (i = x; i < x + w; i++)
			if (i >= c->clip[0] && j >= c->clip[1] &&
			    i < c->clip[2] && j < c->clip[3])
				c->cells[j * c->w + i].role = role;
}

void
canvas_clip(struct canvas *c, int x, int y, int w, int h)
{
	c->clip[0] = x < 0 ? 0 : x;
	c->clip[1] = y < 0 ? 0 : y;
	c->clip[2] = x + w > c->w ? c->w : x + w;
	c->clip[3] = y + h > c->h ? c->h : y + h;
}

void
canvas_unclip(struct canvas *c)
{
	c->clip[0] = c->clip[1] = 0;
	c->clip[2] = c->w;
	c->clip[3] = c->h;
}

void
canvas_box(struct canvas *c, int x, int y, int w, int h, const char *title,
    enum role role)
{
	int	i;

	if (w < 2 || h < 2)
		return;
	for (i = x + 1; i < x + w - 1; i++) {
		canvas_put(c, i, y, 0x2500, role);
		canvas_put(c, i, y + h - 1, 0x2500, role);
	}
	for (i = y + 1; i < y + h - 1; i++) {
		canvas_put(c, x, i, 0x2502, role);
		canvas_put(c, x + w - 1, i, 0x2502, role);
	}
	canvas_put(c, x, y, 0x250c, role);
	canvas_put(c, x + w - 1, y, 0x2510, role);
	canvas_put(c, x, y + h - 1, 0x2514, role);
	canvas_put(c, x + w - 1, y + h - 1, 0x2518, role);
	if (title != NULL && *title != '\0' && w > 6) {
		canvas_put(c, x + 1, y, ' ', role);
		i = canvas_text(c, x + 2, y, title, ROLE_HEADING, w - 5);
		canvas_put(c, x + 2 + i, y, ' ', role);
	}
}

uint32_t
canvas_glyph(const struct canvas *c, enum role role)
{
	const struct role_style	*rs;

	if (role >= ROLE_COUNT)
		return ' ';
	rs = role_style(role);
	if (c->ascii || rs->glyph == 0)
		return (uint32_t)(unsigned char)rs->ascii;
	return rs->glyph;
}
