/* SPDX-License-Identifier: ISC
 * oob.h - accesses outside their arrays.  An element index below 0 or at
 * or past the array's length (its "// warpviz: array NAME length=..."
 * line) is out of bounds.  Such an access is still drawn and counted, as
 * the hardware would touch those bytes; this finds them over the whole
 * launch so check, stats --json and the screen can flag them.
 * Must not print or exit.
 */
#ifndef WV_OOB_H
#define WV_OOB_H

#include <stddef.h>
#include <stdint.h>

#include "launch.h"

/* Lane evaluations a scan may spend, and warp steps it may visit (a
   visit of an affine index that stays inside costs no evaluation), before
   it gives up on the sites it walks. */
#define OOB_BUDGET	((int64_t)1 << 24)
#define OOB_VISITS	((int64_t)1 << 26)

struct oob_site {
	int		 checked;	/* 1: every lane of the launch seen, or
					   the index proved inside; 0: over
					   the budget, not known */
	int64_t		 lanes;		/* lane accesses outside the array */
	int64_t		 before;	/* farthest before element 0, in
					   elements (0: none) */
	int64_t		 past;		/* farthest past the last element,
					   in elements (0: none) */
	/* The first warp step with lanes outside, in launch order. */
	int64_t		 block[2];
	int		 warp;
	int64_t		 step;
	uint32_t	 mask;		/* its lanes outside */
	int64_t		 index;		/* the first such lane's element */
};

/*
 * Scan every site of the launch (out[] has l->nsites entries).  Returns
 * 0, or -1 with *cause when a lane's arithmetic fails (the error totals
 * would report too).
 */
int	oob_scan(const struct launch *, struct oob_site *out, char **cause);
/* How far outside an element index is: below 0 negative, past the end
   positive (elements past the last), inside 0. */
int64_t	oob_distance(int64_t index, int64_t length);

/* Lanes of mask as text: "0", "0-3,7". */
void	oob_lanes_text(uint32_t mask, char *buf, size_t len);

#endif
