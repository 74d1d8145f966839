/*
 * arch.c - choose and apply the rule for an access.  Must not print.
 */
#include "config.h"

#include <string.h>

#include "arch.h"

int
arch_parse(const char *s)
{
	if (strcmp(s, "modern") == 0)
		return ARCH_MODERN;
	if (strcmp(s, "legacy") == 0)
		return ARCH_LEGACY;
	return -1;
}

const char *
arch_name(enum arch a)
{
	return a == ARCH_LEGACY ? "legacy" : "modern";
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
		rules_global(a->addr, a->active, a->nlanes, s->size,
		    s->op == OP_LOAD, &r->g);
		if (arch == ARCH_LEGACY)
			rules_legacy(a->addr, a->active, a->nlanes, s->size,
			    &r->l);
		break;
	case SPACE_SHARED:
		rules_shared(a->addr, a->active, a->nlanes, s->size, &r->s);
		break;
	case SPACE_CONSTANT:
		rules_constant(a->addr, a->active, a->nlanes, &r->c);
		break;
	}
}
