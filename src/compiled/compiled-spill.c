/* SPDX-License-Identifier: ISC
 * compiled-spill.c - the spills of a SASS listing counted as the model
 * counts a site (compiled.h).  A spill is a local load or store (LDL,
 * STL) that no site of the source owns: ptxas keeping registers in the
 * thread's local frame.  How often one runs comes from the listing's
 * control flow: a backward branch makes a loop (target to branch), tied
 * to the source loop whose lines most of its instructions carry; an
 * instruction in it runs once per iteration of that source loop, one
 * outside every loop once per warp.  A forward branch is followed only
 * where it is a loop's guard (its target just past the loop: what lies
 * between runs when the loop runs at least once) or skips a whole loop
 * (the source loop's sites carry that condition); anything else, a loop
 * the source does not have, or a loop unrolled (its sites' instructions
 * say so), is refused with a note, never guessed.
 *
 * Counting reuses the launch: a word site of a local array added to the
 * body where the instructions run (the top, or first in the tied loop),
 * every lane at the same word of its frame (the interleaved layout:
 * lane l's word w at (warp x w + l) x 4), so partial warps, guards and
 * per-thread loop bounds are the model's.  A w-byte instruction is w/4
 * such words (as the H100 counts a 16-byte local access: 4 requests).
 * Units: instruction indices of the listing (isa_insn.pos), launch loop
 * indices, bytes.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "compiled.h"
#include "xmalloc.h"

#define SPILL_ARRAY	"__warpviz_spill"
#define SPILL_INDEX	"(threadIdx.y * blockDim.x + threadIdx.x)"
#define SPILL_WORDS \
	"((blockDim.x * blockDim.y + warp - 1) / warp * warp)"
#define SPILL_DEPTH	64	/* loops and ifs open at once */
#define SPILL_WORK	((int64_t)1 << 28)	/* steps of following the
					   listing's branches */

/* A source loop: its lines and the loop around it (-1 none). */
struct spill_src {
	int	line, last, parent;
};

struct spill_ctx {
	const struct launch	*l;
	const struct isa_func	*f;
	const int		*owner;
	const struct compiled	*c;
	struct spill_src	 src[VARIANT_MAX_LOOPS];
	int			*tie;		/* per listing loop */
	char			*fine;		/* per listing loop:
						   checked */
	int			*inner;		/* per instruction:
						   its innermost listing
						   loop, -1 none */
	char			*why;		/* the refusal: the
						   compiled's spill_note */
};

/* The source's loops in the launch's order; -1 when their lines are not
   known (a catalog body) or do not line up with the launch's. */
static int
spill_sources(const struct launch *l, struct spill_src *src)
{
	const struct variant	*v = l->v;
	const struct body_def	*b;
	int			 stack[SPILL_DEPTH], depth = 0, n = 0, i, k;

	if (v->xbody == NULL)
		return -1;
	for (i = 0; i < v->nxbody; i++) {
		b = &v->xbody[i];
		if (b->kind == BODY_FOR || b->kind == BODY_LOOP) {
			if (n == VARIANT_MAX_LOOPS || depth == SPILL_DEPTH)
				return -1;
			src[n].line = b->line;
			src[n].last = b->last;
			src[n].parent = -1;
			for (k = depth - 1; k >= 0; k--)
				if (stack[k] >= 0) {
					src[n].parent = stack[k];
					break;
				}
			stack[depth++] = n++;
		} else if (b->kind == BODY_IF) {
			if (depth == SPILL_DEPTH)
				return -1;
			stack[depth++] = -1;
		} else if (b->kind == BODY_END && depth > 0)
			depth--;
	}
	if (n != l->nloops)
		return -1;
	for (k = 0; k < n; k++)
		if (src[k].line != l->loops[k].line || src[k].line <= 0 ||
		    src[k].last < src[k].line)
			return -1;
	return 0;
}

/* The innermost source loop holding line, or -1. */
static int
spill_source_of(const struct spill_ctx *x, int line)
{
	int	k, best = -1;

	for (k = 0; k < x->l->nloops; k++)
		if (x->src[k].line <= line && line <= x->src[k].last &&
		    (best < 0 || x->src[k].line >= x->src[best].line))
			best = k;
	return best;
}

/* x->inner[] of every instruction (the smallest loop holding it). */
static void
spill_inner(struct spill_ctx *x)
{
	const struct isa_func	*f = x->f;
	const struct isa_range	*r;
	int			 j, p, o;

	for (p = 0; p < f->total; p++)
		x->inner[p] = -1;
	for (j = 0; j < f->nloops; j++) {
		r = &f->loops[j];
		for (p = r->first; p <= r->last && p < f->total; p++) {
			o = x->inner[p];
			if (o < 0 || r->last - r->first < f->loops[o].last -
			    f->loops[o].first)
				x->inner[p] = j;
		}
	}
}

/* Tie each loop of the listing to the source loop most of its own lines
   (not those of loops nested in it, which an inner loop's body would
   outvote) are in; -1: most are in none. */
static void
spill_tie(struct spill_ctx *x)
{
	const struct isa_func	*f = x->f;
	int			 votes[VARIANT_MAX_LOOPS + 1], j, p, k, best;

	for (j = 0; j < f->nloops; j++) {
		memset(votes, 0, sizeof votes);
		for (p = f->loops[j].first; p <= f->loops[j].last &&
		    p < f->total; p++)
			if (f->lineat[p] > 0 && x->inner[p] == j)
				votes[spill_source_of(x, f->lineat[p]) + 1]++;
		for (best = 0, k = 1; k <= x->l->nloops; k++)
			if (votes[k] > votes[best])
				best = k;
		x->tie[j] = best - 1;
	}
}

static int
spill_holds(const struct isa_range *r, int p)
{
	return r->first <= p && p <= r->last;
}

/*
 * Whether the forward branches over p are followed: each skips a whole
 * loop holding p, or is the guard of a loop p comes just before (*ahead
 * gets that loop's source loop).  0, or -1 with x->why.
 */
static int
spill_skips(struct spill_ctx *x, int p, int line, int *ahead)
{
	const struct isa_func	*f = x->f;
	const struct isa_range	*s, *g;
	int			 i, j, ok;

	for (i = 0; i < f->nskips; i++) {
		s = &f->skips[i];
		if (!(s->first < p && p < s->last))
			continue;
		for (ok = 0, j = 0; j < f->nloops && !ok; j++) {
			g = &f->loops[j];
			if (spill_holds(g, p) && s->first < g->first &&
			    s->last > g->last)
				ok = 1;
			else if (p < g->first && s->first < g->first &&
			    g->last + 1 == s->last && x->tie[j] >= 0 &&
			    !x->l->loops[x->tie[j]].bounded) {
				*ahead = x->tie[j];
				ok = 1;
			}
		}
		if (!ok) {
			snprintf(x->why, sizeof x->c->spill_note, "a spill "
			    "of line %d runs only where the branch (or exit) "
			    "at instruction %d says, which the model does not "
			    "follow", line, s->first);
			return -1;
		}
	}
	return 0;
}

/* Iterations of loop j per iteration of its source loop b as its sites'
   instructions show (1: not unrolled), 0 when none shows, -1 when they
   disagree. */
static int
spill_unroll(const struct spill_ctx *x, int j, int b)
{
	const struct launch_site	*s;
	const struct compiled_site	*cs;
	int				 n[LAUNCH_MAX_SITES] = { 0 };
	int				 si, k, u, all = 0;

	for (k = 0; k < x->f->ninsn; k++)
		if (x->owner[k] >= 0 && x->owner[k] < LAUNCH_MAX_SITES &&
		    spill_holds(&x->f->loops[j], x->f->insn[k].pos))
			n[x->owner[k]]++;
	for (si = 0; si < x->l->nsites; si++) {
		s = &x->l->sites[si];
		cs = &x->c->site[si];
		if (s->nloops == 0 || s->loop[s->nloops - 1] != b ||
		    n[si] == 0 || (cs->how != COMPILED_SAME &&
		    cs->how != COMPILED_SPLIT && cs->how != COMPILED_VECTOR &&
		    cs->how != COMPILED_WIDE))
			continue;
		if (cs->how == COMPILED_VECTOR)
			u = n[si] * cs->iters;
		else
			u = cs->parts > 0 && n[si] % cs->parts == 0 ?
			    n[si] / cs->parts : -1;
		if (u < 0 || (all != 0 && u != all))
			return -1;
		all = u;
	}
	return all;
}

/* Whether source loop a is b or holds it. */
static int
spill_within(const struct spill_ctx *x, int b, int a)
{
	for (; b >= 0; b = x->src[b].parent)
		if (b == a)
			return 1;
	return 0;
}

/* The source loop whose iterations run the instruction at p (-1: once
   per warp).  0, or -1 with x->why. */
static int
spill_loop(struct spill_ctx *x, int p, int line, int *loop)
{
	const struct isa_func	*f = x->f;
	int			 j, i, b, u;

	*loop = -1;
	if ((j = x->inner[p]) < 0)
		return 0;
	if (x->fine[j]) {
		*loop = x->tie[j];
		return 0;
	}
	if ((b = x->tie[j]) < 0) {
		snprintf(x->why, sizeof x->c->spill_note, "a spill of line "
		    "%d is in a loop of the listing (instructions %d-%d) "
		    "whose lines are in no loop of the source", line,
		    f->loops[j].first, f->loops[j].last);
		return -1;
	}
	for (i = 0; i < f->nloops; i++) {
		if (i == j || (x->tie[i] != b && (!spill_holds(&f->loops[i],
		    p) || spill_within(x, b, x->tie[i]))))
			continue;
		snprintf(x->why, sizeof x->c->spill_note, "the loop of line "
		    "%d is not one loop of the listing (unrolled, or split): "
		    "its spills' count is not known", x->src[b].line);
		return -1;
	}
	if ((u = spill_unroll(x, j, b)) != 1) {
		snprintf(x->why, sizeof x->c->spill_note, u == 0 ? "no "
		    "access of the loop of line %d is in its loop of the "
		    "listing to tell how often that runs" : "the loop of "
		    "line %d is unrolled in the listing", x->src[b].line);
		return -1;
	}
	x->fine[j] = 1;
	*loop = b;
	return 0;
}

/* Add the instruction to its group (line, direction, width, place). */
static int
spill_group(struct compiled *c, const struct isa_insn *in, int loop,
    int ahead)
{
	struct compiled_spill	*g;
	int			 i;

	for (i = 0; i < c->nspill; i++) {
		g = &c->spill[i];
		if (g->line == in->line && g->store == in->store &&
		    g->width == in->width && g->loop == loop &&
		    g->ahead == ahead) {
			g->ninsn++;
			return 0;
		}
	}
	if (c->nspill == COMPILED_MAX_SPILLS)
		return -1;
	g = &c->spill[c->nspill++];
	g->line = in->line;
	g->store = in->store;
	g->width = in->width;
	snprintf(g->mnem, sizeof g->mnem, "%s", in->mnem);
	g->ninsn = 1;
	g->loop = loop;
	g->ahead = ahead;
	return 0;
}

/* Whether the launch has room for the spills' array and their sites
   (one at the top and one per loop they run in): 0, or -1 with a note. */
static int
spill_room(const struct launch *l, struct compiled *c)
{
	char	need[VARIANT_MAX_LOOPS + 1] = { 0 };
	int	i, n = 0, a;

	for (i = 0; i < c->nspill; i++)
		if (!need[c->spill[i].loop + 1]) {
			need[c->spill[i].loop + 1] = 1;
			n++;
		}
	for (a = 0; a < VARIANT_MAX_ARRAYS && l->v->arrays[a].name != NULL;
	    a++)
		;
	if (a < VARIANT_MAX_ARRAYS && l->nsites + n <= LAUNCH_MAX_SITES)
		return 0;
	snprintf(c->spill_note, sizeof c->spill_note, "the kernel's %d "
	    "arrays and %d sites leave no room for its spills' frame and "
	    "%d sites", l->narrays, l->nsites, n);
	return -1;
}

void
compiled_spill_find(const struct launch *l, const struct isa_func *f,
    const char *taken, const int *owner, struct compiled *c)
{
	struct spill_ctx	 x;
	const struct isa_insn	*in;
	int			 k, loop, ahead, rc = 0;

	c->nspill = c->spill_insns = 0;
	c->spill_note[0] = '\0';
	for (k = 0; k < f->ninsn; k++)
		if (f->insn[k].space == ISA_LOCAL && !taken[k])
			c->spill_insns++;
	if (c->spill_insns == 0)
		return;
	memset(&x, 0, sizeof x);
	x.l = l;
	x.f = f;
	x.owner = owner;
	x.c = c;
	x.why = c->spill_note;
	if (spill_sources(l, x.src) != 0) {
		snprintf(c->spill_note, sizeof c->spill_note, "the source's "
		    "loops have no lines to tie the listing's loops to");
		return;
	}
	/* Bounded work whatever the listing: the loops are walked over
	   the instructions once, each spill over the loops and skips. */
	if ((int64_t)f->nloops * f->total > SPILL_WORK ||
	    (int64_t)c->spill_insns * (f->nloops + 1) * (f->nskips + 1) >
	    SPILL_WORK) {
		snprintf(c->spill_note, sizeof c->spill_note, "%d loops and "
		    "%d forward branches are more than it follows",
		    f->nloops, f->nskips);
		return;
	}
	x.tie = xreallocarray(NULL, f->nloops > 0 ? f->nloops : 1,
	    sizeof *x.tie);
	x.fine = xcalloc(f->nloops > 0 ? f->nloops : 1, 1);
	x.inner = xreallocarray(NULL, f->total > 0 ? f->total : 1,
	    sizeof *x.inner);
	spill_inner(&x);
	spill_tie(&x);
	for (k = 0; k < f->ninsn && rc == 0; k++) {
		in = &f->insn[k];
		if (in->space != ISA_LOCAL || taken[k])
			continue;
		ahead = -1;
		if (in->width != 4 && in->width != 8 && in->width != 16) {
			snprintf(c->spill_note, sizeof c->spill_note, "a "
			    "%d-byte %s on line %d is not a whole number of "
			    "words", in->width, in->mnem, in->line);
			rc = -1;
		} else if ((rc = spill_skips(&x, in->pos, in->line,
		    &ahead)) == 0 &&
		    (rc = spill_loop(&x, in->pos, in->line, &loop)) == 0 &&
		    (rc = spill_group(c, in, loop, ahead)) != 0)
			snprintf(c->spill_note, sizeof c->spill_note, "more "
			    "than %d kinds of spill", COMPILED_MAX_SPILLS);
	}
	if (rc == 0)
		rc = spill_room(l, c);
	if (rc != 0)
		c->nspill = 0;
	free(x.tie);
	free(x.fine);
	free(x.inner);
}

/* x *= by, for each count of t: 0, or -1 when one overflows. */
static int
spill_scale(struct site_totals *t, int64_t by)
{
	int64_t	*v = (int64_t *)t;
	size_t	 i;

	for (i = 0; i < sizeof *t / sizeof *v; i++)
		if (__builtin_mul_overflow(v[i], by, &v[i]))
			return -1;
	return 0;
}

/*
 * The body of l with a word site of the spill array at the top (need[0])
 * and first in each loop k with need[k + 1]; def[] gets each one's entry.
 * The caller frees the body.
 */
static struct body_def *
spill_body(const struct variant *v, const char *need,
    const struct body_def **def)
{
	static const struct body_def	 site = { .kind = BODY_SITE,
	    .text = "spills", .op = OP_LOAD,
	    .expr = SPILL_ARRAY "[" SPILL_INDEX "]" };
	struct body_def			*xb;
	int				 i, o = 0, k = 0;

	xb = xreallocarray(NULL, v->nxbody + VARIANT_MAX_LOOPS + 1,
	    sizeof *xb);
	if (need[0]) {
		xb[o] = site;
		def[0] = &xb[o++];
	}
	for (i = 0; i < v->nxbody; i++) {
		xb[o++] = v->xbody[i];
		if (v->xbody[i].kind != BODY_FOR &&
		    v->xbody[i].kind != BODY_LOOP)
			continue;
		if (k < VARIANT_MAX_LOOPS && need[k + 1]) {
			xb[o] = site;
			def[k + 1] = &xb[o++];
		}
		k++;
	}
	return xb;
}

int
compiled_spill_totals(const struct launch *l, enum arch arch,
    const struct compiled *c, struct site_totals *per, char **cause)
{
	const struct body_def	*def[VARIANT_MAX_LOOPS + 1] = { NULL };
	const struct compiled_spill *g;
	char			 need[VARIANT_MAX_LOOPS + 1] = { 0 };
	int			 site[VARIANT_MAX_LOOPS + 1];
	struct variant		 v2;
	struct param_set	 ps;
	struct launch		 l2;
	struct totals		*t;
	int			 i, a, rc;

	if (c->nspill == 0)
		return 0;
	for (a = 0; a < VARIANT_MAX_ARRAYS && l->v->arrays[a].name != NULL;
	    a++)
		;
	if (l->v->xbody == NULL || a == VARIANT_MAX_ARRAYS) {
		*cause = cause_printf("%s: no room to count its spills",
		    l->v->name);
		return -1;
	}
	for (i = 0; i < c->nspill; i++)
		need[c->spill[i].loop + 1] = 1;
	v2 = *l->v;
	v2.arrays[a].name = SPILL_ARRAY;
	v2.arrays[a].space = SPACE_LOCAL;
	v2.arrays[a].elem_size = 4;
	v2.arrays[a].length = SPILL_WORDS;
	v2.arrays[a].type = "spill";
	v2.xbody = spill_body(l->v, need, def);
	for (i = 0; i <= VARIANT_MAX_LOOPS; i++)
		if (need[i])
			v2.nxbody++;
	ps = l->ps;
	ps.v = &v2;
	for (i = 0; i <= VARIANT_MAX_LOOPS; i++)
		site[i] = -1;
	t = xcalloc(1, sizeof *t);
	if ((rc = launch_init(&l2, &ps, cause)) == 0) {
		for (i = 0; i < l2.nsites; i++)
			for (a = 0; a <= VARIANT_MAX_LOOPS; a++)
				if (def[a] != NULL && l2.sites[i].def == def[a])
					site[a] = i;
		rc = totals_compute(&l2, arch, TOTALS_AUTO, t, cause);
		launch_free(&l2);
	}
	for (i = 0; i < c->nspill && rc == 0; i++) {
		g = &c->spill[i];
		if (site[g->loop + 1] < 0) {
			*cause = cause_printf("%s: its spills' site was not "
			    "made", l->v->name);
			rc = -1;
			break;
		}
		per[i] = t->site[site[g->loop + 1]];
		if (g->ahead >= 0 && l->loops[g->ahead].count == 0)
			memset(&per[i], 0, sizeof per[i]);
		if (spill_scale(&per[i], (int64_t)g->width / 4 *
		    g->ninsn) != 0) {
			*cause = cause_printf("%s: its spills are too many to "
			    "count", l->v->name);
			rc = -1;
		}
	}
	free(t);
	free((void *)v2.xbody);
	return rc;
}

/* Append the mnemonic m to list[0..len) unless it is there ("LDL/LDL.LU"). */
static void
spill_mnem(char *list, size_t len, const char *m)
{
	const char	*p;
	size_t		 n = strlen(m), have = strlen(list);

	for (p = list; (p = strstr(p, m)) != NULL; p += n)
		if ((p == list || p[-1] == '/') && (p[n] == '\0' ||
		    p[n] == '/'))
			return;
	snprintf(list + have, len - have, "%s%s", have ? "/" : "", m);
}

void
compiled_spill_per(const struct launch *l, const struct compiled *c,
    int store, char *buf, size_t len)
{
	const struct compiled_spill	*g;
	char				 mn[64] = "";
	int				 per[VARIANT_MAX_LOOPS + 1] = { 0 };
	int				 i, k, n = 0;
	size_t				 at;

	buf[0] = '\0';
	for (i = 0; i < c->nspill; i++) {
		g = &c->spill[i];
		if (g->store != store)
			continue;
		spill_mnem(mn, sizeof mn, g->mnem);
		per[g->loop + 1] += g->ninsn;
		n += g->ninsn;
	}
	if (n == 0)
		return;
	snprintf(buf, len, "%s: %d instruction%s", mn, n, n == 1 ? "" : "s");
	for (k = 0; k <= l->nloops && k <= VARIANT_MAX_LOOPS; k++) {
		if (per[k] == 0)
			continue;
		at = strlen(buf);
		if (k == 0)
			snprintf(buf + at, len - at, ", %d once a warp",
			    per[k]);
		else
			snprintf(buf + at, len - at, ", %d each %s (line %d)",
			    per[k], l->loops[k - 1].var != NULL ?
			    l->loops[k - 1].var : "iteration",
			    l->loops[k - 1].line);
	}
}
