/* view.c - TEMPORARY placeholder. */
#include "config.h"
#include <string.h>
#include "view.h"
int view_model_set(struct view_model *m, const struct launch *l, enum arch arch, int64_t step, int64_t bx, int64_t by, int warp, char **cause)
{
	memset(m, 0, sizeof *m); m->l = l; m->arch = arch; m->step = step;
	if (warp_access(l, bx, by, warp, step, &m->acc, cause) != 0) return -1;
	arch_apply(arch, l, &m->acc, &m->res); return 0;
}
void view_draw(struct canvas *c, const struct view_model *m, const struct view_opts *o) { (void)c; (void)m; (void)o; }
