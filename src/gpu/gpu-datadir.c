/* SPDX-License-Identifier: ISC
 * gpu-datadir.c - turns --results NAME into a file.  ARG with a '/' or
 * ending in ".json" is a path and is returned as it is.  Any other ARG is
 * a name: the first of NAME.json and results-NAME.json found in
 *   1. DIR/doc/, when warpviz runs from its build tree DIR (config.status
 *      beside the executable; the build copies doc/results-*.json there
 *      in a VPATH build);
 *   2. the pkgdatadir configure chose (make install puts them there);
 *   3. EXE/../share/warpviz, for an installed tree moved elsewhere or
 *      staged with DESTDIR.
 * A name found nowhere is still tried as a file in the current directory
 * before it is refused.  Reads the file system only; never the file.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu-datadir.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* The directory holding the running executable, or "" when unknown. */
static void
datadir_exe_dir(char *dir, size_t len)
{
	char	buf[PATH_MAX], *slash;
	ssize_t	n;

	dir[0] = '\0';
	n = readlink("/proc/self/exe", buf, sizeof buf - 1);
	if (n <= 0 || (size_t)n >= sizeof buf - 1)
		return;
	buf[n] = '\0';
	if ((slash = strrchr(buf, '/')) == NULL)
		return;
	*slash = '\0';
	if ((size_t)snprintf(dir, len, "%s", buf) >= len)
		dir[0] = '\0';
}

/* DIR/NAME.json or DIR/results-NAME.json when one is a readable file. */
static char *
datadir_try(const char *dir, const char *name)
{
	static const char	*forms[] = { "%s/%s.json", "%s/results-%s.json" };
	char			 path[PATH_MAX];
	size_t			 i;

	if (dir[0] == '\0')
		return NULL;
	for (i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		if ((size_t)snprintf(path, sizeof path, forms[i], dir, name) >=
		    sizeof path)
			continue;
		if (access(path, R_OK) == 0)
			return strdup(path);
	}
	return NULL;
}

char *
gpu_datadir_results(const char *arg, char **cause)
{
	char	 exe[PATH_MAX], dir[PATH_MAX + 32], *found;
	size_t	 len = strlen(arg);

	*cause = NULL;
	if (strchr(arg, '/') != NULL || len == 0 ||
	    (len >= 5 && strcmp(arg + len - 5, ".json") == 0))
		return strdup(arg);

	datadir_exe_dir(exe, sizeof exe);
	if (exe[0] != '\0') {
		snprintf(dir, sizeof dir, "%s/config.status", exe);
		if (access(dir, F_OK) == 0) {
			snprintf(dir, sizeof dir, "%s/doc", exe);
			if ((found = datadir_try(dir, arg)) != NULL)
				return found;
		}
	}
	if ((found = datadir_try(WV_PKGDATADIR, arg)) != NULL)
		return found;
	if (exe[0] != '\0') {
		snprintf(dir, sizeof dir, "%s/../share/%s", exe, PACKAGE);
		if ((found = datadir_try(dir, arg)) != NULL)
			return found;
	}
	if (access(arg, F_OK) == 0)
		return strdup(arg);
	if (asprintf(cause, "--results: %s: no such file, and no %s.json or "
	    "results-%s.json in %s", arg, arg, arg, WV_PKGDATADIR) < 0)
		*cause = NULL;
	return NULL;
}

const char *
gpu_datadir_pkgdata(void)
{
	return WV_PKGDATADIR;
}
