/* SPDX-License-Identifier: ISC
 * keys.c - keys to actions.  The frame's keys live in one const table
 * (the help overlay and 'warpviz --keys' print it); the overlays' few list
 * keys are handled per mode below.  Actions change the state and return
 * intent bits; they never draw and never touch the terminal.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "gpu.h"
#include "keys-act.h"
#include "keys-mode.h"
#include "keys.h"
#include "occupancy.h"
#include "opts.h"
#include "overlay.h"
#include "roles.h"
#include "tui-curses.h"


static int
act_step_next(struct state *st)
{
	if (st->step + 1 >= state_nsteps(st)) {
		state_status(st, "last step (%lld); Home goes back to the first",
		    (long long)st->step);
		return INTENT_REDRAW;
	}
	st->step++;
	return MOVED;
}

static int
act_step_prev(struct state *st)
{
	if (st->step == 0) {
		state_status(st, "first step");
		return INTENT_REDRAW;
	}
	st->step--;
	return MOVED;
}

/* The same access one iteration of its innermost loop on, or back. */
static int
move_iteration(struct state *st, int dir)
{
	int64_t	k = state_iteration(st->pane[0].l, st->step, dir);

	if (k < 0) {
		state_status(st, "no %s iteration of this access",
		    dir > 0 ? "later" : "earlier");
		return INTENT_REDRAW;
	}
	st->step = k;
	return MOVED;
}

static int
act_iter_next(struct state *st)
{
	return move_iteration(st, 1);
}

static int
act_iter_prev(struct state *st)
{
	return move_iteration(st, -1);
}

static int
act_first(struct state *st)
{
	st->step = 0;
	return MOVED;
}

static int
act_last(struct state *st)
{
	st->step = state_nsteps(st) - 1;
	return MOVED;
}

static int
act_play(struct state *st)
{
	st->playing = !st->playing;
	if (st->playing && st->step + 1 >= state_nsteps(st))
		st->step = 0;
	if (st->playing)
		state_status(st, "playing, %g steps/s (+ and - change it)",
		    state_speeds[st->speed]);
	else
		state_status(st, "paused at step %lld", (long long)st->step);
	return MOVED;
}

static int
act_faster(struct state *st)
{
	if (st->speed + 1 < state_nspeeds)
		st->speed++;
	state_status(st, "speed %g steps/s", state_speeds[st->speed]);
	return INTENT_REDRAW;
}

static int
act_slower(struct state *st)
{
	if (st->speed > 0)
		st->speed--;
	state_status(st, "speed %g steps/s", state_speeds[st->speed]);
	return INTENT_REDRAW;
}

/* Step through the catalog by `by`, passing over variants whose launch
   fails (the status line names them). */
static int
step_variant(struct state *st, int by)
{
	const struct variant	*v;
	char			 skipped[STATE_STATUS_MAX] = "";
	char			*cause = NULL;
	int			 n = catalog_count(), i, k;
	size_t			 len;

	i = catalog_index(st->pane[0].v);
	for (k = 0; k < n - 1; k++) {
		i = ((i + by) % n + n) % n;
		v = catalog[i];
		if (state_switch(st, v, &cause) == 0) {
			if (skipped[0] != '\0')
				state_status(st, "%s (passed over: %s)",
				    v->name, skipped);
			else if (st->status[0] == '\0')
				state_status(st, "%s: %s", v->name, v->title);
			return MOVED;
		}
		len = strlen(skipped);
		snprintf(skipped + len, sizeof skipped - len, "%s%s: %s",
		    len ? "; " : "", v->name, cause);
		free(cause);
		cause = NULL;
	}
	state_status(st, "no other variant launches: %s", skipped);
	return INTENT_REDRAW;
}

static int
act_variant_next(struct state *st)
{
	return step_variant(st, 1);
}

static int
act_variant_prev(struct state *st)
{
	return step_variant(st, -1);
}

static int
act_picker(struct state *st)
{
	int	rows[OVERLAY_MAX_ROWS], n, i, cur;

	cur = catalog_index(st->pane[0].v);
	n = overlay_variant_rows(rows, OVERLAY_MAX_ROWS);
	st->sel = 0;
	for (i = 0; i < n; i++)
		if (rows[i] == cur)
			st->sel = i;
	st->top = 0;
	st->mode = MODE_VARIANTS;
	return INTENT_REDRAW;
}

/* Move to the warp `by` away in the block, wrapping around. */
static int
move_warp(struct state *st, int by)
{
	int	n = st->pane[0].l->warps;

	st->warp = ((st->warp + by) % n + n) % n;
	state_status(st, "warp %d of %d in the block", st->warp, n);
	return MOVED;
}

static int
act_warp_next(struct state *st)
{
	return move_warp(st, 1);
}

static int
act_warp_prev(struct state *st)
{
	return move_warp(st, -1);
}

static int
move_block(struct state *st, int by)
{
	const struct launch	*l = st->pane[0].l;
	int64_t			 n = l->grid[0] * l->grid[1], i;

	i = st->block[0] + st->block[1] * l->grid[0] + by;
	i = (i % n + n) % n;
	st->block[0] = i % l->grid[0];
	st->block[1] = i / l->grid[0];
	state_status(st, "block %lld,%lld of %lldx%lld",
	    (long long)st->block[0], (long long)st->block[1],
	    (long long)l->grid[0], (long long)l->grid[1]);
	return MOVED;
}

static int
act_block_next(struct state *st)
{
	return move_block(st, 1);
}

static int
act_block_prev(struct state *st)
{
	return move_block(st, -1);
}

static int
act_block_prompt(struct state *st)
{
	return keys_prompt(st, PROMPT_BLOCK, "");
}

static int
act_step_prompt(struct state *st)
{
	return keys_prompt(st, PROMPT_STEP, "");
}

static int
act_lanes_prompt(struct state *st)
{
	return keys_prompt(st, PROMPT_LANES, "");
}

/*
 * Predict first: the counts, the verdict and the times hide and the
 * prompt asks one question (the scene's ask; in compare mode which is
 * faster, when both have a time; else the access's own count).  P again
 * shows the numbers without answering.
 */
static int
act_predict(struct state *st)
{
	enum predict_ask	 ask = PREDICT_NONE;
	const char		*why;

	if (st->predict != 0) {
		st->predict = 0;
		state_status(st, "predict off: the numbers show");
		return INTENT_REDRAW;
	}
	if (st->lesson != NULL && st->ask != PREDICT_NONE)
		ask = st->ask;
	else if (st->npanes > 1)
		ask = PREDICT_FASTER;
	if (keys_predict(st, ask, &why) != 0 && (ask != PREDICT_FASTER ||
	    st->lesson != NULL || keys_predict(st, PREDICT_NONE, &why) != 0)) {
		state_status(st, "predict: %s", why);
		return INTENT_REDRAW;
	}
	return keys_prompt(st, PROMPT_PREDICT, "");
}

static int
act_focus_box(struct state *st)
{
	if (st->focus == 0) {
		state_status(st, "no lanes in focus: f picks them (e.g. 0,16)");
		return INTENT_REDRAW;
	}
	st->focus_box = !st->focus_box;
	return INTENT_REDRAW;
}

static int
act_loop_prompt(struct state *st)
{
	if (keys_current_loop(st) == NULL) {
		state_status(st, "this access is in no loop; s goes to a step");
		return INTENT_REDRAW;
	}
	return keys_prompt(st, PROMPT_LOOP, "");
}

static int
act_arch(struct state *st)
{
	st->arch = arch_next(st->arch);
	state_forget_whole(st);
	state_status(st, "memory model: %s, %s%s", arch_name(st->arch),
	    arch_unit(st->arch), st->arch == ARCH_MODERN ? " (cc 6.0+)" : "");
	return MOVED;
}

static int
act_params(struct state *st)
{
	st->mode = MODE_PARAMS;
	st->sel = st->top = 0;
	return INTENT_REDRAW;
}

static int
act_compare(struct state *st)
{
	st->compare = !st->compare;
	state_set_partners(st);
	if (st->compare) {
		state_status(st, "compare: %d variants in lock-step (c ends)",
		    st->npanes);
	} else if (st->status[0] == '\0')
		state_status(st, "compare off");
	return MOVED;
}

static int
act_gpu(struct state *st)
{
	const char	*why = NULL;

	if (gpu_request(&st->pane[0].ps, &why) != 0)
		state_status(st, "%s", why != NULL ? why : "no live timing");
	else
		state_status(st, "timing %s on the GPU...",
		    st->pane[0].v->name);
	return INTENT_REDRAW;
}

/* Count one launch under Nsight Compute, in the background; the counts
   pane shows the numbers when they come (tui.c asks each frame). */
static int
act_counters(struct state *st)
{
	const char	*why = NULL;

	if (gpu_counters_request(&st->pane[0].ps, &why) != 0)
		state_status(st, "%s", why != NULL ? why : "no counters");
	else
		state_status(st, "counting %s under Nsight Compute...",
		    st->pane[0].v->name);
	return INTENT_REDRAW;
}

/* Open the occupancy overlay; its what-if keeps the user's values while
   the variant and its block are those it was seeded from. */
static int
act_occupancy(struct state *st)
{
	struct state_occ	*o = &st->occ;
	const struct launch	*l = st->pane[0].l;

	if (o->seed_v != st->pane[0].v || o->seed_threads != l->threads ||
	    o->seed_smem != l->shared_bytes)
		keys_occ_seed(st);
	o->editing = 0;
	o->why[0] = '\0';
	st->mode = MODE_GPU;
	return INTENT_REDRAW;
}

/* Go to scene k of the lesson (the script's state, whatever the keys
   changed since). */
static int
goto_scene(struct state *st, int k)
{
	char	*cause = NULL;

	if (st->lesson == NULL) {
		state_status(st, "no lesson: warpviz lesson --list names them");
		return INTENT_REDRAW;
	}
	if (k < 0 || k >= st->lesson->nscenes) {
		state_status(st, k < 0 ? "first scene" : "last scene: the end "
		    "of the lesson");
		return INTENT_REDRAW;
	}
	if (state_apply_scene(st, k, &cause) != 0) {
		state_status(st, "scene %d: %s", k + 1, cause);
		free(cause);
		return INTENT_REDRAW;
	}
	/* A scene may name a theme. */
	return MOVED | INTENT_RECOLOR;
}

static int
act_scene_next(struct state *st)
{
	return goto_scene(st, st->scene + 1);
}

static int
act_scene_prev(struct state *st)
{
	return goto_scene(st, st->scene - 1);
}

static int
act_zoom(struct state *st)
{
	st->zoom = !st->zoom;
	state_status(st, st->zoom ? "projector zoom: memory cells twice as "
	    "big where there is room (z ends)" : "zoom off");
	return MOVED;
}

static int
act_motion(struct state *st)
{
	st->motion_on = !st->motion_on;
	st->motion = 0;
	state_status(st, st->motion_on ? "motion on: while playing, the "
	    "lanes reach memory over a few frames (up to %d steps/s)" :
	    "motion off", STATE_MOTION_SPEED);
	return MOVED;
}

static int
act_mark(struct state *st)
{
	int	k = state_mark(st);

	if (k < 0)
		state_status(st, "%d marks already: S saves them", st->nmarks);
	else
		state_status(st, "mark %d of %d (' cycles, S saves them as a "
		    "lesson)", k + 1, st->nmarks);
	return INTENT_REDRAW;
}

static int
act_mark_next(struct state *st)
{
	char	*cause = NULL;
	int	 k;

	if (st->nmarks == 0) {
		state_status(st, "no marks: * marks the state on screen");
		return INTENT_REDRAW;
	}
	k = (st->mark + 1) % st->nmarks;
	if (state_apply(st, &st->marks[k], &cause) != 0) {
		state_status(st, "mark %d: %s", k + 1, cause);
		free(cause);
		return INTENT_REDRAW;
	}
	st->mark = k;
	state_status(st, "mark %d of %d", k + 1, st->nmarks);
	return MOVED | INTENT_RECOLOR;
}

static int
act_mark_save(struct state *st)
{
	if (st->nmarks == 0) {
		state_status(st, "no marks to save: * marks the state on "
		    "screen");
		return INTENT_REDRAW;
	}
	st->export_req = 2;
	return INTENT_REDRAW;
}

/* As written / as compiled: the compile runs on isa-job.c's thread. */
static int
act_compiled(struct state *st)
{
	st->as_compiled = !st->as_compiled;
	if (!st->as_compiled)
		state_status(st, "as written: the source's accesses");
	return INTENT_REDRAW;
}

static int
act_dram(struct state *st)
{
	st->dram = !st->dram;
	if (st->dram)
		state_status(st, "DRAM: the warps in flight over %d channels "
		    "(a teaching model; m hides it)", st->dram_cfg.channels);
	return INTENT_REDRAW;
}

static int
act_export(struct state *st)
{
	st->export_req = 1;
	return INTENT_REDRAW;
}

static int
act_help(struct state *st)
{
	st->mode = MODE_HELP;
	st->help_page = 0;
	return INTENT_REDRAW;
}

/* Scroll the source pane by n lines; it folds again at the next step. */
static int
scroll_source(struct state *st, int n)
{
	if (st->src_step != st->step)
		st->src_scroll = 0;
	st->src_step = st->step;
	st->src_scroll += n;
	if (st->src_scroll == 0)
		st->src_scroll = n;
	state_status(st, "source scrolled; the next step folds it again");
	return INTENT_REDRAW;
}

static int
act_source_down(struct state *st)
{
	return scroll_source(st, 4);
}

static int
act_source_up(struct state *st)
{
	return scroll_source(st, -4);
}

/* PgDn and PgUp: a presenter's remote sends them, so in a lesson they move
   between scenes; otherwise they scroll the source as ] and [ do. */
static int
act_page_down(struct state *st)
{
	return st->lesson != NULL ? act_scene_next(st) : act_source_down(st);
}

static int
act_page_up(struct state *st)
{
	return st->lesson != NULL ? act_scene_prev(st) : act_source_up(st);
}

/* The next colour theme: dark, light, high contrast, colour-blind safe. */
static int
act_theme(struct state *st)
{
	role_theme_set((role_theme_get() + 1) % ROLE_THEME_COUNT);
	state_status(st, "theme %s (T for the next; --theme or WARPVIZ_THEME "
	    "to start with it)", role_theme_name(role_theme_get()));
	return INTENT_RECOLOR | INTENT_REDRAW;
}

static int
act_redraw(struct state *st)
{
	state_restart_whole(st);
	return INTENT_RELAYOUT | INTENT_RECOMPUTE | INTENT_REDRAW;
}

static int
act_quit(struct state *st)
{
	return INTENT_QUIT;
}

const struct keys_entry keys_table[] = {
	{ { KEY_RIGHT, 'l' }, { "Right", "l" }, "step forward",
	  act_step_next },
	{ { KEY_LEFT, 'h' }, { "Left", "h" }, "step back", act_step_prev },
	{ { ' ' }, { "Space" }, "play or pause", act_play },
	{ { '+', '=' }, { "+", NULL }, "play faster", act_faster },
	{ { '-' }, { "-" }, "play slower", act_slower },
	{ { KEY_HOME, '0' }, { "Home", "0" }, "first step", act_first },
	{ { KEY_END, '$' }, { "End", "$" }, "last step", act_last },
	{ { 's' }, { "s" }, "go to a step (type K)", act_step_prompt },
	{ { 'i' }, { "i" }, "go to a loop value (k=)", act_loop_prompt },
	{ { KEY_DOWN, 'j' }, { "Down", "j" }, "this access, next iteration",
	  act_iter_next },
	{ { KEY_UP, 'k' }, { "Up", "k" }, "this access, previous iteration",
	  act_iter_prev },
	{ { '\t' }, { "Tab" }, "next variant", act_variant_next },
	{ { KEY_BTAB }, { "S-Tab" }, "previous variant", act_variant_prev },
	{ { 'v', '\n', '\r', KEY_ENTER }, { "v", "Enter" },
	  "choose a variant (list)", act_picker },
	{ { 'w' }, { "w" }, "next warp in the block", act_warp_next },
	{ { 'W' }, { "W" }, "previous warp", act_warp_prev },
	{ { 'b' }, { "b" }, "next block", act_block_next },
	{ { 'B' }, { "B" }, "previous block", act_block_prev },
	{ { '#' }, { "#" }, "go to a block (X,Y)", act_block_prompt },
	{ { 'a' }, { "a" }, "memory model: next rule set", act_arch },
	{ { 'p' }, { "p" }, "edit a parameter", act_params },
	{ { 'c' }, { "c" }, "compare side by side", act_compare },
	{ { 'g' }, { "g" }, "time it on the GPU", act_gpu },
	{ { 'G' }, { "G" }, "count it on the GPU (ncu)",
	  act_counters },
	{ { 'o' }, { "o" }, "occupancy and GPU details", act_occupancy },
	{ { KEY_NPAGE }, { "PgDn" }, "next scene (lesson), else ]",
	  act_page_down },
	{ { KEY_PPAGE }, { "PgUp" }, "previous scene (lesson), else [",
	  act_page_up },
	{ { ']' }, { "]" }, "scroll the source down", act_source_down },
	{ { '[' }, { "[" }, "scroll the source up", act_source_up },
	{ { 'n' }, { "n" }, "lesson: next scene", act_scene_next },
	{ { 'N' }, { "N" }, "lesson: previous scene", act_scene_prev },
	{ { 'f' }, { "f" }, "lanes to focus (type 0,16)", act_lanes_prompt },
	{ { 'F' }, { "F" }, "their thread and address", act_focus_box },
	{ { 'P' }, { "P" }, "predict first: hide the counts, ask",
	  act_predict },
	{ { 'z' }, { "z" }, "projector zoom", act_zoom },
	{ { 'M' }, { "M" }, "motion while playing on/off", act_motion },
	{ { '*' }, { "*" }, "mark this state (bookmark)", act_mark },
	{ { '\'' }, { "'" }, "go to the next mark", act_mark_next },
	{ { 'S' }, { "S" }, "save the marks as a lesson", act_mark_save },
	{ { 'm' }, { "m" }, "DRAM channels (a model)", act_dram },
	{ { 'I' }, { "I" }, "as written / as compiled (NVRTC)",
	  act_compiled },
	{ { 'e' }, { "e" }, "export frame: .txt .ans .svg", act_export },
	{ { 'T' }, { "T" }, "colour theme: next", act_theme },
	{ { '?' }, { "?" }, "this help", act_help },
	{ { KEY_CTRL('l') }, { "C-l" }, "redraw, restart stopped totals",
	  act_redraw },
	{ { 'q', 'Q' }, { "q" }, "quit", act_quit },
	{ { 0 }, { "Up", "k" }, "lists: up", NULL },
	{ { 0 }, { "Down", "j" }, "lists: down", NULL },
	{ { 0 }, { "Enter" }, "lists: choose; prompt: apply", NULL },
	{ { 0 }, { "Esc" }, "close a list or prompt; stop totals", NULL },
	{ { 0 }, { "C-a", "C-e" }, "prompt: to start, to end", NULL },
	{ { 0 }, { "C-u", "C-k" }, "prompt: erase to start/end", NULL },
	{ { 0 }, { "Backspace" }, "prompt: erase a character", NULL },
	{ { 0 }, { NULL }, NULL, NULL }
};

void
keys_print(FILE *f)
{
	const struct keys_entry	*e;
	int			 i;

	for (e = keys_table; e->help != NULL; e++)
		for (i = 0; i < KEYS_PER_ACTION; i++)
			if (e->name[i] != NULL)
				fprintf(f, "%s\t%s\n", e->name[i], e->help);
}

int
keys_tick(struct state *st)
{
	if (st->step + 1 < state_nsteps(st))
		st->step++;
	else if (st->wrap)
		st->step = 0;
	else {
		st->playing = 0;
		state_status(st, "end of the kernel: paused (Space plays from "
		    "the start)");
	}
	/* The new step's lanes travel to memory over the next phases. */
	st->motion = st->playing && st->motion_on &&
	    state_speeds[st->speed] <= STATE_MOTION_SPEED ? 1 : 0;
	return MOVED;
}

/* The frame's mouse: the wheel steps. */
static int
frame_mouse(struct state *st)
{
	MEVENT	me;

	if (getmouse(&me) != OK)
		return 0;
	if (me.bstate & BUTTON4_PRESSED)
		return act_step_prev(st);
	if (me.bstate & BUTTON5_PRESSED)
		return act_step_next(st);
	return 0;
}

int
keys_dispatch(struct state *st, int key, int w, int h)
{
	const struct keys_entry	*e;
	int			 i;

	/* A key ends the motion of the step on screen: all lanes arrive. */
	if (st->motion > 0) {
		st->motion = 0;
		for (i = 0; i < st->npanes; i++)
			st->pane[i].m.motion = 0;
	}
	switch (st->mode) {
	case MODE_HELP:
		/* ? or Right turns to the glossary, Left back; others close. */
		if ((key == '?' || key == KEY_RIGHT || key == '\t') &&
		    st->help_page == 0) {
			st->help_page = 1;
			return INTENT_REDRAW;
		}
		if (key == KEY_LEFT && st->help_page == 1) {
			st->help_page = 0;
			return INTENT_REDRAW;
		}
		if (key == KEY_MOUSE)
			return 0;
		st->mode = MODE_FRAME;
		return INTENT_REDRAW;
	case MODE_GPU:
		return keys_mode_occupancy(st, key);
	case MODE_VARIANTS:
		return keys_mode_variants(st, key, w, h);
	case MODE_PARAMS:
		return keys_mode_params(st, key, w, h);
	case MODE_PROMPT:
		return keys_mode_prompt(st, key);
	case MODE_FRAME:
		break;
	}
	if (key == KEY_MOUSE)
		return frame_mouse(st);
	for (e = keys_table; e->help != NULL; e++) {
		if (e->fn == NULL)
			continue;
		for (i = 0; i < KEYS_PER_ACTION && e->key[i] != 0; i++)
			if (e->key[i] == key) {
				st->status[0] = '\0';
				return e->fn(st);
			}
	}
	if (key == KEY_ESC) {
		if (state_stop_whole(st) == 0)
			return 0;
		state_status(st, "whole-launch totals stopped; C-l computes "
		    "them again");
		return INTENT_REDRAW;
	}
	state_status(st, "that key does nothing here; ? lists the keys");
	return INTENT_REDRAW;
}
