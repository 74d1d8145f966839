/* SPDX-License-Identifier: ISC
 * test-gpu.c - the GPU runner without a GPU (as in CI): gpu_request's
 * answer and gpu_panel's lines when the driver is missing (opened on the
 * worker: the first request starts, the panel then says why) or the GPU
 * is switched off, replay of recorded 'bench --json' results through
 * gpu_load_results, and the occupancy lines.  Links libgpu.a and the
 * model; no curses.  WARPVIZ_LIBCUDA points the loader at a file that
 * does not exist, so the no-driver path is taken on any machine.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "gpu-results.h"
#include "gpu-run.h"
#include "gpu.h"
#include "ksrc.h"
#include "param.h"
#include "tap.h"

static int
has_line(char lines[][GPU_LINE_MAX], int n, const char *text)
{
	int	i;

	for (i = 0; i < n; i++)
		if (strstr(lines[i], text) != NULL)
			return 1;
	for (i = 0; i < n; i++)
		diag("line %d: %s", i, lines[i]);
	return 0;
}

/*
 * The record bench --json writes reads back the same, quotes, backslashes
 * and control bytes in its strings included (one string writer for all
 * JSON: jsonstr.c).
 */
static void
roundtrip(void)
{
	static struct gpu_record	 w, r;
	static const char		 text[] = "say \"hi\" \\ a\tb\nc\001d";
	char				 path[] = "/tmp/wv-test-gpu.XXXXXX";
	char				*cause = NULL;
	FILE				*f;
	int				 fd;

	memset(&w, 0, sizeof w);
	snprintf(w.gpu, sizeof w.gpu, "%s", text);
	snprintf(w.driver, sizeof w.driver, "13.0");
	snprintf(w.cc, sizeof w.cc, "9.0");
	snprintf(w.date, sizeof w.date, "2026-11-23");
	w.n = 1;
	snprintf(w.results[0].variant, sizeof w.results[0].variant, "stride");
	snprintf(w.results[0].error, sizeof w.results[0].error, "%s", text);
	w.results[0].status = RESULT_ERROR;
	if ((fd = mkstemp(path)) < 0 || (f = fdopen(fd, "w")) == NULL) {
		ok(0, "round trip: a temporary file");
		return;
	}
	gpu_results_write(f, &w);
	fclose(f);
	is_int(gpu_results_read(path, &r, &cause), 0, "round trip: read back "
	    "(%s)", cause != NULL ? cause : "ok");
	free(cause);
	is_str(r.gpu, text, "round trip: the GPU name with escapes");
	is_str(r.results[0].error, text, "round trip: an error with escapes");
	unlink(path);
}

static void
defaults(struct param_set *ps, const char *name)
{
	param_defaults(ps, catalog_find(name));
}

/* Write text to a fresh temporary .cu file; its path in path. */
static int
write_temp(char *path, size_t len, const char *text)
{
	FILE	*f;
	int	 fd;

	snprintf(path, len, "/tmp/wv-test-gpu.XXXXXX.cu");
	if ((fd = mkstemps(path, 3)) < 0 || (f = fdopen(fd, "w")) == NULL)
		return -1;
	fputs(text, f);
	fclose(f);
	return 0;
}

/*
 * Records match on name, parameters, origin and source hash: every record
 * shipped in doc/results-h100.json matches its catalog kernel (its hash is
 * that of the text the catalog embeds); a kernel file never shows a
 * catalog kernel's record, not even with the very same text; a record
 * whose hash differs is not shown; an old record without a hash is shown
 * for a catalog kernel, said "source not checked".
 */
static void
sources(const char *srcdir)
{
	static struct gpu_record	 rec;
	char				 lines[GPU_PANEL_LINES][GPU_LINE_MAX];
	char				 path[4096], file[64], hex[65];
	char				*cause = NULL;
	const struct variant		*v;
	struct param_set		 ps;
	FILE				*f;
	int				 i, n, bad = 0;

	snprintf(path, sizeof path, "%s/doc/results-h100.json", srcdir);
	is_int(gpu_results_read(path, &rec, &cause), 0,
	    "results-h100.json reads (%s)", cause ? cause : "ok");
	free(cause);
	cause = NULL;
	for (i = 0; i < rec.n; i++) {
		v = catalog_find(rec.results[i].variant);
		if (v == NULL || rec.results[i].file) {
			diag("%s: not a catalog kernel", rec.results[i].variant);
			bad++;
			continue;
		}
		gpu_run_source(v, hex);
		if (strcmp(hex, rec.results[i].source) != 0) {
			diag("%s: recorded source %s, the catalog's is %s",
			    rec.results[i].variant, rec.results[i].source, hex);
			bad++;
		}
	}
	ok(rec.n > 0 && bad == 0, "every one of the %d shipped H100 records "
	    "matches its catalog kernel's source", rec.n);

	is_int(gpu_load_results(path, &cause), 0, "results-h100.json loads");
	free(cause);
	cause = NULL;
	defaults(&ps, "matmul-col");
	n = gpu_panel(&ps, lines);
	ok(has_line(lines, n, "this: 3.18 ms (median of 94)") &&
	    has_line(lines, n, "verified") &&
	    !has_line(lines, n, "source not checked"),
	    "catalog matmul-col: its H100 record, verified");

	/* The catalog's own text, as a user's file: still not its record. */
	v = catalog_find("matmul-col");
	if (write_temp(file, sizeof file, catalog_variant_text(v)) != 0 ||
	    (v = catalog_open(file, &cause)) == NULL) {
		ok(0, "a kernel file copied from cuda/matmul.cu (%s)",
		    cause ? cause : "no temporary file");
		free(cause);
		return;
	}
	param_defaults(&ps, v);
	n = gpu_panel(&ps, lines);
	ok(strcmp(v->name, "matmul-col") == 0 && !has_line(lines, n, "3.18") &&
	    !has_line(lines, n, "verified") && !has_line(lines, n, "recorded"),
	    "a kernel file named matmul-col (the same text) does not show the "
	    "catalog's record");

	/* A record of that file (origin "file", its hash) says "ok": shown
	   for the file as timed, not verified; not for the catalog's. */
	memset(&rec, 0, sizeof rec);
	snprintf(rec.gpu, sizeof rec.gpu, "test GPU");
	rec.n = 1;
	snprintf(rec.results[0].variant, sizeof rec.results[0].variant,
	    "matmul-col");
	param_format(&ps, rec.results[0].params, sizeof rec.results[0].params,
	    1);
	gpu_run_source(v, rec.results[0].source);
	rec.results[0].file = 1;
	rec.results[0].status = RESULT_OK;
	rec.results[0].ms = 2.5;
	rec.results[0].runs = 7;
	snprintf(path, sizeof path, "%s.json", file);
	if ((f = fopen(path, "w")) != NULL) {
		gpu_results_write(f, &rec);
		fclose(f);
	}
	is_int(gpu_load_results(path, &cause), 0, "a file's record loads");
	free(cause);
	cause = NULL;
	n = gpu_panel(&ps, lines);
	ok(has_line(lines, n, "this: 2.50 ms (median of 7)") &&
	    has_line(lines, n, "timed, not verified"),
	    "a kernel file's record: timed, not verified");
	defaults(&ps, "matmul-col");
	n = gpu_panel(&ps, lines);
	ok(!has_line(lines, n, "2.50"),
	    "a kernel file's record is not the catalog kernel's");
	unlink(path);
	unlink(file);

	/* The hash differs: the catalog kernel's record is not shown. */
	snprintf(path, sizeof path, "%s/tests/gpu/stale.json", srcdir);
	is_int(gpu_load_results(path, &cause), 0, "stale.json loads");
	free(cause);
	cause = NULL;
	defaults(&ps, "matmul-col");
	n = gpu_panel(&ps, lines);
	ok(!has_line(lines, n, "recorded") && !has_line(lines, n, " ms"),
	    "a record whose source hash differs is not shown");
	defaults(&ps, "matmul-row");
	n = gpu_panel(&ps, lines);
	ok(has_line(lines, n, "recorded on NVIDIA H100 80GB HBM3 2026-11-23, "
	    "source not checked") && has_line(lines, n, "this: 17.93 ms"),
	    "a record without a hash: shown for the catalog kernel, "
	    "source not checked");
	gpu_shutdown();
}

/* The panel once the worker is done opening or running (at most 10 s). */
static int
settle(const struct param_set *ps, char lines[][GPU_LINE_MAX])
{
	int	i, n = 0;

	for (i = 0; i < 200; i++) {
		n = gpu_panel(ps, lines);
		if (n > 0 && strncmp(lines[0], "GPU: ", 5) != 0)
			break;
		usleep(50 * 1000);
	}
	return n;
}

int
main(void)
{
	char			 lines[GPU_PANEL_LINES][GPU_LINE_MAX], path[4096];
	char			*cause = NULL;
	const char		*why = NULL, *srcdir = getenv("srcdir");
	struct param_set	 ps;
	int			 n;

	/* No driver: the loader cannot find libcuda.so.1. */
	unsetenv("WARPVIZ_GPU");
	setenv("WARPVIZ_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
	defaults(&ps, "copy-offset");
	n = gpu_panel(&ps, lines);
	ok(n >= 1 && has_line(lines, n, "press g"),
	    "before a request the panel offers g");
	/* The caller never waits for the driver: the worker opens it. */
	is_int(gpu_request(&ps, &why), 0,
	    "no driver: the first request starts the worker");
	n = settle(&ps, lines);
	ok(has_line(lines, n, "no live timing: no NVIDIA driver"),
	    "no driver: the panel says why");
	ok(n == 1, "no driver: one line, no numbers");
	is_int(gpu_request(&ps, &why), -1,
	    "no driver: the next request is refused at once");
	ok(why != NULL && strncmp(why, "no live timing: no NVIDIA driver;",
	    33) == 0 && strlen(why) <= 78 && strstr(why, "--results") != NULL,
	    "no driver: says so in one line of at most 78 columns that "
	    "points to --results (%s)", why ? why : "null");
	gpu_shutdown();

	/* Switched off. */
	setenv("WARPVIZ_GPU", "off", 1);
	is_int(gpu_request(&ps, &why), -1, "off: the request is refused");
	is_str(why, "no live timing: GPU switched off (WARPVIZ_GPU=off); "
	    "--results h100 replays recorded times", "off: the reason");
	gpu_shutdown();

	/* matmul-tiled at tile 4 has no live kernel. */
	unsetenv("WARPVIZ_GPU");
	defaults(&ps, "matmul-tiled");
	param_assign(&ps, "tile=4", &cause);
	n = gpu_panel(&ps, lines);
	ok(has_line(lines, n, "tile 8, 16 and 32"),
	    "tile 4: the panel says which tiles run live");

	/* Replay of recorded results. */
	snprintf(path, sizeof path, "%s/tests/gpu/recorded.json",
	    srcdir != NULL ? srcdir : ".");
	is_int(gpu_load_results(path, &cause), 0, "recorded.json loads");
	if (cause != NULL) {
		diag("%s", cause);
		free(cause);
		cause = NULL;
	}
	defaults(&ps, "copy-offset");
	n = gpu_panel(&ps, lines);
	ok(has_line(lines, n, "recorded on NVIDIA H200 2026-11-21"),
	    "replay: where and when");
	ok(has_line(lines, n, "this: 58.4 us (median of 100), 2300 GB/s, "
	    "verified"), "replay: this variant's time, bandwidth, verified");
	ok(has_line(lines, n, "vs copy-offset offset=0: 56.1 us, this is "
	    "1.04x slower"), "replay: the partner and the ratio");
	ok(has_line(lines, n, "note: caches absorb"), "replay: the note");

	n = gpu_occupancy(&ps, lines);
	ok(has_line(lines, n, "H100: 8 blocks x 8 warps = 64/64 warps"),
	    "occupancy: H100 model");
	/* ptxas gives copy_offset 17 registers on sm_75: 17 x 256 = 4352
	   per block, so 3 blocks fit in the teaching SM's 16384. */
	ok(has_line(lines, n, "teaching: 3 blocks x 8 warps = 24/48"),
	    "occupancy: teaching model");
	ok(has_line(lines, n, "NVIDIA H200 (driver): 10 regs, 8 "
	    "blocks per SM"), "occupancy: the recorded driver answer");
	/* matmul-col on the teaching SM: 49 registers (ptxas, sm_75) x
	   256 = 12544, one block of 8 warps: 8/48 = 16.7%, said 17%. */
	defaults(&ps, "matmul-col");
	n = gpu_occupancy(&ps, lines);
	ok(has_line(lines, n, "teaching: 1 block x 8 warps = 8/48 warps per "
	    "SM (17%)"), "occupancy: percentages round to the nearest");
	is_int(gpu_regs(&ps, 75), 49, "gpu_regs: ptxas's 49 at sm_75");
	/* powers at 128 threads, 16896 B of shared memory: no fit. */
	defaults(&ps, "powers-stride32");
	n = gpu_occupancy(&ps, lines);
	ok(has_line(lines, n, "(0%), does not fit;"),
	    "occupancy: no block fits, said plainly");

	defaults(&ps, "twohop-v0");
	n = gpu_panel(&ps, lines);
	ok(has_line(lines, n, "this: 132 ms (median of 5)"),
	    "replay: twohop-v0's time");
	ok(has_line(lines, n, "vs twohop-v1: 26.01 ms, this is 5.08x slower"),
	    "replay: twohop-v1 is the partner, 5.08x");

	defaults(&ps, "stride");
	n = gpu_panel(&ps, lines);
	ok(n == 1 && has_line(lines, n, "press g"),
	    "replay: a variant not recorded offers g");

	/* A recorded mismatch and a CUDA error are never shown as times. */
	snprintf(path, sizeof path, "%s/tests/gpu/mismatch.json",
	    srcdir != NULL ? srcdir : ".");
	is_int(gpu_load_results(path, &cause), 0,
	    "mismatch.json loads (unknown keys skipped)");
	free(cause);
	cause = NULL;
	defaults(&ps, "twohop-v0");
	n = gpu_panel(&ps, lines);
	ok(has_line(lines, n, "this: WRONG RESULT: mismatch at r[5]") &&
	    !has_line(lines, n, " ms"),
	    "replay: a mismatch is shown as such, not as a time");
	defaults(&ps, "stride");
	n = gpu_panel(&ps, lines);
	ok(has_line(lines, n, "this: CUDA error: read_stride: "
	    "CUDA_ERROR_LAUNCH_FAILED"), "replay: a CUDA error as such");

	is_int(gpu_load_results("/nonexistent.json", &cause), -1,
	    "a missing file is refused");
	ok(cause != NULL && strstr(cause, "/nonexistent.json") != NULL,
	    "and the cause names it");
	free(cause);
	cause = NULL;
	snprintf(path, sizeof path, "%s/tests/gpu/bad.json",
	    srcdir != NULL ? srcdir : ".");
	is_int(gpu_load_results(path, &cause), -1, "malformed JSON is refused");
	ok(cause != NULL && strstr(cause, "at byte") != NULL,
	    "with where (%s)", cause ? cause : "null");
	free(cause);
	gpu_shutdown();

	roundtrip();
	sources(srcdir != NULL ? srcdir : ".");
	return (tap_done());
}
