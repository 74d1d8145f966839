/* SPDX-License-Identifier: ISC
 * rules.h - the memory rules: how the lanes of one warp-wide access turn into
 * sectors, segments, wavefronts or serialised reads.
 *
 * Units: addresses are byte addresses (int64_t, may be any value including
 * negative offsets relative to an arbitrary base); size is bytes per lane
 * (1, 2, 4, 8 or 16); lanes are 0..nlanes-1 with nlanes <= RULES_MAX_LANES;
 * bit l of `active` says whether lane l takes part.  Inactive lanes take part
 * in no count.  Every result is invariant when all addresses move by a
 * multiple of 128 bytes (totals.c relies on this), except rules_cc10 on
 * 16-byte words, whose coalesced half-warp spans 256 aligned bytes
 * (rules_period says which; totals.c visits every warp there).
 *
 * Pure functions: no allocation, no printing, no global state.
 */
#ifndef WV_RULES_H
#define WV_RULES_H

#include <stdint.h>

#define RULES_MAX_LANES		32
#define RULES_SECTOR		32	/* bytes */
#define RULES_LINE		128	/* bytes */
#define RULES_BANKS		32
#define RULES_BANK_WIDTH	4	/* bytes */
#define RULES_MAX_SEGMENTS	64	/* legacy: at most 2 half-warps x 32 */

enum rules_class {
	RULES_NONE = 0,		/* no active lane: no request */
	RULES_COALESCED,	/* sectors == need */
	RULES_SPLIT,		/* need < sectors <= 2 x need */
	RULES_UNCOALESCED,	/* sectors > 2 x need */
	RULES_BROADCAST		/* sectors <= need, lanes sharing bytes */
};

/* Modern global memory (compute capability 6.0 and later). */
struct rules_global {
	int	active;		/* active lanes */
	int	sectors;	/* distinct 32-byte sectors touched */
	int	lines;		/* distinct 128-byte lines touched */
	int	ideal;		/* ceil(bytes_used / 32) */
	int	need;		/* ceil(active x size / 32): a coalesced warp's sectors */
	int	bytes_used;	/* distinct bytes the active lanes access */
	enum rules_class class;
};

/* One transaction of an older rule set: a naturally aligned segment. */
struct rules_segment {
	int64_t	addr;		/* first byte, aligned to size */
	int	size;		/* 32, 64 or 128 */
	int	half;		/* the part of the warp that issued it: half-warp
				   0 or 1 (cc 1.x); 0, 0-1 or 0-3 (cc 2.x:
				   the warp, half-warps or quarter-warps) */
	uint32_t lanes;		/* lanes it serves */
};

#define RULES_MAX_PARTS		4

/*
 * Global memory under an older rule set (cc 1.0/1.1, cc 1.2/1.3, cc 2.x):
 * the warp's request is served in parts (half-warps, or for cc 2.x the
 * warp, half-warps or quarter-warps by word size), each by segments.
 */
struct rules_legacy {
	int	active;
	int	transactions;
	int	bytes_moved;	/* sum of segment sizes */
	int	bytes_used;
	int	parts;		/* parts the request is served in: 1, 2 or 4 */
	int	l2_segments;	/* cc 2.x: 32-byte segments if L1 is bypassed
				   (-dlcm=cg); 0 under the other rule sets */
	enum rules_class part_class[RULES_MAX_PARTS];
	struct rules_segment seg[RULES_MAX_SEGMENTS];
};

/*
 * Shared memory: 32 banks of 4 bytes.  8-byte accesses are served in two
 * phases of 16 lanes, 16-byte ones in four of 8; a load (load != 0)
 * merges each even phase with the next when each touches at most two
 * distinct addresses (measured on an H100, doc/rules.md).
 */
struct rules_shared {
	int	active;
	int	wavefronts;	/* serialised passes, summed over phases */
	int	ideal;		/* phases that have an active lane */
	int	degree;		/* largest count of distinct words in one bank in one phase (n-way); 1 = no conflict */
	int	bank[RULES_MAX_LANES];	/* bank of each lane's first word, -1 if inactive */
};

/* Constant memory: one serialised read per distinct address. */
struct rules_constant {
	int	active;
	int	serial;		/* distinct addresses among active lanes */
};

/*
 * Texture fetches, as an H100 counts them (measured with ncu on 211
 * patterns, doc/rules.md): a 2D fetch is served per quad of lanes (4k to
 * 4k + 3): one request for each quad with an active lane, and the distinct
 * sectors its lanes' texels fall in, a sector being 16 bytes of a row by
 * 2 rows of the texture's layout, so texel (x, y) of size bytes is in
 * sector (x * size / 16, y / 2), coordinates clamped to the texture.  A
 * 1D fetch from linear memory is served per 8 lanes, each group its
 * distinct 32-byte sectors.  Sectors of different quads are counted apart
 * even when they are the same.
 */
struct rules_texture {
	int	active;
	int	requests;	/* quads (2D) or groups of 8 (1D) with a lane */
	int	sectors;	/* summed over them */
	int	ideal;		/* the fewest: each quad or group's bytes in
				   whole sectors */
};

/* A 2D fetch of texels of size bytes at lane coordinates x, y from a
   width x height texture (clamped to its edges). */
void	rules_texture_2d(const int64_t *x, const int64_t *y, uint32_t active,
	    int nlanes, int size, int64_t width, int64_t height,
	    struct rules_texture *out);
/* A 1D fetch (tex1Dfetch) of size bytes at byte addresses addr. */
void	rules_texture_1d(const int64_t *addr, uint32_t active, int nlanes,
	    int size, struct rules_texture *out);

/*
 * Apply the modern sector rule and grade the request against its need:
 * broadcast below it, coalesced at it, split up to twice it, uncoalesced
 * beyond.
 */
void	rules_global(const int64_t *addr, uint32_t active, int nlanes, int size,
	    struct rules_global *out);
/*
 * The class of sectors against need, as rules_global grades a request;
 * shares says that some active lanes access the same bytes.
 */
enum rules_class rules_grade(int64_t sectors, int64_t need, int shares);
/* Apply the cc 1.2/1.3 half-warp segment rule with size reduction. */
void	rules_legacy(const int64_t *addr, uint32_t active, int nlanes, int size,
	    struct rules_legacy *out);
/*
 * Apply the cc 1.0/1.1 rule: a half-warp of 4-, 8- or 16-byte words is
 * coalesced when each active lane k (0-15 in its half) accesses word k of
 * a segment aligned to 16 words: one 64-byte transaction for 4-byte
 * words, one of 128 bytes for 8-byte, two of 128 for 16-byte.  Anything
 * else (another order, a misaligned start, 1- or 2-byte words) costs one
 * 32-byte transaction per active lane.
 */
void	rules_cc10(const int64_t *addr, uint32_t active, int nlanes, int size,
	    struct rules_legacy *out);
/*
 * Apply the cc 2.x rule: a warp's request of words up to 4 bytes is one
 * request, of 8-byte words two (half-warps), of 16-byte words four
 * (quarter-warps); each is served by the distinct 128-byte L1 cache lines
 * it touches (the default, cached in L1), and l2_segments counts the
 * distinct 32-byte segments instead, as with L1 bypassed (-dlcm=cg).
 */
void	rules_cc20(const int64_t *addr, uint32_t active, int nlanes, int size,
	    struct rules_legacy *out);
/* Apply the shared-memory bank rule. */
void	rules_shared(const int64_t *addr, uint32_t active, int nlanes, int size,
	    int load, struct rules_shared *out);
/* Apply the constant-memory serialisation rule. */
void	rules_constant(const int64_t *addr, uint32_t active, int nlanes,
	    struct rules_constant *out);
/*
 * Global atomics (atomicAdd and its kin, RED or ATOM), as an H100 counts
 * them (ncu, 163 patterns of 4- and 8-byte atomics, doc/rules.md): one
 * request per warp instruction, and in each sector the lanes touch, as
 * many passes as the most lanes that hit one address there: lanes on
 * distinct addresses of a sector share a pass, lanes on the same address
 * serialise.  160 of the 163 patterns equal it; 3 with lanes scattered
 * over 7 or more 128-byte lines measured one sector more.
 */
struct rules_atomic {
	int	active;
	int	requests;	/* 1, or 0 with no active lane */
	int	sectors;	/* summed passes over the touched sectors */
	int	distinct;	/* distinct sectors: the fewest it could be */
};

void	rules_atomic(const int64_t *addr, uint32_t active, int nlanes,
	    struct rules_atomic *out);
/* Name of a class: "coalesced", "split", "uncoalesced", "broadcast", "none". */
const char *rules_class_name(enum rules_class);

/*
 * What the panels draw, from the same rules: which lane is served where.
 * These are for one access at a time (a frame), not for the totals.
 */

#define RULES_MAX_WORDS		(RULES_MAX_LANES * 4)	/* 16-byte lanes */
#define RULES_MAX_LINES		(RULES_MAX_LANES * 2)	/* straddling lanes */
#define RULES_LINE_WORDS	(RULES_LINE / RULES_BANK_WIDTH)	/* 32 */

/* One distinct 4-byte word of a shared access within one phase. */
struct rules_word {
	int64_t		word;		/* byte address / 4 (floor) */
	int		bank;		/* word mod 32 */
	int		phase;		/* 0; 0-1 for 8-byte, 0-3 for 16-byte */
	int		pass;		/* wavefront of its phase, from 0 */
	int		wave;		/* wavefront of the access, from 0 */
	uint32_t	lanes;		/* lanes whose access includes it */
};

/* The words of a shared access per bank and per wavefront. */
struct rules_banks {
	int		phases;		/* served phases: 1, 2 (8-byte) or 4
					   (16-byte), fewer for merged loads */
	int		nwords;		/* distinct (phase, word) pairs */
	struct rules_word word[RULES_MAX_WORDS];	/* by phase, bank,
							   word */
	int		words[RULES_BANKS];	/* words in the bank, all
						   phases */
	int		degree[RULES_BANKS];	/* most words in the bank in
						   one phase (n-way) */
	int		wave[RULES_MAX_LANES];	/* wavefront serving the lane's
						   first word; -1 inactive */
};

/* One 128-byte line of a global access: the lanes of each 4-byte word. */
struct rules_line {
	int64_t		line;			/* byte address / 128 (floor) */
	uint32_t	word[RULES_LINE_WORDS];	/* lanes touching each word */
};

/* The distinct addresses of an access, in the order of first lanes. */
struct rules_reads {
	int		n;
	int64_t		addr[RULES_MAX_LANES];
	uint32_t	lanes[RULES_MAX_LANES];	/* lanes reading each */
	int		first[RULES_MAX_LANES];	/* lowest of those lanes */
};

/*
 * The shared-memory bank rule word by word: each phase's distinct words,
 * sorted by bank and address within the phase; a bank with k words in a
 * phase serves them in passes 0..k-1 (lowest address first), and the
 * access's wavefronts are the phases' passes one after the other.
 */
void	rules_shared_banks(const int64_t *addr, uint32_t active, int nlanes,
	    int size, int load, struct rules_banks *out);
/* The lines a global access touches, sorted; returns how many (at most
   RULES_MAX_LINES). */
int	rules_lines(const int64_t *addr, uint32_t active, int nlanes, int size,
	    struct rules_line *out);
/* Lanes touching any word of sector s (0-3) of a line. */
uint32_t rules_line_sector(const struct rules_line *, int s);
/* The distinct addresses among the active lanes (constant reads). */
void	rules_distinct(const int64_t *addr, uint32_t active, int nlanes,
	    struct rules_reads *out);
/*
 * The class of part `half` (0 to parts - 1) of an access under an older
 * rule set, as the rule graded it; for cc 1.2/1.3: coalesced with one
 * segment or none, uncoalesced with a segment per active lane, split
 * between.
 */
enum rules_class rules_legacy_class(const struct rules_legacy *,
	    uint32_t active, int nlanes, int half);
/* The 4-byte words of segment seg that its lanes use, for lanes of size
   bytes at addr: lanes[k] = the segment's lanes whose bytes fall in bytes
   4k..4k+3 of it (0 for words no lane uses or beyond the segment). */
void	rules_segment_lanes(const struct rules_segment *, const int64_t *addr,
	    int size, uint32_t lanes[32]);

#endif
