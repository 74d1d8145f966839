/* SPDX-License-Identifier: ISC
 * rules-int.h - what the files of the memory rules share and nothing else
 * includes: floor division, the lane mask, the small sort and the count of
 * distinct sectors and lines.  Static inline, as they were when the rules
 * were one file: the totals call the rules millions of times.
 *
 * Units as rules.h: bytes, lanes 0..31, a sector 32 bytes, a line 128.
 */
#ifndef WV_RULES_INT_H
#define WV_RULES_INT_H

#include <stdint.h>

#include "rules.h"

/* Running count of distinct aligned blocks over sorted, disjoint intervals. */
struct rules_blocks {
	int64_t	size;		/* block size in bytes */
	int64_t	last;		/* index of the last block counted */
	int	have;		/* last is valid */
	int	n;		/* distinct blocks so far */
};

static inline int64_t
rules_floordiv(int64_t a, int64_t b)
{
	int64_t	q = a / b;

	if (a % b != 0 && a < 0)
		q--;
	return (q);
}

static inline int64_t
rules_floormod(int64_t a, int64_t b)
{
	return (a - rules_floordiv(a, b) * b);
}

/* Active lanes below nlanes; nlanes is clamped to 0..RULES_MAX_LANES. */
static inline uint32_t
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

static inline int
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
static inline void
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
static inline int
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
static inline void
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
static inline void
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

#endif
