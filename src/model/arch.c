/* SPDX-License-Identifier: ISC
 * arch.c - the architecture models as a table of ops: each names itself
 * and says how global memory serves a warp.  Shared and constant memory
 * follow the same rules under every model.  Must not print.
 */
#include "config.h"

#include <string.h>

#include "arch.h"

struct arch_ops {
	/* As --arch takes it: "modern", "legacy". */
	const char	*name;
	/* Fill the global-memory part of r for the access. */
	void		(*global)(const struct launch_site *,
			    const struct access *, struct access_result *);
};

static void
global_modern(const struct launch_site *s, const struct access *a,
    struct access_result *r)
{
	struct rules_global	u;

	rules_global(a->addr, a->active, a->nlanes, s->size, &r->g);
	if (s->used > 0 && s->used < s->size) {
		/* Padding is moved but not used: count the fields' bytes. */
		rules_global(a->addr, a->active, a->nlanes, s->used, &u);
		r->g.bytes_used = u.bytes_used;
		r->g.ideal = u.ideal;
	}
}

static void
global_legacy(const struct launch_site *s, const struct access *a,
    struct access_result *r)
{
	/* The sector counts stay available for comparison. */
	global_modern(s, a, r);
	rules_legacy(a->addr, a->active, a->nlanes, s->size, &r->l);
}

static const struct arch_ops arch_table[] = {
	[ARCH_MODERN] = { .name = "modern", .global = global_modern },
	[ARCH_LEGACY] = { .name = "legacy", .global = global_legacy },
};

int
arch_parse(const char *s)
{
	size_t	i;

	for (i = 0; i < sizeof arch_table / sizeof arch_table[0]; i++)
		if (strcmp(s, arch_table[i].name) == 0)
			return (int)i;
	return -1;
}

const char *
arch_name(enum arch a)
{
	return arch_table[a].name;
}

void
arch_apply(enum arch arch, const struct launch *l, const struct access *a,
    struct access_result *r)
{
	const struct launch_site	*s = &l->sites[a->site];

	memset(r, 0, sizeof *r);
	r->space = s->space;
	r->active = __builtin_popcount(a->active);
	switch (s->space) {
	case SPACE_GLOBAL:
		arch_table[arch].global(s, a, r);
		break;
	case SPACE_SHARED:
		rules_shared(a->addr, a->active, a->nlanes, s->size,
		    s->op == OP_LOAD, &r->s);
		break;
	case SPACE_CONSTANT:
		rules_constant(a->addr, a->active, a->nlanes, &r->c);
		break;
	}
}
