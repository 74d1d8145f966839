/* SPDX-License-Identifier: ISC
 * view.h - frames: what the lecturer sees for one variant (or two or three
 * side by side), drawn into a canvas from the model's numbers.  The view
 * holds no memory rules: every count comes from model/ (arch, totals).
 */
#ifndef WV_VIEW_H
#define WV_VIEW_H

#include <stdint.h>

#include "arch.h"
#include "canvas.h"
#include "compiled.h"
#include "launch.h"
#include "totals.h"
#include "warp.h"

struct measured;

#define VIEW_MIN_W	80
#define VIEW_MIN_H	24

/* The model's side of a frame: one warp of one launch at one step. */
struct view_model {
	const struct launch	*l;
	enum arch		 arch;
	int64_t			 step;
	int64_t			 block[2];
	int			 warp;
	struct access		 acc;		/* the current access */
	struct access_result	 res;		/* its counts */
	struct totals		 so_far;	/* this warp, steps 0..step */
	const struct totals	*whole;		/* whole launch, or NULL */
	const char		*whole_why;	/* no whole: why (or how far
						   its worker is), or NULL */
	int			 zoom;		/* projector zoom: matrix cells
						   2 wide and 2 tall; set by
						   the face like focus */
	int			 motion;	/* 1-31: only lanes below it
						   have reached memory yet (a
						   step in motion); 0: all */
	uint32_t		 focus;		/* lanes picked to stand out
						   (bit n: lane n); set by the
						   face, kept by view_model_set */
	const struct compiled	*compiled;	/* the sites as compiled, or
						   NULL (as written); set by
						   the face like focus */
	const struct totals	*compiled_whole;	/* the whole launch
						   as compiled (modern rules),
						   the measured panel's model;
						   NULL: as written */
	int			 hide;		/* predict mode: the lanes show
						   no class or conflict; set by
						   the view from view_opts */
	/* view_model_set's cache of so_far; zero the struct before its
	   first use */
	const struct launch	*so_far_l;
	int64_t			 so_far_step;
	int			 so_far_valid;
	/* Set by the caller: at most this many steps of so_far evaluated
	   here (0: no limit); beyond it so_far is left pending for a worker
	   (view_model_so_far installs its result). */
	int64_t			 so_far_budget;
	int			 so_far_pending;
};

/* What the face around the frame adds. */
struct view_opts {
	const char	*status;	/* a message for the status line */
	const char	*keys;		/* key hints; NULL = show's options */
	const char	*gpu[4];	/* live GPU panel lines, NULL ends */
	int		 playing;
	int		 source_scroll;	/* source lines scrolled; 0 = folded */
	const char	*scene;		/* a lesson's "2/7 title", or NULL */
	const char	*narration;	/* the scene's words, instead of the
					   variant's lesson text */
	/* The counters of pane 0's launch (Nsight Compute, live or
	   recorded) shown under its counts, or NULL; measured_line says
	   where they come from, or is the run's state or why it failed
	   (NULL: no measured section). */
	const struct measured *measured;
	const char	*measured_line;
	int		 hide;		/* predict first: the memory, the
					   counts, the verdict and the GPU
					   lines are hidden */
};

/* What a hidden panel says instead (predict mode). */
#define VIEW_HIDDEN	"hidden: predict first, then it shows"

/*
 * Evaluate the access of warp `warp` of block (bx, by) at `step` and the
 * counts so far.  Returns 0, or -1 with *cause for a step, block or warp
 * outside the launch.  Cost: one warp evaluation when called again for the
 * same launch, arch, block and warp at a later step from the previous one
 * (step + 1 when animating: O(1)); otherwise step + 1 warp evaluations,
 * or none and so_far_pending when that is over m->so_far_budget.
 * The struct must start zeroed; m->whole is left as it is.
 */
int	view_model_set(struct view_model *, const struct launch *, enum arch,
	    int64_t step, int64_t bx, int64_t by, int warp, char **cause);
/* Install so_far computed elsewhere for steps 0..to of the warp, block,
   arch and launch m was last set to; a later view_model_set goes on from
   there. */
void	view_model_so_far(struct view_model *, const struct totals *,
	    int64_t to);
/* Draw one variant's frame over the whole canvas; returns the row of
   the memory legend when the layout has boxes (120x35 and up), else -1:
   a box drawn over the frame ends above it (view_draw_focus). */
int	view_draw(struct canvas *, const struct view_model *,
	    const struct view_opts *);
/* Draw n (2 or 3) variants side by side. */
void	view_draw_compare(struct canvas *, const struct view_model *const *,
	    int n, const struct view_opts *);
struct dram_config;
/* Warps in flight in the DRAM box: the teaching SM's 48 resident warps. */
#define VIEW_DRAM_WARPS	48
/*
 * Draw the DRAM box over the frame: the global access of nwarps warps in
 * flight from m's warp at m's step, per channel and bank under cfg (a
 * teaching model, labelled so).
 */
void	view_draw_dram(struct canvas *, const struct view_model *,
	    const struct dram_config *, int nwarps);
/*
 * Draw the lane focus box: for each focused lane of each of the n models,
 * its thread (threadIdx and flat index in the block), element and byte
 * address in hexadecimal, with its sector (global) or bank (shared).
 * It ends above row `above` (view_draw's legend row), or with -1 sits
 * over the middle of the frame.
 */
void	view_draw_focus(struct canvas *, const struct view_model *const *,
	    int n, int above);
/* Draw "terminal too small: need WxH, have WxH". */
void	view_draw_too_small(struct canvas *, int need_w, int need_h);

#endif
