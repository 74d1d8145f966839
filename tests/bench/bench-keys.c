/*
 * bench-keys.c - the worst key latency of the lecture screen over a
 * scripted run of every variant: for each key, the action
 * (keys_dispatch) plus what the loop does before it paints (tui_apply:
 * workers, models, frame and overlay into a 120x35 canvas).  Painting to
 * the terminal is left out (bench-frame times it).  Whole-launch totals
 * run on their workers meanwhile, as in the TUI; the time until they
 * arrive is reported beside, as what a key used to wait for.
 *
 * Maintainer benchmark (make bench-keys), not a test; exits 1 when a key
 * took longer than the limit (50 ms).
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

int
main(void)
{
	const struct variant	*v;
	struct canvas		*cv;
	struct state		 st;
	char			*cause = NULL, worst_key[64] = "";
	double			 t0, dt, vworst, worst = 0, totals;
	size_t			 k;
	int			 i, intent, vk;

	if ((cv = canvas_new(BENCH_W, BENCH_H, 0)) == NULL)
		abort();
	printf("%-18s %10s %-8s %14s\n", "variant", "worst key", "(key)",
	    "totals took");
	for (i = 0; i < catalog_count(); i++) {
		v = catalog[i];
		state_init(&st, ARCH_MODERN);
		state_set_width(&st, BENCH_W);
		if (state_set_variant(&st, v, NULL, &cause) != 0) {
			printf("%-18s %s\n", v->name, cause);
			free(cause);
			cause = NULL;
			continue;
		}
		/* Opening the variant, then how long its totals take. */
		t0 = now();
		tui_apply(&st, cv, INTENT_RECOMPUTE | INTENT_REDRAW);
		vworst = now() - t0;
		vk = -1;
		while (state_busy(&st) && now() - t0 < 600)
			state_wait_whole(&st, 10);
		totals = now() - t0;
		for (k = 0; k < BENCH_NKEYS; k++) {
			t0 = now();
			intent = keys_dispatch(&st, bench_script[k].key, BENCH_W,
			    BENCH_H);
			tui_apply(&st, cv, intent);
			dt = now() - t0;
			if (dt > vworst) {
				vworst = dt;
				vk = (int)k;
			}
		}
		/* Leaving it: its workers are cancelled and joined. */
		t0 = now();
		state_free(&st);
		dt = now() - t0;
		if (dt > vworst) {
			vworst = dt;
			vk = -2;
		}
		printf("%-18s %7.2f ms %-8s %11.1f ms\n", v->name, vworst * 1e3,
		    vk >= 0 ? bench_script[vk].name : vk == -1 ? "(open)" :
		    "(close)", totals * 1e3);
		if (vworst > worst) {
			worst = vworst;
			snprintf(worst_key, sizeof worst_key, "%s in %s",
			    vk >= 0 ? bench_script[vk].name : vk == -1 ?
			    "opening" : "closing", v->name);
		}
	}
	canvas_free(cv);
	printf("worst key latency %.2f ms (%s) over %zu keys x %d variants; "
	    "limit %.0f ms\n", worst * 1e3, worst_key, BENCH_NKEYS,
	    catalog_count(), BENCH_LIMIT_MS);
	return worst * 1e3 > BENCH_LIMIT_MS;
}
