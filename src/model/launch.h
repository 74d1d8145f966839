/* SPDX-License-Identifier: ISC
 * launch.h - one variant at given parameter values, turned into numbers:
 * launch dimensions, arrays with base addresses, parsed access sites and the
 * flattened loop body that defines the steps a warp goes through.
 *
 * A "step" is one execution of one access site by a warp, in program order:
 * naive matmul has steps M,N,M,N,...,P.  Loop bounds depend on parameters
 * only, so every warp has the same steps.  Addresses are bytes; global
 * arrays start 256-byte aligned at LAUNCH_GLOBAL_BASE, shared and constant
 * arrays at 0 in their own spaces.
 */
#ifndef WV_LAUNCH_H
#define WV_LAUNCH_H

#include <stdint.h>

#include "expr.h"
#include "param.h"
#include "variant.h"

#define LAUNCH_MAX_SITES	48
#define LAUNCH_MAX_NODES	160
#define LAUNCH_GLOBAL_BASE	0x10000
#define LAUNCH_MAX_STEPS	((int64_t)1 << 40)

/* Fixed slots of the evaluation environment; parameters, then loops. */
enum launch_slot {
	SLOT_TX, SLOT_TY, SLOT_BX, SLOT_BY,
	SLOT_BDX, SLOT_BDY, SLOT_GDX, SLOT_GDY,
	SLOT_PARAM0
};

/* Affine variables: threadIdx.x/y, blockIdx.x/y, then loop variables. */
enum launch_var { VAR_TX, VAR_TY, VAR_BX, VAR_BY, VAR_LOOP0 };

struct launch_array {
	const struct array_def	*def;
	int64_t			 base;		/* bytes */
	int64_t			 length;	/* elements */
	int64_t			 rows, cols;	/* drawn as rows x cols */
};

struct launch_site {
	const struct body_def	*def;
	const char		*text;		/* "M[Row*Width+k]" */
	int			 array;
	enum mem_space		 space;
	enum mem_op		 op;
	int			 nsub;
	struct expr		*sub[2];	/* subscripts */
	int64_t			 cols;		/* for two subscripts */
	int			 offset;	/* field offset, bytes */
	int			 size;		/* bytes per lane */
	int			 used;		/* of them, bytes of fields: a
						   whole padded struct's padding
						   is moved, not used */
	int			 nloops;	/* enclosing loops */
	int			 loop[VARIANT_MAX_LOOPS];
	struct expr		*guard;		/* its own condition (in a
						   kernel file the ifs and
						   per-thread loop conditions
						   around it), or NULL */
	int			 affine;	/* index is affine (aff valid) */
	struct affine		 aff;		/* element index */
	int			 line, col;	/* kernel files: in source */
};

struct launch_loop {
	const char		*var;
	int64_t			 count;
	int			 slot;
	/* Kernel files: a loop stepping by *=, /=, <<= or >>= keeps its
	   variable's value per iteration in values[], set into val_slot. */
	int64_t			*values;	/* NULL: additive */
	int			 val_slot;
	int			 bounded;	/* count differs per thread: the
						   condition guards the body */
	int			 line;
};

struct launch_node {
	int			 site;		/* >= 0: a site; -1: a loop */
	int			 loop;
	int			 next;		/* index after this subtree */
	int64_t			 steps;		/* steps of the whole subtree */
	int64_t			 inner;		/* loop: steps per iteration */
};

struct launch {
	struct param_set	 ps;
	const struct variant	*v;
	struct expr_scope	 scope;
	int64_t			 env[EXPR_MAX_SLOTS];	/* constants set */
	int			 var_of[EXPR_MAX_SLOTS];
	int64_t			 block[2], grid[2];
	int64_t			 threads;	/* per block */
	int			 warp_size;
	int			 warps;		/* per block */
	int			 narrays;
	struct launch_array	 arrays[VARIANT_MAX_ARRAYS];
	int64_t			 shared_bytes;	/* per block */
	int			 nsites;
	struct launch_site	 sites[LAUNCH_MAX_SITES];
	int			 nloops;
	struct launch_loop	 loops[VARIANT_MAX_LOOPS];
	int			 nnodes;
	struct launch_node	 nodes[LAUNCH_MAX_NODES];
	struct expr		*guard;
	int			 guard_affine;
	int			 vary[EXPR_MAX_SLOTS];	/* slot differs per
							   thread or iteration */
	int64_t			 nsteps;
};

/* Where a step is: which site and the loop variables' values. */
struct launch_pos {
	int			 site;
	int64_t			 loop[VARIANT_MAX_LOOPS];
};

/*
 * Set up a launch from parameter values.  Returns 0, or -1 with a one-line
 * *cause naming the parameters when they make no valid launch.
 */
int	launch_init(struct launch *, const struct param_set *, char **cause);
/* Free what launch_init allocated. */
void	launch_free(struct launch *);
/* Locate step (0 .. nsteps-1): its site and loop values. */
void	launch_locate(const struct launch *, int64_t step, struct launch_pos *);
/* Ranges of the affine variables: threads, blocks, the iterations of the
   loops set up so far. */
void	launch_box(const struct launch *, struct affine_box *);
/* Total warps in the launch. */
int64_t	launch_total_warps(const struct launch *);

#endif
