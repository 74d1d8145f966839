/* compare.c - placeholder, filled in next. */
#include "config.h"

#include "panel.h"
#include "view.h"

void
view_draw_compare(struct canvas *c, const struct view_model *const *m, int n,
    const struct view_opts *o)
{
	if (n > 0)
		view_draw(c, m[0], o);
}
