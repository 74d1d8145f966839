/*
 * panel.h - the pieces a frame is made of, each drawn into a rectangle of
 * the canvas from one view_model: kernel source, lanes, memory (sectors,
 * segments, banks, constant reads, matrix window), counts and wrapped
 * text.  Internal to view/: view.c and compare.c lay them out.
 *
 * Every function clips to its rectangle (x, y, w, h in cells) and returns
 * the rows it used.  Counts come from the model (arch, rules, totals);
 * what is computed here is only where to draw them.
 */
#ifndef WV_PANEL_H
#define WV_PANEL_H

#include "view.h"

/* The role that draws a request class. */
enum role	 panel_class_role(enum rules_class);
/* The role of a bank with n distinct words (1 = no conflict). */
enum role	 panel_bank_role(int n);
/* Lanes of a mask as "0-7", "0,16", "0-3,8-11" or "12 lanes" in len. */
void		 panel_lanes_text(uint32_t mask, char *buf, size_t len,
		     int maxw);
/* The element a lane touches, "3,17" (row,col) or "1025". */
void		 panel_element(const struct view_model *, int lane, char *buf,
		     size_t len);
/* "load M[Row*Width+k]" and the loop values " k=3" of the access. */
void		 panel_access_text(const struct view_model *, char *buf,
		     size_t len);
/* Word-wrap UTF-8 text; the last line ends in "…" when cut short. */
int		 panel_wrap(struct canvas *, int x, int y, int w, int h,
		     const char *text, enum role);
/* The kernel's source, the access's line highlighted and in view. */
int		 panel_source(struct canvas *, int x, int y, int w, int h,
		     const struct view_model *);
/* One entry per lane: lane, threadIdx, element (bank for shared). */
int		 panel_lanes_table(struct canvas *, int x, int y, int w, int h,
		     const struct view_model *);
/* Lanes grouped into runs: "lanes 0-15  tid (0..15,0)  M[0,0]". */
int		 panel_lane_runs(struct canvas *, int x, int y, int w, int h,
		     const struct view_model *);
/* What the lanes hit: sectors, segments, banks or constant reads. */
int		 panel_memory(struct canvas *, int x, int y, int w, int h,
		     const struct view_model *, int window);
/* The glyphs the memory panel uses for this access, on one line. */
int		 panel_legend(struct canvas *, int x, int y, int w,
		     const struct view_model *);
/* Counts of this step, of this warp so far and of the whole launch. */
int		 panel_counts(struct canvas *, int x, int y, int w, int h,
		     const struct view_model *);

#endif
