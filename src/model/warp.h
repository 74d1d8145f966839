/* SPDX-License-Identifier: ISC
 * warp.h - the lanes of one warp at one step: thread indices, whether each
 * lane exists and is active, the element and byte address it touches.
 * Lane l of warp w is the thread with linear id w*warp_size + l, where the
 * linear id is threadIdx.x + threadIdx.y * blockDim.x.  An element index
 * is the subscript's value in its C type (converted as the compiler does),
 * so an unsigned index that wrapped is far past the end, not negative.
 */
#ifndef WV_WARP_H
#define WV_WARP_H

#include <stdint.h>

#include "launch.h"
#include "rules.h"

struct access {
	int		 site;
	int64_t		 step;
	int64_t		 block[2];
	int		 warp;
	int		 nlanes;
	uint32_t	 exists;	/* lanes that are threads of the block */
	uint32_t	 active;	/* existing lanes that pass the guard */
	uint32_t	 oob;		/* active lanes whose element is outside
					   the array (index < 0 or >= length):
					   still drawn and counted, as the
					   hardware touches those bytes */
	int		 tid[RULES_MAX_LANES][2];	/* threadIdx.x, .y */
	int64_t		 index[RULES_MAX_LANES];	/* element */
	int64_t		 addr[RULES_MAX_LANES];		/* byte address */
	int64_t		 loop[VARIANT_MAX_LOOPS];
};

/*
 * Fill the access of warp `warp` of block (bx, by) at `step`.  Returns 0, or
 * -1 with *cause when the block, warp or step is outside the launch, or the
 * arithmetic overflows.
 */
int	warp_access(const struct launch *, int64_t bx, int64_t by, int warp,
	    int64_t step, struct access *, char **cause);

#endif
