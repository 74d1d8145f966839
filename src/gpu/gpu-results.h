/* SPDX-License-Identifier: ISC
 * gpu-results.h - results of 'warpviz bench --json': written by bench,
 * read back by 'warpviz --results FILE' so the GPU panel can show numbers
 * recorded on another machine.  The format is one JSON object (see
 * doc/gpu.md); keys are only ever added.  Never prints.
 */
#ifndef WV_GPU_RESULTS_H
#define WV_GPU_RESULTS_H

#include <stdio.h>

#include "gpu-backend.h"
#include "gpu-run.h"

#define RESULTS_MAX	64
/* The largest results file read: bench writes about 300 bytes a result. */
#define RESULTS_FILE_MAX	(16 << 20)
#define RESULTS_FILE_MAX_TEXT	"16 MiB"

struct gpu_record {
	char			 gpu[128];
	char			 driver[16];	/* "13.0" */
	char			 cc[8];		/* "9.0" */
	char			 date[32];	/* "2026-11-21" */
	double			 memcpy_gbps;
	int			 n;
	struct gpu_result	 results[RESULTS_MAX];
};

/* Write a record as JSON. */
void	gpu_results_write(FILE *, const struct gpu_record *);
/*
 * Read a record from a regular file of at most RESULTS_FILE_MAX bytes;
 * 0, or -1 with a one-line *cause (free it).  Numbers are read the same in
 * every locale; times and counts out of plausible ranges are refused.
 */
int	gpu_results_read(const char *path, struct gpu_record *, char **cause);
/* The same from len bytes in memory (the fuzzer's entry). */
int	gpu_results_parse(const char *buf, size_t len, struct gpu_record *,
	    char **cause);
/* Fill the device fields of a record from an open device and today. */
void	gpu_results_device(struct gpu_record *, const struct gpu_device *);
/* "ok", "mismatch", "error" or "none". */
const char *gpu_results_status(int);

#endif
