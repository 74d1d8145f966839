/* SPDX-License-Identifier: ISC
 * fuzz.h - what every fuzz target shares: the libFuzzer entry point and a
 * NUL-terminated copy of the input.  Each fuzz-*.c defines
 * LLVMFuzzerTestOneInput; built with clang -fsanitize=fuzzer it is a
 * libFuzzer target (make fuzz), built with driver.c it replays files
 * (make check runs the seed corpora and the regressions that way).
 */
#ifndef WV_FUZZ_H
#define WV_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

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
