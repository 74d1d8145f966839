/* SPDX-License-Identifier: ISC
 * measured.h - what the hardware's counters said about one launch, kept
 * beside the model's totals and never blended into them (DESIGN.md
 * section 8, "as measured").  Filled by the gpu floor from Nsight
 * Compute's output (gpu-ncu.c) or from recorded results (gpu-results.c);
 * drawn by the view.  Plain data: no parser, no I/O here.
 *
 * Units: requests are warp-level instructions that reached the memory
 * pipe (shared: instructions executed); sectors are 32 bytes; wavefronts
 * are shared memory's passes; hit rates are percent of sectors; DRAM in
 * bytes.  The counts are per launch and per space; where Nsight
 * Compute's source page was read too, line[] splits them by the kernel
 * file's source line (the sum of the line's SASS instructions).
 */
#ifndef WV_MEASURED_H
#define WV_MEASURED_H

#include <stdint.h>

#include "totals.h"

enum measured_kind {
	MEASURED_GLOBAL_LD,
	MEASURED_GLOBAL_ST,
	MEASURED_SHARED_LD,
	MEASURED_SHARED_ST,
	MEASURED_LOCAL_LD,
	MEASURED_LOCAL_ST,
	MEASURED_NKINDS
};

/* struct measured's have bits for the launch-wide numbers. */
#define MEASURED_L1	0x1	/* l1_hit */
#define MEASURED_L2	0x2	/* l2_hit */
#define MEASURED_DRAM	0x4	/* dram_read and dram_write */
#define MEASURED_TIME	0x8	/* ns */
/* The highest hit rate read, in percent.  Nsight Compute reports the L2
   hit rate of a small launch above 100 (180% for one block of 64 threads
   on an H200): shown as it gives it, never clipped. */
#define MEASURED_RATE_MAX	1000

struct measured_count {
	int		have;		/* the counters were in the output */
	int64_t		requests;
	int64_t		sectors;	/* global, local */
	int64_t		wavefronts;	/* shared */
};

/*
 * One source line's instructions of one kind, from ncu's source page:
 * warp instructions executed ("Instructions Executed": a predicated
 * instruction counts even when every lane is off, where the per-launch
 * counters and the model count only those with a lane on), the threads
 * predicated on (the model's lanes), and the sectors (global: L2
 * theoretical sectors, the sectors the addresses touch) or wavefronts
 * (shared) where the page gives them per instruction (has_units); the
 * page gives no sectors for local memory.
 */
#define MEASURED_MAX_LINES	64
struct measured_line {
	int		line;
	int		kind;		/* enum measured_kind */
	int		has_units;	/* sectors or wavefronts below */
	int		has_lanes;	/* lanes below */
	int64_t		requests;	/* warp instructions issued, also
					   those with every lane off */
	int64_t		units;		/* sectors, or wavefronts (shared) */
	int64_t		lanes;		/* threads predicated on */
	/* Of requests, those of instructions the page also lists under
	   another line (a call inlined: the callee's line and the
	   caller's list the same instructions), and that line (the first
	   such), or 0. */
	int64_t		also;
	int		also_line;
};

struct measured {
	int			valid;	/* at least one number below */
	int			have;	/* MEASURED_* bits */
	char			kernel[48];	/* as the tool named it */
	struct measured_count	kind[MEASURED_NKINDS];
	double			l1_hit;		/* percent, 0-100 */
	double			l2_hit;
	double			dram_read;	/* bytes */
	double			dram_write;
	double			ns;		/* the tool's own duration */
	int			nlines;		/* line[] read (source page) */
	int			lines_cut;	/* more lines than line[] */
	char			lines_why[160];	/* why none, where asked */
	struct measured_line	line[MEASURED_MAX_LINES];
};

/* "global load", "shared store", ... */
const char	*measured_kind_name(enum measured_kind);
/* The JSON key stem of a kind: "global_load", "shared_store", ... */
const char	*measured_kind_key(enum measured_kind);
/* Nonzero for shared kinds (wavefronts, not sectors). */
int		 measured_kind_shared(enum measured_kind);
/* The model's totals of the same kind. */
const struct site_totals *measured_model(const struct totals *,
		    enum measured_kind);
/*
 * Whether the model and the counters agree on kind k: requests equal, and
 * sectors (global, local) or wavefronts (shared) equal.  1 agree, 0 a
 * mismatch, -1 nothing measured for k.
 */
int		 measured_agree(const struct totals *, const struct measured *,
		    enum measured_kind);

/* Line n's entry of kind k, or NULL where the page had none. */
const struct measured_line *measured_line_find(const struct measured *,
		    int n, enum measured_kind);
/* The kind a site's counts go into (as totals sums it: a shared or local
   atomic with the stores), or -1 for what the counters read here do not
   count (global atomics, constant, texture). */
int		 measured_site_kind(const struct launch_site *);

/*
 * Whether line n's measured instructions of kind k equal the model's
 * sites there (none measured and none modelled agree too): sectors or
 * wavefronts equal, and the instructions equal, or more of them issued
 * with the lanes on equal to the model's (the rest had every lane off).
 */
int		 measured_line_agree(const struct launch *,
		    const struct totals *, const struct measured *, int n,
		    enum measured_kind);
/*
 * Whether line e, where the model has no site of kind k, lists only
 * instructions the page lists under a line where it has one too: a call
 * inlined, its instructions under the callee's line (the model's sites)
 * and the caller's.  Those are counted once, on the sites' line.
 */
int		 measured_line_inlined(const struct launch *,
		    const struct measured_line *e, enum measured_kind k);
/*
 * Whether kind k's launch counter has more requests than the model while
 * its sectors (or wavefronts) are the model's and every line agrees on
 * them and on the lanes on: the GPU ran the same lanes in more, fuller
 * or emptier, instructions (a compiled loop whose trips differ per lane
 * runs the lanes apart).  Said beside the MISMATCH, which stays.
 */
int		 measured_more_instructions(const struct launch *,
		    const struct totals *, const struct measured *,
		    enum measured_kind);
/*
 * Whether kind k agrees per instruction where not per launch: the source
 * page read, every line of k (the model's and the page's) agreeing, the
 * launch's requests equal, and its sectors or wavefronts more than the
 * model's only by what the page puts on no instruction.
 */
int		 measured_agree_per_insn(const struct launch *,
		    const struct totals *, const struct measured *,
		    enum measured_kind);

/* The model's sites of kind k on line n summed into *sum (requests,
   lanes, and sectors or wavefronts as units). */
void		 measured_model_line(const struct launch *,
		    const struct totals *, int n, enum measured_kind,
		    struct measured_line *sum);

#endif
