/* SPDX-License-Identifier: ISC
 * arch.c - the architecture models as a table of ops: each names itself
 * and says how global memory serves a warp.  Shared and constant memory
 * follow the same rules under every model.  Must not print.
 */
#include "config.h"

#include <string.h>

#include "arch.h"

struct arch_ops {
	/* As --arch takes it: "modern", "cc1.2", "cc1.0", "cc2.0". */
	const char	*name;
	/* What serves global memory, for titles. */
	const char	*unit;
	/* The model after this one when the arch key cycles. */
	enum arch	 next;
	/* Fill the global-memory part of r for the access. */
	void		(*global)(const struct launch_site *,
			    const struct access *, struct access_result *);
};

/*
 * An atomic's sectors are its passes (rules_atomic): lanes on one address
 * serialise, so a warp on one float costs 32 where a load costs 1; graded
 * against the sectors a coalesced access needs, as a load is.
 */
static void
atomic_passes(const struct access *a, struct access_result *r)
{
	rules_atomic(a->addr, a->active, a->nlanes, &r->a);
	r->g.sectors = r->a.sectors;
	if (r->a.sectors > 2 * r->g.need)
		r->g.class = RULES_UNCOALESCED;
	else if (r->a.sectors > r->g.need)
		r->g.class = RULES_SPLIT;
	else if (r->a.sectors == r->g.need && r->g.class == RULES_BROADCAST)
		r->g.class = RULES_COALESCED;
}

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
	if (s->op == OP_ATOMIC)
		atomic_passes(a, r);
}

static void
global_legacy(const struct launch_site *s, const struct access *a,
    struct access_result *r)
{
	/* The sector counts stay available for comparison. */
	global_modern(s, a, r);
	rules_legacy(a->addr, a->active, a->nlanes, s->size, &r->l);
}

static void
global_cc10(const struct launch_site *s, const struct access *a,
    struct access_result *r)
{
	global_modern(s, a, r);
	rules_cc10(a->addr, a->active, a->nlanes, s->size, &r->l);
}

static void
global_cc20(const struct launch_site *s, const struct access *a,
    struct access_result *r)
{
	global_modern(s, a, r);
	rules_cc20(a->addr, a->active, a->nlanes, s->size, &r->l);
}

static const struct arch_ops arch_table[ARCH_COUNT] = {
	[ARCH_MODERN] = { .name = "modern", .unit = "32-byte sectors",
	    .next = ARCH_CC20, .global = global_modern },
	[ARCH_CC20] = { .name = "cc2.0", .unit = "128-byte L1 lines (cc 2.x)",
	    .next = ARCH_LEGACY, .global = global_cc20 },
	[ARCH_LEGACY] = { .name = "cc1.2",
	    .unit = "half-warp segments (cc 1.2/1.3)", .next = ARCH_CC10,
	    .global = global_legacy },
	[ARCH_CC10] = { .name = "cc1.0",
	    .unit = "half-warp transactions (cc 1.0/1.1)", .next = ARCH_MODERN,
	    .global = global_cc10 },
};

int
arch_parse(const char *s)
{
	size_t	i;

	for (i = 0; i < sizeof arch_table / sizeof arch_table[0]; i++)
		if (strcmp(s, arch_table[i].name) == 0)
			return (int)i;
	/* The name of 0.2.0 and before. */
	if (strcmp(s, "legacy") == 0)
		return ARCH_LEGACY;
	return -1;
}

const char *
arch_name(enum arch a)
{
	return arch_table[a].name;
}

const char *
arch_op_name(enum mem_op op)
{
	return op == OP_LOAD ? "load" : op == OP_STORE ? "store" : "atomic";
}

const char *
arch_space_name(enum mem_space s)
{
	switch (s) {
	case SPACE_SHARED:
		return "shared";
	case SPACE_CONSTANT:
		return "constant";
	case SPACE_LOCAL:
		return "local";
	case SPACE_TEXTURE:
		return "texture";
	default:
		return "global";
	}
}

int
arch_sectored(enum mem_space s)
{
	return s == SPACE_GLOBAL || s == SPACE_LOCAL;
}

const char *
arch_names(void)
{
	return "modern, cc2.0, cc1.2 (or legacy), cc1.0";
}

enum arch
arch_next(enum arch a)
{
	return arch_table[a].next;
}

int
arch_transactions(enum arch a)
{
	return a != ARCH_MODERN;
}

const char *
arch_unit(enum arch a)
{
	return arch_table[a].unit;
}

size_t
arch_suffix(const char *entry, size_t len, int *arch)
{
	char	name[16];
	size_t	at;

	*arch = -1;
	for (at = len; at > 0 && entry[at - 1] != '@'; at--)
		/* nothing */;
	if (at < 2 || len - at >= sizeof name)
		return len;
	memcpy(name, entry + at, len - at);
	name[len - at] = '\0';
	if ((*arch = arch_parse(name)) < 0)
		return len;
	return at - 1;
}

int
arch_period_128(enum arch a, int size)
{
	/* A coalesced cc 1.0 half-warp of 16-byte words starts 256-aligned. */
	return !(a == ARCH_CC10 && size == 16);
}

/* A texture fetch: texel (x, y) = element y x cols + x of a 2D texture
   (the reader keeps coordinates inside, see ksrc-access.c), or a 1D fetch
   at byte addresses.  The same under every architecture model. */
static void
arch_texture(const struct launch *l, const struct access *a,
    struct access_result *r)
{
	const struct launch_site	*s = &l->sites[a->site];
	const struct launch_array	*arr = &l->arrays[s->array];
	int64_t				 x[RULES_MAX_LANES], y[RULES_MAX_LANES];
	int				 i;

	if (arr->def->dims[0] == NULL || arr->cols <= 0) {
		rules_texture_1d(a->addr, a->active, a->nlanes, s->size,
		    &r->t);
		return;
	}
	for (i = 0; i < a->nlanes; i++) {
		x[i] = a->index[i] % arr->cols;
		y[i] = a->index[i] / arr->cols;
	}
	rules_texture_2d(x, y, a->active, a->nlanes, s->size, arr->cols,
	    arr->rows, &r->t);
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
	case SPACE_LOCAL:
		arch_table[arch].global(s, a, r);
		break;
	case SPACE_SHARED:
		rules_shared(a->addr, a->active, a->nlanes, s->size,
		    s->op == OP_LOAD, &r->s);
		break;
	case SPACE_CONSTANT:
		rules_constant(a->addr, a->active, a->nlanes, &r->c);
		break;
	case SPACE_TEXTURE:
		arch_texture(l, a, r);
		break;
	}
}
