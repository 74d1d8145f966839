/* SPDX-License-Identifier: ISC
 * fuzz.h - what the fuzz targets share: the libFuzzer entry point, a
 * NUL-terminated copy of the input and, for the targets that build a
 * launch, the totals check of fuzz-totals.c.  Each target's fuzz-NAME.c
 * defines LLVMFuzzerTestOneInput; built with clang -fsanitize=fuzzer it
 * is a libFuzzer target (make fuzz), built with driver.c it replays files
 * (make check runs the seed corpora and the regressions that way).
 */
#ifndef WV_FUZZ_H
#define WV_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct launch;

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Walk l through both models and abort, naming target, where the totals'
   fast path and brute force differ (fuzz-totals.c). */
void	fuzz_totals_check(const char *target, const struct launch *l);

/* The input as a C string (inputs longer than max are cut). */
static inline char *
fuzz_text(const uint8_t *data, size_t size, size_t max)
{
	char	*s;

	if (size > max)
		size = max;
	if ((s = malloc(size + 1)) == NULL)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

#endif
