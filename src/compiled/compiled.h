/* SPDX-License-Identifier: ISC
 * compiled.h - what the compiler made of each access site ("as
 * compiled"): the site's instructions in a PTX or SASS listing (isa.h),
 * matched by source line, space, load or store, and the address's base
 * and stride, and the model's counts over those instructions instead of
 * the source's accesses.  Pure: the listing is handed in (src/gpu
 * compiles it); nothing is printed.
 *
 * Units: width in bytes per lane; iters are iterations of the site's
 * innermost loop that one instruction covers (an unrolled loop whose
 * consecutive elements the compiler reads with one wide instruction:
 * s[t*32 + k] for k..k+3 as one ld.shared.v4.f32); parts are
 * instructions per access (a 16-byte struct read as four 4-byte loads).
 */
#ifndef WV_COMPILED_H
#define WV_COMPILED_H

#include <stddef.h>

#define COMPILED_MAX_LOCAL	16	/* source lines with local memory */
#define COMPILED_MAX_SPILLS	64	/* groups of spill instructions */

#include "arch.h"
#include "isa.h"
#include "launch.h"
#include "totals.h"

enum compiled_how {
	COMPILED_WRITTEN,	/* nothing matched: counted as written */
	COMPILED_SAME,		/* one instruction per access */
	COMPILED_VECTOR,	/* one instruction per `iters` iterations */
	COMPILED_SPLIT,		/* `parts` instructions per access */
	COMPILED_REGISTERS,	/* a local array the compiler kept in
				   registers: no instruction at all */
	COMPILED_WIDE,		/* one instruction wider than the access
				   that reads other sites' bytes of the
				   same element too (a float2's .x and .y
				   as one ld.global.v2.f32) */
	COMPILED_MERGED,	/* no instruction of its own: site `with`
				   reads the same bytes (a[i] *= a[i]
				   loads once) or a wider span holding them
				   (WIDE) */
	COMPILED_REUSED		/* the loops around it unrolled, one
				   instruction per distinct element they
				   read (`ninsn` for `nest` accesses): the
				   compiler keeps the rest in registers */
};

struct compiled_site {
	enum compiled_how how;
	char		 mnem[32];	/* the instruction, "LDS.128" */
	int		 width;		/* its bytes per lane */
	int		 iters;		/* VECTOR: >= 2; else 1 */
	int		 parts;		/* SPLIT: >= 2; else 1 */
	int		 ninsn;		/* instructions matched in the listing */
	int		 loop;		/* VECTOR: the launch loop it unrolls */
	int		 with;		/* MERGED: the site whose instruction
					   reads it */
	int		 nest;		/* REUSED: the accesses of its
					   unrolled loops, per thread */
	char		 note[128];	/* why it is counted as written */
};

/*
 * Spill instructions (SASS local loads and stores that no site of the
 * source owns) of one source line, direction, width and place: each runs
 * once per iteration of launch loop `loop` (the source loop tied to the
 * listing's loop around them), or once per warp outside every loop; one
 * that a loop's guard branch skips runs only when launch loop `ahead`
 * runs at least once.  Counted as a word site of the interleaved frame,
 * every lane at the same relative address (compiled-spill.c).
 */
struct compiled_spill {
	int		 line;		/* 0: no line */
	int		 store;
	int		 width;		/* bytes a lane: 4, 8 or 16 */
	char		 mnem[32];	/* the first one's, "LDL.LU" */
	int		 ninsn;		/* in the listing */
	int		 loop;		/* launch loop, -1: none */
	int		 ahead;		/* launch loop, -1: none */
};

struct compiled {
	enum isa_kind		 kind;		/* what decided: PTX or SASS */
	int			 arch;		/* sm, x 10 */
	int			 nsites;
	struct compiled_site	 site[LAUNCH_MAX_SITES];
	int			 nlocal;	/* lines with local memory
						   instructions (spills,
						   arrays moved there) */
	int			 local_line[COMPILED_MAX_LOCAL];
	int			 spill_insns;	/* spills found */
	int			 nspill;	/* groups counted: 0 with a
						   note when they are not */
	struct compiled_spill	 spill[COMPILED_MAX_SPILLS];
	char			 spill_note[160];	/* "not counted:
							   ..." */
};

/* Match the sites of l to the instructions of f.  0, or -1 with *cause
   when the listing has no line information. */
int	compiled_match(const struct launch *, const struct isa_func *,
	    struct compiled *, char **cause);
/*
 * The whole-launch totals as compiled: each site's requests, sectors and
 * wavefronts counted over its instructions (the rules applied at the
 * instruction's width).  0, or -1 with *cause.
 */
int	compiled_totals(const struct launch *, enum arch,
	    const struct compiled *, struct totals *, char **cause);
/*
 * Find the spills of a SASS listing (f's local instructions that no site
 * took: taken[k] nonzero for those a site did; owner[k] the site of each
 * instruction, -1 none) and tie them to the loops of l.  Sets c's spill
 * members; refusals are a note, never an error.
 */
void	compiled_spill_find(const struct launch *, const struct isa_func *,
	    const char *taken, const int *owner, struct compiled *);
/* Each spill group's totals (per[c->nspill]).  0, or -1 with *cause. */
int	compiled_spill_totals(const struct launch *, enum arch,
	    const struct compiled *, struct site_totals *per, char **cause);
/* "LDS.128: 1 per 4 k", "ld.global.f32: 3 per access", "as written". */
void	compiled_per(const struct launch *, const struct compiled *, int site,
	    char *buf, size_t len);
/*
 * The spills of one direction in words: "STL: 50 instructions, 27 once a
 * warp, 23 each j"; "" when there are none.  Not counted: the note.
 */
void	compiled_spill_per(const struct launch *, const struct compiled *,
	    int store, char *buf, size_t len);
/* "written", "same", "vector", "split", "registers", "wide", "merged",
   "reused". */
const char *compiled_how_name(enum compiled_how);

#endif
