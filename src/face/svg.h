/* SPDX-License-Identifier: ISC
 * svg.h - the SVG face: a canvas as an SVG image on a monospace grid,
 * cell by cell, in the roles' 256-colour forms (warpviz show
 * --format=svg and the TUI's export key).
 */
#ifndef WV_SVG_H
#define WV_SVG_H

#include <stdio.h>

#include "canvas.h"

/* Cell size and font size of the image, in pixels. */
#define SVG_CELL_W	9
#define SVG_CELL_H	18
#define SVG_FONT	15

/* Print a canvas as one SVG document: a background, one <rect> per run of
   cells with a background and one <text> per run of equal role. */
void	svg_print_canvas(FILE *, const struct canvas *);
/* The same without the XML declaration: the <svg> element alone, to
   sit inline in an HTML page (warpviz lesson --html). */
void	svg_print_element(FILE *, const struct canvas *);

#endif
