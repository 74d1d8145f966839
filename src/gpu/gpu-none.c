/* gpu-none.c - TEMPORARY placeholder until the GPU runner lands. */
#include "config.h"

#include <stdio.h>

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
