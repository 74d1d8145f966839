/*
 * tui.h - the interactive lecture screen.  The only module that includes
 * curses.  It paints canvases the view draws and maps keys to actions; it
 * holds no memory rules of its own.
 */
#ifndef WV_TUI_H
#define WV_TUI_H

/*
 * Run the TUI with the arguments after the program name (TUI options and
 * the common options of cli.h).  Returns the exit status.  The caller has
 * checked that stdin and stdout are terminals, unless tui_needs_terminal
 * said no.
 */
int	tui_main(int argc, char **argv);
/*
 * Whether these arguments need a terminal: 0 for the ones that only print
 * (--keys, the frame benchmark --bench-frames N).
 */
int	tui_needs_terminal(int argc, char **argv);

#endif
