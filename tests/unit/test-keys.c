/*
 * test-keys.c - the TUI's key actions without a terminal: each key
 * changes the state and returns intent bits (state.h), never draws.
 * Hand-made state: stride at n=64, bs=32 is 2 blocks of 1 warp and 2
 * steps (the load in[i * stride], then the store out[i]).  Keys are
 * the plain-character ones (l, h, 0, $, ...), so no curses header is
 * needed and no screen is opened; the binary links curses only for
 * getmouse, which these keys never reach.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "keys.h"
#include "param.h"
#include "state.h"
#include "tap.h"

#define MOVED	(INTENT_RECOMPUTE | INTENT_REDRAW)

static int
key(struct state *st, int k)
{
	return keys_dispatch(st, k, 120, 35);
}

static int
keys(struct state *st, const char *s)
{
	int	r = 0;

	for (; *s != '\0'; s++)
		r = key(st, (unsigned char)*s);
	return r;
}

static int
start(struct state *st)
{
	struct param_set	 ps;
	char			*cause = NULL;

	state_init(st, ARCH_MODERN);
	param_defaults(&ps, catalog_find("stride"));
	if (param_assign(&ps, "n=64", &cause) != 0 ||
	    param_assign(&ps, "bs=32", &cause) != 0 ||
	    state_set_variant(st, ps.v, &ps, &cause) != 0) {
		ok(0, "stride n=64 bs=32 starts: %s", cause);
		free(cause);
		return -1;
	}
	return 0;
}

int
main(void)
{
	struct state	st;

	unsetenv("WARPVIZ_LIBCUDA");
	setenv("WARPVIZ_GPU", "off", 1);
	if (start(&st) != 0)
		return (tap_done());
	is_int(state_nsteps(&st), 2, "stride n=64: 2 steps");

	/* Steps: l forward, h back, 0 first, $ last; the ends refuse. */
	is_int(key(&st, 'l'), MOVED, "l: recompute and redraw");
	is_int(st.step, 1, "l: step 1");
	is_int(key(&st, 'l'), INTENT_REDRAW, "l at the last step: redraw only");
	is_int(st.step, 1, "l at the last step: still 1");
	ok(strstr(st.status, "last step") != NULL, "and says so (%s)",
	    st.status);
	is_int(key(&st, 'h'), MOVED, "h: back");
	is_int(st.step, 0, "h: step 0");
	is_int(key(&st, 'h'), INTENT_REDRAW, "h at step 0: redraw only");
	key(&st, '$');
	is_int(st.step, 1, "$: the last step");
	key(&st, '0');
	is_int(st.step, 0, "0: the first step");

	/* Play and pause; a tick at the end pauses unless wrapping. */
	key(&st, ' ');
	is_int(st.playing, 1, "Space plays");
	is_int(keys_tick(&st), MOVED, "a tick moves");
	is_int(st.step, 1, "to step 1");
	keys_tick(&st);
	ok(st.playing == 0 && st.step == 1, "a tick past the end pauses");
	key(&st, ' ');
	is_int(st.step, 0, "Space at the end plays from step 0");
	key(&st, ' ');
	is_int(st.playing, 0, "Space again pauses");

	/* Blocks: b next, B previous, wrapping over the 2 blocks. */
	is_int(key(&st, 'b'), MOVED, "b: recompute and redraw");
	ok(st.block[0] == 1 && st.block[1] == 0, "b: block 1,0");
	key(&st, 'b');
	ok(st.block[0] == 0 && st.block[1] == 0, "b again wraps to 0,0");
	key(&st, 'B');
	ok(st.block[0] == 1, "B from 0,0 wraps to 1,0");
	/* One warp per block: w stays on warp 0. */
	key(&st, 'w');
	is_int(st.warp, 0, "w with one warp: warp 0");

	/* The block prompt: a bad block changes nothing, a good one moves. */
	is_int(key(&st, '#'), INTENT_REDRAW, "#: a prompt");
	is_int(st.mode, MODE_PROMPT, "#: prompt mode");
	is_int(keys(&st, "9,9\n"), INTENT_REDRAW, "9,9 Enter: refused");
	ok(st.block[0] == 1 && st.block[1] == 0 &&
	    strstr(st.status, "outside the grid") != NULL,
	    "9,9: block unchanged, outside the grid (%s)", st.status);
	is_int(st.mode, MODE_FRAME, "the prompt closes");
	key(&st, '#');
	is_int(keys(&st, " 0\n"), INTENT_REDRAW, "' 0' Enter: refused");
	key(&st, '#');
	is_int(keys(&st, "0\n"), MOVED, "0 Enter: taken");
	ok(st.block[0] == 0 && st.block[1] == 0, "block 0,0");
	key(&st, 's');
	is_int(keys(&st, "2\n"), INTENT_REDRAW, "step prompt 2: past the end");
	key(&st, 's');
	keys(&st, "1\n");
	is_int(st.step, 1, "step prompt 1: step 1");
	key(&st, 's');
	keys(&st, "0");
	is_int(key(&st, 27), INTENT_REDRAW, "Esc cancels the prompt");
	ok(st.mode == MODE_FRAME && st.step == 1, "and changes nothing");

	/* Overlays: ? opens help, any key closes it. */
	is_int(key(&st, '?'), INTENT_REDRAW, "?: redraw");
	is_int(st.mode, MODE_HELP, "?: help mode");
	is_int(key(&st, 'q'), INTENT_REDRAW, "q in help closes help");
	ok(st.mode == MODE_FRAME, "back to the frame, not quit");

	/* The memory model, the GPU switched off, quit. */
	is_int(key(&st, 'a'), MOVED, "a: recompute and redraw");
	is_int(st.arch, ARCH_LEGACY, "a: legacy");
	is_int(key(&st, 'g'), INTENT_REDRAW, "g without a GPU: redraw");
	ok(strstr(st.status, "WARPVIZ_GPU=off") != NULL, "g says why (%s)",
	    st.status);
	is_int(key(&st, 'z'), INTENT_REDRAW, "z does nothing but say so");
	ok(strstr(st.status, "does nothing") != NULL, "(%s)", st.status);
	is_int(key(&st, 'q'), INTENT_QUIT, "q: quit");
	is_int(key(&st, 'Q'), INTENT_QUIT, "Q: quit");
	state_free(&st);
	return (tap_done());
}
