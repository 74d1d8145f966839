/* SPDX-License-Identifier: ISC
 * state-whole.h - private to state.c and state-whole.c: the so-far
 * worker's bookkeeping, which state_update runs after each move.
 */
#ifndef WV_VIEW_STATE_WHOLE_H
#define WV_VIEW_STATE_WHOLE_H

#include "state.h"

/* Start, keep or drop the worker for the pane's pending so far. */
void	state_whole_so_far(struct state_pane *);

#endif
