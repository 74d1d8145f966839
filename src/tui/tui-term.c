/* SPDX-License-Identifier: ISC
 * tui-term.c - the terminal check before curses starts (see tui-term.h).
 */
#include "config.h"

#include <stdlib.h>

#include "opts.h"
#include "tui-curses.h"
#include "tui-term.h"

#if defined(HAVE_NCURSESW_CURSES_H)
#include <ncursesw/term.h>
#else
#include <term.h>
#endif

int
tui_term_check(int fd)
{
	const char	*term = getenv("TERM");
	char		*cup;
	int		 err = 0, ok;

	if (term == NULL || *term == '\0')
		return opts_error("TERM is not set: the TUI needs a terminal "
		    "that can move the cursor (or use 'warpviz show "
		    "VARIANT')"), -1;
	if (setupterm(NULL, fd, &err) != OK)
		return opts_error("TERM=%s: cannot use this terminal (not in "
		    "terminfo; or use 'warpviz show VARIANT')", term), -1;
	cup = tigetstr("cup");
	ok = cup != NULL && cup != (char *)-1;
	del_curterm(cur_term);
	if (!ok)
		return opts_error("TERM=%s: this terminal cannot move the "
		    "cursor (use 'warpviz show VARIANT')", term), -1;
	return 0;
}
