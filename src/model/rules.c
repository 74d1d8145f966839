/* SPDX-License-Identifier: ISC
 * rules.c - the memory rules: one function per rule turns the byte addresses
 * of one warp-wide access into sectors (modern global, here), transactions
 * (cc 1.0/1.1, cc 1.2/1.3 and cc 2.x global: rules-legacy.c), wavefronts
 * (shared: rules-shared.c), serialised reads (constant and atomics:
 * rules-serial.c) or texture sectors (rules-tex.c).  What they share is
 * rules-int.h.
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

#include "rules-int.h"

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
