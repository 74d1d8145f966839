/* SPDX-License-Identifier: ISC
 * gpu-ncu.h - Nsight Compute's counters for one launch: warpviz runs
 * itself under ncu ("ncu --csv --print-units base --metrics ...
 * --launch-count 1 WARPVIZ bench --once SPEC": the one launch bench
 * --once makes, verified like every run) and reads the CSV ncu prints.
 * ncu's raw counters are per launch and per space, so that is what is
 * read: requests, sectors and wavefronts of global, shared and local
 * loads and stores, the L1 and L2 sector hit rates and the DRAM bytes.
 *
 * The parser reads ncu's default CSV page (one row per metric:
 * "ID","Process ID",...,"Kernel Name",...,"Metric Name","Metric Unit",
 * "Metric Value"), as tests/gpu/local-layout-ncu.csv records it; lines
 * that are not CSV rows (==PROF==, the program's own output) are skipped.
 * Never prints.
 */
#ifndef WV_GPU_NCU_H
#define WV_GPU_NCU_H

#include <stddef.h>

#include "measured.h"

/* The most of ncu's output read; more is drained and dropped. */
#define NCU_OUTPUT_MAX	(4 << 20)

enum ncu_status {
	NCU_OK,			/* *m holds the counters */
	NCU_MISSING,		/* no ncu to run */
	NCU_NO_PERM,		/* ERR_NVGPUCTRPERM */
	NCU_NO_GPU,		/* the program under ncu found no GPU */
	NCU_FAILED		/* anything else: ncu's or the run's error */
};

/* The metrics asked for, comma-separated, as --metrics takes them. */
const char	*ncu_metrics(void);
/*
 * Read ncu's output (len bytes, need not end in a newline) into *m.
 * Returns NCU_OK, or another status with a one-line reason in why (len
 * bytes), made safe to print.
 */
enum ncu_status	 ncu_parse(const char *buf, size_t len, struct measured *m,
		     char *why, size_t whylen);
/*
 * Read ncu's source page (--page source --csv --print-source cuda,sass)
 * into m->line[], the lines of file (compared by its last path
 * component; NULL: every file's).  0, or -1 with why (m->nlines 0).
 */
int		 ncu_source_parse(const char *buf, size_t len,
		     const char *file, struct measured *m, char *why,
		     size_t whylen);
/*
 * Where ncu is: $WARPVIZ_NCU, else "ncu" on PATH, else
 * /usr/local/cuda/bin/ncu.  0 with the path in buf, or -1 with the
 * reason in buf.
 */
int		 ncu_find(char *buf, size_t len);
/*
 * Run this program's "bench --once SPEC" under ncu and read its
 * counters.  With file (the kernel's source file name), a second run
 * reads the source page into m->line[] (or says why not in
 * m->lines_why).  Blocks for as long as ncu runs (seconds); call it off
 * the key path.  Returns as ncu_parse; NCU_MISSING when there is no ncu.
 */
enum ncu_status	 ncu_run(const char *spec, const char *file,
		     struct measured *m, char *why, size_t whylen);
/* End the ncu that ncu_run waits for, if any (it then returns). */
void		 ncu_cancel(void);


#endif
