/* SPDX-License-Identifier: ISC
 * rules-shared.c - the shared-memory bank rule: which lanes are served
 * together (a phase: the warp, or half- or quarter-warps for 8- and
 * 16-byte words, loads merging pairs that touch few addresses), and per
 * phase the most distinct words in one bank, its wavefronts; word by word
 * for the panels.
 *
 * Units: bytes; a bank word 4 bytes, bank = word mod 32; lanes 0..31.
 * Called millions of times by the totals: never allocates, never prints,
 * keeps no state.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "rules.h"

#include <stdint.h>

#include "rules-int.h"

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
