/* SPDX-License-Identifier: ISC
 * keys.h - the key table: every key of the frame maps to one action
 * through a const table, which also feeds the help overlay and
 * 'warpviz --keys'.  Actions change the state and return intent bits
 * (state.h); they never draw.  Overlays (help, pickers, prompt) take
 * their own few keys, listed in the same table under "in lists".
 */
#ifndef WV_TUI_KEYS_H
#define WV_TUI_KEYS_H

#include <stdio.h>

#include "keys-act.h"
#include "state.h"

#define KEYS_PER_ACTION	4

struct keys_entry {
	/* The curses key codes that run it; 0 ends the list. */
	int		  key[KEYS_PER_ACTION];
	/* Each key as help and --keys show it; NULL: not listed. */
	const char	 *name[KEYS_PER_ACTION];
	/* What it does, one line; NULL ends the table. */
	const char	 *help;
	/* The action: changes the state, returns intent bits, never draws;
	   NULL for the lists' keys, which overlay.c handles. */
	int		(*fn)(struct state *);
};

/* The frame's keys, then the lists' keys (fn NULL); help NULL ends. */
extern const struct keys_entry keys_table[];

/* Handle one key (or KEY_MOUSE) in the current mode; intent bits. */
int	keys_dispatch(struct state *, int key, int w, int h);
/* One step of playing, at the frame deadline; intent bits. */
int	keys_tick(struct state *);
/* Print "KEY<TAB>description" for every key, one per line. */
void	keys_print(FILE *);

#endif
