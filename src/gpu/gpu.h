/* SPDX-License-Identifier: ISC
 * gpu.h - the optional live GPU runner.  gpu-none.c is always built and
 * says why there is no GPU; gpu-cuda.c loads libcuda.so.1 at run time
 * (never linked).  The TUI talks to it only through the functions below:
 * it asks for a run, and asks each frame for the lines of the GPU panel.
 * Nothing the TUI calls blocks: the driver is opened (dlopen, cuInit, the
 * kernels' modules: up to a second) by the worker thread on the first
 * request, and runs happen there; the calls below only take a lock that
 * the worker holds for moments between those steps.  gpu_info and
 * gpu_bench, for the command line, open the driver on the caller.
 */
#ifndef WV_GPU_H
#define WV_GPU_H

#include "measured.h"
#include "param.h"

#define GPU_PANEL_LINES	5	/* gpu_panel's most; the frame shows 3 */
#define GPU_OCC_LINES	3	/* gpu_occupancy's most */
#define GPU_LINE_MAX	128	/* bytes per line, NUL included */

/*
 * warpviz gpu: print the device, driver, embedded architectures and the
 * occupancy table, or why there is no GPU.  Returns the exit status: 0
 * when a GPU is ready, 1 when none is (the reason is on the "status:"
 * line).
 */
int	gpu_info(void);
/*
 * warpviz bench: time the variants at these parameters (none: every
 * variant at its defaults) and, unless once, their comparison partners,
 * and cuMemcpyDtoD as the bandwidth reference; print a table or, with
 * json, the record of gpu-results.h.  once: launch each named variant
 * once (for ncu).  Returns the exit status: 0 all verified, 1 a run
 * failed (mismatch or CUDA error), 2 too many runs, 3 no GPU (reason on
 * one line on stderr).
 */
int	gpu_bench(const struct param_set *, int n, int json, int once);
/* bench --counters: also run each variant once under Nsight Compute and
   record its counters with its time (before gpu_bench). */
void	gpu_bench_counters(int on);

/* What gpu_counters_get has for a variant. */
enum gpu_counters_state {
	GPU_COUNTERS_NONE,	/* nothing asked, nothing recorded */
	GPU_COUNTERS_RUNNING,	/* ncu is running it */
	GPU_COUNTERS_LIVE,	/* measured here, now */
	GPU_COUNTERS_RECORDED,	/* from the results --results loaded */
	GPU_COUNTERS_FAILED	/* the line says why */
};
/* bench's operand for ps, "VARIANT:NAME=VALUE,..." (a kernel file by its
   path), as counters hands it to ncu: 0, or -1 when it does not fit or
   the path holds a ':'. */
int	gpu_counters_spec(const struct param_set *, char *buf, size_t len);
/*
 * Run the variant at these parameters once under Nsight Compute on a
 * thread of its own (gpu-ncu.h).  0 when started, or -1 with a one-line
 * reason in *why (not to be freed): no ncu, already running, no kernel.
 */
int	gpu_counters_request(const struct param_set *, const char **why);
/*
 * The counters for these parameters: measured here (the last run's, when
 * it ran these), else recorded in loaded results.  Fills *m when LIVE or
 * RECORDED, and line (GPU_LINE_MAX) with what to say: where the numbers
 * come from, "running", or why it failed.  Cheap: called every frame.
 */
enum gpu_counters_state gpu_counters_get(const struct param_set *,
	    struct measured *m, char *line);

/*
 * Start timing the variant at these parameters (and its comparison
 * partners) on the worker thread, opening the driver there first if no
 * request has.  Returns 0 when started, or -1 with a one-line reason in
 * *why (not to be freed): no GPU (known once the driver was opened, or at
 * once under WARPVIZ_GPU=off), busy, no live kernel at these parameters.
 * A driver that fails to open on the worker shows in gpu_panel.
 */
int	gpu_request(const struct param_set *, const char **why);
/*
 * Fill up to GPU_PANEL_LINES lines for the GPU panel of this variant:
 * "press g to time it live", "running...", the measured median, bandwidth,
 * ratio to the partner and "verified", an error, or why there is no GPU.
 * Returns the number of lines.  Cheap: called every frame.
 */
int	gpu_panel(const struct param_set *, char lines[][GPU_LINE_MAX]);
/*
 * Load results recorded by 'warpviz bench --json' so the panel shows them
 * on a machine without a GPU (warpviz --results FILE, or a NAME that
 * gpu_datadir_results finds among the installed data).  Returns 0, or -1
 * with a one-line *cause (free it).
 */
int	gpu_load_results(const char *path, char **cause);
/*
 * Fill up to GPU_OCC_LINES lines on occupancy for this variant: resident
 * blocks and warps per SM on the teaching SM and on an H100 (model
 * arithmetic, src/model/occupancy.h, with ptxas's register count from
 * the build), and the driver's own answer once the kernel has run here
 * or in loaded results.  Returns the number of lines.  Cheap.
 */
int	gpu_occupancy(const struct param_set *, char lines[][GPU_LINE_MAX]);
/* ptxas's register count for the variant's kernel at sm (or the nearest
   sm below it that was built), 0 when unknown. */
int	gpu_regs(const struct param_set *, int sm);
/*
 * The median time in ms of the variant at these parameters, timed live
 * here or, failing that, in the loaded results (loading the recorded
 * H100 ones first when none are: predict mode's timing questions work
 * without a GPU).  Returns 0, or -1 when neither holds a verified time.
 */
int	gpu_recorded_ms(const struct param_set *, double *ms);
/* Stop the worker thread, if any (called before exit). */
void	gpu_shutdown(void);

#endif
