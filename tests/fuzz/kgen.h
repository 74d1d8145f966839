/* SPDX-License-Identifier: ISC
 * kgen.h - the structure-aware half of the fuzzing: fuzz bytes read as a
 * small program that writes a kernel file or a lesson file of up to a
 * given size (1 MiB), made of what broke the readers once: deep nesting,
 * long chains, multiplying #defines, many ifs and variables, deep loops,
 * duplicate lines, BOMs, casts.  A few bytes make a megabyte, so the
 * fuzzer reaches the readers' budgets and a regression stays small.
 *
 * An input whose first byte is KGEN_MAGIC is such a program (the targets
 * fuzz-ksrc and fuzz-lesson read others as the text itself).
 */
#ifndef WV_KGEN_H
#define WV_KGEN_H

#include <stddef.h>
#include <stdint.h>

#define KGEN_MAGIC	0x01
#define KGEN_MAX	(1024 * 1024)

/* Write the kernel file that program d[0..n) describes into out (at
   most max - 1 bytes, NUL-terminated); returns its length. */
size_t	kgen_kernel(const uint8_t *d, size_t n, char *out, size_t max);
/* The same for a lesson file. */
size_t	kgen_lesson(const uint8_t *d, size_t n, char *out, size_t max);

#endif
