/* SPDX-License-Identifier: ISC
 * gpu-nvrtc.c - NVRTC behind gpu-nvrtc.h.  The library is found the
 * usual ways: WARPVIZ_LIBNVRTC alone when set, else libnvrtc.so.13,
 * libnvrtc.so.12 and libnvrtc.so through the loader's path, then under
 * $CUDA_HOME, $CUDA_PATH and /usr/local/cuda.  Entry points by dlsym
 * (nvrtc_min.h, checked against <nvrtc.h> when the toolkit is there).
 * A compiled image is cached as KEY.cubin or KEY.ptx, KEY the SHA-256 of
 * everything that decides the image (source, kernel, options, the
 * headers given to NVRTC, CUDA's include folder, NVRTC's version, the
 * architecture): one header
 * line "warpviz-nvrtc 2 KEY IMAGE-SHA256 LOWERED-NAME", then the image.
 * The folder must be the user's and not writable by group or others, or
 * it is not used at all (one line says why); every file in it is opened
 * relative to the folder checked, never through a symbolic link;
 * an entry is used only when its own key is the one asked for and its
 * image hashes as it says; a new one is written to a temporary file made
 * with O_CREAT|O_EXCL|O_NOFOLLOW and renamed, so a reader never sees half
 * of one and a planted link is never followed.  Never prints.
 *
 * CUDA's own headers (<cooperative_groups.h>, which the SDK samples
 * include) are not NVRTC's: NVRTC gets -I of the include folder of the
 * toolkit the loaded libnvrtc belongs to (its folder's ../include or
 * ../../include), else $CUDA_HOME/include, $CUDA_PATH/include or
 * /usr/local/cuda/include, the first that holds cooperative_groups.h,
 * and CUDA 13's include/cccl beside it where there is one.
 */
#include "config.h"

#include <sys/stat.h>

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gpu-nvrtc.h"
#include "nvrtc_min.h"
#include "sha256.h"

#ifdef HAVE_NVRTC_H
#include <nvrtc.h>
#define WNV_SAME(a, b) _Static_assert((int)(a) == (int)(b), #a " != " #b)
WNV_SAME(WNV_SUCCESS, NVRTC_SUCCESS);
WNV_SAME(WNV_ERROR_INVALID_OPTION, NVRTC_ERROR_INVALID_OPTION);
WNV_SAME(WNV_ERROR_COMPILATION, NVRTC_ERROR_COMPILATION);
_Static_assert(sizeof(wnv_result) == sizeof(nvrtcResult), "nvrtcResult");
#endif

#define CACHE_MAGIC	"warpviz-nvrtc 2 "
#define CACHE_MAX	(64 << 20)	/* the largest entry read */

/* Why the cache was last left out, or "". */
static char cache_note[300];

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
 * the math functions themselves are NVRTC built-ins.  The last is
 * included before every source: the names nvcc's host headers
 * (<sys/types.h>, through cuda_runtime.h) give every .cu file, which
 * kernels written for nvcc use without an #include (uint in SGEMM_CUDA).
 */
#define PRELUDE_NAME	"warpviz-nvcc-types.h"
static const char *const header_names[] = { "math.h", "cmath",
    PRELUDE_NAME };
static const char *const header_texts[] = {
	"#pragma once\n"
	"#define HUGE_VALF (__int_as_float(0x7f800000))\n"
	"#define INFINITY HUGE_VALF\n"
	"#define NAN (__int_as_float(0x7fffffff))\n",
	"#pragma once\n#include <math.h>\n",
	"#pragma once\n"
	"typedef unsigned short ushort;\n"
	"typedef unsigned int uint;\n"
	"typedef unsigned long ulong;\n",
};
#define NHEADERS	((int)(sizeof header_names / sizeof header_names[0]))

/* -I of CUDA's include folder and of its cccl folder, or "". */
static char	inc_opt[2][PATH_MAX + 16];

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

/* Take dir/rel as CUDA's include folder if it holds
   cooperative_groups.h: 0, or -1. */
static int
try_include(const char *dir, const char *rel)
{
	char	path[PATH_MAX + 32], real[PATH_MAX];

	if (dir == NULL || *dir != '/' ||
	    snprintf(path, sizeof path, "%s%s", dir, rel) >= (int)sizeof path ||
	    realpath(path, real) == NULL)
		return -1;
	snprintf(path, sizeof path, "%s/cooperative_groups.h", real);
	if (access(path, R_OK) != 0)
		return -1;
	snprintf(inc_opt[0], sizeof inc_opt[0], "-I%s", real);
	/* CUDA 13 keeps libcu++ (<cuda/std/...>, which cooperative
	   groups include) there; nvcc adds it by itself. */
	snprintf(path, sizeof path, "%s/cccl/cuda", real);
	if (access(path, R_OK) == 0)
		snprintf(inc_opt[1], sizeof inc_opt[1], "-I%s/cccl", real);
	return 0;
}

/* The folder of a library path (p is changed), then its include. */
static int
try_lib(char *p)
{
	char	*slash = strrchr(p, '/');

	if (slash == NULL || slash == p)
		return -1;
	*slash = '\0';
	return try_include(p, "/../include") == 0 ||
	    try_include(p, "/../../include") == 0 ? 0 : -1;
}

/* CUDA's include folder: the loaded libnvrtc's toolkit first (its
   headers are of its version), then the usual places. */
static void
find_include(void)
{
	const char	*dirs[3];
	char		 path[PATH_MAX], real[PATH_MAX];
	Dl_info		 info;
	void		*sym;
	int		 i;

	memset(inc_opt, 0, sizeof inc_opt);
	if ((sym = dlsym(nv.dl, "nvrtcVersion")) != NULL &&
	    dladdr(sym, &info) != 0 && info.dli_fname != NULL &&
	    *info.dli_fname == '/') {
		snprintf(path, sizeof path, "%s", info.dli_fname);
		if (realpath(info.dli_fname, real) != NULL && try_lib(real) == 0)
			return;
		if (try_lib(path) == 0)
			return;
	}
	dirs[0] = getenv("CUDA_HOME");
	dirs[1] = getenv("CUDA_PATH");
	dirs[2] = "/usr/local/cuda";
	for (i = 0; i < 3; i++)
		if (try_include(dirs[i], "/include") == 0)
			return;
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
	find_include();
	return 0;
}

const char *
gpu_nvrtc_include(void)
{
	return inc_opt[0][0] != '\0' ? inc_opt[0] + 2 : NULL;
}

int
gpu_nvrtc_version(void)
{
	return nv.version;
}

/* The --gpu-architecture option of a job. */
static void
job_arch(const struct gpu_nvrtc_job *job, char *buf, size_t len)
{
	snprintf(buf, len, "--gpu-architecture=%s_%d",
	    job->ptx ? "compute" : "sm", job->arch);
}

#define STD_OPTION	"--std=c++17"
#define LINEINFO_OPTION	"-lineinfo"
#define PRELUDE_OPTION	"--pre-include=" PRELUDE_NAME

void
gpu_nvrtc_key(const struct gpu_nvrtc_job *job, int version,
    char key[NVRTC_KEY_LEN])
{
	struct sha256	s;
	char		arch[48], ver[32];
	size_t		i;

	job_arch(job, arch, sizeof arch);
	snprintf(ver, sizeof ver, "nvrtc %d", version);
	sha256_init(&s);
	/* Each part with its NUL: "ab"+"c" is not "a"+"bc". */
	sha256_update(&s, CACHE_MAGIC, sizeof CACHE_MAGIC);
	sha256_update(&s, job->text, strlen(job->text) + 1);
	sha256_update(&s, job->kernel, strlen(job->kernel) + 1);
	sha256_update(&s, arch, strlen(arch) + 1);
	sha256_update(&s, STD_OPTION, sizeof STD_OPTION);
	/* Only when given, so that the keys of plain jobs stay as they were. */
	if (job->lineinfo)
		sha256_update(&s, LINEINFO_OPTION, sizeof LINEINFO_OPTION);
	for (i = 0; i < 2; i++)
		if (inc_opt[i][0] != '\0')
			sha256_update(&s, inc_opt[i], strlen(inc_opt[i]) + 1);
	sha256_update(&s, PRELUDE_OPTION, sizeof PRELUDE_OPTION);
	for (i = 0; i < sizeof header_names / sizeof header_names[0]; i++) {
		sha256_update(&s, header_names[i], strlen(header_names[i]) + 1);
		sha256_update(&s, header_texts[i], strlen(header_texts[i]) + 1);
	}
	sha256_update(&s, ver, strlen(ver) + 1);
	sha256_final_hex(&s, key);
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

/* mkdir -p of the cache folder, the last one private; 0 or -1. */
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

/*
 * The cache folder opened (not through a link) and checked: a descriptor,
 * or -1 with why (the cache is then not used).
 */
static int
cache_open(char *why, size_t len)
{
	char		dir[4096];
	struct stat	sb;
	int		fd;

	if (gpu_nvrtc_cache_dir(dir, sizeof dir) != 0) {
		snprintf(why, len, "no cache folder (XDG_CACHE_HOME and HOME "
		    "unset or relative)");
		return -1;
	}
	if (make_dirs(dir) != 0 || (fd = open(dir, O_RDONLY | O_DIRECTORY |
	    O_NOFOLLOW | O_CLOEXEC)) < 0) {
		snprintf(why, len, "the NVRTC cache %s cannot be used (%s): "
		    "compiling without it", dir, strerror(errno));
		return -1;
	}
	if (fstat(fd, &sb) != 0 || sb.st_uid != geteuid() ||
	    (sb.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
		snprintf(why, len, "the NVRTC cache %s is %s: compiling "
		    "without it", dir, sb.st_uid != geteuid() ? "not yours" :
		    "writable by group or others");
		close(fd);
		return -1;
	}
	return fd;
}

int
gpu_nvrtc_cache_check(char *why, size_t len)
{
	int	fd;

	if ((fd = cache_open(why, len)) < 0)
		return -1;
	close(fd);
	return 0;
}

const char *
gpu_nvrtc_cache_note(void)
{
	return cache_note;
}

/* The whole of a regular file of the user's under dfd, at most CACHE_MAX
 * bytes, not through a link; NULL when it is not one. */
static unsigned char *
cache_slurp(int dfd, const char *name, size_t *lenp)
{
	struct stat	 sb;
	unsigned char	*buf;
	size_t		 len = 0;
	ssize_t		 got;
	int		 fd;

	if ((fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC)) < 0)
		return NULL;
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    sb.st_uid != geteuid() || sb.st_size > CACHE_MAX ||
	    (buf = malloc((size_t)sb.st_size + 1)) == NULL) {
		close(fd);
		return NULL;
	}
	while (len < (size_t)sb.st_size) {
		got = read(fd, buf + len, (size_t)sb.st_size - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		len += (size_t)got;
	}
	close(fd);
	if (len != (size_t)sb.st_size) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	*lenp = len;
	return buf;
}

/*
 * The entry name under dfd, used only when its header names key and its
 * image hashes as the header says: 0, or -1 (a miss).
 */
static int
cache_read(int dfd, const char *name, const char *key,
    struct gpu_nvrtc_image *out)
{
	unsigned char	*buf, *nl;
	char		 digest[SHA256_HEX], *p;
	size_t		 len, ml = strlen(CACHE_MAGIC), hl, n;

	if ((buf = cache_slurp(dfd, name, &len)) == NULL)
		return -1;
	/* "warpviz-nvrtc 2 KEY DIGEST LOWERED\n" */
	if ((nl = memchr(buf, '\n', len < 600 ? len : 600)) == NULL ||
	    (size_t)(nl - buf) < ml + 2 * 65 + 1 ||
	    memcmp(buf, CACHE_MAGIC, ml) != 0 ||
	    memcmp(buf + ml, key, 64) != 0 || buf[ml + 64] != ' ' ||
	    buf[ml + 129] != ' ')
		goto miss;
	hl = (size_t)(nl - buf) + 1;
	n = hl - 1 - (ml + 130);
	if (n == 0 || n >= sizeof out->lowered || len <= hl)
		goto miss;
	sha256_hex(buf + hl, len - hl, digest);
	if (memcmp(buf + ml + 65, digest, 64) != 0)
		goto miss;
	memcpy(out->lowered, buf + ml + 130, n);
	out->lowered[n] = '\0';
	for (p = out->lowered; *p != '\0'; p++)
		if ((unsigned char)*p <= ' ' || (unsigned char)*p >= 0x7f)
			goto miss;
	out->len = len - hl;
	memmove(buf, buf + hl, out->len);
	buf[out->len] = '\0';
	out->data = buf;
	return 0;
miss:
	free(buf);
	return -1;
}

/* Best effort: a cache that cannot be written only costs a recompile. */
static void
cache_write(int dfd, const char *name, const char *key,
    const struct gpu_nvrtc_image *o)
{
	static unsigned	 counter;
	char		 tmp[128], digest[SHA256_HEX];
	FILE		*f;
	int		 fd = -1, i, ok;

	for (i = 0; i < 8 && fd < 0; i++) {
		snprintf(tmp, sizeof tmp, ".tmp.%ld.%u.%lx", (long)getpid(),
		    ++counter, (unsigned long)(now_ms() * 1000) ^
		    (unsigned long)rand());
		fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0600);
		if (fd < 0 && errno != EEXIST)
			return;
	}
	if (fd < 0)
		return;
	if ((f = fdopen(fd, "wb")) == NULL) {
		close(fd);
		unlinkat(dfd, tmp, 0);
		return;
	}
	sha256_hex(o->data, o->len, digest);
	ok = fprintf(f, "%s%s %s %s\n", CACHE_MAGIC, key, digest,
	    o->lowered) > 0 && fwrite(o->data, 1, o->len, f) == o->len;
	ok = fclose(f) == 0 && ok;
	if (!ok || renameat(dfd, tmp, dfd, name) != 0)
		unlinkat(dfd, tmp, 0);
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

/*
 * An #include NVRTC could not open: say where it looked and what to set.
 * "FILE:LINE: error: could not open source file "X" (...)" keeps its
 * place and the header's name.
 */
static void
missing_header(char *why, size_t len)
{
	char	*paren = strstr(why, " (");
	size_t	 n;

	if (paren != NULL)
		*paren = '\0';
	n = strlen(why);
	if (inc_opt[0][0] == '\0')
		snprintf(why + n, len - n, ": CUDA's include folder was not "
		    "found beside libnvrtc, under $CUDA_HOME, $CUDA_PATH or "
		    "/usr/local/cuda; set CUDA_HOME to the CUDA toolkit");
	else
		snprintf(why + n, len - n, " (not in %s)", inc_opt[0] + 2);
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

/* The options of a job (arch is its --gpu-architecture): their count
   in opts, at most 6. */
static int
job_options(const struct gpu_nvrtc_job *job, const char *arch,
    const char **opts)
{
	int	n = 0, i;

	opts[n++] = arch;
	opts[n++] = STD_OPTION;
	opts[n++] = PRELUDE_OPTION;
	if (job->lineinfo)
		opts[n++] = LINEINFO_OPTION;
	for (i = 0; i < 2; i++)
		if (inc_opt[i][0] != '\0')
			opts[n++] = inc_opt[i];
	return n;
}

/* Why a compile failed, from its result and its log: one line. */
static void
compile_error(wnv_program prog, wnv_result r, const struct gpu_nvrtc_job *job,
    char *why, size_t len)
{
	char	*log = NULL;
	size_t	 size = 0;

	if (nv.GetProgramLogSize(prog, &size) == WNV_SUCCESS && size > 0 &&
	    (log = malloc(size + 1)) != NULL &&
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
	else if (strstr(why, "could not open source file") != NULL)
		missing_header(why, len);
	free(log);
}

static int
compile_job(const struct gpu_nvrtc_job *job, struct gpu_nvrtc_image *out,
    char *why, size_t len)
{
	wnv_program	 prog = NULL;
	wnv_result	 r;
	char		 key[NVRTC_KEY_LEN], name[NVRTC_KEY_LEN + 8];
	char		 arch[48], expr[300];
	const char	*opts[6], *lowered = NULL;
	size_t		 size = 0;
	double		 t0 = now_ms();
	int		 dfd, rc = -1, nopts;

	memset(out, 0, sizeof *out);
	if (gpu_nvrtc_open(why, len) != 0)
		return -1;
	if (strlen(job->kernel) + 2 > sizeof expr) {
		snprintf(why, len, "%s: kernel name too long", job->name);
		return -1;
	}
	gpu_nvrtc_key(job, nv.version, key);
	snprintf(name, sizeof name, "%s.%s", key, job->ptx ? "ptx" : "cubin");
	cache_note[0] = '\0';
	if ((dfd = cache_open(cache_note, sizeof cache_note)) >= 0 &&
	    cache_read(dfd, name, key, out) == 0) {
		close(dfd);
		out->cached = 1;
		out->ms = now_ms() - t0;
		return 0;
	}

	job_arch(job, arch, sizeof arch);
	nopts = job_options(job, arch, opts);
	snprintf(expr, sizeof expr, "&%s", job->kernel);
	if ((r = nv.CreateProgram(&prog, job->text, job->name, NHEADERS,
	    header_texts, header_names)) != WNV_SUCCESS) {
		snprintf(why, len, "%s: NVRTC could not take it: %s", job->name,
		    nv.GetErrorString(r));
		if (dfd >= 0)
			close(dfd);
		return -1;
	}
	nv.AddNameExpression(prog, expr);
	r = nv.CompileProgram(prog, nopts, opts);
	if (r != WNV_SUCCESS) {
		compile_error(prog, r, job, why, len);
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
	if (dfd >= 0)
		cache_write(dfd, name, key, out);
	rc = 0;
out:
	if (dfd >= 0)
		close(dfd);
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
