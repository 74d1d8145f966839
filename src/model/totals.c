/* SPDX-License-Identifier: ISC
 * totals.c - exact whole-launch totals: fast residue path and brute force.
 * See totals.h for why the fast path is exact.  Must not print or exit.
 */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cause.h"
#include "totals.h"
#include "warp.h"
#include "xmalloc.h"

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
	case SPACE_LOCAL:
		t->sectors += n * r->g.sectors;
		t->ideal += n * r->g.ideal;
		t->need += n * r->g.need;
		t->lines += n * r->g.lines;
		t->bytes_used += n * r->g.bytes_used;
		t->classes[r->g.class] += n;
		if (arch_transactions(arch)) {
			t->transactions += n * r->l.transactions;
			t->l2_segments += n * r->l.l2_segments;
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
	case SPACE_TEXTURE:
		t->tex_requests += n * r->t.requests;
		t->sectors += n * r->t.sectors;
		t->ideal += n * r->t.ideal;
		/* Sectors of 32 bytes (16 x 2 rows, or 32 of a 1D fetch);
		   "used" is the ideal's: the fewest whole sectors. */
		t->bytes_moved += n * r->t.sectors * 32;
		t->bytes_used += n * r->t.ideal * 32;
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

/* Whether the watcher asked to stop; counts work done. */
static int
watch_stop(struct totals_watch *wt, int64_t done)
{
	if (wt == NULL)
		return 0;
	atomic_fetch_add_explicit(&wt->done, done, memory_order_relaxed);
	return atomic_load_explicit(&wt->cancel, memory_order_relaxed);
}

/* A new phase of work units begins. */
static void
watch_phase(struct totals_watch *wt, const char *what, int64_t work)
{
	if (wt == NULL)
		return;
	atomic_store(&wt->done, 0);
	atomic_store(&wt->work, work);
	atomic_store(&wt->phase, what);
}

struct site_totals *
totals_kind(struct totals *t, const struct launch_site *s)
{
	if (s->space == SPACE_GLOBAL)
		return s->op == OP_LOAD ? &t->global_load : s->op ==
		    OP_STORE ? &t->global_store : &t->global_atomic;
	if (s->space == SPACE_SHARED)
		return s->op == OP_LOAD ? &t->shared_load : &t->shared_store;
	if (s->space == SPACE_LOCAL)
		return s->op == OP_LOAD ? &t->local_load : &t->local_store;
	if (s->space == SPACE_TEXTURE)
		return &t->texture;
	return &t->constant;
}

static void
sum_kinds(const struct launch *l, struct totals *t)
{
	int	i;

	for (i = 0; i < l->nsites; i++)
		totals_merge(totals_kind(t, &l->sites[i]), &t->site[i]);
}

int
totals_warp_add(struct totals *t, const struct launch *l, enum arch arch,
    int64_t bx, int64_t by, int warp, int64_t from, int64_t to,
    int64_t times, struct totals_watch *wt, char **cause)
{
	struct access		a;
	struct access_result	r;
	int64_t			s;

	t->arch = arch;
	t->nsites = l->nsites;
	if (wt != NULL)
		watch_phase(wt, "this warp", to - from + 1);
	for (s = from; s <= to; s++) {
		if (watch_stop(wt, 1)) {
			*cause = cause_printf("cancelled");
			return -1;
		}
		if (warp_access(l, bx, by, warp, s, &a, cause) != 0)
			return -1;
		arch_apply(arch, l, &a, &r);
		totals_add(&t->site[a.site], arch, &r, times);
		totals_add(totals_kind(t, &l->sites[a.site]), arch, &r, times);
	}
	return 0;
}

double
totals_brute_work(const struct launch *l)
{
	return (double)l->grid[0] * l->grid[1] * l->warps * l->nsteps *
	    l->warp_size;
}

/* Threads of brute force: 0 is one a core (totals_set_threads). */
static _Atomic int	brute_threads;

void
totals_set_threads(int n)
{
	atomic_store(&brute_threads, n < 0 ? 0 : n);
}

/*
 * One thread's share of brute force: the blocks b0..b1-1 (by-major, as the
 * single loop visits them) into its own site totals.  A share stops at its
 * first error, or when an earlier share has failed (stop holds the first
 * failed share), so the error reported is the first in the one-thread
 * order; integer sums make the totals the same in any order.
 */
struct brute_share {
	const struct launch	*l;
	enum arch		 arch;
	const int		*which;
	struct totals_watch	*wt;
	_Atomic int		*stop;
	int			 idx;
	int64_t			 b0, b1;
	int			 rc;
	char			*cause;
	struct site_totals	 site[LAUNCH_MAX_SITES];
	pthread_t		 thread;
};

#define BRUTE_FLUSH	256	/* steps between looks at cancel and stop */

static void *
brute_share_run(void *arg)
{
	struct brute_share	*sh = arg;
	const struct launch	*l = sh->l;
	struct access		 a;
	struct access_result	 r;
	struct launch_pos	 pos;
	int64_t			 b, step, pending = 0;
	int			 w;

	for (b = sh->b0; b < sh->b1; b++)
	for (w = 0; w < l->warps; w++)
	for (step = 0; step < l->nsteps; step++) {
		if (++pending == BRUTE_FLUSH) {
			if (watch_stop(sh->wt, pending * l->warp_size)) {
				sh->cause = cause_printf("cancelled");
				sh->rc = -1;
				return NULL;
			}
			pending = 0;
			if (atomic_load_explicit(sh->stop,
			    memory_order_relaxed) < sh->idx)
				return NULL;	/* an earlier share failed */
		}
		launch_locate(l, step, &pos);
		if (!sh->which[pos.site])
			continue;
		if (warp_access(l, b % l->grid[0], b / l->grid[0], w, step, &a,
		    &sh->cause) != 0) {
			int	first = atomic_load(sh->stop);

			while (sh->idx < first && !atomic_compare_exchange_weak(
			    sh->stop, &first, sh->idx))
				;
			sh->rc = -1;
			return NULL;
		}
		arch_apply(sh->arch, l, &a, &r);
		totals_add(&sh->site[a.site], sh->arch, &r, 1);
	}
	watch_stop(sh->wt, pending * l->warp_size);
	return NULL;
}

/* Visit every warp and step of the sites in which, on every core. */
static int
brute(const struct launch *l, enum arch arch, const int *which,
    struct totals *t, struct totals_watch *wt, char **cause)
{
	struct brute_share	*sh;
	_Atomic int		 stop;
	int64_t			 blocks = l->grid[0] * l->grid[1];
	long			 n;
	int			 i, k, rc = 0, started;

	if ((n = atomic_load(&brute_threads)) <= 0) {
		n = sysconf(_SC_NPROCESSORS_ONLN);
		/* A thread is worth starting for 1M lane evaluations. */
		if (n > totals_brute_work(l) / 1e6)
			n = (long)(totals_brute_work(l) / 1e6);
	}
	if (n > blocks)
		n = (long)blocks;
	if (n > 256)
		n = 256;
	if (n < 1)
		n = 1;
	sh = xcalloc(n, sizeof *sh);
	atomic_init(&stop, (int)n);
	for (i = 0; i < n; i++) {
		sh[i].l = l;
		sh[i].arch = arch;
		sh[i].which = which;
		sh[i].wt = wt;
		sh[i].stop = &stop;
		sh[i].idx = i;
		sh[i].b0 = blocks * i / n;
		sh[i].b1 = blocks * (i + 1) / n;
	}
	/* Share 0 runs here; a thread that does not start runs here too. */
	for (started = 1; started < n; started++)
		if (pthread_create(&sh[started].thread, NULL, brute_share_run,
		    &sh[started]) != 0)
			break;
	brute_share_run(&sh[0]);
	for (i = started; i < n; i++)
		brute_share_run(&sh[i]);
	for (i = 1; i < started; i++)
		pthread_join(sh[i].thread, NULL);
	for (i = 0; i < n; i++) {
		if (rc == 0 && sh[i].rc != 0) {
			rc = -1;
			*cause = sh[i].cause;
			sh[i].cause = NULL;
		}
		free(sh[i].cause);
		if (rc == 0)
			for (k = 0; k < l->nsites; k++)
				totals_merge(&t->site[k], &sh[i].site[k]);
	}
	free(sh);
	return rc;
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
		if (w == 0 && watch_stop(wt, 1))
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
static int
site_fast(const struct launch *l, enum arch arch, int si, struct totals *t,
    struct totals_watch *wt)
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

int
totals_compute(const struct launch *l, enum arch arch, enum totals_mode mode,
    struct totals *t, char **cause)
{
	return totals_compute_watched(l, arch, mode, t, NULL, cause);
}

int
totals_compute_watched(const struct launch *l, enum arch arch,
    enum totals_mode mode, struct totals *t, struct totals_watch *wt,
    char **cause)
{
	int	fast[LAUNCH_MAX_SITES], slow[LAUNCH_MAX_SITES], i, any = 0, rc;

	memset(t, 0, sizeof *t);
	t->arch = arch;
	t->nsites = l->nsites;
	for (i = 0; i < l->nsites; i++) {
		fast[i] = 0;
		if (mode != TOTALS_AUTO ||
		    !arch_period_128(arch, l->sites[i].size))
			continue;
		watch_phase(wt, "by residues", l->grid[0] * l->grid[1]);
		rc = site_fast(l, arch, i, t, wt);
		if (rc == -2) {
			*cause = cause_printf("cancelled");
			return -1;
		}
		fast[i] = rc == 0;
	}
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
		watch_phase(wt, "every warp", (int64_t)totals_brute_work(l));
		if (brute(l, arch, slow, t, wt, cause) != 0)
			return -1;
	}
	sum_kinds(l, t);
	return 0;
}
