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
typedef struct wcu_array_st	*wcu_array;
typedef unsigned long long	 wcu_texobject;

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

/* Textures: CUarray_format, CUmemorytype, CUresourcetype,
   CUaddress_mode, CUfilter_mode, CU_TRSF_*. */
enum { WCU_AD_FORMAT_SIGNED_INT32 = 0x0a, WCU_AD_FORMAT_FLOAT = 0x20 };
enum { WCU_MEMORYTYPE_HOST = 1, WCU_MEMORYTYPE_ARRAY = 3 };
enum { WCU_RESOURCE_TYPE_ARRAY = 0, WCU_RESOURCE_TYPE_LINEAR = 2 };
enum { WCU_TR_ADDRESS_MODE_CLAMP = 1 };
enum { WCU_TR_FILTER_MODE_POINT = 0 };
enum { WCU_TRSF_READ_AS_INTEGER = 1 };

/* CUDA_ARRAY_DESCRIPTOR */
struct wcu_array_descriptor {
	size_t		 Width, Height;
	int		 Format;
	unsigned int	 NumChannels;
};

/* CUDA_MEMCPY2D */
struct wcu_memcpy2d {
	size_t		 srcXInBytes, srcY;
	int		 srcMemoryType;
	const void	*srcHost;
	wcu_deviceptr	 srcDevice;
	wcu_array	 srcArray;
	size_t		 srcPitch;
	size_t		 dstXInBytes, dstY;
	int		 dstMemoryType;
	void		*dstHost;
	wcu_deviceptr	 dstDevice;
	wcu_array	 dstArray;
	size_t		 dstPitch;
	size_t		 WidthInBytes, Height;
};

/* CUDA_RESOURCE_DESC (the array and linear members) */
struct wcu_resource_desc {
	int		 resType;
	union {
		struct {
			wcu_array	 hArray;
		} array;
		struct {
			wcu_deviceptr	 devPtr;
			int		 format;
			unsigned int	 numChannels;
			size_t		 sizeInBytes;
		} linear;
		struct {
			int		 reserved[32];
		} reserved;
	} res;
	unsigned int	 flags;
};

/* CUDA_TEXTURE_DESC */
struct wcu_texture_desc {
	int		 addressMode[3];
	int		 filterMode;
	unsigned int	 flags;
	unsigned int	 maxAnisotropy;
	int		 mipmapFilterMode;
	float		 mipmapLevelBias;
	float		 minMipmapLevelClamp;
	float		 maxMipmapLevelClamp;
	float		 borderColor[4];
	int		 reserved[12];
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
