/* SPDX-License-Identifier: ISC
 * keys-act.h - what the key handlers share, private to src/tui/keys*.c:
 * the intent bits every action returns, key codes, and the actions both
 * the frame (keys.c) and the modes (keys-mode.c) take.
 */
#ifndef WV_TUI_KEYS_ACT_H
#define WV_TUI_KEYS_ACT_H

#include "state.h"

/* Intent bits that actions return; only the loop acts on them. */
#define INTENT_RECOMPUTE	0x1	/* launches or totals changed */
#define INTENT_REDRAW		0x2
#define INTENT_QUIT		0x4
#define INTENT_RELAYOUT		0x8	/* the terminal size changed */
#define INTENT_RECOLOR		0x10	/* the colour theme changed */

#define KEY_ESC		27
#define KEY_CTRL(c)	((c) & 0x1f)
#define MOVED		(INTENT_RECOMPUTE | INTENT_REDRAW)

/* The innermost loop around the current access, or NULL. */
const char *keys_current_loop(const struct state *);
/* Switch pane 0 to variant v; intent bits. */
int	keys_set_variant(struct state *, const struct variant *);
/* Open the prompt for what, starting from init; intent bits. */
int	keys_prompt(struct state *, enum state_prompt what, const char *init);
/*
 * Start predict mode on ask (NONE: the access's own question): the
 * answer hidden, st->truth set; "faster" from the two panes' times, live
 * or recorded.  Returns 0, or -1 with *why.
 */
int	keys_predict(struct state *, enum predict_ask, const char **why);
/* Seed the occupancy what-if from pane 0. */
void	keys_occ_seed(struct state *);

#endif
