/* SPDX-License-Identifier: ISC
 * dram.c - the teaching model of DRAM channels and banks (dram.h): map
 * each warp request's distinct sectors through the stated interleaving and
 * count them per channel and bank.  The busiest channel bounds the time
 * the warps in flight take: spread = sectors / (channels x busiest).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "dram.h"
#include "rules.h"
#include "warp.h"

const struct dram_config dram_teaching = {
	.channels = 8,
	.banks = 16,
	.interleave = 256,
};

int
dram_check(const struct dram_config *c, char **cause)
{
	if (c->channels < 1 || c->channels > DRAM_MAX_CHANNELS) {
		*cause = cause_printf("channels: %d is not allowed (1 to %d)",
		    c->channels, DRAM_MAX_CHANNELS);
		return -1;
	}
	if (c->banks < 1 || c->banks > DRAM_MAX_BANKS) {
		*cause = cause_printf("banks: %d is not allowed (1 to %d)",
		    c->banks, DRAM_MAX_BANKS);
		return -1;
	}
	if (c->interleave < 32 || c->interleave % 32 != 0 ||
	    c->interleave > 1 << 20) {
		*cause = cause_printf("interleave: %lld is not allowed (a "
		    "multiple of 32 bytes up to 1048576)",
		    (long long)c->interleave);
		return -1;
	}
	return 0;
}

int
dram_parse(const char *s, struct dram_config *c, char **cause)
{
	long long	ch, b, il;
	char		tail;

	if (sscanf(s, "%lld,%lld,%lld%c", &ch, &b, &il, &tail) != 3 ||
	    ch < 1 || ch > DRAM_MAX_CHANNELS || b < 1 || b > DRAM_MAX_BANKS ||
	    il < 32 || il % 32 != 0 || il > 1 << 20) {
		*cause = cause_printf("'%s' is not allowed (CHANNELS,BANKS,"
		    "INTERLEAVE: 1-%d channels, 1-%d banks, a multiple of 32 "
		    "bytes up to 1048576; e.g. 8,16,256)", s, DRAM_MAX_CHANNELS,
		    DRAM_MAX_BANKS);
		return -1;
	}
	c->channels = (int)ch;
	c->banks = (int)b;
	c->interleave = il;
	return dram_check(c, cause);
}

/* Floor division for negative addresses too. */
static int64_t
dram_div(int64_t a, int64_t b)
{
	return a >= 0 ? a / b : -((-a + b - 1) / b);
}

void
dram_locate(const struct dram_config *c, int64_t addr, int *channel,
    int *bank)
{
	int64_t	chunk = dram_div(addr, c->interleave);
	int64_t	row = dram_div(chunk, c->channels);

	*channel = (int)(chunk - row * c->channels);
	*bank = (int)(row - dram_div(row, c->banks) * c->banks);
}

void
dram_clear(struct dram_load *d)
{
	memset(d, 0, sizeof *d);
}

static int
dram_cmp(const void *a, const void *b)
{
	int64_t	x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

void
dram_add_request(const struct dram_config *c, struct dram_load *d,
    const int64_t *addr, uint32_t active, int nlanes, int size)
{
	int64_t	sec[RULES_MAX_LANES * 4], s, last;
	int	i, n = 0, k, ch, bank;

	/* A lane's access of up to 16 bytes spans at most 2 sectors; wider
	   ones are cut at 4. */
	for (i = 0; i < nlanes && i < RULES_MAX_LANES; i++) {
		if (!(active & (1u << i)))
			continue;
		last = dram_div(addr[i] + (size > 0 ? size : 1) - 1, 32);
		for (s = dram_div(addr[i], 32), k = 0; s <= last && k < 4;
		    s++, k++)
			sec[n++] = s;
	}
	qsort(sec, n, sizeof *sec, dram_cmp);
	for (k = 0; k < n; k++) {
		if (k > 0 && sec[k] == sec[k - 1])
			continue;
		dram_locate(c, sec[k] * 32, &ch, &bank);
		if (d->channel[ch]++ == 0)
			d->channels_used++;
		if (d->channel[ch] > d->busiest)
			d->busiest = d->channel[ch];
		d->bank[ch][bank]++;
		d->sectors++;
	}
	d->warps++;
}

int
dram_add_warps(const struct dram_config *c, struct dram_load *d,
    const struct launch *l, int64_t step, int64_t bx, int64_t by, int warp,
    int nwarps, char **cause)
{
	struct access	a;
	int		k;

	if (step < 0 || step >= l->nsteps) {
		*cause = cause_printf("step %lld is outside the launch",
		    (long long)step);
		return -1;
	}
	for (k = 0; k < nwarps; k++) {
		if (warp_access(l, bx, by, warp, step, &a, cause) != 0)
			return -1;
		if (l->sites[a.site].space != SPACE_GLOBAL &&
		    l->sites[a.site].space != SPACE_LOCAL) {
			*cause = cause_printf("step %lld is not a global "
			    "access", (long long)step);
			return -1;
		}
		dram_add_request(c, d, a.addr, a.active, a.nlanes,
		    l->sites[a.site].size);
		/* The next warp in launch order. */
		if (++warp == l->warps) {
			warp = 0;
			if (++bx == l->grid[0]) {
				bx = 0;
				if (++by == l->grid[1])
					return k + 1;
			}
		}
	}
	return nwarps;
}

double
dram_spread(const struct dram_config *c, const struct dram_load *d)
{
	if (d->busiest == 0)
		return 0;
	return (double)d->sectors / ((double)c->channels * d->busiest);
}
