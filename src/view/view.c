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

/*
 * The title bar's two halves in one of their forms: left is " NAME
 * params — TITLE" (form 0), without the title (1), with only the
 * parameters changed from their defaults (2) or the name alone (3);
 * right is "step S/N (k=..)  block X,Y  warp W  ARCH " (form 0) or
 * without the block and warp (1), which the lanes heading says too.
 */
static void
view_title_parts(const struct view_model *m, int ascii, int lf, int rf,
    char *left, size_t llen, char *right, size_t rlen)
{
	const struct launch	*l = m->l;
	char			 params[256];
	int			 i, j;
	size_t			 used;

	param_format(&l->ps, params, sizeof params, lf < 2);
	for (i = 0; params[i] != '\0'; i++)
		if (params[i] == ',')
			params[i] = ' ';
	if (lf >= 3)
		params[0] = '\0';
	if (lf == 0)
		snprintf(left, llen, " %s  %s  %s %s", l->v->name, params,
		    ascii ? "-" : "\xe2\x80\x94", l->v->title);
	else
		snprintf(left, llen, " %s  %s", l->v->name, params);
	used = snprintf(right, rlen, "step %" PRId64 "/%" PRId64,
	    m->step, l->nsteps);
	for (i = 0; i < l->sites[m->acc.site].nloops && used < rlen; i++) {
		j = l->sites[m->acc.site].loop[i];
		used += snprintf(right + used, rlen - used, "%s%s=%"
		    PRId64, i ? "," : " (", l->loops[j].var, m->acc.loop[j]);
		if (i + 1 == l->sites[m->acc.site].nloops && used < rlen)
			used += snprintf(right + used, rlen - used, ")");
	}
	if (used < rlen && rf == 0)
		snprintf(right + used, rlen - used, "  block %" PRId64
		    ",%" PRId64 "  warp %d  %s ", m->block[0], m->block[1],
		    m->warp, arch_name(m->arch));
	else if (used < rlen)
		snprintf(right + used, rlen - used, "  %s ",
		    arch_name(m->arch));
}

/* Columns of UTF-8 text. */
static int
view_cols(const char *s)
{
	int	n = 0;

	for (; *s != '\0'; s++)
		if ((*s & 0xc0) != 0x80)
			n++;
	return n;
}

/* The forms of the title bar, most first, that view_title tries. */
static const int view_title_forms[][2] = {
	{ 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 }, { 3, 1 }
};
#define VIEW_TITLE_FORMS \
	((int)(sizeof view_title_forms / sizeof view_title_forms[0]))

/* The first form of the title bar that fits in w columns (the last one
   when none does). */
static int
view_title_form(const struct view_model *m, int ascii, int w)
{
	char	left[400], right[160];
	int	f;

	for (f = 0; f < VIEW_TITLE_FORMS - 1; f++) {
		view_title_parts(m, ascii, view_title_forms[f][0],
		    view_title_forms[f][1], left, sizeof left, right,
		    sizeof right);
		if (view_cols(left) + 1 + view_cols(right) <= w)
			break;
	}
	return f;
}

/*
 * The title bar: variant and parameters left, where we are right, in
 * the fullest form that fits; the kernel's title, when it does not fit
 * here, heads the source instead (view_source_title).
 */
static void
view_title(struct canvas *c, int x, int y, int w, const struct view_model *m)
{
	char	left[400], right[160];
	int	f, n;

	canvas_fill(c, x, y, w, 1, ' ', ROLE_TITLE);
	f = view_title_form(m, c->ascii, w);
	view_title_parts(m, c->ascii, view_title_forms[f][0],
	    view_title_forms[f][1], left, sizeof left, right, sizeof right);
	n = view_cols(right);
	if (n > w)
		n = w;
	canvas_text(c, x, y, left, ROLE_TITLE, w - n - 1);
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

/* Rows panel p uses drawn w wide with at most max rows (at least 1). */
static int
view_panel_rows(const struct panel *p, const struct view_model *m, int w,
    int max, int arg)
{
	struct canvas	*scratch;
	int		 n;

	scratch = canvas_new(w, max, 0);
	n = panel_draw(p, scratch, 0, 0, w, max, m, arg);
	canvas_free(scratch);
	return n < 1 ? 1 : n;
}

/* Rows the compact layout's memory and counts panels use, the memory
   mw wide and the counts the rest of w: at least 6, at most 8. */
static int
view_memory_rows(const struct view_model *m, int mw, int w)
{
	int	a, b;

	a = view_panel_rows(&panel_memory, m, mw - 2, 8, w >= 110);
	b = view_panel_rows(&panel_counts, m, w - mw - 2, 8, 0);
	a = a > b ? a : b;
	return a < 6 ? 6 : a;
}

/* Rows text takes wrapped at width w (up to 64). */
static int
view_wrap_rows(const char *text, int w)
{
	struct canvas	*scratch;
	int		 n;

	if (text == NULL)
		return 0;
	scratch = canvas_new(w, 64, 0);
	n = panel_wrap(scratch, 0, 0, w, 64, text, ROLE_NORMAL);
	canvas_free(scratch);
	return n;
}

/*
 * Text in buf shortened by design to h rows at width w: whole sentences
 * from its start (up to a ". "), never a cut one.  Returns buf.
 */
static const char *
view_sentences(const char *text, int w, int h, char *buf, size_t len)
{
	size_t	i, best = 0;

	snprintf(buf, len, "%s", text != NULL ? text : "");
	if (view_wrap_rows(buf, w) <= h)
		return buf;
	/* The longest run of whole sentences that fits, if any does. */
	for (i = 0; buf[i] != '\0'; i++) {
		if (buf[i] != '.' || buf[i + 1] != ' ')
			continue;
		buf[i + 1] = '\0';
		if (view_wrap_rows(buf, w) <= h)
			best = i + 1;
		buf[i + 1] = ' ';
	}
	buf[best] = '\0';
	return buf;
}

/* The variant's note as the lesson area shows it, in buf. */
static const char *
view_note(const struct view_model *m, char *buf, size_t len)
{
	if (m->l->v->note == NULL)
		return NULL;
	snprintf(buf, len, "Note: %s.", m->l->v->note);
	return buf;
}

/*
 * Lines the lesson (or a scene's counter and narration) take wrapped at
 * width w, at most max; *note gets the lines the variant's note adds
 * (0 without a scene's narration or a note).  A layout gives the lesson
 * its lines and the note its own only when they fit whole: a sentence
 * is never cut.
 */
static int
view_lesson_rows(const struct view_model *m, const struct view_opts *o,
    int w, int max, int *note)
{
	char	buf[400];
	int	n;

	*note = 0;
	if (o != NULL && o->narration != NULL)
		n = (o->scene != NULL ? view_wrap_rows(o->scene, w) : 0) +
		    view_wrap_rows(o->narration, w);
	else {
		n = view_wrap_rows(m->l->v->lesson, w);
		*note = view_wrap_rows(view_note(m, buf, sizeof buf), w);
	}
	return n < max ? n : max;
}

/* Lesson (and note, when it fits whole) text from row y, h rows; a
   scene's narration instead when there is one. */
static void
view_lesson(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, const struct view_opts *o)
{
	int		 n;
	char		 buf[400], text[1024];
	const char	*note;

	if (o != NULL && o->narration != NULL) {
		view_scene_text(c, x, y, w, h, o);
		return;
	}
	n = panel_wrap(c, x, y, w, h, view_sentences(m->l->v->lesson, w, h,
	    text, sizeof text), ROLE_NORMAL);
	note = view_note(m, buf, sizeof buf);
	if (note != NULL && view_wrap_rows(note, w) <= h - n)
		panel_wrap(c, x, y + n, w, h - n, note, ROLE_WARN);
}

/* The memory panel's title: array, space, op and bytes per lane. */
static void
view_memory_title(const struct view_model *m, char *buf, size_t len)
{
	const struct launch_site	*s = &m->l->sites[m->acc.site];
	const struct launch_array	*a = &m->l->arrays[s->array];
	if (s->space == SPACE_GLOBAL)
		snprintf(buf, len, "%s  global %s, %d B/lane, %s",
		    a->def->name, arch_op_name(s->op),
		    s->size, arch_unit(m->arch));
	else if (s->space == SPACE_LOCAL)
		/* Each lane's own copy, interleaved word by word. */
		snprintf(buf, len, "%s  local %s, a word a lane, lanes "
		    "interleaved, %s", a->def->name, arch_op_name(s->op),
		    arch_unit(m->arch));
	else if (s->space == SPACE_TEXTURE)
		snprintf(buf, len, "%s  texture fetch, %d B texels, sectors "
		    "of 16 B x 2 rows", a->def->name, s->size);
	else if (s->space == SPACE_SHARED)
		snprintf(buf, len, "%s  shared %s, 32 banks of 4 bytes",
		    a->def->name, arch_op_name(s->op));
	else
		snprintf(buf, len, "%s  constant load, one read per address",
		    a->def->name);
}

/*
 * The kernel box title: function and file (a user's as given), and the
 * kernel's title when the title bar had no room for it, in the fullest
 * form that fits w columns.
 */
static void
view_source_title(const struct canvas *c, const struct view_model *m,
    char *buf, size_t len, int w)
{
	const struct variant	*v = m->l->v;
	const char		*dash = c->ascii ? "-" : "\xe2\x80\x94";
	char			 file[256];

	if (v->path != NULL)
		snprintf(file, sizeof file, "%s", v->path);
	else
		snprintf(file, sizeof file, "cuda/%s", v->source);
	if (view_title_forms[view_title_form(m, c->ascii, c->w)][0] != 0) {
		if (snprintf(buf, len, "kernel %s  %s %s %s", v->kernel,
		    file, dash, v->title) < (int)len && view_cols(buf) <= w)
			return;
		/* A catalog kernel's file (one with a CPU reference) can
		   go; a user's file stays. */
		if (v->live.reference != NULL && snprintf(buf, len, "kernel %s %s %s",
		    v->kernel, dash, v->title) < (int)len &&
		    view_cols(buf) <= w)
			return;
	}
	if (snprintf(buf, len, "kernel %s  %s", v->kernel, file) >= (int)len ||
	    view_cols(buf) > w)
		snprintf(buf, len, "kernel %s", v->kernel);
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
	int	w = c->w, h = c->h, top, sw, lw, mid, mh, cw, lh, nh, gh, gb, y, used;
	int	mrows;
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
	lh = view_lesson_rows(m, o, w - 9, 6 + (h - VIEW_FULL_H) / 8,
	    &nh);
	if (lh + nh <= 4 + (h - VIEW_FULL_H) / 8)
		lh += nh;
	mid = 1 + top;
	cw = w >= 160 ? w * 30 / 100 : 44;
	/* The GPU's verdicts under the counts when each takes a row or
	   two there, else whole, full width under the boxes (gb rows). */
	gh = panel_gpu_height(o, 4, cw - 3, "");
	gb = 0;
	if (gh > panel_gpu_rows(o, 4) + 1) {
		gb = panel_gpu_height(o, 4, w - 4, "GPU  ");
		gh = 0;
	}
	mh = h - 1 - mid - lh - gb;

	view_source_title(c, m, buf, sizeof buf, sw - 5);
	canvas_box(c, 0, 1, sw, top, buf, ROLE_BORDER);
	panel_draw(&panel_source, c, 1, 2, sw - 2, top - 2, m,
	    o != NULL ? o->source_scroll : 0);
	view_lanes_title(m, buf, sizeof buf);
	panel_fit(buf, lw - 5);
	canvas_box(c, sw, 1, lw, top, buf, ROLE_BORDER);
	panel_draw(&panel_lanes_table, c, sw + 2, 2, lw - 3, top - 2, m, 0);

	view_memory_title(m, buf, sizeof buf);
	panel_fit(buf, w - cw - 5);
	canvas_box(c, 0, mid, w - cw, mh, buf, ROLE_BORDER);
	canvas_box(c, w - cw, mid, cw, mh, "counts", ROLE_BORDER);
	if (o != NULL && o->hide) {
		panel_wrap(c, 2, mid + 1, w - cw - 4, mh - 2, VIEW_HIDDEN,
		    ROLE_DIM);
		panel_wrap(c, w - cw + 2, mid + 1, cw - 3, mh - 2,
		    VIEW_HIDDEN, ROLE_DIM);
		gh = 0;
	} else {
		panel_draw(&panel_memory, c, 2, mid + 1, w - cw - 4, mh - 3,
		    m, 1);
		panel_legend(c, 2, mid + mh - 2, w - cw - 4, m);
		/* Measured counters take the rows of "so far" and the whole
		   launch's (they say "= model" or both numbers): this step
		   keeps 5. */
		used = mh - 2 - (gh ? gh + 1 : 0);
		mrows = panel_measured_rows(m, o);
		if (mrows > used - 5)
			mrows = used - 5 > 0 ? used - 5 : 0;
		y = panel_draw(&panel_counts, c, w - cw + 2, mid + 1, cw - 3,
		    used - mrows, m, mrows == 0);
		panel_measured(c, w - cw + 2, mid + 1 + y, cw - 3, used - y,
		    m, o);
	}
	if (gh > 0) {
		y = mid + mh - 1 - gh;
		panel_rule(c, w - cw + 1, y - 1, cw - 2, "GPU");
		panel_gpu(c, w - cw + 2, y, cw - 3, gh, 4, o, "");
	}
	if (gb > 0)
		panel_gpu(c, 2, mid + mh, w - 4, gb, 4, o, "GPU  ");

	y = mid + mh + gb;
	canvas_text(c, 1, y, o != NULL && o->narration != NULL ? "Scene" :
	    "Lesson", ROLE_HEADING, 7);
	view_lesson(c, 8, y, w - 9, lh, m, o);
	return mid + mh - 2;
}

static void
view_compact(struct canvas *c, const struct view_model *m,
    const struct view_opts *o)
{
	int	w = c->w, h = c->h, sh, rh, lh, nh, mh, mw, gh, y, i, need;
	char	buf[256];

	/* Five source rows: the index lines, guard, loop and access. */
	sh = 5 + (h - VIEW_MIN_H) / 3;
	rh = view_panel_rows(&panel_lane_runs, m, w - 1, 2, 0);
	mw = w >= 100 ? w - 40 : 48;
	gh = panel_gpu_height(o, 4, w - 2, "");
	/* The lecturer's words whole: the memory panel gives way first,
	   down to six rows, then the source (down to the access and two
	   lines around it), and only then does the lesson keep to its
	   first whole sentences. */
	lh = view_lesson_rows(m, o, w - 9, 8, &nh);
	need = view_memory_rows(m, mw, w);
	mh = h - 6 - sh - rh - gh - lh;
	while (mh < 6 && sh > 3) {
		sh--;
		mh++;
	}
	while (mh < 6 && lh > 2) {
		lh--;
		mh++;
	}
	/* The note only whole, in rows the memory panel can spare. */
	if (nh > 0 && mh - nh >= need) {
		lh += nh;
		mh -= nh;
	}

	y = 1;
	view_source_title(c, m, buf, sizeof buf, w - 5);
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
	for (i = 0; i < mh; i++)
		canvas_put(c, mw, y + i, 0x2502, ROLE_BORDER);
	if (o != NULL && o->hide) {
		panel_wrap(c, 1, y, mw - 2, mh, VIEW_HIDDEN, ROLE_DIM);
		panel_wrap(c, mw + 2, y, w - mw - 2, mh, VIEW_HIDDEN,
		    ROLE_DIM);
		y += mh + 1;
	} else {
		panel_draw(&panel_memory, c, 1, y, mw - 2, mh, m, w >= 110);
		/* Measured counters take the rows of "so far" and the whole
		   launch's (they say "= model" or both numbers): this step
		   keeps 4. */
		i = panel_measured_rows(m, o);
		if (i > mh - 4)
			i = mh - 4 > 0 ? mh - 4 : 0;
		i = panel_draw(&panel_counts, c, mw + 2, y, w - mw - 2, mh - i,
		    m, mh >= 14 && i == 0);
		panel_measured(c, mw + 2, y + i, w - mw - 2, mh - i, m, o);
		y += mh;
		panel_legend(c, 1, y++, w - 1, m);
	}
	y += panel_gpu(c, 1, y, w - 2, gh, 4, o, "");
	canvas_text(c, 1, y, o != NULL && o->narration != NULL ? "Scene" :
	    "Lesson", ROLE_HEADING, 7);
	view_lesson(c, 8, y, w - 9, lh, m, o);
}

int
view_draw(struct canvas *c, const struct view_model *m,
    const struct view_opts *o)
{
	struct view_model	hm;
	int			legend = -1;

	if (o != NULL && o->hide) {
		hm = *m;
		hm.hide = 1;
		m = &hm;
	}
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
