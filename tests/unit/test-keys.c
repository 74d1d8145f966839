/* SPDX-License-Identifier: ISC
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
#include "occupancy.h"
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

/*
 * The occupancy overlay's what-if (o): stride's block is 32 threads and
 * no shared memory.  j and k choose a row, a digit or Enter types, h and
 * l step (a register, a warp of threads, a KB), t, r and m type a field
 * from any row, d picks the device, v takes the variant's values again;
 * a refused value keeps the line open.
 */
static void
whatif(struct state *st)
{
	struct state_occ	*o = &st->occ;

	is_int(key(st, 'o'), INTENT_REDRAW, "o: redraw");
	is_int(st->mode, MODE_GPU, "o: the occupancy overlay");
	is_int(o->val[OCC_FIELD_THREADS], 32, "o: stride's 32 threads");
	is_int(o->val[OCC_FIELD_SHARED], 0, "o: no shared memory");
	is_int(o->row, OCC_ROW_DEVICE, "o: on the device row");
	is_int(o->dev, 0, "o: the teaching SM");
	key(st, 'j');
	is_int(keys(st, "11\n"), INTENT_REDRAW, "11 Enter: redraw");
	is_int(o->val[OCC_FIELD_REGS], 11, "registers typed: 11");
	is_int(o->editing, 0, "Enter ends the typing");
	key(st, 'j');
	keys(st, "512\n");
	is_int(o->val[OCC_FIELD_THREADS], 512, "threads typed: 512");
	key(st, 'j');
	keys(st, "5K\n");
	is_int(o->val[OCC_FIELD_SHARED], 5120, "shared typed: 5K = 5120");
	keys(st, "5M\n");
	is_int(o->val[OCC_FIELD_SHARED], 5120, "5M refused: still 5120");
	is_int(o->editing, 1, "... the line stays open");
	ok(strstr(o->why, "shared: '5M' is not allowed") != NULL,
	    "... and says why (%s)", o->why);
	key(st, 27);
	ok(o->editing == 0 && st->mode == MODE_GPU,
	    "Esc cancels the typing, not the overlay");
	keys(st, "12345678901234567890");
	is_int(st->ninput, 12, "typing stops at 12 characters");
	key(st, 27);
	/* 5120 steps down to 4096, up to 5120 and 6144. */
	key(st, 'h');
	is_int(o->val[OCC_FIELD_SHARED], 4096, "h: a KB less");
	keys(st, "ll");
	is_int(o->val[OCC_FIELD_SHARED], 6144, "l l: two KB more");
	/* 512 threads step down to 480, a warp less; 1 is the least. */
	key(st, 'k');
	key(st, 'h');
	is_int(o->val[OCC_FIELD_THREADS], 480, "h on threads: a warp less");
	keys(st, "1\nh");
	is_int(o->val[OCC_FIELD_THREADS], 1, "h at 1 thread: stays 1");
	/* Rows wrap: k from registers is the device; l picks the H100. */
	keys(st, "kkl");
	is_int(o->row, OCC_ROW_DEVICE, "k k: the device row");
	is_int(o->dev, 1, "l: the next device model");
	ok(strcmp(occ_devices[o->dev]->name, "H100") == 0, "the H100");
	keys(st, "l");
	is_int(o->dev, 0, "l again wraps to the teaching SM");
	/* Closing keeps the what-if for the same variant; r resets it. */
	is_int(key(st, 'q'), INTENT_REDRAW, "q closes the overlay");
	is_int(st->mode, MODE_FRAME, "... back to the frame, not quit");
	key(st, 'o');
	is_int(o->val[OCC_FIELD_SHARED], 6144, "o again keeps the values");
	/* t, r, m type from any row; d picks the next device. */
	keys(st, "t64\n");
	ok(o->row == OCC_ROW_THREADS && o->val[OCC_FIELD_THREADS] == 64,
	    "t types the threads: 64");
	keys(st, "r21\n");
	ok(o->row == OCC_ROW_REGS && o->val[OCC_FIELD_REGS] == 21,
	    "r types the registers: 21");
	keys(st, "m2K\n");
	ok(o->row == OCC_ROW_SHARED && o->val[OCC_FIELD_SHARED] == 2048,
	    "m types the shared memory: 2K");
	key(st, 'd');
	ok(o->row == OCC_ROW_DEVICE && o->dev == 1, "d: the next device");
	key(st, 'd');
	is_int(o->dev, 0, "d again: back to the teaching SM");
	key(st, 'v');
	is_int(o->val[OCC_FIELD_THREADS], 32, "v: stride's threads again");
	is_int(o->val[OCC_FIELD_SHARED], 0, "v: its shared memory again");
	is_int(key(st, 'z'), INTENT_REDRAW, "another key closes it");
	is_int(st->mode, MODE_FRAME, "... to the frame");
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

	whatif(&st);

	/* The memory model, the GPU switched off, quit. */
	is_int(key(&st, 'a'), MOVED, "a: recompute and redraw");
	is_int(st.arch, ARCH_CC20, "a: from modern back to cc 2.x");
	is_int(key(&st, 'a'), MOVED, "a again");
	is_int(st.arch, ARCH_LEGACY, "a: then cc 1.2/1.3");
	is_int(key(&st, 'a'), MOVED, "a again");
	is_int(st.arch, ARCH_CC10, "a: then cc 1.0/1.1, 2007");
	ok(strstr(st.status, "cc1.0") != NULL, "a says which (%s)", st.status);
	is_int(key(&st, 'a'), MOVED, "a again");
	is_int(st.arch, ARCH_MODERN, "a: round to modern");
	is_int(key(&st, 'g'), INTENT_REDRAW, "g without a GPU: redraw");
	ok(strstr(st.status, "WARPVIZ_GPU=off") != NULL, "g says why (%s)",
	    st.status);
	setenv("WARPVIZ_NCU", "/nonexistent/ncu", 1);
	is_int(key(&st, 'G'), INTENT_REDRAW, "G without ncu: redraw");
	ok(strstr(st.status, "no Nsight Compute") != NULL &&
	    strstr(st.status, "WARPVIZ_NCU") != NULL, "G says why (%s)",
	    st.status);
	unsetenv("WARPVIZ_NCU");
	is_int(key(&st, 'x'), INTENT_REDRAW, "x does nothing but say so");
	ok(strstr(st.status, "does nothing") != NULL, "(%s)", st.status);
	/* The lecture hall's keys. */
	is_int(key(&st, 'n'), INTENT_REDRAW, "n without a lesson: redraw");
	ok(strstr(st.status, "no lesson") != NULL, "n says there is no lesson "
	    "(%s)", st.status);
	is_int(key(&st, 'z'), MOVED, "z: projector zoom, recompute");
	is_int(st.zoom, 1, "z turns the zoom on");
	key(&st, 'z');
	is_int(st.zoom, 0, "z again turns it off");
	/* I asks for the kernel as compiled (the TUI's isa-job compiles it
	   on a thread); I again goes back to as written. */
	is_int(key(&st, 'I'), INTENT_REDRAW, "I: as compiled, redraw");
	is_int(st.as_compiled, 1, "I asks for as compiled");
	key(&st, 'I');
	is_int(st.as_compiled, 0, "I again: as written");
	is_int(key(&st, 'm'), INTENT_REDRAW, "m: the DRAM box, redraw");
	is_int(st.dram, 1, "m opens the DRAM box");
	key(&st, 'm');
	is_int(st.dram, 0, "m again closes it");
	st.step = 1;
	is_int(key(&st, '*'), INTENT_REDRAW, "*: mark, redraw");
	is_int(st.nmarks, 1, "* makes a mark");
	st.step = 0;
	is_int(key(&st, '\'') & MOVED, MOVED, "': back to the mark");
	is_int(st.step, 1, "' restores the mark's step 1");
	is_int(key(&st, 'S'), INTENT_REDRAW, "S: save, redraw");
	is_int(st.export_req, 2, "S asks the loop to write the marks");
	st.export_req = 0;
	is_int(key(&st, 'e'), INTENT_REDRAW, "e: export, redraw");
	is_int(st.export_req, 1, "e asks the loop to write the frame");
	st.export_req = 0;
	is_int(key(&st, 'F'), INTENT_REDRAW, "F without lanes: redraw");
	ok(strstr(st.status, "no lanes in focus") != NULL, "F says how to "
	    "pick lanes (%s)", st.status);
	is_int(keys(&st, "f0,16\n"), MOVED, "f 0,16 Enter: focus");
	is_int(st.focus, 0x10001, "lanes 0 and 16 in focus");
	keys(&st, "f40\n");
	is_int(st.focus, 0x10001, "f 40 is refused, focus unchanged");
	keys(&st, "f1,\n");
	is_int(st.focus, 0x10001, "f '1,' is refused as --lanes refuses it");
	keys(&st, "f\025\n");
	is_int(st.focus, 0, "f, Ctrl-U, Enter: no lanes in focus");
	is_int(key(&st, 'q'), INTENT_QUIT, "q: quit");
	is_int(key(&st, 'Q'), INTENT_QUIT, "Q: quit");
	state_free(&st);
	return (tap_done());
}
