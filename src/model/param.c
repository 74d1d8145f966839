/* SPDX-License-Identifier: ISC
 * param.c - parameter values: defaults, parsing and range checks.
 * Must not print or exit; errors are returned as *cause strings.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cause.h"
#include "param.h"

static const struct param_def param_warp = {
	.name = "warp", .min = 1, .max = 32, .def = 32, .flags = PARAM_POW2,
	.unit = "lanes",
	.text = "lanes per warp (32 on every GPU; 4 for the classroom example)"
};

const struct param_def *
param_warp_def(void)
{
	return &param_warp;
}

void
param_defaults(struct param_set *ps, const struct variant *v)
{
	int	i;

	memset(ps, 0, sizeof *ps);
	ps->v = v;
	for (i = 0; i < VARIANT_MAX_PARAMS && v->params[i].name != NULL; i++) {
		ps->def[ps->n] = &v->params[i];
		ps->val[ps->n++] = v->params[i].def;
	}
	ps->def[ps->n] = &param_warp;
	ps->val[ps->n++] = param_warp.def;
}

int
param_find(const struct param_set *ps, const char *name)
{
	int	i;

	for (i = 0; i < ps->n; i++)
		if (strcasecmp(ps->def[i]->name, name) == 0)
			return i;
	return -1;
}

int64_t
param_get(const struct param_set *ps, const char *name)
{
	int	i = param_find(ps, name);

	return i < 0 ? 0 : ps->val[i];
}

static void
names_of(const struct param_set *ps, char *buf, size_t len)
{
	int	i;
	size_t	used = 0;

	buf[0] = '\0';
	for (i = 0; i < ps->n && used < len; i++)
		used += snprintf(buf + used, len - used, "%s%s",
		    i ? ", " : "", ps->def[i]->name);
}

int
param_number(const char *s, int64_t *out)
{
	char		*end;
	long long	 v;

	/* strtoll skips leading blanks and takes '+': refuse both. */
	if (!isdigit((unsigned char)s[s[0] == '-']))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end != '\0' || errno != 0)
		return -1;
	*out = v;
	return 0;
}

int
param_set_text(struct param_set *ps, const char *name, const char *value,
    char **cause)
{
	const struct param_def	*d;
	char			 names[256];
	int64_t			 v;
	int			 i;

	if ((i = param_find(ps, name)) < 0) {
		names_of(ps, names, sizeof names);
		*cause = cause_printf("unknown parameter '%s' for %s "
		    "(parameters: %s)", name, ps->v->name, names);
		return -1;
	}
	d = ps->def[i];
	if (param_number(value, &v) != 0) {
		*cause = cause_printf("parameter '%s': '%s' is not a whole "
		    "number (allowed: %lld to %lld)", d->name, value,
		    (long long)d->min, (long long)d->max);
		return -1;
	}
	if (v < d->min || v > d->max) {
		*cause = cause_printf("parameter '%s': %lld is out of range "
		    "(allowed: %lld to %lld%s)", d->name, (long long)v,
		    (long long)d->min, (long long)d->max,
		    (d->flags & PARAM_POW2) ? ", a power of two" : "");
		return -1;
	}
	if ((d->flags & PARAM_POW2) && (v & (v - 1)) != 0) {
		*cause = cause_printf("parameter '%s': %lld is not a power of "
		    "two (allowed: %lld to %lld, a power of two)", d->name,
		    (long long)v,
		    (long long)d->min, (long long)d->max);
		return -1;
	}
	ps->val[i] = v;
	return 0;
}

int
param_assign(struct param_set *ps, const char *arg, char **cause)
{
	const char	*eq = strchr(arg, '=');
	char		 name[64];
	size_t		 len;

	if (eq == NULL || eq == arg || (len = eq - arg) >= sizeof name) {
		*cause = cause_printf("-p '%s': expected NAME=VALUE", arg);
		return -1;
	}
	memcpy(name, arg, len);
	name[len] = '\0';
	return param_set_text(ps, name, eq + 1, cause);
}

void
param_format(const struct param_set *ps, char *buf, size_t len, int all)
{
	int	i;
	size_t	used = 0;

	buf[0] = '\0';
	for (i = 0; i < ps->n && used < len; i++) {
		if (!all && ps->val[i] == ps->def[i]->def)
			continue;
		used += snprintf(buf + used, len - used, "%s%s=%lld",
		    used ? "," : "", ps->def[i]->name,
		    (long long)ps->val[i]);
	}
}

const char *
param_partner_next(const char *list, size_t *len)
{
	if (list == NULL)
		return NULL;
	while (*list == ' ')
		list++;
	if (*list == '\0')
		return NULL;
	*len = strcspn(list, " ");
	return list;
}

int
param_partner(struct param_set *out, const char *entry, size_t len,
    const struct param_set *from, const struct variant *(*find)(const char *),
    char **cause)
{
	const struct variant	*v;
	char			 buf[256], *colon, *a, *next;
	int			 i, j;

	if (len >= sizeof buf) {
		*cause = cause_printf("compare entry too long");
		return -1;
	}
	memcpy(buf, entry, len);
	buf[len] = '\0';
	if ((colon = strchr(buf, ':')) != NULL)
		*colon++ = '\0';
	if ((v = find(buf)) == NULL) {
		*cause = cause_printf("unknown compare partner '%s'", buf);
		return -1;
	}
	param_defaults(out, v);
	for (i = 0; from != NULL && i < out->n; i++) {
		j = param_find(from, out->def[i]->name);
		if (j >= 0)
			out->val[i] = from->val[j];
	}
	for (a = colon; a != NULL && *a != '\0'; a = next) {
		if ((next = strchr(a, ',')) != NULL)
			*next++ = '\0';
		if (param_assign(out, a, cause) != 0)
			return -1;
	}
	return 0;
}
