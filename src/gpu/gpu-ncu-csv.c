/* SPDX-License-Identifier: ISC
 * gpu-ncu-csv.c - the CSV fields and numbers of Nsight Compute's output,
 * for both of its readers (gpu-ncu.c the counters page, gpu-ncu-src.c
 * the source page); see gpu-ncu-csv.h.
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gpu-ncu-csv.h"

int
ncu_csv_split(const char *p, const char *end, char *f, int maxf, size_t flen)
{
	size_t	n = 0;
	int	nf = 0, quoted = 0;

	f[0] = '\0';
	for (; p < end; p++) {
		if (quoted && *p == '"' && p + 1 < end && p[1] == '"')
			p++;
		else if (*p == '"') {
			quoted = !quoted;
			continue;
		} else if (!quoted && *p == ',') {
			if (++nf == maxf)
				return nf;
			n = 0;
			f[nf * flen] = '\0';
			continue;
		}
		if (n + 1 < flen) {
			f[nf * flen + n++] = *p;
			f[nf * flen + n] = '\0';
		}
	}
	return nf + 1;
}

double
ncu_number(const char *s)
{
	char		 buf[64], *end;
	size_t		 n = 0;
	double		 v;
	locale_t	 c, old;

	for (; *s != '\0' && n + 1 < sizeof buf; s++)
		if (*s != ',')
			buf[n++] = *s;
	buf[n] = '\0';
	if (n == 0 || *s != '\0' || !((buf[0] >= '0' && buf[0] <= '9')))
		return -1;
	if ((c = newlocale(LC_ALL_MASK, "C", (locale_t)0)) == (locale_t)0)
		return -1;
	old = uselocale(c);
	v = strtod(buf, &end);
	uselocale(old);
	freelocale(c);
	if (*end != '\0' || !isfinite(v))
		return -1;
	return v;
}
