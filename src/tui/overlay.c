/* SPDX-License-Identifier: ISC
 * overlay.c - boxes drawn over the frame: key help (from keys_table), the
 * variant picker (by family, in catalog order), the parameter list (from
 * the variant's parameter table) and the one-line prompt.  Geometry is
 * computed in one function so drawing and mouse hits agree.  Text is
 * ASCII so the ASCII fallback needs nothing special.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "keys.h"
#include "gpu.h"
#include "occupancy.h"
#include "overlay.h"

struct box {
	int	x, y, w, h;
	int	vis;		/* list rows shown */
};

int
overlay_variant_rows(int *rows, int max)
{
	const char	*fam;
	int		 i, j, n = 0, seen;

	for (i = 0; catalog[i] != NULL; i++) {
		fam = catalog[i]->family;
		seen = 0;
		for (j = 0; j < i && !seen; j++)
			seen = strcmp(catalog[j]->family, fam) == 0;
		if (seen)
			continue;
		if (n < max)
			rows[n++] = -1 - i;
		for (j = i; catalog[j] != NULL; j++)
			if (strcmp(catalog[j]->family, fam) == 0 && n < max)
				rows[n++] = j;
	}
	return n;
}

int
overlay_list_height(int h)
{
	int	bh = h - 4;

	return bh - 3 > 1 ? bh - 3 : 1;
}

/* The box of a list of n rows, wanted width ww, in a w x h canvas. */
static struct box
list_box(int w, int h, int n, int ww)
{
	struct box	b;

	b.w = ww < w - 4 ? ww : w - 4;
	b.vis = n < overlay_list_height(h) ? n : overlay_list_height(h);
	b.h = b.vis + 3;
	b.x = (w - b.w) / 2;
	b.y = (h - b.h) / 2;
	return b;
}

static int
list_rows(const struct state *st)
{
	int	rows[OVERLAY_MAX_ROWS];

	if (st->mode == MODE_VARIANTS)
		return overlay_variant_rows(rows, OVERLAY_MAX_ROWS);
	return st->pane[0].ps.n;
}

#define VARIANTS_W	76
#define PARAMS_W	104

int
overlay_hit(const struct state *st, int w, int h, int x, int y)
{
	struct box	b;
	int		 n;

	if (st->mode != MODE_VARIANTS && st->mode != MODE_PARAMS)
		return -1;
	n = list_rows(st);
	b = list_box(w, h, n, st->mode == MODE_VARIANTS ? VARIANTS_W :
	    PARAMS_W);
	if (x <= b.x || x >= b.x + b.w - 1 || y <= b.y || y > b.y + b.vis)
		return -1;
	return st->top + (y - b.y - 1);
}

/* Blank the inside of a box and draw its frame. */
static void
box_open(struct canvas *cv, const struct box *b, const char *title)
{
	canvas_fill(cv, b->x, b->y, b->w, b->h, ' ', ROLE_NORMAL);
	canvas_box(cv, b->x, b->y, b->w, b->h, title, ROLE_BORDER);
}

static void
list_footer(struct canvas *cv, const struct box *b, int top, int n,
    const char *hint)
{
	char	more[48] = "";

	if (n > b->vis)
		snprintf(more, sizeof more, "  [%d-%d of %d]", top + 1,
		    top + b->vis, n);
	canvas_printf(cv, b->x + 2, b->y + b->h - 2, ROLE_HELP, b->w - 4,
	    "%s%s", hint, more);
}

static void
draw_help(struct canvas *cv, const struct state *st)
{
	const struct keys_entry	*e;
	struct box		 b;
	char			 names[32];
	int			 n = 0, i, cols, per, colw, r, c;
	size_t			 len;

	for (e = keys_table; e->help != NULL; e++)
		n++;
	cols = n + 4 <= cv->h ? 1 : 2;
	colw = cols == 1 ? 48 : (cv->w - 6) / 2;
	if (colw > 48)
		colw = 48;
	per = (n + cols - 1) / cols;
	b.w = cols * colw + 2 + (cols - 1) * 2;
	b.h = per + 3;
	if (b.w > cv->w)
		b.w = cv->w;
	if (b.h > cv->h)
		b.h = cv->h;
	b.x = (cv->w - b.w) / 2;
	b.y = (cv->h - b.h) / 2;
	box_open(cv, &b, "keys");
	for (i = 0, e = keys_table; e->help != NULL; e++, i++) {
		names[0] = '\0';
		for (r = 0; r < KEYS_PER_ACTION; r++) {
			if (e->name[r] == NULL)
				continue;
			len = strlen(names);
			snprintf(names + len, sizeof names - len, "%s%s",
			    len ? ", " : "", e->name[r]);
		}
		c = i / per;
		r = i % per;
		canvas_printf(cv, b.x + 2 + c * (colw + 2), b.y + 1 + r,
		    ROLE_HEADING, 9, "%s", names);
		canvas_printf(cv, b.x + 2 + c * (colw + 2) + 10, b.y + 1 + r,
		    e->fn != NULL ? ROLE_NORMAL : ROLE_DIM, colw - 11, "%s",
		    e->help);
	}
	canvas_text(cv, b.x + 2, b.y + b.h - 2, "? or Right: the words on "
	    "the screen (glossary); any other key closes", ROLE_HELP, b.w - 4);
}

/* The words the screen uses, each with one example from the catalog. */
static const char *const glossary[][3] = {
	{ "sector", "32 aligned bytes: what global memory moves",
	  "copy-offset, offset=1: 128 bytes cross 5 sectors" },
	{ "line", "128 aligned bytes, 4 sectors",
	  "stride, stride=32: every lane in its own line, 32 lines" },
	{ "request", "one warp-wide load or store instruction",
	  "struct12: 3 requests an element; struct16: 1" },
	{ "need", "sectors a coalesced warp of that width moves",
	  "32 lanes x 4 B / 32 = 4; twohop-v0's d[n*i + k] takes 16" },
	{ "ideal", "sectors of the bytes actually used",
	  "struct16: 12 of 16 bytes are fields, so ideal 12, 75% used" },
	{ "wavefront", "one pass of shared memory over its 32 banks",
	  "powers-stride32: 32 wavefronts where 1 would do" },
	{ "bank", "shared memory's 4-byte columns: word mod 32",
	  "powers-padded, s[t*33 + k]: one bank per lane" },
	{ "broadcast", "lanes on one address or word, served once",
	  "matmul-col: M[Row*Width+k], 2 sectors for 32 lanes" },
	{ "conflict", "degree n (n-way): most distinct words in one bank",
	  "powers-stride32: 32-way; powers-transposed: none" },
	{ "occupancy", "resident warps per SM over the most it holds",
	  "twohop-v2 on an H100 (o): registers allow 20 of 64 warps" },
	{ "local", "a thread's own array in device memory, lanes interleaved",
	  "local-uniform: 4 sectors a read; local-lane: 32" },
	{ "texture", "read through the texture unit: 16 B x 2 rows a sector",
	  "tex-col: a column in 16 sectors; tex-col-global: 32" },
};

static void
draw_glossary(struct canvas *cv)
{
	struct box	b;
	size_t		i, n = sizeof glossary / sizeof glossary[0];
	int		y, two;

	/* A short screen drops the examples: every word keeps its line. */
	two = (int)n * 2 + 3 <= cv->h;
	b.w = cv->w - 4 < 76 ? cv->w - 4 : 76;
	b.h = (int)n * (1 + two) + 3 < cv->h ? (int)n * (1 + two) + 3 : cv->h;
	b.x = (cv->w - b.w) / 2;
	b.y = (cv->h - b.h) / 2;
	box_open(cv, &b, "glossary");
	for (i = 0, y = b.y + 1; i < n && y + 1 < b.y + b.h - 1; i++) {
		canvas_text(cv, b.x + 2, y, glossary[i][0], ROLE_HEADING, 10);
		canvas_text(cv, b.x + 13, y++, glossary[i][1], ROLE_NORMAL,
		    b.w - 15);
		if (two)
			canvas_text(cv, b.x + 13, y++, glossary[i][2],
			    ROLE_DIM, b.w - 15);
	}
	canvas_text(cv, b.x + 2, b.y + b.h - 2, "Left: the keys; any other "
	    "key closes", ROLE_HELP, b.w - 4);
}

/* One row of the occupancy what-if: its label and value, or the value
   being typed with the prompt's cursor. */
static void
draw_occ_row(struct canvas *cv, const struct state *st, const struct box *b,
    int y, int row)
{
	static const char *const label[OCC_ROWS] = {
		"device", "registers", "threads", "shared"
	};
	const struct state_occ	*o = &st->occ;
	char			 val[OCC_LINE_MAX], bytes[24];
	int			 on = row == o->row, x, v = 0, w;

	if (row != OCC_ROW_DEVICE)
		v = o->val[row - OCC_ROW_REGS];
	switch (row) {
	case OCC_ROW_DEVICE:
		occupancy_bytes(bytes, sizeof bytes,
		    occ_devices[o->dev]->smem_per_sm);
		snprintf(val, sizeof val, "%s: %d threads, %d registers, %s, "
		    "%d blocks", occ_devices[o->dev]->name,
		    occ_devices[o->dev]->threads_per_sm,
		    occ_devices[o->dev]->regs_per_sm, bytes,
		    occ_devices[o->dev]->blocks_per_sm);
		break;
	case OCC_ROW_REGS:
		if (v > 0)
			snprintf(val, sizeof val, "%d a thread", v);
		else
			snprintf(val, sizeof val, "0: not counted");
		break;
	case OCC_ROW_THREADS:
		snprintf(val, sizeof val, "%d a block (%d warp%s)", v,
		    (v + 31) / 32, v > 32 ? "s" : "");
		break;
	default:
		occupancy_bytes(bytes, sizeof bytes, v);
		snprintf(val, sizeof val, v > 0 ? "%s a block" : "none",
		    bytes);
		break;
	}
	canvas_printf(cv, b->x + 2, y, on ? ROLE_CURSOR : ROLE_NORMAL, 13,
	    "%c %s", on ? '>' : ' ', label[row]);
	x = b->x + 15;
	w = b->x + b->w - 2 - x;
	if (on && o->editing) {
		/* As the prompt: the old value selected, typing replaces. */
		canvas_text(cv, x, y, st->input, st->ifresh ? ROLE_CURSOR :
		    ROLE_NORMAL, w);
		if (st->icur < st->ninput)
			canvas_role(cv, x + st->icur, y, 1, 1, ROLE_CURSOR);
		else
			canvas_put(cv, x + st->icur, y, '_', ROLE_NORMAL);
		if (w - st->ninput - 2 > 0)
			canvas_text(cv, x + st->ninput + 2, y, row ==
			    OCC_ROW_SHARED ? "bytes, or KB as 5K" : row ==
			    OCC_ROW_REGS ? "0 to 255, 0: not counted" :
			    "1 to 1024", ROLE_HELP, w - st->ninput - 2);
		return;
	}
	canvas_text(cv, x, y, val, on ? ROLE_CURSOR : ROLE_NORMAL, w);
	if (on)
		canvas_role(cv, b->x + 1, y, b->w - 2, 1, ROLE_CURSOR);
}

/* Whether an explained line is that of a limit allowing no more blocks
   than are resident ("registers:     ..." when registers bind). */
static int
occ_binds(const char *line, const struct occ_result *r)
{
	const int	by[] = { r->by_threads, r->by_regs, r->by_smem,
			    r->by_blocks };
	const char	*name;
	int		 i;
	size_t		 len;

	for (i = 0; i < 4; i++) {
		name = occupancy_limit_name(i);
		len = strlen(name);
		if (by[i] == r->blocks && strncmp(line, name, len) == 0 &&
		    line[len] == ':')
			return 1;
	}
	return 0;
}

/*
 * The occupancy overlay: the what-if (a block's registers, threads and
 * shared memory on a device model, edited here, and in words what each
 * limit allows and what binds), then this variant as built on each
 * device model, then the whole live GPU panel.
 */
static void
draw_gpu(struct canvas *cv, const struct state *st)
{
	const struct state_occ	*o = &st->occ;
	const struct occ_device	*d = occ_devices[o->dev];
	char			 occ[GPU_OCC_LINES][GPU_LINE_MAX];
	char			 gl[GPU_PANEL_LINES][GPU_LINE_MAX];
	char			 el[OCC_EXPLAIN_LINES][OCC_LINE_MAX];
	char			 title[64];
	struct occ_result	 r;
	struct box		 b;
	enum role		 role;
	int			 no, ng, ne, i, y, end;

	no = gpu_occupancy(&st->pane[0].ps, occ);
	ng = gpu_panel(&st->pane[0].ps, gl);
	ne = occupancy_explain(d, o->val[OCC_FIELD_THREADS],
	    o->val[OCC_FIELD_REGS], o->val[OCC_FIELD_SHARED], el);
	occupancy_compute(d, o->val[OCC_FIELD_THREADS], o->val[OCC_FIELD_REGS],
	    o->val[OCC_FIELD_SHARED], &r);
	b.w = cv->w - 4 < 100 ? cv->w - 4 : 100;
	b.h = OCC_ROWS + ne + no + ng + 6;
	if (b.h > cv->h)
		b.h = cv->h;
	b.x = (cv->w - b.w) / 2;
	b.y = (cv->h - b.h) / 2;
	end = b.y + b.h - 2;
	snprintf(title, sizeof title, "occupancy: %s", st->pane[0].v->name);
	box_open(cv, &b, title);
	y = b.y + 1;
	canvas_text(cv, b.x + 2, y++, "what if  (t threads, r registers, m "
	    "shared, d device, v the variant's)", ROLE_HEADING, b.w - 4);
	for (i = 0; i < OCC_ROWS && y < end; i++)
		draw_occ_row(cv, st, &b, y++, i);
	for (i = 0; i < ne && y < end; i++) {
		/* The binding limit and the verdict stand out. */
		role = ROLE_NORMAL;
		if (strncmp(el[i], "does not fit", 12) == 0 ||
		    (r.blocks == 0 && strncmp(el[i], "resident", 8) == 0))
			role = ROLE_BAD;
		else if (r.blocks > 0 && occ_binds(el[i], &r))
			role = ROLE_WARN;
		else if (strncmp(el[i], "resident", 8) == 0 ||
		    strncmp(el[i], "occupancy", 9) == 0)
			role = ROLE_HEADING;
		else if (el[i][0] == ' ')
			role = ROLE_DIM;	/* a note on the line above */
		canvas_text(cv, b.x + 2, y++, el[i], role, b.w - 4);
	}
	if (y < end)
		canvas_printf(cv, b.x + 2, y++, ROLE_HEADING, b.w - 4, "%s "
		    "as built", st->pane[0].v->name);
	for (i = 0; i < no && y < end; i++)
		canvas_text(cv, b.x + 2, y++, occ[i], ROLE_NORMAL, b.w - 4);
	if (y < end)
		canvas_text(cv, b.x + 2, y++, "live GPU", ROLE_HEADING,
		    b.w - 4);
	for (i = 0; i < ng && y < end; i++)
		canvas_text(cv, b.x + 2, y++, gl[i], ROLE_NORMAL, b.w - 4);
	if (o->why[0] != '\0')
		canvas_text(cv, b.x + 2, end, o->why, ROLE_BAD, b.w - 4);
	else if (o->editing)
		canvas_text(cv, b.x + 2, end, "Enter applies, Esc cancels; "
		    "Ctrl-U clears, Left/Right move", ROLE_HELP, b.w - 4);
	else
		canvas_text(cv, b.x + 2, end, "Up/Down a row, Left/Right "
		    "change it, digits type; Esc closes", ROLE_HELP, b.w - 4);
}

static void
draw_variants(struct canvas *cv, const struct state *st)
{
	const struct variant	*v;
	struct box		 b;
	int			 rows[OVERLAY_MAX_ROWS], n, i, r, y;
	int			 cur = catalog_index(st->pane[0].v);

	n = overlay_variant_rows(rows, OVERLAY_MAX_ROWS);
	b = list_box(cv->w, cv->h, n, VARIANTS_W);
	box_open(cv, &b, "variants");
	for (i = 0; i < b.vis && st->top + i < n; i++) {
		r = rows[st->top + i];
		y = b.y + 1 + i;
		if (r < 0) {
			canvas_printf(cv, b.x + 2, y, ROLE_HEADING, b.w - 4,
			    "%s", catalog[-1 - r]->family);
			continue;
		}
		v = catalog[r];
		canvas_printf(cv, b.x + 2, y, st->top + i == st->sel ?
		    ROLE_CURSOR : ROLE_NORMAL, b.w - 4, "%c %-18s %s%s",
		    st->top + i == st->sel ? '>' : ' ', v->name, v->title,
		    r == cur ? " (now)" : "");
		if (st->top + i == st->sel)
			canvas_role(cv, b.x + 1, y, b.w - 2, 1, ROLE_CURSOR);
	}
	list_footer(cv, &b, st->top, n, "Enter shows it, Esc closes");
}

static void
draw_params(struct canvas *cv, const struct state *st)
{
	const struct param_set	*ps = &st->pane[0].ps;
	const struct param_def	*d;
	struct box		 b;
	char			 range[48];
	int			 i, y, on;

	b = list_box(cv->w, cv->h, ps->n, PARAMS_W);
	box_open(cv, &b, "parameters");
	for (i = 0; i < b.vis && st->top + i < ps->n; i++) {
		d = ps->def[st->top + i];
		y = b.y + 1 + i;
		on = st->top + i == st->sel;
		snprintf(range, sizeof range, "%lld..%lld %s",
		    (long long)d->min, (long long)d->max, d->unit);
		canvas_printf(cv, b.x + 2, y, on ? ROLE_CURSOR : ROLE_NORMAL,
		    b.w - 4, "%c %-7s = %-9lld %-26s %s", on ? '>' : ' ',
		    d->name, (long long)ps->val[st->top + i], range, d->text);
		if (on)
			canvas_role(cv, b.x + 1, y, b.w - 2, 1, ROLE_CURSOR);
	}
	list_footer(cv, &b, st->top, ps->n, "Enter edits the value, Esc "
	    "closes");
}

/* Text in whole words within w columns from x, y (cv NULL: only count);
   returns the rows. */
static int
overlay_wrap(struct canvas *cv, int x, int y, int w, const char *text)
{
	const char	*p = text, *sp, *end;
	int		 row = 0, n;

	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		/* The rest, or up to its last space within w columns
		   (the questions are ASCII). */
		if ((int)strlen(p) <= w)
			end = p + strlen(p);
		else {
			end = NULL;
			for (sp = p; sp <= p + w; sp++)
				if (*sp == ' ')
					end = sp;
			if (end == NULL || end == p)
				end = p + w;
		}
		n = (int)(end - p);
		if (cv != NULL)
			canvas_printf(cv, x, y + row, ROLE_HEADING, w, "%.*s",
			    n, p);
		row++;
		p = end;
	}
	return row;
}

static void
draw_prompt(struct canvas *cv, const struct state *st)
{
	const struct param_def	*d;
	struct box		 b;
	char			 label[96];
	struct launch_pos	 pos;
	const struct launch_site *site;
	int			 n, x, k, q;

	switch (st->prompt) {
	case PROMPT_PARAM:
		d = st->pane[0].ps.def[st->param];
		snprintf(label, sizeof label, "%s (%lld..%lld %s%s) = ",
		    d->name, (long long)d->min, (long long)d->max, d->unit,
		    (d->flags & PARAM_POW2) ? ", a power of two" : "");
		break;
	case PROMPT_BLOCK:
		snprintf(label, sizeof label, "block (X,Y from 0,0 to "
		    "%lld,%lld) = ", (long long)st->pane[0].l->grid[0] - 1,
		    (long long)st->pane[0].l->grid[1] - 1);
		break;
	case PROMPT_STEP:
		snprintf(label, sizeof label, "step (0..%lld) = ",
		    (long long)state_nsteps(st) - 1);
		break;
	case PROMPT_LANES:
		snprintf(label, sizeof label, "lanes to focus (e.g. 0,16; "
		    "empty: none) = ");
		break;
	case PROMPT_PREDICT:
		snprintf(label, sizeof label, "your answer = ");
		break;
	case PROMPT_LOOP:
		launch_locate(st->pane[0].l, st->step, &pos);
		site = &st->pane[0].l->sites[pos.site];
		k = site->loop[site->nloops > 0 ? site->nloops - 1 : 0];
		snprintf(label, sizeof label, "%s (0..%lld) = ",
		    st->pane[0].l->loops[k].var,
		    (long long)st->pane[0].l->loops[k].count - 1);
		break;
	}
	b.w = cv->w - 8 < 72 ? cv->w - 8 : 72;
	/* The question over the answer, in whole words. */
	q = st->prompt == PROMPT_PREDICT ? overlay_wrap(NULL, 0, 0,
	    b.w - 4, st->truth.question) : 0;
	b.h = 4 + q;
	b.x = (cv->w - b.w) / 2;
	b.y = (cv->h - b.h) / 2;
	box_open(cv, &b, q > 0 ? "predict, then see" : "type a value");
	if (q > 0)
		overlay_wrap(cv, b.x + 2, b.y + 1, b.w - 4,
		    st->truth.question);
	b.y += q;
	n = canvas_text(cv, b.x + 2, b.y + 1, label, ROLE_NORMAL, b.w - 4);
	x = b.x + 2 + n;
	/* The old value shows selected: typing replaces it. */
	canvas_text(cv, x, b.y + 1, st->input, st->ifresh ? ROLE_CURSOR :
	    ROLE_NORMAL, b.x + b.w - 2 - x);
	if (st->icur < st->ninput)
		canvas_role(cv, x + st->icur, b.y + 1, 1, 1, ROLE_CURSOR);
	else
		canvas_put(cv, x + st->icur, b.y + 1, '_', ROLE_NORMAL);
	canvas_text(cv, b.x + 2, b.y + 2, st->ifresh ? "type to replace, "
	    "Left/Right to edit; Enter applies, Esc cancels" : "Enter "
	    "applies, Esc cancels; Ctrl-U clears, Ctrl-A/E start/end",
	    ROLE_HELP, b.w - 4);
}

void
overlay_draw(struct canvas *cv, const struct state *st)
{
	switch (st->mode) {
	case MODE_FRAME:
		break;
	case MODE_HELP:
		if (st->help_page == 1)
			draw_glossary(cv);
		else
			draw_help(cv, st);
		break;
	case MODE_GPU:
		draw_gpu(cv, st);
		break;
	case MODE_VARIANTS:
		draw_variants(cv, st);
		break;
	case MODE_PARAMS:
		draw_params(cv, st);
		break;
	case MODE_PROMPT:
		draw_prompt(cv, st);
		break;
	}
}
