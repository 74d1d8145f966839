/* SPDX-License-Identifier: ISC
 * compare.c - two or three variants side by side in narrow columns, each
 * with its access, lanes, memory and counts, and one line under them that
 * says how far apart their whole-launch costs are ("twohop-v0 moves 4.25x
 * the sectors of twohop-v1").
 *
 * The cost compared is the kind that differs most between the variants:
 * global sectors, global bytes moved (which tell memory models apart:
 * copy-offset@cc1.0 beside copy-offset), shared wavefronts or constant
 * serial reads, all from
 * the whole-launch totals (model/totals).  Must not print or know curses.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "panel.h"
#include "view.h"

#define COMPARE_SCENE_MAX	640

#define COMPARE_MAX	3

enum compare_kind {
	COMPARE_SECTORS,
	COMPARE_BYTES,
	COMPARE_WAVEFRONTS,
	COMPARE_SERIAL,
	COMPARE_KINDS
};

static const char *compare_unit[COMPARE_KINDS] = {
	"global sectors", "global bytes", "shared wavefronts",
	"constant reads"
};

/* A whole launch's cost of one kind, and its requests. */
static int64_t
compare_cost(const struct totals *t, enum compare_kind k, int64_t *req)
{
	switch (k) {
	/* Device memory: global, and local and texture where there are. */
	case COMPARE_SECTORS:
		*req = t->global_load.requests + t->global_store.requests +
		    t->global_atomic.requests +
		    t->local_load.requests + t->local_store.requests +
		    t->texture.requests;
		return t->global_load.sectors + t->global_store.sectors +
		    t->global_atomic.sectors +
		    t->local_load.sectors + t->local_store.sectors +
		    t->texture.sectors;
	case COMPARE_BYTES:
		*req = t->global_load.requests + t->global_store.requests +
		    t->global_atomic.requests +
		    t->local_load.requests + t->local_store.requests +
		    t->texture.requests;
		return t->global_load.bytes_moved +
		    t->global_atomic.bytes_moved +
		    t->global_store.bytes_moved + t->local_load.bytes_moved +
		    t->local_store.bytes_moved + t->texture.bytes_moved;
	case COMPARE_WAVEFRONTS:
		*req = t->shared_load.requests + t->shared_store.requests;
		return t->shared_load.wavefronts + t->shared_store.wavefronts;
	default:
		*req = t->constant.requests;
		return t->constant.serial;
	}
}

/*
 * The name of pane i for the verdict: the variant's name, and where
 * another pane runs the same variant, the parameters that tell them apart
 * ("copy-offset offset=1").
 */
static const char *
compare_label(const struct view_model *const *m, int n, int i, char *buf,
    size_t len)
{
	const struct param_set	*a = &m[i]->l->ps, *b;
	size_t			 used;
	int			 j, p, differs;

	used = snprintf(buf, len, "%s", a->v->name);
	for (j = 0; j < n; j++)
		if (m[j]->arch != m[i]->arch) {
			used += snprintf(buf + used, len - used, "@%s",
			    arch_name(m[i]->arch));
			break;
		}
	for (p = 0; p < a->n && used < len; p++) {
		differs = 0;
		for (j = 0; j < n; j++) {
			b = &m[j]->l->ps;
			if (j != i && b->v == a->v && b->val[p] != a->val[p])
				differs = 1;
		}
		if (differs)
			used += snprintf(buf + used, len - used, " %s=%lld",
			    a->def[p]->name, (long long)a->val[p]);
	}
	return buf;
}

/*
 * The verdict: which kind differs most and each variant's cost against
 * the cheapest.  Writes one line into buf.
 */
/* The unit of kind k: "global sectors", or "device sectors" where a
   pane reads local or texture memory, which COMPARE_SECTORS counts too. */
static const char *
compare_unit_of(const struct view_model *const *m, int n, int k)
{
	int	i;

	for (i = 0; k <= COMPARE_BYTES && i < n; i++)
		if (m[i]->whole->local_load.requests +
		    m[i]->whole->local_store.requests +
		    m[i]->whole->texture.requests > 0)
			return k == COMPARE_SECTORS ? "device sectors "
			    "(global, local and texture)" : "device bytes";
	return compare_unit[k];
}

static void
compare_verdict(const struct view_model *const *m, int n, char *buf,
    size_t len)
{
	int64_t			 cost[COMPARE_MAX], req;
	double			 scaled[COMPARE_MAX], ratio, best_ratio = 0.0;
	enum compare_kind	 k, best = COMPARE_SECTORS;
	int			 i, lo, hi, any, per_warp;
	size_t			 used;
	char			 name[96];

	for (i = 0; i < n; i++)
		if (m[i]->whole == NULL) {
			snprintf(buf, len, "whole-launch totals are not "
			    "available for %s%s%s", m[i]->l->v->name,
			    m[i]->whole_why != NULL ? ": " : "",
			    m[i]->whole_why != NULL ? m[i]->whole_why : "");
			return;
		}
	/* Launches of different sizes compare per warp. */
	for (i = 1, per_warp = 0; i < n; i++)
		if (launch_total_warps(m[i]->l) != launch_total_warps(m[0]->l))
			per_warp = 1;
	for (k = 0; k < COMPARE_KINDS; k++) {
		for (i = 0, lo = hi = 0, any = 1; i < n; i++) {
			cost[i] = compare_cost(m[i]->whole, k, &req);
			scaled[i] = per_warp ? (double)cost[i] /
			    launch_total_warps(m[i]->l) : (double)cost[i];
			if (cost[i] <= 0)
				any = 0;
			if (scaled[i] < scaled[lo])
				lo = i;
			if (scaled[i] > scaled[hi])
				hi = i;
		}
		if (!any)
			continue;
		ratio = scaled[hi] / scaled[lo];
		if (ratio > best_ratio) {
			best_ratio = ratio;
			best = k;
		}
	}
	if (best_ratio == 0.0) {
		snprintf(buf, len, "the variants share no kind of memory "
		    "access to compare");
		return;
	}
	for (i = 0, lo = 0; i < n; i++) {
		cost[i] = compare_cost(m[i]->whole, best, &req);
		scaled[i] = per_warp ? (double)cost[i] /
		    launch_total_warps(m[i]->l) : (double)cost[i];
		if (scaled[i] < scaled[lo])
			lo = i;
	}
	if (best_ratio < 1.005) {
		snprintf(buf, len, "whole launch: the same %s%s",
		    compare_unit_of(m, n, best), per_warp ? " per warp" : "");
		return;
	}
	used = snprintf(buf, len, "whole launch%s: ", per_warp ?
	    " (sizes differ, per warp)" : "");
	for (i = 0, any = 0; i < n && used < len; i++) {
		if (i == lo)
			continue;
		used += snprintf(buf + used, len - used, "%s%s moves %.2fx",
		    any ? ", " : "", compare_label(m, n, i, name,
		    sizeof name), scaled[i] / scaled[lo]);
		any = 1;
	}
	if (used < len)
		snprintf(buf + used, len - used, " the %s of %s",
		    compare_unit_of(m, n, best), compare_label(m, n, lo, name,
		    sizeof name));
}

/* Columns of UTF-8 text. */
static int
compare_cols(const char *s)
{
	int	n = 0;

	for (; *s != '\0'; s++)
		if ((*s & 0xc0) != 0x80)
			n++;
	return n;
}

/* Rows panel p uses for m drawn w wide, at most max (at least 1). */
static int
compare_rows(const struct panel *p, const struct view_model *m, int w,
    int max)
{
	struct canvas	*scratch;
	int		 n;

	scratch = canvas_new(w, max, 0);
	n = panel_draw(p, scratch, 0, 0, w, max, m, 0);
	canvas_free(scratch);
	return n < 1 ? 1 : n;
}

/*
 * How the rows of a column are shared out, the same for every column so
 * that their headings line up.  Top to bottom: the name (with the
 * parameters after it when pp is 0), the kernel's title (th), the
 * parameters (pp), the access, sh rows of source under its rule (none
 * when sh is 0), rh rows of lane runs, the memory under its rule, then
 * the counts under theirs, ch rows.
 */
struct compare_layout {
	int	rh;
	int	ch;
	int	sh;
	int	th;
	int	pp;
	int	hide;
};

/*
 * The parameters of m as its column shows them ("n=100 stride=2"), or
 * "defaults".  After the name (fold), the defaults go unsaid unless
 * another column runs the same variant (with other values).
 */
static void
compare_params(const struct view_model *m, const struct view_model *const *o,
    int no, int fold, char *buf, size_t len)
{
	int	i, same = 0;

	param_format(&m->l->ps, buf, len, 0);
	for (i = 0; buf[i] != '\0'; i++)
		if (buf[i] == ',')
			buf[i] = ' ';
	for (i = 0; i < no; i++)
		if (o[i] != m && o[i]->l->v == m->l->v)
			same = 1;
	if (buf[0] == '\0' && (!fold || same))
		snprintf(buf, len, "defaults");
}

/* The column's heading: the name, and the memory model's where the
   others run another one. */
static void
compare_name(const struct view_model *m, const struct view_model *const *o,
    int no, char *buf, size_t len)
{
	int	i;

	snprintf(buf, len, "%s", m->l->v->name);
	for (i = 0; i < no; i++)
		if (o[i]->arch != m->arch) {
			/* Rule sets side by side: each column names its. */
			snprintf(buf, len, "%s  %s: %s", m->l->v->name,
			    arch_name(m->arch), arch_unit(m->arch));
			break;
		}
}

/* One variant's column. */
static void
compare_column(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, const struct compare_layout *lay,
    const struct view_model *const *others, int nothers)
{
	const struct launch_site	*s = &m->l->sites[m->acc.site];
	char				 buf[256], params[256];
	int				 i, used, mh, bottom = y + h;

	compare_name(m, others, nothers, buf, sizeof buf);
	compare_params(m, others, nothers, !lay->pp, params, sizeof params);
	panel_fit(buf, w);
	i = canvas_text(c, x, y, buf, ROLE_HEADING, w);
	if (!lay->pp && params[0] != '\0' && w - i - 2 > 0)
		canvas_text(c, x + i + 2, y, params, ROLE_DIM, w - i - 2);
	y++;
	/* The kernel's title on a row of its own when every column's fits
	   whole (th); else the name stands for it. */
	if (lay->th)
		canvas_text(c, x, y++, m->l->v->title, ROLE_DIM, w);
	if (lay->pp)
		canvas_text(c, x, y++, params, ROLE_DIM, w);
	/* "▶ load M[Row*Width+k]  k=3", the access text highlighted. */
	canvas_put(c, x, y, canvas_glyph(c, ROLE_SOURCE_CURRENT),
	    ROLE_SOURCE_CURRENT);
	panel_access_text(m, buf, sizeof buf);
	canvas_text(c, x + 2, y, buf, ROLE_DIM, w - 2);
	i = (int)strlen(arch_op_name(s->op)) + 1;
	canvas_role(c, x + 2, y, i - 1, 1, ROLE_NORMAL);
	used = (int)strlen(s->text);
	canvas_role(c, x + 2 + i, y, used < w - 2 - i ? used : w - 2 - i,
	    1, ROLE_SOURCE_ACCESS);
	y++;
	/* The source around the access, lines differing from the partners
	   marked: twohop's i and j lines are the whole difference. */
	if (lay->sh > 0) {
		panel_rule(c, x, y, w, "source (\xe2\x89\xa0 differs)");
		if (c->ascii)
			panel_rule(c, x, y, w, "source (! differs)");
		panel_source_compare(c, x, y + 1, w, lay->sh, m, others,
		    nothers);
		y += lay->sh + 1;
	}
	panel_draw(&panel_lane_runs, c, x, y, w, lay->rh, m, 0);
	y += lay->rh;
	panel_rule(c, x, y++, w, "memory");
	if (lay->hide) {
		/* Predict first: what the lanes hit shows after. */
		panel_wrap(c, x, y, w, bottom - y, VIEW_HIDDEN, ROLE_DIM);
		return;
	}
	/* The memory may take the counts' first row; what it leaves, the
	   counts move up into. */
	mh = bottom - y - lay->ch;
	used = panel_draw(&panel_memory, c, x, y, w, mh, m, 0);
	y += used < mh ? used : mh;
	panel_rule(c, x, y++, w, "counts");
	panel_draw(&panel_counts, c, x, y, w, bottom - y, m,
	    bottom - y >= 11);
}

/* Rows the memory has under its rule in a column colh tall, not counting
   the counts' first row, which it may take. */
static int
compare_memory_rows(int colh, const struct compare_layout *lay)
{
	return colh - 1 - lay->th - lay->pp - 1 -
	    (lay->sh > 0 ? lay->sh + 1 : 0) - lay->rh - 1 - 1 - lay->ch;
}

/*
 * The rows of the columns colh tall and cw wide.  The memory needs four
 * to show its first lanes (the ruler, a line, its lanes, "... more");
 * when rows are short, what says least gives them up first: the
 * parameters' row (they go after the name, where "defaults" is not
 * said), source lines beyond the access's, the source left with only the
 * access's line (the access above says it), then the kernel's title.
 */
static void
compare_layout(int h, int colh, int cw, const struct view_model *const *m,
    int n, struct compare_layout *lay)
{
	char	name[256], params[256];
	int	i, k, fold;

	lay->pp = 1;
	lay->ch = h >= 30 ? (h >= 35 ? 9 : 7) : 5;
	/* Source rows: what the columns can spare (4 at 35 rows, 2 at
	   24). */
	lay->sh = h >= 35 ? 4 + (h - 35) / 4 : h >= 30 ? 3 : 2;
	/* Each column's title whole, or none; the lane runs in the rows
	   they need; and under 30 rows the counts of this step only (the
	   verdict gives the whole launch), so the memory has rows. */
	lay->th = 1;
	fold = 1;
	for (i = 0, lay->rh = 1; i < n; i++) {
		if (compare_cols(m[i]->l->v->title) > cw - (i > 0))
			lay->th = 0;
		k = compare_rows(&panel_lane_runs, m[i], cw - 1,
		    h >= 35 ? 3 : 2);
		lay->rh = k > lay->rh ? k : lay->rh;
		compare_name(m[i], m, n, name, sizeof name);
		compare_params(m[i], m, n, 1, params, sizeof params);
		if (params[0] != '\0' && compare_cols(name) + 2 +
		    compare_cols(params) > cw - (i > 0))
			fold = 0;
	}
	if (fold && compare_memory_rows(colh, lay) < 4)
		lay->pp = 0;
	while (lay->sh > 1 && compare_memory_rows(colh, lay) < 4)
		lay->sh--;
	if (compare_memory_rows(colh, lay) < 4)
		lay->sh = 0;
	if (compare_memory_rows(colh, lay) < 4)
		lay->th = 0;
}

/* A lesson scene's counter, title and narration in w columns, h rows at
   most; the rows used. */
static int
compare_scene(struct canvas *c, int x, int y, int w, int h,
    const struct view_opts *o)
{
	char	buf[COMPARE_SCENE_MAX];

	if (o == NULL || o->narration == NULL)
		return 0;
	snprintf(buf, sizeof buf, "%s%s%s", o->scene != NULL ? o->scene : "",
	    o->scene != NULL ? ": " : "", o->narration);
	return panel_wrap(c, x, y, w, h, buf, ROLE_NORMAL);
}

/* Rows text takes wrapped w wide, at most 3. */
static int
compare_text_rows(const char *text, int w)
{
	struct canvas	*scratch;
	int		 n;

	scratch = canvas_new(w, 3, 0);
	n = panel_wrap(scratch, 0, 0, w, 3, text, ROLE_NORMAL);
	canvas_free(scratch);
	return n < 1 ? 1 : n;
}

/* Rows compare_scene takes. */
static int
compare_scene_rows(int w, int max, const struct view_opts *o)
{
	struct canvas	*scratch;
	int		 n;

	if (o == NULL || o->narration == NULL)
		return 0;
	scratch = canvas_new(w, max, 0);
	n = compare_scene(scratch, 0, 0, w, max, o);
	canvas_free(scratch);
	return n;
}

/* Title: the variants (each with its memory model when they differ),
   then where they are. */
static void
compare_title(struct canvas *c, const struct view_model *const *m, int n)
{
	char	buf[512];
	int	i, x, k;

	canvas_fill(c, 0, 0, c->w, 1, ' ', ROLE_TITLE);
	x = canvas_text(c, 0, 0, " compare ", ROLE_TITLE, c->w);
	for (i = 0; i < n; i++)
		x += canvas_printf(c, x, 0, ROLE_TITLE, c->w - x, "%s%s%s%s",
		    i ? " vs " : "", m[i]->l->v->name, m[i]->arch !=
		    m[0]->arch || (n > 1 && m[1]->arch != m[0]->arch) ? "@" :
		    "", m[i]->arch != m[0]->arch || (n > 1 && m[1]->arch !=
		    m[0]->arch) ? arch_name(m[i]->arch) : "");
	k = snprintf(buf, sizeof buf, "step %" PRId64 "  block %" PRId64 ",%"
	    PRId64 "  warp %d  %s ", m[0]->step, m[0]->block[0],
	    m[0]->block[1], m[0]->warp, arch_name(m[0]->arch));
	if (x + k + 2 < c->w)
		canvas_text(c, c->w - k, 0, buf, ROLE_TITLE, k);
}

void
view_draw_compare(struct canvas *c, const struct view_model *const *m, int n,
    const struct view_opts *o)
{
	const struct view_model	*others[COMPARE_MAX];
	char			 buf[512];
	int			 i, j, x, cw, colh, y, k, same, vh, gh, nh;
	struct view_model	 hm[COMPARE_MAX];
	const struct view_model	*hp[COMPARE_MAX];
	struct compare_layout	 lay;

	canvas_clear(c);
	if (c->w < VIEW_MIN_W || c->h < VIEW_MIN_H) {
		view_draw_too_small(c, VIEW_MIN_W, VIEW_MIN_H);
		return;
	}
	if (n < 1)
		return;
	if (n > COMPARE_MAX)
		n = COMPARE_MAX;
	if (o != NULL && o->hide) {
		/* Predict first: copies that show no class or conflict. */
		for (i = 0; i < n; i++) {
			hm[i] = *m[i];
			hm[i].hide = 1;
			hp[i] = &hm[i];
		}
		m = hp;
	}

	compare_title(c, m, n);
	compare_verdict(m, n, buf, sizeof buf);
	vh = compare_text_rows(buf, c->w - 2);
	cw = (c->w - (n - 1)) / n;
	/* The live GPU lines, if any, go under the verdict: the model's
	   ratio and the measured one side by side. */
	gh = panel_gpu_height(o, 3, c->w - 2, "GPU: ");
	if (c->h < 30 && gh > 3)
		gh = 3;
	nh = compare_scene_rows(c->w - 2, c->h >= 35 ? 6 : 4, o);
	/* title, rule, verdict, lesson scene, status */
	colh = c->h - 1 - 1 - 1 - vh - gh - nh;
	compare_layout(c->h, colh, cw, m, n, &lay);
	lay.hide = o != NULL && o->hide;
	for (i = 0; i < n; i++) {
		x = i * (cw + 1);
		if (i > 0)
			canvas_fill(c, x - 1, 1, 1, colh, 0x2502, ROLE_BORDER);
		for (j = k = 0; j < n; j++)
			if (j != i)
				others[k++] = m[j];
		compare_column(c, x + (i > 0), 1, cw - (i > 0), colh, m[i],
		    &lay, others, k);
	}

	y = 1 + colh;
	panel_rule(c, 0, y, c->w, NULL);
	for (i = 1; i < n; i++)
		canvas_put(c, i * (cw + 1) - 1, y, 0x2534, ROLE_BORDER);
	if (o != NULL && o->hide)
		panel_wrap(c, 1, y + 1, c->w - 2, vh, "whole launch: "
		    VIEW_HIDDEN, ROLE_DIM);
	else
		panel_wrap(c, 1, y + 1, c->w - 2, vh, buf, ROLE_HEADING);
	panel_gpu(c, 1, y + 1 + vh, c->w - 2, gh, 3, o, "GPU: ");
	if (nh > 0)
		compare_scene(c, 1, y + 1 + vh + gh, c->w - 2, nh, o);
	/* The legend of the first column's memory, if all columns agree. */
	for (i = 1, same = 1; i < n; i++)
		if (m[i]->res.space != m[0]->res.space)
			same = 0;
	if (same && c->w - 2 >= 72 && (o == NULL || !o->hide)) {
		canvas_fill(c, 0, y, c->w, 1, ' ', ROLE_NORMAL);
		panel_legend(c, 1, y, c->w - 2, m[0]);
	}
	panel_status(c, c->h - 1, o);
}
