/* SPDX-License-Identifier: ISC
 * panel-gpu.c - the live GPU lines (timings measured by gpu/, or why there
 * are none), as the view options hand them over: text only, already
 * formatted.  Must not print, allocate, or know curses.
 */
#include "config.h"

#include <string.h>

#include "panel.h"

#define PANEL_GPU_MAX	((int)(sizeof ((struct view_opts *)0)->gpu / \
			    sizeof ((struct view_opts *)0)->gpu[0]))

int
panel_gpu_rows(const struct view_opts *o, int max)
{
	int	n = 0;

	while (o != NULL && n < max && n < PANEL_GPU_MAX && o->gpu[n] != NULL)
		n++;
	return n;
}

int
panel_gpu(struct canvas *c, int x, int y, int w, int h, int n,
    const struct view_opts *o, const char *lead)
{
	struct canvas	*scratch;
	int		 i, k, row = 0, in = (int)strlen(lead);

	n = panel_gpu_rows(o, n);
	if (w <= in + 6)
		return 0;
	scratch = canvas_new(w - in, 16, 0);
	for (i = 0; i < n; i++) {
		if (i == 0)
			canvas_text(c, x, y, lead, ROLE_NORMAL, in);
		/* A verdict whole or not at all: measured first. */
		k = panel_wrap_hang(scratch, 0, 0, w - in, 16, o->gpu[i],
		    ROLE_NORMAL, 2);
		if (row + k > h)
			break;
		row += panel_wrap_hang(c, x + in, y + row, w - in, k,
		    o->gpu[i], ROLE_NORMAL, 2);
	}
	canvas_free(scratch);
	return row;
}

int
panel_gpu_height(const struct view_opts *o, int n, int w, const char *lead)
{
	struct canvas	*scratch;
	int		 rows;

	scratch = canvas_new(w, 64, 0);
	rows = panel_gpu(scratch, 0, 0, w, 64, n, o, lead);
	canvas_free(scratch);
	return rows;
}
