/* SPDX-License-Identifier: ISC
 * gpu-isa.c - the listings of gpu-isa.h.  NVRTC through gpu-nvrtc.c (its
 * cache included); nvdisasm run as a child with the cubin in a private
 * temporary file, its output read through a pipe up to a bound.
 */
#include "config.h"

#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "gpu-isa.h"
#include "gpu-nvrtc.h"
#include "gpu-run.h"
#include "gpu-tmpl.h"
#include "isa.h"
#include "variant.h"

#define ISA_OUT_MAX	(64 << 20)

const char *
gpu_isa_file(const struct variant *v)
{
	return v->source != NULL ? v->source : v->name;
}

const char *
gpu_isa_kernel(const struct param_set *ps, char *buf, size_t len)
{
	const char	*why, *k;

	if ((k = gpu_run_kernel(ps, buf, len, &why)) == NULL)
		k = ps->v->kernel;
	return k;
}

const char *
gpu_isa_nvdisasm(void)
{
	static char	 found[4096];
	const char	*dirs[3], *path = getenv("PATH"), *p, *q;
	int		 i;

	if (found[0] != '\0')
		return found;
	for (p = path; p != NULL && *p != '\0'; p = *q ? q + 1 : q) {
		q = p + strcspn(p, ":");
		if (q > p && *p == '/') {
			snprintf(found, sizeof found, "%.*s/nvdisasm",
			    (int)(q - p), p);
			if (access(found, X_OK) == 0)
				return found;
		}
	}
	dirs[0] = getenv("CUDA_HOME");
	dirs[1] = getenv("CUDA_PATH");
	dirs[2] = "/usr/local/cuda";
	for (i = 0; i < 3; i++) {
		if (dirs[i] == NULL || *dirs[i] != '/')
			continue;
		snprintf(found, sizeof found, "%s/bin/nvdisasm", dirs[i]);
		if (access(found, X_OK) == 0)
			return found;
	}
	found[0] = '\0';
	return NULL;
}

/* Run `nvdisasm -g -c cubin`: its output, or NULL with why. */
static char *
disassemble(const char *tool, const char *cubin, size_t *len, char *why,
    size_t wlen)
{
	char	*buf = NULL;
	size_t	 n = 0, cap = 0;
	ssize_t	 got;
	pid_t	 pid;
	int	 fd[2], status;

	if (pipe(fd) != 0) {
		snprintf(why, wlen, "nvdisasm: %s", strerror(errno));
		return NULL;
	}
	if ((pid = fork()) < 0) {
		close(fd[0]);
		close(fd[1]);
		snprintf(why, wlen, "nvdisasm: %s", strerror(errno));
		return NULL;
	}
	if (pid == 0) {
		dup2(fd[1], STDOUT_FILENO);
		close(fd[0]);
		close(fd[1]);
		if ((status = open("/dev/null", O_WRONLY)) >= 0)
			dup2(status, STDERR_FILENO);
		execl(tool, "nvdisasm", "-g", "-c", cubin, (char *)NULL);
		_exit(127);
	}
	close(fd[1]);
	for (;;) {
		if (n + 65536 + 1 > cap) {
			cap = cap ? cap * 2 : 1 << 20;
			buf = realloc(buf, cap);
			if (buf == NULL)
				break;
		}
		got = read(fd[0], buf + n, cap - n - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0 || (n += (size_t)got) > ISA_OUT_MAX)
			break;
	}
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (buf == NULL || n > ISA_OUT_MAX || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0) {
		snprintf(why, wlen, "nvdisasm %s", buf == NULL ? "ran out of "
		    "memory" : n > ISA_OUT_MAX ? "wrote too much" :
		    "failed on NVRTC's cubin");
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* The cubin written to a private temporary file, disassembled. */
static char *
sass_of(const struct gpu_nvrtc_image *img, size_t *len, char *why,
    size_t wlen)
{
	const char	*tool = gpu_isa_nvdisasm(), *tmp = getenv("TMPDIR");
	char		 path[4096], *out;
	int		 fd, ok;

	if (tool == NULL) {
		snprintf(why, wlen, "no nvdisasm (the CUDA toolkit's "
		    "disassembler) on PATH or under $CUDA_HOME/bin");
		return NULL;
	}
	snprintf(path, sizeof path, "%s/warpviz-XXXXXX",
	    tmp != NULL && *tmp == '/' ? tmp : "/tmp");
	if ((fd = mkstemp(path)) < 0) {
		snprintf(why, wlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	ok = write(fd, img->data, img->len) == (ssize_t)img->len;
	ok = close(fd) == 0 && ok;
	out = ok ? disassemble(tool, path, len, why, wlen) : NULL;
	if (!ok)
		snprintf(why, wlen, "%s: %s", path, strerror(errno));
	unlink(path);
	return out;
}

int
gpu_isa_listing(const struct param_set *ps, int sm, int sass, char **text,
    size_t *len, char *func, size_t flen, char *why, size_t wlen)
{
	const struct variant	*v = ps->v;
	struct gpu_nvrtc_job	 job;
	struct gpu_nvrtc_image	 img;
	char			 kbuf[160], expr[300], twhy[256];

	memset(&job, 0, sizeof job);
	job.name = gpu_isa_file(v);
	job.text = v->live.text != NULL ? v->live.text : v->text != NULL ?
	    v->text : catalog_source(v->source);
	job.kernel = gpu_isa_kernel(ps, kbuf, sizeof kbuf);
	/* A template kernel: the instance the parameters name. */
	if (job.text != NULL && job.kernel != NULL) {
		if (gpu_tmpl_expr(job.text, job.kernel, ps, expr, sizeof expr,
		    twhy, sizeof twhy) != 0) {
			snprintf(why, wlen, "%s: %s", job.name, twhy);
			return -1;
		}
		job.kernel = expr;
	}
	job.arch = sm;
	job.ptx = !sass;
	job.lineinfo = 1;
	if (job.text == NULL || job.kernel == NULL) {
		snprintf(why, wlen, "%s: no source to compile", v->name);
		return -1;
	}
	if (gpu_nvrtc_open(why, wlen) != 0)
		return -1;
	if (gpu_nvrtc_compile(&job, &img, why, wlen) != 0)
		return -1;
	if (img.ptx_for != 0 && sass) {
		gpu_nvrtc_image_free(&img);
		snprintf(why, wlen, "this NVRTC cannot compile for sm_%d", sm);
		return -1;
	}
	snprintf(func, flen, "%s", img.lowered);
	if (!sass) {
		*text = (char *)img.data;
		*len = img.len;
		return 0;
	}
	*text = sass_of(&img, len, why, wlen);
	gpu_nvrtc_image_free(&img);
	return *text != NULL ? 0 : -1;
}

/* One kind of listing read: 0, or -1 with why. */
static int
read_kind(const struct param_set *ps, int sm, int sass, struct isa_func *f,
    char *why, size_t wlen)
{
	char	*text = NULL, *cause = NULL, func[256];
	size_t	 len = 0;
	int	 rc;

	if (gpu_isa_listing(ps, sm, sass, &text, &len, func, sizeof func, why,
	    wlen) != 0)
		return -1;
	rc = isa_read(sass ? ISA_SASS : ISA_PTX, text, len, func,
	    gpu_isa_file(ps->v), f, &cause);
	free(text);
	if (rc != 0) {
		snprintf(why, wlen, "%s", cause);
		free(cause);
		return -1;
	}
	if (f->lines == 0) {
		snprintf(why, wlen, "the %s of %s has no line information",
		    isa_kind_name(f->kind), f->name);
		isa_free(f);
		return -1;
	}
	return 0;
}

int
gpu_isa_read(const struct param_set *ps, int sm, struct isa_func *f,
    char *why, size_t wlen)
{
	/* SASS is what runs; PTX when nvdisasm is missing or its listing
	   does not read (decided_by then says ptx). */
	if (gpu_isa_nvdisasm() != NULL && read_kind(ps, sm, 1, f, why,
	    wlen) == 0)
		return 0;
	return read_kind(ps, sm, 0, f, why, wlen);
}
