/* SPDX-License-Identifier: ISC
 * test-kfile.c - the catalog is read from its own CUDA sources: every
 * variant comes from the "// warpviz:" block of the same name in its cuda/
 * file, keeps its live spec with a CPU reference, has a title and a lesson,
 * names only partners that exist, has its kernel found in the text, and
 * launches at its default and at its small size.
 *
 * Before the C descriptions in src/variants/ went, this test held each
 * family's block equal to its description (parameters, launch, arrays,
 * the lanes of every warp step of up to 48 blocks, totals) at five sizes,
 * odd ones included; see the commits that removed them.  The counts that
 * tests/unit/test-model.c derives by hand now test the files.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "launch.h"
#include "param.h"
#include "tap.h"

/* Every partner in v's compare list ("a b:p=v") is a catalog variant and
   takes its parameters. */
static int
partners_exist(const struct variant *v)
{
	struct param_set	 ps;
	const char		*e;
	char			*cause = NULL;
	size_t			 len;

	for (e = param_partner_next(v->compare, &len); e != NULL;
	    e = param_partner_next(e + len, &len))
		if (param_partner(&ps, e, len, NULL, catalog_find,
		    &cause) != 0 || catalog_index(ps.v) < 0) {
			diag("%s: partner '%.*s': %s", v->name, (int)len, e,
			    cause ? cause : "not in the catalog");
			free(cause);
			return 0;
		}
	return 1;
}

/* Launch v with its defaults, then with small ("a=1,b=2") if not NULL. */
static int
launches(const struct variant *v, const char *small)
{
	struct param_set	 ps;
	struct launch		 l;
	char			 entry[160];
	char			*cause = NULL;

	snprintf(entry, sizeof entry, "%s%s%s", v->name, small ? ":" : "",
	    small ? small : "");
	if (param_partner(&ps, entry, strlen(entry), NULL, catalog_find,
	    &cause) != 0 || launch_init(&l, &ps, &cause) != 0) {
		diag("%s: %s", entry, cause);
		free(cause);
		return 0;
	}
	launch_free(&l);
	return 1;
}

int
main(void)
{
	const struct variant	*v;
	int			 i, first, last;

	for (i = 0; catalog[i] != NULL; i++) {
		v = catalog[i];
		ok(v->xbody != NULL && v->text != NULL &&
		    strcmp(v->text, catalog_source(v->source)) == 0,
		    "%s: read from cuda/%s", v->name, v->source);
		ok(v->live.args != NULL && v->live.reference != NULL &&
		    v->live.small != NULL,
		    "%s: its live spec with a CPU reference kept", v->name);
		ok(v->title != NULL && v->title[0] != '\0' &&
		    v->lesson != NULL && strlen(v->lesson) > 40 &&
		    v->family != NULL, "%s: a family, a title and a lesson",
		    v->name);
		ok(partners_exist(v), "%s: its partners (%s) are in the "
		    "catalog", v->name, v->compare ? v->compare : "none");
		first = v->lines.first;
		last = v->lines.last;
		ok(first > 0 && first < last && last < v->lines.n,
		    "%s: kernel %s found in cuda/%s", v->name, v->kernel,
		    v->source);
		ok(launches(v, NULL) && launches(v, v->live.small),
		    "%s: launches with its defaults and with %s", v->name,
		    v->live.small);
	}
	return tap_done();
}
