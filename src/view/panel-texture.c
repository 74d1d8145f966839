/* SPDX-License-Identifier: ISC
 * panel-texture.c - what a warp's texture fetch touches: the texels of a
 * 2D texture around the warp's, in the tiles the texture unit moves (a
 * sector is 16 bytes of a row by 2 rows, doc/rules.md "Texture memory"),
 * so that a column walk shows its lanes sharing tiles two rows at a time
 * where a global array would give every lane a sector.  1D fetches get
 * their counts in words.  Draws only; the counts come from rules-tex.c.
 * Units: texels (x across, y down), cells of the canvas.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "panel.h"

#define TEX_MAX_W	64	/* texels drawn across */

/* The role a texture fetch's sectors earn against its ideal. */
enum role
panel_texture_role(const struct rules_texture *t)
{
	if (t->sectors <= t->ideal)
		return ROLE_COALESCED;
	if (t->sectors <= 2 * t->ideal)
		return ROLE_SPLIT;
	return ROLE_UNCOALESCED;
}

/* Whether texel (x, y) is in a sector some active lane touches. */
static int
tex_moved(const struct view_model *m, int64_t cols, int per, int64_t x,
    int64_t y)
{
	const struct access	*a = &m->acc;
	int			 l;

	for (l = 0; l < a->nlanes; l++)
		if ((a->active >> l & 1) && a->index[l] % cols / per ==
		    x / per && a->index[l] / cols / 2 == y / 2)
			return 1;
	return 0;
}

/* The lane reading texel (x, y), or -1. */
static int
tex_lane(const struct view_model *m, int64_t cols, int64_t x, int64_t y)
{
	const struct access	*a = &m->acc;
	int			 l;

	for (l = 0; l < a->nlanes; l++)
		if ((a->active >> l & 1) && a->index[l] == y * cols + x)
			return l;
	return -1;
}

/* The texels [x0, x0 + nx) x [y0, y0 + ny) as a grid, rows labelled;
   a '|' before each sector's first column. */
static void
tex_grid(struct canvas *c, int x, int y, const struct view_model *m,
    int64_t cols, int per, int64_t x0, int64_t y0, int nx, int ny,
    enum role role)
{
	int64_t	tx, ty;
	int	cx, lane;

	for (ty = y0; ty < y0 + ny; ty++) {
		/* A sector is two rows: label each pair once. */
		if (ty % 2 == 0)
			canvas_printf(c, x, y + (int)(ty - y0), ROLE_NORMAL, 6,
			    "%5lld", (long long)ty);
		else
			canvas_put(c, x + 4, y + (int)(ty - y0), 0x2514,
			    ROLE_DIM);
		cx = x + 6;
		for (tx = x0; tx < x0 + nx; tx++) {
			if (tx % per == 0)
				canvas_put(c, cx++, y + (int)(ty - y0),
				    0x2502, ROLE_DIM);
			lane = tex_lane(m, cols, tx, ty);
			if (lane >= 0)
				canvas_put(c, cx, y + (int)(ty - y0),
				    canvas_glyph(c, role), role);
			else if (tex_moved(m, cols, per, tx, ty))
				canvas_put(c, cx, y + (int)(ty - y0),
				    canvas_glyph(c, ROLE_WASTE), ROLE_WASTE);
			else
				canvas_put(c, cx, y + (int)(ty - y0), 0x00b7,
				    ROLE_DIM);
			cx++;
		}
	}
}

int
panel_texture(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct access		*a = &m->acc;
	const struct launch_site	*s = &m->l->sites[a->site];
	const struct launch_array	*arr = &m->l->arrays[s->array];
	const struct rules_texture	*t = &m->res.t;
	enum role			 role = panel_texture_role(t);
	int64_t				 cols = arr->cols, x0, x1, y0, y1, tx, ty;
	int				 per, l, nx, ny, row = 0, first = 1;
	char				 head[128];

	if (arr->def->dims[0] == NULL || cols <= 0) {
		snprintf(head, sizeof head, "1D fetch: groups of 8 lanes, %d "
		    "request%s, %d sectors of 32 B, ideal %d", t->requests,
		    t->requests == 1 ? "" : "s", t->sectors, t->ideal);
		panel_fit(head, w);
		canvas_text(c, x, y, head, ROLE_NORMAL, w);
		return 1;
	}
	per = s->size >= 16 ? 1 : 16 / s->size;	/* texels a sector row */
	x0 = y0 = x1 = y1 = 0;
	for (l = 0; l < a->nlanes; l++) {
		if (!(a->active >> l & 1))
			continue;
		tx = a->index[l] % cols;
		ty = a->index[l] / cols;
		if (first || tx < x0)
			x0 = tx;
		if (first || tx > x1)
			x1 = tx;
		if (first || ty < y0)
			y0 = ty;
		if (first || ty > y1)
			y1 = ty;
		first = 0;
	}
	/* Whole sectors: from a sector's first column and an even row. */
	x0 -= x0 % per;
	y0 -= y0 % 2;
	nx = (int)(x1 - x0 + 1);
	nx += (per - nx % per) % per;
	ny = (int)(y1 - y0 + 1);
	ny += ny % 2;
	if (nx > TEX_MAX_W)
		nx = TEX_MAX_W;
	/* Each sector: its texels and a bar. */
	while (nx > per && 6 + nx + nx / per > w)
		nx -= per;
	snprintf(head, sizeof head, "  y  x %lld..%lld, tiles of %d texel%s "
	    "x 2 rows, 16 B x 2", (long long)x0, (long long)(x0 + nx - 1), per,
	    per == 1 ? "" : "s");
	panel_fit(head, w);	/* whole parts, never a cut word */
	canvas_text(c, x, y + row++, head, ROLE_HEADING, w);
	if (ny > h - row - 1)
		ny = h - row - 1 > 0 ? h - row - 1 : 0;
	tex_grid(c, x, y + row, m, cols, per, x0, y0, nx, ny, role);
	row += ny;
	if (row < h && y1 - y0 + 1 > ny)
		canvas_printf(c, x, y + row++, ROLE_DIM, w, "  ... down to "
		    "row %lld", (long long)y1);
	return row;
}
