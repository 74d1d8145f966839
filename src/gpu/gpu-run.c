/*
 * gpu-run.c - one timed, verified run of a variant's kernel (see
 * gpu-run.h).  The kernels' argument lists and CPU references live here,
 * one entry per extern "C" kernel of cuda/; launch.c supplies the grid,
 * block and array lengths from the same catalog the model uses.
 * Inputs are fresh random numbers each run; outputs are poisoned (NaN
 * bytes) first so an unwritten element fails the check.  Never prints.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "gpu-run.h"
#include "launch.h"

#define RUN_SAMPLES	2048	/* elements checked of matmul and twohop */

struct run {
	const struct param_set	*ps;
	struct launch		 l;
	void			*host[VARIANT_MAX_ARRAYS];
	uint64_t		 dev[VARIANT_MAX_ARRAYS];
	uint64_t		 seed;
	char			 why[160];
	long			 checked;
};

struct kspec {
	const char	*kernel;	/* v->kernel */
	const char	*args;		/* arrays by name, parameters by sym */
	const char	*outputs;	/* arrays the kernel writes */
	float		 lo, hi;	/* input values */
	int		 dynamic;	/* shared arrays are extern __shared__ */
	int		 (*verify)(struct run *);
};

static uint64_t
run_rand(struct run *r)
{
	r->seed ^= r->seed << 13;
	r->seed ^= r->seed >> 7;
	r->seed ^= r->seed << 17;
	return r->seed;
}

static float
run_uniform(struct run *r, float lo, float hi)
{
	return lo + (hi - lo) * (float)(run_rand(r) >> 40) / (float)(1 << 24);
}

static int
run_array(struct run *r, const char *name)
{
	int	i;

	for (i = 0; i < r->l.narrays; i++)
		if (strcmp(r->l.arrays[i].def->name, name) == 0)
			return i;
	return -1;
}

static void *
run_host(struct run *r, const char *name)
{
	int	i = run_array(r, name);

	return i < 0 ? NULL : r->host[i];
}

static int64_t
run_param(struct run *r, const char *name)
{
	return param_get(r->ps, name);
}

/* Row pitch of array2d-pitch in elements, as the catalog derives it. */
static int64_t
run_pitch(struct run *r)
{
	return (run_param(r, "width") * 4 + 511) / 512 * 512 / 4;
}

static int
run_mismatch(struct run *r, const char *what, long at, double got,
    double want)
{
	snprintf(r->why, sizeof r->why, "mismatch at %s[%ld]: %.7g, expected "
	    "%.7g", what, at, got, want);
	return -1;
}

static int
close_enough(double got, double want, double scale)
{
	if (isnan(got))
		return 0;
	return fabs(got - want) <= 1e-5 * scale + 1e-6;
}

static int
verify_copy_offset(struct run *r)
{
	const float	*in = run_host(r, "in"), *out = run_host(r, "out");
	int64_t		 n = run_param(r, "n"), i;

	for (i = run_param(r, "offset"); i < n; i++, r->checked++)
		if (memcmp(&out[i], &in[i], sizeof *in) != 0)
			return run_mismatch(r, "out", i, out[i], in[i]);
	return 0;
}

static int
verify_stride(struct run *r)
{
	const float	*in = run_host(r, "in"), *out = run_host(r, "out");
	int64_t		 n = run_param(r, "n"), s = run_param(r, "stride"), i;

	for (i = 0; i < n; i++, r->checked++)
		if (memcmp(&out[i], &in[i * s], sizeof *in) != 0)
			return run_mismatch(r, "out", i, out[i], in[i * s]);
	return 0;
}

/* A sample of elements: the four corners, then random ones. */
static void
sample_ij(struct run *r, int64_t n, int k, int64_t *i, int64_t *j)
{
	if (k < 4) {
		*i = (k & 1) ? n - 1 : 0;
		*j = (k & 2) ? n - 1 : 0;
	} else {
		*i = (int64_t)(run_rand(r) % (uint64_t)n);
		*j = (int64_t)(run_rand(r) % (uint64_t)n);
	}
}

static int
verify_matmul(struct run *r)
{
	const float	*M = run_host(r, "M"), *N = run_host(r, "N");
	const float	*P = run_host(r, "P");
	int64_t		 w = run_param(r, "width"), i, j, k;
	int		 s;

	for (s = 0; s < RUN_SAMPLES; s++, r->checked++) {
		double	sum = 0, mag = 0;

		sample_ij(r, w, s, &i, &j);
		for (k = 0; k < w; k++) {
			sum += (double)M[i * w + k] * N[k * w + j];
			mag += fabs((double)M[i * w + k] * N[k * w + j]);
		}
		if (!close_enough(P[i * w + j], sum, 10 * mag))
			return run_mismatch(r, "P", (long)(i * w + j),
			    P[i * w + j], sum);
	}
	return 0;
}

static int
verify_twohop(struct run *r)
{
	const float	*d = run_host(r, "d"), *rr = run_host(r, "r");
	int64_t		 n = run_param(r, "n"), i, j, k;
	int		 s;

	for (s = 0; s < RUN_SAMPLES; s++, r->checked++) {
		float	v = HUGE_VALF;

		sample_ij(r, n, s, &i, &j);
		for (k = 0; k < n; k++) {
			float z = d[n * i + k] + d[n * k + j];
			v = fminf(v, z);
		}
		if (memcmp(&rr[n * i + j], &v, sizeof v) != 0)
			return run_mismatch(r, "r", (long)(n * i + j),
			    rr[n * i + j], v);
	}
	return 0;
}

static int
verify_powers(struct run *r)
{
	const float	*in = run_host(r, "in"), *out = run_host(r, "out");
	int64_t		 n = run_param(r, "n"), i;
	int		 k;

	for (i = 0; i < n; i++, r->checked++) {
		float	x = in[i], p = x, pw[32], sum = 0;

		for (k = 0; k < 32; k++) {
			p *= x;
			pw[k] = p;
		}
		for (k = 0; k < 32; k++)
			sum += pw[k];
		if (!close_enough(out[i], sum, fabs(sum)))
			return run_mismatch(r, "out", i, out[i], sum);
	}
	return 0;
}

static int
verify_struct(struct run *r)
{
	const float	*a = run_host(r, "a"), *out = run_host(r, "out");
	int64_t		 n = run_param(r, "n"), i;
	int		 es = r->l.arrays[run_array(r, "a")].def->elem_size / 4;

	for (i = 0; i < n; i++, r->checked++) {
		float	want = a[i * es] + a[i * es + 1] + a[i * es + 2];

		if (!close_enough(out[i], want, 4))
			return run_mismatch(r, "out", i, out[i], want);
	}
	return 0;
}

static int
verify_double2(struct run *r)
{
	const double	*a = run_host(r, "a"), *out = run_host(r, "out");
	int64_t		 n = run_param(r, "n"), i;

	for (i = 0; i < n; i++, r->checked++)
		if (out[i] != a[2 * i] + a[2 * i + 1])
			return run_mismatch(r, "out", i, out[i],
			    a[2 * i] + a[2 * i + 1]);
	return 0;
}

static int
verify_array2d_at(struct run *r, int64_t pitch)
{
	const float	*a = run_host(r, "a"), *out = run_host(r, "out");
	int64_t		 w = run_param(r, "width"), h = run_param(r, "height");
	int64_t		 row, c;

	for (row = 0; row < h; row++)
		for (c = 0; c < w; c++, r->checked++)
			if (out[row * pitch + c] != 2.0f * a[row * pitch + c])
				return run_mismatch(r, "out",
				    (long)(row * pitch + c),
				    out[row * pitch + c],
				    2.0f * a[row * pitch + c]);
	return 0;
}

static int
verify_array2d(struct run *r)
{
	return verify_array2d_at(r, run_param(r, "width"));
}

static int
verify_array2d_pitch(struct run *r)
{
	return verify_array2d_at(r, run_pitch(r));
}

static int
verify_const(struct run *r, int divergent)
{
	const float	*in = run_host(r, "in"), *out = run_host(r, "out");
	const float	*coef = run_host(r, "coef");
	int64_t		 n = run_param(r, "n"), taps = run_param(r, "taps");
	int64_t		 bs = run_param(r, "bs"), i, k;

	for (i = 0; i < n; i++, r->checked++) {
		double	sum = 0, mag = 0;
		int64_t	t = divergent ? i % bs : 0;

		for (k = 0; k < taps; k++) {
			sum += (double)coef[t + k] * in[i];
			mag += fabs((double)coef[t + k] * in[i]);
		}
		if (!close_enough(out[i], sum, 10 * mag))
			return run_mismatch(r, "out", i, out[i], sum);
	}
	return 0;
}

static int
verify_const_uniform(struct run *r)
{
	return verify_const(r, 0);
}

static int
verify_const_divergent(struct run *r)
{
	return verify_const(r, 1);
}

static const struct kspec kspecs[] = {
	{ "matmul_col", "M N P Width", "P", -1, 1, 0, verify_matmul },
	{ "matmul_row", "M N P Width", "P", -1, 1, 0, verify_matmul },
	{ "matmul_tiled", "M N P Width", "P", -1, 1, 0, verify_matmul },
	{ "twohop_v0", "r d n", "r", 0, 100, 0, verify_twohop },
	{ "twohop_v1", "r d n", "r", 0, 100, 0, verify_twohop },
	{ "copy_offset", "out in n offset", "out", -1, 1, 0,
	    verify_copy_offset },
	{ "read_stride", "out in n stride", "out", -1, 1, 0, verify_stride },
	{ "powers_stride32", "out in", "out", 0.5f, 1, 1, verify_powers },
	{ "powers_transposed", "out in", "out", 0.5f, 1, 1, verify_powers },
	{ "powers_padded", "out in", "out", 0.5f, 1, 1, verify_powers },
	{ "struct12", "out a n", "out", -1, 1, 0, verify_struct },
	{ "struct16", "out a n", "out", -1, 1, 0, verify_struct },
	{ "double2_sum", "out a n", "out", -1, 1, 0, verify_double2 },
	{ "array2d", "out a width height", "out", -1, 1, 0, verify_array2d },
	{ "array2d_pitch", "out a width height pitch", "out", -1, 1, 0,
	    verify_array2d_pitch },
	{ "const_uniform", "out in n taps", "out", -1, 1, 0,
	    verify_const_uniform },
	{ "const_divergent", "out in n taps", "out", -1, 1, 0,
	    verify_const_divergent },
};

static const struct kspec *
kspec_find(const struct variant *v)
{
	size_t	i;

	for (i = 0; i < sizeof kspecs / sizeof kspecs[0]; i++)
		if (strcmp(kspecs[i].kernel, v->kernel) == 0)
			return &kspecs[i];
	return NULL;
}

const char *
gpu_run_kernel(const struct param_set *ps, char *name, size_t len,
    const char **why)
{
	int64_t		tile;

	if (kspec_find(ps->v) == NULL) {
		*why = "no live kernel for this variant";
		return NULL;
	}
	if (strcmp(ps->v->kernel, "matmul_tiled") != 0)
		return ps->v->kernel;
	tile = param_get(ps, "tile");
	if (tile != 8 && tile != 16 && tile != 32) {
		*why = "live kernels exist for tile 8, 16 and 32";
		return NULL;
	}
	snprintf(name, len, "matmul_tiled_%d", (int)tile);
	return name;
}

/* The least the kernel must move: each input read once, output written. */
static double
run_min_bytes(struct run *r)
{
	const char	*k = r->ps->v->kernel;
	double		 b = 0;
	int		 i;

	if (strcmp(k, "read_stride") == 0)
		return 8.0 * run_param(r, "n");
	if (strcmp(k, "copy_offset") == 0)
		return 8.0 * (run_param(r, "n") - run_param(r, "offset"));
	if (strcmp(k, "array2d_pitch") == 0)
		return 8.0 * run_param(r, "width") * run_param(r, "height");
	for (i = 0; i < r->l.narrays; i++)
		if (r->l.arrays[i].def->space == SPACE_GLOBAL)
			b += (double)r->l.arrays[i].length *
			    r->l.arrays[i].def->elem_size;
	return b;
}

static int
is_output(const struct kspec *ks, const char *name)
{
	const char	*p = ks->outputs;
	size_t		 len = strlen(name);

	while ((p = strstr(p, name)) != NULL) {
		if ((p == ks->outputs || p[-1] == ' ') &&
		    (p[len] == '\0' || p[len] == ' '))
			return 1;
		p += len;
	}
	return 0;
}

static int
cmp_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double
gpu_median(double *v, int n)
{
	if (n <= 0)
		return 0;
	qsort(v, n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int
run_fail(struct gpu_result *res, enum gpu_result_status st, const char *why)
{
	res->status = st;
	snprintf(res->error, sizeof res->error, "%s", why);
	return -1;
}

#define MAX_RUNS	100

static int run_once;

void
gpu_run_set_once(int once)
{
	run_once = once;
}

int
gpu_run(const struct gpu_ops *ops, const struct param_set *ps,
    struct gpu_result *res)
{
	static uint64_t		 counter;
	const struct kspec	*ks = kspec_find(ps->v);
	struct run		 r;
	const char		*kernel, *why;
	char			*cause = NULL, argbuf[128], *tok, *save;
	char			 kbuf[48];
	uint64_t		 ptrs[8];
	int32_t			 ints[8];
	void			*args[8];
	double			 times[MAX_RUNS];
	float			 ms;
	int			 i, nargs = 0, dyn = 0, reps, rc = -1;
	struct gpu_kernel_info	 ki;

	memset(res, 0, sizeof *res);
	memset(&r, 0, sizeof r);
	snprintf(res->variant, sizeof res->variant, "%s", ps->v->name);
	param_format(ps, res->params, sizeof res->params, 1);
	if ((kernel = gpu_run_kernel(ps, kbuf, sizeof kbuf, &why)) == NULL)
		return run_fail(res, RESULT_ERROR, why);
	snprintf(res->kernel, sizeof res->kernel, "%s", kernel);
	if (launch_init(&r.l, ps, &cause) != 0) {
		run_fail(res, RESULT_ERROR, cause);
		free(cause);
		return -1;
	}
	r.ps = ps;
	r.seed = 0x9e3779b97f4a7c15ULL ^ (uint64_t)time(NULL) ^ ++counter << 32;
	res->threads = (int)r.l.threads;
	res->bytes = run_min_bytes(&r);
	if (ops->bind() != 0) {
		run_fail(res, RESULT_ERROR, ops->error());
		goto out;
	}

	/* Arrays: host copies, fresh inputs, poisoned outputs. */
	for (i = 0; i < r.l.narrays; i++) {
		const struct array_def	*a = r.l.arrays[i].def;
		size_t			 len = (size_t)r.l.arrays[i].length *
					     a->elem_size, j;

		if (a->space == SPACE_SHARED) {
			if (ks->dynamic)
				dyn += (int)len;
			continue;
		}
		if ((r.host[i] = malloc(len)) == NULL) {
			run_fail(res, RESULT_ERROR, "out of host memory");
			goto out;
		}
		if (is_output(ks, a->name))
			memset(r.host[i], 0xff, len);
		else if (strstr(a->type, "double") != NULL)
			for (j = 0; j < len / 8; j++)
				((double *)r.host[i])[j] = run_uniform(&r,
				    ks->lo, ks->hi);
		else
			for (j = 0; j < len / 4; j++)
				((float *)r.host[i])[j] = run_uniform(&r,
				    ks->lo, ks->hi);
		if (a->space == SPACE_CONSTANT) {
			if (ops->set_symbol(kernel, a->name, r.host[i], len)
			    != 0) {
				run_fail(res, RESULT_ERROR, ops->error());
				goto out;
			}
			continue;
		}
		if (ops->alloc(&r.dev[i], len) != 0 ||
		    ops->upload(r.dev[i], r.host[i], len) != 0) {
			run_fail(res, RESULT_ERROR, ops->error());
			goto out;
		}
	}

	/* Arguments, in the order of the kernel's signature. */
	snprintf(argbuf, sizeof argbuf, "%s", ks->args);
	for (tok = strtok_r(argbuf, " ", &save); tok != NULL && nargs < 8;
	    tok = strtok_r(NULL, " ", &save), nargs++) {
		if ((i = run_array(&r, tok)) >= 0) {
			ptrs[nargs] = r.dev[i];
			args[nargs] = &ptrs[nargs];
		} else {
			ints[nargs] = (int32_t)(strcmp(tok, "pitch") == 0 ?
			    run_pitch(&r) : run_param(&r, tok));
			args[nargs] = &ints[nargs];
		}
	}

	if (ops->kernel_info(kernel, (int)r.l.threads, dyn, &ki) == 0) {
		res->regs = ki.regs;
		res->blocks_per_sm = ki.blocks_per_sm;
	}
	/* Warm up twice (module and caches), then size the repetitions. */
	for (i = 0; i < (run_once ? 0 : 2); i++)
		if (ops->time_kernel(kernel, r.l.grid, r.l.block, dyn, args,
		    &ms) != 0) {
			run_fail(res, RESULT_ERROR, ops->error());
			goto out;
		}
	if (run_once)
		reps = 1;
	else if (ms > 200)
		reps = 3;
	else
		reps = ms > 0 ? (int)(300 / ms) : MAX_RUNS;
	if (reps < 5 && ms <= 200 && !run_once)
		reps = 5;
	if (reps > MAX_RUNS)
		reps = MAX_RUNS;
	for (i = 0; i < reps; i++) {
		if (ops->time_kernel(kernel, r.l.grid, r.l.block, dyn, args,
		    &ms) != 0) {
			run_fail(res, RESULT_ERROR, ops->error());
			goto out;
		}
		times[i] = ms;
	}
	res->runs = reps;
	res->ms = gpu_median(times, reps);
	res->gbps = res->ms > 0 ? res->bytes / (res->ms * 1e6) : 0;

	/* Check every output against the CPU reference. */
	for (i = 0; i < r.l.narrays; i++)
		if (r.dev[i] != 0 && is_output(ks, r.l.arrays[i].def->name) &&
		    ops->download(r.host[i], r.dev[i],
		    (size_t)r.l.arrays[i].length *
		    r.l.arrays[i].def->elem_size) != 0) {
			run_fail(res, RESULT_ERROR, ops->error());
			goto out;
		}
	if (ks->verify(&r) != 0) {
		res->checked = r.checked;
		run_fail(res, RESULT_MISMATCH, r.why);
		goto out;
	}
	res->checked = r.checked;
	res->status = RESULT_OK;
	rc = 0;
out:
	for (i = 0; i < VARIANT_MAX_ARRAYS; i++) {
		if (r.dev[i] != 0)
			ops->free(r.dev[i]);
		free(r.host[i]);
	}
	launch_free(&r.l);
	return rc;
}

int
gpu_run_memcpy(const struct gpu_ops *ops, size_t len, double *ms,
    double *gbps)
{
	uint64_t	a = 0, b = 0;
	double		times[20];
	float		t;
	int		i, rc = -1;

	if (ops->bind() != 0 || ops->alloc(&a, len) != 0 ||
	    ops->alloc(&b, len) != 0 || ops->fill(a, 0x3f, len) != 0)
		goto out;
	for (i = 0; i < 2; i++)
		if (ops->time_copy(b, a, len, &t) != 0)
			goto out;
	for (i = 0; i < 20; i++) {
		if (ops->time_copy(b, a, len, &t) != 0)
			goto out;
		times[i] = t;
	}
	*ms = gpu_median(times, 20);
	*gbps = *ms > 0 ? 2.0 * len / (*ms * 1e6) : 0;
	rc = 0;
out:
	if (a != 0)
		ops->free(a);
	if (b != 0)
		ops->free(b);
	return rc;
}
