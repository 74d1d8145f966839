/* SPDX-License-Identifier: ISC
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

/* Fill a set with the variant's parameters at their defaults, then the
   built-in warp size (param_warp_def), always last. */
void	param_defaults(struct param_set *, const struct variant *);
const struct param_def *param_warp_def(void);
/* Index of a parameter by CLI name (case-insensitive), or -1. */
int	param_find(const struct param_set *, const char *name);
/* Value of a parameter by CLI name; the parameter must exist. */
int64_t	param_get(const struct param_set *, const char *name);
/*
 * The one reader of whole numbers, for -p, every option and the kernel
 * files' header lines: decimal digits with an optional '-' (no blanks, no
 * '+', no octal or hex: "010" is ten), within int64_t.  0, or -1.
 */
int	param_number(const char *s, int64_t *out);
/* Set one parameter from text; -1 and *cause when unknown or out of range. */
int	param_set_text(struct param_set *, const char *name, const char *value,
	    char **cause);
/* Parse "name=value" (as given to -p) and set it. */
int	param_assign(struct param_set *, const char *arg, char **cause);
/* Write "name=value,name=value" of the non-default values into buf. */
void	param_format(const struct param_set *, char *buf, size_t len,
	    int all);

/*
 * The next entry of a compare list ("a b:p=v,q=w"): returns its start and
 * sets *len, or NULL at the end.  Pass the returned pointer plus *len to
 * get the following one.
 */
const char *param_partner_next(const char *list, size_t *len);
/*
 * Parameters of a compare partner from one entry "name" or
 * "name:p=v,p=v": the partner's defaults, then the values of same-named
 * parameters of `from` (may be NULL), then the entry's own.  find looks a
 * variant up by name.  Returns 0, or -1 with a one-line *cause.
 */
int	param_partner(struct param_set *out, const char *entry, size_t len,
	    const struct param_set *from,
	    const struct variant *(*find)(const char *), char **cause);

#endif
