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

struct canvas;
struct state;
/*
 * What the loop does after an action returned intent: start or collect
 * the whole-launch totals' workers, evaluate the models (INTENT_RECOMPUTE)
 * and draw the frame and its overlay into the canvas.  All a key costs
 * besides painting; it never waits for a worker.  No curses calls.
 */
void	tui_apply(struct state *, struct canvas *, int intent);

#endif
