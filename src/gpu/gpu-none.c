/* gpu-none.c - TEMPORARY placeholder until the GPU runner lands. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "gpu.h"

int
gpu_info_main(int argc, char **argv)
{
	(void)argc; (void)argv;
	printf("no GPU support yet\n");
	return 1;
}

int
gpu_bench_main(int argc, char **argv)
{
	(void)argc; (void)argv;
	fprintf(stderr, "warpviz: bench: no GPU support yet\n");
	return 1;
}

int
gpu_request(const struct param_set *ps, const char **why)
{
	(void)ps;
	*why = "no GPU support yet";
	return -1;
}

int
gpu_panel(const struct param_set *ps, char lines[][GPU_LINE_MAX])
{
	(void)ps;
	snprintf(lines[0], GPU_LINE_MAX, "live timing: not built yet");
	return 1;
}

int
gpu_load_results(const char *path, char **cause)
{
	(void)path;
	*cause = strdup("--results: not supported yet");
	return -1;
}

void
gpu_shutdown(void)
{
}
