/* SPDX-License-Identifier: ISC
 * gpu-nvrtc.c - NVRTC behind gpu-nvrtc.h.  The library is found the
 * usual ways: WARPVIZ_LIBNVRTC alone when set, else libnvrtc.so.13,
 * libnvrtc.so.12 and libnvrtc.so through the loader's path, then under
 * $CUDA_HOME, $CUDA_PATH and /usr/local/cuda.  Entry points by dlsym
 * (nvrtc_min.h, checked against <nvrtc.h> when the toolkit is there).
 * A compiled image is cached as KEY.cubin or KEY.ptx: one header line
 * "warpviz-nvrtc 1 LOWERED-NAME", then the image; written to a temporary
 * file and renamed, so a reader never sees half of one.  Never prints.
 */
#include "config.h"

#include <sys/stat.h>

#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gpu-nvrtc.h"
#include "nvrtc_min.h"

#ifdef HAVE_NVRTC_H
#include <nvrtc.h>
#define WNV_SAME(a, b) _Static_assert((int)(a) == (int)(b), #a " != " #b)
WNV_SAME(WNV_SUCCESS, NVRTC_SUCCESS);
WNV_SAME(WNV_ERROR_INVALID_OPTION, NVRTC_ERROR_INVALID_OPTION);
WNV_SAME(WNV_ERROR_COMPILATION, NVRTC_ERROR_COMPILATION);
_Static_assert(sizeof(wnv_result) == sizeof(nvrtcResult), "nvrtcResult");
#endif

#define CACHE_MAGIC	"warpviz-nvrtc 1 "

static struct {
	void				*dl;
	int				 version;
	wnv_get_error_string_fn		 GetErrorString;
	wnv_version_fn			 Version;
	wnv_get_num_supported_archs_fn	 GetNumSupportedArchs;
	wnv_get_supported_archs_fn	 GetSupportedArchs;
	wnv_create_program_fn		 CreateProgram;
	wnv_destroy_program_fn		 DestroyProgram;
	wnv_compile_program_fn		 CompileProgram;
	wnv_get_size_fn			 GetProgramLogSize;
	wnv_get_fn			 GetProgramLog;
	wnv_get_size_fn			 GetCUBINSize;
	wnv_get_fn			 GetCUBIN;
	wnv_get_size_fn			 GetPTXSize;
	wnv_get_fn			 GetPTX;
	wnv_add_name_expression_fn	 AddNameExpression;
	wnv_get_lowered_name_fn		 GetLoweredName;
} nv;

/*
 * Headers a kernel file may include that NVRTC does not ship (it has no
 * host C library): HUGE_VALF and INFINITY are what the catalog uses;
 * the math functions themselves are NVRTC built-ins.
 */
static const char *const header_names[] = { "math.h", "cmath" };
static const char *const header_texts[] = {
	"#pragma once\n"
	"#define HUGE_VALF (__int_as_float(0x7f800000))\n"
	"#define INFINITY HUGE_VALF\n"
	"#define NAN (__int_as_float(0x7fffffff))\n",
	"#pragma once\n#include <math.h>\n",
};

static double
now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void *
try_open(const char *dir, const char *file)
{
	char	path[4096];

	if (dir == NULL || *dir != '/')
		return NULL;
	snprintf(path, sizeof path, "%s/lib64/%s", dir, file);
	return dlopen(path, RTLD_NOW | RTLD_LOCAL);
}

int
gpu_nvrtc_open(char *why, size_t len)
{
	static const char	*names[] = { "libnvrtc.so.13", "libnvrtc.so.12",
	    "libnvrtc.so" };
	const char		*env = getenv("WARPVIZ_LIBNVRTC");
	const char		*dirs[3];
	int			 major = 0, minor = 0;
	size_t			 i, j;

	if (nv.dl != NULL)
		return 0;
	if (env != NULL && *env != '\0') {
		if ((nv.dl = dlopen(env, RTLD_NOW | RTLD_LOCAL)) == NULL) {
			snprintf(why, len, "no NVRTC: WARPVIZ_LIBNVRTC=%s "
			    "could not be loaded (%s)", env, dlerror());
			return -1;
		}
	} else {
		dirs[0] = getenv("CUDA_HOME");
		dirs[1] = getenv("CUDA_PATH");
		dirs[2] = "/usr/local/cuda";
		for (i = 0; nv.dl == NULL && i < 3; i++)
			nv.dl = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
		for (j = 0; nv.dl == NULL && j < 3; j++)
			for (i = 0; nv.dl == NULL && i < 2; i++)
				nv.dl = try_open(dirs[j], names[i]);
		if (nv.dl == NULL) {
			snprintf(why, len, "no NVRTC: libnvrtc.so.13 or "
			    "libnvrtc.so.12 (the CUDA toolkit's runtime "
			    "compiler) could not be loaded; set "
			    "WARPVIZ_LIBNVRTC to its path");
			return -1;
		}
	}
#define SYM(x) (*(void **)&nv.x = dlsym(nv.dl, "nvrtc" #x)) == NULL
	if (SYM(GetErrorString) || SYM(Version) || SYM(CreateProgram) ||
	    SYM(DestroyProgram) || SYM(CompileProgram) ||
	    SYM(GetProgramLogSize) || SYM(GetProgramLog) || SYM(GetCUBINSize) ||
	    SYM(GetCUBIN) || SYM(GetPTXSize) || SYM(GetPTX) ||
	    SYM(AddNameExpression) || SYM(GetLoweredName) ||
	    SYM(GetNumSupportedArchs) || SYM(GetSupportedArchs)) {
		snprintf(why, len, "no NVRTC: the library found lacks "
		    "nvrtcGetCUBIN or its kin (it must be CUDA 11.2 or newer)");
		dlclose(nv.dl);
		memset(&nv, 0, sizeof nv);
		return -1;
	}
#undef SYM
	if (nv.Version(&major, &minor) != WNV_SUCCESS)
		major = minor = 0;
	nv.version = major * 1000 + minor * 10;
	return 0;
}

int
gpu_nvrtc_version(void)
{
	return nv.version;
}

void
gpu_nvrtc_key(const struct gpu_nvrtc_job *job, int version,
    char key[NVRTC_KEY_LEN])
{
	uint64_t	h = 0xcbf29ce484222325ULL;
	char		tail[64];
	const char	*parts[4];
	size_t		i;
	const char	*p;

	snprintf(tail, sizeof tail, "%d %d %d", job->arch, job->ptx, version);
	parts[0] = CACHE_MAGIC;
	parts[1] = job->text;
	parts[2] = job->kernel;
	parts[3] = tail;
	for (i = 0; i < 4; i++) {
		/* Each part ends with its NUL: "ab"+"c" is not "a"+"bc". */
		for (p = parts[i]; ; p++) {
			h ^= (unsigned char)*p;
			h *= 0x100000001b3ULL;
			if (*p == '\0')
				break;
		}
	}
	snprintf(key, NVRTC_KEY_LEN, "%016llx", (unsigned long long)h);
}

int
gpu_nvrtc_cache_dir(char *buf, size_t len)
{
	const char	*xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	int		 n;

	if (xdg != NULL && *xdg == '/')
		n = snprintf(buf, len, "%s/warpviz", xdg);
	else if (home != NULL && *home == '/')
		n = snprintf(buf, len, "%s/.cache/warpviz", home);
	else
		return -1;
	return n > 0 && (size_t)n < len ? 0 : -1;
}

/* Where a log line says "error:" or "error #N:" as a word, or NULL. */
static const char *
find_error(const char *line, const char *end)
{
	const char	*p;

	for (p = line; (p = strstr(p, "error")) != NULL && p < end; p++)
		if ((p == line || p[-1] == ' ') && (p[5] == ':' ||
		    (p[5] == ' ' && p[6] == '#')))
			return p;
	return NULL;
}

int
gpu_nvrtc_first_error(const char *log, char *buf, size_t len)
{
	const char	*line, *end, *p, *paren, *msg;
	char		*q;
	int		 n;

	if (log == NULL || len == 0)
		return -1;
	for (line = log; *line != '\0'; line = *end ? end + 1 : end) {
		if ((end = strchr(line, '\n')) == NULL)
			end = line + strlen(line);
		if ((p = find_error(line, end)) == NULL)
			continue;
		msg = memchr(p, ':', (size_t)(end - p));
		msg = msg != NULL ? msg + 1 : p + 5;
		while (*msg == ' ')
			msg++;
		while (end > msg && (end[-1] == '\r' || end[-1] == ' '))
			end--;
		/* "FILE(LINE): ..." names the place. */
		paren = memchr(line, '(', (size_t)(p - line));
		if (paren != NULL && paren > line && paren[1] >= '0' &&
		    paren[1] <= '9')
			n = snprintf(buf, len, "%.*s:%d: error: %.*s",
			    (int)(paren - line), line, atoi(paren + 1),
			    (int)(end - msg), msg);
		else
			n = snprintf(buf, len, "error: %.*s", (int)(end - msg),
			    msg);
		/* One line: no control character may reach the screen. */
		for (q = buf; *q != '\0'; q++)
			if ((unsigned char)*q < ' ')
				*q = ' ';
		return n >= 0 ? 0 : -1;
	}
	return -1;
}

/* mkdir -p of the cache folder; 0 or -1. */
static int
make_dirs(const char *dir)
{
	char	path[4096], *p;

	snprintf(path, sizeof path, "%s", dir);
	for (p = path + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(path, 0700) != 0 && errno != EEXIST ? -1 : 0;
}

static int
cache_read(const char *path, struct gpu_nvrtc_image *out)
{
	FILE	*f;
	char	 head[300], *nl;
	long	 size;
	size_t	 hl;

	if ((f = fopen(path, "rb")) == NULL)
		return -1;
	if (fgets(head, sizeof head, f) == NULL ||
	    strncmp(head, CACHE_MAGIC, strlen(CACHE_MAGIC)) != 0 ||
	    (nl = strchr(head, '\n')) == NULL)
		goto fail;
	*nl = '\0';
	hl = strlen(head) + 1;
	if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
	    (size_t)size <= hl || fseek(f, (long)hl, SEEK_SET) != 0)
		goto fail;
	out->len = (size_t)size - hl;
	if ((out->data = malloc(out->len + 1)) == NULL ||
	    fread(out->data, 1, out->len, f) != out->len) {
		free(out->data);
		out->data = NULL;
		goto fail;
	}
	out->data[out->len] = '\0';
	hl = strlen(head + strlen(CACHE_MAGIC));
	if (hl >= sizeof out->lowered) {
		gpu_nvrtc_image_free(out);
		goto fail;
	}
	memcpy(out->lowered, head + strlen(CACHE_MAGIC), hl + 1);
	fclose(f);
	return 0;
fail:
	fclose(f);
	return -1;
}

/* Best effort: a cache that cannot be written only costs a recompile. */
static void
cache_write(const char *dir, const char *path, const struct gpu_nvrtc_image *o)
{
	char	tmp[4300];
	FILE	*f;
	int	ok;

	if (make_dirs(dir) != 0)
		return;
	snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
	if ((f = fopen(tmp, "wb")) == NULL)
		return;
	ok = fprintf(f, "%s%s\n", CACHE_MAGIC, o->lowered) > 0 &&
	    fwrite(o->data, 1, o->len, f) == o->len;
	ok = fclose(f) == 0 && ok;
	if (!ok || rename(tmp, path) != 0)
		unlink(tmp);
}

/* The newest architecture NVRTC knows at or below arch, or 0. */
static int
newest_below(int arch)
{
	int	n = 0, *a, i, best = 0;

	if (nv.GetNumSupportedArchs(&n) != WNV_SUCCESS || n <= 0 ||
	    (a = calloc(n, sizeof *a)) == NULL)
		return 0;
	if (nv.GetSupportedArchs(a) == WNV_SUCCESS)
		for (i = 0; i < n; i++)
			if (a[i] <= arch && a[i] > best)
				best = a[i];
	free(a);
	return best;
}

static int	compile_job(const struct gpu_nvrtc_job *,
		    struct gpu_nvrtc_image *, char *, size_t);

int
gpu_nvrtc_compile(const struct gpu_nvrtc_job *job, struct gpu_nvrtc_image *out,
    char *why, size_t len)
{
	struct gpu_nvrtc_job	older;
	int			rc, arch;

	rc = compile_job(job, out, why, len);
	if (rc == 0 || job->ptx || nv.dl == NULL ||
	    (arch = newest_below(job->arch)) == 0 || arch == job->arch)
		return rc;
	/* A GPU newer than this NVRTC: PTX that the driver compiles. */
	older = *job;
	older.arch = arch;
	older.ptx = 1;
	if ((rc = compile_job(&older, out, why, len)) == 0)
		out->ptx_for = arch;
	return rc;
}

static int
compile_job(const struct gpu_nvrtc_job *job, struct gpu_nvrtc_image *out,
    char *why, size_t len)
{
	wnv_program	 prog = NULL;
	wnv_result	 r;
	char		 key[NVRTC_KEY_LEN], dir[4096], path[4200];
	char		 arch[48], expr[300], *log = NULL;
	const char	*opts[2], *lowered = NULL;
	size_t		 size = 0;
	double		 t0 = now_ms();
	int		 have_dir, rc = -1;

	memset(out, 0, sizeof *out);
	if (gpu_nvrtc_open(why, len) != 0)
		return -1;
	if (strlen(job->kernel) + 2 > sizeof expr) {
		snprintf(why, len, "%s: kernel name too long", job->name);
		return -1;
	}
	gpu_nvrtc_key(job, nv.version, key);
	have_dir = gpu_nvrtc_cache_dir(dir, sizeof dir) == 0;
	if (have_dir) {
		snprintf(path, sizeof path, "%s/%s.%s", dir, key,
		    job->ptx ? "ptx" : "cubin");
		if (cache_read(path, out) == 0) {
			out->cached = 1;
			out->ms = now_ms() - t0;
			return 0;
		}
	}

	snprintf(arch, sizeof arch, "--gpu-architecture=%s_%d",
	    job->ptx ? "compute" : "sm", job->arch);
	opts[0] = arch;
	opts[1] = "--std=c++17";
	snprintf(expr, sizeof expr, "&%s", job->kernel);
	if ((r = nv.CreateProgram(&prog, job->text, job->name, 2, header_texts,
	    header_names)) != WNV_SUCCESS) {
		snprintf(why, len, "%s: NVRTC could not take it: %s", job->name,
		    nv.GetErrorString(r));
		return -1;
	}
	nv.AddNameExpression(prog, expr);
	r = nv.CompileProgram(prog, 2, opts);
	if (r != WNV_SUCCESS) {
		if (nv.GetProgramLogSize(prog, &size) == WNV_SUCCESS &&
		    size > 0 && (log = malloc(size + 1)) != NULL &&
		    nv.GetProgramLog(prog, log) == WNV_SUCCESS)
			log[size] = '\0';
		else {
			free(log);
			log = NULL;
		}
		if (r == WNV_ERROR_INVALID_OPTION)
			snprintf(why, len, "%s: this NVRTC (CUDA %d.%d) cannot "
			    "compile for sm_%d", job->name, nv.version / 1000,
			    nv.version % 1000 / 10, job->arch);
		else if (gpu_nvrtc_first_error(log, why, len) != 0)
			snprintf(why, len, "%s: NVRTC failed: %s", job->name,
			    nv.GetErrorString(r));
		else if (strncmp(why, "__nv_name_map:", 14) == 0)
			/* Only the name expression failed. */
			snprintf(why, len, "%s: no __global__ function %s",
			    job->name, job->kernel);
		goto out;
	}
	if (nv.GetLoweredName(prog, expr, &lowered) != WNV_SUCCESS ||
	    lowered == NULL) {
		snprintf(why, len, "%s: no __global__ function %s", job->name,
		    job->kernel);
		goto out;
	}
	snprintf(out->lowered, sizeof out->lowered, "%s", lowered);
	r = job->ptx ? nv.GetPTXSize(prog, &size) : nv.GetCUBINSize(prog,
	    &size);
	if (r != WNV_SUCCESS || size == 0 ||
	    (out->data = malloc(size + 1)) == NULL ||
	    (job->ptx ? nv.GetPTX(prog, (char *)out->data) :
	    nv.GetCUBIN(prog, (char *)out->data)) != WNV_SUCCESS) {
		snprintf(why, len, "%s: NVRTC gave no %s", job->name,
		    job->ptx ? "PTX" : "cubin");
		gpu_nvrtc_image_free(out);
		goto out;
	}
	out->data[size] = '\0';
	out->len = size;
	out->ms = now_ms() - t0;
	if (have_dir)
		cache_write(dir, path, out);
	rc = 0;
out:
	free(log);
	nv.DestroyProgram(&prog);
	return rc;
}

void
gpu_nvrtc_image_free(struct gpu_nvrtc_image *o)
{
	free(o->data);
	o->data = NULL;
	o->len = 0;
}
