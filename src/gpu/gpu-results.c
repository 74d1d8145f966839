/*
 * gpu-results.c - bench's JSON record, written and read back (see
 * gpu-results.h).  The reader is a small recursive-descent parser for the
 * JSON subset the writer produces (objects, arrays, strings, numbers,
 * true/false/null); unknown keys are skipped so later writers stay
 * readable.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu-results.h"
#include "jsonstr.h"

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
		fprintf(f, ", \"status\": \"%s\", \"error\": ",
		    gpu_results_status(r->status));
		jsonstr_write(f, r->error);
		fprintf(f, ", \"ms\": %.6f, \"runs\": %d, \"bytes\": %.0f, "
		    "\"gbps\": %.1f, \"checked\": %ld, \"regs\": %d, "
		    "\"blocks_per_sm\": %d, \"threads\": %d}", r->ms, r->runs,
		    r->bytes, r->gbps, r->checked, r->regs, r->blocks_per_sm,
		    r->threads);
	}
	fputs("\n]}\n", f);
}

/* --- reader --- */

struct parser {
	const char		*p;
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

static void
skip_ws(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' ||
	    *ps->p == '\r')
		ps->p++;
}

static int
parse_string(struct parser *ps, char *out, size_t len)
{
	size_t	n = 0;

	skip_ws(ps);
	if (*ps->p != '"')
		return perr(ps, "a string was expected");
	for (ps->p++; *ps->p != '"'; ps->p++) {
		char	c = *ps->p;

		if (c == '\0')
			return perr(ps, "unterminated string");
		if (c == '\\') {
			c = *++ps->p;
			if (c == 'n')
				c = '\n';
			else if (c == 't')
				c = '\t';
			else if (c == 'u') {
				unsigned	u;

				if (sscanf(ps->p + 1, "%4x", &u) != 1)
					return perr(ps, "bad \\u escape");
				c = u < 0x80 ? (char)u : '?';
				ps->p += 4;
			} else if (c == '\0')
				return perr(ps, "unterminated string");
		}
		if (n + 1 < len)
			out[n++] = c;
	}
	ps->p++;
	if (len > 0)
		out[n] = '\0';
	return 0;
}

static int
parse_number(struct parser *ps, double *v)
{
	char	*end;

	skip_ws(ps);
	errno = 0;
	*v = strtod(ps->p, &end);
	if (end == ps->p || errno != 0)
		return perr(ps, "a number was expected");
	ps->p = end;
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
	if (*ps->p != '{')
		return perr(ps, "an object was expected");
	ps->p++;
	skip_ws(ps);
	if (*ps->p == '}') {
		ps->p++;
		return 0;
	}
	for (;;) {
		if (parse_string(ps, key, sizeof key) != 0)
			return -1;
		skip_ws(ps);
		if (*ps->p++ != ':')
			return perr(ps, "':' was expected after \"%s\"", key);
		if (fn(ps, key, arg, depth) != 0)
			return -1;
		skip_ws(ps);
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p == '}') {
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

	if (depth > 16)
		return perr(ps, "nested too deep");
	skip_ws(ps);
	switch (*ps->p) {
	case '"':
		return parse_string(ps, buf, sizeof buf);
	case '{':
		return parse_object(ps, depth, skip_key, NULL);
	case '[':
		ps->p++;
		skip_ws(ps);
		if (*ps->p == ']') {
			ps->p++;
			return 0;
		}
		for (;;) {
			if (parse_skip(ps, depth + 1) != 0)
				return -1;
			skip_ws(ps);
			if (*ps->p == ',') {
				ps->p++;
				continue;
			}
			if (*ps->p++ == ']')
				return 0;
			return perr(ps, "',' or ']' was expected");
		}
	case 't':
		if (strncmp(ps->p, "true", 4) == 0) {
			ps->p += 4;
			return 0;
		}
		break;
	case 'f':
		if (strncmp(ps->p, "false", 5) == 0) {
			ps->p += 5;
			return 0;
		}
		break;
	case 'n':
		if (strncmp(ps->p, "null", 4) == 0) {
			ps->p += 4;
			return 0;
		}
		break;
	default:
		return parse_number(ps, &v);
	}
	return perr(ps, "a value was expected");
}

static int
result_key(struct parser *ps, const char *key, void *arg, int depth)
{
	struct gpu_result	*r = arg;
	char			 st[16];
	double			 v;
	int			 i;

	if (strcmp(key, "variant") == 0)
		return parse_string(ps, r->variant, sizeof r->variant);
	if (strcmp(key, "params") == 0)
		return parse_string(ps, r->params, sizeof r->params);
	if (strcmp(key, "kernel") == 0)
		return parse_string(ps, r->kernel, sizeof r->kernel);
	if (strcmp(key, "error") == 0)
		return parse_string(ps, r->error, sizeof r->error);
	if (strcmp(key, "status") == 0) {
		if (parse_string(ps, st, sizeof st) != 0)
			return -1;
		for (i = 0; i <= RESULT_TIMED; i++)
			if (strcmp(st, status_names[i]) == 0)
				r->status = i;
		return 0;
	}
	skip_ws(ps);
	if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9')) {
		if (parse_number(ps, &v) != 0)
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

	if (strcmp(key, "gpu") == 0)
		return parse_string(ps, rec->gpu, sizeof rec->gpu);
	if (strcmp(key, "driver") == 0)
		return parse_string(ps, rec->driver, sizeof rec->driver);
	if (strcmp(key, "cc") == 0)
		return parse_string(ps, rec->cc, sizeof rec->cc);
	if (strcmp(key, "date") == 0)
		return parse_string(ps, rec->date, sizeof rec->date);
	if (strcmp(key, "memcpy_gbps") == 0)
		return parse_number(ps, &rec->memcpy_gbps);
	if (strcmp(key, "results") != 0)
		return parse_skip(ps, depth + 1);
	skip_ws(ps);
	if (*ps->p++ != '[')
		return perr(ps, "\"results\" must be an array");
	skip_ws(ps);
	if (*ps->p == ']') {
		ps->p++;
		return 0;
	}
	for (;;) {
		if (rec->n >= RESULTS_MAX)
			return perr(ps, "more than %d results", RESULTS_MAX);
		memset(&rec->results[rec->n], 0, sizeof rec->results[0]);
		if (parse_object(ps, depth + 1, result_key,
		    &rec->results[rec->n]) != 0)
			return -1;
		if (rec->results[rec->n].variant[0] == '\0')
			return perr(ps, "a result without \"variant\"");
		rec->n++;
		skip_ws(ps);
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p++ == ']')
			return 0;
		return perr(ps, "',' or ']' was expected in \"results\"");
	}
}

int
gpu_results_read(const char *path, struct gpu_record *rec, char **cause)
{
	struct parser	 ps;
	FILE		*f;
	char		*buf = NULL;
	size_t		 len = 0, cap = 0, got;
	int		 rc;

	memset(rec, 0, sizeof *rec);
	if ((f = fopen(path, "r")) == NULL) {
		if (asprintf(cause, "--results: %s: %s", path,
		    strerror(errno)) < 0)
			*cause = NULL;
		return -1;
	}
	do {
		if (len + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap = (cap + 4096) * 2);

			if (nb == NULL) {
				free(buf);
				fclose(f);
				*cause = strdup("--results: out of memory");
				return -1;
			}
			buf = nb;
		}
		got = fread(buf + len, 1, 4096, f);
		len += got;
	} while (got > 0);
	fclose(f);
	buf[len] = '\0';
	memset(&ps, 0, sizeof ps);
	ps.p = buf;
	ps.rec = rec;
	rc = parse_object(&ps, 0, top_key, NULL);
	if (rc == 0 && rec->gpu[0] == '\0')
		rc = perr(&ps, "no \"gpu\" key (not 'warpviz bench --json' "
		    "output?)");
	if (rc != 0 && asprintf(cause, "--results: %s: %s (at byte %ld)", path,
	    ps.err, (long)(ps.p - buf)) < 0)
		*cause = NULL;
	free(buf);
	return rc;
}
