/* SPDX-License-Identifier: ISC
 * export.h - the TUI's export key: the current frame written as .txt,
 * .ans and .svg files, and the `warpviz show` command line that prints
 * the same frame.  No curses here.
 */
#ifndef WV_TUI_EXPORT_H
#define WV_TUI_EXPORT_H

#include <stddef.h>
#include <stdio.h>

#include "state.h"

struct canvas;

/*
 * How the export key turns a canvas into a file: format 0 plain text, 1
 * ANSI text, 2 SVG.  NULL (the default): export_frame says export is not
 * available.
 */
typedef void	(*export_printer_fn)(FILE *, const struct canvas *, int format);

/* Set the printer export_frame writes with (tui_set_printer passes it). */
void	export_set_printer(export_printer_fn);

/* Write `warpviz show ...` for the state at a w x h frame into buf. */
void	export_command(const struct state *, int w, int h, int ascii,
	    char *buf, size_t len);
/*
 * Write the frame of st at w x h as DIR/warpviz-VARIANT-sSTEP.txt, .ans
 * and .svg, DIR being $WARPVIZ_EXPORT_DIR or the current directory.
 * Returns 0 and the base path in *base, or -1 with a one-line message in
 * base.
 */
int	export_frame(const struct state *, int w, int h, int ascii,
	    char *base, size_t len);

/*
 * Write st's marks as a lesson file DIR/warpviz-marks.lesson (DIR as
 * above).  Returns 0 and the path in path, or -1 with a one-line message
 * in path.
 */
int	export_marks(const struct state *, char *path, size_t len);

#endif
