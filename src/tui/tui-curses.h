/* SPDX-License-Identifier: ISC
 * tui-curses.h - the one place that picks the curses header, from what
 * configure found (as htop's ProvideCurses.h).  Only src/tui/ includes it.
 * The wide-character API is needed: cells are Unicode code points.
 */
#ifndef WV_TUI_CURSES_H
#define WV_TUI_CURSES_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#if defined(HAVE_NCURSESW_CURSES_H)
#include <ncursesw/curses.h>
#elif defined(HAVE_NCURSES_H)
#include <ncurses.h>
#elif defined(HAVE_CURSES_H)
#include <curses.h>
#else
#error "no curses header: configure should have stopped"
#endif

#endif
