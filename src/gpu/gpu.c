/* SPDX-License-Identifier: ISC
 * gpu.c - the live GPU runner behind gpu.h: picks the backend (CUDA, or
 * the null one under WARPVIZ_GPU=off), owns the worker thread that runs a
 * variant and its comparison partners while the TUI animates, the thread
 * that counts one run under Nsight Compute, and the results (live, or
 * recorded by 'bench --json' and loaded with --results).  The panel's
 * lines are gpu-panel.c's, 'warpviz gpu' and 'warpviz bench' are
 * gpu-bench.c's; both read the state here, gpu-state.h.  Only gpu-cuda.c
 * knows CUDA types.
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
#include "gpu-ncu.h"
#include "gpu-record.h"
#include "gpu-results.h"
#include "gpu-run.h"
#include "gpu-state.h"
#include "gpu.h"
#include "xmalloc.h"

/* The one state, under gpu_g.lock. */
struct gpu_state gpu_g = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.wake = PTHREAD_COND_INITIALIZER,
};

/* The counters run (gpu_counters_request), under gpu_g.lock. */
static struct {
	pthread_t			 thread;
	int				 started;	/* to be joined */
	int				 busy;
	struct param_set		 ps;
	char				 key[256];
	char				 spec[1024];
	enum gpu_counters_state		 state;
	struct measured			 m;
	char				 why[GPU_LINE_MAX * 4];
	char				 reason[GPU_LINE_MAX * 2];
} cnt;

void
gpu_lprintf(char *line, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(line, GPU_LINE_MAX, fmt, ap);
	va_end(ap);
}

/* The panel's line points to the recorded results; 'warpviz gpu' says
   more. */
void
gpu_no_timing(char *buf, size_t len)
{
	const char	*why;

	switch (gpu_g.status) {
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
	char			why[sizeof gpu_g.why];
	enum gpu_status		status;

	memset(&dev, 0, sizeof dev);
	why[0] = '\0';
	gpu_g.opening = 1;
	pthread_mutex_unlock(&gpu_g.lock);
	status = ops->open(&dev, why, sizeof why);
	pthread_mutex_lock(&gpu_g.lock);
	gpu_g.opening = 0;
	gpu_g.ops = ops;
	gpu_g.dev = dev;
	gpu_g.status = status;
	snprintf(gpu_g.why, sizeof gpu_g.why, "%s", why);
	gpu_g.probed = 1;
	if (status == GPU_OK) {
		gpu_results_device(&gpu_g.live, &gpu_g.dev);
		gpu_run_set_arch(gpu_g.dev.cc_major * 10 + gpu_g.dev.cc_minor);
	}
	return status;
}

enum gpu_status
gpu_probe(void)
{
	enum gpu_status	status;

	pthread_mutex_lock(&gpu_g.lock);
	status = gpu_g.probed ? gpu_g.status : gpu_open(gpu_backend());
	pthread_mutex_unlock(&gpu_g.lock);
	return status;
}


static void *
gpu_worker(void *arg)
{
	struct param_set	ps;
	struct gpu_result	r;
	int			i;

	pthread_mutex_lock(&gpu_g.lock);
	for (;;) {
		while (!gpu_g.quit && !gpu_g.busy)
			pthread_cond_wait(&gpu_g.wake, &gpu_g.lock);
		if (gpu_g.quit)
			break;
		/* The first request opens the driver here, not on its
		   caller. */
		if (!gpu_g.probed && gpu_open(gpu_backend()) != GPU_OK) {
			gpu_g.busy = 0;
			continue;
		}
		for (i = 0; i < gpu_g.njobs && !gpu_g.quit; i++) {
			gpu_g.current = i;
			ps = gpu_g.jobs[i];
			pthread_mutex_unlock(&gpu_g.lock);
			gpu_run(gpu_g.ops, &ps, &r);
			pthread_mutex_lock(&gpu_g.lock);
			record_put(&gpu_g.live, &r);
		}
		gpu_g.busy = 0;
	}
	pthread_mutex_unlock(&gpu_g.lock);
	return NULL;
}

int
gpu_request(const struct param_set *ps, const char **why)
{
	const char	*kwhy;
	char		 kbuf[48];
	int		 rc = -1;

	pthread_mutex_lock(&gpu_g.lock);
	/* The null backend answers at once; CUDA is opened by the worker. */
	if (!gpu_g.probed && gpu_backend() == &gpu_none_ops)
		gpu_open(&gpu_none_ops);
	if (gpu_g.probed && gpu_g.status != GPU_OK) {
		gpu_no_timing(gpu_g.short_why, sizeof gpu_g.short_why);
		*why = gpu_g.short_why;
		goto out;
	}
	if (gpu_g.busy) {
		*why = gpu_g.opening ? "the GPU driver is still being opened" :
		    "a GPU run is already in progress";
		goto out;
	}
	if (gpu_run_kernel(ps, kbuf, sizeof kbuf, &kwhy) == NULL) {
		*why = kwhy;
		goto out;
	}
	if (!gpu_g.started) {
		if (pthread_create(&gpu_g.thread, NULL, gpu_worker,
		    NULL) != 0) {
			*why = "the GPU worker thread could not start";
			goto out;
		}
		gpu_g.started = 1;
	}
	gpu_g.jobs[0] = *ps;
	gpu_g.njobs = 1 + gpu_partners(ps, &gpu_g.jobs[1], MAX_PARTNERS);
	gpu_g.current = 0;
	gpu_g.busy = 1;
	pthread_cond_signal(&gpu_g.wake);
	rc = 0;
out:
	pthread_mutex_unlock(&gpu_g.lock);
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
	st = ncu_run(cnt.spec, cnt.ps.v->source, &m, why, sizeof why);
	pthread_mutex_lock(&gpu_g.lock);
	cnt.m = m;
	cnt.state = st == NCU_OK ? GPU_COUNTERS_LIVE : GPU_COUNTERS_FAILED;
	snprintf(cnt.why, sizeof cnt.why, "%s", why);
	cnt.busy = 0;
	pthread_mutex_unlock(&gpu_g.lock);
	return NULL;
}

int
gpu_counters_request(const struct param_set *ps, const char **why)
{
	const char	*kwhy;
	char		 kbuf[48];
	int		 rc = -1;

	pthread_mutex_lock(&gpu_g.lock);
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
	record_key(ps, cnt.key, sizeof cnt.key);
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
	pthread_mutex_unlock(&gpu_g.lock);
	return rc;
}

enum gpu_counters_state
gpu_counters_get(const struct param_set *ps, struct measured *m, char *line)
{
	enum gpu_counters_state	 st = GPU_COUNTERS_NONE;
	struct gpu_result	*r;
	char			 key[256];

	line[0] = '\0';
	pthread_mutex_lock(&gpu_g.lock);
	record_key(ps, key, sizeof key);
	if (cnt.state != GPU_COUNTERS_NONE && cnt.ps.v == ps->v &&
	    strcmp(key, cnt.key) == 0)
		st = cnt.state;
	if (st == GPU_COUNTERS_RUNNING)
		gpu_lprintf(line, "counting one launch...");
	else if (st == GPU_COUNTERS_LIVE) {
		*m = cnt.m;
		gpu_lprintf(line, "one launch, here and now");
	} else if (st == GPU_COUNTERS_FAILED)
		gpu_lprintf(line, "%s", cnt.why);
	else if ((r = record_get(gpu_g.recorded, ps)) != NULL &&
	    r->counters.valid) {
		*m = r->counters;
		st = GPU_COUNTERS_RECORDED;
		gpu_lprintf(line, "recorded on %s, %s", gpu_g.recorded->gpu,
		    gpu_g.recorded->date);
	}
	pthread_mutex_unlock(&gpu_g.lock);
	return st;
}

void
gpu_shutdown(void)
{
	pthread_mutex_lock(&gpu_g.lock);
	if (cnt.busy)
		ncu_cancel();
	pthread_mutex_unlock(&gpu_g.lock);
	if (cnt.started)
		pthread_join(cnt.thread, NULL);
	cnt.started = 0;
	pthread_mutex_lock(&gpu_g.lock);
	gpu_g.quit = 1;
	pthread_cond_signal(&gpu_g.wake);
	pthread_mutex_unlock(&gpu_g.lock);
	if (gpu_g.started)
		pthread_join(gpu_g.thread, NULL);
	gpu_g.started = 0;
	if (gpu_g.ops != NULL && gpu_g.status == GPU_OK)
		gpu_g.ops->close();
	gpu_g.probed = 0;
	gpu_g.quit = 0;
	free(gpu_g.recorded);
	gpu_g.recorded = NULL;
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
	pthread_mutex_lock(&gpu_g.lock);
	free(gpu_g.recorded);
	gpu_g.recorded = rec;
	pthread_mutex_unlock(&gpu_g.lock);
	return 0;
}

int
gpu_recorded_ms(const struct param_set *ps, double *ms)
{
	struct gpu_result	*r;
	char			*cause = NULL;
	int			 have;

	pthread_mutex_lock(&gpu_g.lock);
	have = gpu_g.recorded != NULL;
	pthread_mutex_unlock(&gpu_g.lock);
	if (!have && gpu_load_results("h100", &cause) != 0)
		free(cause);
	pthread_mutex_lock(&gpu_g.lock);
	if ((r = record_get(&gpu_g.live, ps)) == NULL || r->status != RESULT_OK)
		r = record_get(gpu_g.recorded, ps);
	have = r != NULL && r->status == RESULT_OK && r->ms > 0;
	if (have)
		*ms = r->ms;
	pthread_mutex_unlock(&gpu_g.lock);
	return have ? 0 : -1;
}
