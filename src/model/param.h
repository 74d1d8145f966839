/*
 * param.h - parameter values for one variant: defaults, "-p name=value"
 * parsing with range checks.  Every variant also has the common parameter
 * "warp" (lanes per warp, 1..32, a power of two).  Errors come back as a
 * one-line *cause naming the parameter and what is allowed.
 */
#ifndef WV_PARAM_H
#define WV_PARAM_H

#include <stdint.h>

#include "variant.h"

#define PARAM_MAX	(VARIANT_MAX_PARAMS + 1)

struct param_set {
	const struct variant	*v;
	int			 n;
	const struct param_def	*def[PARAM_MAX];
	int64_t			 val[PARAM_MAX];
};

/* Fill a set with the variant's parameters at their defaults. */
void	param_defaults(struct param_set *, const struct variant *);
/* Index of a parameter by CLI name (case-insensitive), or -1. */
int	param_find(const struct param_set *, const char *name);
/* Value of a parameter by CLI name; the parameter must exist. */
int64_t	param_get(const struct param_set *, const char *name);
/* Set one parameter from text; -1 and *cause when unknown or out of range. */
int	param_set_text(struct param_set *, const char *name, const char *value,
	    char **cause);
/* Parse "name=value" (as given to -p) and set it. */
int	param_assign(struct param_set *, const char *arg, char **cause);
/* Write "name=value,name=value" of the non-default values into buf. */
void	param_format(const struct param_set *, char *buf, size_t len,
	    int all);

#endif
