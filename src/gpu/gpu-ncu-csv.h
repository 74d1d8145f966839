/* SPDX-License-Identifier: ISC
 * gpu-ncu-csv.h - what the readers of Nsight Compute's output share
 * (gpu-ncu.c the counters page, gpu-ncu-src.c the source page), in
 * gpu-ncu-csv.c.
 */
#ifndef WV_GPU_NCU_CSV_H
#define WV_GPU_NCU_CSV_H

#include <stddef.h>

/*
 * Split one CSV line (RFC 4180 quoting, "" inside quotes) into at most
 * maxf fields of flen bytes each in f (field i at f + i * flen), cut
 * where longer.  Returns the number of fields.
 */
int	ncu_csv_split(const char *p, const char *end, char *f, int maxf,
	    size_t flen);
/* A value as ncu writes it ("1,048,576", "12.5"), in the "C" locale;
   -1 for "n/a", anything else that is no number, or a negative. */
double	ncu_number(const char *);

#endif
