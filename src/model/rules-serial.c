/* SPDX-License-Identifier: ISC
 * rules-serial.c - the rules that serialise a warp by its addresses:
 * constant memory reads each distinct address in turn (and the panels
 * list them), a global atomic makes per sector as many passes as its
 * busiest address has lanes.
 *
 * Units: bytes; a sector 32 bytes; lanes 0..31.  Never allocates, never
 * prints, keeps no state.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "rules.h"

#include <stdint.h>
#include <string.h>

#include "rules-int.h"

/* Apply the constant-memory serialisation rule. */
void
rules_constant(const int64_t *addr, uint32_t active, int nlanes,
    struct rules_constant *out)
{
	int64_t		v[RULES_MAX_LANES];
	uint32_t	mask;
	int		i, n;

	mask = rules_mask(active, &nlanes);
	n = rules_gather(addr, mask, nlanes, v);
	rules_sort(v, n);

	out->active = n;
	out->serial = 0;
	for (i = 0; i < n; i++) {
		if (i == 0 || v[i] != v[i - 1])
			out->serial++;
	}
}

void
rules_distinct(const int64_t *addr, uint32_t active, int nlanes,
    struct rules_reads *out)
{
	uint32_t	mask;
	int		l, i;

	mask = rules_mask(active, &nlanes);
	out->n = 0;
	for (l = 0; l < nlanes; l++) {
		if (!(mask & (UINT32_C(1) << l)))
			continue;
		for (i = 0; i < out->n; i++)
			if (out->addr[i] == addr[l])
				break;
		if (i == out->n) {
			out->addr[i] = addr[l];
			out->lanes[i] = 0;
			out->first[i] = l;
			out->n++;
		}
		out->lanes[i] |= UINT32_C(1) << l;
	}
}

/*
 * Apply the atomic rule: sorted, equal addresses are neighbours, and so
 * are the addresses of one sector; a sector costs its longest run of one
 * address.
 */
void
rules_atomic(const int64_t *addr, uint32_t active, int nlanes,
    struct rules_atomic *out)
{
	int64_t		v[RULES_MAX_LANES], sec, cur = 0;
	uint32_t	mask;
	int		i, n, run = 0, most = 0;

	mask = rules_mask(active, &nlanes);
	n = rules_gather(addr, mask, nlanes, v);
	rules_sort(v, n);
	memset(out, 0, sizeof *out);
	out->active = n;
	out->requests = n > 0;
	for (i = 0; i < n; i++) {
		sec = v[i] >= 0 ? v[i] / RULES_SECTOR :
		    -((-(v[i] + 1)) / RULES_SECTOR) - 1;
		if (i == 0 || sec != cur) {
			out->sectors += most;
			out->distinct++;
			cur = sec;
			most = 0;
			run = 0;
		}
		run = (i > 0 && v[i] == v[i - 1] && run > 0) ? run + 1 : 1;
		if (run > most)
			most = run;
	}
	out->sectors += most;
}
