/* SPDX-License-Identifier: ISC
 * panel-dram.c - the memory-parallelism box (seed 004): the sectors of the
 * warps in flight at this step, spread over DRAM channels and banks by the
 * teaching model of model/dram.c, drawn over the frame.  Labelled as a
 * teaching model; the H100's published figures stand beside it.  Every
 * count comes from dram.c; here only where to draw it.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "dram.h"
#include "panel.h"
#include "view.h"

/* The H100 SXM's memory as NVIDIA publishes it; its address mapping is
   hashed and not published. */
static const char view_dram_h100[] = "H100 SXM: 5 HBM3 stacks, 10 memory "
    "controllers of 512 bits, 3.35 TB/s; its mapping is hashed, not "
    "published.";

void
view_draw_dram(struct canvas *c, const struct view_model *m,
    const struct dram_config *cfg, int nwarps)
{
	struct dram_load	*d;
	enum role		 role;
	char			 buf[256], *cause = NULL;
	int			 w, h, x, y, i, b, nb, bw, len, n, row;

	if ((d = calloc(1, sizeof *d)) == NULL)
		return;
	w = c->w - 8 < 78 ? c->w - 8 : 78;
	/* Borders, interleave (2), warps, channels, verdict (2); the H100
	   (2) where there is room.  Small screens keep the lesson text
	   below the box visible. */
	h = 7 + cfg->channels + (c->h >= 30 ? 2 : 0);
	if (h > c->h - 2)
		h = c->h - 2;
	x = (c->w - w) / 2;
	y = c->h >= 30 ? (c->h - h) / 2 : 1;
	canvas_fill(c, x, y, w, h, ' ', ROLE_NORMAL);
	canvas_box(c, x, y, w, h, "DRAM channels: a teaching model",
	    ROLE_BORDER);
	canvas_clip(c, x + 1, y + 1, w - 2, h - 2);
	row = y + 1;
	snprintf(buf, sizeof buf, "%d channels x %d banks, %" PRId64 "-byte "
	    "interleave: channel = (address / %" PRId64 ") mod %d",
	    cfg->channels, cfg->banks, cfg->interleave, cfg->interleave,
	    cfg->channels);
	row += panel_wrap(c, x + 2, row, w - 4, 2, buf, ROLE_DIM);
	n = dram_add_warps(cfg, d, m->l, m->step, m->block[0], m->block[1],
	    m->warp, nwarps, &cause);
	if (n < 0) {
		snprintf(buf, sizeof buf, "This step: %s; DRAM serves the "
		    "global loads and stores.", cause);
		free(cause);
		panel_wrap(c, x + 2, row + 1, w - 4, 2, buf, ROLE_WARN);
		canvas_unclip(c);
		free(d);
		return;
	}
	panel_access_text(m, buf, sizeof buf);
	canvas_printf(c, x + 2, row++, ROLE_HEADING, w - 4, "%d warps in "
	    "flight: %s, %" PRId64 " sectors", n, buf,
	    d->sectors);
	len = 0;
	bw = w - 4 - 5 - 6 - 12;	/* "ch 0 " bar " 1234 " "16/16 banks" */
	for (i = 0; i < cfg->channels && row < y + h - 3; i++, row++) {
		for (b = nb = 0; b < cfg->banks; b++)
			nb += d->bank[i][b] > 0;
		canvas_printf(c, x + 2, row, ROLE_NORMAL, 5, "ch%2d", i);
		len = d->busiest > 0 ? (int)((d->channel[i] * bw +
		    d->busiest - 1) / d->busiest) : 0;
		/* When few channels carry the load, the busiest stand out. */
		role = dram_spread(cfg, d) < 0.5 &&
		    d->channel[i] == d->busiest ? ROLE_UNCOALESCED :
		    ROLE_COALESCED;
		canvas_fill(c, x + 7, row, len, 1, canvas_glyph(c, role),
		    role);
		canvas_printf(c, x + 7 + bw + 1, row, ROLE_NORMAL, 17,
		    "%5" PRId64 " %2d/%d banks", d->channel[i], nb,
		    cfg->banks);
	}
	snprintf(buf, sizeof buf, "busiest channel %" PRId64 " of %" PRId64
	    " sectors: %.0f%% of the %d channels' parallelism (100%% = "
	    "every channel equally busy)", d->busiest, d->sectors,
	    dram_spread(cfg, d) * 100, cfg->channels);
	row += panel_wrap(c, x + 2, row, w - 4, 2, buf, dram_spread(cfg, d) <
	    0.5 ? ROLE_BAD : ROLE_GOOD);
	panel_wrap(c, x + 2, row, w - 4, y + h - 1 - row, view_dram_h100,
	    ROLE_DIM);
	canvas_unclip(c);
	free(d);
}
