/* SPDX-License-Identifier: ISC
 * gpu-cuda.c - the GPU backend on the CUDA Driver API, loaded at run time:
 * dlopen("libcuda.so.1") (never the unversioned name, which may be the
 * toolkit's stub), dlsym of cuGetProcAddress_v2, cuInit and
 * cuDriverGetVersion only, every other entry point through
 * cuGetProcAddress at a fixed ABI version, and the primary context.  The
 * embedded fatbins (gpu-image.h) are loaded as modules.  The only file
 * that knows CUDA driver types (cuda_min.h, checked against <cuda.h> when
 * the toolkit is there at build time).  Never prints.
 */
#include "config.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_min.h"
#include "gpu-backend.h"
#include "gpu-image.h"

#ifdef HAVE_CUDA_H
#include <cuda.h>
#define WCU_SAME(a, b) _Static_assert((int)(a) == (int)(b), #a " != " #b)
WCU_SAME(WCU_SUCCESS, CUDA_SUCCESS);
WCU_SAME(WCU_ERROR_STUB_LIBRARY, CUDA_ERROR_STUB_LIBRARY);
WCU_SAME(WCU_ERROR_NO_DEVICE, CUDA_ERROR_NO_DEVICE);
WCU_SAME(WCU_ERROR_NO_BINARY_FOR_GPU, CUDA_ERROR_NO_BINARY_FOR_GPU);
WCU_SAME(WCU_ERROR_UNSUPPORTED_PTX_VERSION, CUDA_ERROR_UNSUPPORTED_PTX_VERSION);
WCU_SAME(WCU_ERROR_NOT_FOUND, CUDA_ERROR_NOT_FOUND);
WCU_SAME(WCU_DEV_MAX_THREADS_PER_BLOCK, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
WCU_SAME(WCU_DEV_MULTIPROCESSOR_COUNT, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
WCU_SAME(WCU_DEV_L2_CACHE_SIZE, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
WCU_SAME(WCU_DEV_MAX_THREADS_PER_MULTIPROCESSOR,
    CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
WCU_SAME(WCU_DEV_COMPUTE_CAPABILITY_MAJOR,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
WCU_SAME(WCU_DEV_COMPUTE_CAPABILITY_MINOR,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
WCU_SAME(WCU_DEV_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
WCU_SAME(WCU_DEV_MAX_REGISTERS_PER_MULTIPROCESSOR,
    CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR);
WCU_SAME(WCU_DEV_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
WCU_SAME(WCU_DEV_MAX_BLOCKS_PER_MULTIPROCESSOR,
    CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR);
WCU_SAME(WCU_FUNC_SHARED_SIZE_BYTES, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
WCU_SAME(WCU_FUNC_NUM_REGS, CU_FUNC_ATTRIBUTE_NUM_REGS);
WCU_SAME(WCU_AD_FORMAT_SIGNED_INT32, CU_AD_FORMAT_SIGNED_INT32);
WCU_SAME(WCU_AD_FORMAT_FLOAT, CU_AD_FORMAT_FLOAT);
WCU_SAME(WCU_MEMORYTYPE_HOST, CU_MEMORYTYPE_HOST);
WCU_SAME(WCU_MEMORYTYPE_ARRAY, CU_MEMORYTYPE_ARRAY);
WCU_SAME(WCU_RESOURCE_TYPE_ARRAY, CU_RESOURCE_TYPE_ARRAY);
WCU_SAME(WCU_RESOURCE_TYPE_LINEAR, CU_RESOURCE_TYPE_LINEAR);
WCU_SAME(WCU_TR_ADDRESS_MODE_CLAMP, CU_TR_ADDRESS_MODE_CLAMP);
WCU_SAME(WCU_TR_FILTER_MODE_POINT, CU_TR_FILTER_MODE_POINT);
WCU_SAME(WCU_TRSF_READ_AS_INTEGER, CU_TRSF_READ_AS_INTEGER);
/* The texture structs, member by member where warpviz sets them. */
#define WCU_LAYOUT(w, c, m) _Static_assert(offsetof(struct w, m) == \
    offsetof(c, m), #c "." #m)
WCU_SAME(sizeof(struct wcu_array_descriptor), sizeof(CUDA_ARRAY_DESCRIPTOR));
WCU_LAYOUT(wcu_array_descriptor, CUDA_ARRAY_DESCRIPTOR, Format);
WCU_LAYOUT(wcu_array_descriptor, CUDA_ARRAY_DESCRIPTOR, NumChannels);
WCU_SAME(sizeof(struct wcu_memcpy2d), sizeof(CUDA_MEMCPY2D));
WCU_LAYOUT(wcu_memcpy2d, CUDA_MEMCPY2D, srcMemoryType);
WCU_LAYOUT(wcu_memcpy2d, CUDA_MEMCPY2D, srcHost);
WCU_LAYOUT(wcu_memcpy2d, CUDA_MEMCPY2D, srcPitch);
WCU_LAYOUT(wcu_memcpy2d, CUDA_MEMCPY2D, dstMemoryType);
WCU_LAYOUT(wcu_memcpy2d, CUDA_MEMCPY2D, dstArray);
WCU_LAYOUT(wcu_memcpy2d, CUDA_MEMCPY2D, WidthInBytes);
WCU_LAYOUT(wcu_memcpy2d, CUDA_MEMCPY2D, Height);
WCU_SAME(sizeof(struct wcu_resource_desc), sizeof(CUDA_RESOURCE_DESC));
WCU_LAYOUT(wcu_resource_desc, CUDA_RESOURCE_DESC, res.array.hArray);
WCU_LAYOUT(wcu_resource_desc, CUDA_RESOURCE_DESC, res.linear.devPtr);
WCU_LAYOUT(wcu_resource_desc, CUDA_RESOURCE_DESC, res.linear.format);
WCU_LAYOUT(wcu_resource_desc, CUDA_RESOURCE_DESC, res.linear.numChannels);
WCU_LAYOUT(wcu_resource_desc, CUDA_RESOURCE_DESC, res.linear.sizeInBytes);
WCU_LAYOUT(wcu_resource_desc, CUDA_RESOURCE_DESC, flags);
WCU_SAME(sizeof(struct wcu_texture_desc), sizeof(CUDA_TEXTURE_DESC));
WCU_LAYOUT(wcu_texture_desc, CUDA_TEXTURE_DESC, filterMode);
WCU_LAYOUT(wcu_texture_desc, CUDA_TEXTURE_DESC, flags);
WCU_LAYOUT(wcu_texture_desc, CUDA_TEXTURE_DESC, borderColor);
WCU_SAME(sizeof(wcu_texobject), sizeof(CUtexObject));
WCU_SAME(WCU_FUNC_MAX_DYNAMIC_SHARED_SIZE_BYTES,
    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
WCU_SAME(WCU_GET_PROC_ADDRESS_SUCCESS, CU_GET_PROC_ADDRESS_SUCCESS);
WCU_SAME(WCU_GET_PROC_ADDRESS_DEFAULT, CU_GET_PROC_ADDRESS_DEFAULT);
_Static_assert(sizeof(wcu_deviceptr) == sizeof(CUdeviceptr), "CUdeviceptr");
_Static_assert(sizeof(wcu_device) == sizeof(CUdevice), "CUdevice");
_Static_assert(sizeof(wcu_result) == sizeof(CUresult), "CUresult");
#endif

/* The ABI version asked of cuGetProcAddress: CUDA 12.0 signatures. */
#define WCU_ABI		12000
#define MAX_FUNCS	32

static struct {
	void		*dl;
	wcu_context	 ctx;
	wcu_device	 dev;
	int		 retained;
	int		 nmodules;
	int		 nembedded;	/* modules[0..nembedded-1] */
	wcu_module	 modules[64];
	struct {
		char		 name[64];
		wcu_function	 f;
	}		 funcs[MAX_FUNCS];
	int		 nfuncs;
	struct {
		wcu_texobject	 tex;
		wcu_array	 array;		/* 2D */
		wcu_deviceptr	 mem;		/* 1D */
	}		 tex[8];
	wcu_event	 ev[2];
	char		 err[256];
} cu;

static struct {
	wcu_result (*DeviceGetCount)(int *);
	wcu_result (*DeviceGet)(wcu_device *, int);
	wcu_result (*DeviceGetName)(char *, int, wcu_device);
	wcu_result (*DeviceGetAttribute)(int *, int, wcu_device);
	wcu_result (*DevicePrimaryCtxRetain)(wcu_context *, wcu_device);
	wcu_result (*DevicePrimaryCtxRelease)(wcu_device);
	wcu_result (*CtxSetCurrent)(wcu_context);
	wcu_result (*CtxSynchronize)(void);
	wcu_result (*ModuleLoadData)(wcu_module *, const void *);
	wcu_result (*ModuleUnload)(wcu_module);
	wcu_result (*ModuleGetFunction)(wcu_function *, wcu_module,
	    const char *);
	wcu_result (*ModuleGetGlobal)(wcu_deviceptr *, size_t *, wcu_module,
	    const char *);
	wcu_result (*MemAlloc)(wcu_deviceptr *, size_t);
	wcu_result (*MemFree)(wcu_deviceptr);
	wcu_result (*MemcpyHtoD)(wcu_deviceptr, const void *, size_t);
	wcu_result (*MemcpyDtoH)(void *, wcu_deviceptr, size_t);
	wcu_result (*MemcpyDtoD)(wcu_deviceptr, wcu_deviceptr, size_t);
	wcu_result (*MemsetD8)(wcu_deviceptr, unsigned char, size_t);
	wcu_result (*LaunchKernel)(wcu_function, unsigned, unsigned, unsigned,
	    unsigned, unsigned, unsigned, unsigned, wcu_stream, void **,
	    void **);
	wcu_result (*EventCreate)(wcu_event *, unsigned);
	wcu_result (*EventDestroy)(wcu_event);
	wcu_result (*EventRecord)(wcu_event, wcu_stream);
	wcu_result (*EventSynchronize)(wcu_event);
	wcu_result (*EventElapsedTime)(float *, wcu_event, wcu_event);
	wcu_result (*FuncGetAttribute)(int *, int, wcu_function);
	wcu_result (*FuncSetAttribute)(wcu_function, int, int);
	wcu_result (*OccupancyMaxActiveBlocksPerMultiprocessor)(int *,
	    wcu_function, int, size_t);
	wcu_result (*GetErrorName)(wcu_result, const char **);
	wcu_result (*ArrayCreate)(wcu_array *,
	    const struct wcu_array_descriptor *);
	wcu_result (*ArrayDestroy)(wcu_array);
	wcu_result (*Memcpy2D)(const struct wcu_memcpy2d *);
	wcu_result (*TexObjectCreate)(wcu_texobject *,
	    const struct wcu_resource_desc *, const struct wcu_texture_desc *,
	    const void *);
	wcu_result (*TexObjectDestroy)(wcu_texobject);
} fn;

static const struct {
	const char	*name;
	void		**slot;
} fn_table[] = {
#define FN(x) { "cu" #x, (void **)&fn.x }
	FN(DeviceGetCount), FN(DeviceGet), FN(DeviceGetName),
	FN(DeviceGetAttribute), FN(DevicePrimaryCtxRetain),
	FN(DevicePrimaryCtxRelease), FN(CtxSetCurrent), FN(CtxSynchronize),
	FN(ModuleLoadData), FN(ModuleUnload), FN(ModuleGetFunction),
	FN(ModuleGetGlobal), FN(MemAlloc), FN(MemFree), FN(MemcpyHtoD),
	FN(MemcpyDtoH), FN(MemcpyDtoD), FN(MemsetD8), FN(LaunchKernel),
	FN(EventCreate), FN(EventDestroy), FN(EventRecord),
	FN(EventSynchronize), FN(EventElapsedTime), FN(FuncGetAttribute),
	FN(FuncSetAttribute), FN(OccupancyMaxActiveBlocksPerMultiprocessor),
	FN(GetErrorName), FN(ArrayCreate), FN(ArrayDestroy), FN(Memcpy2D),
	FN(TexObjectCreate), FN(TexObjectDestroy),
#undef FN
};

static void
cu_seterr(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(cu.err, sizeof cu.err, fmt, ap);
	va_end(ap);
}

static const char *
cu_name(wcu_result r)
{
	const char	*s = NULL;

	if (fn.GetErrorName != NULL && fn.GetErrorName(r, &s) == WCU_SUCCESS &&
	    s != NULL)
		return s;
	return "unknown CUDA error";
}

/* Record a failed call; returns -1. */
static int
cu_fail(const char *what, wcu_result r)
{
	cu_seterr("%s: %s (%d)", what, cu_name(r), r);
	return -1;
}

#define CU_CHECK(call, what) do {				\
	wcu_result cu_r_ = (call);				\
	if (cu_r_ != WCU_SUCCESS)				\
		return cu_fail((what), cu_r_);			\
} while (0)

static const char *
cuda_error(void)
{
	return cu.err;
}

static void
cuda_close(void)
{
	int	i;

	if (cu.dl == NULL)
		return;
	if (cu.retained) {
		fn.CtxSetCurrent(cu.ctx);
		for (i = 0; i < 2; i++)
			if (cu.ev[i] != NULL)
				fn.EventDestroy(cu.ev[i]);
		for (i = 0; i < cu.nmodules; i++)
			fn.ModuleUnload(cu.modules[i]);
		fn.DevicePrimaryCtxRelease(cu.dev);
	}
	/* The driver stays loaded: unloading libcuda is not safe. */
	memset(&cu, 0, sizeof cu);
}

/* True when the build has machine code or PTX this device can run. */
static int
cuda_has_code(int major, int minor)
{
	int	i;

	for (i = 0; gpu_build_sm[i] != 0; i++)
		if (gpu_build_sm[i] / 10 == major &&
		    gpu_build_sm[i] % 10 <= minor)
			return 1;
	for (i = 0; gpu_build_ptx[i] != 0; i++)
		if (gpu_build_ptx[i] <= major * 10 + minor)
			return 1;
	return 0;
}

/* The version as "13.0". */
#define DRV(d)	(d)->driver / 1000, (d)->driver % 1000 / 10

/*
 * The driver library loaded and started: cuInit, its version, and
 * cuGetProcAddress in *get_proc.  GPU_OK or why not.
 */
static int
open_driver(struct gpu_device *d, wcu_get_proc_address_fn *get_proc,
    char *why, size_t len)
{
	wcu_init_fn			 init;
	wcu_driver_get_version_fn	 get_version;
	const char			*lib = getenv("WARPVIZ_LIBCUDA");
	wcu_result			 r;

	if (lib == NULL || *lib == '\0')
		lib = "libcuda.so.1";
	if ((cu.dl = dlopen(lib, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		snprintf(why, len, "no NVIDIA driver: %s could not be loaded "
		    "(%s)", lib, dlerror());
		return GPU_NO_DRIVER;
	}
	*get_proc = (wcu_get_proc_address_fn)dlsym(cu.dl,
	    "cuGetProcAddress_v2");
	init = (wcu_init_fn)dlsym(cu.dl, "cuInit");
	get_version = (wcu_driver_get_version_fn)dlsym(cu.dl,
	    "cuDriverGetVersion");
	if (init == NULL || get_version == NULL) {
		snprintf(why, len, "no NVIDIA driver: %s lacks cuInit", lib);
		return GPU_NO_DRIVER;
	}
	if (get_version(&d->driver) != WCU_SUCCESS)
		d->driver = 0;
	if (*get_proc == NULL) {
		snprintf(why, len, "driver too old for this build: it supports "
		    "CUDA %d.%d and has no cuGetProcAddress_v2 (needs a CUDA "
		    "12.0 or newer driver)", DRV(d));
		return GPU_DRIVER_OLD;
	}
	r = init(0);
	if (r == WCU_ERROR_NO_DEVICE) {
		snprintf(why, len, "no CUDA device: the NVIDIA driver (CUDA "
		    "%d.%d) is loaded but sees no GPU", DRV(d));
		return GPU_NO_DEVICE;
	}
	if (r == WCU_ERROR_STUB_LIBRARY) {
		snprintf(why, len, "no NVIDIA driver: %s is the toolkit's stub "
		    "library, not a driver", lib);
		return GPU_NO_DRIVER;
	}
	if (r != WCU_SUCCESS) {
		snprintf(why, len, "the NVIDIA driver failed to start: cuInit "
		    "returned %d", r);
		return GPU_ERROR;
	}
	return GPU_OK;
}

/* Every entry point of fn_table at the 12.0 ABI.  GPU_OK or why not. */
static int
open_entries(const struct gpu_device *d, wcu_get_proc_address_fn get_proc,
    char *why, size_t len)
{
	wcu_result	r;
	size_t		k;
	int		q;

	for (k = 0; k < sizeof fn_table / sizeof fn_table[0]; k++) {
		q = 0;
		*fn_table[k].slot = NULL;
		r = get_proc(fn_table[k].name, fn_table[k].slot, WCU_ABI,
		    WCU_GET_PROC_ADDRESS_DEFAULT, &q);
		if (r != WCU_SUCCESS || q != WCU_GET_PROC_ADDRESS_SUCCESS ||
		    *fn_table[k].slot == NULL) {
			snprintf(why, len, "driver too old for this build: no "
			    "%s in CUDA %d.%d", fn_table[k].name, DRV(d));
			return GPU_DRIVER_OLD;
		}
	}
	return GPU_OK;
}

/* Device 0: its name and the attributes of struct gpu_device. */
static int
open_device(struct gpu_device *d, char *why, size_t len)
{
	static const struct { int attr; size_t off; } attrs[] = {
	{ WCU_DEV_COMPUTE_CAPABILITY_MAJOR,
	    offsetof(struct gpu_device, cc_major) },
	{ WCU_DEV_COMPUTE_CAPABILITY_MINOR,
	    offsetof(struct gpu_device, cc_minor) },
	{ WCU_DEV_MULTIPROCESSOR_COUNT, offsetof(struct gpu_device, sms) },
	{ WCU_DEV_L2_CACHE_SIZE, offsetof(struct gpu_device, l2_bytes) },
	{ WCU_DEV_MAX_THREADS_PER_MULTIPROCESSOR,
	    offsetof(struct gpu_device, threads_per_sm) },
	{ WCU_DEV_MAX_REGISTERS_PER_MULTIPROCESSOR,
	    offsetof(struct gpu_device, regs_per_sm) },
	{ WCU_DEV_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
	    offsetof(struct gpu_device, smem_per_sm) },
	{ WCU_DEV_MAX_BLOCKS_PER_MULTIPROCESSOR,
	    offsetof(struct gpu_device, blocks_per_sm) },
	{ WCU_DEV_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
	    offsetof(struct gpu_device, smem_per_block_optin) },
	};
	size_t	k;
	int	n;

	if (fn.DeviceGetCount(&n) != WCU_SUCCESS || n < 1) {
		snprintf(why, len, "no CUDA device: the NVIDIA driver (CUDA "
		    "%d.%d) sees no GPU", DRV(d));
		return GPU_NO_DEVICE;
	}
	if (fn.DeviceGet(&cu.dev, 0) != WCU_SUCCESS ||
	    fn.DeviceGetName(d->name, sizeof d->name, cu.dev) != WCU_SUCCESS) {
		snprintf(why, len, "no CUDA device: device 0 did not answer");
		return GPU_NO_DEVICE;
	}
	for (k = 0; k < sizeof attrs / sizeof attrs[0]; k++)
		fn.DeviceGetAttribute((int *)((char *)d + attrs[k].off),
		    attrs[k].attr, cu.dev);
	return GPU_OK;
}

/* Whether this build's kernels can run here: the driver is new enough,
 * there are kernels, and code for the device's sm.  GPU_OK or why not. */
static int
open_build(const struct gpu_device *d, char *why, size_t len)
{
	if (gpu_build_cuda != 0 && d->driver / 1000 < gpu_build_cuda / 1000) {
		snprintf(why, len, "driver too old for this build: it supports "
		    "CUDA %d.%d, the kernels were built by CUDA %s and need a "
		    "CUDA %d driver", DRV(d), gpu_build_release,
		    gpu_build_cuda / 1000);
		return GPU_DRIVER_OLD;
	}
	if (gpu_images[0].data == NULL) {
		snprintf(why, len, "no GPU kernels in this build: warpviz was "
		    "built without nvcc (configure --with-cuda)");
		return GPU_NO_KERNELS;
	}
	if (!cuda_has_code(d->cc_major, d->cc_minor)) {
		snprintf(why, len, "no code for this GPU: it is sm_%d%d, this "
		    "build has machine code for sm_%d and newer and PTX for "
		    "compute_%d (rebuild with an nvcc that supports sm_%d%d)",
		    d->cc_major, d->cc_minor, gpu_build_sm[0],
		    gpu_build_ptx[0] ? gpu_build_ptx[0] : gpu_build_sm[0],
		    d->cc_major, d->cc_minor);
		return GPU_NO_CODE;
	}
	return GPU_OK;
}

/* The primary context, the embedded modules loaded into it, and the
 * timing events.  GPU_OK or why not. */
static int
open_modules(const struct gpu_device *d, char *why, size_t len)
{
	wcu_result	r;
	int		i;

	if ((r = fn.DevicePrimaryCtxRetain(&cu.ctx, cu.dev)) != WCU_SUCCESS ||
	    (r = fn.CtxSetCurrent(cu.ctx)) != WCU_SUCCESS) {
		snprintf(why, len, "the GPU's context could not be made: %s",
		    cu_name(r));
		return GPU_ERROR;
	}
	cu.retained = 1;
	for (i = 0; gpu_images[i].data != NULL && i < 16; i++) {
		r = fn.ModuleLoadData(&cu.modules[i], gpu_images[i].data);
		if (r == WCU_ERROR_NO_BINARY_FOR_GPU) {
			snprintf(why, len, "no code for this GPU (sm_%d%d) in "
			    "%s", d->cc_major, d->cc_minor, gpu_images[i].source);
			return GPU_NO_CODE;
		}
		if (r == WCU_ERROR_UNSUPPORTED_PTX_VERSION) {
			snprintf(why, len, "driver too old for this build: CUDA "
			    "%d.%d cannot compile the PTX of CUDA %s", DRV(d),
			    gpu_build_release);
			return GPU_DRIVER_OLD;
		}
		if (r != WCU_SUCCESS) {
			snprintf(why, len, "%s would not load: %s",
			    gpu_images[i].source, cu_name(r));
			return GPU_ERROR;
		}
		cu.nmodules++;
	}
	cu.nembedded = cu.nmodules;
	if (fn.EventCreate(&cu.ev[0], WCU_EVENT_DEFAULT) != WCU_SUCCESS ||
	    fn.EventCreate(&cu.ev[1], WCU_EVENT_DEFAULT) != WCU_SUCCESS) {
		snprintf(why, len, "events could not be made");
		return GPU_ERROR;
	}
	return GPU_OK;
}

/* Open the driver and device 0 in the order the failures are told. */
static int
cuda_open(struct gpu_device *d, char *why, size_t len)
{
	wcu_get_proc_address_fn	get_proc = NULL;
	int			status;

	memset(d, 0, sizeof *d);
	if (cu.dl != NULL)
		cuda_close();
	if ((status = open_driver(d, &get_proc, why, len)) == GPU_OK &&
	    (status = open_entries(d, get_proc, why, len)) == GPU_OK &&
	    (status = open_device(d, why, len)) == GPU_OK &&
	    (status = open_build(d, why, len)) == GPU_OK &&
	    (status = open_modules(d, why, len)) == GPU_OK)
		return GPU_OK;
	if (cu.dl != NULL)
		cuda_close();
	return status;
}

static int
cuda_bind(void)
{
	CU_CHECK(fn.CtxSetCurrent(cu.ctx), "cuCtxSetCurrent");
	return 0;
}

static int
cuda_alloc(uint64_t *p, size_t len)
{
	wcu_deviceptr	d;

	CU_CHECK(fn.MemAlloc(&d, len > 0 ? len : 1), "cuMemAlloc");
	*p = d;
	return 0;
}

static void
cuda_free(uint64_t p)
{
	if (p != 0)
		fn.MemFree((wcu_deviceptr)p);
}

static int
cuda_upload(uint64_t dst, const void *src, size_t len)
{
	CU_CHECK(fn.MemcpyHtoD((wcu_deviceptr)dst, src, len), "cuMemcpyHtoD");
	return 0;
}

static int
cuda_download(void *dst, uint64_t src, size_t len)
{
	CU_CHECK(fn.MemcpyDtoH(dst, (wcu_deviceptr)src, len), "cuMemcpyDtoH");
	return 0;
}

static int
cuda_fill(uint64_t dst, unsigned char c, size_t len)
{
	CU_CHECK(fn.MemsetD8((wcu_deviceptr)dst, c, len), "cuMemsetD8");
	CU_CHECK(fn.CtxSynchronize(), "cuCtxSynchronize");
	return 0;
}

/*
 * The modules a kernel name may be in: "#H:name" is module H alone (one
 * loaded by load_module), a plain name any embedded one.  Returns the
 * bare name.
 */
static const char *
cuda_scope(const char *kernel, int *first, int *last)
{
	char	*end;
	long	 h;

	*first = 0;
	*last = cu.nembedded;
	if (kernel[0] != '#')
		return kernel;
	h = strtol(kernel + 1, &end, 10);
	if (*end != ':' || h < cu.nembedded || h >= cu.nmodules) {
		*first = *last = 0;
		return kernel;
	}
	*first = (int)h;
	*last = (int)h + 1;
	return end + 1;
}

static int
cuda_load_module(const void *image, int *handle)
{
	wcu_result	r;

	if (cu.nmodules == (int)(sizeof cu.modules / sizeof cu.modules[0])) {
		cu_seterr("too many compiled modules (%d)", cu.nmodules);
		return -1;
	}
	r = fn.ModuleLoadData(&cu.modules[cu.nmodules], image);
	if (r == WCU_ERROR_UNSUPPORTED_PTX_VERSION) {
		cu_seterr("the driver is older than NVRTC: it cannot load "
		    "the compiled PTX");
		return -1;
	}
	if (r != WCU_SUCCESS)
		return cu_fail("cuModuleLoadData", r);
	*handle = cu.nmodules++;
	return 0;
}

static int
cuda_function(const char *kernel, wcu_function *f, int *module)
{
	const char	*bare;
	int		 i, first, last;
	wcu_result	 r;

	for (i = 0; i < cu.nfuncs; i++)
		if (strcmp(cu.funcs[i].name, kernel) == 0) {
			*f = cu.funcs[i].f;
			return 0;
		}
	bare = cuda_scope(kernel, &first, &last);
	for (i = first; i < last; i++) {
		r = fn.ModuleGetFunction(f, cu.modules[i], bare);
		if (r == WCU_SUCCESS) {
			/* Only names that fit: a cut one could match
			   another kernel's. */
			if (cu.nfuncs < MAX_FUNCS &&
			    strlen(kernel) < sizeof cu.funcs[0].name) {
				snprintf(cu.funcs[cu.nfuncs].name,
				    sizeof cu.funcs[0].name, "%s", kernel);
				cu.funcs[cu.nfuncs++].f = *f;
			}
			if (module != NULL)
				*module = i;
			return 0;
		}
	}
	cu_seterr("kernel %s is not in the %s", bare, first < cu.nembedded ?
	    "embedded fatbins" : "compiled module");
	return -1;
}

static int
cuda_set_symbol(const char *kernel, const char *symbol, const void *src,
    size_t len)
{
	wcu_deviceptr	d;
	size_t		size;
	int		i, first, last;

	cuda_scope(kernel, &first, &last);
	for (i = first; i < last; i++)
		if (fn.ModuleGetGlobal(&d, &size, cu.modules[i], symbol) ==
		    WCU_SUCCESS) {
			if (len > size) {
				cu_seterr("%s holds %zu bytes, not %zu", symbol,
				    size, len);
				return -1;
			}
			CU_CHECK(fn.MemcpyHtoD(d, src, len), "cuMemcpyHtoD");
			return 0;
		}
	cu_seterr("symbol %s is not in the embedded fatbins", symbol);
	return -1;
}

static int
cuda_kernel_info(const char *kernel, int threads, int dyn_smem,
    struct gpu_kernel_info *ki)
{
	wcu_function	f;

	if (cuda_function(kernel, &f, NULL) != 0)
		return -1;
	CU_CHECK(fn.FuncGetAttribute(&ki->regs, WCU_FUNC_NUM_REGS, f),
	    "cuFuncGetAttribute");
	CU_CHECK(fn.FuncGetAttribute(&ki->static_smem,
	    WCU_FUNC_SHARED_SIZE_BYTES, f), "cuFuncGetAttribute");
	CU_CHECK(fn.OccupancyMaxActiveBlocksPerMultiprocessor(&ki->blocks_per_sm,
	    f, threads, (size_t)dyn_smem),
	    "cuOccupancyMaxActiveBlocksPerMultiprocessor");
	return 0;
}

static int
cuda_time_kernel(const char *kernel, const int64_t grid[2],
    const int64_t block[2], int dyn_smem, void **args, float *ms)
{
	wcu_function	f;

	if (cuda_function(kernel, &f, NULL) != 0)
		return -1;
	if (dyn_smem > 48 * 1024)
		CU_CHECK(fn.FuncSetAttribute(f,
		    WCU_FUNC_MAX_DYNAMIC_SHARED_SIZE_BYTES, dyn_smem),
		    "cuFuncSetAttribute");
	CU_CHECK(fn.EventRecord(cu.ev[0], NULL), "cuEventRecord");
	CU_CHECK(fn.LaunchKernel(f, (unsigned)grid[0], (unsigned)grid[1], 1,
	    (unsigned)block[0], (unsigned)block[1], 1, (unsigned)dyn_smem, NULL,
	    args, NULL), "cuLaunchKernel");
	CU_CHECK(fn.EventRecord(cu.ev[1], NULL), "cuEventRecord");
	CU_CHECK(fn.EventSynchronize(cu.ev[1]), kernel);
	CU_CHECK(fn.EventElapsedTime(ms, cu.ev[0], cu.ev[1]),
	    "cuEventElapsedTime");
	return 0;
}

static int
cuda_time_copy(uint64_t dst, uint64_t src, size_t len, float *ms)
{
	CU_CHECK(fn.EventRecord(cu.ev[0], NULL), "cuEventRecord");
	CU_CHECK(fn.MemcpyDtoD((wcu_deviceptr)dst, (wcu_deviceptr)src, len),
	    "cuMemcpyDtoD");
	CU_CHECK(fn.EventRecord(cu.ev[1], NULL), "cuEventRecord");
	CU_CHECK(fn.EventSynchronize(cu.ev[1]), "cuMemcpyDtoD");
	CU_CHECK(fn.EventElapsedTime(ms, cu.ev[0], cu.ev[1]),
	    "cuEventElapsedTime");
	return 0;
}

/*
 * A texture of texels of size bytes (4-byte floats, or ints when is_int,
 * in 1, 2 or 4 channels) from the host: a width x height CUDA array
 * (height > 0) or width texels of linear memory; point sampling, clamped,
 * unnormalised coordinates, as tests/gpu/texture measured the rule.
 */
static int
cuda_tex_create(const void *host, int64_t width, int64_t height, int size,
    int is_int, uint64_t *tex)
{
	struct wcu_array_descriptor	 ad;
	struct wcu_memcpy2d		 cp;
	struct wcu_resource_desc	 rd;
	struct wcu_texture_desc		 td;
	int				 k, ch = size / 4;
	wcu_result			 r;

	for (k = 0; k < 8 && cu.tex[k].tex != 0; k++)
		;
	if (k == 8 || (ch != 1 && ch != 2 && ch != 4) || width < 1) {
		cu_seterr("texture: %d-byte texels or more than 8 textures "
		    "are not supported", size);
		return -1;
	}
	memset(&rd, 0, sizeof rd);
	if (height > 0) {
		memset(&ad, 0, sizeof ad);
		ad.Width = (size_t)width;
		ad.Height = (size_t)height;
		ad.Format = is_int ? WCU_AD_FORMAT_SIGNED_INT32 :
		    WCU_AD_FORMAT_FLOAT;
		ad.NumChannels = (unsigned)ch;
		CU_CHECK(fn.ArrayCreate(&cu.tex[k].array, &ad),
		    "cuArrayCreate");
		memset(&cp, 0, sizeof cp);
		cp.srcMemoryType = WCU_MEMORYTYPE_HOST;
		cp.srcHost = host;
		cp.srcPitch = (size_t)width * size;
		cp.dstMemoryType = WCU_MEMORYTYPE_ARRAY;
		cp.dstArray = cu.tex[k].array;
		cp.WidthInBytes = (size_t)width * size;
		cp.Height = (size_t)height;
		if ((r = fn.Memcpy2D(&cp)) != WCU_SUCCESS)
			goto fail;
		rd.resType = WCU_RESOURCE_TYPE_ARRAY;
		rd.res.array.hArray = cu.tex[k].array;
	} else {
		if ((r = fn.MemAlloc(&cu.tex[k].mem, (size_t)width * size)) !=
		    WCU_SUCCESS ||
		    (r = fn.MemcpyHtoD(cu.tex[k].mem, host,
		    (size_t)width * size)) != WCU_SUCCESS)
			goto fail;
		rd.resType = WCU_RESOURCE_TYPE_LINEAR;
		rd.res.linear.devPtr = cu.tex[k].mem;
		rd.res.linear.format = is_int ? WCU_AD_FORMAT_SIGNED_INT32 :
		    WCU_AD_FORMAT_FLOAT;
		rd.res.linear.numChannels = (unsigned)ch;
		rd.res.linear.sizeInBytes = (size_t)width * size;
	}
	memset(&td, 0, sizeof td);
	td.addressMode[0] = td.addressMode[1] = td.addressMode[2] =
	    WCU_TR_ADDRESS_MODE_CLAMP;
	td.filterMode = WCU_TR_FILTER_MODE_POINT;
	td.flags = is_int ? WCU_TRSF_READ_AS_INTEGER : 0;
	if ((r = fn.TexObjectCreate(&cu.tex[k].tex, &rd, &td, NULL)) !=
	    WCU_SUCCESS)
		goto fail;
	*tex = cu.tex[k].tex;
	return 0;
fail:
	if (cu.tex[k].array != NULL)
		fn.ArrayDestroy(cu.tex[k].array);
	if (cu.tex[k].mem != 0)
		fn.MemFree(cu.tex[k].mem);
	memset(&cu.tex[k], 0, sizeof cu.tex[k]);
	return cu_fail("a texture (cuArrayCreate, cuMemcpy2D or "
	    "cuTexObjectCreate)", r);
}

/* Destroy a texture of cuda_tex_create and what holds its texels. */
static void
cuda_tex_free(uint64_t tex)
{
	int	k;

	for (k = 0; k < 8; k++) {
		if (tex == 0 || cu.tex[k].tex != tex)
			continue;
		fn.TexObjectDestroy(cu.tex[k].tex);
		if (cu.tex[k].array != NULL)
			fn.ArrayDestroy(cu.tex[k].array);
		if (cu.tex[k].mem != 0)
			fn.MemFree(cu.tex[k].mem);
		memset(&cu.tex[k], 0, sizeof cu.tex[k]);
	}
}

const struct gpu_ops gpu_cuda_ops = {
	.name = "cuda",
	.open = cuda_open,
	.bind = cuda_bind,
	.alloc = cuda_alloc,
	.free = cuda_free,
	.upload = cuda_upload,
	.download = cuda_download,
	.fill = cuda_fill,
	.load_module = cuda_load_module,
	.set_symbol = cuda_set_symbol,
	.kernel_info = cuda_kernel_info,
	.time_kernel = cuda_time_kernel,
	.time_copy = cuda_time_copy,
	.tex_create = cuda_tex_create,
	.tex_free = cuda_tex_free,
	.error = cuda_error,
	.close = cuda_close,
};
