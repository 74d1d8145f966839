/* SPDX-License-Identifier: ISC
 * state-ask.c - predict first, on the view state: ask one question about
 * pane 0's access (predict.c words it and knows the answer) or, beside a
 * partner, which of the two recorded times is faster; remember where it
 * was asked, so that a move elsewhere drops it; take the answer and light
 * the lanes that make it so.  No curses, no drawing.
 */
#include "config.h"

#include "state.h"

/* Remember where the question was asked. */
static void
predict_mark(struct state *st)
{
	st->predict = 1;
	st->predict_at[0] = st->step;
	st->predict_at[1] = st->block[0];
	st->predict_at[2] = st->block[1];
	st->predict_at[3] = st->warp;
	st->predict_v = st->pane[0].v;
}

void
state_predict_check(struct state *st)
{
	if (st->predict != 0 && (st->predict_at[0] != st->step ||
	    st->predict_at[1] != st->block[0] ||
	    st->predict_at[2] != st->block[1] ||
	    st->predict_at[3] != st->warp || st->predict_v != st->pane[0].v ||
	    (st->truth.ask == PREDICT_FASTER && st->npanes < 2)))
		st->predict = 0;
}

int
state_predict(struct state *st, enum predict_ask ask, const char **why)
{
	const struct state_pane	*p = &st->pane[0];
	enum arch		 arch = state_pane_arch(st, 0);

	if (st->npanes < 1 || !p->have_m) {
		*why = "no frame to ask about";
		return -1;
	}
	if (ask == PREDICT_NONE)
		ask = predict_default(&p->m.res, arch);
	if (predict_access(ask, p->l, &p->m.acc, &p->m.res, arch,
	    &st->truth, why) != 0)
		return -1;
	predict_mark(st);
	return 0;
}

void
state_predict_times(struct state *st, double ms0, double ms1)
{
	predict_times(&st->truth, st->pane[0].v->name, ms0,
	    st->pane[1].v->name, ms1);
	predict_mark(st);
}

int
state_ask(struct state *st, enum predict_ask ask, state_ms_fn ms,
    const char **why)
{
	double	ms0, ms1;

	if (ask != PREDICT_FASTER)
		return state_predict(st, ask, why);
	if (st->npanes < 2) {
		*why = "which is faster needs two kernels side by side (c)";
		return -1;
	}
	if (ms == NULL || ms(&st->pane[0].ps, &ms0) != 0 ||
	    ms(&st->pane[1].ps, &ms1) != 0) {
		*why = "no time recorded for both kernels (--results FILE, "
		    "or g on a GPU)";
		return -1;
	}
	state_predict_times(st, ms0, ms1);
	return 0;
}

int
state_predict_answer(struct state *st, const char *answer)
{
	int	right;

	right = predict_right(&st->truth, answer);
	predict_reveal(&st->truth, right, st->reveal, sizeof st->reveal);
	st->predict = 2;
	if (st->truth.lanes != 0) {
		/* The lanes that make it so stand out, addresses shown. */
		st->focus = st->truth.lanes;
		st->focus_box = 1;
	}
	return right;
}
