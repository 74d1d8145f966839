/* SPDX-License-Identifier: ISC
 * panel-counts.c - the counts of this step, of this warp so far and of the
 * whole launch, with their ratios to the ideal.
 *
 * Units: sectors, requests, transactions, wavefronts and bytes as model/
 * counts them (struct access_result, struct totals).  Must not print,
 * allocate, or know curses.
 */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oob.h"
#include "panel.h"

static int
panel_pct(int64_t part, int64_t whole)
{
	return whole > 0 ? (int)((part * 100 + whole / 2) / whole) : 0;
}

static double
panel_ratio(int64_t a, int64_t b)
{
	return b > 0 ? (double)a / (double)b : 0.0;
}

/* "4x", "1.25x": a over b, b > 0, without trailing zeros. */
static void
panel_times(char *buf, size_t len, int64_t a, int64_t b)
{
	if (b <= 0)
		snprintf(buf, len, "-");
	else if (a % b == 0)
		snprintf(buf, len, "%" PRId64 "x", a / b);
	else if ((a * 10) % b == 0)
		snprintf(buf, len, "%.1fx", (double)a / (double)b);
	else
		snprintf(buf, len, "%.2fx", (double)a / (double)b);
}

/*
 * The waste of a global request in plain words, against the need of a
 * coalesced warp of the same width: "16 sectors where a coalesced warp
 * needs 4: 4x".
 */
static void
panel_global_words(char *buf, size_t len, const struct rules_global *g)
{
	char	x[16];

	panel_times(x, sizeof x, g->sectors, g->need);
	switch (g->class) {
	case RULES_COALESCED:
		snprintf(buf, len, "%d sector%s, just what a coalesced warp "
		    "needs", g->sectors, g->sectors == 1 ? "" : "s");
		break;
	case RULES_BROADCAST:
		snprintf(buf, len, "%d sector%s where a coalesced warp needs "
		    "%d: lanes share addresses", g->sectors, g->sectors == 1 ?
		    "" : "s", g->need);
		break;
	default:
		snprintf(buf, len, "%d sector%s where a coalesced warp needs "
		    "%d: %s", g->sectors, g->sectors == 1 ? "" : "s", g->need,
		    x);
		break;
	}
}

/*
 * A kind's totals on one or two lines: so far as counts, over the launch
 * per request.  Returns the lines used (at most h).
 */
static int
panel_kind_line(struct canvas *c, int x, int y, int w, int h,
    const char *name, const struct site_totals *t, enum arch arch,
    int per_request)
{
	int	 row = 0, n, k, pct;
	char	 buf[96], *cut;

	if (t->requests == 0 || h < 1)
		return 0;
	/* "this load: 2.00 sectors/req" when that fits, else the label on
	   a line of its own and the numbers under it, indented. */
	snprintf(buf, sizeof buf, "%s:", name);
	if (14 + 20 > w) {
		if (h < 2)
			return 0;
		canvas_text(c, x, y, buf, ROLE_DIM, w);
		y++;
		h--;
		row++;
		n = 2;
	} else
		n = canvas_printf(c, x, y, ROLE_DIM, w, "%-13s ", buf);
	x += n;
	w -= n;
	n = 0;
	if (t->wavefronts + t->ideal_wavefronts > 0 && t->sectors == 0) {
		if (per_request)
			canvas_printf(c, x + n, y, ROLE_NORMAL, w - n, "%.2f "
			    "wavefronts/req", panel_ratio(t->wavefronts,
			    t->requests));
		else
			canvas_printf(c, x + n, y, ROLE_NORMAL, w - n, "%"
			    PRId64 " wavefront%s in %" PRId64 " req",
			    t->wavefronts, t->wavefronts == 1 ? "" : "s",
			    t->requests);
		if (h < 2)
			return row + 1;
		if (per_request)
			canvas_printf(c, x + n, y + 1, ROLE_DIM, w - n, "ideal "
			    "%.2f", panel_ratio(t->ideal_wavefronts,
			    t->requests));
		else
			canvas_printf(c, x + n, y + 1, ROLE_DIM, w - n, "ideal "
			    "%" PRId64, t->ideal_wavefronts);
		return row + 2;
	}
	if (t->sectors == 0) {
		if (per_request)
			canvas_printf(c, x + n, y, ROLE_NORMAL, w - n, "%.2f "
			    "serial reads/req", panel_ratio(t->serial,
			    t->requests));
		else
			canvas_printf(c, x + n, y, ROLE_NORMAL, w - n, "%"
			    PRId64 " serial read%s in %" PRId64 " req",
			    t->serial, t->serial == 1 ? "" : "s", t->requests);
		return row + 1;
	}
	if (per_request)
		canvas_printf(c, x + n, y, ROLE_NORMAL, w - n, "%.2f sectors/"
		    "req", panel_ratio(t->sectors, t->requests));
	else
		canvas_printf(c, x + n, y, ROLE_NORMAL, w - n, "%" PRId64
		    " sector%s in %" PRId64 " req", t->sectors,
		    t->sectors == 1 ? "" : "s", t->requests);
	k = 1;
	if (k < h && arch_transactions(arch)) {
		canvas_printf(c, x + n, y + k++, ROLE_NORMAL, w - n,
		    "%.2f %s/req", panel_ratio(t->transactions,
		    t->requests), arch == ARCH_CC20 ? "lines" : "segments");
	}
	if (k < h) {
		/* The bytes the lanes asked for, of the bytes moved. */
		pct = panel_pct(t->bytes_used, t->bytes_moved);
		if (per_request && t->need > 0)
			/* Against a coalesced warp, as this step's words. */
			snprintf(buf, sizeof buf, "need %.2f, %d%% of bytes "
			    "used", panel_ratio(t->need, t->requests), pct);
		else if (per_request)
			snprintf(buf, sizeof buf, "ideal %.2f, %d%% of bytes "
			    "used", panel_ratio(t->ideal, t->requests), pct);
		else
			snprintf(buf, sizeof buf, "ideal %" PRId64 ", %d%% of "
			    "bytes used", t->ideal, pct);
		/* Shortened by design where the longer one would not fit. */
		if ((int)strlen(buf) > w - n &&
		    (cut = strstr(buf, " of bytes")) != NULL)
			memmove(cut, cut + 9, strlen(cut + 9) + 1);
		canvas_text(c, x + n, y + k++, buf, ROLE_DIM, w - n);
	}
	return row + k;
}

/* The kinds of a totals struct, each on a line or two. */
static int
panel_kinds(struct canvas *c, int x, int y, int w, int h,
    const struct totals *t, int per_request)
{
	struct site_totals	 g;
	int			 row = 0;

	memset(&g, 0, sizeof g);
	totals_merge(&g, &t->global_load);
	totals_merge(&g, &t->global_store);
	totals_merge(&g, &t->global_atomic);
	row += panel_kind_line(c, x, y + row, w, h - row, "all global", &g,
	    t->arch, per_request);
	memset(&g, 0, sizeof g);
	totals_merge(&g, &t->shared_load);
	totals_merge(&g, &t->shared_store);
	row += panel_kind_line(c, x, y + row, w, h - row, "all shared", &g,
	    t->arch, per_request);
	row += panel_kind_line(c, x, y + row, w, h - row, "all constant",
	    &t->constant, t->arch, per_request);
	memset(&g, 0, sizeof g);
	totals_merge(&g, &t->local_load);
	totals_merge(&g, &t->local_store);
	row += panel_kind_line(c, x, y + row, w, h - row, "all local", &g,
	    t->arch, per_request);
	return row;
}

/* A sentence wrapped within w when it fits whole in h rows, else
   nothing (a sentence is never cut); returns the rows used. */
static int
panel_sentence(struct canvas *c, int x, int y, int w, int h,
    const char *text, enum role role)
{
	struct canvas	*scratch;
	int		 n;

	scratch = canvas_new(w, h + 1, 0);
	n = panel_wrap(scratch, 0, 0, w, h + 1, text, role);
	canvas_free(scratch);
	if (n > h)
		return 0;
	return panel_wrap(c, x, y, w, h, text, role);
}

/* A sentence of this step's counts, wrapped within w when it fits
   whole in the h rows left; returns the rows used. */
static __attribute__((format(printf, 7, 8))) int
panel_say(struct canvas *c, int x, int y, int w, int h, enum role role,
    const char *fmt, ...)
{
	va_list	ap;
	char	buf[256];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return panel_sentence(c, x, y, w, h, buf, role);
}

/* Lanes outside the array: still drawn and counted, flagged in words so
   it reads without colour.  Returns the rows used. */
static int
oob_line(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct launch_array	*a;
	char				 buf[160];
	int64_t				 d, far = 0;
	int				 l, n = 0, k;

	a = &m->l->arrays[m->l->sites[m->acc.site].array];
	for (l = 0; l < m->acc.nlanes; l++) {
		if (!(m->acc.oob & (UINT32_C(1) << l)))
			continue;
		n++;
		d = oob_distance(m->acc.index[l], a->length);
		if ((d < 0 ? -d : d) > (far < 0 ? -far : far))
			far = d;
	}
	snprintf(buf, sizeof buf, "OUT OF BOUNDS: %d lane%s outside %s, up "
	    "to %lld element%s %s", n, n == 1 ? "" : "s", a->def->name,
	    (long long)(far < 0 ? -far : far), far == 1 || far == -1 ? "" :
	    "s", far < 0 ? "before it" : "past its end");
	if ((k = panel_sentence(c, x, y, w, h, buf, ROLE_BAD)) > 0)
		return k;
	/* Shortened by design: how far is in the lanes' addresses. */
	snprintf(buf, sizeof buf, "OUT OF BOUNDS: %d lane%s outside %s", n,
	    n == 1 ? "" : "s", a->def->name);
	return panel_sentence(c, x, y, w, h, buf, ROLE_BAD);
}

/* A global (sectored) access: its class, why, and the bytes moved; the
   rows used. */
static int
counts_global(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct access_result	*r = &m->res;
	enum role			 role;
	int				 row = 0;
	char				 buf[160];

	role = panel_class_role(r->g.class);
	canvas_put(c, x + 1, y + row, canvas_glyph(c, role), role);
	canvas_text(c, x + 3, y + row++, rules_class_name(r->g.class),
	    role, w - 3);
	panel_global_words(buf, sizeof buf, &r->g);
	row += panel_sentence(c, x + 3, y + row, w - 3, h - row, buf,
	    r->g.class == RULES_SPLIT || r->g.class ==
	    RULES_UNCOALESCED ? ROLE_BAD : ROLE_NORMAL);
	if (row < h && arch_transactions(m->arch)) {
		row += panel_say(c, x + 3, y + row, w - 3, h - row,
		    ROLE_NORMAL, "%d %s%s: %d B for %d B used",
		    r->l.transactions, m->arch == ARCH_CC20 ? "line" :
		    "segment", r->l.transactions == 1 ? "" : "s",
		    r->l.bytes_moved, r->l.bytes_used);
		if (row < h && m->arch == ARCH_CC20)
			row += panel_say(c, x + 3, y + row, w - 3,
			    h - row, ROLE_DIM, "%d 32-B segments if "
			    "L1 is bypassed", r->l.l2_segments);
	} else if (row < h && r->g.class == RULES_BROADCAST)
		/* Few distinct bytes is the point of a broadcast, not
		   a waste: say what the lanes share. */
		row += panel_say(c, x + 3, y + row, w - 3, h - row,
		    ROLE_GOOD, "%d B moved, %d distinct B for %d lanes",
		    r->g.sectors * RULES_SECTOR, r->g.bytes_used,
		    r->g.active);
	else if (row < h)
		row += panel_say(c, x + 3, y + row, w - 3, h - row,
		    r->g.sectors > r->g.ideal ? ROLE_WARN : ROLE_GOOD,
		    "%d B moved, %d used: %d%%", r->g.sectors *
		    RULES_SECTOR, r->g.bytes_used,
		    panel_pct(r->g.bytes_used, r->g.sectors *
		    RULES_SECTOR));
	return row;
}

/* A shared access: its bank conflict and wavefronts; the rows used. */
static int
counts_shared(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m)
{
	const struct access_result	*r = &m->res;
	const struct launch_site	*s = &m->l->sites[m->acc.site];
	enum role			 role;
	int				 row = 0;
	char				 buf[160], tbuf[16];

	role = panel_bank_role(r->s.degree);
	canvas_put(c, x + 1, y + row, canvas_glyph(c, role), role);
	if (r->s.degree <= 1)
		canvas_text(c, x + 3, y + row++, "no conflict", role,
		    w - 3);
	else
		row += panel_say(c, x + 3, y + row, w - 3, h - row,
		    role, "%d-way conflict", r->s.degree);
	if (r->s.wavefronts > r->s.ideal) {
		panel_times(tbuf, sizeof tbuf, r->s.wavefronts,
		    r->s.ideal);
		snprintf(buf, sizeof buf, "%d wavefronts where %d "
		    "would do: %s", r->s.wavefronts, r->s.ideal, tbuf);
	} else
		snprintf(buf, sizeof buf, "%d wavefront%s, as few as "
		    "can be", r->s.wavefronts, r->s.wavefronts == 1 ?
		    "" : "s");
	row += panel_sentence(c, x + 3, y + row, w - 3, h - row, buf,
	    r->s.wavefronts > r->s.ideal ? ROLE_BAD : ROLE_NORMAL);
	if (row < h && s->size > 4 && s->op == OP_STORE)
		row += panel_say(c, x + 3, y + row, w - 3, h - row,
		    ROLE_DIM, "%d-byte store: phases of %d lanes",
		    s->size, s->size == 8 ? 16 : 8);
	else if (row < h && s->size > 4)
		row += panel_say(c, x + 3, y + row, w - 3, h - row,
		    ROLE_DIM, "%d-byte load: %d phase%s", s->size,
		    r->s.ideal, r->s.ideal == 1 ? "" : "s");
	return row;
}

static int
panel_counts_draw(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, int so_far)
{
	const struct access_result	*r = &m->res;
	const struct launch_site	*s = &m->l->sites[m->acc.site];
	enum role			 role;
	int				 row = 0;
	char				 buf[160];

	if (h < 1 || w < 16)
		return 0;
	if (so_far != 0 || w >= 30)
		row += panel_say(c, x, y + row, w, h - row, ROLE_HEADING,
		    "this step: %s %s", arch_op_name(s->op), s->text);
	if (row < h && m->compiled != NULL &&
	    m->acc.site < m->compiled->nsites) {
		char	per[96];

		compiled_per(m->l, m->compiled, m->acc.site, per, sizeof per);
		snprintf(buf, sizeof buf, "as compiled (%s): %s",
		    isa_kind_name(m->compiled->kind), per);
		row += panel_wrap(c, x, y + row, w, h - row > 2 ? 2 : h - row,
		    buf, ROLE_NORMAL);
	}
	if (row < h && m->acc.oob != 0)
		row += oob_line(c, x, y + row, w, h - row > 2 ? 2 : h - row,
		    m);
	if (row < h && r->active == 0)
		canvas_text(c, x, y + row++, "no active lane, no request",
		    ROLE_DIM, w);
	else if (row < h && arch_sectored(r->space))
		row += counts_global(c, x, y + row, w, h - row, m);
	else if (row < h && r->space == SPACE_SHARED)
		row += counts_shared(c, x, y + row, w, h - row, m);
	else if (row < h && r->space == SPACE_TEXTURE) {
		role = panel_texture_role(&r->t);
		canvas_put(c, x + 1, y + row, canvas_glyph(c, role), role);
		row += panel_say(c, x + 3, y + row, w - 3, h - row, role,
		    "%d sectors in %d texture requests", r->t.sectors,
		    r->t.requests);
		if (row < h)
			row += panel_say(c, x + 3, y + row, w - 3, h - row,
			    r->t.sectors > r->t.ideal ? ROLE_WARN : ROLE_GOOD,
			    "ideal %d: %s", r->t.ideal, m->l->arrays[
			    s->array].def->dims[0] != NULL ? "a quad of lanes "
			    "a request" : "8 lanes a request");
	} else if (row < h) {
		role = r->c.serial <= 1 ? ROLE_BROADCAST : ROLE_UNCOALESCED;
		canvas_put(c, x + 1, y + row, canvas_glyph(c, role), role);
		row += panel_say(c, x + 3, y + row, w - 3, h - row, role,
		    "%d serial read%s for %d lanes", r->c.serial,
		    r->c.serial == 1 ? "" : "s", r->c.active);
	}
	if (so_far && row + 1 < h) {
		canvas_printf(c, x, y + row++, ROLE_HEADING, w, "so far, "
		    "steps 0-%" PRId64 " of this warp", m->step);
		if (m->so_far_pending)
			row += panel_wrap(c, x + 1, y + row, w - 1, h - row,
			    "computing...", ROLE_DIM);
		else
			row += panel_kinds(c, x + 1, y + row, w - 1, h - row,
			    &m->so_far, 0);
	}
	/* The heading only with a count under it: its label and numbers
	   take one row where the panel is wide, two where narrow. */
	if (m->whole != NULL && row + (w - 1 >= 34 ? 1 : 2) < h) {
		snprintf(buf, sizeof buf, "whole launch, %" PRId64 " warps",
		    launch_total_warps(m->l));
		canvas_text(c, x, y + row++, buf, ROLE_HEADING, w);
		/* This access of every warp, then every access of each
		   kind: why the two percentages differ is in the labels. */
		row += panel_kind_line(c, x + 1, y + row, w - 1, h - row,
		    s->op == OP_LOAD ? "this load" : "this store",
		    &m->whole->site[m->acc.site], m->arch, 1);
		row += panel_kinds(c, x + 1, y + row, w - 1, h - row,
		    m->whole, 1);
	} else if (m->whole_why != NULL && row + 1 < h) {
		canvas_text(c, x, y + row++, "whole launch", ROLE_HEADING, w);
		row += panel_wrap(c, x + 1, y + row, w - 1, h - row,
		    m->whole_why, ROLE_DIM);
	}
	return row;
}

const struct panel panel_counts = {
	.name = "counts",
	.draw = panel_counts_draw,
};
