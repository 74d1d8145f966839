/* SPDX-License-Identifier: ISC
 * panel.h - the pieces a frame is made of, each drawn into a rectangle of
 * the canvas from one view_model: kernel source, lanes, memory (sectors,
 * segments, banks, constant reads, matrix window), counts, live GPU lines
 * and wrapped text, one file each.  Internal to view/: view.c and
 * compare.c lay them out.
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
/* panel_wrap with the rows after the first indented by hang. */
int		 panel_wrap_hang(struct canvas *, int x, int y, int w, int h,
		     const char *text, enum role, int hang);
/* The bottom line: play state, status message and key hints. */
void		 panel_status(struct canvas *, int y, const struct view_opts *);
/* Shorten a heading by design to w columns: leave out its last parts
   after ", ", ": " or "  " until it fits (a word is never cut here). */
void		 panel_fit(char *buf, int w);
/* A heading rule "── text ────" across w columns. */
void		 panel_rule(struct canvas *, int x, int y, int w,
		     const char *text);
/*
 * A panel draws one view_model into a rectangle.  Draw it with
 * panel_draw, which clips to the rectangle.
 */
struct panel {
	/* What it shows, one word. */
	const char	*name;
	/* Draw m from x, y in w x h cells; arg is the panel's option (memory:
	   show the matrix window; counts: show "so far"); returns the rows
	   used. */
	int		 (*draw)(struct canvas *, int x, int y, int w, int h,
			     const struct view_model *m, int arg);
};

/* The kernel's source, the access's line highlighted and in view. */
extern const struct panel panel_source;
/*
 * Compare mode's source of m: folded around its access, the lines that
 * differ from the others' kernels first after it and marked; clipped to
 * the rectangle; returns the rows used.
 */
int		 panel_source_compare(struct canvas *, int x, int y, int w,
		     int h, const struct view_model *m,
		     const struct view_model *const *others, int nothers);
/* One entry per lane: lane, threadIdx, element (bank for shared). */
extern const struct panel panel_lanes_table;
/* Lanes grouped into runs: "lanes 0-15  tid (0..15,0)  M[0,0]". */
extern const struct panel panel_lane_runs;
/* What the lanes hit: sectors, segments, banks or constant reads; arg set:
   the matrix window when there is room. */
extern const struct panel panel_memory;
/* The texels of a 2D texture fetch in their tiles (panel-texture.c);
   a 1D fetch in words.  Returns the rows used. */
int		 panel_texture(struct canvas *, int x, int y, int w, int h,
		     const struct view_model *);
/* The role a texture fetch earns: sectors against its ideal. */
enum role	 panel_texture_role(const struct rules_texture *);
/* Counts of this step, of this warp so far (arg set) and of the launch. */
extern const struct panel panel_counts;

/* Draw panel p clipped to x, y, w, h; returns the rows it used. */
int		 panel_draw(const struct panel *p, struct canvas *, int x,
		     int y, int w, int h, const struct view_model *, int arg);
/* Columns the lanes table needs to fit all lanes in h rows. */
int		 panel_lanes_width(const struct view_model *, int h);
/* The glyphs the memory panel uses for this access, on one line. */
int		 panel_legend(struct canvas *, int x, int y, int w,
		     const struct view_model *);
/*
 * The measured counters of o (Nsight Compute's, per launch and space)
 * beside the model's whole-launch totals of m, from a "measured" rule;
 * nothing without o->measured_line.  Returns the rows used.
 */
int		 panel_measured(struct canvas *, int x, int y, int w, int h,
		     const struct view_model *m, const struct view_opts *o);
/* The rows panel_measured would use given room (0: none to draw). */
int		 panel_measured_rows(const struct view_model *,
		     const struct view_opts *);
/* Lines of live GPU text in o (at most max). */
int		 panel_gpu_rows(const struct view_opts *o, int max);
/* Rows the first n GPU lines of o take wrapped w wide after lead. */
int		 panel_gpu_height(const struct view_opts *o, int n, int w,
		     const char *lead);
/* The first n GPU lines of o from x, y, the first after lead and the
   rest indented to match, each wrapped within w (its rows after the
   first indented two more) and left out when it does not fit whole in
   h rows; returns the rows used. */
int		 panel_gpu(struct canvas *, int x, int y, int w, int h, int n,
		     const struct view_opts *o, const char *lead);

#endif
