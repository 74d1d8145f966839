/* SPDX-License-Identifier: ISC
 * test-nvrtc.c - the run-time compiler without a GPU: the no-NVRTC line,
 * the cache key and folder, the first error of a canned NVRTC log, and,
 * where the toolkit's libnvrtc is installed (it needs no driver), real
 * compiles of catalog kernels to a cubin and to PTX, the cache (planted
 * links, planted entries, a folder open to others), a C++ name, a
 * template kernel's instance, and a compile error named by file and line.
 */
#include "config.h"

#include <sys/stat.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "gpu-backend.h"
#include "gpu-nvrtc.h"
#include "gpu-results.h"
#include "gpu-run.h"
#include "param.h"
#include "tap.h"

/*
 * A stand-in backend: memory on the host, launches that only record the
 * kernel's name, so gpu_run's NVRTC path runs here without a GPU.
 */
static char	fake_kernel[300];
static int	fake_modules;

static int
fake_ok(void)
{
	return 0;
}

static int
fake_alloc(uint64_t *p, size_t len)
{
	*p = (uint64_t)(uintptr_t)calloc(1, len);
	return *p != 0 ? 0 : -1;
}

static void
fake_free(uint64_t p)
{
	free((void *)(uintptr_t)p);
}

static int
fake_upload(uint64_t d, const void *s, size_t len)
{
	memcpy((void *)(uintptr_t)d, s, len);
	return 0;
}

static int
fake_download(void *d, uint64_t s, size_t len)
{
	memcpy(d, (void *)(uintptr_t)s, len);
	return 0;
}

static int
fake_load_module(const void *image, int *handle)
{
	/* A cubin is an ELF file. */
	if (memcmp(image, "\177ELF", 4) != 0)
		return -1;
	*handle = 7 + fake_modules++;
	return 0;
}

static int
fake_kernel_info(const char *k, int t, int s, struct gpu_kernel_info *ki)
{
	return -1;
}

static int
fake_time_kernel(const char *k, const int64_t g[2], const int64_t b[2],
    int smem, void **args, float *ms)
{
	snprintf(fake_kernel, sizeof fake_kernel, "%s", k);
	*ms = 1.5f;
	return 0;
}

static const char *
fake_error(void)
{
	return "fake backend";
}

static const struct gpu_ops fake_ops = {
	.name = "fake",
	.bind = fake_ok,
	.alloc = fake_alloc,
	.free = fake_free,
	.upload = fake_upload,
	.download = fake_download,
	.load_module = fake_load_module,
	.kernel_info = fake_kernel_info,
	.time_kernel = fake_time_kernel,
	.error = fake_error,
};

/* A user's kernel as the source reader will hand it over: text in memory,
 * no CPU reference. */
#define USER_SOURCE \
	"__global__ void scale(float *a, int n)\n" \
	"{\n\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n" \
	"\tif (i < n)\n\t\ta[i] *= 2;\n}\n"

#define USER_VARIANT(nm, src) { \
	.name = (nm), .family = "user", .title = "a user's kernel", \
	.kernel = "scale", .source = "user.cu", \
	.params = { { .name = "n", .min = 1, .max = 1 << 20, .def = 1000, \
	    .unit = "elements", .text = "length" } }, \
	.block = { "256", "1" }, .grid = { "(n + 255) / 256", "1" }, \
	.arrays = { { .name = "a", .space = SPACE_GLOBAL, .elem_size = 4, \
	    .type = "float", .length = "n" } }, \
	.lets = { { "i", "blockIdx.x * blockDim.x + threadIdx.x" } }, \
	.guard = "i < n", \
	.body = { BODY_LOAD("a[i]"), BODY_STORE("a[i]") }, \
	.live = { .args = "a n", .lo = -1, .hi = 1, .text = (src) } }

static const struct variant user = USER_VARIANT("user", USER_SOURCE);
/* A template kernel file: its type line and the parameter n name the
   instance scale<float, 1000>. */
static const struct variant user_tmpl = USER_VARIANT("user-tmpl",
    "// warpviz: type T=float\n"
    "template <class T, int n> __global__ void scale(T *a, int m)\n"
    "{\n\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "\tif (i < n)\n\t\ta[i] *= 2;\n}\n");
static const struct variant user_bad = USER_VARIANT("user-bad",
    "__global__ void scale(float *a, int n)\n{\n\ta[threadIdx.x] = q;\n}\n");

static void
run_user(const struct variant *v, struct gpu_result *res)
{
	struct param_set	ps;

	param_defaults(&ps, v);
	fake_kernel[0] = '\0';
	gpu_run(&fake_ops, &ps, res);
}

static void
test_no_nvrtc(void)
{
	struct gpu_nvrtc_job	 job = { "k.cu", "__global__ void k() {}",
	    "k", 90, 0 };
	struct gpu_nvrtc_image	 img;
	struct gpu_result	 res;
	char			 why[256] = "";

	setenv("WARPVIZ_LIBNVRTC", "/nonexistent/libnvrtc.so.13", 1);
	is_int(gpu_nvrtc_compile(&job, &img, why, sizeof why), -1,
	    "no NVRTC: the compile is refused");
	ok(strncmp(why, "no NVRTC: WARPVIZ_LIBNVRTC=/nonexistent/libnvrtc.so.13"
	    " could not be loaded", 72) == 0 && strchr(why, '\n') == NULL,
	    "no NVRTC: one line naming the library (%s)", why);
	ok(img.data == NULL, "no NVRTC: no image");
	is_int(gpu_nvrtc_version(), 0, "no NVRTC: no version");

	/* A user's file then fails with that line, before any launch. */
	gpu_run_set_arch(90);
	run_user(&user, &res);
	ok(res.status == RESULT_ERROR && strncmp(res.error, "no NVRTC: ", 10)
	    == 0 && fake_kernel[0] == '\0', "no NVRTC: the run is an error "
	    "line, nothing launched (%s)", res.error);
	unsetenv("WARPVIZ_LIBNVRTC");
}

static void
test_key(void)
{
	struct gpu_nvrtc_job	 a = { "a.cu", "__global__ void k(int *p) "
	    "{ *p = 1; }", "k", 90, 0 }, b;
	char			 k1[NVRTC_KEY_LEN], k2[NVRTC_KEY_LEN];
	size_t			 i;
	int			 hex = 1;

	gpu_nvrtc_key(&a, 13000, k1);
	for (i = 0; i < 64; i++)
		hex &= strchr("0123456789abcdef", k1[i]) != NULL;
	ok(strlen(k1) == 64 && hex, "key: SHA-256, 64 hex digits (%s)", k1);
	b = a;
	b.name = "elsewhere/b.cu";
	gpu_nvrtc_key(&b, 13000, k2);
	is_str(k2, k1, "key: the file's name does not count, its content "
	    "does");
	b = a;
	b.text = "__global__ void k(int *p) { *p = 2; }";
	gpu_nvrtc_key(&b, 13000, k2);
	ok(strcmp(k1, k2) != 0, "key: one changed character changes it");
	b = a;
	b.arch = 80;
	gpu_nvrtc_key(&b, 13000, k2);
	ok(strcmp(k1, k2) != 0, "key: the architecture changes it");
	b = a;
	b.ptx = 1;
	gpu_nvrtc_key(&b, 13000, k2);
	ok(strcmp(k1, k2) != 0, "key: PTX and cubin differ");
	gpu_nvrtc_key(&a, 12080, k2);
	ok(strcmp(k1, k2) != 0, "key: the NVRTC version changes it");
	/* Parts are separated: text "ab" + kernel "c" is not "a" + "bc". */
	b = a;
	b.text = "ab";
	b.kernel = "c";
	gpu_nvrtc_key(&b, 0, k1);
	b.text = "a";
	b.kernel = "bc";
	gpu_nvrtc_key(&b, 0, k2);
	ok(strcmp(k1, k2) != 0, "key: text and kernel name do not run "
	    "together");
}

static void
test_cache_dir(void)
{
	char	buf[256];

	setenv("XDG_CACHE_HOME", "/x/cache", 1);
	setenv("HOME", "/home/u", 1);
	ok(gpu_nvrtc_cache_dir(buf, sizeof buf) == 0 &&
	    strcmp(buf, "/x/cache/warpviz") == 0,
	    "cache: $XDG_CACHE_HOME/warpviz (%s)", buf);
	setenv("XDG_CACHE_HOME", "relative", 1);
	ok(gpu_nvrtc_cache_dir(buf, sizeof buf) == 0 &&
	    strcmp(buf, "/home/u/.cache/warpviz") == 0,
	    "cache: a relative XDG_CACHE_HOME is ignored (%s)", buf);
	unsetenv("XDG_CACHE_HOME");
	ok(gpu_nvrtc_cache_dir(buf, sizeof buf) == 0 &&
	    strcmp(buf, "/home/u/.cache/warpviz") == 0,
	    "cache: else ~/.cache/warpviz (%s)", buf);
	unsetenv("HOME");
	is_int(gpu_nvrtc_cache_dir(buf, sizeof buf), -1,
	    "cache: none without XDG_CACHE_HOME and HOME");
}

static void
test_first_error(void)
{
	char	buf[256];

	/* As NVRTC 13 writes it: a warning first, two errors, a summary. */
	ok(gpu_nvrtc_first_error(
	    "mine.cu(3): warning #177-D: variable \"q\" was declared but "
	    "never referenced\n"
	    "      int q;\n"
	    "          ^\n\n"
	    "mine.cu(12): error: identifier \"Wdth\" is undefined\n"
	    "      P[Row*Wdth + Col] = v;\n"
	    "            ^\n\n"
	    "mine.cu(14): error: expected a \";\"\n\n"
	    "2 errors detected in the compilation of \"mine.cu\".\n",
	    buf, sizeof buf) == 0, "first error: found");
	is_str(buf, "mine.cu:12: error: identifier \"Wdth\" is undefined",
	    "first error: FILE:LINE and the message, the warning skipped");
	ok(gpu_nvrtc_first_error("k.cu(2): catastrophic error: cannot open "
	    "source file \"cuda_fp8.h\"\r\n", buf, sizeof buf) == 0 &&
	    strcmp(buf, "k.cu:2: error: cannot open source file "
	    "\"cuda_fp8.h\"") == 0, "first error: catastrophic, CR dropped "
	    "(%s)", buf);
	ok(gpu_nvrtc_first_error("error: unrecognized option --bogus\n", buf,
	    sizeof buf) == 0 && strcmp(buf, "error: unrecognized option "
	    "--bogus") == 0, "first error: without a place (%s)", buf);
	is_int(gpu_nvrtc_first_error("k.cu(1): warning #1: w\n1 error "
	    "detected\n", buf, sizeof buf), -1,
	    "first error: none in warnings and the summary");
	is_int(gpu_nvrtc_first_error(NULL, buf, sizeof buf), -1,
	    "first error: none without a log");
	ok(gpu_nvrtc_first_error("k.cu(7): error: a\tb\n", buf, 12) == 0 &&
	    strcmp(buf, "k.cu:7: err") == 0, "first error: cut to the buffer "
	    "(%s)", buf);
}

static int
file_exists(const char *dir, const char *key, const char *ext)
{
	char		path[512];
	struct stat	st;

	snprintf(path, sizeof path, "%s/warpviz/%s.%s", dir, key, ext);
	return stat(path, &st) == 0 && st.st_size > 0;
}

/* Write len bytes of text to path; 0 or -1. */
static int
put_file(const char *path, const void *text, size_t len)
{
	FILE	*f;
	int	 ok;

	if ((f = fopen(path, "wb")) == NULL)
		return -1;
	ok = fwrite(text, 1, len, f) == len;
	return fclose(f) == 0 && ok ? 0 : -1;
}

/* The whole of a small file, NUL-terminated, in buf; its length. */
static size_t
get_file(const char *path, char *buf, size_t len)
{
	FILE	*f;
	size_t	 n;

	buf[0] = '\0';
	if ((f = fopen(path, "rb")) == NULL)
		return 0;
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
	return n;
}

/*
 * The cache trusts nothing in its folder: a symbolic link planted where an
 * entry or the old temporary file goes is neither followed to write (the
 * file it points to is unchanged) nor read; an entry planted under the
 * right name whose own key, image digest or format does not match is
 * ignored and the source compiled; a folder writable by others is not
 * used at all, said in one line.
 */
static void
test_cache_planted(const char *tmp)
{
	struct gpu_nvrtc_job	 job = { "copy.cu", catalog_source("copy.cu"),
	    "copy_offset", 80, 0 };
	struct gpu_nvrtc_image	 img;
	char			 why[256] = "", key[NVRTC_KEY_LEN];
	char			 dir[512], entry[700], victim[600], link2[800];
	char			 buf[4096], head[400], other[NVRTC_KEY_LEN];
	struct stat		 sb;
	size_t			 n;

	setenv("XDG_CACHE_HOME", tmp, 1);
	snprintf(dir, sizeof dir, "%s/warpviz", tmp);
	mkdir(dir, 0700);
	gpu_nvrtc_key(&job, gpu_nvrtc_version(), key);
	snprintf(entry, sizeof entry, "%s/%s.cubin", dir, key);
	snprintf(victim, sizeof victim, "%s/victim.txt", tmp);
	put_file(victim, "precious\n", 9);

	/* Links at the entry and at the old temporary name. */
	snprintf(link2, sizeof link2, "%s.%ld.tmp", entry, (long)getpid());
	if (symlink(victim, entry) != 0 || symlink(victim, link2) != 0) {
		ok(0, "planted symbolic links");
		return;
	}
	ok(gpu_nvrtc_compile(&job, &img, why, sizeof why) == 0 &&
	    !img.cached && img.len > 4 && memcmp(img.data, "\177ELF", 4) == 0,
	    "a link planted at the entry: not read, the source compiled%s%s",
	    *why ? ": " : "", why);
	gpu_nvrtc_image_free(&img);
	get_file(victim, buf, sizeof buf);
	is_str(buf, "precious\n", "the file the planted links point to is "
	    "not overwritten");
	ok(lstat(entry, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    (sb.st_mode & 077) == 0, "the entry is now a private regular "
	    "file in place of the link");
	ok(gpu_nvrtc_compile(&job, &img, why, sizeof why) == 0 && img.cached,
	    "and it is read back");
	gpu_nvrtc_image_free(&img);
	unlink(link2);

	/* An entry planted under the right name with another image. */
	n = get_file(entry, buf, sizeof buf);
	snprintf(head, sizeof head, "warpviz-nvrtc 2 %s %064d evil\n", key, 0);
	put_file(entry, head, strlen(head));
	ok(gpu_nvrtc_compile(&job, &img, why, sizeof why) == 0 &&
	    !img.cached && strcmp(img.lowered, "copy_offset") == 0,
	    "a planted entry whose image does not hash as it says: ignored");
	gpu_nvrtc_image_free(&img);

	/* A real entry of another job, renamed to this job's key. */
	job.arch = 75;
	gpu_nvrtc_key(&job, gpu_nvrtc_version(), other);
	ok(gpu_nvrtc_compile(&job, &img, why, sizeof why) == 0,
	    "another job's entry made (sm_75)");
	gpu_nvrtc_image_free(&img);
	snprintf(link2, sizeof link2, "%s/%s.cubin", dir, other);
	ok(rename(link2, entry) == 0, "and moved to this job's name");
	job.arch = 80;
	ok(gpu_nvrtc_compile(&job, &img, why, sizeof why) == 0 &&
	    !img.cached, "an entry whose own key is another's: ignored");
	gpu_nvrtc_image_free(&img);

	/* The old format, without key or digest. */
	snprintf(head, sizeof head, "warpviz-nvrtc 1 copy_offset\n\177ELF");
	put_file(entry, head, strlen(head));
	ok(gpu_nvrtc_compile(&job, &img, why, sizeof why) == 0 && !img.cached,
	    "an entry of the old format (no key inside): ignored");
	gpu_nvrtc_image_free(&img);
	(void)n;

	/* A folder writable by others: not used, one line says so. */
	chmod(dir, 0777);
	unlink(entry);
	ok(gpu_nvrtc_compile(&job, &img, why, sizeof why) == 0 &&
	    !img.cached && lstat(entry, &sb) != 0,
	    "a folder writable by others: compiled, nothing written there");
	gpu_nvrtc_image_free(&img);
	ok(strstr(gpu_nvrtc_cache_note(), "writable by group or others") !=
	    NULL && strchr(gpu_nvrtc_cache_note(), '\n') == NULL,
	    "and one line says why: %s", gpu_nvrtc_cache_note());
	ok(gpu_nvrtc_cache_check(why, sizeof why) == -1 &&
	    strcmp(why, gpu_nvrtc_cache_note()) == 0,
	    "gpu_nvrtc_cache_check says the same");
	chmod(dir, 0700);
	ok(gpu_nvrtc_cache_check(why, sizeof why) == 0,
	    "the folder made private again: used");
	/* The folder itself a link: refused. */
	snprintf(link2, sizeof link2, "%s/moved", tmp);
	ok(rename(dir, link2) == 0 && symlink(link2, dir) == 0 &&
	    gpu_nvrtc_cache_check(why, sizeof why) == -1 &&
	    strstr(why, "cannot be used") != NULL,
	    "a cache folder that is a symbolic link is refused: %s", why);
	unlink(dir);
	rename(link2, dir);
}

static void
test_compile(const char *tmp)
{
	struct gpu_nvrtc_job	 job = { "copy.cu", catalog_source("copy.cu"),
	    "copy_offset", 90, 0 };
	struct gpu_nvrtc_image	 img, again;
	char			 why[256] = "", key[NVRTC_KEY_LEN];
	int			 rc;

	setenv("XDG_CACHE_HOME", tmp, 1);
	if (gpu_nvrtc_open(why, sizeof why) != 0) {
		ok(1, "# SKIP no libnvrtc here: %s", why);
		return;
	}
	ok(gpu_nvrtc_version() >= 12000, "NVRTC %d.%d loaded",
	    gpu_nvrtc_version() / 1000, gpu_nvrtc_version() % 1000 / 10);
	ok(gpu_nvrtc_compile(&job, &img, why, sizeof why) == 0,
	    "copy.cu compiles for sm_90 without a GPU%s%s", *why ? ": " : "",
	    why);
	ok(img.len > 4 && memcmp(img.data, "\177ELF", 4) == 0 && !img.cached,
	    "a cubin (ELF), %zu bytes, compiled in %.0f ms", img.len, img.ms);
	is_str(img.lowered, "copy_offset", "an extern \"C\" name stays");
	gpu_nvrtc_key(&job, gpu_nvrtc_version(), key);
	ok(file_exists(tmp, key, "cubin"), "cached as %s.cubin", key);
	ok(gpu_nvrtc_compile(&job, &again, why, sizeof why) == 0 &&
	    again.cached && again.len == img.len &&
	    memcmp(again.data, img.data, img.len) == 0 &&
	    strcmp(again.lowered, "copy_offset") == 0,
	    "the second time from the cache, the same image (%.1f ms)",
	    again.ms);
	gpu_nvrtc_image_free(&img);
	gpu_nvrtc_image_free(&again);

	/* The 2-hop kernels include <math.h> for HUGE_VALF. */
	job.name = "twohop.cu";
	job.text = catalog_source("twohop.cu");
	job.kernel = "twohop_v3";
	job.arch = 75;
	job.ptx = 1;
	ok(gpu_nvrtc_compile(&job, &img, why, sizeof why) == 0 &&
	    strstr((char *)img.data, ".entry twohop_v3") != NULL &&
	    strstr((char *)img.data, ".shared") != NULL,
	    "twohop.cu's V3 compiles to PTX for compute_75, shared arrays "
	    "and all%s%s", *why ? ": " : "", why);
	gpu_nvrtc_image_free(&img);

	/* A user's kernel in C++: its name is mangled. */
	job.name = "user.cu";
	job.text = "__global__ void scale(float *a, int n)\n"
	    "{\n\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	    "\tif (i < n)\n\t\ta[i] *= 2;\n}\n";
	job.kernel = "scale";
	job.arch = 90;
	job.ptx = 0;
	ok(gpu_nvrtc_compile(&job, &img, why, sizeof why) == 0 &&
	    strcmp(img.lowered, "_Z5scalePfi") == 0,
	    "a C++ kernel's name as the cubin has it (%s)", img.lowered);
	gpu_nvrtc_image_free(&img);

	/* A compile error: the compiler's first error with its line. */
	job.text = "__global__ void scale(float *a, int n)\n"
	    "{\n\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	    "\tif (i < nn)\n\t\ta[i] *= 2;\n}\n";
	is_int(gpu_nvrtc_compile(&job, &img, why, sizeof why), -1,
	    "an undefined name does not compile");
	is_str(why, "user.cu:4: error: identifier \"nn\" is undefined",
	    "the first error, FILE:LINE");
	job.text = "__global__ void other(void) {}\n";
	ok(gpu_nvrtc_compile(&job, &img, why, sizeof why) == -1 &&
	    strcmp(why, "user.cu: no __global__ function scale") == 0,
	    "a file without the kernel: %s", why);
	job.arch = 10;
	ok(gpu_nvrtc_compile(&job, &img, why, sizeof why) == -1 &&
	    strchr(why, '\n') == NULL, "an architecture older than NVRTC "
	    "knows: %s", why);
	/* A GPU newer than NVRTC: PTX of the newest it knows. */
	job.text = USER_SOURCE;
	job.arch = 990;
	rc = gpu_nvrtc_compile(&job, &img, why, sizeof why);
	ok(rc == 0 && img.ptx_for >= 90 && img.ptx_for < 990 &&
	    strstr((char *)img.data, ".entry _Z5scalePfi") != NULL,
	    "sm_990, newer than NVRTC: PTX for compute_%d", img.ptx_for);
	gpu_nvrtc_image_free(&img);
}

/* Every catalog kernel compiles with NVRTC as it does with nvcc, so
 * WARPVIZ_NVRTC=1 on a GPU fails only where the GPU disagrees. */
static void
test_catalog(void)
{
	struct gpu_nvrtc_job	 job;
	struct gpu_nvrtc_image	 img;
	struct param_set	 ps;
	const char		*kwhy;
	char			 why[256], kbuf[48];
	int			 i;

	for (i = 0; catalog[i] != NULL; i++) {
		param_defaults(&ps, catalog[i]);
		memset(&job, 0, sizeof job);
		job.name = catalog[i]->source;
		job.text = catalog_source(catalog[i]->source);
		job.kernel = gpu_run_kernel(&ps, kbuf, sizeof kbuf, &kwhy);
		job.arch = 90;
		job.ptx = 0;
		why[0] = '\0';
		ok(job.kernel != NULL && gpu_nvrtc_compile(&job, &img, why,
		    sizeof why) == 0 && strcmp(img.lowered, job.kernel) == 0,
		    "%s: %s compiles with NVRTC for sm_90%s%s", catalog[i]->name,
		    job.kernel ? job.kernel : "?", *why ? ": " : "", why);
		gpu_nvrtc_image_free(&img);
	}
}

/* gpu_run on a user's file, through the stand-in backend. */
static void
test_run(void)
{
	struct gpu_result	 res;
	struct gpu_record	*rec;
	FILE			*f;
	char			 buf[4096];
	size_t			 n;

	gpu_run_set_arch(90);
	run_user(&user, &res);
	ok(res.status == RESULT_TIMED && res.ms == 1.5 && res.checked == 0,
	    "a user's kernel without a reference: timed, not verified "
	    "(status %d, %s)", res.status, res.error);
	ok(strncmp(fake_kernel, "#7:_Z5scalePfi", 14) == 0 && res.compiled,
	    "launched from the compiled module by its C++ name (%s)",
	    fake_kernel);
	is_str(gpu_results_status(res.status), "timed",
	    "bench --json calls it timed");
	rec = calloc(1, sizeof *rec);
	rec->results[rec->n++] = res;
	if ((f = tmpfile()) != NULL) {
		gpu_results_write(f, rec);
		rewind(f);
		n = fread(buf, 1, sizeof buf - 1, f);
		buf[n] = '\0';
		fclose(f);
		ok(strstr(buf, "\"status\": \"timed\"") != NULL,
		    "and writes it so");
	}
	free(rec);
	run_user(&user, &res);
	ok(res.status == RESULT_TIMED && res.compiled == 2 &&
	    fake_modules == 1, "run again: the module is reused, not "
	    "compiled or loaded twice");
	/* Itanium mangling of scale<float, 1000>(float *, int): _Z 5scale,
	   template arguments I f (float) Li1000E (int 1000) E, return v,
	   parameters PT_ (pointer to the first template parameter) i. */
	run_user(&user_tmpl, &res);
	ok(res.status == RESULT_TIMED &&
	    strcmp(fake_kernel, "#8:_Z5scaleIfLi1000EEvPT_i") == 0,
	    "a template kernel: the instance its lines name is compiled and "
	    "launched (%s%s%s)", fake_kernel, *res.error ? ": " : "",
	    res.error);
	run_user(&user_bad, &res);
	ok(res.status == RESULT_ERROR && strcmp(res.error, "user.cu:3: error: "
	    "identifier \"q\" is undefined") == 0 && fake_kernel[0] == '\0' &&
	    res.compiled == -1,
	    "a compile error: the first error with its line, nothing launched "
	    "(%s)", res.error);
}

int
main(void)
{
	char	tmp[] = "/tmp/wv-nvrtc.XXXXXX";
	char	cmd[128];

	test_no_nvrtc();
	test_key();
	test_cache_dir();
	test_first_error();
	if (mkdtemp(tmp) == NULL)
		return 1;
	test_compile(tmp);
	if (gpu_nvrtc_version() != 0) {
		test_cache_planted(tmp);
		test_catalog();
		test_run();
	}
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	if (system(cmd) != 0)
		diag("could not remove %s", tmp);
	return tap_done();
}
