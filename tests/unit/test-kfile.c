/* SPDX-License-Identifier: ISC
 * test-kfile.c - the catalog read from its own CUDA sources: every
 * variant's "// warpviz:" block in its cuda/ file, read by ksrc, must give the
 * same parameters, launch, arrays, lanes at every step of every warp and
 * totals as the C description in src/variants/, at several sizes, odd ones
 * included.  This is the test that lets the descriptions go.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "catalog.h"
#include "ksrc.h"
#include "launch.h"
#include "param.h"
#include "tap.h"
#include "totals.h"
#include "warp.h"

/* Sizes tried on every variant; a name it lacks is passed over. */
static const char *const sizes[][11] = {
	{ "n=96", "bs=32", "width=20", "height=7", "bx=5", "by=3", "tile=4",
	  "taps=1", "offset=31", "stride=5", NULL },
	{ "width=33", "height=5", "n=100", "taps=5", "offset=3", "stride=3",
	  "bs=32", "bx=8", "by=4", "tile=8", NULL },
	{ "width=48", "height=9", "n=256", "tile=16", "bs=64", "bx=16",
	  "by=16", "offset=0", "taps=7", "stride=1", NULL },
	{ "width=4", "bx=4", "by=4", "warp=4", "n=17", "tile=2", "bs=32",
	  "height=3", "offset=32", "stride=64", NULL },
	{ "width=37", "height=11", "n=1000", "bs=128", "bx=32", "by=8",
	  "tile=4", "offset=7", "taps=3", "stride=8", NULL },
};

static struct variant *
from_file(const struct variant *c)
{
	const char	*text = catalog_source(c->source);
	struct variant	*v;
	char		*cause;
	int		 i, n;

	if (text == NULL)
		return NULL;
	n = ksrc_blocks(text);
	for (i = 0; i < n; i++) {
		cause = NULL;
		v = ksrc_parse_block(c->source, text, i, &cause);
		if (v == NULL) {
			diag("%s block %d: %s", c->source, i, cause);
			free(cause);
			continue;
		}
		if (strcmp(v->name, c->name) == 0)
			return v;
		ksrc_free(v);
	}
	return NULL;
}

static int
same_params(const struct variant *a, const struct variant *b)
{
	const struct param_def	*p, *q;
	int			 i;

	for (i = 0; i < VARIANT_MAX_PARAMS; i++) {
		p = &a->params[i];
		q = &b->params[i];
		if ((p->name == NULL) != (q->name == NULL))
			return 0;
		if (p->name == NULL)
			return 1;
		if (strcmp(p->name, q->name) != 0 ||
		    (p->sym == NULL) != (q->sym == NULL) ||
		    (p->sym != NULL && strcmp(p->sym, q->sym) != 0) ||
		    p->min != q->min || p->max != q->max || p->def != q->def ||
		    p->flags != q->flags)
			return 0;
	}
	return 1;
}

static int
setup(struct launch *l, const struct variant *v, const char *const *as,
    char **cause)
{
	struct param_set	ps;
	char			name[32];
	int			i;

	param_defaults(&ps, v);
	for (i = 0; as[i] != NULL; i++) {
		snprintf(name, sizeof name, "%.*s",
		    (int)strcspn(as[i], "="), as[i]);
		if (param_find(&ps, name) < 0)
			continue;
		if (param_assign(&ps, as[i], cause) != 0)
			return -1;
	}
	return launch_init(l, &ps, cause);
}

/* Launch shape, arrays and sites equal. */
static int
same_launch(const struct launch *a, const struct launch *b)
{
	int	i;

	if (a->grid[0] != b->grid[0] || a->grid[1] != b->grid[1] ||
	    a->block[0] != b->block[0] || a->block[1] != b->block[1] ||
	    a->warps != b->warps || a->nsteps != b->nsteps ||
	    a->narrays != b->narrays || a->nsites != b->nsites ||
	    a->shared_bytes != b->shared_bytes)
		return 0;
	for (i = 0; i < a->narrays; i++)
		if (strcmp(a->arrays[i].def->name, b->arrays[i].def->name) != 0 ||
		    a->arrays[i].base != b->arrays[i].base ||
		    a->arrays[i].length != b->arrays[i].length ||
		    a->arrays[i].def->elem_size !=
		    b->arrays[i].def->elem_size ||
		    a->arrays[i].def->space != b->arrays[i].def->space)
			return 0;
	for (i = 0; i < a->nsites; i++)
		if (a->sites[i].array != b->sites[i].array ||
		    a->sites[i].op != b->sites[i].op ||
		    a->sites[i].size != b->sites[i].size ||
		    a->sites[i].offset != b->sites[i].offset)
			return 0;
	return 1;
}

/* Every warp of up to 48 blocks at every step: the same lanes. */
static int
same_lanes(const struct launch *a, const struct launch *b, int64_t *visits)
{
	struct access	x, y;
	char		*cause = NULL;
	int64_t		bx, by, s, blocks = 0;
	int		w, lane;

	for (by = 0; by < a->grid[1]; by++)
	for (bx = 0; bx < a->grid[0] && blocks < 48; bx++, blocks++)
	for (w = 0; w < a->warps; w++)
	for (s = 0; s < a->nsteps && s < 4096; s++) {
		if (warp_access(a, bx, by, w, s, &x, &cause) != 0 ||
		    warp_access(b, bx, by, w, s, &y, &cause) != 0) {
			diag("%s", cause);
			free(cause);
			return 0;
		}
		if (x.site != y.site || x.exists != y.exists ||
		    x.active != y.active)
			return 0;
		for (lane = 0; lane < a->warp_size; lane++)
			if ((x.active >> lane & 1) && x.addr[lane] != y.addr[lane])
				return 0;
		(*visits)++;
	}
	return 1;
}

int
main(void)
{
	const struct variant	*c;
	struct variant		*v;
	struct launch		 la, lb;
	struct totals		 ta, tb;
	char			*ca, *cb;
	int64_t			 visits;
	int			 i, k, ran, ra, rb, same;

	for (i = 0; catalog[i] != NULL; i++) {
		c = catalog[i];
		if (c->xbody != NULL) {
			/* Moved: the catalog itself reads cuda/; the counts
			   test-model pins by hand now test the file. */
			ok(c->text != NULL && c->live.args != NULL &&
			    c->live.reference != NULL, "%s: read from cuda/%s, "
			    "its description's live spec kept", c->name,
			    c->source);
			continue;
		}
		v = from_file(c);
		if (!ok(v != NULL, "%s: a warpviz: block in cuda/%s", c->name,
		    c->source))
			continue;
		ok(same_params(c, v), "%s: the same parameters", c->name);
		ok(strcmp(v->kernel, c->kernel) == 0, "%s: kernel %s", c->name,
		    v->kernel);
		ok(strcmp(v->family, c->family) == 0 &&
		    strcmp(v->title, c->title) == 0 &&
		    strcmp(v->lesson, c->lesson) == 0 &&
		    ((v->compare == NULL && c->compare == NULL) ||
		    (v->compare != NULL && c->compare != NULL &&
		    strcmp(v->compare, c->compare) == 0)) &&
		    ((v->note == NULL && c->note == NULL) ||
		    (v->note != NULL && c->note != NULL &&
		    strcmp(v->note, c->note) == 0)),
		    "%s: family, title, lesson, partners and note", c->name);
		for (k = 0, ran = 0; k < (int)(sizeof sizes / sizeof sizes[0]);
		    k++) {
			ca = cb = NULL;
			ra = setup(&la, c, sizes[k], &ca);
			rb = setup(&lb, v, sizes[k], &cb);
			if (ra != 0 || rb != 0) {
				ok(ra != 0 && rb != 0, "%s sizes %d: both "
				    "refuse (%s / %s)", c->name, k,
				    ca ? ca : "-", cb ? cb : "-");
				if (ra == 0)
					launch_free(&la);
				if (rb == 0)
					launch_free(&lb);
				free(ca);
				free(cb);
				continue;
			}
			ran++;
			ok(same_launch(&la, &lb), "%s sizes %d: the same "
			    "launch, arrays and sites", c->name, k);
			visits = 0;
			same = same_lanes(&la, &lb, &visits);
			ok(same && visits > 0, "%s sizes %d: the same lanes "
			    "(%lld warp steps)", c->name, k, (long long)visits);
			if (totals_compute(&la, ARCH_MODERN, TOTALS_AUTO, &ta,
			    &ca) == 0 && totals_compute(&lb, ARCH_MODERN,
			    TOTALS_AUTO, &tb, &cb) == 0)
				ok(memcmp(ta.site, tb.site, sizeof ta.site) ==
				    0, "%s sizes %d: the same totals",
				    c->name, k);
			else
				ok(0, "%s: totals: %s %s", c->name, ca, cb);
			launch_free(&la);
			launch_free(&lb);
		}
		ok(ran >= 2, "%s: compared at %d sizes", c->name, ran);
		ksrc_free(v);
	}
	return tap_done();
}
