/* SPDX-License-Identifier: ISC
 * test-tmpl.c - gpu_tmpl_expr, the instance of a template kernel that
 * as compiled asks NVRTC for, on hand-written sources: each expected
 * name expression is what C++ needs to name that instance, written out
 * from the template header and the header lines.  Needs no NVRTC.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "gpu-tmpl.h"
#include "param.h"
#include "tap.h"

/* Parameters blockSize=256, nIsPow2=1, n=4096 (the reduction ladder's). */
static const struct variant v = {
	.name = "t",
	.params = {
		{ .name = "blockSize", .min = 1, .max = 1024, .def = 256 },
		{ .name = "nIsPow2", .min = 0, .max = 1, .def = 1 },
		{ .name = "n", .min = 1, .max = 1 << 20, .def = 4096 },
		{ .name = "bs", .sym = "BS", .min = 1, .max = 64, .def = 16 },
	},
};

static void
expr(const char *text, const char *kernel, const struct param_set *ps,
    const char *want, const char *what)
{
	char	buf[300], why[256];
	int	rc;

	rc = gpu_tmpl_expr(text, kernel, ps, buf, sizeof buf, why, sizeof why);
	if (want == NULL) {
		ok(rc == -1 && strlen(why) > 0, "%s: refused (%s)", what,
		    rc == -1 ? why : buf);
		return;
	}
	if (rc != 0)
		snprintf(buf, sizeof buf, "error: %s", why);
	is_str(buf, want, "%s", what);
}

int
main(void)
{
	struct param_set	ps;
	char			buf[300], why[256];

	param_defaults(&ps, &v);
	expr("__global__ void k(float *a) { a[0] = 1; }\n", "k", &ps, "k",
	    "no template: the plain name");
	expr("// warpviz: type T=float\n"
	    "template <class T, unsigned int blockSize>\n"
	    "__global__ void reduce5(T *g, T *o, unsigned int n) {}\n",
	    "reduce5", &ps, "reduce5<float, 256>",
	    "type line and param: reduce5<float, 256>");
	/* bool from 1: a converted constant expression may not narrow
	   int to bool, so the literal is true. */
	expr("// warpviz: type T=double\n"
	    "template <class T, unsigned int blockSize, bool nIsPow2>\n"
	    "__global__ void reduce6(T *g) {}\n", "reduce6", &ps,
	    "reduce6<double, 256, true>", "a bool parameter is true or false");
	ps.val[1] = 0;
	expr("// warpviz: type T=double\n"
	    "template <class T, unsigned int blockSize, bool nIsPow2>\n"
	    "__global__ void reduce6(T *g) {}\n", "reduce6", &ps,
	    "reduce6<double, 256, false>", "the value as -p set it: false");
	ps.val[0] = 64;
	expr("template <int blockSize> __global__ void k(float *a) {}\n", "k",
	    &ps, "k<64>", "the value as -p set it: 64, not the default");
	expr("template <const uint BS>\n__global__ void k(float *a) {}\n",
	    "k", &ps, "k<16>", "a parameter's symbol as the file writes it");
	expr("//   warpviz:  type  TData=unsigned char\n"
	    "template <typename TData> __global__ void k(TData *a) {}\n", "k",
	    &ps, "k<unsigned char>", "a type of two words, blanks around");
	/* Things that look like the kernel but are not its declaration. */
	expr("// template <class X> __global__ void k(\n"
	    "__device__ void f() { k(1); }\n"
	    "\"template <class Y> __global__ void k(\"\n"
	    "__global__ void k(int *a) {}\n", "k", &ps, "k",
	    "comments, strings and calls are not the declaration");
	expr("template <class T> struct S { T x; };\n"
	    "// warpviz: type T=int\n"
	    "template <class T, int n = 8>\n"
	    "__global__ void __launch_bounds__(256) kk(S<T> *a) {}\n", "kk",
	    &ps, "kk<int, 4096>", "__launch_bounds__ and a default given");
	expr("template <class T, int m = 8>\n"
	    "__global__ void kk(T *a) {}\n// warpviz: type T=float\n", "kk",
	    &ps, "kk<float>", "a trailing default left to itself");
	expr("template <class T> __global__ void kk(T *a) {}\n", "kk", &ps,
	    NULL, "a type parameter with no type line");
	expr("template <class T, int missing> __global__ void kk(T *a) {}\n"
	    "// warpviz: type T=float\n", "kk", &ps, NULL,
	    "an integer parameter with no param line");
	expr("template <class... T> __global__ void kk(T... a) {}\n", "kk",
	    &ps, NULL, "a parameter pack");
	expr("// warpviz: type T=float; int x\n"
	    "template <class T> __global__ void kk(T *a) {}\n", "kk", &ps,
	    NULL, "a type line that is not a type does not reach NVRTC");
	expr("template <class T> __global__ void kk(T *a) {}\n"
	    "// warpviz: type T=float\n", "other", &ps, "other",
	    "a kernel not in the file: its name, NVRTC says the rest");
	ok(gpu_tmpl_expr("", "kernel", &ps, buf, 4, why, sizeof why) == -1,
	    "a name longer than the buffer is refused (%s)", why);
	return tap_done();
}
