/* SPDX-License-Identifier: ISC
 * gpu-results.c - bench's JSON record, written and read back (see
 * gpu-results.h).  The reader is a small recursive-descent parser for the
 * JSON subset the writer produces (objects, arrays, strings, numbers,
 * true/false/null); unknown keys are skipped so later writers stay
 * readable.
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gpu-results.h"
#include "cause.h"
#include "jsonstr.h"
#include "xmalloc.h"

static const char *status_names[] = { "none", "ok", "mismatch", "error",
    "timed" };

const char *
gpu_results_status(int s)
{
	if (s < 0 || s > RESULT_TIMED)
		return "none";
	return status_names[s];
}

void
gpu_results_device(struct gpu_record *rec, const struct gpu_device *d)
{
	time_t		now = time(NULL);
	struct tm	tm;

	snprintf(rec->gpu, sizeof rec->gpu, "%s", d->name);
	snprintf(rec->driver, sizeof rec->driver, "%d.%d", d->driver / 1000,
	    d->driver % 1000 / 10);
	snprintf(rec->cc, sizeof rec->cc, "%d.%d", d->cc_major, d->cc_minor);
	gmtime_r(&now, &tm);
	strftime(rec->date, sizeof rec->date, "%Y-%m-%d", &tm);
}

/* A result's "counters" object (ncu's, per launch and per space). */
static void
write_counters(FILE *f, const struct measured *m)
{
	const struct measured_count	*c;
	int				 k;

	fputs(", \"counters\": {\"tool\": \"ncu\", \"kernel\": ", f);
	jsonstr_write(f, m->kernel);
	if (m->have & MEASURED_L1)
		fprintf(f, ", \"l1_hit_pct\": %.2f", m->l1_hit);
	if (m->have & MEASURED_L2)
		fprintf(f, ", \"l2_hit_pct\": %.2f", m->l2_hit);
	if (m->have & MEASURED_DRAM)
		fprintf(f, ", \"dram_read_bytes\": %.0f, "
		    "\"dram_write_bytes\": %.0f", m->dram_read, m->dram_write);
	if (m->have & MEASURED_TIME)
		fprintf(f, ", \"ns\": %.0f", m->ns);
	for (k = 0; k < MEASURED_NKINDS; k++) {
		c = &m->kind[k];
		if (!c->have)
			continue;
		fprintf(f, ", \"%s\": {\"requests\": %lld, \"%s\": %lld}",
		    measured_kind_key(k), (long long)c->requests,
		    measured_kind_shared(k) ? "wavefronts" : "sectors",
		    (long long)(measured_kind_shared(k) ? c->wavefronts :
		    c->sectors));
	}
	fputc('}', f);
}

void
gpu_results_write(FILE *f, const struct gpu_record *rec)
{
	int	i;

	fputs("{\"gpu\": ", f);
	jsonstr_write(f, rec->gpu);
	fputs(", \"driver\": ", f);
	jsonstr_write(f, rec->driver);
	fputs(", \"cc\": ", f);
	jsonstr_write(f, rec->cc);
	fputs(", \"date\": ", f);
	jsonstr_write(f, rec->date);
	fprintf(f, ", \"memcpy_gbps\": %.1f,\n \"results\": [", rec->memcpy_gbps);
	for (i = 0; i < rec->n; i++) {
		const struct gpu_result *r = &rec->results[i];

		fprintf(f, "%s\n  {\"variant\": ", i ? "," : "");
		jsonstr_write(f, r->variant);
		fputs(", \"params\": ", f);
		jsonstr_write(f, r->params);
		fputs(", \"kernel\": ", f);
		jsonstr_write(f, r->kernel);
		if (r->source[0] != '\0')
			fprintf(f, ", \"source_sha256\": \"%s\"", r->source);
		fprintf(f, ", \"origin\": \"%s\"", r->file ? "file" :
		    "catalog");
		fprintf(f, ", \"status\": \"%s\", \"error\": ",
		    gpu_results_status(r->status));
		jsonstr_write(f, r->error);
		fprintf(f, ", \"ms\": %.6f, \"runs\": %d, \"bytes\": %.0f, "
		    "\"gbps\": %.1f, \"checked\": %ld, \"regs\": %d, "
		    "\"blocks_per_sm\": %d, \"threads\": %d", r->ms, r->runs,
		    r->bytes, r->gbps, r->checked, r->regs, r->blocks_per_sm,
		    r->threads);
		if (r->counters.valid)
			write_counters(f, &r->counters);
		fputc('}', f);
	}
	fputs("\n]}\n", f);
}

/* --- reader --- */

/*
 * The reader trusts nothing: a file of at most RESULTS_FILE_MAX bytes,
 * regular, text without NUL bytes, one object and nothing after it; JSON
 * numbers by the JSON grammar, converted in the "C" locale whatever the
 * user's LC_NUMERIC; every number bounded to what a GPU can plausibly
 * report, so nothing downstream sees NaN, infinity or an int overflow.
 */

/* Plausible bounds of each numeric key (inclusive). */
static const struct {
	const char	*key;
	double		 min, max;
	int		 whole;		/* must be a whole number */
} result_bounds[] = {
	{ "ms", 0, 1e6, 0 },			/* up to 1000 s a launch */
	{ "runs", 0, 1e6, 1 },
	{ "bytes", 0, 1e15, 0 },
	{ "gbps", 0, 1e5, 0 },			/* H100: 3350 GB/s */
	{ "checked", 0, 1e12, 1 },
	{ "regs", 0, 255, 1 },			/* per thread, any sm */
	{ "blocks_per_sm", 0, 64, 1 },		/* 32 on sm_90 */
	{ "threads", 0, 1024, 1 },		/* per block */
};

struct parser {
	const char		*p, *end;
	struct gpu_record	*rec;
	char			 err[128];
};

static int
perr(struct parser *ps, const char *fmt, ...)
{
	va_list	ap;

	if (ps->err[0] == '\0') {
		va_start(ap, fmt);
		vsnprintf(ps->err, sizeof ps->err, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* The byte at p, or '\0' at the end (the buffer holds no NUL bytes). */
static int
peek(const struct parser *ps)
{
	return ps->p < ps->end ? (unsigned char)*ps->p : '\0';
}

static void
skip_ws(struct parser *ps)
{
	while (peek(ps) == ' ' || peek(ps) == '\t' || peek(ps) == '\n' ||
	    peek(ps) == '\r')
		ps->p++;
}

static int
hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int
parse_string(struct parser *ps, char *out, size_t len)
{
	size_t		n = 0;
	unsigned	u;
	int		c, i, d;

	skip_ws(ps);
	if (peek(ps) != '"')
		return perr(ps, "a string was expected");
	for (ps->p++; (c = peek(ps)) != '"'; ps->p++) {
		if (c == '\0')
			return perr(ps, "unterminated string");
		if (c == '\\') {
			ps->p++;
			switch (c = peek(ps)) {
			case 'n':
				c = '\n';
				break;
			case 't':
				c = '\t';
				break;
			case 'r':
				c = '\r';
				break;
			case 'b':
				c = '\b';
				break;
			case 'f':
				c = '\f';
				break;
			case '"':
			case '\\':
			case '/':
				break;
			case 'u':
				for (u = 0, i = 1; i <= 4; i++) {
					if (ps->end - ps->p <= i ||
					    (d = hex_digit((unsigned char)
					    ps->p[i])) < 0)
						return perr(ps, "bad \\u escape "
						    "(four hex digits)");
					u = u * 16 + d;
				}
				c = u > 0 && u < 0x80 ? (int)u : '?';
				ps->p += 4;
				break;
			case '\0':
				return perr(ps, "unterminated string");
			default:
				return perr(ps, "bad escape \\%c", c);
			}
		}
		if (n + 1 < len)
			out[n++] = (char)c;
	}
	ps->p++;
	if (len > 0)
		out[n] = '\0';
	return 0;
}

/* A JSON number (RFC 8259 grammar), converted in the "C" locale. */
static int
parse_number(struct parser *ps, double *v)
{
	const char	*s, *q;
	char		 buf[64];
	locale_t	 c, old;

	skip_ws(ps);
	s = q = ps->p;
	if (q < ps->end && *q == '-')
		q++;
	if (q < ps->end && *q == '0')
		q++;
	else if (q < ps->end && *q >= '1' && *q <= '9')
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
	else
		return perr(ps, "a number was expected");
	if (q < ps->end && *q == '.') {
		if (++q >= ps->end || *q < '0' || *q > '9')
			return perr(ps, "a digit was expected after '.'");
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
	}
	if (q < ps->end && (*q == 'e' || *q == 'E')) {
		q++;
		if (q < ps->end && (*q == '+' || *q == '-'))
			q++;
		if (q >= ps->end || *q < '0' || *q > '9')
			return perr(ps, "a digit was expected in the exponent");
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
	}
	if ((size_t)(q - s) >= sizeof buf)
		return perr(ps, "a number of more than %zu characters",
		    sizeof buf - 1);
	memcpy(buf, s, q - s);
	buf[q - s] = '\0';
	if ((c = newlocale(LC_ALL_MASK, "C", (locale_t)0)) == (locale_t)0)
		return perr(ps, "no C locale");
	old = uselocale(c);
	*v = strtod(buf, NULL);
	uselocale(old);
	freelocale(c);
	if (!isfinite(*v))
		return perr(ps, "the number %s is out of range", buf);
	ps->p = q;
	return 0;
}

static int parse_skip(struct parser *, int depth);

/* Parse an object, handing each key to fn (which must consume a value). */
static int
parse_object(struct parser *ps, int depth,
    int (*fn)(struct parser *, const char *, void *, int), void *arg)
{
	char	key[64];

	skip_ws(ps);
	if (peek(ps) != '{')
		return perr(ps, "an object was expected");
	ps->p++;
	skip_ws(ps);
	if (peek(ps) == '}') {
		ps->p++;
		return 0;
	}
	for (;;) {
		if (parse_string(ps, key, sizeof key) != 0)
			return -1;
		skip_ws(ps);
		if (peek(ps) != ':')
			return perr(ps, "':' was expected after \"%s\"", key);
		ps->p++;
		if (fn(ps, key, arg, depth) != 0)
			return -1;
		skip_ws(ps);
		if (peek(ps) == ',') {
			ps->p++;
			continue;
		}
		if (peek(ps) == '}') {
			ps->p++;
			return 0;
		}
		return perr(ps, "',' or '}' was expected");
	}
}

static int
skip_key(struct parser *ps, const char *key, void *arg, int depth)
{
	return parse_skip(ps, depth + 1);
}

static int
parse_skip(struct parser *ps, int depth)
{
	char	buf[8];
	double	v;
	size_t	left;

	if (depth > 16)
		return perr(ps, "nested too deep");
	skip_ws(ps);
	left = ps->end - ps->p;
	switch (peek(ps)) {
	case '"':
		return parse_string(ps, buf, sizeof buf);
	case '{':
		return parse_object(ps, depth, skip_key, NULL);
	case '[':
		ps->p++;
		skip_ws(ps);
		if (peek(ps) == ']') {
			ps->p++;
			return 0;
		}
		for (;;) {
			if (parse_skip(ps, depth + 1) != 0)
				return -1;
			skip_ws(ps);
			if (peek(ps) == ',') {
				ps->p++;
				continue;
			}
			if (peek(ps) == ']') {
				ps->p++;
				return 0;
			}
			return perr(ps, "',' or ']' was expected");
		}
	case 't':
		if (left >= 4 && memcmp(ps->p, "true", 4) == 0) {
			ps->p += 4;
			return 0;
		}
		break;
	case 'f':
		if (left >= 5 && memcmp(ps->p, "false", 5) == 0) {
			ps->p += 5;
			return 0;
		}
		break;
	case 'n':
		if (left >= 4 && memcmp(ps->p, "null", 4) == 0) {
			ps->p += 4;
			return 0;
		}
		break;
	default:
		return parse_number(ps, &v);
	}
	return perr(ps, "a value was expected");
}

/* A bounded number for key; 1 when key is not a numeric key of a result. */
static int
parse_bounded(struct parser *ps, const char *key, double *v)
{
	size_t	i;

	for (i = 0; i < sizeof result_bounds / sizeof result_bounds[0]; i++)
		if (strcmp(key, result_bounds[i].key) == 0)
			break;
	if (i == sizeof result_bounds / sizeof result_bounds[0])
		return 1;
	skip_ws(ps);
	if (parse_number(ps, v) != 0)
		return -1;
	if (*v < result_bounds[i].min || *v > result_bounds[i].max)
		return perr(ps, "\"%s\": %.10g is out of range (%g to %g)", key,
		    *v, result_bounds[i].min, result_bounds[i].max);
	if (result_bounds[i].whole && *v != floor(*v))
		return perr(ps, "\"%s\": %.10g is not a whole number", key, *v);
	return 0;
}

/* "source_sha256": 64 lower-case hex digits, or nothing is trusted. */
static int
parse_sha256(struct parser *ps, char out[65])
{
	char	buf[80];
	int	i;

	if (parse_string(ps, buf, sizeof buf) != 0)
		return -1;
	for (i = 0; buf[i] != '\0'; i++)
		if (!((buf[i] >= '0' && buf[i] <= '9') ||
		    (buf[i] >= 'a' && buf[i] <= 'f')))
			break;
	if (i != 64 || buf[i] != '\0')
		return perr(ps, "\"source_sha256\" must be 64 lower-case hex "
		    "digits");
	memcpy(out, buf, 65);
	return 0;
}

/* A number of "counters" within [0, max], whole when asked. */
static int
parse_count(struct parser *ps, const char *key, double max, int whole,
    double *v)
{
	if (parse_number(ps, v) != 0)
		return -1;
	if (*v < 0 || *v > max)
		return perr(ps, "\"%s\": %.10g is out of range (0 to %g)", key,
		    *v, max);
	if (whole && *v != floor(*v))
		return perr(ps, "\"%s\": %.10g is not a whole number", key, *v);
	return 0;
}

/* One space's counts: {"requests": N, "sectors"|"wavefronts": N}. */
static int
count_key(struct parser *ps, const char *key, void *arg, int depth)
{
	struct measured_count	*c = arg;
	double			 v;

	if (strcmp(key, "requests") != 0 && strcmp(key, "sectors") != 0 &&
	    strcmp(key, "wavefronts") != 0)
		return parse_skip(ps, depth + 1);
	if (parse_count(ps, key, 1e15, 1, &v) != 0)
		return -1;
	if (key[0] == 'r')
		c->requests = (int64_t)v;
	else if (key[0] == 's')
		c->sectors = (int64_t)v;
	else
		c->wavefronts = (int64_t)v;
	c->have |= key[0] == 'r' ? 1 : 2;
	return 0;
}

/* The "counters" object of a result (optional; since 0.4). */
static int
counters_key(struct parser *ps, const char *key, void *arg, int depth)
{
	static const char	*launch[] = { "l1_hit_pct", "l2_hit_pct",
	    "dram_read_bytes", "dram_write_bytes", "ns" };
	struct measured		*m = arg;
	double			 v;
	int			 k, i;

	if (strcmp(key, "kernel") == 0)
		return parse_string(ps, m->kernel, sizeof m->kernel);
	for (k = 0; k < MEASURED_NKINDS; k++)
		if (strcmp(key, measured_kind_key(k)) == 0)
			return parse_object(ps, depth + 1, count_key,
			    &m->kind[k]);
	for (i = 0; i < 5; i++)
		if (strcmp(key, launch[i]) == 0)
			break;
	if (i == 5)
		return parse_skip(ps, depth + 1);
	if (parse_count(ps, key, i < 2 ? MEASURED_RATE_MAX : 1e15, 0, &v) != 0)
		return -1;
	if (i == 0)
		m->l1_hit = v, m->have |= MEASURED_L1;
	else if (i == 1)
		m->l2_hit = v, m->have |= MEASURED_L2;
	else if (i == 2)
		m->dram_read = v, m->valid |= 2;
	else if (i == 3)
		m->dram_write = v, m->valid |= 4;
	else
		m->ns = v, m->have |= MEASURED_TIME;
	return 0;
}

/* "counters": read, then only what was whole kept (a space needs both
   its numbers, DRAM both directions). */
static int
parse_counters(struct parser *ps, int depth, struct measured *m)
{
	int	k, any;

	memset(m, 0, sizeof *m);
	if (parse_object(ps, depth + 1, counters_key, m) != 0)
		return -1;
	if ((m->valid & 6) == 6)
		m->have |= MEASURED_DRAM;
	any = m->have != 0;
	for (k = 0; k < MEASURED_NKINDS; k++) {
		m->kind[k].have = m->kind[k].have == 3;
		any |= m->kind[k].have;
	}
	m->valid = any;
	return 0;
}

static int
result_key(struct parser *ps, const char *key, void *arg, int depth)
{
	struct gpu_result	*r = arg;
	char			 st[16];
	double			 v;
	int			 i, rc;

	if (strcmp(key, "variant") == 0)
		return parse_string(ps, r->variant, sizeof r->variant);
	if (strcmp(key, "params") == 0)
		return parse_string(ps, r->params, sizeof r->params);
	if (strcmp(key, "kernel") == 0)
		return parse_string(ps, r->kernel, sizeof r->kernel);
	if (strcmp(key, "error") == 0)
		return parse_string(ps, r->error, sizeof r->error);
	if (strcmp(key, "source_sha256") == 0)
		return parse_sha256(ps, r->source);
	if (strcmp(key, "counters") == 0)
		return parse_counters(ps, depth, &r->counters);
	if (strcmp(key, "origin") == 0) {
		if (parse_string(ps, st, sizeof st) != 0)
			return -1;
		if (strcmp(st, "catalog") != 0 && strcmp(st, "file") != 0)
			return perr(ps, "\"origin\" must be \"catalog\" or "
			    "\"file\"");
		r->file = strcmp(st, "file") == 0;
		return 0;
	}
	if (strcmp(key, "status") == 0) {
		if (parse_string(ps, st, sizeof st) != 0)
			return -1;
		for (i = 0; i <= RESULT_TIMED; i++)
			if (strcmp(st, status_names[i]) == 0)
				r->status = i;
		return 0;
	}
	if ((rc = parse_bounded(ps, key, &v)) != 1) {
		if (rc != 0)
			return -1;
		if (strcmp(key, "ms") == 0)
			r->ms = v;
		else if (strcmp(key, "runs") == 0)
			r->runs = (int)v;
		else if (strcmp(key, "bytes") == 0)
			r->bytes = v;
		else if (strcmp(key, "gbps") == 0)
			r->gbps = v;
		else if (strcmp(key, "checked") == 0)
			r->checked = (long)v;
		else if (strcmp(key, "regs") == 0)
			r->regs = (int)v;
		else if (strcmp(key, "blocks_per_sm") == 0)
			r->blocks_per_sm = (int)v;
		else if (strcmp(key, "threads") == 0)
			r->threads = (int)v;
		return 0;
	}
	return parse_skip(ps, depth + 1);
}

static int
top_key(struct parser *ps, const char *key, void *arg, int depth)
{
	struct gpu_record	*rec = ps->rec;
	struct gpu_result	*r;

	if (strcmp(key, "gpu") == 0)
		return parse_string(ps, rec->gpu, sizeof rec->gpu);
	if (strcmp(key, "driver") == 0)
		return parse_string(ps, rec->driver, sizeof rec->driver);
	if (strcmp(key, "cc") == 0)
		return parse_string(ps, rec->cc, sizeof rec->cc);
	if (strcmp(key, "date") == 0)
		return parse_string(ps, rec->date, sizeof rec->date);
	if (strcmp(key, "memcpy_gbps") == 0)
		return parse_bounded(ps, "gbps", &rec->memcpy_gbps);
	if (strcmp(key, "results") != 0)
		return parse_skip(ps, depth + 1);
	skip_ws(ps);
	if (peek(ps) != '[')
		return perr(ps, "\"results\" must be an array");
	ps->p++;
	skip_ws(ps);
	if (peek(ps) == ']') {
		ps->p++;
		return 0;
	}
	for (;;) {
		if (rec->n >= RESULTS_MAX)
			return perr(ps, "more than %d results", RESULTS_MAX);
		r = &rec->results[rec->n];
		memset(r, 0, sizeof *r);
		if (parse_object(ps, depth + 1, result_key, r) != 0)
			return -1;
		if (r->variant[0] == '\0')
			return perr(ps, "a result without \"variant\"");
		if ((r->status == RESULT_OK || r->status == RESULT_TIMED) &&
		    r->ms <= 0)
			return perr(ps, "result %d (%s): \"%s\" without a time "
			    "(\"ms\" must be above 0)", rec->n, r->variant,
			    status_names[r->status]);
		rec->n++;
		skip_ws(ps);
		if (peek(ps) == ',') {
			ps->p++;
			continue;
		}
		if (peek(ps) == ']') {
			ps->p++;
			return 0;
		}
		return perr(ps, "',' or ']' was expected in \"results\"");
	}
}

/* Read at most RESULTS_FILE_MAX bytes of a regular file; NULL and *why. */
static char *
read_file(const char *path, size_t *lenp, const char **why, int *errnop)
{
	struct stat	 sb;
	char		*buf;
	size_t		 len = 0;
	ssize_t		 got;
	int		 fd;

	*errnop = 0;
	/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
		*errnop = errno;
		return NULL;
	}
	if (fstat(fd, &sb) != 0) {
		*errnop = errno;
		close(fd);
		return NULL;
	}
	if (S_ISDIR(sb.st_mode))
		*why = "a directory, not a file";
	else if (!S_ISREG(sb.st_mode))
		*why = "not a regular file (a device, FIFO or socket)";
	else if (sb.st_size > RESULTS_FILE_MAX)
		*why = "larger than " RESULTS_FILE_MAX_TEXT;
	if (*why != NULL) {
		close(fd);
		return NULL;
	}
	buf = xmalloc((size_t)sb.st_size + 1);
	for (;;) {
		got = read(fd, buf + len, (size_t)sb.st_size + 1 - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			*errnop = errno;
			free(buf);
			close(fd);
			return NULL;
		}
		if (got == 0)
			break;
		len += got;
		if (len > (size_t)sb.st_size) {
			/* It grew while we read: refuse rather than chase. */
			*why = "changing while it is read";
			free(buf);
			close(fd);
			return NULL;
		}
	}
	close(fd);
	buf[len] = '\0';
	*lenp = len;
	return buf;
}

int
gpu_results_parse(const char *buf, size_t len, struct gpu_record *rec,
    char **cause)
{
	struct parser	 ps;
	const char	*nul;
	int		 rc;

	memset(rec, 0, sizeof *rec);
	memset(&ps, 0, sizeof ps);
	ps.p = buf;
	ps.end = buf + len;
	ps.rec = rec;
	if ((nul = memchr(buf, '\0', len)) != NULL) {
		ps.p = nul;
		rc = perr(&ps, "a NUL byte (not a text file)");
	} else if ((rc = parse_object(&ps, 0, top_key, NULL)) == 0) {
		skip_ws(&ps);
		if (ps.p != ps.end)
			rc = perr(&ps, "data after the object");
		else if (rec->gpu[0] == '\0')
			rc = perr(&ps, "no \"gpu\" key (not 'warpviz bench "
			    "--json' output?)");
	}
	if (rc != 0) {
		*cause = cause_printf("%s (at byte %ld)", ps.err,
		    (long)(ps.p - buf));
		memset(rec, 0, sizeof *rec);
	}
	return rc;
}

int
gpu_results_read(const char *path, struct gpu_record *rec, char **cause)
{
	const char	*why = NULL;
	char		*buf, *c = NULL;
	size_t		 len;
	int		 rc, e;

	memset(rec, 0, sizeof *rec);
	if ((buf = read_file(path, &len, &why, &e)) == NULL) {
		*cause = cause_printf("--results: %s: %s", path,
		    why != NULL ? why : strerror(e));
		return -1;
	}
	if ((rc = gpu_results_parse(buf, len, rec, &c)) != 0) {
		*cause = cause_printf("--results: %s: %s", path, c);
		free(c);
	}
	free(buf);
	return rc;
}
