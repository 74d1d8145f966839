/* SPDX-License-Identifier: ISC
 * tui.h - the interactive lecture screen.  The only module that includes
 * curses.  It paints canvases the view draws and maps keys to actions; it
 * holds no memory rules of its own and parses no arguments: cli.c hands
 * it the options opts.c checked.
 */
#ifndef WV_TUI_H
#define WV_TUI_H

#include <stdio.h>

struct canvas;
struct opts;
struct state;

/*
 * How the export key turns a canvas into a file: format 0 plain text, 1
 * ANSI text, 2 SVG.  The caller sets it before tui_main (cli.c links the
 * text and SVG faces; this floor does not include them); unset: the key
 * says export is not available.  Handed on to export.c, which owns it.
 */
void	tui_set_printer(void (*)(FILE *, const struct canvas *, int format));

/*
 * Run the TUI with these options; returns the exit status.  The caller
 * has loaded --results and checked the position against the launch and,
 * unless --keys or --bench-frames, that stdin and stdout are terminals;
 * tui_main refuses a terminal that cannot move the cursor (TERM=dumb).
 */
int	tui_main(const struct opts *);
/*
 * What the loop does after an action returned intent: start or collect
 * the whole-launch totals' workers, evaluate the models (INTENT_RECOMPUTE)
 * and draw the frame and its overlay into the canvas.  All a key costs
 * besides painting; it never waits for a worker.  No curses calls.
 */
void	tui_apply(struct state *, struct canvas *, int intent);

#endif
