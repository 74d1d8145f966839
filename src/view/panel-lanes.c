/* SPDX-License-Identifier: ISC
 * panel-lanes.c - the lanes of the warp: a table of one entry per lane
 * (lane, threadIdx, element or bank) and, where room is short, the lanes
 * grouped into runs.
 *
 * Units: lanes 0-31; elements as (row,col) or a flat index.  Roles come
 * from the access's class (global) or its bank's degree (shared).
 * Must not print, allocate, or know curses.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "panel.h"

/* The role a lane's entry gets: its request's class, or its bank's. */
static enum role
panel_lane_role(const struct view_model *m, int lane, const int *degree)
{
	const struct access_result	*r = &m->res;

	if (!(m->acc.active & (UINT32_C(1) << lane)))
		return ROLE_LANE_INACTIVE;
	if (m->hide)
		/* Predict first: no class or conflict degree to read off. */
		return ROLE_LANE;
	switch (r->space) {
	case SPACE_GLOBAL:
	case SPACE_LOCAL:
		return panel_class_role(r->g.class);
	case SPACE_SHARED:
		return panel_bank_role(degree[r->s.bank[lane] & 31]);
	case SPACE_CONSTANT:
		return r->c.serial <= 1 ? ROLE_BROADCAST : ROLE_UNCOALESCED;
	case SPACE_TEXTURE:
		return panel_texture_role(&r->t);
	}
	return ROLE_NORMAL;
}

/* Distinct words per bank in one phase (the rule's n-way), per bank. */
static void
panel_bank_degree(const struct view_model *m, int *degree)
{
	struct rules_banks	rb;

	rules_shared_banks(m->acc.addr, m->acc.active, m->acc.nlanes,
	    m->l->sites[m->acc.site].size,
	    m->l->sites[m->acc.site].op == OP_LOAD, &rb);
	memcpy(degree, rb.degree, sizeof rb.degree);
}

/* Widths of the lanes table's threadIdx and element columns. */
static void
panel_lanes_widths(const struct view_model *m, int *tw, int *elen, char *hdr,
    size_t hlen)
{
	const struct access		*a = &m->acc;
	const struct launch_site	*s = &m->l->sites[a->site];
	const struct launch_array	*arr = &m->l->arrays[s->array];
	char				 buf[64];
	int				 l, k;

	*tw = 3;
	*elen = 4;
	for (l = 0; l < a->nlanes; l++) {
		if (!(a->exists & (UINT32_C(1) << l)))
			continue;
		k = snprintf(buf, sizeof buf, "%d,%d", a->tid[l][0],
		    a->tid[l][1]);
		if (k > *tw)
			*tw = k;
		if (!(a->active & (UINT32_C(1) << l)))
			continue;
		panel_element(m, l, buf, sizeof buf);
		if ((int)strlen(buf) > *elen)
			*elen = (int)strlen(buf);
	}
	if (arr->def->dims[0] != NULL)
		snprintf(hdr, hlen, "%s[r,c]", arr->def->name);
	else
		snprintf(hdr, hlen, "%s[i]", arr->def->name);
	/* A long array name does not widen every column: the header is
	   shortened by design ("[r,c]"; the memory box names the array). */
	if ((int)strlen(hdr) > *elen + 2)
		snprintf(hdr, hlen, "%s", arr->def->dims[0] != NULL ?
		    "[r,c]" : "[i]");
	if ((int)strlen(hdr) > *elen + 2)
		*elen = (int)strlen(hdr) - 2;
}

int
panel_lanes_width(const struct view_model *m, int h)
{
	int	tw, elen, ew, groups;
	char	hdr[64];

	panel_lanes_widths(m, &tw, &elen, hdr, sizeof hdr);
	ew = 2 + 1 + tw + 1 + 2 + elen +
	    (m->l->sites[m->acc.site].space == SPACE_SHARED ? 5 : 0) + 3;
	groups = h > 1 ? (m->acc.nlanes + h - 2) / (h - 1) : 32;
	return groups * ew - 3;
}

static int
panel_lanes_table_draw(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, int arg)
{
	const struct access		*a = &m->acc;
	const struct launch_site	*s = &m->l->sites[a->site];
	int				 degree[RULES_BANKS];
	int				 elen, tw, ew, groups, rows, g, r;
	int				 l, cx, ex;
	int				 shared = s->space == SPACE_SHARED;
	enum role			 role;
	char				 el[64], hdr[64], tid[32];

	if (h < 2 || w < 20)
		return 0;
	panel_bank_degree(m, degree);
	panel_lanes_widths(m, &tw, &elen, hdr, sizeof hdr);
	/* "31 15,1 ▓ 1999,2047   31": lane, tid, element, a blank and
	   the bank in 4 (shared), and a gap of 3 */
	ew = 2 + 1 + tw + 1 + 2 + elen + (shared ? 5 : 0) + 3;
	groups = (w + 3) / ew;
	if (groups < 1)
		groups = 1;
	while (groups > 1 && (a->nlanes + groups - 2) / (groups - 1) <= h - 1)
		groups--;
	rows = (a->nlanes + groups - 1) / groups;
	ex = 2 + 1 + tw + 1;
	for (g = 0; g < groups; g++) {
		cx = x + g * ew;
		if (cx + ew - 3 > x + w)
			break;
		canvas_text(c, cx, y, "ln", ROLE_DIM, 2);
		canvas_text(c, cx + 3, y, "tid", ROLE_DIM, tw);
		canvas_text(c, cx + ex, y, hdr, ROLE_DIM, elen + 2);
		if (shared)
			canvas_text(c, cx + ex + 3 + elen, y, "bank",
			    ROLE_DIM, 4);
		for (r = 0; r < rows && r + 1 < h; r++) {
			l = g * rows + r;
			if (l >= a->nlanes)
				break;
			canvas_printf(c, cx, y + 1 + r, m->focus &
			    (UINT32_C(1) << l) ? ROLE_CURSOR : ROLE_LANE, 2,
			    "%2d", l);
			if (!(a->exists & (UINT32_C(1) << l))) {
				canvas_text(c, cx + 3, y + 1 + r, "no thread",
				    ROLE_LANE_INACTIVE, ew - 5);
				continue;
			}
			role = panel_lane_role(m, l, degree);
			snprintf(tid, sizeof tid, "%d,%d", a->tid[l][0],
			    a->tid[l][1]);
			canvas_text(c, cx + 3, y + 1 + r, tid,
			    role == ROLE_LANE_INACTIVE ? ROLE_LANE_INACTIVE :
			    ROLE_NORMAL, tw);
			canvas_put(c, cx + ex, y + 1 + r, canvas_glyph(c, role),
			    role);
			if (role == ROLE_LANE_INACTIVE) {
				canvas_text(c, cx + ex + 2, y + 1 + r,
				    "off", ROLE_LANE_INACTIVE, elen + 2);
				continue;
			}
			panel_element(m, l, el, sizeof el);
			canvas_text(c, cx + ex + 2, y + 1 + r, el, ROLE_NORMAL,
			    elen);
			if (shared)
				canvas_printf(c, cx + ex + 3 + elen, y + 1 + r,
				    role, 4, "%4d", m->res.s.bank[l]);
		}
	}
	return rows + 1;
}

/* Describe the step between two lanes' elements. */
static const char *
panel_step_text(const struct launch_array *a, int64_t d, char *buf,
    size_t len)
{
	if (a->def->dims[0] != NULL && a->cols > 0) {
		if (d == 1)
			return "along a row";
		if (d == a->cols)
			return "down a column";
		if (d % a->cols == 0)
			snprintf(buf, len, "every %" PRId64 " rows",
			    d / a->cols);
		else
			snprintf(buf, len, "%" PRId64 " apart", d);
		return buf;
	}
	if (d == 1)
		return "consecutive";
	snprintf(buf, len, "stride %" PRId64, d);
	return buf;
}

static int
panel_lane_runs_draw(struct canvas *c, int x, int y, int w, int h,
    const struct view_model *m, int arg)
{
	const struct access		*a = &m->acc;
	const struct launch_site	*s = &m->l->sites[a->site];
	const struct launch_array	*arr = &m->l->arrays[s->array];
	const char			*name = arr->def->name;
	uint32_t			 bit;
	int64_t				 d;
	int				 row = 0, l, e, more = 0, n;
	char				 e0[32], e1[32], st[48], buf[160];

	for (l = 0; l < a->nlanes; l = e + 1) {
		bit = UINT32_C(1) << l;
		if (!(a->active & bit)) {
			/* A run of inactive or missing lanes. */
			int gone = !(a->exists & bit);

			for (e = l; e + 1 < a->nlanes; e++) {
				bit = UINT32_C(1) << (e + 1);
				if ((a->active & bit) ||
				    (!(a->exists & bit)) != gone)
					break;
			}
			if (row >= h) {
				more++;
				continue;
			}
			if (e > l)
				snprintf(buf, sizeof buf, "lanes %d-%d", l, e);
			else
				snprintf(buf, sizeof buf, "lane %d", l);
			n = canvas_printf(c, x, y + row, ROLE_LANE, w, "%-12s",
			    buf);
			canvas_text(c, x + n, y + row, gone ?
			    "no thread (the block ends)" :
			    "inactive (the guard is false)",
			    ROLE_LANE_INACTIVE, w - n);
			row++;
			continue;
		}
		e = l;
		d = 0;
		if (l + 1 < a->nlanes && (a->active & (bit << 1))) {
			d = a->index[l + 1] - a->index[l];
			for (e = l + 1; e + 1 < a->nlanes &&
			    (a->active & (UINT32_C(1) << (e + 1))) &&
			    a->index[e + 1] - a->index[e] == d; e++)
				/* nothing */;
		}
		if (row >= h) {
			more++;
			continue;
		}
		panel_element(m, l, e0, sizeof e0);
		panel_element(m, e, e1, sizeof e1);
		if (w < 44)
			snprintf(buf, sizeof buf, e > l ? "%d-%d" : "%d", l,
			    e);
		else if (e > l)
			snprintf(buf, sizeof buf, "lanes %d-%d", l, e);
		else
			snprintf(buf, sizeof buf, "lane %d", l);
		n = canvas_printf(c, x, y + row, ROLE_LANE, w, w < 44 ?
		    "%-6s" : "%-12s", buf);
		if (e == l)
			snprintf(buf, sizeof buf, "%s[%s]", name, e0);
		else if (d == 0)
			snprintf(buf, sizeof buf, w < 44 ? "%s[%s] all %d "
			    "same" : "%s[%s]  all %d the same element", name,
			    e0, e - l + 1);
		else
			snprintf(buf, sizeof buf, "%s[%s] %s %s[%s]  %s", name,
			    e0, c->ascii ? ".." : "\xe2\x80\xa6", name, e1,
			    panel_step_text(arr, d, st, sizeof st));
		panel_fit(buf, w - n);	/* the step goes whole, not cut */
		canvas_text(c, x + n, y + row, buf, ROLE_NORMAL, w - n);
		row++;
	}
	if (more > 0 && h > 0) {
		canvas_fill(c, x, y + h - 1, w, 1, ' ', ROLE_NORMAL);
		canvas_printf(c, x, y + h - 1, ROLE_DIM, w, "... %d more runs "
		    "of lanes", more + 1);
	}
	return row;
}

const struct panel panel_lanes_table = {
	.name = "lanes",
	.draw = panel_lanes_table_draw,
};

const struct panel panel_lane_runs = {
	.name = "lane runs",
	.draw = panel_lane_runs_draw,
};
