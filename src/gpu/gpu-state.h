/* SPDX-License-Identifier: ISC
 * gpu-state.h - private to src/gpu: the one state of the live runner
 * (gpu.c owns it: the backend, the worker thread and its job, the live
 * and the recorded results), read by the panel's lines (gpu-panel.c) and
 * by warpviz gpu and bench (gpu-bench.c), always under gpu_g.lock.
 */
#ifndef WV_GPU_STATE_H
#define WV_GPU_STATE_H

#include <pthread.h>
#include <stddef.h>

#include "gpu-backend.h"
#include "gpu-record.h"
#include "gpu-results.h"
#include "param.h"

struct gpu_state {
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
};

extern struct gpu_state gpu_g;

/* Open the backend once, here and now; the answer is kept. */
enum gpu_status gpu_probe(void);
/* Why there is no live timing, in one line that fits a panel. */
void	gpu_no_timing(char *buf, size_t len);
/* A panel line: snprintf into GPU_LINE_MAX bytes, truncating by design. */
void	gpu_lprintf(char *line, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

#endif
