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
panel_gpu(struct canvas *c, int x, int y, int w, int n,
    const struct view_opts *o, const char *lead)
{
	int	i, in = (int)strlen(lead);

	n = panel_gpu_rows(o, n);
	for (i = 0; i < n; i++)
		canvas_printf(c, x, y + i, ROLE_NORMAL, w, "%*s%s", in,
		    i == 0 ? lead : "", o->gpu[i]);
	return n;
}
