/* SPDX-License-Identifier: ISC
 * cuda_min.h - the few CUDA Driver API types, values and function types
 * warpviz uses, vendored (as hashcat does) so the GPU runner builds where
 * no cuda.h exists.  Names carry a wcu/WCU prefix so that gpu-cuda.c can
 * include the real <cuda.h> beside it and _Static_assert that the values
 * match.  Include only from gpu-cuda.c.
 */
#ifndef WV_CUDA_MIN_H
#define WV_CUDA_MIN_H

#include <stddef.h>

typedef int			 wcu_result;
typedef int			 wcu_device;
typedef unsigned long long	 wcu_deviceptr;	/* 64-bit builds only */
typedef struct wcu_ctx_st	*wcu_context;
typedef struct wcu_mod_st	*wcu_module;
typedef struct wcu_func_st	*wcu_function;
typedef struct wcu_event_st	*wcu_event;
typedef struct wcu_stream_st	*wcu_stream;

enum {
	WCU_SUCCESS = 0,
	WCU_ERROR_INVALID_VALUE = 1,
	WCU_ERROR_NOT_INITIALIZED = 3,
	WCU_ERROR_STUB_LIBRARY = 34,
	WCU_ERROR_NO_DEVICE = 100,
	WCU_ERROR_INVALID_DEVICE = 101,
	WCU_ERROR_NO_BINARY_FOR_GPU = 209,
	WCU_ERROR_UNSUPPORTED_PTX_VERSION = 222,
	WCU_ERROR_NOT_FOUND = 500
};

/* CUdevice_attribute */
enum {
	WCU_DEV_MAX_THREADS_PER_BLOCK = 1,
	WCU_DEV_MULTIPROCESSOR_COUNT = 16,
	WCU_DEV_L2_CACHE_SIZE = 38,
	WCU_DEV_MAX_THREADS_PER_MULTIPROCESSOR = 39,
	WCU_DEV_COMPUTE_CAPABILITY_MAJOR = 75,
	WCU_DEV_COMPUTE_CAPABILITY_MINOR = 76,
	WCU_DEV_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
	WCU_DEV_MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
	WCU_DEV_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
	WCU_DEV_MAX_BLOCKS_PER_MULTIPROCESSOR = 106
};

/* CUfunction_attribute */
enum {
	WCU_FUNC_SHARED_SIZE_BYTES = 1,
	WCU_FUNC_NUM_REGS = 4,
	WCU_FUNC_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
};

enum { WCU_EVENT_DEFAULT = 0 };
enum { WCU_GET_PROC_ADDRESS_DEFAULT = 0 };
/* CUdriverProcAddressQueryResult */
enum {
	WCU_GET_PROC_ADDRESS_SUCCESS = 0,
	WCU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND = 1,
	WCU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT = 2
};

/* The three symbols taken with dlsym; everything else via the first. */
typedef wcu_result (*wcu_get_proc_address_fn)(const char *, void **, int,
    unsigned long long, int *);
typedef wcu_result (*wcu_init_fn)(unsigned int);
typedef wcu_result (*wcu_driver_get_version_fn)(int *);

#endif
