/* SPDX-License-Identifier: ISC
 * arch.h - architecture models: which rule serves a warp-wide global
 * access.  modern (cc 6.0+, the default): 32-byte sectors; cc2.0 (cc 2.x):
 * 128-byte L1 lines per request part; cc1.2 (cc 1.2/1.3, also called
 * legacy): half-warp segments with size reduction; cc1.0 (cc 1.0/1.1): a
 * half-warp in order in one segment, else a transaction per lane.  Shared
 * and constant memory follow the same rules under every model.
 */
#ifndef WV_ARCH_H
#define WV_ARCH_H

#include <stddef.h>

#include "launch.h"
#include "rules.h"
#include "warp.h"

enum arch {
	ARCH_MODERN,
	ARCH_LEGACY,		/* cc 1.2/1.3 */
	ARCH_CC10,		/* cc 1.0/1.1 */
	ARCH_CC20		/* cc 2.x */
};
#define ARCH_COUNT	4

/* The counts of one access under one architecture model. */
struct access_result {
	enum mem_space		 space;
	int			 active;
	struct rules_global	 g;	/* global, every model (an atomic's
					   sectors are its passes) */
	struct rules_atomic	 a;	/* global atomics */
	struct rules_legacy	 l;	/* global, the older models only */
	struct rules_shared	 s;
	struct rules_constant	 c;
	struct rules_texture	 t;	/* texture */
};

/* "global", "shared", "constant", "local" or "texture". */
const char	*arch_space_name(enum mem_space);
/* "load", "store" or "atomic". */
const char	*arch_op_name(enum mem_op);
/* Nonzero for the spaces the global rules serve (global, local). */
int		 arch_sectored(enum mem_space);
/* Parse "modern", "cc2.0", "cc1.2" (or "legacy"), "cc1.0"; -1 if none. */
int		 arch_parse(const char *);
/* The name arch_parse takes: "modern", "cc1.2", "cc1.0", "cc2.0". */
const char	*arch_name(enum arch);
/* The names arch_parse takes, for messages: "modern, cc2.0, ...". */
const char	*arch_names(void);
/* The next model in the order the arch key cycles: modern, cc2.0, cc1.2,
   cc1.0, then modern again (from the newest back to 2007). */
enum arch	 arch_next(enum arch);
/* Nonzero if global memory is served in transactions (r.l), not sectors. */
int		 arch_transactions(enum arch);
/* What serves global memory, for a title: "half-warp segments (cc
   1.2/1.3)", "32-byte sectors". */
const char	*arch_unit(enum arch);
/* A compare entry "name@MODEL": returns the length of the entry without
   "@MODEL" and sets *arch, or returns len and sets *arch to -1. */
size_t		 arch_suffix(const char *entry, size_t len, int *arch);
/* Nonzero if the model's counts for lanes of size bytes repeat when every
   address moves by 128 bytes (the totals' fast path needs it). */
int		 arch_period_128(enum arch, int size);
/* Apply the rules for the access's space under the model. */
void		 arch_apply(enum arch, const struct launch *,
		     const struct access *, struct access_result *);

#endif
