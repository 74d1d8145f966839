/* SPDX-License-Identifier: ISC
 * isa-job.h - the lecture screen's "as compiled" (key I): the kernel of
 * pane 0 compiled by NVRTC (or disassembled, where nvdisasm is) on a
 * thread of its own, so that no key waits for the compiler.
 */
#ifndef WV_ISA_JOB_H
#define WV_ISA_JOB_H

#include "state.h"

/*
 * Keep st->compiled in step with pane 0 while st->as_compiled: drop it
 * when pane 0 changed, start a job for the new parameters, install a
 * finished one (or say on the status line why there is none).  Returns
 * intent bits (INTENT_REDRAW when something changed).  Cheap.
 */
int	isa_job_sync(struct state *);
/* A job is running: the loop should poll. */
int	isa_job_busy(void);
/* Wait for a running job and free the result (before exit). */
void	isa_job_shutdown(struct state *);

#endif
