/* SPDX-License-Identifier: ISC
 * keys-mode.h - private to keys.c: the overlays' and the prompt's key
 * handlers keys_dispatch calls (what they share with keys.c is in
 * keys-act.h, below both).
 */
#ifndef WV_TUI_KEYS_MODE_H
#define WV_TUI_KEYS_MODE_H

#include "state.h"

#define OCC_INPUT_MAX	12	/* characters a what-if value may have */

/* Each mode's keys; intent bits. */
int	keys_mode_variants(struct state *, int key, int w, int h);
int	keys_mode_params(struct state *, int key, int w, int h);
int	keys_mode_prompt(struct state *, int key);
int	keys_mode_occupancy(struct state *, int key);

#endif
