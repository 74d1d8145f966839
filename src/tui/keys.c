/*
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
#include "keys.h"
#include "occupancy.h"
#include "opts.h"
#include "overlay.h"
#include "roles.h"
#include "tui-curses.h"

#define KEY_ESC		27
#define KEY_CTRL(c)	((c) & 0x1f)
#define MOVED		(INTENT_RECOMPUTE | INTENT_REDRAW)
#define OCC_INPUT_MAX	12	/* characters a what-if value may have */

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

/* The innermost loop around the current access, or NULL. */
static const char *
current_loop(const struct state *st)
{
	const struct launch	*l = st->pane[0].l;
	struct launch_pos	 pos;
	const struct launch_site *s;

	if (st->step < 0 || st->step >= l->nsteps)
		return NULL;
	launch_locate(l, st->step, &pos);
	s = &l->sites[pos.site];
	return s->nloops > 0 ? l->loops[s->loop[s->nloops - 1]].var : NULL;
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

static int
set_variant(struct state *st, const struct variant *v)
{
	char	*cause = NULL;

	if (state_switch(st, v, &cause) != 0) {
		state_status(st, "%s: %s", v->name, cause);
		free(cause);
		return INTENT_REDRAW;
	}
	if (st->status[0] == '\0')
		state_status(st, "%s: %s", v->name, v->title);
	return MOVED;
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
prompt(struct state *st, enum state_prompt what, const char *init)
{
	st->mode = MODE_PROMPT;
	st->prompt = what;
	snprintf(st->input, sizeof st->input, "%s", init);
	st->ninput = strlen(st->input);
	st->icur = st->ninput;
	st->ifresh = st->ninput > 0;
	return INTENT_REDRAW;
}

static int
act_block_prompt(struct state *st)
{
	return prompt(st, PROMPT_BLOCK, "");
}

static int
act_step_prompt(struct state *st)
{
	return prompt(st, PROMPT_STEP, "");
}

static int
act_loop_prompt(struct state *st)
{
	if (current_loop(st) == NULL) {
		state_status(st, "this access is in no loop; s goes to a step");
		return INTENT_REDRAW;
	}
	return prompt(st, PROMPT_LOOP, "");
}

static int
act_arch(struct state *st)
{
	st->arch = st->arch == ARCH_MODERN ? ARCH_LEGACY : ARCH_MODERN;
	state_forget_whole(st);
	state_status(st, "memory model: %s", st->arch == ARCH_MODERN ?
	    "modern (cc 6.0+, 32-byte sectors)" :
	    "legacy (cc 1.2/1.3, half-warp segments)");
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

/* The what-if's values from pane 0: its block, its shared memory and
   ptxas's register count for the device model's sm (0: unknown). */
static void
occ_seed(struct state *st)
{
	struct state_occ	*o = &st->occ;
	const struct launch	*l = st->pane[0].l;

	o->val[OCC_FIELD_THREADS] = l->threads > OCC_MAX_THREADS ?
	    OCC_MAX_THREADS : (int)l->threads;
	o->val[OCC_FIELD_SHARED] = l->shared_bytes > OCC_MAX_SMEM ?
	    OCC_MAX_SMEM : (int)l->shared_bytes;
	o->val[OCC_FIELD_REGS] = gpu_regs(&st->pane[0].ps,
	    occ_devices[o->dev]->sm);
	o->seed_v = st->pane[0].v;
	o->seed_threads = l->threads;
	o->seed_smem = l->shared_bytes;
	o->editing = 0;
	o->why[0] = '\0';
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
		occ_seed(st);
	o->editing = 0;
	o->why[0] = '\0';
	st->mode = MODE_GPU;
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
	{ { 'a' }, { "a" }, "memory model modern/legacy", act_arch },
	{ { 'p' }, { "p" }, "edit a parameter", act_params },
	{ { 'c' }, { "c" }, "compare side by side", act_compare },
	{ { 'g' }, { "g" }, "time it on the GPU", act_gpu },
	{ { 'o' }, { "o" }, "occupancy and GPU details", act_occupancy },
	{ { KEY_NPAGE, ']' }, { "PgDn", "]" }, "scroll the source down",
	  act_source_down },
	{ { KEY_PPAGE, '[' }, { "PgUp", "[" }, "scroll the source up",
	  act_source_up },
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
	return MOVED;
}

/* Move a list cursor; rows n, skipping rows for which skip(rows[]) holds. */
static void
list_move(struct state *st, int n, int by, const int *rows, int h)
{
	int	vis = overlay_list_height(h), s = st->sel;

	s += by;
	if (s < 0)
		s = 0;
	if (s > n - 1)
		s = n - 1;
	if (rows != NULL) {
		while (s > 0 && s < n - 1 && rows[s] < 0)
			s += by > 0 ? 1 : -1;
		if (rows[s] < 0)
			s += s == 0 ? 1 : -1;
	}
	st->sel = s;
	if (st->sel < st->top)
		st->top = st->sel > 0 && rows != NULL && rows[st->sel - 1] < 0 ?
		    st->sel - 1 : st->sel;
	if (st->sel >= st->top + vis)
		st->top = st->sel - vis + 1;
}

/* Keys shared by the two lists; returns -2 when not a list key. */
static int
list_key(struct state *st, int key, int n, const int *rows, int h)
{
	int	vis = overlay_list_height(h);

	switch (key) {
	case KEY_UP:
	case 'k':
		list_move(st, n, -1, rows, h);
		return INTENT_REDRAW;
	case KEY_DOWN:
	case 'j':
		list_move(st, n, 1, rows, h);
		return INTENT_REDRAW;
	case KEY_PPAGE:
		list_move(st, n, -vis, rows, h);
		return INTENT_REDRAW;
	case KEY_NPAGE:
		list_move(st, n, vis, rows, h);
		return INTENT_REDRAW;
	case KEY_HOME:
		list_move(st, n, -n, rows, h);
		return INTENT_REDRAW;
	case KEY_END:
		list_move(st, n, n, rows, h);
		return INTENT_REDRAW;
	case KEY_ESC:
	case 'q':
		st->mode = MODE_FRAME;
		return INTENT_REDRAW;
	}
	return -2;
}

static int
is_enter(int key)
{
	return key == '\n' || key == '\r' || key == KEY_ENTER;
}

/* A mouse event in a list: wheel moves, a click chooses. */
static int
list_mouse(struct state *st, int *key, int n, const int *rows, int w, int h)
{
	MEVENT	me;
	int	r;

	if (getmouse(&me) != OK)
		return 0;
	if (me.bstate & BUTTON4_PRESSED)
		*key = KEY_UP;
	else if (me.bstate & BUTTON5_PRESSED)
		*key = KEY_DOWN;
	else if (me.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) {
		r = overlay_hit(st, w, h, me.x, me.y);
		if (r < 0 || r >= n || (rows != NULL && rows[r] < 0))
			return 0;
		st->sel = r;
		*key = '\n';
	} else
		return 0;
	return 1;
}

static int
mode_variants(struct state *st, int key, int w, int h)
{
	int	rows[OVERLAY_MAX_ROWS], n, r;

	n = overlay_variant_rows(rows, OVERLAY_MAX_ROWS);
	if (key == KEY_MOUSE && !list_mouse(st, &key, n, rows, w, h))
		return 0;
	if ((r = list_key(st, key, n, rows, h)) != -2)
		return r;
	if (key == 'v') {
		st->mode = MODE_FRAME;
		return INTENT_REDRAW;
	}
	if (is_enter(key) && rows[st->sel] >= 0) {
		st->mode = MODE_FRAME;
		return set_variant(st, catalog[rows[st->sel]]);
	}
	return 0;
}

static int
mode_params(struct state *st, int key, int w, int h)
{
	const struct param_set	*ps = &st->pane[0].ps;
	char			 buf[32];
	int			 r;

	if (key == KEY_MOUSE && !list_mouse(st, &key, ps->n, NULL, w, h))
		return 0;
	if ((r = list_key(st, key, ps->n, NULL, h)) != -2)
		return r;
	if (key == 'p') {
		st->mode = MODE_FRAME;
		return INTENT_REDRAW;
	}
	if (is_enter(key)) {
		st->param = st->sel;
		snprintf(buf, sizeof buf, "%lld", (long long)ps->val[st->sel]);
		return prompt(st, PROMPT_PARAM, buf);
	}
	return 0;
}

/* Apply a typed parameter value; a bad one changes nothing. */
static int
apply_param(struct state *st)
{
	struct state_pane	*p = &st->pane[0];
	struct param_set	 ps = p->ps;
	const char		*name = ps.def[st->param]->name;
	char			*cause = NULL;
	long long		 was = ps.val[st->param];
	int64_t			 step = st->step, bx = st->block[0];
	int64_t			 by = st->block[1];
	int			 warp = st->warp;

	if (param_set_text(&ps, name, st->input, &cause) != 0) {
		state_status(st, "%s (nothing changed)", cause);
		free(cause);
		return INTENT_REDRAW;
	}
	if (state_set_variant(st, p->v, &ps, &cause) != 0) {
		state_status(st, "%s=%s: %s (nothing changed)", name, st->input,
		    cause);
		free(cause);
		return INTENT_REDRAW;
	}
	st->step = step;
	st->block[0] = bx;
	st->block[1] = by;
	st->warp = warp;
	state_status(st, "%s = %lld (was %lld)", name,
	    (long long)p->ps.val[st->param], was);
	return MOVED;
}

/* Go to a typed position; one that is out of bounds changes nothing. */
static int
go(struct state *st, int64_t step, int64_t bx, int64_t by)
{
	const char	*what;
	char		*cause = NULL;

	if (state_goto(st, step, bx, by, st->warp, &what, &cause) != 0) {
		state_status(st, "%s: %s (nothing changed)", what, cause);
		free(cause);
		return INTENT_REDRAW;
	}
	return MOVED;
}

static int
apply_loop(struct state *st)
{
	const char	*name = current_loop(st);
	int64_t		 v, k;

	if (name == NULL)
		return INTENT_REDRAW;
	if (opts_number(st->input, 0, INT64_MAX, &v) != 0) {
		state_status(st, "%s: '%s' is not a whole number (nothing "
		    "changed)", name, st->input);
		return INTENT_REDRAW;
	}
	if ((k = state_loop_value(st->pane[0].l, st->step, name, v)) < 0) {
		state_status(st, "%s=%lld: this access never runs there "
		    "(nothing changed)", name, (long long)v);
		return INTENT_REDRAW;
	}
	st->step = k;
	state_status(st, "%s=%lld", name, (long long)v);
	return MOVED;
}

static int
apply_block(struct state *st)
{
	int64_t		 xy[2];

	if (opts_pair(st->input, ',', 0, INT64_MAX, xy) != 0) {
		state_status(st, "block: '%s' is not X or X,Y (nothing changed)",
		    st->input);
		return INTENT_REDRAW;
	}
	if (go(st, st->step, xy[0], xy[1]) != MOVED)
		return INTENT_REDRAW;
	state_status(st, "block %lld,%lld", (long long)xy[0], (long long)xy[1]);
	return MOVED;
}

static int
apply_step(struct state *st)
{
	int64_t		 k, n = state_nsteps(st);

	if (opts_number(st->input, 0, INT64_MAX, &k) != 0) {
		state_status(st, "step: '%s' is not allowed (0..%lld; nothing "
		    "changed)", st->input, (long long)n - 1);
		return INTENT_REDRAW;
	}
	return go(st, k, st->block[0], st->block[1]);
}

/*
 * The prompt's line editing.  It opens on the old value, shown selected:
 * the first character typed replaces it, as in a dialog's text field;
 * any editing key keeps it.  Left/Right, Ctrl-A/Home, Ctrl-E/End move;
 * Backspace and Delete erase; Ctrl-U erases to the start, Ctrl-K to the
 * end.  Returns INTENT_REDRAW when the key was an editing key, else 0.
 */
static int
prompt_edit(struct state *st, int key)
{
	char	*in = st->input;

	switch (key) {
	case KEY_LEFT:
		if (st->icur > 0)
			st->icur--;
		break;
	case KEY_RIGHT:
		if (st->icur < st->ninput)
			st->icur++;
		break;
	case KEY_HOME:
	case KEY_CTRL('a'):
		st->icur = 0;
		break;
	case KEY_END:
	case KEY_CTRL('e'):
		st->icur = st->ninput;
		break;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		if (st->ifresh) {
			st->ninput = st->icur = 0;
			break;
		}
		if (st->icur == 0)
			break;
		memmove(in + st->icur - 1, in + st->icur, st->ninput -
		    st->icur);
		st->icur--;
		st->ninput--;
		break;
	case KEY_DC:
	case KEY_CTRL('d'):
		if (st->icur == st->ninput)
			break;
		memmove(in + st->icur, in + st->icur + 1, st->ninput -
		    st->icur - 1);
		st->ninput--;
		break;
	case KEY_CTRL('u'):
		memmove(in, in + st->icur, st->ninput - st->icur);
		st->ninput -= st->icur;
		st->icur = 0;
		break;
	case KEY_CTRL('k'):
		st->ninput = st->icur;
		break;
	default:
		if (key < 0x20 || key >= 0x7f)
			return 0;
		if (st->ifresh)
			st->ninput = st->icur = 0;
		if (st->ninput + 1 >= STATE_INPUT_MAX)
			break;
		memmove(in + st->icur + 1, in + st->icur, st->ninput -
		    st->icur);
		in[st->icur++] = key;
		st->ninput++;
		break;
	}
	in[st->ninput] = '\0';
	st->ifresh = 0;
	return INTENT_REDRAW;
}

static int
mode_prompt(struct state *st, int key)
{
	if (key == KEY_ESC) {
		st->mode = MODE_FRAME;
		state_status(st, "cancelled");
		return INTENT_REDRAW;
	}
	if (is_enter(key)) {
		st->mode = MODE_FRAME;
		switch (st->prompt) {
		case PROMPT_PARAM:
			return apply_param(st);
		case PROMPT_BLOCK:
			return apply_block(st);
		case PROMPT_STEP:
			return apply_step(st);
		case PROMPT_LOOP:
			return apply_loop(st);
		}
	}
	return prompt_edit(st, key);
}

/* Apply the value typed for the what-if's row; a bad one keeps the
   line open and says why. */
static int
occ_apply(struct state *st)
{
	struct state_occ	*o = &st->occ;
	char			*cause = NULL;
	int			 f = o->row - OCC_ROW_REGS, v;

	if (occupancy_parse(f, st->input, &v, &cause) != 0) {
		snprintf(o->why, sizeof o->why, "%s", cause != NULL ? cause :
		    "out of memory");
		state_status(st, "%s", o->why);
		free(cause);
		return INTENT_REDRAW;
	}
	o->val[f] = v;
	o->editing = 0;
	o->why[0] = '\0';
	state_status(st, "what if: %s = %d", occupancy_field_name(f), v);
	return INTENT_REDRAW;
}

/* Step the what-if's row by one notch: the next device model, a
   register, a warp of threads, a KB of shared memory. */
static int
occ_step(struct state *st, int by)
{
	struct state_occ	*o = &st->occ;
	int			 n, v, unit, max, min = 0;

	o->why[0] = '\0';
	if (o->row == OCC_ROW_DEVICE) {
		for (n = 0; occ_devices[n] != NULL; n++)
			;
		/* Registers as built follow the device's sm; typed ones stay. */
		v = gpu_regs(&st->pane[0].ps, occ_devices[o->dev]->sm);
		o->dev = ((o->dev + by) % n + n) % n;
		if (o->val[OCC_FIELD_REGS] == v && o->seed_v == st->pane[0].v)
			o->val[OCC_FIELD_REGS] = gpu_regs(&st->pane[0].ps,
			    occ_devices[o->dev]->sm);
		state_status(st, "what if: %s", occ_devices[o->dev]->text);
		return INTENT_REDRAW;
	}
	switch (o->row) {
	case OCC_ROW_REGS:
		unit = 1;
		max = OCC_MAX_REGS;
		break;
	case OCC_ROW_THREADS:
		unit = 32;
		min = 1;
		max = OCC_MAX_THREADS;
		break;
	default:
		unit = 1024;
		max = OCC_MAX_SMEM;
		break;
	}
	/* To the next multiple of the notch, up or down. */
	v = o->val[o->row - OCC_ROW_REGS];
	v = by > 0 ? (v / unit + 1) * unit : (v - 1) / unit * unit;
	if (v < min)
		v = min;
	if (v > max)
		v = max;
	o->val[o->row - OCC_ROW_REGS] = v;
	return INTENT_REDRAW;
}

/*
 * The occupancy overlay: Up/Down choose a row of the what-if, Left/Right
 * (or - and +) step it, Enter or a digit types a value (the prompt's line
 * editing); t, r and m type threads, registers and shared memory from any
 * row, d picks the next device, v takes the variant's values again; Esc,
 * q or o close it, as does any other key.
 */
static int
mode_occupancy(struct state *st, int key)
{
	struct state_occ	*o = &st->occ;

	if (key == KEY_MOUSE)
		return 0;
	if (o->editing) {
		if (key == KEY_ESC) {
			o->editing = 0;
			o->why[0] = '\0';
			state_status(st, "cancelled");
			return INTENT_REDRAW;
		}
		if (is_enter(key))
			return occ_apply(st);
		/* No value needs more; the row stays inside its box. */
		if (key >= 0x20 && key < 0x7f && !st->ifresh &&
		    st->ninput >= OCC_INPUT_MAX)
			return 0;
		return prompt_edit(st, key);
	}
	switch (key) {
	case KEY_UP:
	case 'k':
		o->row = (o->row + OCC_ROWS - 1) % OCC_ROWS;
		return INTENT_REDRAW;
	case KEY_DOWN:
	case 'j':
		o->row = (o->row + 1) % OCC_ROWS;
		return INTENT_REDRAW;
	case KEY_LEFT:
	case 'h':
	case '-':
		return occ_step(st, -1);
	case KEY_RIGHT:
	case 'l':
	case '+':
	case '=':
		return occ_step(st, 1);
	case 't':
		o->row = OCC_ROW_THREADS;
		key = '\n';
		break;
	case 'r':
		o->row = OCC_ROW_REGS;
		key = '\n';
		break;
	case 'm':
		o->row = OCC_ROW_SHARED;
		key = '\n';
		break;
	case 'd':
		o->row = OCC_ROW_DEVICE;
		return occ_step(st, 1);
	case 'v':
		occ_seed(st);
		state_status(st, "what if: %s's own values again",
		    st->pane[0].v->name);
		return INTENT_REDRAW;
	}
	if (is_enter(key) && o->row == OCC_ROW_DEVICE)
		return occ_step(st, 1);
	if ((is_enter(key) || (key >= '0' && key <= '9')) &&
	    o->row != OCC_ROW_DEVICE) {
		/* The old value, selected: typing replaces it. */
		snprintf(st->input, sizeof st->input, "%d",
		    o->val[o->row - OCC_ROW_REGS]);
		st->ninput = st->icur = strlen(st->input);
		st->ifresh = 1;
		o->editing = 1;
		o->why[0] = '\0';
		if (!is_enter(key))
			return prompt_edit(st, key);
		return INTENT_REDRAW;
	}
	st->mode = MODE_FRAME;
	return INTENT_REDRAW;
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
		return mode_occupancy(st, key);
	case MODE_VARIANTS:
		return mode_variants(st, key, w, h);
	case MODE_PARAMS:
		return mode_params(st, key, w, h);
	case MODE_PROMPT:
		return mode_prompt(st, key);
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
