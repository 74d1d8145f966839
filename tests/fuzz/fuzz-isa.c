/* SPDX-License-Identifier: ISC
 * fuzz-isa.c - the PTX and SASS listing reader (src/compiled/isa.c) and
 * the matching of sites to what it read (compiled.c), from memory.  Each
 * input is read as both kinds for two functions; what is read must hold
 * widths of 1 to 16 bytes, lines and depths not below 0, and a refusal
 * must say why.  Matched against powers-stride32 at a small size, the
 * totals as compiled must come out with no more requests than lanes.
 */
#include "config.h"

#include <stdlib.h>

#include "catalog.h"
#include "compiled.h"
#include "fuzz.h"
#include "isa.h"
#include "launch.h"
#include "param.h"

static void
check(const struct isa_func *f)
{
	static struct launch	 l;
	static int		 ready;
	struct compiled		 c;
	struct totals		*t;
	struct param_set	 ps;
	char			*cause = NULL;
	int			 i;

	if (f->ninsn < 0 || f->ninsn > ISA_MAX_INSNS || f->lines > f->total)
		abort();
	for (i = 0; i < f->ninsn; i++)
		if (f->insn[i].width < 1 || f->insn[i].width > 16 ||
		    f->insn[i].line < 0 || f->insn[i].depth < 0)
			abort();
	if (!ready) {
		param_defaults(&ps, catalog_find("powers-stride32"));
		if (param_assign(&ps, "n=256", &cause) != 0 ||
		    launch_init(&l, &ps, &cause) != 0)
			abort();
		ready = 1;
	}
	if (compiled_match(&l, f, &c, &cause) != 0) {
		if (cause == NULL)
			abort();
		free(cause);
		return;
	}
	t = calloc(1, sizeof *t);
	if (t == NULL)
		abort();
	if (compiled_totals(&l, ARCH_MODERN, &c, t, &cause) == 0) {
		for (i = 0; i < l.nsites; i++)
			if (t->site[i].requests < 0 ||
			    t->site[i].requests > t->site[i].lanes)
				abort();
	} else
		free(cause);
	free(t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const funcs[] = { "powers_stride32", "k" };
	struct isa_func	 f;
	char		*cause;
	int		 kind, i;

	for (kind = ISA_PTX; kind <= ISA_SASS; kind++)
		for (i = 0; i < 2; i++) {
			cause = NULL;
			if (isa_read(kind, (const char *)data, size, funcs[i],
			    "powers.cu", &f, &cause) != 0) {
				if (cause == NULL)
					abort();
				free(cause);
				continue;
			}
			check(&f);
			isa_free(&f);
		}
	return 0;
}
