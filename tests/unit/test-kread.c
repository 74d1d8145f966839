/* SPDX-License-Identifier: ISC
 * test-kread.c - the kernel-file reader on CUDA as people write it
 * (issue 15 section 1): file-scope constants, enums, typedefs, type
 * lines for templates, cooperative groups, for headers with commas,
 * while loops, function-like macros, pointers, __constant__ scalars.
 * Each expected lane index is worked out by hand in its comment; each
 * refusal names its line and column.  Links libkernel and libmodel.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "ksrc.h"
#include "launch.h"
#include "param.h"
#include "tap.h"
#include "totals.h"
#include "warp.h"

/* One block of 32 threads over n = 64; arrays a and b of n floats. */
#define HEAD \
	"// warpviz: param n=64 range=1..4096\n" \
	"// warpviz: launch grid=(n+31)/32 block=32\n" \
	"// warpviz: array a length=n\n" \
	"// warpviz: array b length=n\n"
#define HEADLINES 4

/* Header lines a test adds after HEAD (array lines of its own). */
static const char *extra_head = "";

static struct variant *
parse(const char *src, char **cause)
{
	*cause = NULL;
	return ksrc_parse("t.cu", src, cause);
}

/*
 * The element that lane of warp 0, block 0 touches at the nth access the
 * launch makes (steps in order), for a kernel of prelude (file scope,
 * after HEAD) and body (inside k(float *a, float *b, int n)).  -3 when
 * the file is refused (the cause in *why), -2 when the access fails, -4
 * when there are not that many steps.
 */
static int64_t
lane_at(const char *prelude, const char *body, int64_t step, int lane,
    char **why)
{
	struct variant		*v;
	struct launch		 l;
	struct param_set	 ps;
	struct access		 a;
	char			 src[4096];
	int64_t			 idx = -3;

	snprintf(src, sizeof src, "%s%s%s__global__ void k(float *a, float *b, "
	    "int n)\n{\n%s}\n", HEAD, extra_head, prelude, body);
	if ((v = parse(src, why)) == NULL)
		return -3;
	param_defaults(&ps, v);
	if (launch_init(&l, &ps, why) != 0) {
		ksrc_free(v);
		return -3;
	}
	if (step >= l.nsteps)
		idx = -4;
	else if (warp_access(&l, 0, 0, 0, step, &a, why) != 0)
		idx = -2;
	else
		idx = a.active & (1u << lane) ? a.index[lane] : -5;
	launch_free(&l);
	ksrc_free(v);
	return idx;
}

/* The number of warp steps the launch makes (or -3 refused). */
static int64_t
steps_of(const char *prelude, const char *body, char **why)
{
	struct variant		*v;
	struct launch		 l;
	struct param_set	 ps;
	char			 src[4096];
	int64_t			 n;

	snprintf(src, sizeof src, "%s%s%s__global__ void k(float *a, float *b, "
	    "int n)\n{\n%s}\n", HEAD, extra_head, prelude, body);
	if ((v = parse(src, why)) == NULL)
		return -3;
	param_defaults(&ps, v);
	if (launch_init(&l, &ps, why) != 0) {
		ksrc_free(v);
		return -3;
	}
	n = l.nsteps;
	launch_free(&l);
	ksrc_free(v);
	return n;
}

/* lane_at, checked against want, with the refusal shown if any. */
static void
lane_is(const char *prelude, const char *body, int64_t step, int lane,
    int64_t want, const char *what)
{
	char	*why = NULL;
	int64_t	 got = lane_at(prelude, body, step, lane, &why);

	if (got != want && why != NULL)
		diag("%s", why);
	is_int(got, want, "%s", what);
	free(why);
}

/* The file must be refused at "t.cu:LINE:COL: " with what in the cause. */
static void
refused(const char *prelude, const char *body, const char *where,
    const char *what)
{
	char	*why = NULL;
	int64_t	 got = lane_at(prelude, body, 0, 0, &why);

	ok(got == -3 && why != NULL && strncmp(why, where,
	    strlen(where)) == 0 && strstr(why, what) != NULL,
	    "refused at %s: %s", where, why ? why : "(accepted)");
	free(why);
}

/* Line numbers of the body: HEAD, the prelude's lines, the kernel's
   two, then the body. */
static void
test_constants(void)
{
	/* const int: 5 * 7 = 35 at lane 5. */
	lane_is("const int W = 7;\n", "\ta[threadIdx.x * W] = 0;\n", 0, 5,
	    35, "const int W = 7: lane 5 at 35");
	/* constexpr built on another, static const unsigned: (8 - 1) = 7;
	   lane 3: 3 * 7 + 2 = 23. */
	lane_is("static constexpr int K = 8;\nstatic const unsigned M = K - 1;"
	    "\n", "\ta[threadIdx.x * M + 2] = 0;\n", 0, 3, 23,
	    "constexpr K, static const unsigned M = K - 1: 3 * 7 + 2");
	/* The constant keeps its type: 0u - 1 wraps in unsigned int to
	   4294967295, + lane 2 wraps to 1. */
	lane_is("const unsigned int Z = 0;\n",
	    "\ta[Z - 1 + threadIdx.x] = 0;\n", 0, 2, 1,
	    "const unsigned Z: Z - 1 + 2 wraps to 1");
	/* Two declarators: A = 2, B = A * 3 = 6; lane 1: 1 * 2 + 6 = 8. */
	lane_is("const int A = 2, B = A * 3;\n",
	    "\ta[threadIdx.x * A + B] = 0;\n", 0, 1, 8,
	    "const int A = 2, B = A * 3: 2 + 6");
	/* enum: RED 0, GREEN 5, BLUE 6; lane 4: 4 + 6 = 10. */
	lane_is("enum colour { RED, GREEN = 5, BLUE };\n",
	    "\ta[threadIdx.x + BLUE] = 0;\n", 0, 4, 10,
	    "enum: BLUE follows GREEN = 5");
	/* The enum's name is a type of int: colour c = GREEN; 5 + lane 1. */
	lane_is("enum colour { RED, GREEN = 5 };\n",
	    "\tcolour c = GREEN;\n\ta[c + threadIdx.x] = 0;\n", 0, 1, 6,
	    "enum colour as a type");
	/* The header lines see the file's constants: block=W*2 is 16. */
	{
		struct variant		*v;
		struct launch		 l;
		struct param_set	 ps;
		char			*why = NULL;

		v = parse("const int W = 8;\n"
		    "// warpviz: launch grid=1 block=W*2\n"
		    "// warpviz: array a length=W\n"
		    "__global__ void k(float *a) { a[threadIdx.x % W] = 0; }\n",
		    &why);
		if (v != NULL) {
			param_defaults(&ps, v);
			ok(launch_init(&l, &ps, &why) == 0 &&
			    l.block[0] == 16, "block=W*2 with const int W = 8: "
			    "16 threads");
			if (why == NULL)
				launch_free(&l);
		} else
			ok(0, "const W in the header lines: %s", why);
		ksrc_free(v);
		free(why);
	}
	/* A mutable global is no constant: refused where it is used. */
	refused("__device__ int g = 3;\n", "\ta[threadIdx.x * g] = 0;\n",
	    "t.cu:8:18: ", "unknown name 'g'");
	/* A constant whose value is not a constant expression. */
	refused("const int Q = sizeof(int) * warpSize;\n",
	    "\ta[threadIdx.x] = 0;\n", "t.cu:5:11: ",
	    "not a C constant expression");
}

static void
test_types(void)
{
	/* typedef of an integer: uint8 wraps at 256: lane 3 * 100 = 300,
	   stored in an unsigned char: 44. */
	lane_is("typedef unsigned char u8;\n",
	    "\tu8 x = threadIdx.x * 100;\n\ta[x] = 0;\n", 0, 3, 44,
	    "typedef unsigned char: 300 stored as 44");
	/* typedef unsigned int: 0u - 1 = 4294967295, / 2 = 2147483647. */
	lane_is("typedef unsigned int myuint;\n",
	    "\tmyuint x = threadIdx.x - 1u;\n\ta[x / 2u] = 0;\n", 0, 0,
	    2147483647, "typedef unsigned int: (0u - 1) / 2");
}

static void
test_templates(void)
{
	char	 src[2048];
	char	*why;
	struct variant *v;

	/* type T=float: T *a is an array of 4-byte floats; an integer
	   template parameter takes its param line. */
	snprintf(src, sizeof src, "%s",
	    "// warpviz: type T=double\n"
	    "// warpviz: param n=64 range=1..4096\n"
	    "// warpviz: param S=3 range=0..8\n"
	    "// warpviz: param B=1 range=0..1\n"
	    "// warpviz: launch kernel=k grid=1 block=32\n"
	    "// warpviz: array a length=n*4\n"
	    "template <typename T, unsigned int S, bool B>\n"
	    "__global__ void k(T *a, int n)\n"
	    "{ a[threadIdx.x * S] = 0; }\n");
	v = parse(src, &why);
	ok(v != NULL && v->arrays[0].elem_size == 8, "type T=double: 8-byte "
	    "elements (%s)", why ? why : "ok");
	ksrc_free(v);
	free(why);
	/* Without a type line, the type parameter is named. */
	v = parse("// warpviz: param n=64 range=1..4096\n"
	    "// warpviz: launch kernel=k grid=1 block=32\n"
	    "// warpviz: array a length=n\n"
	    "template <class T>\n"
	    "__global__ void k(T *a, int n)\n"
	    "{ a[threadIdx.x] = 0; }\n", &why);
	ok(v == NULL && why != NULL && strncmp(why, "t.cu:4:17: ", 11) == 0 &&
	    strstr(why, "type T=float") != NULL, "class T without a type line: "
	    "%s", why ? why : "(accepted)");
	ksrc_free(v);
	free(why);
	/* A helper template elsewhere in the file needs no type line. */
	v = parse("template <class U> struct Box { __device__ U get(); };\n"
	    "// warpviz: param n=64 range=1..4096\n"
	    "// warpviz: launch kernel=k grid=1 block=32\n"
	    "// warpviz: array a length=n\n"
	    "__global__ void k(float *a, int n)\n"
	    "{ a[threadIdx.x] = 0; }\n", &why);
	ok(v != NULL, "a struct with methods is skipped (%s)",
	    why ? why : "ok");
	ksrc_free(v);
	free(why);
}

/* Cooperative groups; one block of 32 threads, blockDim 32 x 1. */
static void
test_groups(void)
{
	char		*why = NULL;
	const char	*ns = "#include <cooperative_groups.h>\n"
	    "namespace cg = cooperative_groups;\n";

	/* A block's thread_rank() is threadIdx.x here: lane 7 at 7; the
	   three ways to sync touch no memory (one step only). */
	lane_is(ns, "\tcg::thread_block cta = cg::this_thread_block();\n"
	    "\tcg::sync(cta);\n\tcta.sync();\n"
	    "\tcg::this_thread_block().sync();\n"
	    "\ta[cta.thread_rank()] = 0;\n", 0, 7, 7,
	    "cta.thread_rank() at lane 7");
	is_int(steps_of(ns, "\tcg::thread_block cta = cg::this_thread_block();"
	    "\n\tcg::sync(cta);\n\ta[cta.thread_rank()] = 0;\n", &why), 1,
	    "sync is no access: one step");
	free(why);
	/* A tile of 8: lane 13 has rank 13 % 8 = 5 and is in tile 13 / 8 =
	   1: 5 * 4 + 1 = 21. */
	lane_is(ns, "\tcg::thread_block cta = cg::this_thread_block();\n"
	    "\tcg::thread_block_tile<8> t = cg::tiled_partition<8>(cta);\n"
	    "\ta[t.thread_rank() * 4 + t.meta_group_rank()] = 0;\n", 0, 13,
	    21, "tile of 8: rank 5, tile 1 at lane 13");
	/* size(): 8 for the tile, 32 for the block: lane 0 at 8 + 32. */
	lane_is(ns, "\tauto cta = cg::this_thread_block();\n"
	    "\tauto t = cg::tiled_partition<8>(cta);\n"
	    "\ta[t.size() + cta.size() + threadIdx.x] = 0;\n", 0, 0, 40,
	    "auto groups: t.size() + cta.size() = 40");
	/* Shuffles and votes touch no memory: load a, store b. */
	is_int(steps_of("", "\tfloat v = a[threadIdx.x];\n"
	    "\tv += __shfl_down_sync(0xffffffff, v, 1);\n"
	    "\tunsigned m = __ballot_sync(0xffffffff, v > 0);\n"
	    "\tb[threadIdx.x] = v;\n", &why), 2,
	    "shuffle and ballot: two accesses only");
	free(why);
	/* A thread_group made by this_thread_block() is the block. */
	lane_is(ns, "\tcg::thread_group g = cg::this_thread_block();\n"
	    "\ta[g.thread_rank()] = 0;\n", 0, 9, 9,
	    "thread_group g = this_thread_block(): rank 9 at lane 9");
	/* An atomic through a pointer: the place it is at, one store. */
	lane_is("", "\tatomicAdd(a + threadIdx.x, 1.0f);\n", 0, 6, 6,
	    "atomicAdd(a + tx, 1) at lane 6");
	lane_is("", "\tfloat *c = b + 3;\n\tatomicAdd(c, 1.0f);\n", 0, 30, 3,
	    "atomicAdd(c, 1) with c = b + 3: every lane at 3");
	refused("__device__ void g(float *p);\n", "\tmemcpy(a, b, 4);\n",
	    "t.cu:8:9: ", "'memcpy' gets a pointer");
	/* A shuffled value is data: refused as an index. */
	refused(ns, "\tauto t = cg::tiled_partition<32>(cg::this_thread_block());"
	    "\n\ta[t.shfl_down(threadIdx.x, 1)] = 0;\n", "t.cu:10:4: ",
	    "not an integer the model can follow");
	/* auto takes the initialiser's type: unsigned int, 0u - 1 wraps:
	   lane 0 at 4294967295 / 2. */
	lane_is("", "\tauto i = threadIdx.x - 1;\n\ta[i / 2] = 0;\n", 0, 0,
	    2147483647, "auto i = threadIdx.x - 1 is unsigned");
}

/* if/else: each branch's value, even of a variable without one before. */
static void
test_if_else(void)
{
	const char *body = "\tint x, y;\n\tif (threadIdx.x < 16) {\n"
	    "\t\tx = 1; y = 5;\n\t} else {\n\t\tx = 2; y = 5;\n\t}\n"
	    "\ta[x * 10 + y] = 0;\n";

	lane_is("", body, 0, 3, 15, "lane 3 took the then branch: 15");
	lane_is("", body, 0, 20, 25, "lane 20 took the else branch: 25");
	/* One branch only: x keeps no value where it is not set. */
	refused("", "\tint x;\n\tif (threadIdx.x < 16)\n\t\tx = 1;\n"
	    "\ta[x] = 0;\n", "t.cu:10:4: ", "set in one branch only");
}

/* Pointers: an array plus an offset in its elements. */
static void
test_pointers(void)
{
	/* p = a + 4: p[lane] is a[lane + 4]; lane 3 at 7. */
	lane_is("", "\tconst float *p = a + 4;\n"
	    "\tb[threadIdx.x] = p[threadIdx.x];\n", 0, 3, 7,
	    "const float *p = a + 4; p[3] is a[7]");
	/* *(a + 2 * lane): lane 5 at 10. */
	lane_is("", "\tfloat x = *(a + threadIdx.x * 2);\n"
	    "\tb[threadIdx.x] = x;\n", 0, 5, 10, "*(a + 2 * tx) at lane 5");
	/* The kernel's own pointer moved: 1 + lane 2 = 3. */
	lane_is("", "\ta += 1;\n\ta[threadIdx.x] = 0;\n", 0, 2, 3,
	    "a += 1; a[2] is element 3");
	/* Stepped in a loop: trip k at lane 1 is 1 + 32 k. */
	lane_is("", "\tfloat *p = a + threadIdx.x;\n"
	    "\tfor (int k = 0; k < 2; k++) {\n\t\t*p = 0;\n"
	    "\t\tp += 32;\n\t}\n", 1, 1, 33,
	    "p += 32 in a loop: second trip at 33");
	/* An if moves it for some lanes: lane 3 at 32 + 3, lane 20 at 20. */
	lane_is("", "\tfloat *p = a;\n\tif (threadIdx.x < 16)\n"
	    "\t\tp = a + 32;\n\tp[threadIdx.x] = 0;\n", 0, 3, 35,
	    "p = a + 32 under the if: lane 3 at 35");
	lane_is("", "\tfloat *p = a;\n\tif (threadIdx.x < 16)\n"
	    "\t\tp = a + 32;\n\tp[threadIdx.x] = 0;\n", 0, 20, 20,
	    "... lane 20 kept a: 20");
	/* &a[lane + 1], then [1]: lane 0 at 2. */
	lane_is("", "\tfloat *p = &a[threadIdx.x + 1];\n\tp[1] = 0;\n", 0,
	    0, 2, "&a[tx + 1] then p[1]");
	/* *p++ stores through the old value: lane 0 at 0, then at 1. */
	lane_is("", "\tfloat *p = a + threadIdx.x;\n\t*p++ = 1;\n"
	    "\t*p = 2;\n", 1, 0, 1, "*p++ = 1; *p = 2: the second at 1");
	lane_is("", "\tfloat *p = a + threadIdx.x;\n\t*p++ = 1;\n"
	    "\t*p = 2;\n", 0, 0, 0, "... the first at 0");
	/* The offset is the value of its C type: tx - 1u at lane 0 is
	   4294967295 (unsigned int), not -1. */
	lane_is("", "\ta += threadIdx.x - 1u;\n\ta[0] = 0;\n", 0, 0,
	    4294967295LL, "a += tx - 1u: 4294967295 at lane 0");
	/* A view: float2 over a's floats, element lane of 8 bytes at 2 *
	   lane + 2 (the offset in a's own elements). */
	lane_is("", "\tconst float2 *p = reinterpret_cast<const float2 *>(a)"
	    " + 1;\n\tfloat2 v = p[threadIdx.x];\n\tb[0] = v.x;\n", 0, 3,
	    8, "float2 view + 1: lane 3 at element 8");
	/* What is not followed, refused where it is. */
	refused("", "\tfloat *p = a;\n\tp = b;\n\tp[0] = 0;\n",
	    "t.cu:8:4: ", "not a place in its own array a");
	refused("", "\tfloat *p = (float *)(int)b[0];\n\tp[0] = 0;\n",
	    "t.cu:7:13: ", "not a kernel array");
	refused("", "\tfloat *p = a;\n\tfor (int k = 0; k < 2; k++)\n"
	    "\t\tp++;\n\tp[0] = 0;\n", "t.cu:10:2: ",
	    "pointer p moves in a loop");
	refused("", "\tfloat *p;\n\tp[0] = 0;\n", "t.cu:7:9: ",
	    "needs its value where it is declared");
}

/* Loops: commas in for, while and do, conditions on induction values.
   n = 64: two blocks of 32 threads; warp 0 of block 0 below. */
static void
test_loops(void)
{
	char	*why = NULL;

	/* j = 10 + 3 k: trip 1 at lane 0 is 13. */
	lane_is("", "\tfor (int i = 0, j = 10; i < 2; i++, j += 3)\n"
	    "\t\ta[j + threadIdx.x] = 0;\n", 1, 0, 13,
	    "for (i = 0, j = 10; ...; i++, j += 3): trip 1 at 13");
	/* A declarator reads the one before: j = 1 * 4, then 5. */
	lane_is("", "\tfor (int i = 1, j = i * 4; i < 3; i++, j += 1)\n"
	    "\t\ta[j] = 0;\n", 1, 0, 5, "j = i * 4 with i = 1: trip 1 at 5");
	/* The condition on j, stepped by 2 from 0: j = 0, 2, 4: three trips,
	   whatever i does. */
	is_int(steps_of("", "\tfor (int i = 0, j = 0; j < 6; i++, j += 2)\n"
	    "\t\ta[i] = 0;\n", &why), 3, "a condition on the second "
	    "variable: 3 trips");
	free(why);
	/* The SDK matrixMul's shape: a += 8, b += 16, a <= 16: trips at a =
	   0, 8, 16; b at trip 2 is 32, + lane 4. */
	lane_is("", "\tfor (int a0 = 0, b0 = 0; a0 <= 16; a0 += 8, b0 += 16)\n"
	    "\t\tb[b0 + threadIdx.x] = a[a0];\n", 5, 4, 36,
	    "matrixMul's header: b at trip 2 is 32 + 4");
	/* while: i = lane, 16 more each trip, while i < 64: lane 5 at 5,
	   21, 37, 53; the third at 37. */
	lane_is("", "\tunsigned int i = blockIdx.x * 32 + threadIdx.x;\n"
	    "\twhile (i < n) {\n\t\ta[i] = 0;\n\t\ti += 16;\n\t}\n",
	    2, 5, 37, "while (i < n) i += 16: third trip of lane 5 at 37");
	is_int(steps_of("", "\tunsigned int i = threadIdx.x;\n"
	    "\twhile (i < n) {\n\t\ta[i] = 0;\n\t\ti += 16;\n\t}\n",
	    &why), 4, "... four trips");
	free(why);
	/* i++ in an index: the old value; trip 2 at lane 1: 2 * 32 + 1. */
	lane_is("", "\tint i = 0;\n\twhile (i < 3)\n"
	    "\t\ta[i++ * 32 + threadIdx.x] = 0;\n", 2, 1, 65,
	    "a[i++ * 32 + tx]: trip 2 at lane 1 is 65");
	/* do: the first trip runs whatever the condition says. */
	is_int(steps_of("", "\tint i = 0;\n\tdo {\n"
	    "\t\ta[i + threadIdx.x] = 0;\n\t\ti += 32;\n"
	    "\t} while (i < 0);\n\tb[threadIdx.x] = 0;\n", &why), 2,
	    "do ... while (false): one trip, then b");
	free(why);
	lane_is("", "\tint i = 0;\n\tdo {\n\t\ta[i + threadIdx.x] = 0;\n"
	    "\t\ti += 32;\n\t} while (i < 64);\n", 1, 2, 34,
	    "do ... while (i < 64): trip 1 at 32 + 2");
	/* The warp-strided loop: a start no affine form holds (lane =
	   threadIdx.x & 31, or % 8), bounded by the rest's least value.
	   c = lane + 32 k < n = 64: two trips; the second at lane 5 is 37. */
	lane_is("", "\tfor (int c = threadIdx.x & 31; c < n; c += 32)\n"
	    "\t\ta[c] = 0;\n", 1, 5, 37, "for (c = tid & 31; c < n; c += "
	    "32): trip 1 at lane 5 is 37");
	is_int(steps_of("", "\tfor (int c = threadIdx.x & 31; c < n; "
	    "c += 32)\n\t\ta[c] = 0;\n", &why), 2, "... two trips");
	free(why);
	/* c = (tid % 8) + 8 k < 20: lanes with tid % 8 < 4 make 3 trips
	   (3, 11, 19), the others 2 (5, 13; 21 is past): the most, 3; at
	   trip 2 lane 3 stores a[19] and lane 5 is off. */
	lane_is("", "\tfor (int c = threadIdx.x % 8; c < 20; c += 8)\n"
	    "\t\ta[c] = 0;\n", 2, 3, 19, "c = tid %% 8 ...: trip 2 at lane 3 "
	    "is 19");
	lane_is("", "\tfor (int c = threadIdx.x % 8; c < 20; c += 8)\n"
	    "\t\ta[c] = 0;\n", 2, 5, -5, "... and lane 5 is off at trip 2");
	/* Counting down from it: c = 40 - (tid & 7) - 8 k > 0: 5 trips
	   at most (lane 0: 40 .. 8), lane 1 at trip 4 is 7. */
	lane_is("", "\tfor (int c = 40 - (threadIdx.x & 7); c > 0; c -= 8)\n"
	    "\t\ta[c] = 0;\n", 4, 1, 7, "c = 40 - (tid & 7), c -= 8 while "
	    "c > 0: trip 4 at lane 1 is 7");
	/* for without a variable of its own: a counter; i = lane + 32 k. */
	lane_is("", "\tint i = threadIdx.x;\n\tfor (; i < n; i += 32)\n"
	    "\t\ta[i] = 0;\n", 1, 3, 35, "for (; i < n; i += 32): trip 1 at "
	    "35");
	/* continue: the rest of the body runs where it did not: trip 1
	   makes no access (lane 0 inactive), trip 2 at 64. */
	lane_is("", "\tfor (int k = 0; k < 4; k++) {\n\t\tif (k == 1)\n"
	    "\t\t\tcontinue;\n\t\ta[k * 32 + threadIdx.x] = 0;\n\t}\n",
	    1, 0, -5, "continue at k == 1: no lane stores");
	lane_is("", "\tfor (int k = 0; k < 4; k++) {\n\t\tif (k == 1)\n"
	    "\t\t\tcontinue;\n\t\ta[k * 32 + threadIdx.x] = 0;\n\t}\n",
	    2, 0, 64, "... k == 2 at 64");
	/* A step skipped by continue is not one the model follows. */
	refused("", "\tint i = 0;\n\twhile (i < 4) {\n"
	    "\t\tif (threadIdx.x > i) {\n\t\t\ti++;\n\t\t\tcontinue;\n"
	    "\t\t}\n\t\ta[i] = 0;\n\t\ti++;\n\t}\n", "t.cu:8:9: ",
	    "a loop condition uses");
	refused("", "\tfor (int k = 0; k < 4; k++) {\n\t\tif (k > 0) {\n"
	    "\t\t\tif (k > 1)\n\t\t\t\tcontinue;\n\t\t}\n"
	    "\t\ta[k] = 0;\n\t}\n", "t.cu:10:5: ",
	    "continue is followed from a loop's own block");
	/* What the model cannot follow, refused with its line. */
	refused("", "\tfor (int k = 0; k < 4; k++) {\n\t\tif (k == 2)\n"
	    "\t\t\tbreak;\n\t\ta[k] = 0;\n\t}\n", "t.cu:9:4: ",
	    "'break' is not followed; end the loop in its condition");
	refused("", "\tfor (;;)\n\t\ta[0] = 0;\n", "t.cu:7:9: ",
	    "without a condition");
	refused("", "\tint i = 1;\n\tdo {\n\t\ta[i] = 0;\n\t\ti *= 2;\n"
	    "\t} while (i < n);\n", "t.cu:11:11: ", "a loop condition uses");
}

/* Function-like macros, and __mul24 as the Math API defines it. */
static void
test_macros(void)
{
	/* IDX(lane 2, 3) = 2 * 8 + 3 = 19. */
	lane_is("#define IDX(r, c) ((r) * 8 + (c))\n",
	    "\ta[IDX(threadIdx.x, 3)] = 0;\n", 0, 2, 19, "IDX(tx, 3) at lane 2");
	/* A macro calling one: F(3) = SQ(3) + 1 = 10. */
	lane_is("#define SQ(x) ((x) * (x))\n#define F(x) SQ(x) + 1\n",
	    "\ta[F(threadIdx.x)] = 0;\n", 0, 3, 10, "F(x) = SQ(x) + 1 at 3");
	/* An argument with a comma inside parentheses: min(6, 4u) = 4. */
	lane_is("#define FIRST(p, q) p\n",
	    "\ta[FIRST(min(threadIdx.x, 4u), 7)] = 0;\n", 0, 6, 4,
	    "FIRST(min(tx, 4u), 7) at lane 6");
	/* The name without '(' is an ordinary word: ID = 2, + lane 1. */
	lane_is("#define ID(x) x\n", "\tint ID = 2;\n"
	    "\ta[ID + threadIdx.x] = 0;\n", 0, 1, 3, "ID alone is a name");
	/* IMUL as the SDK writes it: 4 * 5. */
	lane_is("#define IMUL(a, b) __mul24(a, b)\n",
	    "\ta[IMUL(threadIdx.x, 5)] = 0;\n", 0, 4, 20, "IMUL(4, 5) = 20");
	/* __mul24 reads the low 24 bits, sign-extended: 2^24 + 1 reads as 1,
	   times 2 is 2. */
	lane_is("", "\ta[__mul24(threadIdx.x + 16777216, 2)] = 0;\n", 0, 1, 2,
	    "__mul24(2^24 + 1, 2) = 2");
	/* and 2^23 as -2^23: times -1 is 2^23 = 8388608. */
	lane_is("", "\ta[__mul24((int)threadIdx.x + 8388607, -1)] = 0;\n", 0,
	    1, 8388608, "__mul24(2^23, -1) = 2^23");
	/* __umul24: zero-extended: 0u - 1 reads as 2^24 - 1. */
	lane_is("", "\ta[__umul24(threadIdx.x - 1u, 1u)] = 0;\n", 0, 0,
	    16777215, "__umul24(0u - 1, 1) = 2^24 - 1");
	/* Conditionals: TILE 16 (not defined before), W = 32 from the
	   first branch; lane 1 at 33. */
	lane_is("#ifndef TILE\n#define TILE 16\n#endif\n"
	    "#if defined(TILE) && TILE >= 16\n#define W (TILE * 2)\n"
	    "#elif TILE > 4\n#define W 5\n#else\n#define W 7\n#endif\n"
	    "#if 0\n#error never\n#define W 99\n#endif\n",
	    "\ta[threadIdx.x + W] = 0;\n", 0, 1, 33,
	    "#ifndef, #if defined() &&, #elif, #else, #if 0: W = 32");
	/* The device code nvcc compiles for the H100: __CUDA_ARCH__ 900. */
	lane_is("", "#if __CUDA_ARCH__ >= 350\n\ta[threadIdx.x] = 0;\n"
	    "#else\n\ta[0] = 0;\n#endif\n", 0, 5, 5,
	    "#if __CUDA_ARCH__ >= 350 takes the first branch");
	refused("#if 1\n", "\ta[0] = 0;\n", "t.cu:", "#if without #endif");
	refused("", "#endif\n\ta[0] = 0;\n", "t.cu:7:1: ", "#endif without "
	    "#if");
	refused("#if foo(\n#endif\n", "\ta[0] = 0;\n", "t.cu:5:1: ",
	    "an expression the reader cannot compute");
	refused("#define F(p, q) p\n", "\ta[F(1)] = 0;\n", "t.cu:8:4: ",
	    "another number of arguments");
	refused("#define S(x) #x\n", "\ta[S(1)] = 0;\n", "t.cu:8:4: ",
	    "uses # or ##");
	refused("#define V(...) 0\n", "\ta[0] = 0;\n", "t.cu:5:1: ",
	    "no ...");
}

/* __constant__ scalars: arrays of one element. */
static void
test_constant_scalars(void)
{
	char	*why = NULL;

	/* c_a * a[lane]: load c_a (element 0 for every lane), load a, store
	   b: three steps. */
	lane_is("__constant__ float c_a, c_b = 2.0f;\n",
	    "\tb[threadIdx.x] = c_a * a[threadIdx.x];\n", 0, 17, 0,
	    "c_a is element 0 at lane 17");
	is_int(steps_of("__constant__ float c_a, c_b = 2.0f;\n",
	    "\tb[threadIdx.x] = c_a * a[threadIdx.x] + c_b;\n", &why), 4,
	    "c_a, a, c_b, b: four steps");
	free(why);
	/* A value read from constant memory decides no index. */
	refused("__constant__ int off;\n", "\ta[threadIdx.x + off] = 0;\n",
	    "t.cu:8:18: ", "read from memory");
}

/* The SDK's SharedMemory<T>: a struct whose conversion operator returns
   the extern __shared__ array. */
static void
test_shared_memory_idiom(void)
{
	const char	*sm = "template <class T> struct SharedMemory {\n"
	    "\t__device__ inline operator T *() {\n"
	    "\t\textern __shared__ int __smem[];\n"
	    "\t\treturn (T *)__smem;\n\t}\n};\n";
	const char	*body = "\tfloat *sdata = SharedMemory<float>();\n"
	    "\tsdata[threadIdx.x] = a[threadIdx.x];\n"
	    "\tb[threadIdx.x] = sdata[31 - threadIdx.x];\n";

	/* The third access reads sdata[31 - lane]: lane 4 at 27. */
	extra_head = "// warpviz: array sdata length=32\n";
	lane_is(sm, body, 2, 4, 27, "sdata = SharedMemory<float>(): "
	    "sdata[31 - 4] at 27");
	/* Without its line, the pointer is named. */
	extra_head = "";
	refused(sm, body, "t.cu:13:9: ", "needs a '// warpviz: array sdata");
	/* A function that returns it is the same. */
	extra_head = "// warpviz: array s length=32\n";
	lane_is("template <class T> __device__ T *shmem() {\n"
	    "\textern __shared__ unsigned char raw[];\n"
	    "\treturn reinterpret_cast<T *>(raw);\n}\n",
	    "\tfloat *s = shmem<float>();\n\ts[threadIdx.x * 2] = 0;\n", 0,
	    3, 6, "s = shmem<float>(): s[2 * 3] at 6");
	extra_head = "";
}

/* __device__ functions, inlined with their arguments bound. */
static void
test_device_functions(void)
{
	char	*why = NULL;

	/* An integer helper: idx(2, lane 3) = 2 * 16 + 3 = 35. */
	lane_is("__device__ int idx(int r, int c) { return r * 16 + c; }\n",
	    "\ta[idx(2, threadIdx.x)] = 0;\n", 0, 3, 35,
	    "idx(2, 3) = 35");
	/* Its return converts to its type: (unsigned char)(lane 3 * 100 =
	   300) = 44. */
	lane_is("__device__ unsigned char lo(int x) { return x * 100; }\n",
	    "\ta[lo(threadIdx.x)] = 0;\n", 0, 3, 44, "returned as unsigned "
	    "char: 300 is 44");
	/* A pointer parameter, volatile: the reduction ladder's warpReduce
	   with blockSize 64 loads s[tid], s[tid + 32], stores s[tid]: the
	   second access at lane 5 is 37 (a + 0 offset). */
	lane_is("template <unsigned int blockSize>\n"
	    "__device__ void wr(volatile float *s, unsigned int tid) {\n"
	    "\tif (blockSize >= 64) s[tid] += s[tid + 32];\n}\n",
	    "\twr<64>(a, threadIdx.x);\n", 1, 5, 37,
	    "wr<64>(a, tid): s[tid + 32] at 37");
	/* The template argument decides its guard: with 32 no lane runs
	   it (-5: lane 5 inactive). */
	lane_is("template <unsigned int blockSize>\n"
	    "__device__ void wr(volatile float *s, unsigned int tid) {\n"
	    "\tif (blockSize >= 64) s[tid] += s[tid + 32];\n}\n",
	    "\twr<32>(a, threadIdx.x);\n", 1, 5, -5,
	    "wr<32>: the guard is false, lane 5 does not load");
	/* A pointer moved by the caller: p + 8, [lane] at lane 1 is 9. */
	lane_is("__device__ void put(float *p, int i) { p[i] = 0; }\n",
	    "\tput(a + 8, threadIdx.x);\n", 0, 1, 9, "put(a + 8, 1) at 9");
	/* The function sees the file's names, not the kernel's: its own x. */
	lane_is("const int K = 4;\n__device__ int f(int x) { return x + K; }\n",
	    "\tint K2 = 100;\n\ta[f(threadIdx.x)] = 0;\n", 0, 2, 6,
	    "f sees K = 4: 2 + 4");
	refused("__device__ int g(int x) { return threadIdx.x + y; }\n",
	    "\tint y = 1;\n\ta[g(1)] = 0;\n", "t.cu:5:", "unknown name 'y'");
	/* A condition on data around data only, as in the SDK's cndGPU. */
	is_int(steps_of("__device__ float cnd(float d) {\n\tfloat c = d * 2;\n"
	    "\tif (d > 0)\n\t\tc = 1.0f - c;\n\treturn c;\n}\n",
	    "\tb[threadIdx.x] = cnd(a[threadIdx.x]);\n", &why), 2,
	    "if (d > 0) on data around data: load a, store b");
	free(why);
	refused("", "\tif (a[0] > 0)\n\t\tb[threadIdx.x] = 0;\n",
	    "t.cu:7:6: ", "decides a condition around an access");
	refused("", "\tint k = 0;\n\tif (a[0] > 0)\n\t\tk = 1;\n"
	    "\tb[k] = 0;\n", "t.cu:8:6: ",
	    "decides a condition around an access or a value");
	/* What is not followed. */
	refused("__device__ int f(int x) { return x > 0 ? f(x - 1) : 0; }\n",
	    "\ta[f(3)] = 0;\n", "t.cu:5:", "recursion");
	refused("__device__ int f(int x) { if (x > 2) return 1; return 0; }\n",
	    "\ta[f(threadIdx.x)] = 0;\n", "t.cu:5:", "a return before the end");
	/* A reference parameter writes the caller's variable: v = 1 + 2. */
	lane_is("__device__ void f(int &x, int y) { x = y + 2; }\n",
	    "\tint v;\n\tf(v, 1);\n\ta[v + threadIdx.x] = 0;\n", 0, 4, 7,
	    "f(v, 1) sets v = 3: 3 + 4");
	refused("__device__ void f(float &x) { x = 1; }\n",
	    "\tf(a[0]);\n", "t.cu:8:2: ", "takes a variable");
}

/*
 * A __device__ helper's type parameters (template <typename T>), bound
 * where it is called as C++ deduces them, or from <...>.
 */
static void
test_template_helpers(void)
{
	struct variant	*v;
	char		*why = NULL;

	/* T from threadIdx.x (unsigned int): twice(3) = 6. */
	lane_is("template <typename T> __device__ T twice(T v) "
	    "{ return v + v; }\n", "\ta[twice(threadIdx.x)] = 0;\n", 0, 3, 6,
	    "twice(lane 3) with T deduced: 6");
	/* Deduced unsigned, the arithmetic wraps: lane 0, 0u - 2u =
	   4294967294, % 10 = 4 (as int it would be -2). */
	lane_is("template <class I> __device__ I sub(I a, I b) "
	    "{ return a - b; }\n", "\ta[sub(threadIdx.x, 2u) % 10] = 0;\n",
	    0, 0, 4, "sub(0u, 2u) % 10 in unsigned int: 4");
	/* Given as int: -2 / 2 + 5 = 4 (unsigned: 2147483652). */
	lane_is("template <class I> __device__ I sub(I a, I b) "
	    "{ return a - b; }\n",
	    "\ta[sub<int>(threadIdx.x, 2) / 2 + 5] = 0;\n", 0, 0, 4,
	    "sub<int>(0, 2) / 2 + 5 in int: 4");
	/* T * from a kernel array moved by the caller: put(a + 8, 1) at 9. */
	lane_is("template <typename T> __device__ void put(T *p, int i) "
	    "{ p[i] = 0; }\n", "\tput(a + 8, threadIdx.x);\n", 0, 1, 9,
	    "put(T *p = a + 8, lane 1) at 9");
	/* A type and an integer parameter: at<float, 2>(a, lane 3) loads
	   a[6]. */
	lane_is("template <typename T, int S>\n"
	    "__device__ T at(const T *p, int i) { return p[i * S]; }\n",
	    "\tb[threadIdx.x] = at<float, 2>(a, threadIdx.x);\n", 0, 3, 6,
	    "at<float, 2>(a, lane 3) loads a[6]");
	/* T inside the helper's body: a local of type T, sq(3) = 9. */
	lane_is("template <typename T> __device__ T sq(T x) "
	    "{ T y = x * x; return y; }\n", "\ta[sq(threadIdx.x)] = 0;\n",
	    0, 3, 9, "T y = x * x inside sq: 9");
	/* The helper's T is its own, not the kernel's type line's. */
	extra_head = "// warpviz: type T=char\n";
	lane_is("template <typename T> __device__ T twice(T v) "
	    "{ return v + v; }\n", "\ta[twice(threadIdx.x * 100)] = 0;\n", 0,
	    3, 600, "helper's T is unsigned int, not the type line's char: 600");
	extra_head = "";
	/* dims=ROWS,COLS alone gives the length: 4 x 16. */
	v = parse("// warpviz: param n=64 range=1..4096\n"
	    "// warpviz: launch grid=1 block=32\n"
	    "// warpviz: array a dims=4,n/4\n"
	    "__global__ void k(float *a, int n) { a[threadIdx.x] = 0; }\n",
	    &why);
	ok(v != NULL && v->arrays[0].length != NULL &&
	    strcmp(v->arrays[0].length, "( 4 ) * ( n / 4 )") == 0,
	    "dims=4,n/4 alone: length ( 4 ) * ( n / 4 ) (%s)", why ? why :
	    v->arrays[0].length);
	ksrc_free(v);
	free(why);
}

/*
 * The text NVRTC gets (live.text): the host's functions, the includes
 * of host headers and the namespace around the kernel turned to spaces
 * (NVRTC is asked for &k), every newline kept; the kernel, a __device__
 * helper, a struct and the device headers as written.
 */
static void
test_device_text(void)
{
	static const char src[] =
	    "#include <cstdio>\n"
	    "#include <cooperative_groups.h>\n"
	    "  #  include \"helper_cuda.h\"\n"
	    "// warpviz: param n=64 range=1..4096\n"
	    "// warpviz: launch grid=1 block=32\n"
	    "// warpviz: array a length=n\n"
	    "struct P { int x; int f() { return x; } };\n"
	    "__device__ int twice(int x) { return 2 * x; }\n"
	    "namespace {\n"
	    "__global__ void k(float *a, int n) { a[twice(threadIdx.x)] = 0; }\n"
	    "void launch(float *a) { k<<<1, 32>>>(a, 64); }\n"
	    "}\n"
	    "int main(void)\n{\n\tprintf(\"%d\\n\", 1);\n\treturn 0;\n}\n";
	struct variant	*v;
	char		*why = NULL;
	const char	*t;
	int		 lines = 0, i;

	v = parse(src, &why);
	ok(v != NULL, "a file with host code reads (%s)", why ? why : "ok");
	if (v == NULL) {
		free(why);
		return;
	}
	t = v->live.text;
	ok(strlen(t) == strlen(src), "live.text: as long as the file");
	for (i = 0; t[i] != '\0'; i++)
		lines += t[i] == '\n';
	is_int(lines, 17, "live.text: its 17 newlines kept");
	ok(strstr(t, "cstdio") == NULL && strstr(t, "helper_cuda") == NULL,
	    "host headers' includes blanked");
	ok(strstr(t, "#include <cooperative_groups.h>") != NULL,
	    "a device header's include kept");
	ok(strstr(t, "void launch") == NULL && strstr(t, "printf") == NULL &&
	    strstr(t, "main") == NULL, "the launcher and main blanked");
	ok(strstr(t, "__global__ void k(float *a, int n) { a[twice("
	    "threadIdx.x)] = 0; }") != NULL && strstr(t, "__device__ int "
	    "twice") != NULL && strstr(t, "int f() { return x; }") != NULL &&
	    strstr(t, "namespace") == NULL, "the kernel, the helper and the "
	    "struct's member kept, the namespace unwrapped");
	ok(strcmp(v->text, src) == 0, "the source pane's text is the file's");
	ksrc_free(v);
	/* A kernel in a named namespace is read as at file scope. */
	v = parse("// warpviz: launch grid=1 block=32\n"
	    "// warpviz: array a length=64\n"
	    "namespace wv { namespace inner {\n"
	    "__global__ void k(float *a) { a[threadIdx.x * 2] = 0; }\n"
	    "} }\n", &why);
	ok(v != NULL && strcmp(v->kernel, "k") == 0 &&
	    strstr(v->live.text, "namespace") == NULL,
	    "namespace wv { namespace inner { k } }: read, unwrapped (%s)",
	    why ? why : "ok");
	ksrc_free(v);
	free(why);
}

int
main(void)
{
	(void)steps_of;
	test_constants();
	test_types();
	test_templates();
	test_template_helpers();
	test_device_text();
	test_groups();
	test_if_else();
	test_pointers();
	test_loops();
	test_macros();
	test_constant_scalars();
	test_shared_memory_idiom();
	test_device_functions();
	return tap_done();
}
