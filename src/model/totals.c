/*
 * totals.c - exact whole-launch totals: fast residue path and brute force.
 * See totals.h for why the fast path is exact.  Must not print or exit.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "totals.h"
#include "warp.h"

#define RES		128		/* results repeat every 128 bytes */
#define MAX_TERMS	8
#define MAX_COMBOS	4096	/* values of the loops a guard reads */
#define BRUTE_LIMIT	4e9		/* lane evaluations */

static int64_t
mod128(int64_t v)
{
	int64_t	m = v % RES;

	return m < 0 ? m + RES : m;
}

void
totals_add(struct site_totals *t, enum arch arch,
    const struct access_result *r, int64_t n)
{
	if (r->active == 0)
		return;
	t->requests += n;
	t->lanes += n * r->active;
	switch (r->space) {
	case SPACE_GLOBAL:
		t->sectors += n * r->g.sectors;
		t->ideal += n * r->g.ideal;
		t->lines += n * r->g.lines;
		t->bytes_used += n * r->g.bytes_used;
		t->classes[r->g.class] += n;
		if (arch == ARCH_LEGACY) {
			t->transactions += n * r->l.transactions;
			t->bytes_moved += n * r->l.bytes_moved;
		} else {
			t->transactions += n * r->g.sectors;
			t->bytes_moved += n * r->g.sectors * RULES_SECTOR;
		}
		break;
	case SPACE_SHARED:
		t->wavefronts += n * r->s.wavefronts;
		t->ideal_wavefronts += n * r->s.ideal;
		break;
	case SPACE_CONSTANT:
		t->serial += n * r->c.serial;
		break;
	}
}

void
totals_merge(struct site_totals *a, const struct site_totals *b)
{
	int64_t		*x = (int64_t *)a;
	const int64_t	*y = (const int64_t *)b;
	size_t		 i;

	for (i = 0; i < sizeof *a / sizeof(int64_t); i++)
		x[i] += y[i];
}

static void
sum_kinds(const struct launch *l, struct totals *t)
{
	const struct launch_site	*s;
	struct site_totals		*k;
	int				 i;

	for (i = 0; i < l->nsites; i++) {
		s = &l->sites[i];
		if (s->space == SPACE_GLOBAL)
			k = s->op == OP_LOAD ? &t->global_load :
			    &t->global_store;
		else if (s->space == SPACE_SHARED)
			k = s->op == OP_LOAD ? &t->shared_load :
			    &t->shared_store;
		else
			k = &t->constant;
		totals_merge(k, &t->site[i]);
	}
}

double
totals_brute_work(const struct launch *l)
{
	return (double)l->grid[0] * l->grid[1] * l->warps * l->nsteps *
	    l->warp_size;
}

static int
brute(const struct launch *l, enum arch arch, const int *which,
    struct totals *t, char **cause)
{
	struct access		a;
	struct access_result	r;
	struct launch_pos	pos;
	int64_t			bx, by, step;
	int			w;

	for (by = 0; by < l->grid[1]; by++)
	for (bx = 0; bx < l->grid[0]; bx++)
	for (w = 0; w < l->warps; w++)
	for (step = 0; step < l->nsteps; step++) {
		launch_locate(l, step, &pos);
		if (!which[pos.site])
			continue;
		if (warp_access(l, bx, by, w, step, &a, cause) != 0)
			return -1;
		arch_apply(arch, l, &a, &r);
		totals_add(&t->site[a.site], arch, &r, 1);
	}
	return 0;
}

/* Residues of es*k*t mod 128 for t in [0, count): a histogram. */
static void
loop_hist(int64_t coef, int64_t count, int64_t *h)
{
	int64_t	step = mod128(coef), p, full, rem, t, r;

	memset(h, 0, RES * sizeof *h);
	/* The residues cycle with period 128 / gcd(step, 128). */
	for (p = 1, r = step; r != 0; p++)
		r = mod128(r + step);
	full = count / p;
	rem = count % p;
	for (t = 0, r = 0; t < p; t++, r = mod128(r + step))
		h[r] += full + (t < rem);
}

static void
convolve(const int64_t *a, const int64_t *b, int64_t *out)
{
	int64_t	tmp[RES];
	int	i, j;

	memset(tmp, 0, sizeof tmp);
	for (i = 0; i < RES; i++) {
		if (a[i] == 0)
			continue;
		for (j = 0; j < RES; j++)
			tmp[(i + j) % RES] += a[i] * b[j];
	}
	memcpy(out, tmp, sizeof tmp);
}

/* One (warp in block, mask) class and its residue histograms per site. */
struct cls {
	int		 warp;
	uint32_t	 mask;
	int64_t		*hist;		/* [nsites][RES] */
};

struct fast {
	const struct launch	*l;
	int			 nsites;
	struct cls		*cls;
	int			 ncls, acls;
};

static struct cls *
class_get(struct fast *f, int w, uint32_t mask, int *hint)
{
	struct cls	*c;
	int		 i;

	/* Consecutive blocks nearly always repeat the last class of w. */
	if (*hint >= 0 && f->cls[*hint].warp == w &&
	    f->cls[*hint].mask == mask)
		return &f->cls[*hint];
	for (i = 0; i < f->ncls; i++) {
		if (f->cls[i].warp == w && f->cls[i].mask == mask) {
			*hint = i;
			return &f->cls[i];
		}
	}
	if (f->ncls == f->acls) {
		f->acls = f->acls ? 2 * f->acls : 64;
		f->cls = realloc(f->cls, f->acls * sizeof *f->cls);
		if (f->cls == NULL)
			abort();
	}
	c = &f->cls[f->ncls];
	c->warp = w;
	c->mask = mask;
	c->hist = calloc((size_t)f->nsites * RES, sizeof *c->hist);
	if (c->hist == NULL)
		abort();
	*hint = f->ncls++;
	return c;
}

static int
term_pass(int64_t v, char op)
{
	switch (op) {
	case '<': return v < 0;
	case 'l': return v <= 0;
	case '>': return v > 0;
	case 'g': return v >= 0;
	case '=': return v == 0;
	default: return v != 0;
	}
}

static int
fast_path(const struct launch *l, enum arch arch, int *which,
    struct totals *t)
{
	const struct launch_site	*s;
	struct affine			 term[MAX_TERMS];
	char				 op[MAX_TERMS];
	struct fast			 f = { l, l->nsites, NULL, 0, 0 };
	int64_t				 (*lhist)[RES], conv[RES];
	struct warp_lanes {
		uint32_t	exists;
		int64_t		part[MAX_TERMS][RULES_MAX_LANES];
		int64_t		min[MAX_TERMS], max[MAX_TERMS];
	}				*pw;
	int64_t				 bpart, es, addr[RULES_MAX_LANES];
	int64_t				 tv;
	int64_t				 bx, by, thr;
	uint32_t			 mask;
	struct access_result		 r;
	struct access			 a;
	int				 nterm, i, j, w, lane, si;
	int				*hints, gloop[VARIANT_MAX_LOOPS];
	int64_t				 ncombo, combo, rest;
	int64_t				 lv[VARIANT_MAX_LOOPS], tshift[MAX_TERMS];
	int64_t				 sshift[LAUNCH_MAX_SITES];

	nterm = expr_guard_affine(l->guard, l->env, l->var_of, term, op,
	    MAX_TERMS);
	if (nterm < 0)
		return -1;
	/*
	 * Loops the guard reads ("i + j*blockDim.x < n"): their values are
	 * enumerated (few: a per-thread unroll), the other loops go through
	 * the residue histogram.  A site outside such a loop is left to
	 * brute force.
	 */
	memset(gloop, 0, sizeof gloop);
	ncombo = 1;
	for (j = 0; j < l->nloops; j++) {
		for (i = 0; i < nterm; i++)
			if (term[i].k[VAR_LOOP0 + j] != 0)
				gloop[j] = 1;
		if (gloop[j])
			ncombo *= l->loops[j].count;
		if (ncombo > MAX_COMBOS)
			return -1;
	}
	for (si = 0; si < l->nsites; si++) {
		int	enclosed;

		for (j = 0; j < l->nloops; j++) {
			if (!gloop[j])
				continue;
			for (i = 0, enclosed = 0; i < l->sites[si].nloops; i++)
				enclosed |= l->sites[si].loop[i] == j;
			if (!enclosed)
				which[si] = 0;
		}
	}

	lhist = calloc(l->nsites, sizeof *lhist);
	hints = malloc(l->warps * sizeof *hints);
	if (lhist == NULL || hints == NULL)
		abort();
	for (i = 0; i < l->warps; i++)
		hints[i] = -1;
	for (si = 0; si < l->nsites; si++) {
		int64_t	h[RES];

		s = &l->sites[si];
		if (!which[si])
			continue;
		es = l->arrays[s->array].def->elem_size;
		memset(lhist[si], 0, sizeof lhist[si]);
		lhist[si][0] = 1;
		for (j = 0; j < s->nloops; j++) {
			const struct launch_loop *lp = &l->loops[s->loop[j]];

			if (gloop[s->loop[j]])
				continue;	/* enumerated below */
			loop_hist(es * s->aff.k[VAR_LOOP0 + s->loop[j]],
			    lp->count, h);
			convolve(lhist[si], h, lhist[si]);
		}
	}

	/*
	 * Per warp of the block, once: which lanes exist, and each guard
	 * term's lane part with its minimum and maximum, so that a block
	 * where the term holds (or fails) for every lane costs O(1).
	 */
	pw = calloc(l->warps, sizeof *pw);
	if (pw == NULL)
		abort();
	for (w = 0; w < l->warps; w++) {
		for (lane = 0; lane < l->warp_size; lane++) {
			thr = (int64_t)w * l->warp_size + lane;
			if (thr >= l->threads)
				break;
			pw[w].exists |= 1u << lane;
			for (i = 0; i < nterm; i++) {
				tv = term[i].k[VAR_TX] * (thr % l->block[0]) +
				    term[i].k[VAR_TY] * (thr / l->block[0]);
				pw[w].part[i][lane] = tv;
				if (lane == 0 || tv < pw[w].min[i])
					pw[w].min[i] = tv;
				if (lane == 0 || tv > pw[w].max[i])
					pw[w].max[i] = tv;
			}
		}
	}

	/* Visit every (guard-loop values, block, warp): mask and residue. */
	for (combo = 0; combo < ncombo; combo++) {
	/* This combination's loop values shift the terms and the sites. */
	for (j = 0, rest = combo; j < l->nloops; j++) {
		lv[j] = 0;
		if (gloop[j]) {
			lv[j] = rest % l->loops[j].count;
			rest /= l->loops[j].count;
		}
	}
	for (i = 0; i < nterm; i++)
		for (j = 0, tshift[i] = 0; j < l->nloops; j++)
			tshift[i] += term[i].k[VAR_LOOP0 + j] * lv[j];
	for (si = 0; si < l->nsites; si++)
		for (j = 0, sshift[si] = 0; j < l->nloops; j++)
			if (gloop[j])
				sshift[si] += l->arrays[l->sites[si].array].def->
				    elem_size * l->sites[si].aff.k[VAR_LOOP0 + j] *
				    lv[j];
	for (by = 0; by < l->grid[1]; by++)
	for (bx = 0; bx < l->grid[0]; bx++) {
		for (w = 0; w < l->warps; w++) {
			mask = pw[w].exists;
			for (i = 0; i < nterm && mask != 0; i++) {
				tv = term[i].c + tshift[i] +
				    term[i].k[VAR_BX] * bx +
				    term[i].k[VAR_BY] * by;
				if (term_pass(tv + pw[w].min[i], op[i]) &&
				    term_pass(tv + pw[w].max[i], op[i]) &&
				    op[i] != '!')
					continue;	/* every lane passes */
				for (lane = 0; lane < l->warp_size; lane++) {
					if ((mask >> lane & 1) &&
					    !term_pass(tv + pw[w].part[i][lane],
					    op[i]))
						mask &= ~(1u << lane);
				}
			}
			if (mask == 0)
				continue;
			struct cls *c = class_get(&f, w, mask, &hints[w]);
			for (si = 0; si < l->nsites; si++) {
				if (!which[si])
					continue;
				s = &l->sites[si];
				es = l->arrays[s->array].def->elem_size;
				bpart = l->arrays[s->array].base + s->offset +
				    sshift[si] + es * (s->aff.c +
				    s->aff.k[VAR_BX] * bx +
				    s->aff.k[VAR_BY] * by);
				c->hist[si * RES + mod128(bpart)]++;
			}
		}
	}
	}
	free(pw);

	/* Each class: convolve with the loops, apply the rule per residue. */
	for (i = 0; i < f.ncls; i++) {
		struct cls *c = &f.cls[i];

		for (si = 0; si < l->nsites; si++) {
			if (!which[si])
				continue;
			s = &l->sites[si];
			es = l->arrays[s->array].def->elem_size;
			convolve(&c->hist[si * RES], lhist[si], conv);
			memset(&a, 0, sizeof a);
			a.site = si;
			a.nlanes = l->warp_size;
			a.active = c->mask;
			for (lane = 0; lane < l->warp_size; lane++) {
				thr = (int64_t)c->warp * l->warp_size + lane;
				addr[lane] = es * (s->aff.k[VAR_TX] *
				    (thr % l->block[0]) + s->aff.k[VAR_TY] *
				    (thr / l->block[0]));
			}
			for (j = 0; j < RES; j++) {
				if (conv[j] == 0)
					continue;
				for (lane = 0; lane < l->warp_size; lane++)
					a.addr[lane] = addr[lane] + j;
				arch_apply(arch, l, &a, &r);
				totals_add(&t->site[si], arch, &r, conv[j]);
			}
		}
		free(c->hist);
	}
	free(f.cls);
	free(lhist);
	free(hints);
	return 0;
}

int
totals_compute(const struct launch *l, enum arch arch, enum totals_mode mode,
    struct totals *t, char **cause)
{
	int	fast[LAUNCH_MAX_SITES], slow[LAUNCH_MAX_SITES], i, j, any = 0;

	memset(t, 0, sizeof *t);
	t->arch = arch;
	t->nsites = l->nsites;
	for (i = 0; i < l->nsites; i++) {
		fast[i] = mode == TOTALS_AUTO && l->sites[i].affine &&
		    l->sites[i].guard == NULL;
		/* A loop variable of a loop that does not enclose the site. */
		for (j = 0; fast[i] && j < l->nloops; j++) {
			int k, encl = 0;

			for (k = 0; k < l->sites[i].nloops; k++)
				encl |= l->sites[i].loop[k] == j;
			if (!encl && l->sites[i].aff.k[VAR_LOOP0 + j] != 0)
				fast[i] = 0;
		}
	}
	if (mode == TOTALS_AUTO && fast_path(l, arch, fast, t) != 0)
		memset(fast, 0, sizeof fast);
	for (i = 0; i < l->nsites; i++) {
		slow[i] = !fast[i];
		any |= slow[i];
		t->fast += fast[i];
	}
	if (any) {
		if (totals_brute_work(l) > BRUTE_LIMIT) {
			*cause = cause_printf("%s: the totals need every warp "
			    "visited and that is too large here (%.3g lane "
			    "evaluations); use smaller parameters",
			    l->v->name, totals_brute_work(l));
			return -1;
		}
		if (brute(l, arch, slow, t, cause) != 0)
			return -1;
	}
	sum_kinds(l, t);
	return 0;
}
