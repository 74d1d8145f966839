/* SPDX-License-Identifier: ISC
 * view.c - the model side of a frame (view_model_set) and the frame of one
 * variant in two layouts: compact for 80x24 up to 119 columns or 34 rows,
 * full from 120x35.  The panels themselves are in panel-*.c; side by side
 * frames in compare.c.
 *
 * Units: canvas cells; steps from 0; lanes 0-31.  Every count drawn comes
 * from model/.  Must not print or know curses.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "panel.h"
#include "view.h"

#define VIEW_FULL_W	120
#define VIEW_FULL_H	35

/*
 * The so-far totals are kept in m->so_far for steps 0..m->so_far_step of
 * the warp in m; moving by d steps in the same warp costs d warp
 * evaluations (the steps are added or taken away), any other move
 * re-evaluates from step 0, or leaves it pending when that is more than
 * m->so_far_budget steps.
 */
int
view_model_set(struct view_model *m, const struct launch *l, enum arch arch,
    int64_t step, int64_t bx, int64_t by, int warp, char **cause)
{
	int64_t	from;
	int	same;

	if (warp_access(l, bx, by, warp, step, &m->acc, cause) != 0)
		return -1;
	arch_apply(arch, l, &m->acc, &m->res);
	same = m->so_far_l == l && m->arch == arch && m->block[0] == bx &&
	    m->block[1] == by && m->warp == warp && m->so_far_valid;
	if (same && m->so_far_step > step && m->so_far_step - step <= step) {
		/* Back: take the steps after this one away. */
		if (totals_warp_add(&m->so_far, l, arch, bx, by, warp, step + 1,
		    m->so_far_step, -1, NULL, cause) != 0) {
			m->so_far_valid = 0;
			return -1;
		}
		m->so_far_step = step;
	}
	if (same && m->so_far_step <= step)
		from = m->so_far_step + 1;
	else {
		memset(&m->so_far, 0, sizeof m->so_far);
		m->so_far_valid = 0;
		from = 0;
	}
	m->l = l;
	m->so_far_l = l;
	m->arch = arch;
	m->step = step;
	m->block[0] = bx;
	m->block[1] = by;
	m->warp = warp;
	m->so_far.arch = arch;
	m->so_far.nsites = l->nsites;
	m->so_far_pending = m->so_far_budget > 0 &&
	    step - from + 1 > m->so_far_budget;
	if (m->so_far_pending) {
		/* Whoever set the budget computes it elsewhere. */
		memset(&m->so_far, 0, sizeof m->so_far);
		m->so_far_valid = 0;
		return 0;
	}
	if (totals_warp_add(&m->so_far, l, arch, bx, by, warp, from, step, 1,
	    NULL, cause) != 0) {
		m->so_far_valid = 0;
		return -1;
	}
	m->so_far_step = step;
	m->so_far_valid = 1;
	return 0;
}

void
view_model_so_far(struct view_model *m, const struct totals *t, int64_t to)
{
	m->so_far = *t;
	m->so_far_step = to;
	m->so_far_valid = 1;
	m->so_far_pending = 0;
}

/* The title bar: variant and parameters left, where we are right. */
static void
view_title(struct canvas *c, int x, int y, int w, const struct view_model *m)
{
	const struct launch	*l = m->l;
	char			 params[256], right[160], left[400];
	int			 n, i, j;
	size_t			 used;

	canvas_fill(c, x, y, w, 1, ' ', ROLE_TITLE);
	param_format(&l->ps, params, sizeof params, 1);
	for (i = 0; params[i] != '\0'; i++)
		if (params[i] == ',')
			params[i] = ' ';
	used = snprintf(right, sizeof right, "step %" PRId64 "/%" PRId64,
	    m->step, l->nsteps);
	for (i = 0; i < l->sites[m->acc.site].nloops; i++) {
		j = l->sites[m->acc.site].loop[i];
		used += snprintf(right + used, sizeof right - used, "%s%s=%"
		    PRId64, i ? "," : " (", l->loops[j].var, m->acc.loop[j]);
		if (i + 1 == l->sites[m->acc.site].nloops && used <
		    sizeof right)
			used += snprintf(right + used, sizeof right - used,
			    ")");
	}
	if (used < sizeof right)
		snprintf(right + used, sizeof right - used, "  block %" PRId64
		    ",%" PRId64 "  warp %d  %s ", m->block[0], m->block[1],
		    m->warp, arch_name(m->arch));
	snprintf(left, sizeof left, " %s  %s  %s %s %s", l->v->name, params,
	    c->ascii ? "-" : "\xe2\x80\x94", l->v->title, "");
	n = (int)strlen(right);
	if (n > w)
		n = w;
	canvas_text(c, x, y, left, ROLE_TITLE, w - n - 1);
	if (w - n - 1 > 0 && (int)strlen(left) > w - n - 1) {
		canvas_put(c, x + w - n - 2, y, 0x2026, ROLE_TITLE);
		canvas_cut(c, x + w - n - 2, y, "\xe2\x80\xa6", left);
	}
	canvas_text(c, x + w - n, y, right, ROLE_TITLE, n);
}

/* A scene's counter and title, then its narration, wrapped. */
static int
view_scene_text(struct canvas *c, int x, int y, int w, int h,
    const struct view_opts *o)
{
	int	n = 0;

	if (o->scene != NULL)
		n = panel_wrap(c, x, y, w, h, o->scene, ROLE_HEADING);
	if (n < h)
		n += panel_wrap(c, x, y + n, w, h - n, o->narration,
		    ROLE_NORMAL);
	return n;
}

/* Lines the lesson and note (or a scene's narration) take wrapped at
   width w, at most max. */
static int
view_lesson_rows(const struct view_model *m, const struct view_opts *o,
    int w, int max)
{
	struct canvas	*scratch;
	int		 n;

	scratch = canvas_new(w, max, 0);
	if (o != NULL && o->narration != NULL) {
		n = view_scene_text(scratch, 0, 0, w, max, o);
		canvas_free(scratch);
		return n;
	}
	n = panel_wrap(scratch, 0, 0, w, max, m->l->v->lesson, ROLE_NORMAL);
	if (m->l->v->note != NULL && n < max)
		n += panel_wrap(scratch, 0, n, w, max - n, m->l->v->note,
		    ROLE_NORMAL);
	canvas_free(scratch);
	return n;
}

/* Lesson (and note) text from row y, h rows; a scene's narration
   instead when there is one. */
static void
view_lesson(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, const struct view_opts *o)
{
	int	n;
	char	note[400];

	if (o != NULL && o->narration != NULL) {
		view_scene_text(c, x, y, w, h, o);
		return;
	}
	n = panel_wrap(c, x, y, w, h, m->l->v->lesson, ROLE_NORMAL);
	if (m->l->v->note != NULL && n < h) {
		snprintf(note, sizeof note, "Note: %s.", m->l->v->note);
		panel_wrap(c, x, y + n, w, h - n, note, ROLE_WARN);
	}
}

/* The memory panel's title: array, space, op and bytes per lane. */
static void
view_memory_title(const struct view_model *m, char *buf, size_t len)
{
	const struct launch_site	*s = &m->l->sites[m->acc.site];
	const struct launch_array	*a = &m->l->arrays[s->array];
	if (s->space == SPACE_GLOBAL)
		snprintf(buf, len, "%s  global %s, %d B/lane, %s",
		    a->def->name, s->op == OP_LOAD ? "load" : "store",
		    s->size, arch_unit(m->arch));
	else if (s->space == SPACE_LOCAL)
		/* Each lane's own copy, interleaved word by word. */
		snprintf(buf, len, "%s  local %s, a word a lane, lanes "
		    "interleaved, %s", a->def->name, s->op == OP_LOAD ?
		    "load" : "store", arch_unit(m->arch));
	else if (s->space == SPACE_SHARED)
		snprintf(buf, len, "%s  shared %s, 32 banks of 4 bytes",
		    a->def->name, s->op == OP_LOAD ? "load" : "store");
	else
		snprintf(buf, len, "%s  constant load, one read per address",
		    a->def->name);
}

/* The kernel box title: function and file (a user's as given). */
static void
view_source_title(const struct view_model *m, char *buf, size_t len)
{
	const struct variant	*v = m->l->v;

	if (v->path != NULL)
		snprintf(buf, len, "kernel %s  %s", v->kernel, v->path);
	else
		snprintf(buf, len, "kernel %s  cuda/%s", v->kernel, v->source);
}

/* The lanes box title: which warp and how many lanes take part. */
static void
view_lanes_title(const struct view_model *m, char *buf, size_t len)
{
	snprintf(buf, len, "lanes: warp %d of block (%" PRId64 ",%" PRId64
	    "), %d of %d active", m->warp, m->block[0], m->block[1],
	    __builtin_popcount(m->acc.active), m->acc.nlanes);
}

/* The full layout; returns the row of the memory legend. */
static int
view_full(struct canvas *c, const struct view_model *m,
    const struct view_opts *o)
{
	int	w = c->w, h = c->h, top, sw, lw, mid, mh, cw, lh, gh, y;
	char	buf[256];

	top = 14 + (h - VIEW_FULL_H) / 3;
	/* The lanes get what they need to fit, the source the rest. */
	lw = panel_lanes_width(m, top - 2) + 4;
	if (lw < w * 40 / 100)
		lw = w * 40 / 100;
	if (lw > w * 60 / 100)
		lw = w * 60 / 100;
	sw = w - lw;
	if (sw > 100) {
		sw = 100;
		lw = w - sw;
	}
	lh = view_lesson_rows(m, o, w - 4, 4 + (h - VIEW_FULL_H) / 8);
	gh = panel_gpu_rows(o, 4);
	mid = 1 + top;
	mh = h - 1 - mid - lh;
	cw = w >= 160 ? w * 30 / 100 : 44;

	view_source_title(m, buf, sizeof buf);
	canvas_box(c, 0, 1, sw, top, buf, ROLE_BORDER);
	panel_draw(&panel_source, c, 1, 2, sw - 2, top - 2, m,
	    o != NULL ? o->source_scroll : 0);
	view_lanes_title(m, buf, sizeof buf);
	canvas_box(c, sw, 1, lw, top, buf, ROLE_BORDER);
	panel_draw(&panel_lanes_table, c, sw + 2, 2, lw - 3, top - 2, m, 0);

	view_memory_title(m, buf, sizeof buf);
	canvas_box(c, 0, mid, w - cw, mh, buf, ROLE_BORDER);
	panel_draw(&panel_memory, c, 2, mid + 1, w - cw - 4, mh - 3, m, 1);
	panel_legend(c, 2, mid + mh - 2, w - cw - 4, m);

	canvas_box(c, w - cw, mid, cw, mh, "counts", ROLE_BORDER);
	panel_draw(&panel_counts, c, w - cw + 2, mid + 1, cw - 3,
	    mh - 2 - (gh ? gh + 1 : 0), m, 1);
	if (gh > 0) {
		y = mid + mh - 1 - gh;
		panel_rule(c, w - cw + 1, y - 1, cw - 2, "GPU");
		panel_gpu(c, w - cw + 2, y, cw - 3, gh, o, "");
	}

	y = mid + mh;
	canvas_text(c, 1, y, o != NULL && o->narration != NULL ? "Scene" :
	    "Lesson", ROLE_HEADING, 7);
	view_lesson(c, 8, y, w - 9, lh, m, o);
	return mid + mh - 2;
}

static void
view_compact(struct canvas *c, const struct view_model *m,
    const struct view_opts *o)
{
	int	w = c->w, h = c->h, sh, rh, lh, mh, mw, gh, y, i;
	char	buf[256];

	/* Five source rows: the index lines, guard, loop and access. */
	sh = 5 + (h - VIEW_MIN_H) / 3;
	rh = 2;
	gh = panel_gpu_rows(o, 4);
	lh = view_lesson_rows(m, o, w - 9, 4);
	/* The memory panel needs 8 rows; the lesson gives way first. */
	mh = h - 6 - sh - rh - gh - lh;
	while (mh < 8 && lh > 2) {
		lh--;
		mh++;
	}
	mw = w >= 100 ? w - 40 : 48;

	y = 1;
	view_source_title(m, buf, sizeof buf);
	panel_rule(c, 0, y++, w, buf);
	panel_draw(&panel_source, c, 0, y, w, sh, m,
	    o != NULL ? o->source_scroll : 0);
	y += sh;
	view_lanes_title(m, buf, sizeof buf);
	panel_rule(c, 0, y++, w, buf);
	panel_draw(&panel_lane_runs, c, 1, y, w - 1, rh, m, 0);
	y += rh;
	view_memory_title(m, buf, sizeof buf);
	panel_rule(c, 0, y, mw, buf);
	panel_rule(c, mw, y, w - mw, "counts");
	canvas_put(c, mw, y, 0x252c, ROLE_BORDER);
	y++;
	panel_draw(&panel_memory, c, 1, y, mw - 2, mh, m, w >= 110);
	for (i = 0; i < mh; i++)
		canvas_put(c, mw, y + i, 0x2502, ROLE_BORDER);
	panel_draw(&panel_counts, c, mw + 2, y, w - mw - 2, mh, m,
	    mh >= 14);
	y += mh;
	panel_legend(c, 1, y++, w - 1, m);
	y += panel_gpu(c, 1, y, w - 2, gh, o, "");
	canvas_text(c, 1, y, o != NULL && o->narration != NULL ? "Scene" :
	    "Lesson", ROLE_HEADING, 7);
	view_lesson(c, 8, y, w - 9, lh, m, o);
}

int
view_draw(struct canvas *c, const struct view_model *m,
    const struct view_opts *o)
{
	int	legend = -1;

	canvas_clear(c);
	if (c->w < VIEW_MIN_W || c->h < VIEW_MIN_H) {
		view_draw_too_small(c, VIEW_MIN_W, VIEW_MIN_H);
		return -1;
	}
	view_title(c, 0, 0, c->w, m);
	if (c->w >= VIEW_FULL_W && c->h >= VIEW_FULL_H)
		legend = view_full(c, m, o);
	else
		view_compact(c, m, o);
	panel_status(c, c->h - 1, o);
	return legend;
}

void
view_draw_too_small(struct canvas *c, int need_w, int need_h)
{
	char	buf[96];
	int	n;

	canvas_clear(c);
	n = snprintf(buf, sizeof buf, "terminal too small: need %dx%d, have "
	    "%dx%d", need_w, need_h, c->w, c->h);
	if (n > c->w)
		n = c->w;
	canvas_text(c, (c->w - n) / 2 > 0 ? (c->w - n) / 2 : 0, c->h / 2, buf,
	    ROLE_WARN, c->w);
}
