/* SPDX-License-Identifier: ISC
 * test-state.c - the view state without curses: the pane limit by width,
 * the one bounds check, partners following pane 0 clamped to their own
 * launch, and whole-launch totals set, forgotten and computed on workers.  Links libview.a,
 * libvariants.a and libmodel.a only.
 *
 * The launches are small and worked by hand: matmul-col at width=64,
 * bx=32, by=8 has a 2x8 grid (64/32, 64/8), 8 warps a block (256/32) and
 * 129 steps (two loads for each of 64 k, then the store); matmul-tiled at
 * width=64 (tile 16) has a 4x4 grid, 8 warps and 4 x (4 + 2 x 16) + 1 =
 * 145 steps.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tap.h"
#include "catalog.h"
#include "state.h"

/* st showing matmul-col at width=64 bx=32 by=8, cols wide. */
static void
start(struct state *st, int cols, int compare)
{
	struct param_set	 ps;
	char			*cause = NULL;

	param_defaults(&ps, catalog_find("matmul-col"));
	param_set_text(&ps, "width", "64", &cause);
	param_set_text(&ps, "bx", "32", &cause);
	param_set_text(&ps, "by", "8", &cause);
	state_init(st, ARCH_MODERN);
	state_set_width(st, cols);
	st->compare = compare;
	if (state_set_variant(st, ps.v, &ps, &cause) != 0) {
		printf("# %s\n", cause);
		exit(1);
	}
}

/* st showing matmul-col at width=16384 bx=1 by=1: slow totals. */
static void
big(struct state *st)
{
	struct param_set	 ps;
	char			*cause = NULL;

	param_defaults(&ps, catalog_find("matmul-col"));
	param_set_text(&ps, "width", "16384", &cause);
	param_set_text(&ps, "bx", "1", &cause);
	param_set_text(&ps, "by", "1", &cause);
	state_init(st, ARCH_MODERN);
	if (state_set_variant(st, ps.v, &ps, &cause) != 0) {
		printf("# %s\n", cause);
		exit(1);
	}
}

static double
seconds(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
test_pane_limit(void)
{
	struct state	st;

	is_int(state_max_panes(80), 2, "80 columns: 2 panes");
	is_int(state_max_panes(119), 2, "119 columns: 2 panes");
	is_int(state_max_panes(120), 3, "120 columns: 3 panes");

	start(&st, 80, 1);
	is_int(st.npanes, 2, "compare at 80 columns: matmul-col and one "
	    "partner");
	is_str(st.pane[1].v->name, "matmul-row", "the first partner listed");
	is_int(state_set_width(&st, 100), 0, "80 -> 100 columns changes "
	    "nothing");
	is_int(state_set_width(&st, 120), 1, "80 -> 120 columns rebuilds "
	    "the partners");
	is_int(st.npanes, 3, "three panes at 120 columns");
	is_str(st.pane[2].v->name, "matmul-tiled", "the second partner");
	is_int(st.pane[2].l->grid[0], 4, "the partner takes width=64: "
	    "grid 64/16");
	state_free(&st);

	start(&st, 200, 0);
	is_int(st.npanes, 1, "compare off: one pane at any width");
	state_free(&st);
}

static void
test_check(void)
{
	struct state	 st;
	const char	*what = NULL;
	char		*cause = NULL;

	start(&st, 120, 0);
	ok(state_check(st.pane[0].l, 129, 128, 1, 7, 7, &what, &cause) == 0,
	    "step 128, block 1,7, warp 7: the last of each is inside");
	ok(state_check(st.pane[0].l, 129, 0, 2, 0, 0, &what, &cause) == -1 &&
	    strcmp(what, "block") == 0, "block 2,0 is refused as a block");
	is_str(cause, "2,0 is outside the grid (0..1, 0..7)", "and says the "
	    "grid");
	free(cause);
	ok(state_check(st.pane[0].l, 129, 0, 0, 0, 8, &what, &cause) == -1 &&
	    strcmp(what, "warp") == 0, "warp 8 is refused as a warp");
	is_str(cause, "8 is outside the block (0..7)", "and says the block");
	free(cause);
	ok(state_check(st.pane[0].l, 129, 129, 0, 0, 0, &what, &cause) == -1 &&
	    strcmp(what, "step") == 0, "step 129 is refused as a step");
	is_str(cause, "129 is past the end (0..128)", "and says the steps");
	free(cause);
	ok(state_check(st.pane[0].l, 129, -1, 0, 0, 0, &what, &cause) == -1,
	    "a negative step is refused");
	free(cause);

	st.step = 5;
	ok(state_goto(&st, 0, 0, 8, 0, &what, &cause) == -1, "goto a block "
	    "outside the grid fails");
	free(cause);
	is_int(st.step, 5, "... and leaves the step");
	ok(state_goto(&st, 100, 1, 7, 3, &what, &cause) == 0, "goto inside");
	is_int(st.step * 1000000 + st.block[0] * 10000 + st.block[1] * 100 +
	    st.warp, 100010703, "... sets step 100, block 1,7, warp 3");
	state_free(&st);
}

static void
test_follow(void)
{
	struct state	 st;
	const char	*what = NULL;
	char		*cause = NULL;

	start(&st, 120, 1);
	is_int(state_nsteps(&st), 145, "the longest pane is matmul-tiled's "
	    "145 steps");
	ok(state_goto(&st, 144, 1, 7, 7, &what, &cause) == 0, "step 144 is "
	    "inside the compare (block 1,7 inside pane 0's 2x8 grid)");
	state_update(&st);
	is_int(st.pane[0].m.step, 128, "matmul-col stays at its last step");
	is_int(st.pane[2].m.step, 144, "matmul-tiled goes to step 144");
	is_int(st.pane[2].m.block[0] * 100 + st.pane[2].m.block[1], 103,
	    "matmul-tiled's block clamps to 1,3 of its 4x4 grid (not 0,0)");
	is_int(st.pane[1].m.block[1], 7, "matmul-row (2x8) keeps block 1,7");
	is_int(st.step, 144, "the position itself is kept");

	st.block[0] = 9;
	st.warp = 99;
	state_update(&st);
	is_int(st.block[0] * 100 + st.warp, 107, "an update clamps pane 0's "
	    "own position to its launch");
	state_free(&st);
}

static void
test_whole(void)
{
	struct state	 st;
	const struct view_model	*m[STATE_MAX_PANES];
	int		 store;

	start(&st, 80, 0);
	ok(state_needs_whole(&st, 0), "a new pane needs its totals");
	state_update(&st);
	ok(st.pane[0].m.whole == NULL && st.pane[0].m.whole_why == NULL,
	    "no totals and no reason until they are computed");
	state_retotal(&st);
	ok(!state_needs_whole(&st, 0), "computed");
	state_update(&st);
	is_int(state_models(&st, m), 1, "one model");
	store = st.pane[0].l->nsites - 1;
	/* Every warp stores 32 consecutive floats from a multiple of 128
	   bytes (Row*64 + 32*blockIdx.x floats): 4 sectors; 16 blocks of 8
	   warps. */
	is_int(m[0]->whole->site[store].requests, 128, "the store: 128 "
	    "requests");
	is_int(m[0]->whole->site[store].sectors, 512, "... of 4 sectors each");
	state_set_whole(&st, 0, NULL, "computing, 40%");
	is_str(st.pane[0].m.whole_why, "computing, 40%", "a reason for none "
	    "reaches the view model");
	ok(st.pane[0].m.whole == NULL, "... without totals");
	ok(!state_needs_whole(&st, 0), "a pane with a reason needs nothing");
	state_forget_whole(&st);
	ok(state_needs_whole(&st, 0), "forgotten (the arch changed): needed "
	    "again");
	state_free(&st);
}

static void
test_worker(void)
{
	struct state	 st;
	double		 t0;
	int		 store, i;

	start(&st, 120, 1);
	is_int(state_start_whole(&st), 3, "a worker for each of the 3 panes");
	ok(state_busy(&st) || (st.pane[0].have_whole && st.pane[1].have_whole
	    && st.pane[2].have_whole), "busy until all three are in");
	is_int(state_start_whole(&st), 0, "none started twice");
	for (i = 0; i < 10000 && state_busy(&st); i++)
		state_wait_whole(&st, 10);
	ok(!state_busy(&st), "the workers finish");
	state_update(&st);
	store = st.pane[0].l->nsites - 1;
	is_int(st.pane[0].m.whole != NULL ?
	    st.pane[0].m.whole->site[store].sectors : -1, 512,
	    "the worker's totals reach the model: 512 store sectors");
	ok(st.pane[0].m.whole_why == NULL, "... and no reason is left");

	state_free(&st);

	/* matmul-col at width=16384 with 1x1 blocks: 2^28 blocks for the
	   fast path to visit, seconds of work; stopped at once. */
	big(&st);
	is_int(state_start_whole(&st), 1, "a worker for a launch of 2^28 "
	    "blocks");
	t0 = seconds();
	is_int(state_stop_whole(&st), 1, "Esc stops it while it runs");
	ok(seconds() - t0 < 1.0, "... at once (%.3f s)", seconds() - t0);
	ok(!state_busy(&st), "stopped: nothing runs");
	state_update(&st);
	ok(st.pane[0].m.whole == NULL && st.pane[0].m.whole_why != NULL &&
	    strstr(st.pane[0].m.whole_why, "stopped") != NULL,
	    "the counts say the totals were stopped");
	is_int(state_start_whole(&st), 0, "stopped panes stay stopped");
	state_restart_whole(&st);
	is_int(state_start_whole(&st), 1, "C-l's restart computes them again");
	state_poll_whole(&st);
	/* Freeing with the worker running cancels and joins it. */
	t0 = seconds();
	state_free(&st);
	ok(seconds() - t0 < 1.0, "freed with its worker running, at once");
}

/* A so far too long for a key goes to a worker and comes back whole. */
static void
test_so_far(void)
{
	struct state		 st;
	const struct totals	*t;
	const char		*what;
	char			*cause = NULL;
	int			 i;

	/* One thread a block: warp 0 has lane 0 alone, which loads M and N
	   once a step (one sector each) for k = 0..16383, then stores P:
	   2 x 16384 + 1 = 32769 steps. */
	big(&st);
	st.background = 1;
	is_int(state_nsteps(&st), 32769, "32769 steps");
	ok(state_goto(&st, 32768, 0, 0, 0, &what, &cause) == 0, "to the end");
	state_update(&st);
	ok(st.pane[0].have_m && st.pane[0].m.so_far_pending,
	    "the so far of 32769 steps is left pending");
	ok(state_busy(&st), "... for a worker");
	for (i = 0; i < 10000 && st.pane[0].m.so_far_pending; i++)
		state_wait_whole(&st, 10);
	state_stop_whole(&st);
	t = &st.pane[0].m.so_far;
	ok(!st.pane[0].m.so_far_pending && st.pane[0].m.so_far_valid,
	    "the worker's so far is installed");
	is_int(t->global_load.requests, 32768, "32768 load requests");
	is_int(t->global_load.sectors, 32768, "... of one sector each");
	is_int(t->global_store.requests, 1, "and the one store");
	st.step--;
	state_update(&st);
	ok(!st.pane[0].m.so_far_pending, "one step back is computed inline");
	/* Step 32767 is the last N load: all 32768 loads, no store yet. */
	is_int(st.pane[0].m.so_far.global_load.requests * 10 +
	    st.pane[0].m.so_far.global_store.requests, 327680,
	    "... 32768 loads and the store taken away");
	state_free(&st);
}

/*
 * The lesson's position across variants.  matmul-col at width=64: step
 * 2k is M[Row*Width+k], so step 100 is k = 50.  The tiled partner (tile
 * 16) shows the same logical iteration, Mds[ty][k] at ph = 50 / 16 = 3,
 * k = 50 % 16 = 2: per phase 4 + 2 x 16 = 36 steps (two tile loads, two
 * stores, then Mds and Nds per k), so 3 x 36 + 4 + 2 x 2 = 116.
 */
static void
test_align(void)
{
	struct state		 st;
	struct param_set	 ps;
	const struct variant	*v1 = catalog_find("twohop-v1");
	char			*cause = NULL;
	const char		*what;

	start(&st, 120, 1);
	ok(state_goto(&st, 100, 0, 0, 0, &what, &cause) == 0, "goto 100");
	state_update(&st);
	is_int(st.pane[2].m.step, 116, "tiled partner at ph=3, k=2 (step 116) "
	    "beside naive k=50");
	is_int(st.pane[1].m.step, 100, "matmul-row partner at k=50 too");
	state_free(&st);

	/* twohop-v0 at n=1000, k=5 (step 10, d[n*i + k]); Tab's switch. */
	param_defaults(&ps, catalog_find("twohop-v0"));
	param_set_text(&ps, "n", "1000", &cause);
	state_init(&st, ARCH_MODERN);
	state_set_width(&st, 120);
	ok(state_set_variant(&st, ps.v, &ps, &cause) == 0, "twohop-v0 n=1000");
	st.step = 10;
	ok(state_switch(&st, v1, &cause) == 0, "switch to twohop-v1");
	is_str(st.pane[0].v->name, "twohop-v1", "... now twohop-v1");
	is_int(param_get(&st.pane[0].ps, "n"), 1000, "... at n=1000");
	is_int(st.step, 10, "... at step 10, d[n*i + k] at k=5");
	/* The next iteration of that access and a loop value. */
	is_int(state_iteration(st.pane[0].l, st.step, 1), 12,
	    "the next iteration: step 12 (k=6)");
	is_int(state_iteration(st.pane[0].l, 0, -1), -1,
	    "no iteration before the first");
	is_int(state_loop_value(st.pane[0].l, st.step, "k", 999), 1998,
	    "k=999: step 1998");
	is_int(state_loop_value(st.pane[0].l, st.step, "k", 1000), -1,
	    "k=1000: the loop never gets there");
	state_free(&st);
}

int
main(void)
{
	test_pane_limit();
	test_check();
	test_follow();
	test_align();
	test_whole();
	test_worker();
	test_so_far();
	return tap_done();
}
