/* SPDX-License-Identifier: ISC
 * state.h - what is on screen: one variant (or two or three in compare
 * mode) with its parameters and launch, at one step, block and warp.  The
 * one object `warpviz show` and the lecture screen both build frames from,
 * so that they agree on the pane limit, on the bounds of a position and on
 * how partners follow the first pane.
 *
 * Steps are counted from 0; blocks and warps from 0.  In compare mode the
 * partners follow the first pane's step, block and warp, each clamped to
 * its own launch; a position typed by the user is checked against the
 * first pane (state_check), never silently moved.  Whole-launch totals
 * are computed here and now by state_retotal (show, tests), or on a
 * worker thread per pane by state_start_whole and collected by
 * state_poll_whole (the lecture screen), so that no key waits for them.
 *
 * No curses here and no drawing: view_draw and the TUI draw from this.
 */
#ifndef WV_STATE_H
#define WV_STATE_H

#include <stdint.h>

#include "arch.h"
#include "dram.h"
#include "launch.h"
#include "lesson.h"
#include "predict.h"
#include "param.h"
#include "state-where.h"
#include "totals.h"
#include "view.h"

struct worker;

#define STATE_MAX_PANES		3
#define STATE_WIDE_COLS		120	/* columns three panes need */
#define STATE_STATUS_MAX	256
#define STATE_INPUT_MAX		64
#define STATE_WHY_MAX		160
#define STATE_SO_FAR_INLINE	1024	/* steps of so far a key may cost */
#define STATE_MAX_MARKS		LESSON_MAX_SCENES
#define STATE_MOTION_PHASES	3	/* 8, 16, 24 lanes, then all */
#define STATE_MOTION_MS		70	/* between phases */
#define STATE_MOTION_SPEED	4	/* steps/s above which no motion */

/* The lecture screen's overlay and prompt (show leaves them zero). */
enum state_mode {
	MODE_FRAME,		/* the frame, no overlay */
	MODE_HELP,		/* the key table */
	MODE_GPU,		/* occupancy and the live GPU panel */
	MODE_VARIANTS,		/* the variant picker */
	MODE_PARAMS,		/* pick a parameter to edit */
	MODE_PROMPT		/* one line of typed input */
};

enum state_prompt {
	PROMPT_PARAM,		/* a value for params[sel] */
	PROMPT_BLOCK,		/* "X,Y" */
	PROMPT_STEP,		/* "K" */
	PROMPT_LOOP,		/* a value of the access's innermost loop */
	PROMPT_LANES,		/* "L,L,..." lanes to focus */
	PROMPT_PREDICT		/* the answer to st->truth's question */
};

/* The rows of the occupancy what-if (o): the device model, then the
   fields of enum occ_field, one row later. */
enum state_occ_row {
	OCC_ROW_DEVICE,
	OCC_ROW_REGS,
	OCC_ROW_THREADS,
	OCC_ROW_SHARED,
	OCC_ROWS
};

/* The occupancy what-if: a block's resources on a device model, seeded
   from pane 0 when o opens on another variant or launch shape. */
struct state_occ {
	int			 dev;		/* index into occ_devices */
	int			 val[3];	/* by enum occ_field */
	int			 row;		/* enum state_occ_row */
	int			 editing;	/* row's value typed into input */
	char			 why[STATE_WHY_MAX]; /* the last value refused */
	const struct variant	*seed_v;	/* seeded from this variant */
	int64_t			 seed_threads, seed_smem;
};

/* One variant on screen with its own launch. */
struct state_pane {
	const struct variant	*v;
	struct param_set	 ps;
	struct launch		*l;		/* NULL: pane unused */
	struct totals		 whole;		/* valid when have_whole */
	int			 have_whole;
	char			 why[STATE_WHY_MAX]; /* no whole: why, or
						    progress */
	struct worker		*job;		/* computing whole, or NULL */
	struct worker		*so_far_job;	/* computing m's so far */
	int			 stopped;	/* job stopped by the user */
	struct view_model	 m;
	int			 have_m;
	int64_t			 align_step;	/* a partner's step last aligned
						   with pane 0 (a search hint) */
	int			 own_arch;	/* a partner "name@MODEL": arch
						   is its own, not the state's */
	enum arch		 arch;
};

struct state {
	/* What is shown and where. */
	struct state_pane	 pane[STATE_MAX_PANES];
	int			 npanes;	/* 1, or 2-3 in compare mode */
	int			 compare;	/* compare mode wanted */
	int			 cols;		/* the frame's width: the pane
						   limit */
	enum arch		 arch;
	int64_t			 step;
	int64_t			 block[2];
	int			 warp;
	char			 status[STATE_STATUS_MAX];
	int			 background;	/* a long so far goes to a worker
						   (else it is computed here) */
	const char		*partners;	/* compare list instead of the
						   variant's own, or NULL */
	uint32_t		 focus;		/* lanes that stand out */
	int			 as_compiled;	/* I: show pane 0's sites as
						   compiled */
	const struct compiled	*compiled;	/* pane 0's, once the TUI has
						   it (NULL: none yet) */
	const struct totals	*compiled_whole;	/* its whole launch
						   as compiled, or NULL */
	int			 focus_box;	/* their addresses shown */
	int			 zoom;		/* projector zoom */
	int			 dram;		/* the DRAM box on */
	struct dram_config	 dram_cfg;	/* its interleaving */

	/* The lecture screen's input; show leaves these zero. */
	int			 playing;
	int			 speed;		/* index into state_speeds */
	int			 wrap;		/* playing past the end wraps */
	enum state_mode		 mode;
	enum state_prompt	 prompt;
	int			 sel;		/* cursor in a list */
	int			 top;		/* first row shown in a list */
	int			 param;		/* parameter being edited */
	char			 input[STATE_INPUT_MAX];
	int			 ninput;
	int			 icur;		/* cursor in input, 0..ninput */
	int			 ifresh;	/* input is the old value: typing
						   replaces it */
	int			 help_page;	/* ?: 0 keys, 1 glossary */
	int			 src_scroll;	/* source pane scrolled by lines */
	int64_t			 src_step;	/* ... at this step (else 0) */
	int			 export_req;	/* 1: write the frame to files,
						   2: the marks as a lesson */
	const struct lesson	*lesson;	/* the lesson played, or NULL */
	int			 scene;		/* its scene on screen, from 0 */
	struct lesson_scene	*marks;		/* bookmarks, as scenes */
	int			 nmarks;
	int			 mark;		/* the mark last shown */
	int			 motion_on;	/* lanes travel to memory while
						   playing */
	int			 motion;	/* 0, or the phase 1..
						   STATE_MOTION_PHASES of the
						   step in motion */
	struct state_occ	 occ;		/* the what-if of o */

	/* Predict, then reveal (a scene's ask, or the P key). */
	enum predict_ask	 ask;		/* the scene's ask, or NONE */
	int			 ask_pending;	/* a scene's ask, to be asked once
						   its frame is computed */
	int			 predict;	/* 0 off, 1 asking, 2 revealed */
	struct predict_truth	 truth;		/* of the question asked */
	int64_t			 predict_at[4];	/* step, block, warp asked at */
	const struct variant	*predict_v;	/* ... of this variant */
	char			 reveal[PREDICT_WHY_MAX + 96];
};

/*
 * Ask ask (NONE: the access's natural question) about pane 0's access
 * and hide the answer: st->predict 1, st->truth set.  Returns 0, or -1
 * with *why when the access cannot answer it.  "faster" is the caller's
 * (it needs recorded times: state_predict_times).
 */
int	state_predict(struct state *, enum predict_ask, const char **why);
/* Predict mode ends when the frame moves to another access than the
   one asked about. */
void	state_predict_check(struct state *);
/* Ask which of pane 0 and pane 1 is faster, from their times in ms. */
void	state_predict_times(struct state *, double ms0, double ms1);
/* A kernel's recorded time in ms (0), or -1 when none is recorded: the
   GPU layer's gpu_recorded_ms, handed down by the faces that have it. */
typedef int	(*state_ms_fn)(const struct param_set *, double *ms);
/* Ask ask as state_predict does, and "faster" from the two panes' times
   as ms gives them (NULL: none).  Returns 0, or -1 with *why. */
int	state_ask(struct state *, enum predict_ask, state_ms_fn ms,
	    const char **why);
/* Grade answer: st->predict 2, st->reveal the verdict and reason, the
   lanes that make it so in focus.  Returns nonzero if right. */
int	state_predict_answer(struct state *, const char *answer);

/* Steps per second of each speed. */
extern const double	state_speeds[];
extern const int	state_nspeeds;

/* An empty state for memory model arch (zero panes, zero columns). */
void	state_init(struct state *, enum arch);
/* Panes that fit side by side in cols columns: 3 from STATE_WIDE_COLS,
   else 2. */
int	state_max_panes(int cols);
/*
 * The frame is cols columns wide; rebuilds the partners when that changes
 * the pane limit in compare mode.  Returns 1 when the panes changed.
 */
int	state_set_width(struct state *, int cols);
/*
 * Show variant v at parameters ps (NULL: its defaults), from step 0, block
 * 0,0, warp 0, with its partners in compare mode.  Whole-launch totals are
 * not computed.  Returns 0, or -1 with *cause (nothing changed).
 */
int	state_set_variant(struct state *, const struct variant *,
	    const struct param_set *, char **cause);
/*
 * Show a scene (of a lesson, or a bookmark): its variant, parameters,
 * memory model, compare partners, position, lanes in focus and DRAM box.
 * Returns 0, or -1 with *cause.
 */
int	state_apply(struct state *, const struct lesson_scene *, char **cause);
/* Show scene k of st->lesson, as state_apply. */
int	state_apply_scene(struct state *, int k, char **cause);
/* Bookmark the state as a scene; its index, or -1 when the marks are
   full. */
int	state_mark(struct state *);
/*
 * Switch to variant v keeping the lesson's state: parameters that v shares
 * with the current variant (by name; v's defaults when that makes no
 * launch), the access site (by its text) at the same loop values (by
 * name), the block and warp where v has them.  Returns 0, or -1 with
 * *cause (nothing changed).
 */
int	state_switch(struct state *, const struct variant *, char **cause);
/* Rebuild the compare partners of pane 0 (or drop them); a partner whose
   launch fails is left out and named in the status. */
void	state_set_partners(struct state *);
/*
 * The one bounds check of a position: block (bx, by) and warp against
 * launch l, step against nsteps.  Returns 0, or -1 with *what ("step",
 * "block" or "warp") and *cause ("8 is outside the block (0..7)").
 */
int	state_check(const struct launch *, int64_t nsteps, int64_t step,
	    int64_t bx, int64_t by, int warp, const char **what,
	    char **cause);
/* Go to a position checked (state_check) against pane 0's grid and block
   and the longest pane's steps; nothing changes on -1. */
int	state_goto(struct state *, int64_t step, int64_t bx, int64_t by,
	    int warp, const char **what, char **cause);
/* Compute now the whole-launch totals of each pane that has neither
   totals nor a reason for none (slow: show, tests). */
void	state_retotal(struct state *);
/* Start a worker for each pane that needs totals (never waits); returns
   how many started. */
int	state_start_whole(struct state *);
/* Collect finished workers (totals and so far) and progress; 1 when a
   pane's text changed. */
int	state_poll_whole(struct state *);
/* Poll for up to ms milliseconds while workers compute (so that totals
   found in a few milliseconds come with the frame); as state_poll_whole. */
int	state_wait_whole(struct state *, int ms);
/* Whether a worker is still computing. */
int	state_busy(const struct state *);
/* Stop the workers (the panes say so); returns how many were running. */
int	state_stop_whole(struct state *);
/* Let stopped panes be computed again by state_start_whole. */
void	state_restart_whole(struct state *);
/* The memory model of pane i: its own ("name@MODEL") or the state's. */
enum arch state_pane_arch(const struct state *, int i);
/* Forget the whole-launch totals of every pane (the arch changed). */
void	state_forget_whole(struct state *);
/* Whether pane i has neither whole-launch totals nor a reason for none. */
int	state_needs_whole(const struct state *, int i);
/* Set pane i's whole-launch totals (t), or why there are none (t NULL). */
void	state_set_whole(struct state *, int i, const struct totals *t,
	    const char *why);
/* Clamp step, block, warp and evaluate every pane's view model; with
   background set, a so far of more than STATE_SO_FAR_INLINE steps is left
   pending and handed to a worker (collected by state_poll_whole). */
void	state_update(struct state *);
/* Number of steps of the longest pane. */
int64_t	state_nsteps(const struct state *);
/* The view models evaluated, in pane order; returns how many. */
int	state_models(const struct state *, const struct view_model **);
/*
 * Draw the frame the state shows on cv: its pane, or its panes side by
 * side, then the boxes it has open (the lanes in focus, the DRAM box).
 * The one drawing of show, the lecture screen and the export key.
 * Returns the panes drawn; 0 (nothing drawn) when none is evaluated.
 */
int	state_draw(struct canvas *, const struct state *,
	    const struct view_opts *);
/* Set the status line (printf). */
void	state_status(struct state *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
/* Free the launches. */
void	state_free(struct state *);

#endif
