/* SPDX-License-Identifier: ISC
 * rules-tex.c - the texture rule: a 2D fetch per quad of lanes, as the
 * distinct sectors of 16 bytes x 2 rows its texels fall in (coordinates
 * clamped to the texture), a 1D fetch per group of 8 lanes, as the
 * sectors of its bytes.
 *
 * Units: texel coordinates (x, y) in elements, size bytes per texel, a
 * sector 32 bytes; lanes 0..31.  Never allocates, never prints, keeps no
 * state.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "rules.h"

#include <stdint.h>
#include <string.h>

#include "rules-int.h"

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
