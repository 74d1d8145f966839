/*
 * tui.h - the interactive lecture screen.  The only module that includes
 * curses.  It paints canvases the view draws and maps keys to actions; it
 * holds no memory rules of its own.
 */
#ifndef WV_TUI_H
#define WV_TUI_H

/*
 * Run the TUI with the arguments after the program name (TUI options and
 * the common options of cli.h).  Returns the exit status.  Arguments and
 * --results are checked before stdin and stdout must be terminals (the
 * printing options --keys and --bench-frames need none).
 */
int	tui_main(int argc, char **argv);

#endif
