/* SPDX-License-Identifier: ISC
 * compiled.c - sites matched to their instructions, and the totals as
 * compiled (compiled.h).  A site's instructions are those of its source
 * line, its space and its direction; where several sites share all three
 * (Mds[ty][k] and Nds[k][tx] on one line) the instructions are told apart
 * by their address base and the stride of their immediate offsets, which
 * the site's index gives (the innermost loop's coefficient times the
 * element size; times the iterations covered for a wide instruction).
 * The counting as compiled is compiled-totals.c's.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "compiled.h"
#include "compiled-int.h"
#include "warp.h"
#include "xmalloc.h"

#define MAX_CAND	512	/* instructions of one line, space, op */
#define MAX_NEST	4096	/* iterations of an unrolled nest followed */

const char *
compiled_how_name(enum compiled_how h)
{
	static const char *const names[] = { "written", "same", "vector",
	    "split", "registers", "wide", "merged", "reused" };

	return names[h];
}

static int
space_fits(enum mem_space s, enum isa_space i)
{
	switch (s) {
	case SPACE_GLOBAL:
		return i == ISA_GLOBAL || i == ISA_TEXTURE;
	case SPACE_SHARED:
		return i == ISA_SHARED;
	case SPACE_LOCAL:
		return i == ISA_LOCAL;
	case SPACE_CONSTANT:
		return i == ISA_CONST;
	case SPACE_TEXTURE:
		return i == ISA_TEXTURE;
	}
	return 0;
}

static int
same_key(const struct launch_site *a, const struct launch_site *b)
{
	return a->line == b->line && a->space == b->space && a->op == b->op;
}

/* Site si's first step: every loop around it at its first iteration;
   -1 when no node holds it. */
int64_t
compiled_first_step(const struct launch *l, int si)
{
	const struct launch_node	*nd;
	int64_t				 step = 0;
	int				 c = 0, end = l->nnodes, me;

	for (me = 0; me < l->nnodes && l->nodes[me].site != si; me++)
		;
	if (me == l->nnodes)
		return -1;
	while (c < end) {
		nd = &l->nodes[c];
		if (c == me)
			return step;
		if (nd->site < 0 && me > c && me < nd->next) {
			end = nd->next;
			c++;
			continue;
		}
		step += nd->steps;
		c = nd->next;
	}
	return -1;
}

/* The byte distance *d lane by lane between site si's accesses at steps
   a and b of the warps of block 0 (the first and the last): 0, or -1
   where it differs between lanes or no lane runs both. */
static int
step_distance(const struct launch *l, int si, int64_t a, int64_t b,
    int64_t *d)
{
	struct access	*x, *y;
	int		 w, lane, seen = 0, ok = 1;
	uint32_t	 both;
	char		*cause = NULL;

	*d = 0;
	x = xcalloc(2, sizeof *x);
	y = x + 1;
	for (w = 0; w < l->warps && ok; w += l->warps > 1 ? l->warps - 1 : 1) {
		if (warp_access(l, 0, 0, w, a, x, &cause) != 0 ||
		    warp_access(l, 0, 0, w, b, y, &cause) != 0 ||
		    x->site != si || y->site != si) {
			ok = 0;
			break;
		}
		both = x->active & y->active;
		for (lane = 0; lane < l->warp_size; lane++) {
			if ((both & (1u << lane)) == 0)
				continue;
			if (seen++ == 0)
				*d = y->addr[lane] - x->addr[lane];
			else if (y->addr[lane] - x->addr[lane] != *d)
				ok = 0;
		}
	}
	free(cause);
	free(x);
	return ok && seen > 0 ? 0 : -1;
}

/* The steps one iteration of launch loop j takes, or 0. */
static int64_t
loop_inner(const struct launch *l, int j)
{
	int	c;

	for (c = 0; c < l->nnodes; c++)
		if (l->nodes[c].site < 0 && l->nodes[c].loop == j)
			return l->nodes[c].inner;
	return 0;
}

/*
 * The byte stride of site si per iteration of its enclosing loop `level`
 * out from the innermost (0), signed; 0 when there is none or it is not
 * one number.  An affine index says it exactly; another (threadIdx.x /
 * 32 in it) is measured: the lanes' addresses at the loop's first and
 * second iterations, and at its last two, in the first and last warps
 * of block 0, all one distance apart.
 */
static int64_t
site_stride(const struct launch *l, int si, int level)
{
	const struct launch_site	*s = &l->sites[si];
	const struct launch_loop	*lp;
	int64_t				 s0, inner, d, d2;
	int				 j;

	if (level < 0 || level >= s->nloops)
		return 0;
	j = s->loop[s->nloops - 1 - level];
	if (s->affine)
		return s->aff.k[VAR_LOOP0 + j] *
		    l->arrays[s->array].def->elem_size;
	lp = &l->loops[j];
	if (lp->values != NULL || lp->count < 2 ||
	    (s0 = compiled_first_step(l, si)) < 0 ||
	    (inner = loop_inner(l, j)) <= 0)
		return 0;
	if (step_distance(l, si, s0, s0 + inner, &d) != 0)
		return 0;
	if (lp->count > 2 && (step_distance(l, si, s0 + (lp->count - 2) *
	    inner, s0 + (lp->count - 1) * inner, &d2) != 0 || d2 != d))
		return 0;
	return d;
}

/* The innermost loop around site si whose every iteration moves the
   access by +size bytes (the one a wider instruction covers), as a
   level for site_stride, or -1. */
static int
unit_level(const struct launch *l, int si)
{
	const struct launch_site	*s = &l->sites[si];
	int				 level;

	for (level = 0; level < s->nloops; level++)
		if (site_stride(l, si, level) == s->size)
			return level;
	return -1;
}

/*
 * Where every loop around site si is unrolled, the compiler may read an
 * element once for all the iterations that read it (a convolution's
 * taps kept in registers across its outputs).  *rel (allocated): the
 * steps after the site's first of the first iteration of the nest to
 * reach each distinct distance from the first access; returns how many,
 * with *all the nest's iterations, or -1 where a distance is not one
 * number for every lane (what an iteration reads is then not just
 * another place of the same pattern) or the nest is not a plain one.
 */
int
compiled_distinct_steps(const struct launch *l, int si, int64_t **rel,
    int *all)
{
	const struct launch_site	*s = &l->sites[si];
	const struct launch_loop	*lp;
	int64_t				 s0, inner[VARIANT_MAX_LOOPS], off, d;
	int64_t				*seen;
	int				 n = 0, t, x, j, k;

	*rel = NULL;
	*all = 1;
	if (s->nloops == 0 || (s0 = compiled_first_step(l, si)) < 0)
		return -1;
	for (j = 0; j < s->nloops; j++) {
		lp = &l->loops[s->loop[j]];
		if (lp->values != NULL || lp->bounded || lp->count < 1 ||
		    lp->count > MAX_NEST / *all ||
		    (inner[j] = loop_inner(l, s->loop[j])) <= 0)
			return -1;
		*all *= (int)lp->count;
	}
	*rel = xreallocarray(NULL, *all, sizeof **rel);
	seen = xreallocarray(NULL, *all, sizeof *seen);
	for (t = 0; t < *all && n >= 0; t++) {
		for (off = 0, x = t, j = s->nloops - 1; j >= 0; j--) {
			lp = &l->loops[s->loop[j]];
			off += (x % lp->count) * inner[j];
			x /= (int)lp->count;
		}
		if (step_distance(l, si, s0, s0 + off, &d) != 0) {
			n = -1;
			break;
		}
		for (k = 0; k < n && seen[k] != d; k++)
			;
		if (k == n) {
			(*rel)[n] = off;
			seen[n++] = d;
		}
	}
	free(seen);
	return n;
}

/* Whether site si's n instructions (mine) are one for each distinct
   element its unrolled nest reads, fewer than its accesses (*all). */
static int
reused(const struct launch *l, int si, const struct isa_func *f,
    const int *mine, int n, int *all)
{
	int64_t	*rel;
	int	 d, i;

	*all = 0;
	for (i = 0; i < n; i++)
		if (f->insn[mine[i]].depth != 0 ||
		    f->insn[mine[i]].width != l->sites[si].size)
			return 0;
	d = compiled_distinct_steps(l, si, &rel, all);
	free(rel);
	return d > 0 && d == n && d < *all;
}

/* The smallest positive step between the offsets of series `base`. */
static int64_t
series_step(const struct isa_func *f, const int *cand, int n,
    const char *base, int *width)
{
	int64_t	step = 0, d;
	int	i, j;

	for (i = 0; i < n; i++) {
		if (strcmp(f->insn[cand[i]].base, base) != 0)
			continue;
		*width = f->insn[cand[i]].width;
		for (j = 0; j < n; j++) {
			if (strcmp(f->insn[cand[j]].base, base) != 0)
				continue;
			d = f->insn[cand[j]].offset - f->insn[cand[i]].offset;
			if (d > 0 && (step == 0 || d < step))
				step = d;
		}
	}
	return step;
}

/* Whether a series of instructions of width w stepping by step can be
   site s's. */
static int
series_fits(const struct launch *l, int si, int64_t step, int w)
{
	const struct launch_site	*s = &l->sites[si];
	int64_t				 stride = site_stride(l, si, 0);

	if (step == 0)
		return 1;
	if (w > s->size)
		return s->size > 0 && unit_level(l, si) >= 0 &&
		    step % w == 0;
	if (stride < 0)
		stride = -stride;
	return stride != 0 && step % stride == 0;
}

/*
 * The sites of one (line, space, op) group take its instructions: by
 * series of one address base where there are as many series as sites and
 * a consistent way to pair them (tried in every order of up to 4 sites),
 * else dealt in order of offset.  owner[i] gets the site of cand[i].
 */
static void
share(const struct launch *l, const int *sites, int ns, const struct
    isa_func *f, const int *cand, int nc, int *owner)
{
	const char	*base[4];
	int64_t		 step[4];
	int		 width[4], perm[4] = { 0, 1, 2, 3 }, nb = 0, i, j, p, ok;
	int		 tries, t, tmp;

	for (i = 0; i < nc && nb <= 4; i++) {
		for (j = 0; j < nb; j++)
			if (strcmp(base[j], f->insn[cand[i]].base) == 0)
				break;
		if (j == nb && nb++ < 4)
			base[j] = f->insn[cand[i]].base;
	}
	if (nb == ns && ns <= 4) {
		for (j = 0; j < nb; j++)
			step[j] = series_step(f, cand, nc, base[j], &width[j]);
		/* Every order of the sites: t read as a mixed-radix
		   number picks each one (ns! <= 24 tries). */
		for (tries = 1, t = 2; t <= ns; t++)
			tries *= t;
		for (t = 0; t < tries; t++) {
			for (j = 0; j < ns; j++)
				perm[j] = j;
			for (p = t, j = ns; j > 1; j--) {
				tmp = perm[j - 1];
				perm[j - 1] = perm[p % j];
				perm[p % j] = tmp;
				p /= j;
			}
			for (ok = 1, j = 0; j < ns && ok; j++)
				ok = series_fits(l, sites[perm[j]], step[j],
				    width[j]);
			if (ok)
				break;
		}
		if (t == tries)
			for (j = 0; j < ns; j++)
				perm[j] = j;
		for (i = 0; i < nc; i++)
			for (j = 0; j < nb; j++)
				if (strcmp(base[j], f->insn[cand[i]].base) == 0)
					owner[i] = sites[perm[j]];
		return;
	}
	/* Dealt by offset: a[i].x, a[i].y, a[i].z from one base. */
	for (i = 0; i < nc; i++) {
		for (p = 0, j = 0; j < nc; j++)
			if (f->insn[cand[j]].offset < f->insn[cand[i]].offset ||
			    (f->insn[cand[j]].offset ==
			    f->insn[cand[i]].offset && j < i))
				p++;
		owner[i] = sites[(int64_t)p * ns / nc];
	}
}

/* Decide how site si is compiled from the widths of its instructions. */
static void
decide(const struct launch *l, int si, const struct isa_func *f,
    const int *mine, int n, struct compiled_site *cs)
{
	const struct launch_site	*s = &l->sites[si];
	int				 counts[17] = { 0 }, w, best = 0, i;
	int				 level;
	char				 m[sizeof cs->mnem];

	cs->ninsn = n;
	cs->iters = cs->parts = 1;
	for (i = 0; i < n; i++)
		if (f->insn[mine[i]].width >= 1 && f->insn[mine[i]].width <= 16)
			counts[f->insn[mine[i]].width]++;
	for (w = 1; w <= 16; w++)
		if (counts[w] > 0 && counts[w] >= counts[best])
			best = w;
	cs->width = best;
	for (i = 0; i < n; i++)
		if (f->insn[mine[i]].width == best) {
			snprintf(cs->mnem, sizeof cs->mnem, "%s",
			    f->insn[mine[i]].mnem);
			break;
		}
	if (best == 0) {
		cs->how = COMPILED_WRITTEN;
		snprintf(cs->note, sizeof cs->note, "no instruction of a width "
		    "the rules know: counted as written");
		return;
	}
	if (best == s->size) {
		cs->how = reused(l, si, f, mine, n, &cs->nest) ?
		    COMPILED_REUSED : COMPILED_SAME;
		return;
	}
	if (best > s->size && s->size > 0 && best % s->size == 0 &&
	    s->space != SPACE_LOCAL && (level = unit_level(l, si)) >= 0) {
		cs->how = COMPILED_VECTOR;
		cs->iters = best / s->size;
		cs->loop = s->loop[s->nloops - 1 - level];
		return;
	}
	if (best < s->size && s->size % best == 0) {
		cs->how = COMPILED_SPLIT;
		cs->parts = s->size / best;
		return;
	}
	cs->how = COMPILED_WRITTEN;
	snprintf(m, sizeof m, "%s", cs->mnem);
	snprintf(cs->note, sizeof cs->note, "a %d-byte %s for a %d-byte "
	    "access is not understood: counted as written", best, m, s->size);
}

/* Whether sites a and b read the same element each time they run: one
   array and direction, one affine index, the same loops. */
static int
same_element(const struct launch_site *a, const struct launch_site *b)
{
	return a->array == b->array && a->space == b->space &&
	    a->op == b->op && a->affine && b->affine &&
	    memcmp(&a->aff, &b->aff, sizeof a->aff) == 0 &&
	    a->nloops == b->nloops && memcmp(a->loop, b->loop,
	    a->nloops * sizeof a->loop[0]) == 0;
}

/*
 * A site left with no instruction whose bytes another site's instruction
 * reads: the compiler read them once.  The same bytes on the same line
 * (a[i] *= a[i]: one load for both reads) or a wider instruction spanning
 * both (.x and .y of one float2 read by one ld.global.v2.f32, which alone
 * was not understood): the site is merged into that one, which counts at
 * its instruction's width.
 */
static void
merge(const struct launch *l, struct compiled *c)
{
	const struct launch_site	*sj, *sk;
	struct compiled_site		*cj, *ck;
	int				 j, k;

	for (j = 0; j < l->nsites; j++) {
		cj = &c->site[j];
		sj = &l->sites[j];
		if (cj->how != COMPILED_WRITTEN || cj->ninsn != 0 ||
		    sj->space == SPACE_LOCAL)
			continue;
		for (k = 0; k < l->nsites; k++) {
			ck = &c->site[k];
			sk = &l->sites[k];
			if (k == j || ck->ninsn == 0 || !same_element(sj, sk))
				continue;
			/* One line: a dead branch's a[i] elsewhere has
			   no instruction either, and reads nothing. */
			if (ck->how == COMPILED_SAME && sj->line == sk->line &&
			    sj->offset == sk->offset && sj->size == sk->size)
				break;
			if ((ck->how == COMPILED_WRITTEN ||
			    ck->how == COMPILED_WIDE) && ck->width > sk->size &&
			    sk->offset <= sj->offset && sj->offset + sj->size <=
			    sk->offset + ck->width) {
				ck->how = COMPILED_WIDE;
				ck->note[0] = '\0';
				break;
			}
		}
		if (k == l->nsites)
			continue;
		cj->how = COMPILED_MERGED;
		cj->with = k;
		cj->note[0] = '\0';
	}
}

int
compiled_match(const struct launch *l, const struct isa_func *f,
    struct compiled *c, char **cause)
{
	int	sites[LAUNCH_MAX_SITES], cand[MAX_CAND], owner[MAX_CAND];
	int	mine[MAX_CAND], done[LAUNCH_MAX_SITES] = { 0 };
	int	i, j, k, ns, nc, n, *whose;
	char	*taken;

	memset(c, 0, sizeof *c);
	c->kind = f->kind;
	c->nsites = l->nsites;
	if (f->lines == 0) {
		*cause = cause_printf("the %s of %s has no line information "
		    "(compile with -lineinfo)", isa_kind_name(f->kind),
		    f->name);
		return -1;
	}
	for (k = 0; k < f->ninsn; k++) {
		if (f->insn[k].space != ISA_LOCAL || f->insn[k].line <= 0)
			continue;
		for (j = 0; j < c->nlocal; j++)
			if (c->local_line[j] == f->insn[k].line)
				break;
		if (j == c->nlocal && c->nlocal < COMPILED_MAX_LOCAL)
			c->local_line[c->nlocal++] = f->insn[k].line;
	}
	taken = xcalloc(f->ninsn > 0 ? f->ninsn : 1, 1);
	whose = xreallocarray(NULL, f->ninsn > 0 ? f->ninsn : 1,
	    sizeof *whose);
	for (k = 0; k < f->ninsn; k++)
		whose[k] = -1;
	for (i = 0; i < l->nsites; i++) {
		if (done[i])
			continue;
		for (ns = 0, j = i; j < l->nsites; j++)
			if (same_key(&l->sites[i], &l->sites[j])) {
				sites[ns++] = j;
				done[j] = 1;
			}
		for (nc = 0, k = 0; k < f->ninsn && nc < MAX_CAND; k++)
			if (f->insn[k].line == l->sites[i].line &&
			    f->insn[k].store == (l->sites[i].op == OP_STORE) &&
			    space_fits(l->sites[i].space, f->insn[k].space))
				cand[nc++] = k;
		if (ns > 1)
			share(l, sites, ns, f, cand, nc, owner);
		else
			for (k = 0; k < nc; k++)
				owner[k] = i;
		for (k = 0; k < nc; k++) {
			taken[cand[k]] = 1;
			whose[cand[k]] = owner[k];
		}
		for (j = 0; j < ns; j++) {
			struct compiled_site *cs = &c->site[sites[j]];

			for (n = 0, k = 0; k < nc; k++)
				if (owner[k] == sites[j])
					mine[n++] = cand[k];
			if (n > 0) {
				decide(l, sites[j], f, mine, n, cs);
				continue;
			}
			cs->iters = cs->parts = 1;
			if (l->sites[i].space == SPACE_LOCAL) {
				cs->how = COMPILED_REGISTERS;
				snprintf(cs->note, sizeof cs->note, "no "
				    "local memory instruction on line %d: "
				    "kept in registers", l->sites[i].line);
			} else
				snprintf(cs->note, sizeof cs->note, "no %s "
				    "%s on line %d: counted as written",
				    arch_space_name(l->sites[i].space),
				    l->sites[i].op == OP_LOAD ? "load" :
				    "store", l->sites[i].line);
		}
	}
	merge(l, c);
	/* Spills are ptxas's: PTX has none (its local instructions are
	   arrays, counted as written where no site took them). */
	if (f->kind == ISA_SASS)
		compiled_spill_find(l, f, taken, whose, c);
	free(taken);
	free(whose);
	return 0;
}

void
compiled_per(const struct launch *l, const struct compiled *c, int si,
    char *buf, size_t len)
{
	const struct compiled_site	*cs = &c->site[si];

	switch (cs->how) {
	case COMPILED_SAME:
		snprintf(buf, len, "%s: 1 per access", cs->mnem);
		break;
	case COMPILED_VECTOR:
		snprintf(buf, len, "%s: 1 per %d %s", cs->mnem, cs->iters,
		    l->loops[cs->loop].var != NULL ? l->loops[cs->loop].var :
		    "iterations");
		break;
	case COMPILED_SPLIT:
		snprintf(buf, len, "%s: %d per access", cs->mnem, cs->parts);
		break;
	case COMPILED_REUSED:
		snprintf(buf, len, "%s: %d for %d accesses, each element once",
		    cs->mnem, cs->ninsn, cs->nest);
		break;
	case COMPILED_REGISTERS:
		snprintf(buf, len, "in registers: no instruction");
		break;
	case COMPILED_WIDE:
		snprintf(buf, len, "%s: 1 per access, %d bytes", cs->mnem,
		    cs->width);
		break;
	case COMPILED_MERGED:
		snprintf(buf, len, "no instruction: the %s of %s reads it",
		    c->site[cs->with].mnem, l->sites[cs->with].text);
		break;
	default:
		snprintf(buf, len, "as written");
		break;
	}
}
