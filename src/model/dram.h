/* SPDX-License-Identifier: ISC
 * dram.h - a teaching model of memory parallelism (seed 004): where the
 * 32-byte sectors of the warps in flight land among DRAM channels and
 * banks.  Not any real GPU's mapping (those are hashed and undocumented):
 * a stated interleaving that shows why a coalesced stream keeps every
 * channel busy and a large power-of-two stride piles onto a few.
 *
 * The interleaving: chunk = byte address / interleave; channel = chunk mod
 * channels; bank = (chunk / channels) mod banks.  Units: bytes, sectors of
 * 32 bytes.  Each warp-wide request counts its own distinct sectors (two
 * warps reading one sector count it twice: two requests).  Pure C, no
 * printing.
 */
#ifndef WV_DRAM_H
#define WV_DRAM_H

#include <stdint.h>

#include "launch.h"

#define DRAM_MAX_CHANNELS	32
#define DRAM_MAX_BANKS		32

struct dram_config {
	int	channels;	/* 1..DRAM_MAX_CHANNELS */
	int	banks;		/* per channel, 1..DRAM_MAX_BANKS */
	int64_t	interleave;	/* bytes per channel in turn, a multiple
				   of 32 */
};

/* The seed's example device: 8 channels, 16 banks, 256-byte interleave. */
extern const struct dram_config dram_teaching;

/* Sectors per channel and bank; the busiest channel bounds the time. */
struct dram_load {
	int64_t	sectors;	/* sectors counted */
	int	warps;		/* warp requests counted */
	int64_t	channel[DRAM_MAX_CHANNELS];
	int64_t	bank[DRAM_MAX_CHANNELS][DRAM_MAX_BANKS];
	int	channels_used;	/* channels with a sector */
	int64_t	busiest;	/* sectors of the busiest channel */
};

/* Parse "CHANNELS,BANKS,INTERLEAVE" (e.g. "8,16,256") and check it; -1
   with a one-line *cause. */
int	dram_parse(const char *, struct dram_config *, char **cause);
/* Check a configuration; -1 with a one-line *cause. */
int	dram_check(const struct dram_config *, char **cause);
/* The channel and bank of a byte address. */
void	dram_locate(const struct dram_config *, int64_t addr, int *channel,
	    int *bank);
/* Empty a load. */
void	dram_clear(struct dram_load *);
/* Add one warp-wide request: the distinct sectors of the active lanes'
   accesses of size bytes. */
void	dram_add_request(const struct dram_config *, struct dram_load *,
	    const int64_t *addr, uint32_t active, int nlanes, int size);
/*
 * Add the global access at `step` of nwarps warps in flight, in launch
 * order from warp `warp` of block (bx, by) (fewer at the end of the
 * launch).  Returns the warps added, or -1 with *cause when the step's
 * access is not global or the position is outside the launch.
 */
int	dram_add_warps(const struct dram_config *, struct dram_load *,
	    const struct launch *, int64_t step, int64_t bx, int64_t by,
	    int warp, int nwarps, char **cause);
/* Share of the channels' parallelism used, 0..1: sectors / (channels x
   busiest); 0 when empty. */
double	dram_spread(const struct dram_config *, const struct dram_load *);

#endif
