/* SPDX-License-Identifier: ISC
 * overlay.h - what the TUI draws over the view's frame: the key help, the
 * variant picker, the parameter list and the one-line prompt.  Drawn into
 * the same canvas with roles, so overlays follow the colour, monochrome
 * and ASCII rules of every frame.  Lists scroll so they fit at 80x24.
 */
#ifndef WV_TUI_OVERLAY_H
#define WV_TUI_OVERLAY_H

#include "canvas.h"
#include "state.h"

#define OVERLAY_MAX_ROWS	64

/*
 * The variant picker's rows: a catalog index, or -1 - i for the heading
 * of the family of catalog[i].  Returns the number of rows.
 */
int	overlay_variant_rows(int *rows, int max);
/* Rows a list shows at a canvas height h. */
int	overlay_list_height(int h);
/* Draw the overlay of st->mode (nothing in MODE_FRAME). */
void	overlay_draw(struct canvas *, const struct state *);
/* The list row (absolute) under x, y in a w x h canvas, or -1. */
int	overlay_hit(const struct state *, int w, int h, int x, int y);

#endif
