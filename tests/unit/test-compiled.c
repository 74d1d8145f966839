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
#include "ksrc.h"
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
	/* Instructions 0-3 the loads, 4 the store, 5 the bra, 6 ret: the
	   loop is 0 to 5; an unpredicated ret skips nothing. */
	ok(f.nloops == 1 && f.loops[0].first == 0 && f.loops[0].last == 5 &&
	    f.nskips == 0 && f.total == 7, "PTX: the loop by instruction, "
	    "0 to 5, no skip");
	ok(f.lineat != NULL && f.lineat[3] == 52 && f.lineat[4] == 53 &&
	    f.lineat[6] == 53, "each instruction's line, memory or not");
	isa_free(&f);
	ok(isa_read(ISA_SASS, sass, sizeof sass - 1, "struct16", "align.cu",
	    &f, &cause) == 0 && f.ninsn == 2, "cuobjdump's layout read");
	if (f.ninsn == 2) {
		is_int(f.insn[0].width, 16, "LDG.E.128: 16 bytes");
		is_int(f.insn[0].nc, 1, ".CONSTANT: the read-only path");
		is_int(f.insn[0].offset, 16, "offset 0x10");
		is_int(f.insn[0].depth, 1, "BRA 0x0 loops back over it");
		ok(f.nloops == 1 && f.loops[0].first == 0 &&
		    f.loops[0].last == 1, "cuobjdump's BRA 0x0: the loop is "
		    "instructions 0 to 1");
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

/* A kernel file's totals as compiled from a SASS listing; 0 or -1. */
static int
file_compiled(struct variant *v, const char *sass, size_t len,
    const char *func, struct launch *l, struct compiled *c, struct totals *t)
{
	struct param_set	 ps;
	struct isa_func		 f;
	char			*cause = NULL;
	int			 rc;

	param_defaults(&ps, v);
	if (launch_init(l, &ps, &cause) != 0) {
		diag("%s", cause);
		free(cause);
		return -1;
	}
	rc = isa_read(ISA_SASS, sass, len, func, v->source, &f, &cause) == 0 &&
	    compiled_match(l, &f, c, &cause) == 0 &&
	    compiled_totals(l, ARCH_MODERN, c, t, &cause) == 0 ? 0 : -1;
	if (rc != 0) {
		diag("%s", cause);
		launch_free(l);
	}
	free(cause);
	isa_free(&f);
	return rc;
}

/*
 * tests/kernels/spill.cu from the H100's SASS (tests/compiled/spill.sass):
 * 40 accumulators at 32 registers.  Counted by hand in the listing: one
 * loop, .L_x_1 (0x0440) to its @!P0 BRA (0x0cb0), and the trap loop
 * .L_x_2 after EXIT (no memory instruction); one forward branch, the
 * loop's guard @!P0 BRA .L_x_0 (0x0260) whose target is just past the
 * loop.  STL: 14 before the guard (0x0090-0x0250), 13 between guard and
 * loop (0x0270-0x0430: run once by every warp whose loop runs, k = 64 >=
 * 1: all), 23 in the loop; LDL/LDL.LU: 24 in the loop, 14 after it
 * (0x0cd0-0x0e50).  The loop's lines are 16, 57, 58 and 59-98: most in
 * the source loop of line 57 (57-99), so it runs k = 64 times a warp.
 * n = 8192 threads = 256 warps, every lane active, every lane at the same
 * word of its frame: 1 request and 4 sectors per instruction and warp.
 * Loads:  256 x 14 + 256 x 64 x 24 = 3584 + 393216 = 396800 requests,
 *         x 4 = 1587200 sectors.
 * Stores: 256 x (14 + 13) + 256 x 64 x 23 = 6912 + 376832 = 383744
 *         requests, x 4 = 1534976 sectors.
 * Nsight Compute on the H100 (data/e/spill/counters.txt): the same four.
 */
static void
test_spill(void)
{
	struct variant	*v;
	struct launch	 l;
	struct compiled	 c;
	struct totals	*t = calloc(1, sizeof *t);
	struct isa_func	 f;
	char		*text, *cause = NULL, path[4096];
	const char	*dir = getenv("srcdir");
	size_t		 len;
	int		 i, out = 0, in = 0, ahead = 0;

	snprintf(path, sizeof path, "%s/tests/kernels/spill.cu",
	    dir ? dir : ".");
	if ((text = fixture("spill.sass", &len)) == NULL ||
	    (v = ksrc_load(path, &cause)) == NULL) {
		ok(0, "spill.cu and spill.sass read: %s", cause);
		free(cause);
		free(text);
		free(t);
		return;
	}
	ok(isa_read(ISA_SASS, text, len, "spill", "spill.cu", &f, &cause) ==
	    0, "spill found in the SASS (as _Z5spillPKfPfii)");
	is_int(f.nloops, 2, "two backward branches: the loop and the trap");
	is_int(f.nskips, 1, "one forward branch: the loop's guard");
	if (f.nloops == 2 && f.nskips == 1) {
		/* 0x0440 / 16 = instruction 68, 0x0cb0 / 16 = 203; the
		   guard at 0x0260 = 38 skips to 0x0cc0 = 204. */
		is_int(f.loops[0].first, 68, "the loop starts at 0x0440");
		is_int(f.loops[0].last, 203, "and branches back at 0x0cb0");
		is_int(f.skips[0].first, 38, "the guard at 0x0260");
		is_int(f.skips[0].last, 204, "goes to 0x0cc0, past the loop");
		is_int(f.lineat[68], 16, "the loop's first instruction is "
		    "line 16's (the LDL of i)");
	}
	isa_free(&f);
	if (file_compiled(v, text, len, "spill", &l, &c, t) == 0) {
		is_int(c.spill_insns, 88, "88 spill instructions: 50 STL, "
		    "38 LDL");
		ok(c.nspill > 0 && c.spill_note[0] == '\0', "all counted "
		    "(%s)", c.spill_note);
		for (i = 0; i < c.nspill; i++) {
			if (c.spill[i].loop == 0)
				in += c.spill[i].ninsn;
			else
				out += c.spill[i].ninsn;
			if (c.spill[i].ahead == 0)
				ahead += c.spill[i].ninsn;
		}
		is_int(in, 24 + 23, "47 in the loop of line 57");
		is_int(out, 14 + 14 + 13, "41 outside it");
		is_int(ahead, 13, "13 of them behind the loop's guard");
		is_int(t->local_load.requests, 396800, "local load requests");
		is_int(t->local_load.sectors, 1587200, "local load sectors");
		is_int(t->local_store.requests, 383744, "local store "
		    "requests");
		is_int(t->local_store.sectors, 1534976, "local store sectors");
		is_int(t->global_load.requests, 16384, "a[j * n + i] as "
		    "before: 256 x 64");
		launch_free(&l);
	} else
		ok(0, "spill.cu as compiled");
	ksrc_free(v);
	free(text);
	free(t);
}

/* A hand-made kernel for the hand-made listings below: 2 blocks of 48
   threads (a full warp and one of 16 lanes each: 4 warps), a loop of 8. */
static const char spill_cu[] =
    "// warpviz: launch kernel=sp grid=2 block=48\n"		/* 1 */
    "// warpviz: array a length=4096\n"
    "// warpviz: array out length=4096\n"
    "__global__ void sp(const float *a, float *out)\n"
    "{\n"							/* 5 */
    "\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "\tfloat s = 0.0f;\n"
    "\tfor (int j = 0; j < 8; j++) {\n"				/* 8 */
    "\t\ts += a[j * 96 + i];\n"
    "\t}\n"							/* 10 */
    "\tout[i] = s;\n"						/* 11 */
    "}\n";

/* The per-thread loop: thread t goes round for j = t, t + 16, ... < 40. */
static const char spill_bounded_cu[] =
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

/* Nested loops: r of 3 around j of 8. */
static const char spill_nested_cu[] =
    "// warpviz: launch kernel=sp grid=2 block=48\n"
    "// warpviz: array a length=4096\n"
    "// warpviz: array out length=4096\n"
    "__global__ void sp(const float *a, float *out)\n"
    "{\n"
    "\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "\tfor (int r = 0; r < 3; r++) {\n"			/* 7 */
    "\t\tfloat s = 0.0f;\n"
    "\t\tfor (int j = 0; j < 8; j++) {\n"			/* 9 */
    "\t\t\ts += a[j * 96 + i];\n"
    "\t\t}\n"
    "\t\tout[r * 96 + i] = s;\n"				/* 12 */
    "\t}\n"							/* 13 */
    "}\n";

#define SASS_HEAD \
    "\t.section\t.text.sp,\"ax\",@progbits\nsp:\n"
#define SASS_LINE(n) "\t//## File \"/x/t.cu\", line " #n "\n"

/*
 * A kernel with VARIANT_MAX_ARRAYS (12) arrays has no room for the
 * spills' frame: said, not counted, and the totals still come out.
 */
static void
test_spill_room(void)
{
	static const char sass[] = SASS_HEAD
	    SASS_LINE(17)
	    "        /*0000*/                   STL [R1], RZ ;\n"
	    "        /*0010*/                   EXIT ;\n";
	struct variant	*v;
	struct launch	 l;
	struct compiled	 c;
	struct totals	*t = calloc(1, sizeof *t);
	char		 text[4096], *cause = NULL;
	size_t		 at;
	int		 a;

	at = (size_t)snprintf(text, sizeof text,
	    "// warpviz: launch kernel=sp grid=1 block=32\n");
	for (a = 0; a < 12; a++)
		at += (size_t)snprintf(text + at, sizeof text - at,
		    "// warpviz: array a%d length=32\n", a);
	/* Line 14 the kernel, line 17 its store. */
	snprintf(text + at, sizeof text - at, "__global__ void sp(float "
	    "*a0, float *a1, float *a2, float *a3, float *a4, float *a5, "
	    "float *a6, float *a7, float *a8, float *a9, float *a10, "
	    "float *a11)\n{\n\tint i = threadIdx.x;\n\ta0[i] = 1.0f;\n}\n");
	if ((v = ksrc_parse("/x/t.cu", text, &cause)) != NULL &&
	    file_compiled(v, sass, sizeof sass - 1, "sp", &l, &c, t) == 0) {
		ok(c.spill_insns == 1 && c.nspill == 0 &&
		    strstr(c.spill_note, "no room") != NULL,
		    "12 arrays: no room for the spills, said (%s)",
		    c.spill_note);
		is_int(t->global_store.requests, 1, "a0[i] still counted");
		launch_free(&l);
	} else
		ok(0, "the kernel of 12 arrays: %s", cause);
	if (v != NULL)
		ksrc_free(v);
	free(cause);
	free(t);
}

/*
 * Spills by hand.  Per warp and word: a full warp 1 request, 4 sectors
 * (128 contiguous bytes); a warp of 16 lanes 1 request, 2 sectors.  4
 * warps: 4 requests and 2 x 4 + 2 x 2 = 12 sectors per word.  Outside
 * the loop an STL (1 word) and an STL.128 (4 words): 5 words once; in
 * the loop an STL.64 (2 words) and an LDL (1 word), 8 times.
 * Stores: 4 x (5 + 2 x 8) = 84 requests, 12 x 21 = 252 sectors.
 * Loads:  4 x 8 = 32 requests, 12 x 8 = 96 sectors.
 */
static void
test_spill_handmade(void)
{
	static const char sass[] = SASS_HEAD
	    SASS_LINE(6)
	    "        /*0000*/                   STL [R1], RZ ;\n"
	    SASS_LINE(8)
	    "        /*0010*/               @!P0 BRA `(.L_x_1) ;\n"
	    "        /*0020*/                   STL.128 [R1+0x10], R4 ;\n"
	    ".L_x_0:\n"
	    SASS_LINE(9)
	    "        /*0030*/                   LDG.E R2, desc[UR4][R2.64] ;\n"
	    "        /*0040*/                   LDL R5, [R1] ;\n"
	    SASS_LINE(8)
	    "        /*0050*/                   STL.64 [R1+0x8], R6 ;\n"
	    "        /*0060*/               @P0 BRA `(.L_x_0) ;\n"
	    ".L_x_1:\n"
	    SASS_LINE(11)
	    "        /*0070*/                   STG.E desc[UR4][R2.64], R0 ;\n"
	    "        /*0080*/                   EXIT ;\n";
	/* The LDL behind a branch inside the loop (an if the source does
	   not have): not followed. */
	static const char branchy[] = SASS_HEAD
	    SASS_LINE(9)
	    ".L_x_0:\n"
	    "        /*0000*/                   LDG.E R2, desc[UR4][R2.64] ;\n"
	    "        /*0010*/               @P1 BRA `(.L_x_1) ;\n"
	    "        /*0020*/                   LDL R5, [R1] ;\n"
	    ".L_x_1:\n"
	    "        /*0030*/               @P0 BRA `(.L_x_0) ;\n"
	    SASS_LINE(11)
	    "        /*0040*/                   STG.E desc[UR4][R2.64], R0 ;\n";
	/* Unrolled twice: a[j * 96 + i] twice in the loop. */
	static const char unrolled[] = SASS_HEAD
	    ".L_x_0:\n"
	    SASS_LINE(9)
	    "        /*0000*/                   LDG.E R2, desc[UR4][R2.64] ;\n"
	    "        /*0010*/                   LDG.E R3, "
	    "desc[UR4][R2.64+0x180] ;\n"
	    "        /*0020*/                   LDL R5, [R1] ;\n"
	    "        /*0030*/               @P0 BRA `(.L_x_0) ;\n"
	    SASS_LINE(11)
	    "        /*0040*/                   STG.E desc[UR4][R2.64], R0 ;\n";
	/* A loop of the listing whose lines are the store's, after the
	   source's loop: no source loop to tie it to. */
	static const char stray[] = SASS_HEAD
	    SASS_LINE(9)
	    "        /*0000*/                   LDG.E R2, desc[UR4][R2.64] ;\n"
	    ".L_x_0:\n"
	    SASS_LINE(11)
	    "        /*0010*/                   STL [R1], R2 ;\n"
	    "        /*0020*/               @P0 BRA `(.L_x_0) ;\n"
	    "        /*0030*/                   STG.E desc[UR4][R2.64], R0 ;\n";
	/* A predicated exit (an early return) before a spill outside every
	   loop: which warps go on is not followed. */
	static const char exits[] = SASS_HEAD
	    SASS_LINE(6)
	    "        /*0000*/               @P1 EXIT ;\n"
	    "        /*0010*/                   STL [R1], RZ ;\n"
	    SASS_LINE(11)
	    "        /*0020*/                   STG.E desc[UR4][R2.64], R0 ;\n"
	    "        /*0030*/                   EXIT ;\n";
	/* The bounded loop: one LDG and one LDL in it. */
	static const char bounded[] = SASS_HEAD
	    ".L_x_0:\n"
	    SASS_LINE(9)
	    "        /*0000*/                   LDG.E R2, desc[UR4][R2.64] ;\n"
	    "        /*0010*/                   LDL R5, [R1] ;\n"
	    "        /*0020*/               @P0 BRA `(.L_x_0) ;\n"
	    SASS_LINE(11)
	    "        /*0030*/                   STG.E desc[UR4][R2.64], R0 ;\n";
	/* The outer loop's own lines (8, 12, 7) are r's; its inner loop's
	   four (10, 10, 10, 9) are j's and must not outvote them. */
	static const char nested[] = SASS_HEAD
	    ".L_x_0:\n"
	    SASS_LINE(8)
	    "        /*0000*/                   STL [R1], RZ ;\n"
	    ".L_x_1:\n"
	    SASS_LINE(10)
	    "        /*0010*/                   LDG.E R2, desc[UR4][R2.64] ;\n"
	    "        /*0020*/                   LDL R5, [R1] ;\n"
	    "        /*0030*/                   LDL R6, [R1+0x4] ;\n"
	    SASS_LINE(9)
	    "        /*0040*/               @P0 BRA `(.L_x_1) ;\n"
	    SASS_LINE(12)
	    "        /*0050*/                   STG.E desc[UR4][R2.64], R0 ;\n"
	    SASS_LINE(7)
	    "        /*0060*/               @P1 BRA `(.L_x_0) ;\n"
	    "        /*0070*/                   EXIT ;\n";
	struct variant	*v, *vb, *vn;
	struct isa_func	 f;
	struct launch	 l;
	struct compiled	 c;
	struct totals	*t = calloc(1, sizeof *t);
	char		*cause = NULL;

	if ((v = ksrc_parse("/x/t.cu", spill_cu, &cause)) == NULL ||
	    (vb = ksrc_parse("/x/t.cu", spill_bounded_cu, &cause)) == NULL) {
		ok(0, "the hand-made kernels read: %s", cause);
		free(cause);
		free(t);
		return;
	}
	if (file_compiled(v, sass, sizeof sass - 1, "sp", &l, &c, t) == 0) {
		is_int(c.spill_insns, 4, "4 spill instructions");
		is_int(t->local_store.requests, 84, "stores: 84 requests");
		is_int(t->local_store.sectors, 252, "stores: 252 sectors "
		    "(the warps of 16 lanes 2 a word)");
		is_int(t->local_load.requests, 32, "loads: 32 requests");
		is_int(t->local_load.sectors, 96, "loads: 96 sectors");
		launch_free(&l);
	} else
		ok(0, "the hand-made spills");
	if (file_compiled(v, branchy, sizeof branchy - 1, "sp", &l, &c,
	    t) == 0) {
		ok(c.nspill == 0 && strstr(c.spill_note, "branch") != NULL,
		    "behind a branch in the loop: not counted (%s)",
		    c.spill_note);
		is_int(t->local_load.requests, 0, "and no local load counted");
		launch_free(&l);
	} else
		ok(0, "the branchy listing");
	if (file_compiled(v, unrolled, sizeof unrolled - 1, "sp", &l, &c,
	    t) == 0) {
		ok(c.nspill == 0 && strstr(c.spill_note, "unrolled") != NULL,
		    "an unrolled loop: not counted (%s)", c.spill_note);
		launch_free(&l);
	} else
		ok(0, "the unrolled listing");
	ok(isa_read(ISA_SASS, exits, sizeof exits - 1, "sp", "t.cu", &f,
	    &cause) == 0 && f.nskips == 1 && f.skips[0].first == 0 &&
	    f.skips[0].last == f.total && f.total == 4, "@P1 EXIT skips "
	    "to the end: instructions 0 to 4");
	isa_free(&f);
	if (file_compiled(v, exits, sizeof exits - 1, "sp", &l, &c, t) == 0) {
		ok(c.nspill == 0 && strstr(c.spill_note, "exit) at "
		    "instruction 0") != NULL, "a spill after an early exit: "
		    "not counted (%s)", c.spill_note);
		launch_free(&l);
	} else
		ok(0, "the early exit listing");
	if (file_compiled(v, stray, sizeof stray - 1, "sp", &l, &c, t) == 0) {
		ok(c.nspill == 0 && strstr(c.spill_note, "no loop of the "
		    "source") != NULL, "a loop the source does not have: not "
		    "counted (%s)", c.spill_note);
		launch_free(&l);
	} else
		ok(0, "the stray loop");
	/*
	 * Thread t goes round for j = t, t + 16, t + 32 while j < 40: t
	 * 0-7 3 times, 8-23 2, 24-39 1, 40-47 none.  Warp 0 of a block (t
	 * 0-31) goes round 3 times, with lanes t < 40, t < 24, t < 8: 4,
	 * 3 and 1 groups of 8 lanes, one sector each; warp 1 (t 32-47)
	 * once, with t 32-39: 1 sector.  As the model counts a[j * 96 + i]
	 * in that loop: 4 requests a block, 8 in all; the spill the same 8
	 * (the lanes of the loop) with 2 x (4 + 3 + 1 + 1) = 18 sectors.
	 */
	if (file_compiled(vb, bounded, sizeof bounded - 1, "sp", &l, &c,
	    t) == 0) {
		is_int(c.nspill, 1, "the bounded loop's spill counted");
		is_int(t->global_load.requests, 8, "a[j * 96 + i]: 8 "
		    "requests");
		is_int(t->local_load.requests, 8, "its spill: 8 requests, "
		    "the lanes of the loop");
		is_int(t->local_load.sectors, 18, "and 18 sectors");
		launch_free(&l);
	} else
		ok(0, "the bounded loop");
	/*
	 * The STL runs once per r: 3 a warp, 12 requests, 3 x 12 = 36
	 * sectors; the two LDL once per j: 2 x 3 x 8 = 48 a warp, 192
	 * requests, 48 x 12 = 576 sectors.
	 */
	if ((vn = ksrc_parse("/x/t.cu", spill_nested_cu, &cause)) != NULL &&
	    file_compiled(vn, nested, sizeof nested - 1, "sp", &l, &c,
	    t) == 0) {
		ok(c.nspill == 2, "nested loops: both tied (%s)",
		    c.spill_note);
		is_int(t->local_store.requests, 12, "the outer loop's STL: "
		    "12 requests");
		is_int(t->local_store.sectors, 36, "36 sectors");
		is_int(t->local_load.requests, 192, "the inner loop's LDLs: "
		    "192 requests");
		is_int(t->local_load.sectors, 576, "576 sectors");
		launch_free(&l);
	} else
		ok(0, "the nested loops: %s", cause);
	if (vn != NULL)
		ksrc_free(vn);
	ksrc_free(v);
	ksrc_free(vb);
	free(t);
	test_spill_room();
}

int
main(void)
{
	test_powers();
	test_matmul();
	test_handmade();
	test_spill();
	test_spill_handmade();
	return tap_done();
}
