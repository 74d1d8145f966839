/* SPDX-License-Identifier: ISC
 * tap.h - a tiny Test Anything Protocol emitter for the unit tests.
 * Header-only: each test program includes it once.  Output goes to stdout;
 * the automake TAP driver reads it.  tap_done() returns the exit status.
 */
#ifndef WV_TAP_H
#define WV_TAP_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_n;
static int tap_failed;

static void
tap_vok(int pass, const char *fmt, va_list ap)
{
	tap_n++;
	if (!pass)
		tap_failed++;
	printf("%sok %d - ", pass ? "" : "not ", tap_n);
	vprintf(fmt, ap);
	printf("\n");
	fflush(stdout);
}

static __attribute__((format(printf, 2, 3), unused)) int
ok(int pass, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vok(pass, fmt, ap);
	va_end(ap);
	return pass;
}

static __attribute__((format(printf, 3, 4), unused)) int
is_int(int64_t got, int64_t want, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vok(got == want, fmt, ap);
	va_end(ap);
	if (got != want)
		printf("#   got %" PRId64 ", want %" PRId64 "\n", got, want);
	return got == want;
}

static __attribute__((format(printf, 3, 4), unused)) int
is_str(const char *got, const char *want, const char *fmt, ...)
{
	va_list ap;
	int pass;

	pass = got != NULL && want != NULL && strcmp(got, want) == 0;
	va_start(ap, fmt);
	tap_vok(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		printf("#   got \"%s\", want \"%s\"\n", got ? got : "(null)",
		    want ? want : "(null)");
	return pass;
}

static __attribute__((format(printf, 1, 2), unused)) void
diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static int
tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
