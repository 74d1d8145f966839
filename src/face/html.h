/* SPDX-License-Identifier: ISC
 * html.h - the HTML face: a whole lesson as one self-contained page
 * (warpviz lesson NAME --html) for a course's web page.  Each scene is
 * the frame the lecture screen shows, drawn by the SVG face and set
 * inline, with its narration as text; an inline script steps through
 * the scenes with the arrow keys and two buttons.  Nothing is fetched:
 * no network, no external script, style or font.
 */
#ifndef WV_HTML_H
#define WV_HTML_H

#include <stdio.h>

#include "lesson.h"
#include "state.h"

/* How the page is drawn. */
struct html_opts {
	int	w, h;		/* each frame's columns and rows */
	int	ascii;		/* ASCII glyphs only */
	int	zoom;		/* memory cells twice as big */
	int	start;		/* the scene shown first, from 1 */
	state_ms_fn recorded_ms; /* recorded times, for "which is faster?"
				   (NULL: that question is not asked) */
};

/*
 * Print lesson ls as one HTML document.  Returns 0, or -1 with a
 * one-line *cause naming the scene the model could not draw (the page
 * is then incomplete and must not be used).
 */
int	html_print_lesson(FILE *, const struct lesson *,
	    const struct html_opts *, char **cause);

#endif
