/* SPDX-License-Identifier: ISC
 * rules-legacy.c - the rules of the older GPUs, for comparison: a warp's
 * access as transactions of segments per half-warp (cc 1.0/1.1 and cc
 * 1.2/1.3, CUDA C Programming Guide 3.x G.3.2) or per part of 32, 16 or
 * 8 lanes in 128-byte lines (cc 2.x), and the lanes of each segment for
 * the panels.
 *
 * Units: bytes; a segment 32, 64 or 128 bytes; lanes 0..31.  Called by
 * the totals on every access under an older rule set: never allocates,
 * never prints, keeps no state.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "rules.h"

#include <stdint.h>

#include "rules-int.h"

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
