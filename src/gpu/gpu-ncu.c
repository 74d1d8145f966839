/* SPDX-License-Identifier: ISC
 * gpu-ncu.c - runs warpviz under Nsight Compute and reads the counters
 * (see gpu-ncu.h).  The parser trusts nothing: lines are bounded, fields
 * are cut at a fixed size, numbers are read in the "C" locale and bounded
 * to what a launch can report, and every word echoed goes through
 * safestr.  The runner builds all it needs before fork, so the child only
 * calls what is safe between fork and exec in a threaded program.
 */
#include "config.h"

#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu-ncu.h"
#include "gpu-ncu-csv.h"
#include "safestr.h"
#include "xmalloc.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

#define NCU_FIELD	256	/* bytes kept of a CSV field */
#define NCU_FIELDS	32	/* fields read of a row */
#define NCU_COUNT_MAX	1e15	/* requests, sectors, bytes of one launch */

enum ncu_field {
	F_REQ, F_SEC, F_WAVE, F_L1, F_L2, F_DRAM_R, F_DRAM_W, F_NS
};

static const struct {
	const char	*name;
	int		 kind;		/* enum measured_kind, or -1 */
	enum ncu_field	 field;
} ncu_table[] = {
	{ "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
	    MEASURED_GLOBAL_LD, F_REQ },
	{ "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
	    MEASURED_GLOBAL_LD, F_SEC },
	{ "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
	    MEASURED_GLOBAL_ST, F_REQ },
	{ "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
	    MEASURED_GLOBAL_ST, F_SEC },
	{ "smsp__sass_inst_executed_op_shared_ld.sum",
	    MEASURED_SHARED_LD, F_REQ },
	{ "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
	    MEASURED_SHARED_LD, F_WAVE },
	{ "smsp__sass_inst_executed_op_shared_st.sum",
	    MEASURED_SHARED_ST, F_REQ },
	{ "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
	    MEASURED_SHARED_ST, F_WAVE },
	{ "l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum",
	    MEASURED_LOCAL_LD, F_REQ },
	{ "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum",
	    MEASURED_LOCAL_LD, F_SEC },
	{ "l1tex__t_requests_pipe_lsu_mem_local_op_st.sum",
	    MEASURED_LOCAL_ST, F_REQ },
	{ "l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum",
	    MEASURED_LOCAL_ST, F_SEC },
	{ "l1tex__t_sector_hit_rate.pct", -1, F_L1 },
	{ "lts__t_sector_hit_rate.pct", -1, F_L2 },
	{ "dram__bytes_read.sum", -1, F_DRAM_R },
	{ "dram__bytes_write.sum", -1, F_DRAM_W },
	{ "gpu__time_duration.sum", -1, F_NS },
};
#define NCU_NMETRICS	(sizeof ncu_table / sizeof ncu_table[0])

const char *
ncu_metrics(void)
{
	static char	list[1024];
	size_t		i, used = 0;

	if (list[0] == '\0')
		for (i = 0; i < NCU_NMETRICS && used < sizeof list; i++)
			used += snprintf(list + used, sizeof list - used,
			    "%s%s", i ? "," : "", ncu_table[i].name);
	return list;
}

static int
csv_split(const char *p, const char *end, char f[][NCU_FIELD])
{
	return ncu_csv_split(p, end, &f[0][0], NCU_FIELDS, NCU_FIELD);
}

/* Scale of a unit: ncu prefixes K, M, G, T (decimal) on byte, sector,
   inst ...; times to nanoseconds.  0 for a unit not understood. */
static double
unit_scale(const char *u, enum ncu_field field)
{
	/* Long names, and --print-units base's short ones (ncu 2025.3). */
	static const char	*times[] = { "nsecond", "usecond", "msecond",
	    "second", "ns", "us", "ms", "s" };
	static const double	 tscale[] = { 1, 1e3, 1e6, 1e9, 1, 1e3, 1e6, 1e9 };
	size_t			 i;

	if (field == F_L1 || field == F_L2)
		return strcmp(u, "%") == 0 || u[0] == '\0' ? 1 : 0;
	if (field == F_NS) {
		for (i = 0; i < sizeof times / sizeof times[0]; i++)
			if (strcmp(u, times[i]) == 0)
				return tscale[i];
		return 0;
	}
	if (u[0] == '\0' || (u[0] >= 'a' && u[0] <= 'z'))
		return 1;
	if (u[1] < 'a' || u[1] > 'z')
		return 0;
	switch (u[0]) {
	case 'K':
		return 1e3;
	case 'M':
		return 1e6;
	case 'G':
		return 1e9;
	case 'T':
		return 1e12;
	}
	return 0;
}


/* Column numbers of ncu's header row; -1 where absent. */
struct ncu_cols {
	int	id, kernel, name, unit, value;
};

static void
ncu_header(struct ncu_cols *c, char f[][NCU_FIELD], int nf)
{
	int	i;

	c->id = c->kernel = c->name = c->unit = c->value = -1;
	for (i = 0; i < nf; i++) {
		if (strcmp(f[i], "ID") == 0)
			c->id = i;
		else if (strcmp(f[i], "Kernel Name") == 0)
			c->kernel = i;
		else if (strcmp(f[i], "Metric Name") == 0)
			c->name = i;
		else if (strcmp(f[i], "Metric Unit") == 0)
			c->unit = i;
		else if (strcmp(f[i], "Metric Value") == 0)
			c->value = i;
	}
}

/*
 * One metric row into *m; seen[] gathers which fields each kind has.
 * 0 (also for a metric not asked for, or "n/a"), or -1 with why.
 */
static int
ncu_take(struct measured *m, unsigned seen[], const char *name,
    const char *unit, const char *value, char *why, size_t whylen)
{
	enum ncu_field	f;
	double		v, scale, max;
	size_t		i;
	char		safe[96];

	for (i = 0; i < NCU_NMETRICS; i++)
		if (strcmp(name, ncu_table[i].name) == 0)
			break;
	if (i == NCU_NMETRICS || (v = ncu_number(value)) < 0)
		return 0;
	f = ncu_table[i].field;
	safestr_copy(safe, sizeof safe, unit);
	if ((scale = unit_scale(unit, f)) == 0) {
		snprintf(why, whylen, "ncu's %s is in '%s', a unit warpviz "
		    "does not know", name, safe);
		return -1;
	}
	v *= scale;
	max = f == F_L1 || f == F_L2 ? MEASURED_RATE_MAX : NCU_COUNT_MAX;
	if (v > max) {
		snprintf(why, whylen, "ncu's %s is %.6g, more than a launch "
		    "can have (%g)", name, v, max);
		return -1;
	}
	m->valid = 1;
	switch (f) {
	case F_REQ:
		m->kind[ncu_table[i].kind].requests = llround(v);
		break;
	case F_SEC:
		m->kind[ncu_table[i].kind].sectors = llround(v);
		break;
	case F_WAVE:
		m->kind[ncu_table[i].kind].wavefronts = llround(v);
		break;
	case F_L1:
		m->l1_hit = v;
		m->have |= MEASURED_L1;
		break;
	case F_L2:
		m->l2_hit = v;
		m->have |= MEASURED_L2;
		break;
	case F_DRAM_R:
		m->dram_read = v;
		m->have |= seen[MEASURED_NKINDS] & 2 ? MEASURED_DRAM : 0;
		seen[MEASURED_NKINDS] |= 1;
		break;
	case F_DRAM_W:
		m->dram_write = v;
		m->have |= seen[MEASURED_NKINDS] & 1 ? MEASURED_DRAM : 0;
		seen[MEASURED_NKINDS] |= 2;
		break;
	case F_NS:
		m->ns = v;
		m->have |= MEASURED_TIME;
		break;
	}
	if (ncu_table[i].kind >= 0)
		seen[ncu_table[i].kind] |= 1u << f;
	return 0;
}

/* The first line of buf that starts with prefix, safe, into out. */
static int
ncu_line(const char *buf, size_t len, const char *prefix, char *out,
    size_t outlen)
{
	const char	*p = buf, *end = buf + len, *eol;
	char		 line[512];
	size_t		 n, plen = strlen(prefix);

	for (; p < end; p = eol + 1) {
		if ((eol = memchr(p, '\n', end - p)) == NULL)
			eol = end;
		n = eol - p;
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (n < plen || memcmp(p, prefix, plen) != 0)
			continue;
		n -= plen;
		if (n >= sizeof line)
			n = sizeof line - 1;
		memcpy(line, p + plen, n);
		line[n] = '\0';
		safestr_copy(out, outlen, line);
		return 1;
	}
	return 0;
}

/* Why there are no counters, from the lines around them. */
static enum ncu_status
ncu_why(const char *buf, size_t len, char *why, size_t whylen)
{
	char	line[400];

	if (ncu_line(buf, len, "warpviz: bench: ", line, sizeof line)) {
		snprintf(why, whylen, "no GPU to count on: %s; on a machine "
		    "without one, --results h100 shows recorded counters",
		    line);
		return NCU_NO_GPU;
	}
	if (ncu_line(buf, len, "==ERROR== ", line, sizeof line))
		snprintf(why, whylen, "ncu: %s", line);
	else
		snprintf(why, whylen, "ncu printed no counters for the launch "
		    "(was a kernel profiled? try the command by hand)");
	return NCU_FAILED;
}

/* The rows of one launch (the first ID met) into *m; -1 with why. */
static int
ncu_rows(const char *buf, size_t len, struct measured *m, unsigned seen[],
    char *why, size_t whylen)
{
	static char	 f[NCU_FIELDS][NCU_FIELD];
	struct ncu_cols	 c = { -1, -1, -1, -1, -1 };
	const char	*p = buf, *end = buf + len, *eol;
	char		 id[NCU_FIELD] = "";
	int		 nf, header = 0;

	for (; p < end; p = eol + 1) {
		if ((eol = memchr(p, '\n', end - p)) == NULL)
			eol = end;
		if (*p != '"')
			continue;
		nf = csv_split(p, eol > p && eol[-1] == '\r' ? eol - 1 : eol,
		    f);
		if (!header) {
			ncu_header(&c, f, nf);
			header = c.name >= 0 && c.value >= 0;
			continue;
		}
		if (nf <= c.name || nf <= c.value)
			continue;
		if (c.id >= 0 && c.id < nf) {
			if (id[0] == '\0')
				memcpy(id, f[c.id], sizeof id);
			else if (strcmp(id, f[c.id]) != 0)
				continue;	/* another launch */
		}
		if (c.kernel >= 0 && c.kernel < nf && m->kernel[0] == '\0')
			safestr_copy(m->kernel, sizeof m->kernel, f[c.kernel]);
		if (ncu_take(m, seen, f[c.name], c.unit >= 0 && c.unit < nf ?
		    f[c.unit] : "", f[c.value], why, whylen) != 0)
			return -1;
	}
	return 0;
}

enum ncu_status
ncu_parse(const char *buf, size_t len, struct measured *m, char *why,
    size_t whylen)
{
	unsigned	seen[MEASURED_NKINDS + 1];
	int		k;

	memset(m, 0, sizeof *m);
	memset(seen, 0, sizeof seen);
	why[0] = '\0';
	if (memmem(buf, len, "ERR_NVGPUCTRPERM", 16) != NULL) {
		snprintf(why, whylen, "no permission to read the GPU's "
		    "counters (ERR_NVGPUCTRPERM): run as root, or set the "
		    "NVIDIA driver's RmProfilingAdminOnly=0 (modprobe option "
		    "NVreg_RestrictProfilingToAdminUsers=0); see NVIDIA's page "
		    "\"ERR_NVGPUCTRPERM: Permission issue with Performance "
		    "Counters\"");
		return NCU_NO_PERM;
	}
	if (ncu_rows(buf, len, m, seen, why, whylen) != 0) {
		memset(m, 0, sizeof *m);
		return NCU_FAILED;
	}
	for (k = 0; k < MEASURED_NKINDS; k++)
		m->kind[k].have = (seen[k] & (1u << F_REQ)) &&
		    (seen[k] & (1u << (measured_kind_shared(k) ? F_WAVE :
		    F_SEC)));
	if (!m->valid) {
		memset(m, 0, sizeof *m);
		return ncu_why(buf, len, why, whylen);
	}
	return NCU_OK;
}

int
ncu_find(char *buf, size_t len)
{
	const char	*env = getenv("WARPVIZ_NCU"), *path, *p, *colon;
	size_t		 n;

	if (env != NULL && *env != '\0') {
		if (access(env, X_OK) == 0) {
			snprintf(buf, len, "%s", env);
			return 0;
		}
		snprintf(buf, len, "no Nsight Compute: WARPVIZ_NCU=%.200s is "
		    "not an executable file", env);
		return -1;
	}
	path = getenv("PATH");
	for (p = path; p != NULL && *p != '\0'; p = colon + 1) {
		if ((colon = strchr(p, ':')) == NULL)
			colon = p + strlen(p);
		n = colon - p;
		if (n > 0 && (size_t)snprintf(buf, len, "%.*s/ncu", (int)n, p) <
		    len && access(buf, X_OK) == 0)
			return 0;
		if (*colon == '\0')
			break;
	}
	snprintf(buf, len, "/usr/local/cuda/bin/ncu");
	if (access(buf, X_OK) == 0)
		return 0;
	snprintf(buf, len, "no Nsight Compute: ncu is not on PATH nor in "
	    "/usr/local/cuda/bin; install it (the CUDA toolkit's "
	    "nsight-compute) or set WARPVIZ_NCU to its path");
	return -1;
}

/* Read fd to its end, keeping up to NCU_OUTPUT_MAX bytes. */
static char *
ncu_drain(int fd, size_t *lenp)
{
	char	*buf = xmalloc(NCU_OUTPUT_MAX), sink[4096];
	size_t	 len = 0;
	ssize_t	 got;

	for (;;) {
		if (len < NCU_OUTPUT_MAX)
			got = read(fd, buf + len, NCU_OUTPUT_MAX - len);
		else
			got = read(fd, sink, sizeof sink);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		if (len < NCU_OUTPUT_MAX)
			len += got;
	}
	*lenp = len;
	return buf;
}

/* The child ncu_run waits for, or 0; ncu_cancel ends it. */
static volatile pid_t	ncu_child;

void
ncu_cancel(void)
{
	pid_t	pid = ncu_child;

	if (pid > 0)
		kill(pid, SIGTERM);
}

/*
 * Run ncu with argv (argv[0] the ncu found); its output, up to
 * NCU_OUTPUT_MAX bytes, in a buffer to free, or NULL with why.
 */
static char *
ncu_exec(char *const argv[], size_t *lenp, char *why, size_t whylen)
{
	char	*buf;
	pid_t	 pid;
	int	 fds[2], null, st;

	/* Close-on-exec: a fork on another thread must not hold the pipe
	   open (its reader would never see the end); dup2 clears it. */
	if (pipe2(fds, O_CLOEXEC) != 0 ||
	    (null = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0) {
		snprintf(why, whylen, "ncu: %s", strerror(errno));
		return NULL;
	}
	if ((pid = fork()) == 0) {
		dup2(null, STDIN_FILENO);
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		close(fds[1]);
		close(null);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	close(null);
	ncu_child = pid;
	if (pid < 0) {
		close(fds[0]);
		snprintf(why, whylen, "ncu: fork: %s", strerror(errno));
		return NULL;
	}
	buf = ncu_drain(fds[0], lenp);
	close(fds[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	ncu_child = 0;
	return buf;
}

/* The second run: the source page of the same launch into m->line[]. */
static void
ncu_run_source(char *ncu, char *self, const char *spec, const char *file,
    struct measured *m)
{
	char	*argv[] = { ncu, "--csv", "--page", "source",
	    "--print-source", "cuda,sass", "--section", "SourceCounters",
	    "--launch-count", "1", self, "bench", "--once", (char *)spec,
	    NULL };
	char	*buf;
	size_t	 len;

	buf = ncu_exec(argv, &len, m->lines_why, sizeof m->lines_why);
	if (buf == NULL)
		return;
	if (ncu_source_parse(buf, len, file, m, m->lines_why,
	    sizeof m->lines_why) == 0)
		m->lines_why[0] = '\0';
	free(buf);
}

enum ncu_status
ncu_run(const char *spec, const char *file, struct measured *m, char *why,
    size_t whylen)
{
	char		 ncu[PATH_MAX], self[PATH_MAX], *buf;
	char		*argv[] = { ncu, "--csv", "--print-units", "base",
	    "--metrics", (char *)ncu_metrics(), "--launch-count", "1", self,
	    "bench", "--once", (char *)spec, NULL };
	size_t		 len;
	ssize_t		 n;
	enum ncu_status	 rc;

	memset(m, 0, sizeof *m);
	if (ncu_find(ncu, sizeof ncu) != 0) {
		snprintf(why, whylen, "%s", ncu);
		return NCU_MISSING;
	}
	if ((n = readlink("/proc/self/exe", self, sizeof self - 1)) <= 0) {
		snprintf(why, whylen, "cannot find this program to run under "
		    "ncu (/proc/self/exe)");
		return NCU_FAILED;
	}
	self[n] = '\0';
	if ((buf = ncu_exec(argv, &len, why, whylen)) == NULL)
		return NCU_FAILED;
	rc = ncu_parse(buf, len, m, why, whylen);
	free(buf);
	if (rc == NCU_OK && file != NULL)
		ncu_run_source(ncu, self, spec, file, m);
	return rc;
}
