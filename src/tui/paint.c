/* SPDX-License-Identifier: ISC
 * paint.c - canvas to curses: one colour pair per role (pair = role + 1),
 * chosen from the current theme's 8- or 256-colour form of each role by
 * COLORS, with -1 as the terminal's default (use_default_colors); called
 * again when the theme changes.  Monochrome uses each role's
 * mono attributes and never calls start_color, so no colour escape is
 * ever sent.  Cells are Unicode code points, one column each.
 */
#include "config.h"

#include <stdlib.h>
#include <wchar.h>

#include "paint.h"
#include "roles.h"
#include "tui-curses.h"

static attr_t		 paint_attr[ROLE_COUNT];
static short		 paint_pair[ROLE_COUNT];
static enum paint_colors paint_mode = PAINT_MONO;

static attr_t
paint_role_attr(int a)
{
	attr_t	r = A_NORMAL;

	if (a & ROLE_ATTR_BOLD)
		r |= A_BOLD;
	if (a & ROLE_ATTR_REVERSE)
		r |= A_REVERSE;
	if (a & ROLE_ATTR_UNDERLINE)
		r |= A_UNDERLINE;
	if (a & ROLE_ATTR_DIM)
		r |= A_DIM;
	return r;
}

enum paint_colors
paint_init(int want_color)
{
	const char		*nc = getenv("NO_COLOR");
	enum paint_colors	 mode;

	if (want_color == 0 || (want_color < 0 && nc != NULL && *nc != '\0') ||
	    !has_colors())
		mode = PAINT_MONO;
	else {
		start_color();
		if (use_default_colors() != OK)
			assume_default_colors(COLOR_WHITE, COLOR_BLACK);
		mode = COLORS >= 256 && COLOR_PAIRS > ROLE_COUNT ? PAINT_256 :
		    PAINT_8;
		if (COLORS < 8 || COLOR_PAIRS <= ROLE_COUNT)
			mode = PAINT_MONO;
	}
	paint_mode = mode;
	paint_theme();
	return mode;
}

void
paint_theme(void)
{
	const struct role_style	*rs;
	enum paint_colors	 mode = paint_mode;
	short			 fg, bg;
	int			 i;

	for (i = 0; i < ROLE_COUNT; i++) {
		rs = role_style(i);
		paint_pair[i] = 0;
		if (mode == PAINT_MONO) {
			paint_attr[i] = paint_role_attr(rs->mono);
			continue;
		}
		paint_attr[i] = paint_role_attr(rs->attr);
		fg = mode == PAINT_256 ? rs->fg256 : rs->fg8;
		bg = mode == PAINT_256 ? rs->bg256 : rs->bg8;
		if (fg == -1 && bg == -1)
			continue;
		if (init_pair(i + 1, fg, bg) == OK)
			paint_pair[i] = i + 1;
	}
}

void
paint_canvas(const struct canvas *cv)
{
	const struct cell	*c;
	cchar_t			 cc;
	wchar_t			 wc[2];
	int			 x, y, role, w, h;

	w = cv->w < COLS ? cv->w : COLS;
	h = cv->h < LINES ? cv->h : LINES;
	wc[1] = L'\0';
	for (y = 0; y < h; y++) {
		move(y, 0);
		for (x = 0; x < w; x++) {
			c = &cv->cells[y * cv->w + x];
			role = c->role < ROLE_COUNT ? c->role : ROLE_NORMAL;
			wc[0] = c->ch >= 0x20 ? (wchar_t)c->ch : L' ';
			setcchar(&cc, wc, paint_attr[role], paint_pair[role],
			    NULL);
			/* The last cell of the screen returns ERR, and is set. */
			add_wch(&cc);
		}
	}
}
