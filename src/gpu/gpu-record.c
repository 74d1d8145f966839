/* SPDX-License-Identifier: ISC
 * gpu-record.c - the GPU results kept by key: a run's key is its variant
 * and all its parameter values, and its source's hash (a kernel file's
 * run never stands for the catalog's, nor a changed source's for the
 * new one).  Live results and the ones loaded with --results are both a
 * struct gpu_record; these find, replace and add, and name a variant's
 * comparison partners.  No state, no lock: the callers hold theirs.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "gpu-record.h"
#include "gpu-run.h"

void
record_key(const struct param_set *ps, char *buf, size_t len)
{
	param_format(ps, buf, len, 1);
}

/*
 * The SHA-256 of v's source text, hashed once per text (the catalog's
 * and the opened kernel files' texts live as long as the program).
 */
static const char *
record_source(const struct variant *v)
{
	static struct {
		const char	*text;
		char		 hex[65];
	}		 seen[64];
	static int	 nseen, next;
	const char	*text = catalog_variant_text(v);
	int		 i;

	for (i = 0; i < nseen; i++)
		if (seen[i].text == text)
			return seen[i].hex;
	i = nseen < 64 ? nseen++ : next++ % 64;
	seen[i].text = text;
	gpu_run_source(v, seen[i].hex);
	return seen[i].hex;
}

/*
 * The result of variant at params (NULL: any) whose source matches: the
 * same origin (a kernel file's run never stands for the catalog's, nor
 * the other way), and the same source hash, or no hash at all in an old
 * record of a catalog kernel ("source not checked").
 */
static struct gpu_result *
record_find(struct gpu_record *rec, const char *variant, const char *params,
    const char *source, int file)
{
	struct gpu_result	*r;
	int			 i;

	if (rec == NULL)
		return NULL;
	for (i = 0; i < rec->n; i++) {
		r = &rec->results[i];
		if (strcmp(r->variant, variant) != 0 ||
		    (params != NULL && strcmp(r->params, params) != 0) ||
		    r->file != file)
			continue;
		if (r->source[0] == '\0' ? file :
		    strcmp(r->source, source) != 0)
			continue;
		return r;
	}
	return NULL;
}

struct gpu_result *
record_get(struct gpu_record *rec, const struct param_set *ps)
{
	char	key[256];

	if (rec == NULL)
		return NULL;
	record_key(ps, key, sizeof key);
	return record_find(rec, ps->v->name, key, record_source(ps->v),
	    gpu_run_is_file(ps->v));
}

void
record_put(struct gpu_record *rec, const struct gpu_result *r)
{
	struct gpu_result	*old;

	old = record_find(rec, r->variant, r->params, r->source, r->file);
	if (old != NULL)
		*old = *r;
	else if (rec->n < RESULTS_MAX)
		rec->results[rec->n++] = *r;
	else {
		memmove(&rec->results[0], &rec->results[1],
		    (RESULTS_MAX - 1) * sizeof rec->results[0]);
		rec->results[RESULTS_MAX - 1] = *r;
	}
}

int
gpu_partners(const struct param_set *ps, struct param_set *out, int max)
{
	const char	*e;
	char		*cause = NULL;
	size_t		 len;
	int		 n = 0;

	for (e = ps->v->compare; n < max &&
	    (e = param_partner_next(e, &len)) != NULL; e += len) {
		if (param_partner(&out[n], e, len, ps, catalog_find,
		    &cause) != 0) {
			free(cause);
			cause = NULL;
			continue;
		}
		n++;
	}
	return n;
}
