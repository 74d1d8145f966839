/* SPDX-License-Identifier: ISC
 * test-compiled.c - the listing reader (isa.c) and "as compiled"
 * (compiled.c) on recorded and hand-made listings: no NVRTC, no GPU.
 * Expected counts are worked out by hand from doc/rules.md in the
 * comments; none is copied from the program's output.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "compiled.h"
#include "isa.h"
#include "launch.h"
#include "param.h"
#include "tap.h"
#include "textfile.h"
#include "totals.h"

static char *
fixture(const char *name, size_t *len)
{
	const char	*dir = getenv("srcdir");
	char		 path[4096], *cause = NULL, *t;

	snprintf(path, sizeof path, "%s/tests/compiled/%s", dir ? dir : ".",
	    name);
	if ((t = textfile_read(path, ISA_MAX_TEXT, len, &cause)) == NULL) {
		diag("%s", cause);
		free(cause);
	}
	return t;
}

/* The totals of a catalog variant at params, as compiled from a listing. */
static int
as_compiled(const char *variant, const char *params, enum isa_kind kind,
    const char *text, size_t len, const char *func, struct launch *l,
    struct compiled *c, struct totals *t)
{
	struct param_set	 ps;
	struct isa_func		 f;
	char			*cause = NULL, buf[256], *p, *q;
	int			 rc;

	param_defaults(&ps, catalog_find(variant));
	snprintf(buf, sizeof buf, "%s", params);
	for (p = strtok_r(buf, ",", &q); p != NULL; p = strtok_r(NULL, ",", &q))
		if (param_assign(&ps, p, &cause) != 0)
			return -1;
	if (launch_init(l, &ps, &cause) != 0)
		return -1;
	rc = isa_read(kind, text, len, func, ps.v->source, &f, &cause) == 0 &&
	    compiled_match(l, &f, c, &cause) == 0 &&
	    compiled_totals(l, ARCH_MODERN, c, t, &cause) == 0 ? 0 : -1;
	if (rc != 0)
		diag("%s: %s", variant, cause);
	free(cause);
	isa_free(&f);
	return rc;
}

/*
 * powers-stride32 from NVRTC-equivalent PTX: s[t*32 + k] for k = 0..31 is
 * one lane's 128 contiguous bytes, fully unrolled into 8 st.shared.v4.f32
 * and 8 ld.shared.v4.f32.  n = 4194304 threads = 131072 warps; 8
 * instructions each: 1048576 stores and 1048576 loads (ncu's numbers).
 * Each v4 access: lane t at byte 128 t + 16 j, so every lane's 16 bytes
 * are banks 4j..4j+3: 4 phases of 8 lanes, each 8-way, no merge (8
 * distinct addresses per phase): 32 wavefronts per instruction,
 * 33554432 in all.
 */
static void
test_powers(void)
{
	struct launch	 l;
	struct compiled	 c;
	struct totals	*t = calloc(1, sizeof *t);
	struct isa_func	 f;
	char		*text, *cause = NULL;
	size_t		 len;

	if ((text = fixture("powers.ptx", &len)) == NULL) {
		ok(0, "powers.ptx read");
		free(t);
		return;
	}
	ok(isa_read(ISA_PTX, text, len, "powers_stride32", "powers.cu", &f,
	    &cause) == 0, "powers_stride32 found in the PTX");
	/* in[i], 8 stores, 8 loads, out[i]: 18 memory instructions, none
	   in a loop (both k loops unrolled). */
	is_int(f.ninsn, 18, "powers_stride32: 18 memory instructions");
	is_int(f.insn[1].width, 16, "st.shared.v4.f32 is 16 bytes a lane");
	is_int(f.insn[1].line, 33, "the first store is line 33's");
	is_int(f.insn[1].depth, 0, "unrolled: in no loop");
	is_str(f.insn[2].base, "%r7", "its address base");
	is_int(f.insn[2].offset, 16, "the second store is 16 bytes on");
	isa_free(&f);
	if (as_compiled("powers-stride32", "", ISA_PTX, text, len,
	    "powers_stride32", &l, &c, t) == 0) {
		is_int(c.site[1].how, COMPILED_VECTOR, "s[t*32 + k] store "
		    "vectorised");
		is_int(c.site[1].iters, 4, "4 k per instruction");
		is_int(t->shared_store.requests, 1048576, "1048576 shared "
		    "stores as compiled");
		is_int(t->shared_load.requests, 1048576, "1048576 shared loads "
		    "as compiled");
		is_int(t->shared_load.wavefronts, 33554432, "32 wavefronts "
		    "each: 33554432");
		is_int(t->global_load.requests, 131072, "in[i] as written");
		launch_free(&l);
	} else
		ok(0, "powers-stride32 as compiled");
	/* powers-transposed: s[k*blockDim.x + t] cannot be vectorised: 32
	   scalar st.shared.f32, 131072 x 32 = 4194304 as written. */
	if (as_compiled("powers-transposed", "", ISA_PTX, text, len,
	    "powers_transposed", &l, &c, t) == 0) {
		is_int(c.site[1].how, COMPILED_SAME, "transposed: scalar");
		is_int(t->shared_store.requests, 4194304, "4194304 stores");
		launch_free(&l);
	} else
		ok(0, "powers-transposed as compiled");
	free(text);
	free(t);
}

/*
 * matmul-tiled at width 1024, tile 16: 64 x 64 blocks of 8 warps = 32768
 * warps, 64 phases, 16 k.  PTX keeps both line-94 loads scalar (told
 * apart by their bases: Mds steps 4 bytes, Nds 64): 32768 x 64 x 16 =
 * 33554432 each.  The SASS fixture reads Mds[ty][k] with one LDS.128 per
 * 4 k: 32768 x 64 x 4 = 8388608, plus Nds's 33554432: 41943040 (ncu).
 * LDS.128 of a 16-wide tile: a warp is rows ty, ty+1, each row's 16
 * lanes one address (broadcast); phases of 8 lanes hold one address each,
 * so loads merge pairs: 2 wavefronts; 8388608 x 2 + 33554432 = 50331648.
 */
static void
test_matmul(void)
{
	struct launch	 l;
	struct compiled	 c;
	struct totals	*t = calloc(1, sizeof *t);
	char		*text;
	size_t		 len;

	if ((text = fixture("matmul.ptx", &len)) != NULL &&
	    as_compiled("matmul-tiled", "width=1024", ISA_PTX, text, len,
	    "matmul_tiled_16", &l, &c, t) == 0) {
		is_int(c.site[4].ninsn, 16, "Mds[ty][k]: 16 ld.shared.f32");
		is_int(c.site[5].ninsn, 16, "Nds[k][tx]: 16 ld.shared.f32");
		is_int(t->shared_load.requests, 67108864, "PTX: 67108864 "
		    "shared loads, as written");
		launch_free(&l);
	} else
		ok(0, "matmul-tiled from PTX");
	free(text);
	if ((text = fixture("matmul.sass", &len)) != NULL &&
	    as_compiled("matmul-tiled", "width=1024", ISA_SASS, text, len,
	    "matmul_tiled_16", &l, &c, t) == 0) {
		is_str(c.site[4].mnem, "LDS.128", "Mds[ty][k]: LDS.128");
		is_int(c.site[4].iters, 4, "1 per 4 k");
		is_int(c.site[5].how, COMPILED_SAME, "Nds[k][tx]: scalar LDS");
		is_int(t->site[4].requests, 8388608, "Mds: 8388608");
		is_int(t->shared_load.requests, 41943040, "SASS: 41943040 "
		    "shared loads");
		is_int(t->shared_load.wavefronts, 50331648, "50331648 "
		    "wavefronts");
		is_int(c.kind, ISA_SASS, "decided by SASS");
		launch_free(&l);
	} else
		ok(0, "matmul-tiled from SASS");
	free(text);
	free(t);
}

/*
 * Hand-made listings: struct16's 16-byte a[i] read as four 4-byte loads
 * (SPLIT): each part's lanes are 16 bytes apart, 32 x 16 = 512 bytes =
 * 16 sectors per request; 4 x 131072 requests, 16 x that sectors.  And
 * cuobjdump's layout with predicates, a loop and an address branch.
 */
static void
test_handmade(void)
{
	static const char ptx[] =
	    ".visible .entry struct16(\n\t.param .u64 a\n)\n{\n"
	    "\t.loc\t1 52 3\n"
	    "$L__BB0_1:\n"
	    "\t@%p1 ld.global.f32 \t%f1, [%rd4];\n"
	    "\tld.global.f32 \t%f2, [%rd4+4];\n"
	    "\tld.global.f32 \t%f3, [%rd4+8];\n"
	    "\tld.global.f32 \t%f4, [%rd4+12];\n"
	    "\t.loc\t1 53 3\n"
	    "\tst.global.f32 \t[%rd5], %f5;\n"
	    "\t@%p2 bra \t$L__BB0_1;\n"
	    "\tret;\n}\n"
	    "\t.file\t1 \"/x/cuda/align.cu\"\n";
	static const char sass[] =
	    "\tcode for sm_90\n\t\tFunction : struct16\n"
	    "        /*0000*/                   LDG.E.128.CONSTANT R4, "
	    "desc[UR4][R2.64+0x10] ;   /* 0x000fe4 */\n"
	    "        /*0010*/               @!P0 BRA 0x0 ;\n"
	    "        /*0020*/                   STL.64 [R1+-0x8], R4 ;\n";
	static const char mangled[] = ".entry _Z3fooPf(\n)\n{\n}\n";
	struct launch	 l;
	struct compiled	 c;
	struct totals	*t = calloc(1, sizeof *t);
	struct isa_func	 f;
	char		*cause = NULL;

	if (as_compiled("struct16", "", ISA_PTX, ptx, sizeof ptx - 1,
	    "struct16", &l, &c, t) == 0) {
		is_int(c.site[0].how, COMPILED_SPLIT, "a[i]: split");
		is_int(c.site[0].parts, 4, "in 4 parts");
		is_int(t->global_load.requests, 4 * 131072, "4 x 131072 "
		    "requests");
		is_int(t->global_load.sectors, 16 * 4 * 131072, "16 sectors "
		    "each");
		launch_free(&l);
	} else
		ok(0, "struct16 from a hand-made PTX");
	ok(isa_read(ISA_PTX, ptx, sizeof ptx - 1, "struct16", "align.cu", &f,
	    &cause) == 0 && f.insn[0].depth == 1 && f.insn[4].depth == 1,
	    "a backward branch makes a loop");
	isa_free(&f);
	ok(isa_read(ISA_SASS, sass, sizeof sass - 1, "struct16", "align.cu",
	    &f, &cause) == 0 && f.ninsn == 2, "cuobjdump's layout read");
	if (f.ninsn == 2) {
		is_int(f.insn[0].width, 16, "LDG.E.128: 16 bytes");
		is_int(f.insn[0].nc, 1, ".CONSTANT: the read-only path");
		is_int(f.insn[0].offset, 16, "offset 0x10");
		is_int(f.insn[0].depth, 1, "BRA 0x0 loops back over it");
		is_int(f.insn[1].space, ISA_LOCAL, "STL: local");
		is_int(f.insn[1].offset, -8, "offset -0x8");
		ok(f.lines == 0 && compiled_match(&l, &f, &c, &cause) != 0 &&
		    strstr(cause, "no line information") != NULL,
		    "no line information: refused");
		free(cause);
		cause = NULL;
	}
	isa_free(&f);
	ok(isa_read(ISA_PTX, ptx, sizeof ptx - 1, "nosuch", "align.cu", &f,
	    &cause) != 0 && strstr(cause, "no function nosuch") != NULL,
	    "a missing function is one line");
	free(cause);
	cause = NULL;
	/* A kernel without extern "C": found under its C++ name, and only
	   under its own (_Z3foo, not _Z2fo). */
	ok(isa_read(ISA_PTX, mangled, strlen(mangled), "foo",
	    "k.cu", &f, &cause) == 0 && strcmp(f.name, "_Z3foo") == 0,
	    "foo is found as _Z3fooPf");
	isa_free(&f);
	ok(isa_read(ISA_PTX, mangled, strlen(mangled), "fo",
	    "k.cu", &f, &cause) != 0, "fo is not _Z3fooPf");
	free(cause);
	free(t);
}

int
main(void)
{
	test_powers();
	test_matmul();
	test_handmade();
	return tap_done();
}
