/* SPDX-License-Identifier: ISC
 * fuzz-ksrc.c - the kernel-source reader (src/kernel/ksrc.c) on fuzzed
 * text handed to it as a .cu file, every "// warpviz:" block of it (at
 * most four).  When a block parses, its launch is built with each
 * parameter at its minimum (the small end, where brute force is cheap)
 * and the totals' fast path must agree with brute force (fuzz-totals.c,
 * shared with fuzz-launch.c).  A refusal must say why; everything is
 * freed.  A text without such lines is drafted (check --draft) and the
 * draft read the same way.  An input starting with KGEN_MAGIC is a program for the kernel
 * generator (kgen.c), which writes up to 1 MiB of deep, long or
 * multiplying C from a few bytes.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "kgen.h"
#include "ksrc.h"
#include "launch.h"
#include "param.h"

#define BLOCKS_MAX	4
/* The drafter reads the file, then the reader its draft up to 8 times:
   on texts up to this size (the megabyte tangles are hostile.sh's). */
#define DRAFT_FUZZ_MAX	65536

static void
one(const char *text, int n)
{
	static struct launch	 l;
	struct variant		*v;
	struct param_set	 ps;
	char			*cause = NULL;
	int			 i;

	if ((v = ksrc_parse_block("fuzz.cu", text, n, &cause)) == NULL) {
		if (cause == NULL)
			abort();	/* a refusal always says why */
		free(cause);
		return;
	}
	if (cause != NULL)
		abort();
	param_defaults(&ps, v);
	for (i = 0; i < ps.n; i++)
		ps.val[i] = ps.def[i]->min;
	if (launch_init(&l, &ps, &cause) == 0) {
		fuzz_totals_check("fuzz-ksrc", &l);
		launch_free(&l);
	} else {
		if (cause == NULL)
			abort();
		free(cause);
	}
	ksrc_free(v);
}

/* A file without warpviz: lines: its draft (check --draft), read. */
static void
draft(const char *text)
{
	char	*d, *cause = NULL;

	if ((d = ksrc_draft("fuzz.cu", text, &cause)) == NULL) {
		if (cause == NULL)
			abort();	/* a refusal always says why */
		free(cause);
		return;
	}
	if (cause != NULL)
		abort();
	one(d, 0);
	free(d);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	*text;
	int	 n, nb;

	if (size > 0 && data[0] == KGEN_MAGIC) {
		if ((text = malloc(KGEN_MAX + 1)) == NULL)
			abort();
		kgen_kernel(data + 1, size - 1, text, KGEN_MAX + 1);
	} else
		text = fuzz_text(data, size, 16384);
	nb = ksrc_blocks(text);
	if (nb < 1 && strlen(text) <= DRAFT_FUZZ_MAX)
		draft(text);
	if (nb < 1)
		nb = 1;		/* the reader says why there is none */
	for (n = 0; n < nb && n < BLOCKS_MAX; n++)
		one(text, n);
	free(text);
	return 0;
}
