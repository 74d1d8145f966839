/* SPDX-License-Identifier: ISC
 * arch.h - architecture models: which rule serves a warp-wide access.
 * modern (cc 6.0+, the default): 32-byte sectors; legacy (cc 1.2/1.3):
 * half-warp segments.  Shared and constant memory follow the same rules
 * under both.
 */
#ifndef WV_ARCH_H
#define WV_ARCH_H

#include "launch.h"
#include "rules.h"
#include "warp.h"

enum arch {
	ARCH_MODERN,
	ARCH_LEGACY
};

/* The counts of one access under one architecture model. */
struct access_result {
	enum mem_space		 space;
	int			 active;
	struct rules_global	 g;	/* global, both models */
	struct rules_legacy	 l;	/* global, legacy only */
	struct rules_shared	 s;
	struct rules_constant	 c;
};

/* Parse "modern" or "legacy"; -1 if neither. */
int		 arch_parse(const char *);
/* "modern" or "legacy". */
const char	*arch_name(enum arch);
/* Apply the rules for the access's space under the model. */
void		 arch_apply(enum arch, const struct launch *,
		     const struct access *, struct access_result *);

#endif
