/* SPDX-License-Identifier: ISC
 * bench-keys.c - the worst key latency of the lecture screen over a
 * scripted run of every variant: for each key, the action
 * (keys_dispatch) plus what the loop does before it paints (tui_apply:
 * workers, models, frame and overlay into a 120x35 canvas).  Painting to
 * the terminal is left out (bench-frame times it).  Whole-launch totals
 * run on their workers meanwhile, as in the TUI; the time until they
 * arrive is reported beside, as what a key used to wait for.
 *
 * Each key is timed twice: wall clock (what the lecturer waits, including
 * the up to 15 ms the loop waits for quick totals and whatever else the
 * machine runs) and the key thread's CPU time (what the code costs).
 * Maintainer benchmark (make bench-keys), not a test; exits 1 when a key
 * cost the key thread more than the limit (50 ms) of CPU.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "canvas.h"
#include "catalog.h"
#include "keys.h"
#include "state.h"
#include "tui-curses.h"
#include "tui.h"

#define BENCH_LIMIT_MS	50.0
#define BENCH_W		120
#define BENCH_H		35
#define CTRL(c)		((c) & 0x1f)

/* The script: steps, jumps, warps, blocks, arch twice, compare and
   stepping in it, a parameter typed back, help, occupancy, variants. */
static const struct {
	int		 key;
	const char	*name;
} bench_script[] = {
	{ KEY_RIGHT, "Right" }, { KEY_RIGHT, "Right" }, { KEY_LEFT, "Left" },
	{ KEY_END, "End" }, { KEY_LEFT, "Left" }, { KEY_HOME, "Home" },
	{ 'w', "w" }, { 'W', "W" }, { 'b', "b" }, { 'B', "B" },
	{ 'a', "a" }, { KEY_RIGHT, "Right" }, { 'a', "a" },
	{ 'c', "c" }, { KEY_RIGHT, "Right" }, { KEY_END, "End" },
	{ 'w', "w" }, { 'c', "c" },
	{ 'p', "p" }, { '\n', "Enter" }, { '\n', "Enter" },
	{ '?', "?" }, { 27, "Esc" }, { 'o', "o" }, { 27, "Esc" },
	{ KEY_END, "End" }, { 27, "Esc" }, { CTRL('l'), "C-l" },
	{ 's', "s" }, { '1', "1" }, { '\n', "Enter" },
	{ '\t', "Tab" }, { KEY_BTAB, "S-Tab" },
};
#define BENCH_NKEYS	(sizeof bench_script / sizeof bench_script[0])

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* CPU time of this thread (the key thread), not of the workers. */
static double
cpu(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Launches whose totals and so far take seconds: the key path must not
   notice them. */
static const char *const bench_heavy[][4] = {
	{ "matmul-col", "width=16384", "bx=1", "by=1" },
	{ "matmul-row", "width=16384", "bx=1", "by=1" },
};
#define BENCH_NHEAVY	(sizeof bench_heavy / sizeof bench_heavy[0])

/* Open case i (a catalog variant, then the heavy launches) in st. */
static int
bench_open(struct state *st, size_t i, char *name, size_t len)
{
	struct param_set	 ps;
	char			*cause = NULL;
	int			 j;

	state_init(st, ARCH_MODERN);
	state_set_width(st, BENCH_W);
	st->background = 1;
	if (i < (size_t)catalog_count()) {
		snprintf(name, len, "%s", catalog[i]->name);
		param_defaults(&ps, catalog[i]);
	} else {
		i -= catalog_count();
		snprintf(name, len, "%s*", bench_heavy[i][0]);
		param_defaults(&ps, catalog_find(bench_heavy[i][0]));
		for (j = 1; j < 4; j++)
			if (param_assign(&ps, bench_heavy[i][j], &cause) != 0)
				break;
	}
	if (cause == NULL && state_set_variant(st, ps.v, &ps, &cause) == 0)
		return 0;
	printf("%-18s %s\n", name, cause);
	free(cause);
	return -1;
}

int
main(void)
{
	struct canvas		*cv;
	struct state		 st;
	char			 name[64], worst_key[96] = "";
	double			 t0, c0, dt, vworst, worst = 0, totals;
	double			 vcpu, wcpu = 0, load[3] = { 0, 0, 0 };
	size_t			 i, k;
	int			 intent, vk;

	if ((cv = canvas_new(BENCH_W, BENCH_H, 0)) == NULL)
		abort();
	printf("%-18s %10s %-8s %10s %14s\n", "variant", "worst key", "(key)",
	    "worst cpu", "totals took");
	for (i = 0; i < catalog_count() + BENCH_NHEAVY; i++) {
		if (bench_open(&st, i, name, sizeof name) != 0)
			continue;
		/* Opening the variant, then how long its totals take. */
		t0 = now();
		c0 = cpu();
		tui_apply(&st, cv, INTENT_RECOMPUTE | INTENT_REDRAW);
		vworst = now() - t0;
		vcpu = cpu() - c0;
		vk = -1;
		while (state_busy(&st) && now() - t0 < 60)
			state_wait_whole(&st, 10);
		totals = now() - t0;
		for (k = 0; k < BENCH_NKEYS; k++) {
			t0 = now();
			c0 = cpu();
			intent = keys_dispatch(&st, bench_script[k].key, BENCH_W,
			    BENCH_H);
			tui_apply(&st, cv, intent);
			dt = now() - t0;
			if (cpu() - c0 > vcpu)
				vcpu = cpu() - c0;
			if (dt > vworst) {
				vworst = dt;
				vk = (int)k;
			}
		}
		/* Leaving it: its workers are cancelled and joined. */
		t0 = now();
		c0 = cpu();
		state_free(&st);
		dt = now() - t0;
		if (cpu() - c0 > vcpu)
			vcpu = cpu() - c0;
		if (dt > vworst) {
			vworst = dt;
			vk = -2;
		}
		printf("%-18s %7.2f ms %-8s %7.2f ms %11.1f ms\n", name,
		    vworst * 1e3, vk >= 0 ? bench_script[vk].name : vk == -1 ?
		    "(open)" : "(close)", vcpu * 1e3, totals * 1e3);
		if (vcpu > wcpu)
			wcpu = vcpu;
		if (vworst > worst) {
			worst = vworst;
			snprintf(worst_key, sizeof worst_key, "%s in %s",
			    vk >= 0 ? bench_script[vk].name : vk == -1 ?
			    "opening" : "closing", name);
		}
	}
	canvas_free(cv);
	getloadavg(load, 3);
	printf("worst key latency %.2f ms wall (%s), %.2f ms CPU, over %zu "
	    "keys x %zu launches; limit %.0f ms; load average %.2f\n"
	    "* parameters whose totals take seconds: width=16384 bx=1 by=1\n",
	    worst * 1e3, worst_key, wcpu * 1e3, BENCH_NKEYS,
	    catalog_count() + BENCH_NHEAVY, BENCH_LIMIT_MS, load[0]);
	return wcpu * 1e3 > BENCH_LIMIT_MS;
}
