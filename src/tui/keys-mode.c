/* SPDX-License-Identifier: ISC
 * keys-mode.c - the keys of the overlays and the prompt: the variant and
 * parameter lists, the typed prompts (block, step, loop, lanes, a
 * parameter's value) and the occupancy what-if.  keys_dispatch in keys.c
 * hands each key here while such a mode is open.  No drawing.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "gpu.h"
#include "keys-act.h"
#include "keys-mode.h"
#include "occupancy.h"
#include "opts.h"
#include "overlay.h"
#include "roles.h"
#include "tui-curses.h"

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

int
keys_mode_variants(struct state *st, int key, int w, int h)
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
		return keys_set_variant(st, catalog[rows[st->sel]]);
	}
	return 0;
}

int
keys_mode_params(struct state *st, int key, int w, int h)
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
		return keys_prompt(st, PROMPT_PARAM, buf);
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
	const char	*name = keys_current_loop(st);
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

/* Apply "L,L,..." (lanes 0-31) as the focus; empty clears it. */
static int
apply_lanes(struct state *st)
{
	uint32_t	mask = 0;

	if (st->input[0] != '\0' && opts_lane_list(st->input, &mask) != 0) {
		state_status(st, "lanes: '%s' is not lanes from 0 to 31 "
		    "separated by commas (nothing changed)", st->input);
		return INTENT_REDRAW;
	}
	st->focus = mask;
	st->focus_box = mask != 0;
	state_status(st, mask != 0 ? "lanes in focus: %s (F hides their "
	    "addresses)" : "no lanes in focus%s", mask != 0 ? st->input : "");
	return MOVED;
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

/* Grade the typed answer and reveal: the right number, the reason and
   the lanes that make it so (in focus, hence MOVED). */
static int
apply_predict(struct state *st)
{
	if (st->ninput == 0) {
		/* Nothing typed: ask again. */
		st->mode = MODE_PROMPT;
		state_status(st, "type an answer, or Esc to show the numbers");
		return INTENT_REDRAW;
	}
	state_status(st, "%s (you said %s)", state_predict_answer(st,
	    st->input) ? "right" : "not quite", st->input);
	return MOVED;
}

int
keys_mode_prompt(struct state *st, int key)
{
	if (key == KEY_ESC) {
		st->mode = MODE_FRAME;
		if (st->prompt == PROMPT_PREDICT) {
			/* No answer: the numbers show, as P does. */
			st->predict = 0;
			state_status(st, "no prediction: the numbers show");
		} else
			state_status(st, "cancelled");
		return INTENT_REDRAW;
	}
	if (is_enter(key)) {
		st->mode = MODE_FRAME;
		switch (st->prompt) {
		case PROMPT_PREDICT:
			return apply_predict(st);
		case PROMPT_PARAM:
			return apply_param(st);
		case PROMPT_BLOCK:
			return apply_block(st);
		case PROMPT_STEP:
			return apply_step(st);
		case PROMPT_LANES:
			return apply_lanes(st);
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
int
keys_mode_occupancy(struct state *st, int key)
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
		keys_occ_seed(st);
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

