/*
 * gpu.h - the optional live GPU runner.  gpu-none.c is always built and
 * says why there is no GPU; gpu-cuda.c loads libcuda.so.1 at run time.
 */
#ifndef WV_GPU_H
#define WV_GPU_H

/* warpviz gpu: print the device or why there is none; exit status. */
int	gpu_info_main(int argc, char **argv);
/* warpviz bench [VARIANT...] [--json]: run and time kernels; exit status. */
int	gpu_bench_main(int argc, char **argv);

#endif
