/* SPDX-License-Identifier: ISC
 * gpu-run.c - one timed, verified run of a variant's kernel (see
 * gpu-run.h).  Everything about the kernel comes from the variant: the
 * live spec (arguments, outputs, input range, instances, the least bytes
 * moved) and the CPU reference in src/variants/ref.c; launch.c supplies
 * the grid, block and array lengths from the same catalog the model uses.
 * Inputs are fresh random numbers each run; outputs are poisoned (NaN
 * bytes) first so an unwritten element fails the check.  A variant whose
 * source is in memory (a user's file; any under WARPVIZ_NVRTC=1) is
 * compiled by NVRTC for the device first and launched from that module;
 * without a reference its time stands alone.  Never prints.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu-run.h"
#include "catalog.h"
#include "gpu-nvrtc.h"
#include "gpu-tmpl.h"
#include "launch.h"
#include "ref.h"
#include "sha256.h"

#define RUN_MAX_ARGS	8

/* One run in progress: what gpu_run's steps share. */
struct run {
	const struct param_set	*ps;
	const struct live_spec	*spec;
	struct launch		 l;
	int			 launched;	/* l to free */
	struct ref_run		 ref;
	int			 allocated;	/* ref to free */
	uint64_t		 dev[VARIANT_MAX_ARRAYS];
	uint64_t		 tex[VARIANT_MAX_ARRAYS];	/* texture
					   objects (ops->tex_create) */
	const char		*kernel;	/* the name launched */
	char			 kbuf[48], cbuf[300];
	uint64_t		 ptrs[RUN_MAX_ARGS];
	int32_t			 ints[RUN_MAX_ARGS];
	void			*args[RUN_MAX_ARGS];
	int			 nargs;
	int			 dyn;		/* dynamic shared bytes */
};

const char *
gpu_run_kernel(const struct param_set *ps, char *name, size_t len,
    const char **why)
{
	const struct live_spec	*spec = &ps->v->live;
	static __thread char	 text[160];
	int64_t			 val;
	int			 i, n;

	if (spec->args == NULL) {
		*why = "no live kernel for this variant";
		return NULL;
	}
	if (spec->instance == NULL)
		return ps->v->kernel;
	val = param_get(ps, spec->instance);
	for (i = 0; i < 4 && spec->instances[i] != 0; i++)
		if (spec->instances[i] == val) {
			snprintf(name, len, "%s_%d", ps->v->kernel, (int)val);
			return name;
		}
	/* "live kernels exist for tile 8, 16 and 32" */
	n = snprintf(text, sizeof text, "live kernels exist for %s",
	    spec->instance);
	for (i = 0; i < 4 && spec->instances[i] != 0 && n > 0 &&
	    (size_t)n < sizeof text; i++)
		n += snprintf(text + n, sizeof text - n, "%s%d",
		    i == 0 ? " " : i + 1 < 4 && spec->instances[i + 1] != 0 ?
		    ", " : " and ", spec->instances[i]);
	*why = text;
	return NULL;
}

void
gpu_run_source(const struct variant *v, char out[SHA256_HEX])
{
	const char	*text = catalog_variant_text(v);

	if (text == NULL)
		out[0] = '\0';
	else
		sha256_hex(text, strlen(text), out);
}

int
gpu_run_is_file(const struct variant *v)
{
	return catalog_index(v) < 0;
}

/* An int expression of the variant's parameters and derived values. */
static int
run_eval(const struct launch *l, const char *text, int64_t *out, char **cause)
{
	struct expr	*e;
	int		 err = 0;

	if ((e = expr_parse(&l->scope, text, cause)) == NULL)
		return -1;
	*out = expr_eval(e, l->env, &err);
	expr_free(e);
	if (err) {
		*cause = strdup("overflow");
		return -1;
	}
	return 0;
}

/* The least the kernel must move: the spec's, or each global array once. */
static double
run_min_bytes(const struct launch *l)
{
	const struct live_spec	*spec = &l->v->live;
	char			*cause = NULL;
	int64_t			 v;
	double			 b = 0;
	int			 i;

	if (spec->min_bytes != NULL) {
		if (run_eval(l, spec->min_bytes, &v, &cause) == 0)
			return (double)v;
		free(cause);
	}
	for (i = 0; i < l->narrays; i++)
		if (l->arrays[i].def->space == SPACE_GLOBAL)
			b += (double)l->arrays[i].length *
			    l->arrays[i].def->elem_size;
	return b;
}

int
gpu_run_copy_bytes(const struct param_set *ps, size_t *bytes)
{
	struct launch	 l;
	char		*cause = NULL;
	int64_t		 v;
	int		 rc = -1;

	if (ps->v->live.copy_bytes == NULL)
		return -1;
	if (launch_init(&l, ps, &cause) != 0) {
		free(cause);
		return -1;
	}
	if (run_eval(&l, ps->v->live.copy_bytes, &v, &cause) == 0 && v > 0) {
		*bytes = (size_t)v;
		rc = 0;
	}
	free(cause);
	launch_free(&l);
	return rc;
}

int
gpu_run_check_spec(const struct param_set *ps, char **cause)
{
	const struct live_spec	*spec = &ps->v->live;
	struct launch		 l;
	char			 buf[128], *tok, *save;
	int64_t			 v;
	int			 rc = -1, n = 0;

	*cause = NULL;
	if (launch_init(&l, ps, cause) != 0)
		return -1;
	if (spec->args == NULL || strlen(spec->args) >= sizeof buf) {
		*cause = strdup("no argument list");
		goto out;
	}
	snprintf(buf, sizeof buf, "%s", spec->args);
	for (tok = strtok_r(buf, " ", &save); tok != NULL;
	    tok = strtok_r(NULL, " ", &save), n++) {
		int	i, found = 0;

		for (i = 0; i < l.narrays; i++)
			found |= strcmp(l.arrays[i].def->name, tok) == 0;
		if (!found && run_eval(&l, tok, &v, cause) != 0)
			goto out;
	}
	if (n > RUN_MAX_ARGS) {
		*cause = strdup("too many arguments");
		goto out;
	}
	snprintf(buf, sizeof buf, "%s", spec->outputs ? spec->outputs : "");
	for (tok = strtok_r(buf, " ", &save); tok != NULL;
	    tok = strtok_r(NULL, " ", &save)) {
		int	i, found = 0;

		for (i = 0; i < l.narrays; i++)
			found |= strcmp(l.arrays[i].def->name, tok) == 0 &&
			    l.arrays[i].def->space == SPACE_GLOBAL;
		if (!found) {
			*cause = strdup("an output is not a global array");
			goto out;
		}
	}
	if (spec->min_bytes != NULL &&
	    run_eval(&l, spec->min_bytes, &v, cause) != 0)
		goto out;
	if (spec->copy_bytes != NULL &&
	    run_eval(&l, spec->copy_bytes, &v, cause) != 0)
		goto out;
	if (spec->instance != NULL && param_find(ps, spec->instance) < 0) {
		*cause = strdup("the instance is not a parameter");
		goto out;
	}
	rc = 0;
out:
	launch_free(&l);
	return rc;
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
	snprintf(res->error, sizeof res->error, "%.*s",
	    (int)sizeof res->error - 1, why);
	return -1;
}

#define MAX_RUNS	100
#define MAX_COMPILED	48

/* Modules compiled by NVRTC and loaded on the current device. */
static int run_arch;
static struct {
	char	key[NVRTC_KEY_LEN];
	int	handle;
	char	lowered[256];
} compiled[MAX_COMPILED];
static int ncompiled;

void
gpu_run_set_arch(int arch)
{
	run_arch = arch;
	ncompiled = 0;
}

int
gpu_run_uses_nvrtc(const struct variant *v)
{
	const char	*env = getenv("WARPVIZ_NVRTC");

	return v->live.text != NULL || (env != NULL && strcmp(env, "1") == 0);
}

/*
 * The kernel compiled from the variant's source for this device, loaded
 * once per source: "#H:lowered" into name.  0, or -1 with res failed.
 */
static int
run_compile(const struct gpu_ops *ops, const struct param_set *ps,
    const char *kernel, char *name, size_t len, struct gpu_result *res)
{
	const struct variant	*v = ps->v;
	struct gpu_nvrtc_job	 job;
	struct gpu_nvrtc_image	 img;
	char			 why[256], key[NVRTC_KEY_LEN], expr[300];
	int			 i, h;

	job.name = v->source != NULL ? v->source : v->name;
	job.text = v->live.text != NULL ? v->live.text :
	    catalog_source(v->source);
	/* A template kernel: the instance the parameters name. */
	if (job.text != NULL && gpu_tmpl_expr(job.text, kernel, ps, expr,
	    sizeof expr, why, sizeof why) != 0)
		return run_fail(res, RESULT_ERROR, why);
	job.kernel = job.text != NULL ? expr : kernel;
	job.arch = run_arch;
	job.ptx = 0;
	job.lineinfo = 1;	/* for ncu's source page; the code is the same */
	if (job.text == NULL)
		return run_fail(res, RESULT_ERROR, "no source to compile");
	if (run_arch == 0)
		return run_fail(res, RESULT_ERROR, "no device to compile for");
	if (gpu_nvrtc_open(why, sizeof why) != 0)
		return run_fail(res, RESULT_ERROR, why);
	gpu_nvrtc_key(&job, gpu_nvrtc_version(), key);
	for (i = 0; i < ncompiled; i++)
		if (strcmp(compiled[i].key, key) == 0) {
			snprintf(name, len, "#%d:%s", compiled[i].handle,
			    compiled[i].lowered);
			res->compiled = 2;
			return 0;
		}
	if (gpu_nvrtc_compile(&job, &img, why, sizeof why) != 0)
		return run_fail(res, RESULT_ERROR, why);
	res->compiled = img.cached ? 2 : 1;
	res->compile_ms = img.ms;
	if (ops->load_module(img.data, &h) != 0) {
		gpu_nvrtc_image_free(&img);
		return run_fail(res, RESULT_ERROR, ops->error());
	}
	if (ncompiled < MAX_COMPILED) {
		snprintf(compiled[ncompiled].key, NVRTC_KEY_LEN, "%s", key);
		compiled[ncompiled].handle = h;
		snprintf(compiled[ncompiled].lowered,
		    sizeof compiled[0].lowered, "%s", img.lowered);
		ncompiled++;
	}
	snprintf(name, len, "#%d:%s", h, img.lowered);
	gpu_nvrtc_image_free(&img);
	return 0;
}

static int run_once;
static uint64_t run_counter;

void
gpu_run_set_once(int once)
{
	run_once = once;
}

/* The result's name, parameters, kernel and source; the launch and host
 * arrays; the module compiled when the source is compiled now.  0, or -1
 * with res failed (what was set up is freed by run_end). */
static int
run_start(const struct gpu_ops *ops, const struct param_set *ps,
    struct run *r, struct gpu_result *res)
{
	const char	*why;
	char		*cause = NULL;

	snprintf(res->variant, sizeof res->variant, "%s", ps->v->name);
	param_format(ps, res->params, sizeof res->params, 1);
	gpu_run_source(ps->v, res->source);
	res->file = gpu_run_is_file(ps->v);
	if ((r->kernel = gpu_run_kernel(ps, r->kbuf, sizeof r->kbuf, &why)) ==
	    NULL)
		return run_fail(res, RESULT_ERROR, why);
	snprintf(res->kernel, sizeof res->kernel, "%s", r->kernel);
	if (launch_init(&r->l, ps, &cause) != 0) {
		run_fail(res, RESULT_ERROR, cause);
		free(cause);
		return -1;
	}
	r->launched = 1;
	r->ps = ps;
	r->spec = &ps->v->live;
	res->threads = (int)r->l.threads;
	res->bytes = run_min_bytes(&r->l);
	if (ref_alloc(&r->ref, &r->l, 0x9e3779b97f4a7c15ULL ^
	    (uint64_t)time(NULL) ^ ++run_counter << 32) != 0)
		return run_fail(res, RESULT_ERROR, "out of host memory");
	r->allocated = 1;
	if (ops->bind() != 0)
		return run_fail(res, RESULT_ERROR, ops->error());
	if (gpu_run_uses_nvrtc(ps->v)) {
		if (run_compile(ops, ps, r->kernel, r->cbuf, sizeof r->cbuf,
		    res) != 0) {
			res->compiled = -1;
			return -1;
		}
		r->kernel = r->cbuf;
	}
	return 0;
}

/* Host copies, fresh inputs, poisoned outputs, on the device; the bytes
 * of dynamic shared memory.  0, or -1 with res failed. */
static int
run_arrays(const struct gpu_ops *ops, struct run *r, struct gpu_result *res)
{
	int	i;

	ref_fill(&r->ref);
	for (i = 0; i < r->l.narrays; i++) {
		const struct array_def	*a = r->l.arrays[i].def;
		size_t			 len = (size_t)r->l.arrays[i].length *
					     a->elem_size;

		if (a->space == SPACE_LOCAL)
			continue;	/* the thread's own, no allocation */
		if (a->space == SPACE_TEXTURE) {
			/* A CUDA array of rows x cols texels (dims), or
			   linear memory (1D, tex1Dfetch). */
			if (ops->tex_create == NULL)
				return run_fail(res, RESULT_ERROR, "this "
				    "backend runs no texture kernel");
			if (ops->tex_create(r->ref.host[i], a->dims[0] ?
			    r->l.arrays[i].cols : r->l.arrays[i].length,
			    a->dims[0] ? r->l.arrays[i].rows : 0, a->elem_size,
			    a->type != NULL && strcmp(a->type, "int") == 0,
			    &r->tex[i]) != 0)
				return run_fail(res, RESULT_ERROR,
				    ops->error());
			continue;
		}
		if (a->space == SPACE_SHARED) {
			if (r->spec->dynamic)
				r->dyn += (int)len;
			continue;
		}
		if (a->space == SPACE_CONSTANT) {
			if (ops->set_symbol(r->kernel, a->name, r->ref.host[i],
			    len) != 0)
				return run_fail(res, RESULT_ERROR,
				    ops->error());
			continue;
		}
		if (ops->alloc(&r->dev[i], len) != 0 ||
		    ops->upload(r->dev[i], r->ref.host[i], len) != 0)
			return run_fail(res, RESULT_ERROR, ops->error());
	}
	return 0;
}

/* The arguments, in the order of the kernel's signature: an array's
 * device pointer or an int expression.  0, or -1 with res failed. */
static int
run_args(struct run *r, struct gpu_result *res)
{
	char	 argbuf[128], what[64], *tok, *save, *cause = NULL;
	int64_t	 v;
	int	 i;

	snprintf(argbuf, sizeof argbuf, "%s", r->spec->args);
	for (tok = strtok_r(argbuf, " ", &save); tok != NULL &&
	    r->nargs < RUN_MAX_ARGS; tok = strtok_r(NULL, " ", &save),
	    r->nargs++) {
		if ((i = ref_array(&r->ref, tok)) >= 0) {
			/* A texture passes its object, 8 bytes too. */
			r->ptrs[r->nargs] = r->l.arrays[i].def->space ==
			    SPACE_TEXTURE ? r->tex[i] : r->dev[i];
			r->args[r->nargs] = &r->ptrs[r->nargs];
			continue;
		}
		if (run_eval(&r->l, tok, &v, &cause) != 0) {
			snprintf(what, sizeof what, "argument %s", tok);
			free(cause);
			return run_fail(res, RESULT_ERROR, what);
		}
		r->ints[r->nargs] = (int32_t)v;
		r->args[r->nargs] = &r->ints[r->nargs];
	}
	return 0;
}

/* Warm up twice (module and caches), size the repetitions to about
 * 300 ms, time them, keep the median.  0, or -1 with res failed. */
static int
run_time(const struct gpu_ops *ops, struct run *r, struct gpu_result *res)
{
	double	times[MAX_RUNS];
	float	ms = 0;
	int	i, reps;

	for (i = 0; i < (run_once ? 0 : 2); i++)
		if (ops->time_kernel(r->kernel, r->l.grid, r->l.block, r->dyn,
		    r->args, &ms) != 0)
			return run_fail(res, RESULT_ERROR, ops->error());
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
		if (ops->time_kernel(r->kernel, r->l.grid, r->l.block, r->dyn,
		    r->args, &ms) != 0)
			return run_fail(res, RESULT_ERROR, ops->error());
		times[i] = ms;
	}
	res->runs = reps;
	res->ms = gpu_median(times, reps);
	res->gbps = res->ms > 0 ? res->bytes / (res->ms * 1e6) : 0;
	return 0;
}

/* Every output against the CPU reference; without one the time stands
 * alone (timed, not verified).  0, or -1 with res failed. */
static int
run_verify(const struct gpu_ops *ops, struct run *r, struct gpu_result *res)
{
	int	i;

	if (r->spec->reference == NULL) {
		res->status = RESULT_TIMED;
		return 0;
	}
	for (i = 0; i < r->l.narrays; i++)
		if (r->dev[i] != 0 &&
		    ref_is_output(r->spec, r->l.arrays[i].def->name) &&
		    ops->download(r->ref.host[i], r->dev[i],
		    (size_t)r->l.arrays[i].length *
		    r->l.arrays[i].def->elem_size) != 0)
			return run_fail(res, RESULT_ERROR, ops->error());
	if (ref_check(&r->ref) != 0) {
		res->checked = r->ref.checked;
		return run_fail(res, RESULT_MISMATCH, r->ref.why);
	}
	res->checked = r->ref.checked;
	res->status = RESULT_OK;
	return 0;
}

/* Free what run_start and run_arrays set up. */
static void
run_end(const struct gpu_ops *ops, struct run *r)
{
	int	i;

	for (i = 0; i < VARIANT_MAX_ARRAYS; i++) {
		if (r->dev[i] != 0)
			ops->free(r->dev[i]);
		if (r->tex[i] != 0 && ops->tex_free != NULL)
			ops->tex_free(r->tex[i]);
	}
	if (r->allocated)
		ref_free(&r->ref);
	if (r->launched)
		launch_free(&r->l);
}

int
gpu_run(const struct gpu_ops *ops, const struct param_set *ps,
    struct gpu_result *res)
{
	struct run		r;
	struct gpu_kernel_info	ki;
	int			rc = -1;

	memset(res, 0, sizeof *res);
	memset(&r, 0, sizeof r);
	if (run_start(ops, ps, &r, res) != 0 || run_arrays(ops, &r, res) != 0 ||
	    run_args(&r, res) != 0)
		goto out;
	if (ops->kernel_info(r.kernel, (int)r.l.threads, r.dyn, &ki) == 0) {
		res->regs = ki.regs;
		res->blocks_per_sm = ki.blocks_per_sm;
	}
	if (run_time(ops, &r, res) != 0 || run_verify(ops, &r, res) != 0)
		goto out;
	rc = 0;
out:
	run_end(ops, &r);
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
