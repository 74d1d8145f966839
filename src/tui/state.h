/*
 * state.h - what the TUI is showing: one variant (or two or three in
 * compare mode) at one step, block and warp, plus the overlay and the
 * status message.  Steps are counted from 0; in compare mode the partners
 * follow the first pane's step, block and warp, clamped to their own launch.
 * No curses here and no drawing: the loop in tui.c draws from this.
 */
#ifndef WV_TUI_STATE_H
#define WV_TUI_STATE_H

#include <stdint.h>

#include "arch.h"
#include "launch.h"
#include "lesson.h"
#include "param.h"
#include "totals.h"
#include "view.h"

#define STATE_MAX_PANES	3
#define STATE_STATUS_MAX	256
#define STATE_INPUT_MAX		64
#define STATE_MAX_MARKS		LESSON_MAX_SCENES
#define STATE_MOTION_PHASES	3	/* 8, 16, 24 lanes, then all */
#define STATE_MOTION_MS		70	/* between phases */
#define STATE_MOTION_SPEED	4	/* steps/s above which no motion */

/* Intent bits that actions return; only the loop acts on them. */
#define INTENT_RECOMPUTE	0x1	/* launches or totals changed */
#define INTENT_REDRAW		0x2
#define INTENT_QUIT		0x4
#define INTENT_RELAYOUT		0x8	/* the terminal size changed */

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
	PROMPT_LANES		/* "L,L,..." lanes to focus */
};

/* One variant on screen with its own launch. */
struct state_pane {
	const struct variant	*v;
	struct param_set	 ps;
	struct launch		*l;		/* NULL: pane unused */
	struct totals		 whole;
	int			 have_whole;
	struct view_model	 m;
	int			 have_m;
};

struct state {
	struct state_pane	 pane[STATE_MAX_PANES];
	int			 npanes;	/* 1, or 2-3 in compare mode */
	int			 compare;	/* compare mode wanted */
	enum arch		 arch;
	int64_t			 step;
	int64_t			 block[2];
	int			 warp;

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

	char			 status[STATE_STATUS_MAX];
	int			 wide;		/* room for three panes */
	int			 export_req;	/* 1: write the frame to files,
						   2: the marks as a lesson */
	const char		*partners;	/* compare list instead of the
						   variant's own, or NULL */
	const struct lesson	*lesson;	/* the lesson played, or NULL */
	int			 scene;		/* its scene on screen, from 0 */
	int			 dram;		/* the DRAM box on */
	uint32_t		 focus;		/* lanes that stand out */
	int			 focus_box;	/* their addresses shown */
	int			 zoom;		/* projector zoom */
	int			 motion_on;	/* lanes travel to memory while
						   playing */
	int			 motion;	/* 0, or the phase 1..
						   STATE_MOTION_PHASES of the
						   step in motion */
	struct lesson_scene	*marks;		/* bookmarks, as scenes */
	int			 nmarks;
	int			 mark;		/* the mark last shown */
};

/* Steps per second of each speed. */
extern const double	state_speeds[];
extern const int	state_nspeeds;

/*
 * Show variant v at parameters ps (NULL: its defaults), from step 0, block
 * 0,0, warp 0.  Returns 0, or -1 with *cause (nothing changed).
 */
int	state_set_variant(struct state *, const struct variant *,
	    const struct param_set *, char **cause);
/*
 * Show a scene (of a lesson, or a bookmark): its variant, parameters,
 * memory model, compare partners, position and DRAM box.  Returns 0, or
 * -1 with *cause.
 */
int	state_apply(struct state *, const struct lesson_scene *, char **cause);
/* Bookmark the state as a scene; its index, or -1 when the marks are
   full. */
int	state_mark(struct state *);
/*
 * Show scene k of st->lesson: its variant, parameters, memory model,
 * compare partners and position.  Returns 0, or -1 with *cause.
 */
int	state_apply_scene(struct state *, int k, char **cause);
/* Rebuild the compare partners of pane 0 (or drop them). */
void	state_set_partners(struct state *);
/* Recompute the whole-launch totals of every pane (arch changed). */
void	state_retotal(struct state *);
/* Clamp step, block, warp and evaluate every pane's view model. */
void	state_update(struct state *);
/* Number of steps of the longest pane. */
int64_t	state_nsteps(const struct state *);
/* Set the status line (printf). */
void	state_status(struct state *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
/* Free the launches. */
void	state_free(struct state *);

#endif
