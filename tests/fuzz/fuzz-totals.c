/* SPDX-License-Identifier: ISC
 * fuzz-totals.c - the check that fuzz-launch and fuzz-ksrc run on every
 * launch they build: a few warps of block 0,0 walked through both
 * architecture models, then the totals' fast path compared with brute
 * force, site by site, on both models.  Kept in one place so the two
 * targets cannot drift apart in what they hold the fast path to.  A
 * difference aborts, for libFuzzer and driver.c to report.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "fuzz.h"
#include "launch.h"
#include "totals.h"
#include "warp.h"

/*
 * Brute force visits every lane of every step: past this many lane
 * evaluations one input would take too long, and only the walk is run.
 */
#define BRUTE_MAX	200000.0
#define WALK_STEPS	64	/* steps walked through the models */
#define WALK_WARPS	4	/* warps of block 0,0 walked */

static int
same(const struct site_totals *a, const struct site_totals *b)
{
	return a->requests == b->requests && a->lanes == b->lanes &&
	    a->sectors == b->sectors && a->ideal == b->ideal &&
	    a->lines == b->lines && a->transactions == b->transactions &&
	    a->bytes_moved == b->bytes_moved &&
	    a->bytes_used == b->bytes_used &&
	    a->wavefronts == b->wavefronts &&
	    a->ideal_wavefronts == b->ideal_wavefronts &&
	    a->serial == b->serial &&
	    memcmp(a->classes, b->classes, sizeof a->classes) == 0;
}

void
fuzz_totals_check(const char *target, const struct launch *l)
{
	static struct totals	 fast, brute;
	struct access		 a;
	struct access_result	 r;
	char			*cause = NULL;
	int64_t			 step;
	int			 i, w, ar;

	for (step = 0; step < l->nsteps && step < WALK_STEPS; step++)
		for (w = 0; w < l->warps && w < WALK_WARPS; w++) {
			if (warp_access(l, 0, 0, w, step, &a, &cause) != 0) {
				free(cause);
				cause = NULL;
				continue;
			}
			arch_apply(ARCH_MODERN, l, &a, &r);
			arch_apply(ARCH_LEGACY, l, &a, &r);
		}
	if (totals_brute_work(l) > BRUTE_MAX)
		return;
	for (ar = 0; ar < 2; ar++) {
		if (totals_compute(l, ar, TOTALS_AUTO, &fast, &cause) != 0) {
			free(cause);
			return;
		}
		if (totals_compute(l, ar, TOTALS_BRUTE, &brute, &cause) != 0) {
			free(cause);
			return;
		}
		for (i = 0; i < l->nsites; i++)
			if (!same(&fast.site[i], &brute.site[i])) {
				fprintf(stderr, "%s: site %d (%s): "
				    "the fast path and brute force differ\n",
				    target, i, l->sites[i].text);
				abort();
			}
	}
}
