/* SPDX-License-Identifier: ISC
 * totals-launch.c - exact whole-launch totals (totals_compute): each site
 * by residues where it can (totals-fast.c; totals.h says why that is
 * exact), the others by visiting every warp and step, on every core,
 * with the same totals, and the same first error, as one thread.  Must
 * not print or exit.
 */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cause.h"
#include "totals.h"
#include "totals-int.h"
#include "warp.h"
#include "xmalloc.h"

#define BRUTE_LIMIT	4e9		/* lane evaluations */

/* Threads of brute force: 0 is one a core (totals_set_threads). */
static _Atomic int	brute_threads;

void
totals_set_threads(int n)
{
	atomic_store(&brute_threads, n < 0 ? 0 : n);
}

static void
sum_kinds(const struct launch *l, struct totals *t)
{
	int	i;

	for (i = 0; i < l->nsites; i++)
		totals_merge(totals_kind(t, &l->sites[i]), &t->site[i]);
}

/*
 * One thread's share of brute force: the blocks b0..b1-1 (by-major, as the
 * single loop visits them) into its own site totals.  A share stops at its
 * first error, or when an earlier share has failed (stop holds the first
 * failed share), so the error reported is the first in the one-thread
 * order; integer sums make the totals the same in any order.
 */
struct brute_share {
	const struct launch	*l;
	enum arch		 arch;
	const int		*which;
	struct totals_watch	*wt;
	_Atomic int		*stop;
	int			 idx;
	int64_t			 b0, b1;
	int			 rc;
	char			*cause;
	struct site_totals	 site[LAUNCH_MAX_SITES];
	pthread_t		 thread;
};

#define BRUTE_FLUSH	256	/* steps between looks at cancel and stop */

static void *
brute_share_run(void *arg)
{
	struct brute_share	*sh = arg;
	const struct launch	*l = sh->l;
	struct access		 a;
	struct access_result	 r;
	struct launch_pos	 pos;
	int64_t			 b, step, pending = 0;
	int			 w;

	for (b = sh->b0; b < sh->b1; b++)
	for (w = 0; w < l->warps; w++)
	for (step = 0; step < l->nsteps; step++) {
		if (++pending == BRUTE_FLUSH) {
			if (totals_watch_stop(sh->wt, pending * l->warp_size)) {
				sh->cause = cause_printf("cancelled");
				sh->rc = -1;
				return NULL;
			}
			pending = 0;
			if (atomic_load_explicit(sh->stop,
			    memory_order_relaxed) < sh->idx)
				return NULL;	/* an earlier share failed */
		}
		launch_locate(l, step, &pos);
		if (!sh->which[pos.site])
			continue;
		if (warp_access(l, b % l->grid[0], b / l->grid[0], w, step, &a,
		    &sh->cause) != 0) {
			int	first = atomic_load(sh->stop);

			while (sh->idx < first && !atomic_compare_exchange_weak(
			    sh->stop, &first, sh->idx))
				;
			sh->rc = -1;
			return NULL;
		}
		arch_apply(sh->arch, l, &a, &r);
		totals_add(&sh->site[a.site], sh->arch, &r, 1);
	}
	totals_watch_stop(sh->wt, pending * l->warp_size);
	return NULL;
}

/* Visit every warp and step of the sites in which, on every core. */
static int
brute(const struct launch *l, enum arch arch, const int *which,
    struct totals *t, struct totals_watch *wt, char **cause)
{
	struct brute_share	*sh;
	_Atomic int		 stop;
	int64_t			 blocks = l->grid[0] * l->grid[1];
	long			 n;
	int			 i, k, rc = 0, started;

	if ((n = atomic_load(&brute_threads)) <= 0) {
		n = sysconf(_SC_NPROCESSORS_ONLN);
		/* A thread is worth starting for 1M lane evaluations. */
		if (n > totals_brute_work(l) / 1e6)
			n = (long)(totals_brute_work(l) / 1e6);
	}
	if (n > blocks)
		n = (long)blocks;
	if (n > 256)
		n = 256;
	if (n < 1)
		n = 1;
	sh = xcalloc(n, sizeof *sh);
	atomic_init(&stop, (int)n);
	for (i = 0; i < n; i++) {
		sh[i].l = l;
		sh[i].arch = arch;
		sh[i].which = which;
		sh[i].wt = wt;
		sh[i].stop = &stop;
		sh[i].idx = i;
		sh[i].b0 = blocks * i / n;
		sh[i].b1 = blocks * (i + 1) / n;
	}
	/* Share 0 runs here; a thread that does not start runs here too. */
	for (started = 1; started < n; started++)
		if (pthread_create(&sh[started].thread, NULL, brute_share_run,
		    &sh[started]) != 0)
			break;
	brute_share_run(&sh[0]);
	for (i = started; i < n; i++)
		brute_share_run(&sh[i]);
	for (i = 1; i < started; i++)
		pthread_join(sh[i].thread, NULL);
	for (i = 0; i < n; i++) {
		if (rc == 0 && sh[i].rc != 0) {
			rc = -1;
			*cause = sh[i].cause;
			sh[i].cause = NULL;
		}
		free(sh[i].cause);
		if (rc == 0)
			for (k = 0; k < l->nsites; k++)
				totals_merge(&t->site[k], &sh[i].site[k]);
	}
	free(sh);
	return rc;
}

int
totals_compute(const struct launch *l, enum arch arch, enum totals_mode mode,
    struct totals *t, char **cause)
{
	return totals_compute_watched(l, arch, mode, t, NULL, cause);
}

int
totals_compute_watched(const struct launch *l, enum arch arch,
    enum totals_mode mode, struct totals *t, struct totals_watch *wt,
    char **cause)
{
	int	fast[LAUNCH_MAX_SITES], slow[LAUNCH_MAX_SITES], i, any = 0, rc;

	memset(t, 0, sizeof *t);
	t->arch = arch;
	t->nsites = l->nsites;
	for (i = 0; i < l->nsites; i++) {
		fast[i] = 0;
		if (mode != TOTALS_AUTO ||
		    !arch_period_128(arch, l->sites[i].size))
			continue;
		totals_watch_phase(wt, "by residues", l->grid[0] * l->grid[1]);
		rc = totals_site_fast(l, arch, i, t, wt);
		if (rc == -2) {
			*cause = cause_printf("cancelled");
			return -1;
		}
		fast[i] = rc == 0;
	}
	for (i = 0; i < l->nsites; i++) {
		slow[i] = !fast[i];
		any |= slow[i];
		t->fast += fast[i];
	}
	if (any) {
		if (totals_brute_work(l) > BRUTE_LIMIT) {
			*cause = cause_printf("%s: the totals need every warp "
			    "visited and that is too large here (%.3g lane "
			    "evaluations); use smaller parameters",
			    l->v->name, totals_brute_work(l));
			return -1;
		}
		totals_watch_phase(wt, "every warp", (int64_t)totals_brute_work(l));
		if (brute(l, arch, slow, t, wt, cause) != 0)
			return -1;
	}
	sum_kinds(l, t);
	return 0;
}
