/* SPDX-License-Identifier: ISC
 * keys-mode.h - private to keys.c and keys-mode.c: the overlays' and the
 * prompt's key handlers keys_dispatch calls, and the few frame actions'
 * helpers those handlers share.
 */
#ifndef WV_TUI_KEYS_MODE_H
#define WV_TUI_KEYS_MODE_H

#include "state.h"

#define KEY_ESC		27
#define KEY_CTRL(c)	((c) & 0x1f)
#define MOVED		(INTENT_RECOMPUTE | INTENT_REDRAW)
#define OCC_INPUT_MAX	12	/* characters a what-if value may have */

/* Each mode's keys; intent bits. */
int	keys_mode_variants(struct state *, int key, int w, int h);
int	keys_mode_params(struct state *, int key, int w, int h);
int	keys_mode_prompt(struct state *, int key);
int	keys_mode_occupancy(struct state *, int key);

/* From keys.c: the innermost loop around the current access, or NULL. */
const char *keys_current_loop(const struct state *);
/* Switch pane 0 to variant v; intent bits. */
int	keys_set_variant(struct state *, const struct variant *);
/* Open the prompt for what, starting from init; intent bits. */
int	keys_prompt(struct state *, enum state_prompt what, const char *init);
/* Seed the occupancy what-if from pane 0. */
void	keys_occ_seed(struct state *);

#endif
