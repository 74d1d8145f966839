/* SPDX-License-Identifier: ISC
 * gpu.c - the live GPU runner behind gpu.h: picks the backend (CUDA, or
 * the null one under WARPVIZ_GPU=off), owns the worker thread that runs a
 * variant and its comparison partners while the TUI animates, keeps the
 * results (live, or recorded by 'bench --json' and loaded with
 * --results), and formats the panel, occupancy, 'warpviz gpu' and
 * 'warpviz bench'.  Only gpu-cuda.c knows CUDA types.
 */
#include "config.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "gpu-backend.h"
#include "gpu-datadir.h"
#include "gpu-image.h"
#include "gpu-ncu.h"
#include "gpu-nvrtc.h"
#include "gpu-results.h"
#include "gpu-run.h"
#include "safestr.h"
#include "gpu.h"
#include "launch.h"
#include "occupancy.h"
#include "xmalloc.h"

#define MAX_PARTNERS	3
#define MEMCPY_BYTES	((size_t)64 << 20)

static struct {
	pthread_mutex_t		 lock;
	pthread_cond_t		 wake;
	pthread_t		 thread;
	int			 started, quit;
	int			 probed;
	int			 opening;	/* the worker is opening it */
	enum gpu_status		 status;
	char			 why[256];
	char			 short_why[128];	/* gpu_no_timing's */
	struct gpu_device	 dev;
	const struct gpu_ops	*ops;
	/* The job the worker is running: jobs[0] and its partners. */
	int			 busy, njobs, current;
	struct param_set	 jobs[1 + MAX_PARTNERS];
	/* Live results, newest replacing older at the same key. */
	struct gpu_record	 live;
	/* Results loaded with --results. */
	struct gpu_record	*recorded;
} g = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.wake = PTHREAD_COND_INITIALIZER,
};

/* The counters run (gpu_counters_request), under g.lock. */
static struct {
	pthread_t			 thread;
	int				 started;	/* to be joined */
	int				 busy;
	int				 bench;		/* bench --counters */
	struct param_set		 ps;
	char				 key[256];
	char				 spec[1024];
	enum gpu_counters_state		 state;
	struct measured			 m;
	char				 why[GPU_LINE_MAX * 4];
	char				 reason[GPU_LINE_MAX * 2];
} cnt;

/* A panel line: snprintf into GPU_LINE_MAX bytes, truncating by design. */
static __attribute__((format(printf, 2, 3))) void
lprintf(char *line, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(line, GPU_LINE_MAX, fmt, ap);
	va_end(ap);
}

/*
 * Why there is no live timing, in one line that fits a panel 80 columns
 * wide and points to the recorded results; 'warpviz gpu' says more.
 */
static void
gpu_no_timing(char *buf, size_t len)
{
	const char	*why;

	switch (g.status) {
	case GPU_OFF:
		why = "GPU switched off (WARPVIZ_GPU=off)";
		break;
	case GPU_NO_KERNELS:
		why = "built without GPU kernels";
		break;
	case GPU_NO_DRIVER:
		why = "no NVIDIA driver";
		break;
	case GPU_NO_DEVICE:
		why = "no CUDA device";
		break;
	case GPU_DRIVER_OLD:
		why = "NVIDIA driver too old";
		break;
	case GPU_NO_CODE:
		why = "no machine code for this GPU";
		break;
	default:
		why = "the GPU could not be opened";
		break;
	}
	snprintf(buf, len, "no live timing: %s; --results h100 replays "
	    "recorded times", why);
}

/* The backend: the null one under WARPVIZ_GPU=off, else CUDA. */
static const struct gpu_ops *
gpu_backend(void)
{
	const char	*env = getenv("WARPVIZ_GPU");

	if (env != NULL && strcmp(env, "off") == 0)
		return &gpu_none_ops;
	return &gpu_cuda_ops;
}

/*
 * Open ops (which may take a second: dlopen, cuInit, the modules) with
 * the lock released, and keep the answer; called and returns with the
 * lock held.  The worker opens CUDA this way, so a key never waits.
 */
static enum gpu_status
gpu_open(const struct gpu_ops *ops)
{
	struct gpu_device	dev;
	char			why[sizeof g.why];
	enum gpu_status		status;

	memset(&dev, 0, sizeof dev);
	why[0] = '\0';
	g.opening = 1;
	pthread_mutex_unlock(&g.lock);
	status = ops->open(&dev, why, sizeof why);
	pthread_mutex_lock(&g.lock);
	g.opening = 0;
	g.ops = ops;
	g.dev = dev;
	g.status = status;
	snprintf(g.why, sizeof g.why, "%s", why);
	g.probed = 1;
	if (status == GPU_OK) {
		gpu_results_device(&g.live, &g.dev);
		gpu_run_set_arch(g.dev.cc_major * 10 + g.dev.cc_minor);
	}
	return status;
}

/* Open the backend once, here and now; the answer is kept. */
static enum gpu_status
gpu_probe(void)
{
	enum gpu_status	status;

	pthread_mutex_lock(&g.lock);
	status = g.probed ? g.status : gpu_open(gpu_backend());
	pthread_mutex_unlock(&g.lock);
	return status;
}

/* The key of a result: the variant and all its parameter values. */
static void
result_key(const struct param_set *ps, char *buf, size_t len)
{
	param_format(ps, buf, len, 1);
}

/*
 * The SHA-256 of v's source text, hashed once per text (the catalog's
 * and the opened kernel files' texts live as long as the program).
 */
static const char *
record_source(const struct variant *v)
{
	static struct {
		const char	*text;
		char		 hex[65];
	}		 seen[64];
	static int	 nseen, next;
	const char	*text = catalog_variant_text(v);
	int		 i;

	for (i = 0; i < nseen; i++)
		if (seen[i].text == text)
			return seen[i].hex;
	i = nseen < 64 ? nseen++ : next++ % 64;
	seen[i].text = text;
	gpu_run_source(v, seen[i].hex);
	return seen[i].hex;
}

/*
 * The result of variant at params (NULL: any) whose source matches: the
 * same origin (a kernel file's run never stands for the catalog's, nor
 * the other way), and the same source hash, or no hash at all in an old
 * record of a catalog kernel ("source not checked").
 */
static struct gpu_result *
record_find(struct gpu_record *rec, const char *variant, const char *params,
    const char *source, int file)
{
	struct gpu_result	*r;
	int			 i;

	if (rec == NULL)
		return NULL;
	for (i = 0; i < rec->n; i++) {
		r = &rec->results[i];
		if (strcmp(r->variant, variant) != 0 ||
		    (params != NULL && strcmp(r->params, params) != 0) ||
		    r->file != file)
			continue;
		if (r->source[0] == '\0' ? file :
		    strcmp(r->source, source) != 0)
			continue;
		return r;
	}
	return NULL;
}

/* The result for these parameters in rec (NULL: none, or no rec). */
static struct gpu_result *
record_get(struct gpu_record *rec, const struct param_set *ps)
{
	char	key[256];

	if (rec == NULL)
		return NULL;
	result_key(ps, key, sizeof key);
	return record_find(rec, ps->v->name, key, record_source(ps->v),
	    gpu_run_is_file(ps->v));
}

static void
record_put(struct gpu_record *rec, const struct gpu_result *r)
{
	struct gpu_result	*old;

	old = record_find(rec, r->variant, r->params, r->source, r->file);
	if (old != NULL)
		*old = *r;
	else if (rec->n < RESULTS_MAX)
		rec->results[rec->n++] = *r;
	else {
		memmove(&rec->results[0], &rec->results[1],
		    (RESULTS_MAX - 1) * sizeof rec->results[0]);
		rec->results[RESULTS_MAX - 1] = *r;
	}
}

/*
 * The comparison partners of a variant (v->compare, through
 * param_partner, with parameters of the same name taken from ps); a
 * partner the catalog refuses is left out.  Returns how many.
 */
static int
gpu_partners(const struct param_set *ps, struct param_set *out, int max)
{
	const char	*e;
	char		*cause = NULL;
	size_t		 len;
	int		 n = 0;

	for (e = ps->v->compare; n < max &&
	    (e = param_partner_next(e, &len)) != NULL; e += len) {
		if (param_partner(&out[n], e, len, ps, catalog_find,
		    &cause) != 0) {
			free(cause);
			cause = NULL;
			continue;
		}
		n++;
	}
	return n;
}

static void *
gpu_worker(void *arg)
{
	struct param_set	ps;
	struct gpu_result	r;
	int			i;

	pthread_mutex_lock(&g.lock);
	for (;;) {
		while (!g.quit && !g.busy)
			pthread_cond_wait(&g.wake, &g.lock);
		if (g.quit)
			break;
		/* The first request opens the driver here, not on its caller. */
		if (!g.probed && gpu_open(gpu_backend()) != GPU_OK) {
			g.busy = 0;
			continue;
		}
		for (i = 0; i < g.njobs && !g.quit; i++) {
			g.current = i;
			ps = g.jobs[i];
			pthread_mutex_unlock(&g.lock);
			gpu_run(g.ops, &ps, &r);
			pthread_mutex_lock(&g.lock);
			record_put(&g.live, &r);
		}
		g.busy = 0;
	}
	pthread_mutex_unlock(&g.lock);
	return NULL;
}

int
gpu_request(const struct param_set *ps, const char **why)
{
	const char	*kwhy;
	char		 kbuf[48];
	int		 rc = -1;

	pthread_mutex_lock(&g.lock);
	/* The null backend answers at once; CUDA is opened by the worker. */
	if (!g.probed && gpu_backend() == &gpu_none_ops)
		gpu_open(&gpu_none_ops);
	if (g.probed && g.status != GPU_OK) {
		gpu_no_timing(g.short_why, sizeof g.short_why);
		*why = g.short_why;
		goto out;
	}
	if (g.busy) {
		*why = g.opening ? "the GPU driver is still being opened" :
		    "a GPU run is already in progress";
		goto out;
	}
	if (gpu_run_kernel(ps, kbuf, sizeof kbuf, &kwhy) == NULL) {
		*why = kwhy;
		goto out;
	}
	if (!g.started) {
		if (pthread_create(&g.thread, NULL, gpu_worker, NULL) != 0) {
			*why = "the GPU worker thread could not start";
			goto out;
		}
		g.started = 1;
	}
	g.jobs[0] = *ps;
	g.njobs = 1 + gpu_partners(ps, &g.jobs[1], MAX_PARTNERS);
	g.current = 0;
	g.busy = 1;
	pthread_cond_signal(&g.wake);
	rc = 0;
out:
	pthread_mutex_unlock(&g.lock);
	return rc;
}

int
gpu_counters_spec(const struct param_set *ps, char *buf, size_t len)
{
	const char	*name;
	char		 params[256];
	size_t		 n;

	name = gpu_run_is_file(ps->v) && ps->v->path != NULL ? ps->v->path :
	    ps->v->name;
	if (strchr(name, ':') != NULL)
		return -1;
	param_format(ps, params, sizeof params, 1);
	n = snprintf(buf, len, "%s%s%s", name, params[0] ? ":" : "", params);
	return n < len ? 0 : -1;
}

/* The counters thread: ncu runs the kernel; the answer is kept. */
static void *
counters_worker(void *arg)
{
	struct measured	m;
	char		why[sizeof cnt.why];
	enum ncu_status	st;

	(void)arg;
	st = ncu_run(cnt.spec, &m, why, sizeof why);
	pthread_mutex_lock(&g.lock);
	cnt.m = m;
	cnt.state = st == NCU_OK ? GPU_COUNTERS_LIVE : GPU_COUNTERS_FAILED;
	snprintf(cnt.why, sizeof cnt.why, "%s", why);
	cnt.busy = 0;
	pthread_mutex_unlock(&g.lock);
	return NULL;
}

int
gpu_counters_request(const struct param_set *ps, const char **why)
{
	const char	*kwhy;
	char		 kbuf[48];
	int		 rc = -1;

	pthread_mutex_lock(&g.lock);
	if (cnt.busy) {
		*why = "Nsight Compute is still counting the last request";
		goto out;
	}
	if (ncu_find(cnt.reason, sizeof cnt.reason) != 0) {
		*why = cnt.reason;
		goto out;
	}
	if (gpu_run_kernel(ps, kbuf, sizeof kbuf, &kwhy) == NULL) {
		*why = kwhy;
		goto out;
	}
	if (gpu_counters_spec(ps, cnt.spec, sizeof cnt.spec) != 0) {
		*why = "counters: the kernel file's path holds a ':'";
		goto out;
	}
	if (cnt.started)
		pthread_join(cnt.thread, NULL);	/* done: busy is 0 */
	cnt.started = 0;
	cnt.ps = *ps;
	result_key(ps, cnt.key, sizeof cnt.key);
	cnt.state = GPU_COUNTERS_RUNNING;
	cnt.busy = 1;
	if (pthread_create(&cnt.thread, NULL, counters_worker, NULL) != 0) {
		cnt.busy = 0;
		cnt.state = GPU_COUNTERS_NONE;
		*why = "the counters thread could not start";
		goto out;
	}
	cnt.started = 1;
	rc = 0;
out:
	pthread_mutex_unlock(&g.lock);
	return rc;
}

enum gpu_counters_state
gpu_counters_get(const struct param_set *ps, struct measured *m, char *line)
{
	enum gpu_counters_state	 st = GPU_COUNTERS_NONE;
	struct gpu_result	*r;
	char			 key[256];

	line[0] = '\0';
	pthread_mutex_lock(&g.lock);
	result_key(ps, key, sizeof key);
	if (cnt.state != GPU_COUNTERS_NONE && cnt.ps.v == ps->v &&
	    strcmp(key, cnt.key) == 0)
		st = cnt.state;
	if (st == GPU_COUNTERS_RUNNING)
		lprintf(line, "counting one launch...");
	else if (st == GPU_COUNTERS_LIVE) {
		*m = cnt.m;
		lprintf(line, "one launch, here and now");
	} else if (st == GPU_COUNTERS_FAILED)
		lprintf(line, "%s", cnt.why);
	else if ((r = record_get(g.recorded, ps)) != NULL &&
	    r->counters.valid) {
		*m = r->counters;
		st = GPU_COUNTERS_RECORDED;
		lprintf(line, "recorded on %s, %s", g.recorded->gpu,
		    g.recorded->date);
	}
	pthread_mutex_unlock(&g.lock);
	return st;
}

void
gpu_bench_counters(int on)
{
	cnt.bench = on;
}

void
gpu_shutdown(void)
{
	pthread_mutex_lock(&g.lock);
	if (cnt.busy)
		ncu_cancel();
	pthread_mutex_unlock(&g.lock);
	if (cnt.started)
		pthread_join(cnt.thread, NULL);
	cnt.started = 0;
	pthread_mutex_lock(&g.lock);
	g.quit = 1;
	pthread_cond_signal(&g.wake);
	pthread_mutex_unlock(&g.lock);
	if (g.started)
		pthread_join(g.thread, NULL);
	g.started = 0;
	if (g.ops != NULL && g.status == GPU_OK)
		g.ops->close();
	g.probed = 0;
	g.quit = 0;
	free(g.recorded);
	g.recorded = NULL;
}

int
gpu_load_results(const char *path, char **cause)
{
	struct gpu_record	*rec;
	char			*file;

	if ((file = gpu_datadir_results(path, cause)) == NULL) {
		if (*cause == NULL)
			*cause = xstrdup("--results: out of memory");
		return -1;
	}
	rec = xmalloc(sizeof *rec);
	if (gpu_results_read(file, rec, cause) != 0) {
		free(file);
		free(rec);
		return -1;
	}
	free(file);
	pthread_mutex_lock(&g.lock);
	free(g.recorded);
	g.recorded = rec;
	pthread_mutex_unlock(&g.lock);
	return 0;
}

int
gpu_recorded_ms(const struct param_set *ps, double *ms)
{
	struct gpu_result	*r;
	char			*cause = NULL;
	int			 have;

	pthread_mutex_lock(&g.lock);
	have = g.recorded != NULL;
	pthread_mutex_unlock(&g.lock);
	if (!have && gpu_load_results("h100", &cause) != 0)
		free(cause);
	pthread_mutex_lock(&g.lock);
	if ((r = record_get(&g.live, ps)) == NULL || r->status != RESULT_OK)
		r = record_get(g.recorded, ps);
	have = r != NULL && r->status == RESULT_OK && r->ms > 0;
	if (have)
		*ms = r->ms;
	pthread_mutex_unlock(&g.lock);
	return have ? 0 : -1;
}

/* "1.234 ms" with a sensible number of digits. */
static void
fmt_ms(char *buf, size_t len, double ms)
{
	if (ms >= 100)
		snprintf(buf, len, "%.0f ms", ms);
	else if (ms >= 1)
		snprintf(buf, len, "%.2f ms", ms);
	else
		snprintf(buf, len, "%.1f us", ms * 1000);
}

/* One result as a line: time, bandwidth, verified, or what went wrong. */
static void
fmt_result(char *line, const char *label, const struct gpu_result *r)
{
	char	t[32];

	/* A kernel file has no CPU reference: never "verified". */
	switch (r->status == RESULT_OK && r->file ? RESULT_TIMED : r->status) {
	case RESULT_OK:
		fmt_ms(t, sizeof t, r->ms);
		lprintf(line, "%s%s (median of %d), %.0f GB/s, "
		    "verified", label, t, r->runs, r->gbps);
		break;
	case RESULT_TIMED:
		fmt_ms(t, sizeof t, r->ms);
		lprintf(line, "%s%s (median of %d), %.0f GB/s, "
		    "timed, not verified", label, t, r->runs, r->gbps);
		break;
	case RESULT_MISMATCH:
		lprintf(line, "%sWRONG RESULT: %s", label,
		    r->error);
		break;
	case RESULT_ERROR:
		/* NVRTC's own line says what failed. */
		lprintf(line, "%s%s%s", label, r->compiled < 0 ? "" :
		    "CUDA error: ",
		    r->error);
		break;
	default:
		lprintf(line, "%snot run", label);
	}
}

static void
fmt_partner(char *line, const struct param_set *pp, const struct gpu_result *r,
    const struct gpu_result *self)
{
	char	label[224], t[32], pbuf[96];

	param_format(pp, pbuf, sizeof pbuf, 0);
	snprintf(label, sizeof label, "vs %s%s%s: ", pp->v->name,
	    pbuf[0] ? " " : "", pbuf);
	/* !(x > 0) is also true of NaN: no ratio of impossible times. */
	if (r->status != RESULT_OK || self == NULL ||
	    self->status != RESULT_OK || !(self->ms > 0) || !(r->ms > 0)) {
		fmt_result(line, label, r);
		return;
	}
	fmt_ms(t, sizeof t, r->ms);
	if (r->ms >= self->ms)
		lprintf(line, "%s%s, this is %.2fx faster",
		    label, t, r->ms / self->ms);
	else
		lprintf(line, "%s%s, this is %.2fx slower",
		    label, t, self->ms / r->ms);
}

/*
 * One line per comparison partner of ps that rec has a result for, timed
 * against self; at most max.  Returns the number of lines.
 */
static int
fmt_partners(struct gpu_record *rec, const struct param_set *ps,
    const struct gpu_result *self, char lines[][GPU_LINE_MAX], int max)
{
	struct param_set	 partners[MAX_PARTNERS];
	struct gpu_result	*r;
	int			 i, n = 0, np;

	np = gpu_partners(ps, partners, MAX_PARTNERS);
	for (i = 0; i < np && n < max; i++)
		if ((r = record_get(rec, &partners[i])) != NULL)
			fmt_partner(lines[n++], &partners[i], r, self);
	return n;
}

int
gpu_panel(const struct param_set *ps, char lines[][GPU_LINE_MAX])
{
	struct gpu_record	*rec;
	struct gpu_result	*self;
	char			 kbuf[48];
	const char		*kwhy;
	int			 n = 0, live;

	pthread_mutex_lock(&g.lock);
	self = record_get(&g.live, ps);
	live = self != NULL;
	rec = live ? &g.live : g.recorded;
	if (!live)
		self = record_get(g.recorded, ps);

	/* Line 0: where the numbers come from, or why there are none. */
	if (g.busy && g.opening && strcmp(g.jobs[0].v->name,
	    ps->v->name) == 0)
		lprintf(lines[n++], "GPU: opening the driver...");
	else if (g.busy && strcmp(g.jobs[0].v->name, ps->v->name) == 0)
		lprintf(lines[n++], "GPU: running %s (%d of %d)"
		    "...", g.jobs[g.current].v->name, g.current + 1, g.njobs);
	else if (live)
		lprintf(lines[n++], "GPU: %s, driver CUDA %s "
		    "(g: run again)", g.dev.name, g.live.driver);
	else if (self != NULL)
		lprintf(lines[n++], "recorded on %s %s%s",
		    g.recorded->gpu, g.recorded->date, self->source[0] ==
		    '\0' ? ", source not checked" : "");
	else if (g.probed && g.status != GPU_OK) {
		gpu_no_timing(g.short_why, sizeof g.short_why);
		lprintf(lines[n++], "%s", g.short_why);
	}
	else if (gpu_run_kernel(ps, kbuf, sizeof kbuf, &kwhy) == NULL)
		lprintf(lines[n++], "no live timing: %s", kwhy);
	else
		lprintf(lines[n++], "press g to time it live "
		    "on the GPU");

	if (self != NULL) {
		fmt_result(lines[n++], "this: ", self);
		n += fmt_partners(rec, ps, self, lines + n,
		    GPU_PANEL_LINES - 1 - n);
		if (ps->v->note != NULL && n < GPU_PANEL_LINES)
			lprintf(lines[n++], "note: %s",
			    ps->v->note);
	}
	pthread_mutex_unlock(&g.lock);
	return n;
}

/* ptxas's register count for a kernel at an sm, or the nearest below. */
static int
build_regs(const char *kernel, int sm, int *at)
{
	int	i, best = -1, regs = 0;

	for (i = 0; gpu_kernel_res[i].kernel != NULL; i++)
		if (strcmp(gpu_kernel_res[i].kernel, kernel) == 0 &&
		    gpu_kernel_res[i].sm <= sm && gpu_kernel_res[i].sm > best) {
			best = gpu_kernel_res[i].sm;
			regs = gpu_kernel_res[i].regs;
		}
	*at = best;
	return regs;
}

int
gpu_regs(const struct param_set *ps, int sm)
{
	const char	*kernel, *why;
	char		 kbuf[48];
	int		 at;

	kernel = gpu_run_kernel(ps, kbuf, sizeof kbuf, &why);
	return kernel != NULL ? build_regs(kernel, sm, &at) : 0;
}

int
gpu_occupancy(const struct param_set *ps, char lines[][GPU_LINE_MAX])
{
	struct launch		 l;
	struct occ_result	 o;
	struct gpu_result	*r;
	const char		*kernel, *why, *where = NULL;
	char			*cause = NULL, regtext[48], kbuf[48];
	int			 n = 0, i, regs, at;

	if (launch_init(&l, ps, &cause) != 0) {
		lprintf(lines[n++], "occupancy: %s", cause);
		free(cause);
		return n;
	}
	kernel = gpu_run_kernel(ps, kbuf, sizeof kbuf, &why);
	for (i = 0; occ_devices[i] != NULL; i++) {
		const struct occ_device *d = occ_devices[i];

		regs = kernel != NULL ? build_regs(kernel, d->sm, &at) : 0;
		if (regs > 0)
			snprintf(regtext, sizeof regtext, "%d regs (sm_%d)",
			    regs, at);
		else
			snprintf(regtext, sizeof regtext, "regs unknown");
		occupancy_compute(d, (int)l.threads, regs,
		    (int)l.shared_bytes, &o);
		lprintf(lines[n++], "%s: %d block%s x %d warps "
		    "= %d/%d warps per SM (%d%%), %s%s; %s", d->name,
		    o.blocks, o.blocks == 1 ? "" : "s",
		    (int)((l.threads + 31) / 32), o.warps,
		    o.max_warps, occupancy_percent(o.warps, o.max_warps),
		    o.limit == OCC_NONE ? "" : "limit ",
		    occupancy_limit_name(o.limit), regtext);
	}
	pthread_mutex_lock(&g.lock);
	if ((r = record_get(&g.live, ps)) != NULL)
		where = g.dev.name;
	else if ((r = record_get(g.recorded, ps)) != NULL)
		where = g.recorded->gpu;
	if (r != NULL && r->regs > 0)
		lprintf(lines[n++], "%s (driver): %d regs, %d "
		    "blocks per SM = %d warps", where, r->regs,
		    r->blocks_per_sm,
		    r->blocks_per_sm * (int)((l.threads + 31) / 32));
	pthread_mutex_unlock(&g.lock);
	launch_free(&l);
	return n;
}

/* --- warpviz gpu --- */

static void
print_build(FILE *f)
{
	char	why[256];
	int	i;

	/* The run-time compiler, for a user's kernel file. */
	if (gpu_nvrtc_open(why, sizeof why) == 0) {
		fprintf(f, "nvrtc:  CUDA %d.%d, for kernel files\n",
		    gpu_nvrtc_version() / 1000,
		    gpu_nvrtc_version() % 1000 / 10);
		if (gpu_nvrtc_cache_check(why, sizeof why) != 0) {
			fputs("cache:  ", f);
			safestr_fputs(why, f);
			fputc('\n', f);
		}
	} else
		fprintf(f, "nvrtc:  none, kernel files cannot run live: %s\n",
		    why);

	if (gpu_images[0].data == NULL) {
		fprintf(f, "build:  no GPU kernels (built without nvcc)\n");
		return;
	}
	fprintf(f, "build:  CUDA %s kernels, machine code for", gpu_build_release);
	for (i = 0; gpu_build_sm[i] != 0; i++)
		fprintf(f, " sm_%d", gpu_build_sm[i]);
	fprintf(f, ", PTX for");
	for (i = 0; gpu_build_ptx[i] != 0; i++)
		fprintf(f, " compute_%d", gpu_build_ptx[i]);
	fputc('\n', f);
}

static void
print_device(FILE *f)
{
	fprintf(f, "device: %s (sm_%d%d, %d SMs, %d MB L2)\n", g.dev.name,
	    g.dev.cc_major, g.dev.cc_minor, g.dev.sms,
	    g.dev.l2_bytes >> 20);
	fprintf(f, "driver: CUDA %d.%d\n", g.dev.driver / 1000,
	    g.dev.driver % 1000 / 10);
}

/* Occupancy of every variant at its defaults. */
static void
print_occupancy(FILE *f)
{
	char			lines[4][GPU_LINE_MAX];
	struct param_set	ps;
	int			i, j, n;

	fprintf(f, "occupancy at the catalog defaults (%s; %s):\n",
	    occ_teaching.text, occ_h100.text);
	for (i = 0; catalog[i] != NULL; i++) {
		param_defaults(&ps, catalog[i]);
		n = gpu_occupancy(&ps, lines);
		for (j = 0; j < n; j++)
			fprintf(f, "  %-18s %s\n", j == 0 ? catalog[i]->name : "",
			    lines[j]);
	}
}

int
gpu_info(void)
{
	int	status;

	status = gpu_probe();
	if (status == GPU_OK || g.dev.name[0] != '\0')
		print_device(stdout);
	print_build(stdout);
	if (status == GPU_OK)
		printf("status: ready\n");
	else
		printf("status: unavailable: %s\n", g.why);
	print_occupancy(stdout);
	gpu_shutdown();
	return status == GPU_OK ? 0 : 1;
}

/* --- warpviz bench --- */

/* Add ps to list unless there; *more set when there is no room. */
static int
bench_add(struct param_set *list, int n, const struct param_set *ps,
    int *more)
{
	char	a[256], b[256];
	int	i;

	param_format(ps, a, sizeof a, 1);
	for (i = 0; i < n; i++) {
		param_format(&list[i], b, sizeof b, 1);
		if (list[i].v == ps->v && strcmp(a, b) == 0)
			return n;
	}
	if (n < RESULTS_MAX)
		list[n++] = *ps;
	else
		*more = 1;
	return n;
}

/*
 * bench --counters: the run's counters from ncu into r.  A failure is
 * said on stderr; one that will not change (no ncu, no permission, no
 * GPU) stops the rest.  Returns 1 on a failure.
 */
static int
bench_count(const struct param_set *ps, struct gpu_result *r, int *stop)
{
	char		spec[1024], why[512];
	enum ncu_status	st;

	if (*stop)
		return 0;
	if (gpu_counters_spec(ps, spec, sizeof spec) != 0)
		return 0;
	if ((st = ncu_run(spec, &r->counters, why, sizeof why)) == NCU_OK)
		return 0;
	safestr_fprintf(stderr, "warpviz: bench: counters of %s: %s\n",
	    r->variant, why);
	if (st != NCU_FAILED)
		*stop = 1;
	return 1;
}

/* bench's text line of a run's counters. */
static void
bench_print_counters(const struct measured *m)
{
	if (!m->valid)
		return;
	printf("%18s ncu:", "");
	if (m->have & MEASURED_L1)
		printf(" L1 hit %.1f%%", m->l1_hit);
	if (m->have & MEASURED_L2)
		printf(", L2 hit %.1f%%", m->l2_hit);
	if (m->have & MEASURED_DRAM)
		printf(", DRAM %.0f B read, %.0f B written", m->dram_read,
		    m->dram_write);
	printf("\n");
}

/* bench's text lines of one run. */
static void
bench_print_result(const struct gpu_result *res)
{
	char	line[GPU_LINE_MAX];

	fmt_result(line, "", res);
	/* Names from kernel files: through safestr. */
	safestr_fprintf(stdout, "%-18s %s\n", res->variant, res->params);
	safestr_fprintf(stdout, "%18s %s\n", "", line);
	if (res->status == RESULT_OK)
		printf("%18s %d regs, %d blocks per SM (driver), %ld elements "
		    "checked\n", "", res->regs, res->blocks_per_sm,
		    res->checked);
	bench_print_counters(&res->counters);
	if (res->compiled != 0)
		printf("%18s NVRTC: %s in %.0f ms\n", "", res->compiled == 1 ?
		    "compiled" : "from the cache", res->compile_ms);
	fflush(stdout);
}

/* bench's comparisons: each asked variant against its partners, and the
   copies against cuMemcpyDtoD. */
static void
bench_print_comparisons(struct gpu_record *rec, const struct param_set *asked,
    int nasked, const struct param_set *list, int n)
{
	char			 plines[MAX_PARTNERS][GPU_LINE_MAX];
	struct gpu_result	*self;
	int			 i, j, np;

	printf("\ncomparisons:\n");
	for (i = 0; i < nasked; i++) {
		if ((self = record_get(rec, &asked[i])) == NULL)
			continue;
		np = fmt_partners(rec, &asked[i], self, plines, MAX_PARTNERS);
		for (j = 0; j < np; j++)
			safestr_fprintf(stdout, "  %-18s %s\n",
			    asked[i].v->name, plines[j]);
	}
	for (i = 0; i < n; i++)
		if (list[i].v->live.copy_bytes != NULL &&
		    rec->results[i].status == RESULT_OK &&
		    rec->memcpy_gbps > 0)
			safestr_fprintf(stdout, "  %s %s reaches %.0f%% of "
			    "cuMemcpyDtoD's bandwidth\n",
			    rec->results[i].variant, rec->results[i].params,
			    100 * rec->results[i].gbps / rec->memcpy_gbps);
}

int
gpu_bench(const struct param_set *specs, int nspecs, int json, int once)
{
	static struct param_set	 list[RESULTS_MAX];
	static struct param_set	 asked[RESULTS_MAX];
	struct param_set	 partners[MAX_PARTNERS];
	static struct gpu_record rec;
	double			 memcpy_ms = 0;
	size_t			 memcpy_bytes = MEMCPY_BYTES;
	char			 t[32];
	int			 i, j, n = 0, nasked = 0, bad = 0;
	int			 np, more = 0, noted = 0, nocount = 0;

	if (nspecs > RESULTS_MAX) {
		fprintf(stderr, "warpviz: bench: %d variants is too many (at "
		    "most %d)\n", nspecs, RESULTS_MAX);
		return 2;
	}
	for (i = 0; i < nspecs; i++)
		asked[nasked++] = specs[i];
	/* Everything that runs live (the texture walks too: verified on
	   the H100, doc/validation.md). */
	if (nasked == 0)
		for (i = 0; catalog[i] != NULL && nasked < RESULTS_MAX; i++)
			param_defaults(&asked[nasked++], catalog[i]);
	for (i = 0; i < nasked; i++) {
		n = bench_add(list, n, &asked[i], &more);
		if (once)
			continue;
		np = gpu_partners(&asked[i], partners, MAX_PARTNERS);
		for (j = 0; j < np; j++)
			n = bench_add(list, n, &partners[j], &more);
	}
	if (more) {
		fprintf(stderr, "warpviz: bench: the variants and their "
		    "partners make more than %d runs (name fewer)\n",
		    RESULTS_MAX);
		return 2;
	}

	/* The reference copy moves as many bytes as the first copy kernel. */
	for (i = 0; i < n; i++)
		if (gpu_run_copy_bytes(&list[i], &memcpy_bytes) == 0)
			break;
	if (gpu_probe() != GPU_OK) {
		fprintf(stderr, "warpviz: bench: %s\n", g.why);
		gpu_shutdown();
		return 3;
	}
	memset(&rec, 0, sizeof rec);
	gpu_results_device(&rec, &g.dev);
	if (!json) {
		print_device(stdout);
		fflush(stdout);
	}
	gpu_run_set_once(once);
	if (once)
		;
	else if (gpu_run_memcpy(g.ops, memcpy_bytes, &memcpy_ms,
	    &rec.memcpy_gbps) != 0) {
		fprintf(stderr, "warpviz: bench: memcpy: %s\n", g.ops->error());
		bad = 1;
	} else if (!json) {
		fmt_ms(t, sizeof t, memcpy_ms);
		printf("memcpy: cuMemcpyDtoD of %zu MiB: %s, %.0f GB/s "
		    "(bytes read + written)\n", memcpy_bytes >> 20, t,
		    rec.memcpy_gbps);
	}
	for (i = 0; i < n; i++) {
		struct gpu_result res;

		if (gpu_run(g.ops, &list[i], &res) != 0)
			bad = 1;
		if (cnt.bench && bench_count(&list[i], &res, &nocount))
			bad = 1;
		if (res.compiled != 0 && *gpu_nvrtc_cache_note() != '\0' &&
		    !noted) {
			fputs("warpviz: bench: ", stderr);
			safestr_fputs(gpu_nvrtc_cache_note(), stderr);
			fputc('\n', stderr);
			noted = 1;
		}
		record_put(&rec, &res);
		if (!json)
			bench_print_result(&res);
	}
	if (json)
		gpu_results_write(stdout, &rec);
	else
		bench_print_comparisons(&rec, asked, nasked, list, n);
	gpu_shutdown();
	return bad ? 1 : 0;
}
