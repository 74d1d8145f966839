/* SPDX-License-Identifier: ISC
 * cli-trace.c - private to cli.c: warpviz trace and warpviz stats, the
 * model's numbers without a frame: each access as a JSON line (the
 * contract of doc/trace-format.md), or the whole launch's totals as a
 * table or JSON, with a progress line on a terminal while they count.
 */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli-compiled.h"
#include "cli-show.h"
#include "cli-trace.h"
#include "json.h"
#include "launch.h"
#include "oob.h"
#include "opts.h"
#include "tables.h"
#include "totals.h"
#include "warp.h"
#include "xmalloc.h"

static int
trace_one(FILE *out, const struct launch *l, enum arch arch, int64_t bx,
    int64_t by, int w, int64_t from, int64_t to, const struct compiled *c)
{
	struct access		a;
	struct access_result	r;
	char			*cause = NULL;
	int64_t			s;

	for (s = from; s <= to; s++) {
		if (warp_access(l, bx, by, w, s, &a, &cause) != 0) {
			opts_error("%s", cause);
			free(cause);
			return -1;
		}
		arch_apply(arch, l, &a, &r);
		json_print_access(out, l, arch, &a, &r, c);
	}
	return 0;
}

/* The launch of o, and with --as-compiled what the compiler made of it
   (*c, else NULL).  0, or the exit status with nothing left to free. */
static int
trace_launch(struct opts *o, struct launch *l, struct compiled **c)
{
	int	rc;

	*c = NULL;
	if (cli_launch(o, l) != 0)
		return EXIT_USAGE;
	if (!o->as_compiled)
		return 0;
	*c = xcalloc(1, sizeof **c);
	if ((rc = cli_compiled(o, l, *c)) != 0) {
		free(*c);
		*c = NULL;
		launch_free(l);
	}
	return rc;
}

/* warpviz trace: each access of a warp (or of all) as a JSON line. */
int
cli_trace(struct opts *o)
{
	struct launch	 l;
	struct compiled	*c = NULL;
	int64_t		 bx, by, from, to, lines;
	int		 w, rc = 0;

	if ((rc = trace_launch(o, &l, &c)) != 0)
		return rc;
	from = 0;
	to = l.nsteps - 1;
	if (opts_given(o, OPT_STEPS)) {
		if (o->steps[1] >= l.nsteps) {
			free(c);
			launch_free(&l);
			return opts_error("--steps: %lld is past the end "
			    "(0..%lld)", (long long)o->steps[1],
			    (long long)l.nsteps - 1);
		}
		from = o->steps[0];
		to = o->steps[1];
	} else if (opts_given(o, OPT_STEP))
		from = to = o->step;
	if (o->all_warps) {
		lines = launch_total_warps(&l) * (to - from + 1);
		if (lines > 50 * 1000 * 1000) {
			free(c);
			launch_free(&l);
			return opts_error("--all-warps: %lld lines is too many "
			    "(at most 50000000; narrow --steps or the "
			    "parameters)", (long long)lines);
		}
		for (by = 0; by < l.grid[1] && rc == 0; by++)
			for (bx = 0; bx < l.grid[0] && rc == 0; bx++)
				for (w = 0; w < l.warps && rc == 0; w++)
					rc = trace_one(stdout, &l, o->arch, bx,
					    by, w, from, to, c);
	} else
		rc = trace_one(stdout, &l, o->arch, o->block[0], o->block[1],
		    o->warp, from, to, c);
	free(c);
	launch_free(&l);
	return rc == 0 ? 0 : EXIT_USAGE;
}

/* The progress of stats on a terminal: a thread that watches. */
struct progress {
	struct totals_watch	 wt;
	_Atomic int		 finished;
	pthread_t		 thread;
};

/* Say how far the totals are on standard error, from the first second
   on, four times a second, and clear the line at the end. */
static void *
progress_run(void *arg)
{
	struct progress	*pr = arg;
	const char	*phase;
	int64_t		 done, work;
	int		 ticks = 0, shown = 0;

	while (!atomic_load(&pr->finished)) {
		usleep(50 * 1000);
		if (++ticks < 20 || ticks % 5 != 0)
			continue;
		phase = atomic_load(&pr->wt.phase);
		done = atomic_load(&pr->wt.done);
		work = atomic_load(&pr->wt.work);
		if (phase == NULL || work <= 0)
			continue;
		fprintf(stderr, "\rwarpviz: stats: %s %3d%%", phase,
		    (int)(100.0 * (done < work ? done : work) / work));
		fflush(stderr);
		shown = 1;
	}
	if (shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
	return NULL;
}

/* warpviz stats: the whole launch's totals as a table or JSON. */
int
cli_stats(struct opts *o)
{
	struct launch	 l;
	struct totals	 t;
	struct progress	*pr = NULL;
	struct compiled	*c = NULL;
	char		*cause = NULL;
	const char	*e;
	int		 rc;

	if ((rc = trace_launch(o, &l, &c)) != 0)
		return rc;
	if ((e = getenv("WARPVIZ_THREADS")) != NULL && *e != '\0')
		totals_set_threads(atoi(e));
	if (isatty(STDERR_FILENO)) {
		pr = xcalloc(1, sizeof *pr);
		if (pthread_create(&pr->thread, NULL, progress_run, pr) != 0) {
			free(pr);
			pr = NULL;
		}
	}
	if (c != NULL)
		rc = compiled_totals(&l, o->arch, c, &t, &cause);
	else
		rc = totals_compute_watched(&l, o->arch, o->brute ?
		    TOTALS_BRUTE : TOTALS_AUTO, &t, pr != NULL ? &pr->wt :
		    NULL, &cause);
	if (pr != NULL) {
		atomic_store(&pr->finished, 1);
		pthread_join(pr->thread, NULL);
		free(pr);
	}
	if (rc != 0) {
		opts_error("stats: %s", cause);
		free(cause);
		free(c);
		launch_free(&l);
		return EXIT_USAGE;
	}
	if (o->json) {
		struct oob_site	oob[LAUNCH_MAX_SITES];

		if (oob_scan(&l, oob, &cause) != 0) {
			opts_error("stats: %s", cause);
			free(cause);
			free(c);
			launch_free(&l);
			return EXIT_USAGE;
		}
		json_print_stats(stdout, &l, &t, oob, c);
	} else {
		tables_print_stats(stdout, &l, &t);
		if (c != NULL)
			cli_compiled_print(stdout, &l, c);
	}
	free(c);
	launch_free(&l);
	return 0;
}
