/* SPDX-License-Identifier: ISC
 * test-brute.c - brute force on several threads gives what one thread
 * gives: the same totals, byte for byte, for any number of threads, and
 * the same error, the first in the one-thread order (block by block),
 * when two blocks fail.  Expected values come from the one-thread run,
 * which test-ksrc and test-model check against the rules.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ksrc.h"
#include "launch.h"
#include "param.h"
#include "tap.h"
#include "totals.h"

/* Two blocks fail: block 2 divides by zero, and block 5. */
static const char failing[] =
    "// warpviz: param n=2048 range=1..1000000\n"
    "// warpviz: launch kernel=k grid=n/256 block=256\n"
    "// warpviz: array a length=n\n"
    "__global__ void k(float *a, int n)\n"
    "{\n"
    "\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "\tint d = (blockIdx.x - 2) * (blockIdx.x - 5);\n"
    "\ta[i / (d * d)] = 1;\n"
    "}\n";

/* A launch of kernel text src with parameter n. */
static struct variant *
setup(struct launch *l, const char *src, const char *n)
{
	struct variant		*v;
	struct param_set	 ps;
	char			*cause = NULL;

	if ((v = ksrc_parse("t.cu", src, &cause)) == NULL) {
		diag("parse: %s", cause);
		exit(1);
	}
	param_defaults(&ps, v);
	if (param_assign(&ps, n, &cause) != 0 ||
	    launch_init(l, &ps, &cause) != 0) {
		diag("launch: %s", cause);
		exit(1);
	}
	return v;
}

int
main(void)
{
	static const int	 nthreads[] = { 2, 3, 5, 16 };
	struct launch		 l;
	struct variant		*v;
	struct totals		 one, many;
	char			*want = NULL, *got = NULL, path[4096];
	const char		*src = getenv("srcdir");
	char			*text;
	FILE			*f;
	long			 len;
	size_t			 i;
	int			 rc;

	snprintf(path, sizeof path, "%s/tests/kernels/transpose-naive.cu",
	    src != NULL ? src : ".");
	if ((f = fopen(path, "r")) == NULL || fseek(f, 0, SEEK_END) != 0 ||
	    (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
		return 99;
	text = calloc(1, len + 1);
	if (fread(text, 1, len, f) != (size_t)len)
		return 99;
	fclose(f);
	v = setup(&l, text, "n=200");
	totals_set_threads(1);
	ok(totals_compute(&l, ARCH_MODERN, TOTALS_BRUTE, &one, &want) == 0,
	    "transpose-naive n=200 by brute force on one thread");
	ok(one.global_load.requests > 0 && one.global_store.sectors > 0,
	    "it counts loads and stores");
	for (i = 0; i < sizeof nthreads / sizeof nthreads[0]; i++) {
		totals_set_threads(nthreads[i]);
		ok(totals_compute(&l, ARCH_MODERN, TOTALS_BRUTE, &many,
		    &got) == 0 && memcmp(&one, &many, sizeof one) == 0,
		    "on %d threads: the same totals, byte for byte",
		    nthreads[i]);
	}
	launch_free(&l);
	ksrc_free(v);
	free(text);

	v = setup(&l, failing, "n=2048");
	totals_set_threads(1);
	rc = totals_compute(&l, ARCH_MODERN, TOTALS_BRUTE, &one, &want);
	ok(rc != 0 && want != NULL && strstr(want, "block 2") != NULL,
	    "two failing blocks: one thread fails at the first, block 2 (%s)",
	    want != NULL ? want : "no cause");
	for (i = 0; i < sizeof nthreads / sizeof nthreads[0]; i++) {
		totals_set_threads(nthreads[i]);
		got = NULL;
		ok(totals_compute(&l, ARCH_MODERN, TOTALS_BRUTE, &many,
		    &got) != 0 && got != NULL && want != NULL &&
		    strcmp(got, want) == 0,
		    "on %d threads: the same first error", nthreads[i]);
		free(got);
	}
	free(want);
	totals_set_threads(0);
	launch_free(&l);
	ksrc_free(v);
	return tap_done();
}
