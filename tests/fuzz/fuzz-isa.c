/* SPDX-License-Identifier: ISC
 * fuzz-isa.c - the PTX and SASS listing reader (src/compiled/isa.c) and
 * the matching of sites to what it read (compiled.c), from memory.  Each
 * input is read as both kinds for two functions; what is read must hold
 * widths of 1 to 16 bytes, lines and depths not below 0, and a refusal
 * must say why.  Matched against powers-stride32 at a small size, and
 * against a small kernel file with a loop (its spills: "sp" in
 * corpus/isa), the totals as compiled must come out with no more
 * requests than lanes, and spills found are counted or said why not.
 */
#include "config.h"

#include <stdlib.h>

#include "catalog.h"
#include "compiled.h"
#include "fuzz.h"
#include "isa.h"
#include "ksrc.h"
#include "launch.h"
#include "param.h"

/* A kernel file of 2 blocks of 48 threads (a warp of 16 lanes each) and
   a loop: the spills' loop ties, guards and partial warps. */
static const char sp_cu[] =
    "// warpviz: launch kernel=sp grid=2 block=48\n"
    "// warpviz: array a length=4096\n"
    "// warpviz: array out length=4096\n"
    "__global__ void sp(const float *a, float *out)\n"
    "{\n"
    "\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "\tfloat s = 0.0f;\n"
    "\tfor (int j = threadIdx.x; j < 40; j += 16) {\n"
    "\t\ts += a[j * 96 + i];\n"
    "\t}\n"
    "\tout[i] = s;\n"
    "}\n";

/* Launch which (0 powers-stride32, 1 sp), set up once. */
static struct launch *
launch_of(int which)
{
	static struct launch	 l[2];
	static int		 ready[2];
	struct param_set	 ps;
	struct variant		*v;
	char			*cause = NULL;

	if (!ready[which]) {
		if (which == 0) {
			param_defaults(&ps, catalog_find("powers-stride32"));
			if (param_assign(&ps, "n=256", &cause) != 0)
				abort();
		} else {
			if ((v = ksrc_parse("/x/t.cu", sp_cu, &cause)) == NULL)
				abort();
			param_defaults(&ps, v);
		}
		if (launch_init(&l[which], &ps, &cause) != 0)
			abort();
		ready[which] = 1;
	}
	return &l[which];
}

static void
check(const struct isa_func *f, int which)
{
	struct launch		*lp = launch_of(which);
	struct compiled		 c;
	struct totals		*t;
	char			*cause = NULL;
	int			 i;

	if (f->ninsn < 0 || f->ninsn > ISA_MAX_INSNS || f->lines > f->total)
		abort();
	for (i = 0; i < f->ninsn; i++)
		if (f->insn[i].width < 1 || f->insn[i].width > 16 ||
		    f->insn[i].line < 0 || f->insn[i].depth < 0)
			abort();
	for (i = 0; i < f->total; i++)
		if (f->lineat[i] < 0)
			abort();
	/* Loops run from a target to a later branch, skips from a branch
	   forward, within the instructions read. */
	for (i = 0; i < f->nloops; i++)
		if (f->loops[i].first < 0 || f->loops[i].first >
		    f->loops[i].last || f->loops[i].last >= f->total)
			abort();
	for (i = 0; i < f->nskips; i++)
		if (f->skips[i].first < 0 || f->skips[i].first >=
		    f->skips[i].last || f->skips[i].last > f->total)
			abort();
	if (compiled_match(lp, f, &c, &cause) != 0) {
		if (cause == NULL)
			abort();
		free(cause);
		return;
	}
	t = calloc(1, sizeof *t);
	if (t == NULL)
		abort();
	if (c.nspill < 0 || c.nspill > COMPILED_MAX_SPILLS ||
	    c.nspill > c.spill_insns || (c.spill_insns > 0 && c.nspill == 0 &&
	    c.spill_note[0] == '\0'))
		abort();
	if (compiled_totals(lp, ARCH_MODERN, &c, t, &cause) == 0) {
		for (i = 0; i < lp->nsites; i++)
			if (t->site[i].requests < 0 ||
			    t->site[i].requests > t->site[i].lanes)
				abort();
		if (t->local_load.requests < 0 || t->local_load.requests >
		    t->local_load.lanes || t->local_store.requests < 0)
			abort();
	} else
		free(cause);
	free(t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct {
		const char	*func, *file;
		int		 which;
	} funcs[] = { { "powers_stride32", "powers.cu", 0 },
	    { "k", "powers.cu", 0 }, { "sp", "t.cu", 1 } };
	struct isa_func	 f;
	char		*cause;
	int		 kind;
	size_t		 i;

	for (kind = ISA_PTX; kind <= ISA_SASS; kind++)
		for (i = 0; i < sizeof funcs / sizeof funcs[0]; i++) {
			cause = NULL;
			if (isa_read(kind, (const char *)data, size,
			    funcs[i].func, funcs[i].file, &f, &cause) != 0) {
				if (cause == NULL)
					abort();
				free(cause);
				continue;
			}
			check(&f, funcs[i].which);
			isa_free(&f);
		}
	return 0;
}
