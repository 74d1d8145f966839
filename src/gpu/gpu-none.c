/* SPDX-License-Identifier: ISC
 * gpu-none.c - the null GPU backend, always built: it opens nothing and
 * says why (WARPVIZ_GPU=off).  Every other call fails with that reason.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "gpu-backend.h"

static const char none_why[] =
    "live GPU disabled (WARPVIZ_GPU=off)";

static int
none_open(struct gpu_device *d, char *why, size_t len)
{
	memset(d, 0, sizeof *d);
	snprintf(why, len, "%s", none_why);
	return GPU_OFF;
}

static int
none_fail(void)
{
	return -1;
}

static int
none_alloc(uint64_t *p, size_t len)
{
	*p = 0;
	return -1;
}

static void
none_free(uint64_t p)
{
}

static int
none_copy(uint64_t p, const void *q, size_t len)
{
	return -1;
}

static int
none_download(void *q, uint64_t p, size_t len)
{
	return -1;
}

static int
none_fill(uint64_t p, unsigned char c, size_t len)
{
	return -1;
}

static int
none_set_symbol(const char *k, const char *s, const void *q, size_t len)
{
	return -1;
}

static int
none_load_module(const void *image, int *handle)
{
	return -1;
}

static int
none_kernel_info(const char *k, int threads, int smem,
    struct gpu_kernel_info *ki)
{
	return -1;
}

static int
none_time_kernel(const char *k, const int64_t grid[2], const int64_t block[2],
    int smem, void **args, float *ms)
{
	return -1;
}

static int
none_time_copy(uint64_t d, uint64_t s, size_t len, float *ms)
{
	return -1;
}

static const char *
none_error(void)
{
	return none_why;
}

static void
none_close(void)
{
}

const struct gpu_ops gpu_none_ops = {
	.name = "none",
	.open = none_open,
	.bind = none_fail,
	.alloc = none_alloc,
	.free = none_free,
	.upload = none_copy,
	.download = none_download,
	.fill = none_fill,
	.load_module = none_load_module,
	.set_symbol = none_set_symbol,
	.kernel_info = none_kernel_info,
	.time_kernel = none_time_kernel,
	.time_copy = none_time_copy,
	.error = none_error,
	.close = none_close,
};
