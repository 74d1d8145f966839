/* SPDX-License-Identifier: ISC
 * keys-act.c - the few actions that both the frame's keys (keys.c) and
 * the overlays' and prompt's keys (keys-mode.c) take: switching variant,
 * opening the prompt, seeding the occupancy what-if, naming the current
 * loop.  Below both, so neither calls up into the other.  Like every
 * action they change the state and return intent bits; they never draw.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "keys-act.h"
#include "occupancy.h"

/* The innermost loop around the current access, or NULL. */
const char *
keys_current_loop(const struct state *st)
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

int
keys_set_variant(struct state *st, const struct variant *v)
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

int
keys_prompt(struct state *st, enum state_prompt what, const char *init)
{
	st->mode = MODE_PROMPT;
	st->prompt = what;
	snprintf(st->input, sizeof st->input, "%s", init);
	st->ninput = strlen(st->input);
	st->icur = st->ninput;
	st->ifresh = st->ninput > 0;
	return INTENT_REDRAW;
}

int
keys_predict(struct state *st, enum predict_ask ask, const char **why)
{
	return state_ask(st, ask, gpu_recorded_ms, why);
}

/* The what-if's values from pane 0: its block, its shared memory and
   ptxas's register count for the device model's sm (0: unknown). */
void
keys_occ_seed(struct state *st)
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
