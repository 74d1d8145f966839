/* SPDX-License-Identifier: ISC
 * totals-fast.c - the totals of one site by residues, without visiting
 * every warp: the rules' results repeat every 128 bytes (totals.h says
 * why this is exact), so per (warp in block, active mask) class a
 * histogram of base addresses mod 128, convolved with the residues of
 * the loops' steps, is enough.  Loops the guards read, loops stepping by
 * *= or >>= and loops bounded per thread are enumerated instead.  What
 * cannot go this way is left to brute force (totals-launch.c).  Must not
 * print or exit.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "totals.h"
#include "totals-int.h"
#include "warp.h"
#include "xmalloc.h"

#define RES		128		/* results repeat every 128 bytes */

#define MAX_TERMS	8

#define MAX_COMBOS	4096	/* values of the loops a guard reads */

static int64_t
mod128(int64_t v)
{
	int64_t	m = v % RES;

	return m < 0 ? m + RES : m;
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
		f->cls = xreallocarray(f->cls, f->acls, sizeof *f->cls);
	}
	c = &f->cls[f->ncls];
	c->warp = w;
	c->mask = mask;
	c->hist = xcalloc((size_t)f->nsites * RES, sizeof *c->hist);
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

/* Guard terms of the kernel's guard and the site's, in one list. */
static int
site_terms(const struct launch *l, const struct launch_site *s,
    const int64_t *env, const int *var_of, struct affine *term, char *op)
{
	struct affine_box	box;
	int			n, m;

	launch_box(l, &box);
	if ((n = expr_guard_affine(l->guard, env, var_of, &box, term, op,
	    MAX_TERMS)) < 0)
		return -1;
	if ((m = expr_guard_affine(s->guard, env, var_of, &box, term + n,
	    op + n, MAX_TERMS - n)) < 0)
		return -1;
	return n + m;
}

/* The site's element index as an affine form; -1 when it is not one. */
static int
site_affine(const struct launch *l, const struct launch_site *s,
    const int64_t *env, const int *var_of, struct affine *out)
{
	struct affine		a1;
	struct affine_box	box;
	int			i;

	launch_box(l, &box);
	if (expr_affine(s->sub[0], env, var_of, &box, out) != 0)
		return -1;
	if (s->nsub < 2)
		return 0;
	if (expr_affine(s->sub[1], env, var_of, &box, &a1) != 0)
		return -1;
	for (i = 0; i < AFFINE_MAX_VARS; i++)
		if (__builtin_mul_overflow(out->k[i], s->cols, &out->k[i]) ||
		    __builtin_add_overflow(out->k[i], a1.k[i], &out->k[i]))
			return -1;
	if (__builtin_mul_overflow(out->c, s->cols, &out->c) ||
	    __builtin_add_overflow(out->c, a1.c, &out->c))
		return -1;
	return 0;
}

/*
 * Can a with its variables over their ranges (threads, blocks, loop
 * iterations), times es, be summed without overflow, well inside int64?
 * The fast path adds its parts in any order; where this fails it leaves
 * the site to brute force, which reports the overflow at its step.
 */
static int
fast_fits(const struct launch *l, const struct affine *a, int64_t es)
{
	int64_t	sum, t, hi;
	int	v;

	if (a->c == INT64_MIN)
		return 0;
	sum = a->c < 0 ? -a->c : a->c;
	for (v = 0; v < AFFINE_MAX_VARS; v++) {
		if (a->k[v] == 0)
			continue;
		if (a->k[v] == INT64_MIN)
			return 0;
		hi = v == VAR_TX ? l->block[0] : v == VAR_TY ? l->block[1] :
		    v == VAR_BX ? l->grid[0] : v == VAR_BY ? l->grid[1] :
		    v - VAR_LOOP0 < l->nloops ? l->loops[v - VAR_LOOP0].count :
		    0;
		if (__builtin_mul_overflow(a->k[v] < 0 ? -a->k[v] : a->k[v],
		    hi, &t) || __builtin_add_overflow(sum, t, &sum))
			return 0;
	}
	return !__builtin_mul_overflow(sum, es, &t) && t < (INT64_C(1) << 56);
}

/* Per warp of a block: the lanes that exist, each guard term's lane part
   and its extremes over the lanes. */
struct warp_lanes {
	uint32_t	exists;
	int64_t		part[MAX_TERMS][RULES_MAX_LANES];
	int64_t		min[MAX_TERMS], max[MAX_TERMS];
};

/*
 * Which enclosing loops site s enumerates: those its guards read, those
 * stepping by multiplying or shifting whose value it reads, those bounded
 * per thread.  Sets encl[], enumd[] and var_of (enumerated loops become
 * constants); returns the number of combinations, or -1 over MAX_COMBOS.
 */
static int64_t
fast_plan(const struct launch *l, const struct launch_site *s, int *var_of,
    int *encl, int *enumd)
{
	struct affine	term[MAX_TERMS];
	char		op[MAX_TERMS];
	int64_t		ncombo = 1;
	int		i, j, nterm;

	memset(encl, 0, VARIANT_MAX_LOOPS * sizeof *encl);
	memset(enumd, 0, VARIANT_MAX_LOOPS * sizeof *enumd);
	/* Sequential loops may share a slot: the enclosing one owns it. */
	memcpy(var_of, l->var_of, EXPR_MAX_SLOTS * sizeof *var_of);
	for (i = 0; i < s->nloops; i++) {
		encl[s->loop[i]] = 1;
		var_of[l->loops[s->loop[i]].slot] = VAR_LOOP0 + s->loop[i];
	}
	/* Which loops to enumerate: first with every loop affine. */
	nterm = site_terms(l, s, l->env, var_of, term, op);
	for (j = 0; j < l->nloops; j++) {
		const struct launch_loop *lp = &l->loops[j];

		if (!encl[j])
			continue;
		if (lp->values != NULL && (expr_uses(s->sub[0], lp->val_slot) ||
		    expr_uses(s->sub[1], lp->val_slot) ||
		    expr_uses(s->guard, lp->val_slot) ||
		    expr_uses(l->guard, lp->val_slot)))
			enumd[j] = 1;
		if (lp->bounded)
			enumd[j] = 1;
		for (i = 0; i < nterm; i++)
			if (term[i].k[VAR_LOOP0 + j] != 0)
				enumd[j] = 1;
	}
	for (j = 0; j < l->nloops; j++) {
		if (!enumd[j])
			continue;
		ncombo *= l->loops[j].count;
		if (ncombo > MAX_COMBOS)
			return -1;
	}
	for (j = 0; j < l->nloops; j++)
		if (enumd[j])
			var_of[l->loops[j].slot] = -1;
	return ncombo;
}

/* The environment of combination combo of the enumerated loops. */
static void
fast_env(const struct launch *l, const int *enumd, int64_t combo,
    int64_t *env)
{
	int64_t	rest = combo, it;
	int	j;

	memcpy(env, l->env, EXPR_MAX_SLOTS * sizeof *env);
	for (j = 0; j < l->nloops; j++) {
		const struct launch_loop *lp = &l->loops[j];

		if (!enumd[j])
			continue;
		it = rest % lp->count;
		rest /= lp->count;
		env[lp->slot] = it;
		if (lp->values != NULL)
			env[lp->val_slot] = lp->values[it];
	}
}

/*
 * The site's index and guard terms as affine forms at env, in which the
 * loops not enumerated appear only in the index and only if they enclose
 * the site; lhist gets the residues of their steps.  Returns the number
 * of terms, or -1 when the site cannot go the fast way.
 */
static int
fast_forms(const struct launch *l, const struct launch_site *s,
    const int64_t *env, const int *var_of, const int *encl, const int *enumd,
    struct affine *aff, struct affine *term, char *op, int64_t *lhist)
{
	int64_t	es = l->arrays[s->array].def->elem_size, h[RES];
	int	i, j, nterm;

	/* Table loops not enumerated must not matter: value 0. */
	if (site_affine(l, s, env, var_of, aff) != 0 ||
	    (nterm = site_terms(l, s, env, var_of, term, op)) < 0 ||
	    !fast_fits(l, aff, es))
		return -1;
	for (i = 0; i < nterm; i++)
		if (!fast_fits(l, &term[i], 1))
			return -1;
	for (j = 0; j < l->nloops; j++) {
		if (enumd[j])
			continue;
		if (aff->k[VAR_LOOP0 + j] != 0 && !encl[j])
			return -1;
		for (i = 0; i < nterm; i++)
			if (term[i].k[VAR_LOOP0 + j] != 0)
				return -1;
	}
	/* The loops left: residues of their steps. */
	memset(lhist, 0, RES * sizeof *lhist);
	lhist[0] = 1;
	for (j = 0; j < l->nloops; j++) {
		if (!encl[j] || enumd[j])
			continue;
		loop_hist(es * aff->k[VAR_LOOP0 + j], l->loops[j].count, h);
		convolve(lhist, h, lhist);
	}
	return nterm;
}

/* Per warp: the lanes that exist, each term's lane part. */
static void
fast_lanes(const struct launch *l, const struct affine *term, int nterm,
    struct warp_lanes *pw)
{
	int64_t	thr, tv;
	int	w, lane, i;

	for (w = 0; w < l->warps; w++) {
		pw[w].exists = 0;
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
}

/* Every block and warp: its active mask by the guard terms, its base
   residue into the histogram of its (warp, mask) class.  -2 if wt
   cancels. */
static int
fast_blocks(struct fast *f, const struct launch_site *s,
    const struct affine *aff, const struct affine *term, const char *op,
    int nterm, const struct warp_lanes *pw, int *hints,
    struct totals_watch *wt)
{
	const struct launch	*l = f->l;
	int64_t			 bx, by, tv, bpart;
	int64_t			 es = l->arrays[s->array].def->elem_size;
	uint32_t		 mask;
	int			 w, i, lane;

	for (w = 0; w < l->warps; w++)
		hints[w] = -1;
	for (by = 0; by < l->grid[1]; by++)
	for (bx = 0; bx < l->grid[0]; bx++)
	for (w = 0; w < l->warps; w++) {
		if (w == 0 && totals_watch_stop(wt, 1))
			return -2;
		mask = pw[w].exists;
		for (i = 0; i < nterm && mask != 0; i++) {
			tv = term[i].c + term[i].k[VAR_BX] * bx +
			    term[i].k[VAR_BY] * by;
			if (op[i] != '!' &&
			    term_pass(tv + pw[w].min[i], op[i]) &&
			    term_pass(tv + pw[w].max[i], op[i]))
				continue;	/* every lane passes */
			for (lane = 0; lane < l->warp_size; lane++)
				if ((mask >> lane & 1) &&
				    !term_pass(tv + pw[w].part[i][lane], op[i]))
					mask &= ~(1u << lane);
		}
		if (mask == 0)
			continue;
		bpart = l->arrays[s->array].base + s->offset + es *
		    (aff->c + aff->k[VAR_BX] * bx + aff->k[VAR_BY] * by);
		class_get(f, w, mask, &hints[w])->hist[mod128(bpart)]++;
	}
	return 0;
}

/* Each class: convolve with the loops' residues, apply the rule to each
   residue, add the results times their counts; the classes are freed. */
static void
fast_apply(struct fast *f, enum arch arch, int si, const struct affine *aff,
    const int64_t *lhist, struct totals *t)
{
	const struct launch		*l = f->l;
	const struct launch_site	*s = &l->sites[si];
	int64_t				 conv[RES], addr[RULES_MAX_LANES], thr;
	int64_t				 es = l->arrays[s->array].def->elem_size;
	struct access_result		 r;
	struct access			 a;
	int				 i, j, lane;

	for (i = 0; i < f->ncls; i++) {
		struct cls *c = &f->cls[i];

		convolve(c->hist, lhist, conv);
		memset(&a, 0, sizeof a);
		a.site = si;
		a.nlanes = l->warp_size;
		a.active = c->mask;
		for (lane = 0; lane < l->warp_size; lane++) {
			thr = (int64_t)c->warp * l->warp_size + lane;
			addr[lane] = es * (aff->k[VAR_TX] * (thr % l->block[0]) +
			    aff->k[VAR_TY] * (thr / l->block[0]));
		}
		for (j = 0; j < RES; j++) {
			if (conv[j] == 0)
				continue;
			for (lane = 0; lane < l->warp_size; lane++)
				a.addr[lane] = addr[lane] + j;
			arch_apply(arch, l, &a, &r);
			totals_add(&t->site[si], arch, &r, conv[j]);
		}
		free(c->hist);
	}
	f->ncls = 0;
}

/*
 * One site by residues.  Loops the site's guard reads, loops stepping by
 * multiplying or shifting and loops bounded per thread are enumerated
 * (their values become constants); the others go through the residue
 * histogram.  For each combination of enumerated values the lanes of a
 * (warp in block, active mask) class have fixed offsets, so the launch
 * reduces to a histogram of base residues per class.  Returns 0, -1
 * when the site is not affine or has too many combinations, -2 when wt
 * cancels.
 */
int
totals_site_fast(const struct launch *l, enum arch arch, int si,
    struct totals *t, struct totals_watch *wt)
{
	const struct launch_site	*s = &l->sites[si];
	struct affine			 term[MAX_TERMS], aff;
	char				 op[MAX_TERMS];
	struct fast			 f = { l, 1, NULL, 0, 0 };
	int64_t				 env[EXPR_MAX_SLOTS], lhist[RES];
	int64_t				 ncombo, combo;
	int				 var_of[EXPR_MAX_SLOTS];
	int				 enumd[VARIANT_MAX_LOOPS];
	int				 encl[VARIANT_MAX_LOOPS];
	int				 nterm, i, *hints, rc = -1;
	struct warp_lanes		*pw;

	/* The fast path knows sectors and banks; texture quads it leaves
	   to brute force. */
	if (s->space == SPACE_TEXTURE ||
	    (ncombo = fast_plan(l, s, var_of, encl, enumd)) < 0)
		return -1;
	hints = xcalloc(l->warps, sizeof *hints);
	pw = xcalloc(l->warps, sizeof *pw);
	for (combo = 0; combo < ncombo; combo++) {
		fast_env(l, enumd, combo, env);
		if ((nterm = fast_forms(l, s, env, var_of, encl, enumd, &aff,
		    term, op, lhist)) < 0)
			goto out;
		fast_lanes(l, term, nterm, pw);
		if ((rc = fast_blocks(&f, s, &aff, term, op, nterm, pw, hints,
		    wt)) != 0)
			goto out;
		rc = -1;
		fast_apply(&f, arch, si, &aff, lhist, t);
	}
	rc = 0;
out:
	for (i = 0; i < f.ncls; i++)
		free(f.cls[i].hist);
	free(f.cls);
	free(pw);
	free(hints);
	if (rc != 0)
		memset(&t->site[si], 0, sizeof t->site[si]);
	return rc;
}
