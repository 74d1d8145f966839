/* SPDX-License-Identifier: ISC
 * tui-term.h - whether the terminal in TERM can carry the lecture screen,
 * asked of terminfo before curses starts (so a refusal leaves nothing to
 * restore and nothing allocated).  Its own file because <term.h> defines
 * a macro for every capability name (lines, columns, tab, ...).
 */
#ifndef WV_TUI_TERM_H
#define WV_TUI_TERM_H

/*
 * 0 when TERM is known to terminfo and can move the cursor; -1 after one
 * line "warpviz: TERM=...: why" on stderr (TERM=dumb, unknown, unset).
 */
int	tui_term_check(int fd);

#endif
