/* SPDX-License-Identifier: ISC
 * paint.h - canvas to curses.  Roles become colour pairs (8 or 256
 * colours, on the terminal's default background) or, in monochrome, the
 * roles' attributes alone.  The only place roles meet curses.
 */
#ifndef WV_TUI_PAINT_H
#define WV_TUI_PAINT_H

#include "canvas.h"

enum paint_colors {
	PAINT_MONO,
	PAINT_8,
	PAINT_256
};

/*
 * Set up colour pairs after initscr; want_color 0 never, 1 always, -1
 * auto (NO_COLOR set and non-empty turns colours off).  Returns the mode
 * in use.
 */
enum paint_colors	paint_init(int want_color);
/* Set the pairs again from the current theme (after role_theme_set);
   nothing changes in monochrome. */
void			paint_theme(void);
/* Copy the canvas onto stdscr (from 0,0); the caller refreshes. */
void			paint_canvas(const struct canvas *);

#endif
