/* SPDX-License-Identifier: ISC
 * panel-measured.c - the counters Nsight Compute measured for the launch
 * (struct measured, handed in by the face through view_opts), under the
 * model's counts and beside them: per space the measured requests and
 * sectors or wavefronts, "= model" where they are the model's whole-
 * launch numbers, both numbers and MISMATCH where they are not; then
 * the current access's source line as ncu's source page measured it,
 * where it was read; then the L1 and L2 hit rates and the DRAM bytes.  The agreement is decided
 * on the exact numbers (measured_agree); only the display is rounded, and
 * a mismatch is printed exactly.
 *
 * Units as measured.h.  Must not print, allocate, or know curses.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "measured.h"
#include "panel.h"

/* The model beside the counters: as compiled where the face has it (the
   compiler's instructions are what the GPU counts), else as written. */
#define WHOLE(m)	((m)->compiled_whole != NULL ? (m)->compiled_whole : \
			    (m)->whole)

/* 34000000000 as "34.0G", 1048576 as "1.05M", 500 as "500". */
static void
measured_short(char *buf, size_t len, double v)
{
	static const char	units[] = "kMGT";
	int			i = -1;

	while (v >= 999.5 && i < 3) {
		v /= 1000;
		i++;
	}
	if (i < 0)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%.*f%c", v < 9.995 ? 2 : v < 99.95 ? 1 :
		    0, v, units[i]);
}

/*
 * One space: "gl ld = model: 34.0G sec, 4.00G req", or for a mismatch
 * the measured and the model's numbers exactly on two lines.  Returns
 * the rows used.
 */
static int
measured_kind_rows(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, const struct measured *ms,
    enum measured_kind k)
{
	static const char		*names[MEASURED_NKINDS] = { "gl ld",
	    "gl st", "sh ld", "sh st", "lc ld", "lc st" };
	const struct measured_count	*n = &ms->kind[k];
	const struct site_totals	*t;
	const char			*what;
	char				 a[16], b[16];
	int				 sh = measured_kind_shared(k), agree;

	what = sh ? "wf" : "sec";
	measured_short(a, sizeof a, (double)(sh ? n->wavefronts : n->sectors));
	measured_short(b, sizeof b, (double)n->requests);
	agree = WHOLE(m) != NULL ? measured_agree(WHOLE(m), ms, k) : -1;
	if (agree == 0 && measured_agree_per_insn(m->l, WHOLE(m), ms, k)) {
		t = measured_model(WHOLE(m), k);
		measured_short(a, sizeof a, (double)(sh ? t->wavefronts :
		    t->sectors));
		canvas_printf(c, x, y, ROLE_GOOD, w, "%s = model: %s %s, %s "
		    "req", names[k], a, what, b);
		if (h < 2)
			return 1;
		measured_short(a, sizeof a, (double)((sh ? n->wavefronts :
		    n->sectors) - (sh ? t->wavefronts : t->sectors)));
		canvas_printf(c, x, y + 1, ROLE_DIM, w, "  +%s %s on no "
		    "instruction", a, what);
		return 2;
	}
	if (agree != 0) {
		canvas_printf(c, x, y, agree > 0 ? ROLE_GOOD : ROLE_NORMAL, w,
		    "%s %s%s %s, %s req", names[k], agree > 0 ? "= model: " :
		    "", a, what, b);
		return 1;
	}
	t = measured_model(WHOLE(m), k);
	canvas_printf(c, x, y, ROLE_BAD, w, "%s MISMATCH: %" PRId64 " %s, %"
	    PRId64 " req", names[k], sh ? n->wavefronts : n->sectors, what,
	    n->requests);
	if (h < 2)
		return 1;
	canvas_printf(c, x, y + 1, ROLE_BAD, w, "  model: %" PRId64 " %s, %"
	    PRId64 " req", sh ? t->wavefronts : t->sectors, what, t->requests);
	return 2;
}

/*
 * The current access's source line as ncu's source page measured it,
 * beside the model's sites of that line and space: "line 58 = model:
 * 65.5k sec, 16.4k req", or MISMATCH with the measured numbers and the
 * model's on a second row.  Draws when c is not NULL (within h rows);
 * returns the rows it takes (0 where the page was not read or the
 * access has no line or no counted space).
 */
static int
measured_line_row(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, const struct measured *ms)
{
	const struct launch_site	*s;
	const struct measured_line	*e;
	struct measured_line		 mod;
	char				 a[32], b[16], d[16], f[16], u[16];
	const char			*what;
	int				 k;

	if (ms == NULL || ms->nlines == 0 || WHOLE(m) == NULL ||
	    m->acc.site < 0 || m->acc.site >= m->l->nsites)
		return 0;
	s = &m->l->sites[m->acc.site];
	if (s->line <= 0 || (k = measured_site_kind(s)) < 0)
		return 0;
	what = measured_kind_shared(k) ? "wf" : "sec";
	measured_model_line(m->l, WHOLE(m), s->line, k, &mod);
	e = measured_line_find(ms, s->line, k);
	a[0] = '\0';
	if (e != NULL) {
		measured_short(u, sizeof u, (double)e->units);
		/* Instructions issued with every lane off are not the
		   model's requests: where the lanes agree, its count. */
		measured_short(b, sizeof b, (double)(e->requests >
		    mod.requests && e->has_lanes && e->lanes == mod.lanes ?
		    mod.requests : e->requests));
		if (e->has_units)
			snprintf(a, sizeof a, "%s %s, ", u, what);
	}
	if (measured_line_agree(m->l, WHOLE(m), ms, s->line, k)) {
		if (c != NULL && h >= 1)
			canvas_printf(c, x, y, ROLE_GOOD, w, "line %d = model: "
			    "%s%s req", s->line, a, e != NULL ? b : "0");
		return 1;
	}
	if (c == NULL || h < 1)
		return h < 2 && c != NULL ? 1 : 2;
	if (e == NULL)
		canvas_printf(c, x, y, ROLE_BAD, w, "line %d MISMATCH: none "
		    "measured", s->line);
	else
		canvas_printf(c, x, y, ROLE_BAD, w, "line %d MISMATCH: %s%s "
		    "req", s->line, a, b);
	if (h < 2)
		return 1;
	measured_short(d, sizeof d, (double)mod.units);
	measured_short(f, sizeof f, (double)mod.requests);
	canvas_printf(c, x, y + 1, ROLE_BAD, w, "  model: %s %s, %s req", d,
	    what, f);
	return 2;
}

/* Whether kind k is drawn: measured, and in the launch or the model. */
static int
measured_shown(const struct view_model *m, const struct measured *ms,
    enum measured_kind k)
{
	return ms->kind[k].have && (ms->kind[k].requests > 0 ||
	    (WHOLE(m) != NULL && measured_model(WHOLE(m), k)->requests > 0));
}

int
panel_measured_rows(const struct view_model *m, const struct view_opts *o)
{
	const struct measured	*ms = o != NULL ? o->measured : NULL;
	int			 k, n = 2;

	if (o == NULL || o->measured_line == NULL)
		return 0;
	if (ms == NULL)
		return 3;
	for (k = 0; k < MEASURED_NKINDS; k++)
		if (measured_shown(m, ms, k))
			n += WHOLE(m) != NULL && measured_agree(WHOLE(m), ms,
			    k) == 0 ? 2 : 1;
	n += measured_line_row(NULL, 0, 0, 0, 2, m, ms);
	n += (ms->have & MEASURED_DRAM) != 0;
	n += (ms->have & (MEASURED_L1 | MEASURED_L2)) ==
	    (MEASURED_L1 | MEASURED_L2);
	return n;
}

int
panel_measured(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, const struct view_opts *o)
{
	const struct measured	*ms = o != NULL ? o->measured : NULL;
	char			 rd[16], wr[16];
	int			 row = 0, k;

	if (o == NULL || o->measured_line == NULL || h < 2 || w < 16)
		return 0;
	panel_rule(c, x - 1, y + row++, w + 1, "measured: Nsight Compute");
	row += panel_wrap(c, x, y + row, w, ms != NULL ? 1 : h - row,
	    o->measured_line, ms != NULL ? ROLE_DIM : ROLE_WARN);
	if (ms == NULL)
		return row;
	for (k = 0; k < MEASURED_NKINDS && row < h; k++)
		if (measured_shown(m, ms, k))
			row += measured_kind_rows(c, x, y + row, w, h - row, m,
			    ms, k);
	if (row < h)
		row += measured_line_row(c, x, y + row, w, h - row, m, ms);
	if (row < h && (ms->have & (MEASURED_L1 | MEASURED_L2)) ==
	    (MEASURED_L1 | MEASURED_L2))
		canvas_printf(c, x, y + row++, ROLE_NORMAL, w, "hit rate: L1 "
		    "%.1f%%, L2 %.1f%%", ms->l1_hit, ms->l2_hit);
	if (row < h && (ms->have & MEASURED_DRAM)) {
		measured_short(rd, sizeof rd, ms->dram_read);
		measured_short(wr, sizeof wr, ms->dram_write);
		canvas_printf(c, x, y + row++, ROLE_NORMAL, w, "DRAM: %sB "
		    "read, %sB written", rd, wr);
	}
	return row;
}
