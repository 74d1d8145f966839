/* SPDX-License-Identifier: ISC
 * canvas.h - a grid of cells, each a character and a colour role.  The
 * view draws frames here; the TUI paints a canvas with curses and the text
 * face prints it plain or with ANSI escapes.  Never a raw colour here.
 *
 * Coordinates: x = column 0..w-1, y = row 0..h-1; writes outside the
 * canvas, or outside the clip rectangle when one is set, are dropped.
 * Characters are Unicode code points, one column each (the view uses no
 * wide characters).  With ascii set, role glyphs and box drawing
 * fall back to ASCII.
 */
#ifndef WV_CANVAS_H
#define WV_CANVAS_H

#include <stdint.h>

#include "roles.h"

/*
 * The largest canvas: what a frame can use (show --size allows as much).
 * Larger sizes are clamped, so memory stays bounded (8 MB of cells) even
 * when COLUMNS and LINES claim 30000x30000.
 */
#define CANVAS_MAX_W	1000
#define CANVAS_MAX_H	1000

struct cell {
	uint32_t	ch;
	uint8_t		role;
};

/* Cuts kept per canvas: enough to name the first few in a test. */
#define CANVAS_CUTS	8
#define CANVAS_CUT_LEN	64

struct canvas {
	int		 w, h;
	int		 ascii;		/* draw only ASCII */
	struct cell	*cells;
	int		 clip[4];	/* x0, y0, x1, y1: writes land in
					   x0 <= x < x1, y0 <= y < y1 */
	/*
	 * Words the frame cut: a text stopped by its width or the clip
	 * between two letters or digits, or a sentence ended on an
	 * ellipsis.  The view must never cut a word (tests/cuts.sh reads
	 * them through show's WARPVIZ_CUTS); ncuts counts them all, cut[]
	 * keeps the first CANVAS_CUTS as "ROW,COL: what|rest".
	 */
	int		 ncuts;
	char		 cut[CANVAS_CUTS][CANVAS_CUT_LEN];
};

/* Make a blank w x h canvas (each clamped to 0..CANVAS_MAX_*); ascii
   selects the ASCII fallback glyphs. */
struct canvas	*canvas_new(int w, int h, int ascii);
/* Free a canvas. */
void		 canvas_free(struct canvas *);
/* Resize, clamped as canvas_new (contents become blank). */
void		 canvas_resize(struct canvas *, int w, int h);
/* Blank every cell to ' ' ROLE_NORMAL. */
void		 canvas_clear(struct canvas *);
/* Set one cell. */
void		 canvas_put(struct canvas *, int x, int y, uint32_t ch,
		     enum role);
/* Cell at x, y, or NULL outside. */
const struct cell *canvas_at(const struct canvas *, int x, int y);
/* Write UTF-8 text from x, y, at most maxw columns (-1: to the edge);
   returns the columns written. */
int		 canvas_text(struct canvas *, int x, int y, const char *utf8,
		     enum role, int maxw);
/* printf into the canvas; returns the columns written. */
int		 canvas_printf(struct canvas *, int x, int y, enum role,
		     int maxw, const char *fmt, ...)
		     __attribute__((format(printf, 6, 7)));
/* Record a cut at x, y: the text kept and the rest, "verif|ied". */
void		 canvas_cut(struct canvas *, int x, int y, const char *kept,
		     const char *rest);
/* Fill a rectangle with one character and role. */
void		 canvas_fill(struct canvas *, int x, int y, int w, int h,
		     uint32_t ch, enum role);
/* Set the role of a rectangle, keeping the characters. */
void		 canvas_role(struct canvas *, int x, int y, int w, int h,
		     enum role);
/* Draw a box outline with an optional title on the top edge. */
void		 canvas_box(struct canvas *, int x, int y, int w, int h,
		     const char *title, enum role);
/* Limit writes to a rectangle (within the canvas) until canvas_unclip. */
void		 canvas_clip(struct canvas *, int x, int y, int w, int h);
/* Allow writes to the whole canvas again. */
void		 canvas_unclip(struct canvas *);
/* The role's glyph, honouring ascii. */
uint32_t	 canvas_glyph(const struct canvas *, enum role);

#endif
