/*
 * tui.h - the interactive lecture screen.  The only module that includes
 * curses.  It paints canvases the view draws and maps keys to actions; it
 * holds no memory rules of its own and parses no arguments: cli.c hands
 * it the options opts.c checked.
 */
#ifndef WV_TUI_H
#define WV_TUI_H

struct opts;

/*
 * Run the TUI with these options; returns the exit status.  The caller
 * has loaded --results and checked the position against the launch and,
 * unless --keys or --bench-frames, that stdin and stdout are terminals;
 * tui_main refuses a terminal that cannot move the cursor (TERM=dumb).
 */
int	tui_main(const struct opts *);

#endif
