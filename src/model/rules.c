/* SPDX-License-Identifier: ISC
 * rules.c - the memory rules: one function per rule turns the byte addresses
 * of one warp-wide access into sectors (modern global), transactions (cc
 * 1.0/1.1, cc 1.2/1.3 and cc 2.x global), wavefronts (shared) or
 * serialised reads (constant).
 *
 * Units: addresses and sizes are bytes; lanes are 0..nlanes-1; a sector is 32
 * bytes, a line 128, a bank word 4 and bank = word mod 32.  All division is
 * floor division so that negative addresses behave like positive ones and
 * every result is invariant under a shift by a multiple of 128 bytes.
 *
 * These functions are called millions of times by the totals: they work on
 * small arrays on the stack (at most 32 lanes, 32 words a phase), never
 * allocate, never print and keep no state.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "rules.h"

#include <stdint.h>
#include <string.h>

/* Running count of distinct aligned blocks over sorted, disjoint intervals. */
struct rules_blocks {
	int64_t	size;		/* block size in bytes */
	int64_t	last;		/* index of the last block counted */
	int	have;		/* last is valid */
	int	n;		/* distinct blocks so far */
};

static int64_t
rules_floordiv(int64_t a, int64_t b)
{
	int64_t	q = a / b;

	if (a % b != 0 && a < 0)
		q--;
	return (q);
}

static int64_t
rules_floormod(int64_t a, int64_t b)
{
	return (a - rules_floordiv(a, b) * b);
}

/* Active lanes below nlanes; nlanes is clamped to 0..RULES_MAX_LANES. */
static uint32_t
rules_mask(uint32_t active, int *nlanes)
{
	if (*nlanes <= 0) {
		*nlanes = 0;
		return (0);
	}
	if (*nlanes >= RULES_MAX_LANES) {
		*nlanes = RULES_MAX_LANES;
		return (active);
	}
	return (active & ((UINT32_C(1) << *nlanes) - 1));
}

static int
rules_popcount(uint32_t x)
{
	int	n = 0;

	while (x != 0) {
		x &= x - 1;
		n++;
	}
	return (n);
}

/* Insertion sort: n is at most 32, where this beats anything cleverer. */
static void
rules_sort(int64_t *v, int n)
{
	int	i, j;
	int64_t	x;

	for (i = 1; i < n; i++) {
		x = v[i];
		for (j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/* Copy the addresses of the lanes in mask to v, in lane order. */
static int
rules_gather(const int64_t *addr, uint32_t mask, int nlanes, int64_t *v)
{
	int	l, n = 0;

	for (l = 0; l < nlanes; l++) {
		if (mask & (UINT32_C(1) << l))
			v[n++] = addr[l];
	}
	return (n);
}

/* Count the blocks of [s, e) not already counted; intervals come in order. */
static void
rules_blocks_add(struct rules_blocks *b, int64_t s, int64_t e)
{
	int64_t	first, last;

	first = rules_floordiv(s, b->size);
	last = rules_floordiv(e - 1, b->size);
	b->n += (int)(last - first + 1);
	if (b->have && first == b->last)
		b->n--;
	b->last = last;
	b->have = 1;
}

/*
 * Merge the intervals [v[i], v[i] + size) (v sorted) and count the distinct
 * bytes, 32-byte sectors and 128-byte lines they cover.
 */
static void
rules_spans(const int64_t *v, int n, int size, int *bytes, int *sectors,
    int *lines)
{
	struct rules_blocks	 sb = { RULES_SECTOR, 0, 0, 0 };
	struct rules_blocks	 lb = { RULES_LINE, 0, 0, 0 };
	int64_t			 s, e, total = 0;
	int			 i;

	if (n == 0) {
		*bytes = *sectors = *lines = 0;
		return;
	}
	s = v[0];
	e = v[0] + size;
	for (i = 1; i < n; i++) {
		if (v[i] <= e) {
			if (v[i] + size > e)
				e = v[i] + size;
			continue;
		}
		total += e - s;
		rules_blocks_add(&sb, s, e);
		rules_blocks_add(&lb, s, e);
		s = v[i];
		e = v[i] + size;
	}
	total += e - s;
	rules_blocks_add(&sb, s, e);
	rules_blocks_add(&lb, s, e);
	*bytes = (int)total;
	*sectors = sb.n;
	*lines = lb.n;
}

/*
 * The class of sectors against need: fewer is a broadcast (lanes share
 * addresses), equal is coalesced, up to twice is split (a misaligned copy,
 * stride 2), more is uncoalesced (stride 32, a row per lane).  At the need
 * exactly, lanes that share bytes are a broadcast too: the four lanes of a
 * 4-lane classroom warp on one float need one sector and touch one.
 */
enum rules_class
rules_grade(int64_t sectors, int64_t need, int shares)
{
	if (sectors <= 0)
		return (RULES_NONE);
	if (sectors < need || (sectors == need && shares))
		return (RULES_BROADCAST);
	if (sectors == need)
		return (RULES_COALESCED);
	if (sectors <= 2 * need)
		return (RULES_SPLIT);
	return (RULES_UNCOALESCED);
}

/*
 * Apply the modern sector rule and grade the request against its need:
 * ceil(active lanes x bytes per lane / 32), the sectors a coalesced
 * warp-wide access of this width moves.
 */
void
rules_global(const int64_t *addr, uint32_t active, int nlanes, int size,
    struct rules_global *out)
{
	int64_t		v[RULES_MAX_LANES];
	uint32_t	mask;
	int		n;

	if (size < 1)
		size = 1;
	mask = rules_mask(active, &nlanes);
	n = rules_gather(addr, mask, nlanes, v);

	out->active = n;
	if (n == 0) {
		out->sectors = out->lines = out->ideal = out->bytes_used = 0;
		out->need = 0;
		out->class = RULES_NONE;
		return;
	}

	rules_sort(v, n);
	rules_spans(v, n, size, &out->bytes_used, &out->sectors, &out->lines);
	out->ideal = (out->bytes_used + RULES_SECTOR - 1) / RULES_SECTOR;
	out->need = (n * size + RULES_SECTOR - 1) / RULES_SECTOR;
	out->class = rules_grade(out->sectors, out->need,
	    out->bytes_used < n * size);
}

/*
 * Serve one half-warp with segments, as the CUDA C Programming Guide 3.x
 * (G.3.2.2) describes for compute capability 1.2 and 1.3.
 *
 * A lane is served by the segment that holds its address (its first byte).
 * When a lane's access runs past the end of that segment (a misaligned 8- or
 * 16-byte word), only its bytes inside the segment count as used there; the
 * bytes beyond are not given a transaction of their own.  The guide does not
 * cover this case, since such accesses are illegal on the hardware.
 */
static void
rules_legacy_half(const int64_t *addr, uint32_t pending, int half, int size,
    struct rules_legacy *out)
{
	struct rules_segment	*sg;
	int64_t			 base, a, lo, hi, s, e;
	uint32_t		 served;
	int			 l, first, seg;

	while (pending != 0) {
		for (first = 0; !(pending & (UINT32_C(1) << first)); first++)
			/* nothing */;

		if (size <= 1)
			seg = 32;
		else if (size == 2)
			seg = 64;
		else
			seg = 128;
		base = rules_floordiv(addr[first], seg) * seg;

		served = 0;
		lo = INT64_MAX;
		hi = INT64_MIN;
		for (l = first; l < RULES_MAX_LANES; l++) {
			if (!(pending & (UINT32_C(1) << l)))
				continue;
			a = addr[l];
			if (a < base || a >= base + seg)
				continue;
			served |= UINT32_C(1) << l;
			s = a;
			e = a + size - 1;
			if (e >= base + seg)
				e = base + seg - 1;
			if (s < lo)
				lo = s;
			if (e > hi)
				hi = e;
		}
		pending &= ~served;

		while (seg > 32) {
			if (hi < base + seg / 2)
				seg /= 2;
			else if (lo >= base + seg / 2) {
				base += seg / 2;
				seg /= 2;
			} else
				break;
		}

		sg = &out->seg[out->transactions++];
		sg->addr = base;
		sg->size = seg;
		sg->half = half;
		sg->lanes = served;
		out->bytes_moved += seg;
	}
}

/* The class of part p of a cc 1.2/1.3 access from its segments: coalesced
   with one segment or none, uncoalesced with one per active lane. */
static enum rules_class
rules_legacy_grade(const struct rules_legacy *lg, uint32_t mask, int p)
{
	int	i, segs = 0, act;

	mask &= p == 0 ? UINT32_C(0x0000ffff) : UINT32_C(0xffff0000);
	act = rules_popcount(mask);
	for (i = 0; i < lg->transactions && i < RULES_MAX_SEGMENTS; i++)
		if (lg->seg[i].half == p)
			segs++;
	if (segs <= 1)
		return (act == 0 ? RULES_NONE : RULES_COALESCED);
	if (segs >= act)
		return (RULES_UNCOALESCED);
	return (RULES_SPLIT);
}

/* What every older rule set starts from: no transaction yet. */
static uint32_t
rules_older_begin(const int64_t *addr, uint32_t active, int *nlanes,
    int *size, int parts, struct rules_legacy *out)
{
	int64_t		v[RULES_MAX_LANES];
	uint32_t	mask;
	int		n, p, sectors, lines;

	if (*size < 1)
		*size = 1;
	mask = rules_mask(active, nlanes);
	out->active = rules_popcount(mask);
	out->transactions = 0;
	out->bytes_moved = 0;
	out->parts = parts;
	out->l2_segments = 0;
	for (p = 0; p < RULES_MAX_PARTS; p++)
		out->part_class[p] = RULES_NONE;
	n = rules_gather(addr, mask, *nlanes, v);
	rules_sort(v, n);
	rules_spans(v, n, *size, &out->bytes_used, &sectors, &lines);
	return (mask);
}

/*
 * Apply the cc 1.2/1.3 half-warp segment rule with size reduction.  Entries of
 * seg past transactions are left as they were.
 */
void
rules_legacy(const int64_t *addr, uint32_t active, int nlanes, int size,
    struct rules_legacy *out)
{
	uint32_t	mask;

	mask = rules_older_begin(addr, active, &nlanes, &size, 2, out);
	rules_legacy_half(addr, mask & UINT32_C(0x0000ffff), 0, size, out);
	rules_legacy_half(addr, mask & UINT32_C(0xffff0000), 1, size, out);
	out->part_class[0] = rules_legacy_grade(out, mask, 0);
	out->part_class[1] = rules_legacy_grade(out, mask, 1);
}

/* Add a segment of part p; returns it. */
static struct rules_segment *
rules_seg_add(struct rules_legacy *out, int64_t a, int size, int p,
    uint32_t lanes)
{
	struct rules_segment	*sg = &out->seg[out->transactions++];

	sg->addr = a;
	sg->size = size;
	sg->half = p;
	sg->lanes = lanes;
	out->bytes_moved += size;
	return (sg);
}

/* Nonzero if the active lanes of a half-warp read words 0-15 of one
   segment aligned to 16 words, lane k word k (cc 1.0/1.1). */
static int
rules_cc10_in_order(const int64_t *addr, uint32_t m, int h, int size,
    int64_t *base)
{
	int	l, first;

	if (size != 4 && size != 8 && size != 16)
		return (0);
	for (first = 16 * h; !(m & (UINT32_C(1) << first)); first++)
		/* nothing */;
	*base = addr[first] - (int64_t)(first - 16 * h) * size;
	if (rules_floormod(*base, 16 * (int64_t)size) != 0)
		return (0);
	for (l = first; l < 16 * h + 16; l++)
		if ((m & (UINT32_C(1) << l)) &&
		    addr[l] != *base + (int64_t)(l - 16 * h) * size)
			return (0);
	return (1);
}

void
rules_cc10(const int64_t *addr, uint32_t active, int nlanes, int size,
    struct rules_legacy *out)
{
	uint32_t	mask, m;
	int64_t		base;
	int		h, l;

	mask = rules_older_begin(addr, active, &nlanes, &size, 2, out);
	for (h = 0; h < 2; h++) {
		m = mask & (h == 0 ? UINT32_C(0x0000ffff) :
		    UINT32_C(0xffff0000));
		if (m == 0)
			continue;
		if (rules_cc10_in_order(addr, m, h, size, &base)) {
			out->part_class[h] = RULES_COALESCED;
			if (size == 16) {
				/* Two 128-byte transactions: lanes 0-7 of
				   the half in the first, 8-15 the second. */
				rules_seg_add(out, base, 128, h, m &
				    (UINT32_C(0xff) << 16 * h));
				rules_seg_add(out, base + 128, 128, h, m &
				    (UINT32_C(0xff00) << 16 * h));
			} else
				rules_seg_add(out, base, 16 * size, h, m);
			continue;
		}
		/* A 32-byte transaction for each active lane. */
		out->part_class[h] = RULES_UNCOALESCED;
		for (l = 16 * h; l < 16 * h + 16; l++)
			if (m & (UINT32_C(1) << l))
				rules_seg_add(out, rules_floordiv(addr[l], 32) *
				    32, 32, h, UINT32_C(1) << l);
	}
}

/* The distinct blocks of bsize bytes that the lanes of m touch, sorted;
   with seg != NULL each is added to out as a segment of part p. */
static int
rules_cc20_blocks(const int64_t *addr, uint32_t m, int size, int64_t bsize,
    int p, struct rules_legacy *out, int seg)
{
	int64_t		blk[2 * RULES_MAX_LANES], b, t;
	uint32_t	lanes[2 * RULES_MAX_LANES], u;
	int		n = 0, l, i, j;

	for (l = 0; l < RULES_MAX_LANES; l++) {
		if (!(m & (UINT32_C(1) << l)))
			continue;
		for (b = rules_floordiv(addr[l], bsize); b <=
		    rules_floordiv(addr[l] + size - 1, bsize); b++) {
			for (i = 0; i < n && blk[i] != b; i++)
				/* nothing */;
			if (i == n) {
				if (n == 2 * RULES_MAX_LANES)
					break;
				blk[n] = b;
				lanes[n++] = 0;
			}
			lanes[i] |= UINT32_C(1) << l;
		}
	}
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && blk[j - 1] > blk[j]; j--) {
			t = blk[j];
			blk[j] = blk[j - 1];
			blk[j - 1] = t;
			u = lanes[j];
			lanes[j] = lanes[j - 1];
			lanes[j - 1] = u;
		}
	for (i = 0; seg && i < n && out->transactions < RULES_MAX_SEGMENTS;
	    i++)
		rules_seg_add(out, blk[i] * bsize, (int)bsize, p, lanes[i]);
	return (n);
}

void
rules_cc20(const int64_t *addr, uint32_t active, int nlanes, int size,
    struct rules_legacy *out)
{
	int64_t		v[RULES_MAX_LANES];
	uint32_t	mask, m;
	int		parts, per, p, n, bytes, sectors, lines, need;

	parts = size <= 4 ? 1 : size <= 8 ? 2 : 4;
	mask = rules_older_begin(addr, active, &nlanes, &size, parts, out);
	per = RULES_MAX_LANES / parts;
	for (p = 0; p < parts; p++) {
		m = per == 32 ? mask : mask & (((UINT32_C(1) << per) - 1) <<
		    (per * p));
		if (m == 0)
			continue;
		lines = rules_cc20_blocks(addr, m, size, RULES_LINE, p, out, 1);
		out->l2_segments += rules_cc20_blocks(addr, m, size,
		    RULES_SECTOR, p, out, 0);
		/* Graded against the lines a coalesced part would touch. */
		n = rules_gather(addr, m, nlanes, v);
		rules_sort(v, n);
		rules_spans(v, n, size, &bytes, &sectors, &need);
		need = (n * size + RULES_LINE - 1) / RULES_LINE;
		out->part_class[p] = rules_grade(lines, need, bytes < n * size);
	}
}

/*
 * The lanes served together (a "phase") in a shared access of size bytes.
 * 4-byte accesses: the whole warp.  8-byte: two half-warps, 16-byte: four
 * quarter-warps.  Stores keep those phases.  Loads merge each even phase
 * with the next one when each of the two touches at most two distinct
 * addresses (measured with ncu on an H100: doc/rules.md); merged 8-byte
 * phases make one of 32 lanes, merged 16-byte phases one of 16.  Returns
 * the number of phases; phase[p] is its lane mask (possibly 0).
 */
static int
rules_shared_phases(const int64_t *addr, uint32_t mask, int size, int load,
    uint32_t phase[4], int *words)
{
	int64_t		d[3];
	uint32_t	out[4];
	int		phases, per, p, l, i, n, nd, few[4];

	if (size == 8) {
		phases = 2;
		*words = 2;
	} else if (size >= 16) {
		phases = 4;
		*words = 4;
	} else {
		phases = 1;
		*words = 1;
	}
	per = RULES_MAX_LANES / phases;
	for (p = 0; p < phases; p++) {
		phase[p] = 0;
		nd = 0;
		for (l = p * per; l < (p + 1) * per; l++) {
			if (!(mask & (UINT32_C(1) << l)))
				continue;
			phase[p] |= UINT32_C(1) << l;
			for (i = 0; i < nd; i++)
				if (d[i] == addr[l])
					break;
			if (i == nd && nd < 3)
				d[nd++] = addr[l];
		}
		few[p] = nd <= 2;
	}
	if (!load || phases == 1)
		return (phases);
	/* Pairs merge or stay apart each on its own; order is kept. */
	n = 0;
	for (p = 0; p < phases; p += 2) {
		if (few[p] && few[p + 1])
			out[n++] = phase[p] | phase[p + 1];
		else {
			out[n++] = phase[p];
			out[n++] = phase[p + 1];
		}
	}
	for (p = 0; p < n; p++)
		phase[p] = out[p];
	return (n);
}

/* Apply the shared-memory bank rule. */
void
rules_shared(const int64_t *addr, uint32_t active, int nlanes, int size,
    int load, struct rules_shared *out)
{
	int64_t		w[RULES_MAX_LANES * 4], w0;
	uint32_t	mask, phase[4];
	int		inbank[RULES_BANKS];
	int		phases, words, p, l, k, n, i, b, max;

	mask = rules_mask(active, &nlanes);
	phases = rules_shared_phases(addr, mask, size, load, phase, &words);

	out->active = rules_popcount(mask);
	out->wavefronts = out->ideal = out->degree = 0;
	for (l = 0; l < RULES_MAX_LANES; l++) {
		if (mask & (UINT32_C(1) << l)) {
			w0 = rules_floordiv(addr[l], RULES_BANK_WIDTH);
			out->bank[l] = (int)rules_floormod(w0, RULES_BANKS);
		} else
			out->bank[l] = -1;
	}

	for (p = 0; p < phases; p++) {
		n = 0;
		for (l = 0; l < RULES_MAX_LANES; l++) {
			if (!(phase[p] & (UINT32_C(1) << l)))
				continue;
			w0 = rules_floordiv(addr[l], RULES_BANK_WIDTH);
			for (k = 0; k < words; k++)
				w[n++] = w0 + k;
		}
		if (n == 0)
			continue;
		rules_sort(w, n);

		for (b = 0; b < RULES_BANKS; b++)
			inbank[b] = 0;
		max = 0;
		for (i = 0; i < n; i++) {
			if (i > 0 && w[i] == w[i - 1])
				continue;
			b = (int)rules_floormod(w[i], RULES_BANKS);
			if (++inbank[b] > max)
				max = inbank[b];
		}
		out->wavefronts += max;
		out->ideal++;
		if (max > out->degree)
			out->degree = max;
	}
}

/* Apply the constant-memory serialisation rule. */
void
rules_constant(const int64_t *addr, uint32_t active, int nlanes,
    struct rules_constant *out)
{
	int64_t		v[RULES_MAX_LANES];
	uint32_t	mask;
	int		i, n;

	mask = rules_mask(active, &nlanes);
	n = rules_gather(addr, mask, nlanes, v);
	rules_sort(v, n);

	out->active = n;
	out->serial = 0;
	for (i = 0; i < n; i++) {
		if (i == 0 || v[i] != v[i - 1])
			out->serial++;
	}
}

/*
 * Apply the atomic rule: sorted, equal addresses are neighbours, and so
 * are the addresses of one sector; a sector costs its longest run of one
 * address.
 */
void
rules_atomic(const int64_t *addr, uint32_t active, int nlanes,
    struct rules_atomic *out)
{
	int64_t		v[RULES_MAX_LANES], sec, cur = 0;
	uint32_t	mask;
	int		i, n, run = 0, most = 0;

	mask = rules_mask(active, &nlanes);
	n = rules_gather(addr, mask, nlanes, v);
	rules_sort(v, n);
	memset(out, 0, sizeof *out);
	out->active = n;
	out->requests = n > 0;
	for (i = 0; i < n; i++) {
		sec = v[i] >= 0 ? v[i] / RULES_SECTOR :
		    -((-(v[i] + 1)) / RULES_SECTOR) - 1;
		if (i == 0 || sec != cur) {
			out->sectors += most;
			out->distinct++;
			cur = sec;
			most = 0;
			run = 0;
		}
		run = (i > 0 && v[i] == v[i - 1] && run > 0) ? run + 1 : 1;
		if (run > most)
			most = run;
	}
	out->sectors += most;
}

/* Name of a class: "coalesced", "split", "uncoalesced", "broadcast", "none". */
const char *
rules_class_name(enum rules_class class)
{
	switch (class) {
	case RULES_NONE:
		return ("none");
	case RULES_COALESCED:
		return ("coalesced");
	case RULES_SPLIT:
		return ("split");
	case RULES_UNCOALESCED:
		return ("uncoalesced");
	case RULES_BROADCAST:
		return ("broadcast");
	}
	return ("unknown");
}

/* --- what the panels draw ----------------------------------------------- */

/*
 * The shared-memory bank rule word by word.  Within a phase the distinct
 * words are sorted by (bank, word), so a bank's k words take passes 0..k-1
 * in address order; each phase's wavefronts follow the previous phase's.
 */
void
rules_shared_banks(const int64_t *addr, uint32_t active, int nlanes,
    int size, int load, struct rules_banks *out)
{
	struct rules_word	*wd, t;
	uint32_t		 mask, phase[4];
	int64_t			 w0;
	int			 phases, words, p, l, k, i, j, first;
	int			 inbank[RULES_BANKS], base = 0, max;

	mask = rules_mask(active, &nlanes);
	phases = rules_shared_phases(addr, mask, size, load, phase, &words);
	out->phases = phases;
	out->nwords = 0;
	for (i = 0; i < RULES_BANKS; i++)
		out->words[i] = out->degree[i] = 0;
	for (l = 0; l < RULES_MAX_LANES; l++)
		out->wave[l] = -1;

	for (p = 0; p < phases; p++) {
		first = out->nwords;
		/* The phase's distinct words and the lanes of each. */
		for (l = 0; l < RULES_MAX_LANES; l++) {
			if (!(phase[p] & (UINT32_C(1) << l)))
				continue;
			w0 = rules_floordiv(addr[l], RULES_BANK_WIDTH);
			for (k = 0; k < words; k++) {
				for (i = first; i < out->nwords; i++)
					if (out->word[i].word == w0 + k)
						break;
				wd = &out->word[i];
				if (i == out->nwords) {
					out->nwords++;
					wd->word = w0 + k;
					wd->bank = (int)rules_floormod(w0 + k,
					    RULES_BANKS);
					wd->phase = p;
					wd->lanes = 0;
				}
				wd->lanes |= UINT32_C(1) << l;
			}
		}
		/* Sort by bank, then address; number the passes. */
		for (i = first + 1; i < out->nwords; i++) {
			t = out->word[i];
			for (j = i; j > first && (out->word[j - 1].bank > t.bank ||
			    (out->word[j - 1].bank == t.bank &&
			    out->word[j - 1].word > t.word)); j--)
				out->word[j] = out->word[j - 1];
			out->word[j] = t;
		}
		for (i = 0; i < RULES_BANKS; i++)
			inbank[i] = 0;
		max = 0;
		for (i = first; i < out->nwords; i++) {
			wd = &out->word[i];
			wd->pass = inbank[wd->bank]++;
			wd->wave = base + wd->pass;
			if (inbank[wd->bank] > max)
				max = inbank[wd->bank];
			out->words[wd->bank]++;
			if (inbank[wd->bank] > out->degree[wd->bank])
				out->degree[wd->bank] = inbank[wd->bank];
		}
		/* A lane is served when its first word is. */
		for (i = first; i < out->nwords; i++)
			for (l = 0; l < RULES_MAX_LANES; l++)
				if ((out->word[i].lanes & (UINT32_C(1) << l)) &&
				    out->word[i].word == rules_floordiv(addr[l],
				    RULES_BANK_WIDTH))
					out->wave[l] = out->word[i].wave;
		base += max;
	}
}

int
rules_lines(const int64_t *addr, uint32_t active, int nlanes, int size,
    struct rules_line *out)
{
	struct rules_line	t;
	uint32_t		mask;
	int64_t			w, ln;
	int			l, i, j, n = 0;

	if (size < 1)
		size = 1;
	mask = rules_mask(active, &nlanes);
	for (l = 0; l < nlanes; l++) {
		if (!(mask & (UINT32_C(1) << l)))
			continue;
		for (w = rules_floordiv(addr[l], RULES_BANK_WIDTH);
		    w <= rules_floordiv(addr[l] + size - 1, RULES_BANK_WIDTH);
		    w++) {
			ln = rules_floordiv(w, RULES_LINE_WORDS);
			for (i = 0; i < n; i++)
				if (out[i].line == ln)
					break;
			if (i == n) {
				if (n == RULES_MAX_LINES)
					continue;
				memset(&out[n], 0, sizeof out[n]);
				out[n++].line = ln;
			}
			out[i].word[w - ln * RULES_LINE_WORDS] |=
			    UINT32_C(1) << l;
		}
	}
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && out[j - 1].line > out[j].line; j--) {
			t = out[j];
			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return (n);
}

uint32_t
rules_line_sector(const struct rules_line *ln, int s)
{
	uint32_t	mask = 0;
	int		i, per = RULES_SECTOR / RULES_BANK_WIDTH;

	for (i = 0; i < per; i++)
		mask |= ln->word[s * per + i];
	return (mask);
}

void
rules_distinct(const int64_t *addr, uint32_t active, int nlanes,
    struct rules_reads *out)
{
	uint32_t	mask;
	int		l, i;

	mask = rules_mask(active, &nlanes);
	out->n = 0;
	for (l = 0; l < nlanes; l++) {
		if (!(mask & (UINT32_C(1) << l)))
			continue;
		for (i = 0; i < out->n; i++)
			if (out->addr[i] == addr[l])
				break;
		if (i == out->n) {
			out->addr[i] = addr[l];
			out->lanes[i] = 0;
			out->first[i] = l;
			out->n++;
		}
		out->lanes[i] |= UINT32_C(1) << l;
	}
}

enum rules_class
rules_legacy_class(const struct rules_legacy *lg, uint32_t active,
    int nlanes, int half)
{
	(void)active;
	(void)nlanes;
	if (half < 0 || half >= lg->parts || half >= RULES_MAX_PARTS)
		return (RULES_NONE);
	return (lg->part_class[half]);
}

void
rules_segment_lanes(const struct rules_segment *sg, const int64_t *addr,
    int size, uint32_t lanes[32])
{
	int64_t		wa;
	int		k, l;

	for (k = 0; k < 32; k++)
		lanes[k] = 0;
	for (k = 0; k < sg->size / RULES_BANK_WIDTH && k < 32; k++) {
		wa = sg->addr + RULES_BANK_WIDTH * k;
		for (l = 0; l < RULES_MAX_LANES; l++)
			if ((sg->lanes & (UINT32_C(1) << l)) &&
			    addr[l] < wa + RULES_BANK_WIDTH &&
			    addr[l] + size > wa)
				lanes[k] |= UINT32_C(1) << l;
	}
}

/* Distinct values among n (n small: a quad or a group of 8). */
static int
rules_distinct_n(const int64_t *v, int n)
{
	int	i, j, d = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < i && v[j] != v[i]; j++)
			/* nothing */;
		d += j == i;
	}
	return (d);
}

static int64_t
rules_clamp(int64_t v, int64_t hi)
{
	return (v < 0 ? 0 : v > hi - 1 ? hi - 1 : v);
}

void
rules_texture_2d(const int64_t *x, const int64_t *y, uint32_t active,
    int nlanes, int size, int64_t width, int64_t height,
    struct rules_texture *out)
{
	int64_t		key[4], cx, cy;
	uint32_t	mask;
	int		q, l, n;

	if (size < 1)
		size = 1;
	if (width < 1)
		width = 1;
	if (height < 1)
		height = 1;
	mask = rules_mask(active, &nlanes);
	memset(out, 0, sizeof *out);
	out->active = rules_popcount(mask);
	for (q = 0; q < RULES_MAX_LANES / 4; q++) {
		for (l = 4 * q, n = 0; l < 4 * q + 4; l++) {
			if (!(mask & (UINT32_C(1) << l)))
				continue;
			cx = rules_clamp(x[l], width);
			cy = rules_clamp(y[l], height);
			/* Sector (x * size / 16, y / 2), as one key; a row of
			   sectors is at most width * 16 long. */
			key[n++] = rules_floordiv(cy, 2) * (width * 16 + 1) +
			    cx * size / 16;
		}
		if (n == 0)
			continue;
		out->requests++;
		out->sectors += rules_distinct_n(key, n);
		out->ideal += (n * size + 31) / 32;
	}
}

void
rules_texture_1d(const int64_t *addr, uint32_t active, int nlanes, int size,
    struct rules_texture *out)
{
	int64_t		v[8];
	uint32_t	mask;
	int		g, l, n, sectors, lines, bytes;

	if (size < 1)
		size = 1;
	mask = rules_mask(active, &nlanes);
	memset(out, 0, sizeof *out);
	out->active = rules_popcount(mask);
	for (g = 0; g < RULES_MAX_LANES / 8; g++) {
		for (l = 8 * g, n = 0; l < 8 * g + 8; l++)
			if (mask & (UINT32_C(1) << l))
				v[n++] = addr[l];
		if (n == 0)
			continue;
		rules_sort(v, n);
		rules_spans(v, n, size, &bytes, &sectors, &lines);
		out->requests++;
		out->sectors += sectors;
		out->ideal += (n * size + 31) / 32;
	}
}
