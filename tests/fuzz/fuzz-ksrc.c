/* SPDX-License-Identifier: ISC
 * fuzz-ksrc.c - the kernel-source reader (src/model/ksrc.c) on fuzzed
 * text handed to it as a .cu file, every "// warpviz:" block of it (at
 * most four).  When a block parses, its launch is built with each
 * parameter at its minimum (the small end, where brute force is cheap)
 * and the totals' fast path must agree with brute force, as in
 * fuzz-launch.c.  A refusal must say why; everything is freed.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "fuzz.h"
#include "ksrc.h"
#include "launch.h"
#include "param.h"
#include "totals.h"
#include "warp.h"

#define BRUTE_MAX	200000.0	/* lane evaluations */
#define BLOCKS_MAX	4

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

static void
exercise(const struct launch *l)
{
	static struct totals	 fast, brute;
	struct access		 a;
	struct access_result	 r;
	char			*cause = NULL;
	int64_t			 step;
	int			 i, w, ar;

	for (step = 0; step < l->nsteps && step < 64; step++)
		for (w = 0; w < l->warps && w < 4; w++) {
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
				fprintf(stderr, "fuzz-ksrc: site %d (%s): "
				    "the fast path and brute force differ\n",
				    i, l->sites[i].text);
				abort();
			}
	}
}

static void
one(const char *text, int n)
{
	static struct launch	 l;
	struct variant		*v;
	struct param_set	 ps;
	char			*cause = NULL;
	int			 i;

	if ((v = ksrc_parse_block("fuzz.cu", text, n, &cause)) == NULL) {
		if (cause == NULL)
			abort();	/* a refusal always says why */
		free(cause);
		return;
	}
	if (cause != NULL)
		abort();
	param_defaults(&ps, v);
	for (i = 0; i < ps.n; i++)
		ps.val[i] = ps.def[i]->min;
	if (launch_init(&l, &ps, &cause) == 0) {
		exercise(&l);
		launch_free(&l);
	} else {
		if (cause == NULL)
			abort();
		free(cause);
	}
	ksrc_free(v);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	*text;
	int	 n, nb;

	text = fuzz_text(data, size, 16384);
	nb = ksrc_blocks(text);
	if (nb < 1)
		nb = 1;		/* the reader says why there is none */
	for (n = 0; n < nb && n < BLOCKS_MAX; n++)
		one(text, n);
	free(text);
	return 0;
}
