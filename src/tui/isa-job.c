/* SPDX-License-Identifier: ISC
 * isa-job.c - the one "as compiled" job of the lecture screen: a thread
 * that compiles pane 0's kernel (gpu-isa.c), reads the listing (isa.c)
 * and matches it to the sites (compiled.c).  The thread owns its copy of
 * the parameters and its result until `done` is set; after that only the
 * loop's thread touches them.
 */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "compiled.h"
#include "gpu-isa.h"
#include "isa-job.h"
#include "isa.h"
#include "keys-act.h"
#include "launch.h"
#include "totals.h"
#include "xmalloc.h"

static struct {
	int			 started;	/* a thread to join */
	_Atomic int		 done;
	pthread_t		 thread;
	struct param_set	 ps;		/* what it compiles */
	struct compiled		 c;
	int			 ok;
	struct totals		*whole;		/* as compiled, or NULL */
	struct totals		*shown_whole;	/* installed in the state */
	char			 why[512];
	struct compiled		*shown;		/* installed in the state */
} job;

static int
same_ps(const struct param_set *a, const struct param_set *b)
{
	return a->v == b->v && a->n == b->n &&
	    memcmp(a->val, b->val, sizeof a->val[0] * a->n) == 0;
}

static void *
job_run(void *arg)
{
	struct launch	 l;
	struct isa_func	 f;
	char		*cause = NULL;

	(void)arg;
	job.ok = 0;
	if (launch_init(&l, &job.ps, &cause) != 0) {
		snprintf(job.why, sizeof job.why, "%s", cause);
		free(cause);
		atomic_store(&job.done, 1);
		return NULL;
	}
	if (gpu_isa_read(&job.ps, GPU_ISA_SM, &f, job.why,
	    sizeof job.why) == 0) {
		job.ok = compiled_match(&l, &f, &job.c, &cause) == 0;
		isa_free(&f);
		if (job.ok) {
			job.c.arch = GPU_ISA_SM;
			/* For the measured panel, under the rules the GPU
			   counts by; where it cannot be had, as written. */
			job.whole = xcalloc(1, sizeof *job.whole);
			if (compiled_totals(&l, ARCH_MODERN, &job.c, job.whole,
			    &cause) != 0) {
				free(cause);
				free(job.whole);
				job.whole = NULL;
			}
		} else {
			snprintf(job.why, sizeof job.why, "%s", cause);
			free(cause);
		}
	}
	launch_free(&l);
	atomic_store(&job.done, 1);
	return NULL;
}

static void
job_join(void)
{
	if (job.started) {
		pthread_join(job.thread, NULL);
		job.started = 0;
	}
}

int
isa_job_busy(void)
{
	return job.started && !atomic_load(&job.done);
}

int
isa_job_sync(struct state *st)
{
	const struct param_set	*ps = &st->pane[0].ps;

	if (!st->as_compiled || st->pane[0].l == NULL) {
		if (st->compiled == NULL)
			return 0;
		st->compiled = NULL;
		st->compiled_whole = NULL;
		return INTENT_RECOMPUTE | INTENT_REDRAW;
	}
	if (isa_job_busy())
		return 0;
	if (job.started && same_ps(&job.ps, ps)) {
		job_join();
		if (!job.ok) {
			st->as_compiled = 0;
			/* No NVRTC, or NVRTC that cannot compile the file
			   (a header it cannot find), as stats says them. */
			if (strncmp(job.why, "no NVRTC: ", 10) == 0)
				state_status(st, "as compiled needs NVRTC: %s",
				    job.why + 10);
			else
				state_status(st, "as compiled: %s", job.why);
			return INTENT_RECOMPUTE | INTENT_REDRAW;
		}
		free(job.shown);
		job.shown = xmalloc(sizeof *job.shown);
		*job.shown = job.c;
		st->compiled = job.shown;
		free(job.shown_whole);
		job.shown_whole = job.whole;
		job.whole = NULL;
		st->compiled_whole = job.shown_whole;
		if (job.c.spill_insns > 0)
			state_status(st, "as compiled (%s, sm_%d): %d spill "
			    "instructions (local memory, lines marked L); "
			    "totals stay as written (warpviz stats "
			    "--as-compiled counts them)",
			    isa_kind_name(job.c.kind), job.c.arch,
			    job.c.spill_insns);
		else
			state_status(st, "as compiled (%s, sm_%d): the "
			    "instruction beside the access; totals stay as "
			    "written (warpviz stats --as-compiled counts "
			    "them)", isa_kind_name(job.c.kind), job.c.arch);
		return INTENT_RECOMPUTE | INTENT_REDRAW;
	}
	if (job.shown != NULL && same_ps(&job.ps, ps)) {
		if (st->compiled == job.shown)
			return 0;
		st->compiled = job.shown;
		st->compiled_whole = job.shown_whole;
		return INTENT_RECOMPUTE | INTENT_REDRAW;
	}
	/* Pane 0 changed (or first time): compile it. */
	job_join();
	st->compiled = NULL;
	st->compiled_whole = NULL;
	free(job.shown);
	job.shown = NULL;
	free(job.shown_whole);
	job.shown_whole = NULL;
	free(job.whole);
	job.whole = NULL;
	job.ps = *ps;
	atomic_store(&job.done, 0);
	if (pthread_create(&job.thread, NULL, job_run, NULL) != 0) {
		st->as_compiled = 0;
		state_status(st, "as compiled: no thread to compile on");
		return INTENT_RECOMPUTE | INTENT_REDRAW;
	}
	job.started = 1;
	state_status(st, "as compiled: compiling %s with NVRTC...",
	    ps->v->name);
	return INTENT_RECOMPUTE | INTENT_REDRAW;
}

void
isa_job_shutdown(struct state *st)
{
	job_join();
	st->compiled = NULL;
	st->compiled_whole = NULL;
	free(job.shown);
	job.shown = NULL;
	free(job.shown_whole);
	job.shown_whole = NULL;
	free(job.whole);
	job.whole = NULL;
}
