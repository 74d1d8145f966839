/* SPDX-License-Identifier: ISC
 * fuzz-param.c - -p parameter parsing (src/model/param.c) and the launch
 * the values make (src/model/launch*.c, warp.c, arch.c).  Input: the first
 * byte picks a catalog variant; each following line is either a -p
 * argument "NAME=VALUE" or, after ':', a compare-list entry
 * "name:p=v,q=w".  Accepted values are set up as a launch and a few
 * warps and steps are evaluated under both memory models.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "catalog.h"
#include "fuzz.h"
#include "launch.h"
#include "param.h"
#include "warp.h"

static void
exercise(const struct param_set *ps)
{
	static struct launch	 l;
	struct access		 a;
	struct access_result	 r;
	char			*cause = NULL, buf[256];
	int64_t			 steps[3], bx, by;
	int			 i, w, k;

	param_format(ps, buf, sizeof buf, 0);
	param_format(ps, buf, sizeof buf, 1);
	if (launch_init(&l, ps, &cause) != 0) {
		if (cause == NULL)
			abort();
		free(cause);
		return;
	}
	steps[0] = 0;
	steps[1] = l.nsteps / 2;
	steps[2] = l.nsteps - 1;
	for (i = 0; i < 3; i++)
		for (w = 0; w < l.warps; w += l.warps > 1 ? l.warps - 1 : 1)
			for (k = 0; k < 2; k++) {
				bx = k ? l.grid[0] - 1 : 0;
				by = k ? l.grid[1] - 1 : 0;
				if (warp_access(&l, bx, by, w, steps[i], &a,
				    &cause) != 0) {
					free(cause);
					cause = NULL;
					continue;
				}
				arch_apply(ARCH_MODERN, &l, &a, &r);
				arch_apply(ARCH_LEGACY, &l, &a, &r);
			}
	launch_free(&l);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct param_set	 ps, pp;
	char			*text, *line, *next, *cause = NULL;
	int			 nv;

	if (size < 1)
		return 0;
	for (nv = 0; catalog[nv] != NULL; nv++)
		;
	param_defaults(&ps, catalog[data[0] % nv]);
	text = fuzz_text(data + 1, size - 1, 4096);
	for (line = text; line != NULL; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (line[0] == ':') {
			if (param_partner(&pp, line + 1, strlen(line + 1), &ps,
			    catalog_find, &cause) == 0)
				exercise(&pp);
			else if (cause == NULL)
				abort();
		} else if (param_assign(&ps, line, &cause) != 0 &&
		    cause == NULL)
			abort();	/* a refusal always says why */
		free(cause);
		cause = NULL;
	}
	exercise(&ps);
	free(text);
	return 0;
}
