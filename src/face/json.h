/* SPDX-License-Identifier: ISC
 * json.h - the JSON faces: list --json, trace (JSON Lines, one object per
 * warp-wide access; the contract is doc/trace-format.md) and stats --json.
 */
#ifndef WV_JSON_H
#define WV_JSON_H

#include <stdio.h>

#include "arch.h"
#include "compiled.h"
#include "launch.h"
#include "oob.h"
#include "totals.h"
#include "warp.h"

/* The catalog as one JSON array. */
void	json_print_list(FILE *);
/* One trace line for an access and its result; with c (not NULL) the
   site's instruction as compiled too. */
void	json_print_access(FILE *, const struct launch *, enum arch,
	    const struct access *, const struct access_result *,
	    const struct compiled *c);
/* Whole-launch totals as one JSON object; with c (not NULL) they are the
   totals as compiled and each site says its instruction. */
void	json_print_stats(FILE *, const struct launch *, const struct totals *,
	    const struct oob_site *, const struct compiled *c);

#endif
