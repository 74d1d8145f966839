/* SPDX-License-Identifier: ISC
 * panel-memory.c - what the lanes hit: global sectors (or the matrix
 * window), legacy segments, shared banks or constant reads, and the legend
 * of the glyphs used.
 *
 * Units: byte addresses; a word is 4 bytes (one bank), a sector 32 bytes
 * (8 words), a line 128 bytes (4 sectors, 32 words).  The counts drawn
 * come from model/; this file works out which lanes touch which word to
 * place them.  Must not print, allocate per frame beyond the stack, or
 * know curses.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "panel.h"

#define PANEL_SWORDS	(RULES_SECTOR / RULES_BANK_WIDTH) /* 8 a sector */

/*
 * Draw one line: each sector as sc cells (16: two per word, 8: one per
 * word, 4: one per two words), grouped by sector, tall rows high (2 under
 * the projector zoom); used words in the request's class, unused words of
 * a moved sector as waste, sectors not moved dotted; a cell whose words a
 * lane in focus touches is the focus glyph.  Lanes go on the row below.
 */
static void
panel_draw_line(struct canvas *c, int x, int y, int sc, int tall,
    const struct rules_line *pl, enum role cls, int hexw, uint32_t focus)
{
	uint32_t	mask, used;
	int		s, i, k, w0, w1, cx, t;
	enum role	role;
	uint32_t	ch;
	char		buf[64];

	if (hexw > 0)
		canvas_printf(c, x, y, ROLE_DIM, hexw, "%0*" PRIx64, hexw,
		    pl->line * RULES_LINE);
	cx = x + (hexw > 0 ? hexw + 1 : 0);
	for (s = 0; s < 4; s++) {
		canvas_put(c, cx, y, 0x2502, ROLE_BORDER);
		mask = rules_line_sector(pl, s);
		for (i = 0; i < sc; i++) {
			w0 = i * PANEL_SWORDS / sc;
			w1 = (i + 1) * PANEL_SWORDS / sc;
			if (w1 <= w0)
				w1 = w0 + 1;
			for (used = 0, k = w0; k < w1; k++)
				used |= pl->word[s * PANEL_SWORDS + k];
			if ((used & focus) != 0)
				role = ROLE_FOCUS;
			else if (used != 0)
				role = cls;
			else if (mask != 0)
				role = ROLE_WASTE;
			else
				role = ROLE_DIM;
			ch = role == ROLE_DIM ? 0x00b7 : canvas_glyph(c, role);
			if (role == ROLE_DIM && sc > PANEL_SWORDS &&
			    i % 2 == 1)
				ch = ' ';
			for (t = 0; t < tall; t++)
				canvas_put(c, cx + 1 + i, y + t, ch, role);
		}
		for (t = 1; t < tall; t++)
			canvas_put(c, cx, y + t, 0x2502, ROLE_BORDER);
		if (mask != 0) {
			panel_lanes_text(mask, buf, sizeof buf, sc);
			canvas_text(c, cx + 1, y + tall, buf, ROLE_LANE, sc);
		}
		cx += 1 + sc;
	}
	for (t = 0; t < tall; t++)
		canvas_put(c, cx, y + t, 0x2502, ROLE_BORDER);
}

/* The projector zoom asked for but no room to draw it: say so on the
   panel's row y rather than drawing small without a word. */
static void
panel_zoom_note(struct canvas *c, int x, int y, int w)
{
	canvas_text(c, x, y, "zoom: no room at this size, drawn 1x",
	    ROLE_DIM, w);
}

/* Width of the hex address label of the lines shown. */
static int
panel_hexw(const struct rules_line *lines, int n)
{
	char	buf[32];
	int	w = 0, i, k;

	for (i = 0; i < n; i++) {
		k = snprintf(buf, sizeof buf, "%" PRIx64,
		    lines[i].line * RULES_LINE);
		if (k > w)
			w = k;
	}
	return w;
}

/* The active lanes whose marks have reached memory: all of them, or
   while a step is in motion the first m->motion.  Only what is drawn
   follows it; the counts and classes are the whole step's. */
static uint32_t
panel_arrived(const struct view_model *m)
{
	if (m->motion <= 0 || m->motion >= 32)
		return m->acc.active;
	return m->acc.active & ((UINT32_C(1) << m->motion) - 1);
}

/*
 * A window of a matrix around the touched elements: touched cells in the
 * request's class, others dotted.  Rows and columns are numbered.  With
 * the projector zoom each element takes 2 x 2 cells.
 */
static int
panel_matrix(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, enum role cls)
{
	const struct access		*a = &m->acc;
	const struct launch_site	*s = &m->l->sites[a->site];
	const struct launch_array	*arr = &m->l->arrays[s->array];
	int64_t				 r0 = INT64_MAX, c0 = INT64_MAX;
	int64_t				 r1 = -1, c1 = -1, r, col, top, left;
	int64_t				 i;
	int				 l, rw, nrows, ncols, yy, xx, hit, cap;
	int				 z = m->zoom ? 2 : 1, dx, dy;
	enum role			 role;
	char				 buf[96];

	if (arr->def->dims[0] == NULL || arr->cols <= 0 || w < 16 || h < 4)
		return 0;
	for (l = 0; l < a->nlanes; l++) {
		if (!(a->active & (UINT32_C(1) << l)))
			continue;
		r = a->index[l] / arr->cols;
		col = a->index[l] % arr->cols;
		if (r < r0)
			r0 = r;
		if (r > r1)
			r1 = r;
		if (col < c0)
			c0 = col;
		if (col > c1)
			c1 = col;
	}
	if (r1 < 0)
		return 0;
	rw = snprintf(buf, sizeof buf, "%" PRId64, r0 + h);
	if (rw < 2)
		rw = 2;
	nrows = (h - 2) / z;
	if (r1 - r0 + 2 > nrows)
		nrows--;	/* room for "rows to N below" */
	ncols = (w - rw - 1) / z;
	top = r0 > 0 ? r0 - 1 : 0;
	left = c0 > 0 ? c0 - 1 : 0;
	if (c1 - c0 + 3 <= ncols && left + ncols > arr->cols)
		left = arr->cols - ncols > 0 ? arr->cols - ncols : 0;
	if (top + nrows > arr->rows)
		top = arr->rows - nrows > 0 ? arr->rows - nrows : 0;
	snprintf(buf, sizeof buf, "%s is %" PRId64 "x%" PRId64,
	    arr->def->name, arr->rows, arr->cols);
	canvas_text(c, x, y, buf, ROLE_DIM, w);
	/* Column ruler: a number every 8 columns. */
	for (i = 0; i < ncols && left + i < arr->cols; i++)
		if ((left + i) % (8 / z) == 0) {
			cap = canvas_printf(c, x + rw + 1 + (int)i * z, y + 1,
			    ROLE_DIM, (ncols - (int)i) * z, "%" PRId64,
			    left + i);
			i += cap > 0 ? (cap - 1) / z : 0;
		}
	for (yy = 0; yy < nrows && top + yy < arr->rows; yy++) {
		r = top + yy;
		canvas_printf(c, x, y + 2 + yy * z, ROLE_DIM, rw, "%*" PRId64,
		    rw, r);
		for (xx = 0; xx < ncols && left + xx < arr->cols; xx++) {
			col = left + xx;
			hit = 0;
			for (l = 0; l < a->nlanes; l++)
				if ((panel_arrived(m) & (UINT32_C(1) << l)) &&
				    a->index[l] == r * arr->cols + col)
					hit |= 1 + ((m->focus >> l) & 1);
			role = hit >= 2 ? ROLE_FOCUS : hit ? cls : ROLE_DIM;
			for (dy = 0; dy < z; dy++)
				for (dx = 0; dx < z; dx++)
					canvas_put(c, x + rw + 1 + xx * z + dx,
					    y + 2 + yy * z + dy, hit ?
					    canvas_glyph(c, role) : dx == 0 &&
					    dy == 0 ? 0x00b7 : ' ', role);
		}
	}
	if (r1 >= top + nrows)
		canvas_printf(c, x, y + 2 + nrows * z, ROLE_DIM, w, "%s down "
		    "to row %" PRId64, c->ascii ? "v" : "\xe2\x86\x93", r1);
	return h;
}

static int
panel_global(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, int window)
{
	const struct access	*a = &m->acc;
	struct rules_line	 lines[RULES_MAX_LINES];
	enum role		 cls = panel_class_role(m->res.g.class);
	int			 n, i, sc, hexw, show, yy, sectors, s, mw;
	int			 tall;

	n = rules_lines(a->addr, panel_arrived(m), a->nlanes,
	    m->l->sites[a->site].size, lines);
	hexw = panel_hexw(lines, n);
	mw = window ? 24 : 0;
	if (m->l->arrays[m->l->sites[m->acc.site].array].def->dims[0] == NULL)
		mw = 0;
	/* Sector width: two columns a word, one, or one per two words. */
	if (w >= hexw + 1 + 4 * 17 + 1 + (mw ? mw + 2 : 0))
		sc = 16;
	else if (w >= 4 * 9 + 1)
		sc = 8;
	else
		sc = 4;
	if (w < hexw + 1 + 4 * (sc + 1) + 1 + (mw ? mw + 2 : 0))
		mw = 0;
	else if (mw > 0) {
		/* The window takes what the lines leave, up to 64. */
		mw = w - (hexw + 1 + 4 * (sc + 1) + 1) - 3;
		if (mw > 64)
			mw = 64;
	}
	if (w < hexw + 1 + 4 * (sc + 1) + 1)
		hexw = 0;
	/* Ruler: the byte offset of each sector within its line. */
	if (hexw >= 4)		/* a narrow column: no label, not "l" */
		canvas_text(c, x, y, "line", ROLE_DIM, hexw);
	for (s = 0; s < 4; s++)
		canvas_printf(c, x + (hexw ? hexw + 1 : 0) + 1 +
		    s * (sc + 1), y, ROLE_DIM, sc, "+%d", s * RULES_SECTOR);
	/* Under the zoom a line is two rows tall when every line fits so. */
	tall = m->zoom && 1 + 3 * n + 1 <= h ? 2 : 1;
	show = (h - 1) / (tall + 1);
	if (show < n && show > 0 && (h - 1) % (tall + 1) == 0)
		show--;		/* room for the "more" row */
	for (i = 0, yy = y + 1; i < n && i < show; i++, yy += tall + 1)
		panel_draw_line(c, x, yy, sc, tall, &lines[i], cls, hexw,
		    m->focus);
	if (i < n) {
		for (sectors = 0; i < n; i++)
			for (s = 0; s < 4; s++)
				sectors += rules_line_sector(&lines[i], s) != 0;
		canvas_printf(c, x, yy, ROLE_DIM, w, "... %d more line%s, %d "
		    "more sector%s", n - show, n - show == 1 ? "" : "s",
		    sectors, sectors == 1 ? "" : "s");
		yy++;
	}
	if (m->zoom && tall == 1 && yy < y + h)
		panel_zoom_note(c, x, yy++, w - (mw > 0 ? mw + 1 : 0));
	if (mw > 0) {
		i = x + w - mw;
		panel_matrix(c, i, y, mw, h, m, cls);
	}
	return yy - y;
}

/* --- memory: legacy segments ------------------------------------------ */

static int
panel_legacy(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct rules_legacy	*lg = &m->res.l;
	const struct access		*a = &m->acc;
	int				 size = m->l->sites[a->site].size;
	int				 i, k, words, cw, row, half, hexw = 0;
	int				 cx, tall, t, arrived;
	uint32_t			 used, lanes_w[32];
	enum role			 role, wrole, hrole[RULES_MAX_PARTS];
	static const char		 part[] = "qwhh";	/* by parts & 3 */
	char				 buf[64];

	for (i = 0; i < lg->transactions && i < RULES_MAX_SEGMENTS; i++) {
		k = snprintf(buf, sizeof buf, "%" PRIx64, lg->seg[i].addr);
		if (k > hexw)
			hexw = k;
	}
	/* The parts a request is served in: w(arp), h(alf-warp) or
	   q(uarter-warp) 0-3, each graded by its own rule. */
	for (half = 0; half < RULES_MAX_PARTS; half++)
		hrole[half] = panel_class_role(rules_legacy_class(lg,
		    a->active, a->nlanes, half));
	cw = w >= 8 + hexw + 6 + 64 + 12 ? 2 : 1;
	/* Under the zoom each segment is two rows tall when all fit so. */
	tall = m->zoom && 1 + 2 * lg->transactions + 1 <= h ? 2 : 1;
	snprintf(buf, sizeof buf, "%s size address  words of the %s  "
	    "(4 B each)", lg->parts == 1 ? "warp" : lg->parts == 4 ?
	    "part" : "half", lg->parts == 2 ? "segment" : "line");
	panel_fit(buf, w);
	canvas_text(c, x, y, buf, ROLE_DIM, w);
	for (i = 0, row = 1; i < lg->transactions && row < h;
	    i++, row += tall) {
		if (row == h - 1 && i + 1 < lg->transactions) {
			canvas_printf(c, x, y + row, ROLE_DIM, w, "... %d more "
			    "%s", lg->transactions - i, m->arch == ARCH_CC20 ?
			    "lines" : "segments");
			row++;
			break;
		}
		half = lg->seg[i].half & (RULES_MAX_PARTS - 1);
		role = hrole[half];
		/* The lanes on each word: for the lane focus, and while a
		   step is in motion only those that have arrived fill it. */
		rules_segment_lanes(&lg->seg[i], a->addr, size, lanes_w);
		arrived = (lg->seg[i].lanes & panel_arrived(m)) != 0;
		cx = x + canvas_printf(c, x, y + row, ROLE_NORMAL, w,
		    " %c%d %4dB %0*" PRIx64 " ", part[lg->parts & 3], half,
		    lg->seg[i].size, hexw,
		    lg->seg[i].addr);
		words = lg->seg[i].size / 4;
		for (t = 0; t < tall; t++) {
			canvas_put(c, cx, y + row + t, 0x2502, ROLE_BORDER);
			for (k = 0; k < words * cw; k++) {
				used = lanes_w[k / cw] & panel_arrived(m);
				wrole = (used & m->focus) != 0 ? ROLE_FOCUS :
				    used != 0 ? role : arrived &&
				    lanes_w[k / cw] == 0 ? ROLE_WASTE :
				    ROLE_DIM;
				canvas_put(c, cx + 1 + k, y + row + t,
				    wrole == ROLE_DIM ? 0x00b7 :
				    canvas_glyph(c, wrole), wrole);
			}
			canvas_put(c, cx + 1 + words * cw, y + row + t,
			    0x2502, ROLE_BORDER);
		}
		panel_lanes_text(lg->seg[i].lanes, buf, sizeof buf, 20);
		canvas_printf(c, cx + 3 + 32 * cw, y + row, ROLE_LANE,
		    w - (cx + 3 + 32 * cw - x), "lanes %s", buf);
	}
	if (m->zoom && tall == 1 && row < h)
		panel_zoom_note(c, x, y + row++, w);
	return row;
}

/* --- memory: shared banks --------------------------------------------- */

/* The n-way row at y: each bank's distinct words, in columns cw wide
   after a label lab wide. */
static void
shared_degrees(struct canvas *c, int x, int y, int lab, int cw,
    const struct rules_banks *rb)
{
	int	b, k;

	if (lab > 0)
		canvas_text(c, x, y, "n-way", ROLE_DIM, lab);
	for (b = 0; b < RULES_BANKS; b++) {
		k = rb->degree[b];
		if (k == 0)
			continue;
		if (cw == 1 && k > 9 && (b + 1 == RULES_BANKS ||
		    rb->degree[b + 1] != 0))
			canvas_put(c, x + lab + b, y, '+',
			    panel_bank_role(k));
		else if (cw == 1 && k > 9)
			canvas_printf(c, x + lab + b, y,
			    panel_bank_role(k), 2, "%d", k);
		else
			canvas_printf(c, x + lab + b * cw, y,
			    panel_bank_role(k), cw, "%*d", cw, k);
	}
}

/* The line at y under the banks: which lanes read the busiest bank's
   words, or that there is one pass. */
static void
shared_busiest(struct canvas *c, int x, int y, int w,
    const struct rules_banks *rb, uint32_t lanes[][RULES_MAX_WORDS],
    const int *n)
{
	char	buf[128], lbuf[32];
	int	b, i, k;

	/* Which lanes read the busiest bank's words. */
	for (b = 0, k = 0; k < RULES_BANKS; k++)
		if (rb->degree[k] > rb->degree[b])
			b = k;
	if (rb->degree[b] == 1) {
		/* Shortened by design where the sentence does not fit. */
		snprintf(buf, sizeof buf, "every bank serves at most one "
		    "word: one pass");
		if ((int)strlen(buf) > w)
			snprintf(buf, sizeof buf, "one word a bank: one pass");
		canvas_text(c, x, y, buf, ROLE_NORMAL, w);
	}
	else if (n[b] > 0) {
		uint32_t all = 0;

		for (i = 0; i < n[b]; i++)
			all |= lanes[b][i];
		panel_lanes_text(all, lbuf, sizeof lbuf, 20);
		snprintf(buf, sizeof buf, "busiest: bank %d, %d distinct "
		    "word%s, lanes %s", b, rb->degree[b], rb->degree[b] == 1 ?
		    "" : "s", lbuf);
		panel_fit(buf, w);
		canvas_text(c, x, y, buf, ROLE_NORMAL, w);
	}
}

static int
panel_shared(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct access	*a = &m->acc;
	struct rules_banks	 rb;
	uint32_t		 lanes[RULES_BANKS][RULES_MAX_WORDS];
	int			 n[RULES_BANKS], b, i, k, cw, lab, stack;
	int			 bx, more, tall, row, t;
	enum role		 role;
	uint32_t		 ch;

	/* Each bank's words, phase by phase, as the rule serves them. */
	rules_shared_banks(a->addr, panel_arrived(m), a->nlanes,
	    m->l->sites[a->site].size, m->l->sites[a->site].op == OP_LOAD,
	    &rb);
	memset(n, 0, sizeof n);
	for (i = 0; i < rb.nwords; i++) {
		b = rb.word[i].bank;
		lanes[b][n[b]++] = rb.word[i].lanes;
	}
	lab = 6;
	if (w >= lab + 3 * RULES_BANKS)
		cw = 3;
	else if (w >= lab + 2 * RULES_BANKS)
		cw = 2;
	else
		cw = 1;
	if (w < lab + cw * RULES_BANKS)
		lab = 0;
	canvas_text(c, x, y, "bank", ROLE_DIM, lab);
	for (b = 0; b < RULES_BANKS; b += cw == 3 ? 1 : 8 / cw)
		canvas_printf(c, x + lab + b * cw, y, ROLE_DIM, 8, "%*d",
		    cw == 3 ? 2 : 1, b);
	/* Words stacked per bank, one row each; the bottom row counts. */
	for (k = 0, b = 0; b < RULES_BANKS; b++)
		if (n[b] > k)
			k = n[b];
	/* Under the zoom each word is two rows tall when the stack fits;
	   when not, a row says so. */
	tall = m->zoom && 2 * k + 3 <= h ? 2 : 1;
	stack = h - 3 - (m->zoom && tall == 1);
	if (stack > k)
		stack = k;
	if (stack < 1)
		stack = 1;
	for (k = 0; k < stack; k++) {
		row = y + 1 + k * tall;
		if (lab > 0)
			canvas_text(c, x, row, k == 0 ? "words" : "",
			    ROLE_DIM, lab);
		for (b = 0; b < RULES_BANKS; b++) {
			bx = x + lab + b * cw;
			if (k >= n[b]) {
				if (k == 0)
					canvas_put(c, bx + cw - 1, row,
					    0x00b7, ROLE_DIM);
				continue;
			}
			role = panel_bank_role(rb.degree[b]);
			more = n[b] - stack + 1;
			if (k == stack - 1 && more > 1) {
				/* More words than rows: n-way counts them. */
				for (i = 0; i < cw - (cw == 3); i++)
					canvas_put(c, bx + (cw == 3) + i,
					    row, 0x22ee, role);
				continue;
			}
			if ((lanes[b][k] & m->focus) != 0)
				role = ROLE_FOCUS;
			else if (__builtin_popcount(lanes[b][k]) > 1)
				role = ROLE_BROADCAST;
			ch = canvas_glyph(c, role);
			for (t = 0; t < tall; t++)
				for (i = 0; i < cw - (cw == 3); i++)
					canvas_put(c, bx + (cw == 3) + i,
					    row + t, ch, role);
		}
	}
	stack *= tall;
	shared_degrees(c, x, y + 1 + stack, lab, cw, &rb);
	shared_busiest(c, x, y + 2 + stack, w, &rb, lanes, n);
	if (m->zoom && tall == 1 && 3 + stack < h)
		panel_zoom_note(c, x, y + 3 + stack++, w);
	return stack + 3;
}

/* --- memory: constant ------------------------------------------------- */

static int
panel_constant(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct access		*a = &m->acc;
	const struct launch_site	*s = &m->l->sites[a->site];
	const char			*name;
	struct rules_reads		 rd;
	const uint32_t			*lanes = rd.lanes;
	int				 n, i, cols, ew, row, col;
	enum role			 role;
	char				 buf[64], lt[32];

	name = m->l->arrays[s->array].def->name;
	rules_distinct(a->addr, panel_arrived(m), a->nlanes, &rd);
	n = rd.n;
	if (n == 1)
		snprintf(buf, sizeof buf, "one address: one read, broadcast "
		    "to every lane");
	else
		snprintf(buf, sizeof buf, "%d distinct addresses, read one "
		    "after another", n);
	panel_fit(buf, w);
	canvas_text(c, x, y, buf, ROLE_DIM, w);
	ew = 24;
	cols = w / ew > 0 ? w / ew : 1;
	for (i = 0; i < n; i++) {
		row = 1 + i % (h - 1 > 0 ? h - 1 : 1);
		col = i / (h - 1 > 0 ? h - 1 : 1);
		if (col >= cols) {
			/* Over the last entry drawn, blanked first. */
			canvas_fill(c, x + (cols - 1) * ew, y + h - 1, ew, 1,
			    ' ', ROLE_NORMAL);
			canvas_printf(c, x + (cols - 1) * ew, y + h - 1,
			    ROLE_DIM, ew, "... %d more", n - i + 1);
			break;
		}
		if ((lanes[i] & m->focus) != 0)
			role = ROLE_FOCUS;
		else
			role = __builtin_popcount(lanes[i]) > 1 ?
			    ROLE_BROADCAST : ROLE_UNCOALESCED;
		panel_lanes_text(lanes[i], lt, sizeof lt, 8);
		snprintf(buf, sizeof buf, "%2d %s[%" PRId64 "]", i + 1, name,
		    a->index[rd.first[i]]);
		canvas_put(c, x + col * ew, y + row, canvas_glyph(c, role),
		    role);
		canvas_text(c, x + col * ew + 2, y + row, buf, ROLE_NORMAL,
		    13);
		canvas_printf(c, x + col * ew + 15, y + row, ROLE_LANE, ew - 16,
		    "%s%s", __builtin_popcount(lanes[i]) > 1 ? "" : "ln ", lt);
	}
	return n + 1 < h ? n + 1 : h;
}

static int
panel_memory_draw(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, int window)
{
	if (h < 2 || w < 10)
		return 0;
	if (m->res.active == 0) {
		canvas_text(c, x, y, "no active lane: this step makes no "
		    "request", ROLE_DIM, w);
		return 1;
	}
	switch (m->res.space) {
	case SPACE_GLOBAL:
	case SPACE_LOCAL:
		if (arch_transactions(m->arch))
			return panel_legacy(c, x, y, w, h, m);
		return panel_global(c, x, y, w, h, m, window);
	case SPACE_SHARED:
		return panel_shared(c, x, y, w, h, m);
	case SPACE_CONSTANT:
		return panel_constant(c, x, y, w, h, m);
	case SPACE_TEXTURE:
		return panel_texture(c, x, y, w, h, m);
	}
	return 0;
}

/* One key of the legend: a glyph (ch, or the role's) and its text. */
struct panel_keydef {
	enum role	 role;
	uint32_t	 ch;
	const char	*text;
};

/*
 * The legend under a memory panel: the focused lanes first (so that a
 * narrow legend still says it), then the panel's keys in order, each
 * drawn whole or not at all, so a narrow panel drops the last keys
 * rather than spilling into its neighbour.
 */
int
panel_legend(struct canvas *c, int x, int y, int w,
    const struct view_model *m)
{
	static const struct panel_keydef global[] = {
		{ ROLE_COALESCED, 0, "coalesced" }, { ROLE_SPLIT, 0, "split" },
		{ ROLE_UNCOALESCED, 0, "uncoalesced" },
		{ ROLE_BROADCAST, 0, "broadcast" }, { ROLE_WASTE, 0, "unused" },
		{ ROLE_DIM, 0x00b7, "not moved" }, { 0, 0, NULL }
	}, shared[] = {
		{ ROLE_BANK_FREE, 0, "no conflict" },
		{ ROLE_CONFLICT_LOW, 0, "2-3 way" },
		{ ROLE_CONFLICT_MID, 0, "4-15 way" },
		{ ROLE_CONFLICT_HIGH, 0, "16+ way" },
		{ ROLE_BROADCAST, 0, "one word, many lanes" }, { 0, 0, NULL }
	}, constant[] = {
		{ ROLE_BROADCAST, 0, "one read for many lanes" },
		{ ROLE_UNCOALESCED, 0, "a read for one lane" }, { 0, 0, NULL }
	};
	struct panel_keydef	 keys[8];
	const struct panel_keydef *k = global;
	char			 buf[48], lt[32];
	int			 n = 0, i = 0, need;

	if (m->res.space == SPACE_SHARED)
		k = shared;
	else if (m->res.space == SPACE_CONSTANT)
		k = constant;
	if (m->focus != 0) {
		panel_lanes_text(m->focus, lt, sizeof lt, 12);
		snprintf(buf, sizeof buf, "lane%s %s", __builtin_popcount(
		    m->focus) > 1 ? "s" : "", lt);
		keys[i++] = (struct panel_keydef){ ROLE_FOCUS, 0, buf };
	}
	for (; k->text != NULL && i < 7; k++)
		keys[i++] = *k;
	keys[i].text = NULL;
	for (k = keys; k->text != NULL; k++) {
		need = 2 + (int)strlen(k->text);
		if (n + need > w)
			break;
		canvas_put(c, x + n, y, k->ch != 0 ? k->ch :
		    canvas_glyph(c, k->role), k->role);
		canvas_text(c, x + n + 2, y, k->text, ROLE_DIM, need - 2);
		n += need + 2;
	}
	return 1;
}

const struct panel panel_memory = {
	.name = "memory",
	.draw = panel_memory_draw,
};
