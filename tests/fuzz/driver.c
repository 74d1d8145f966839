/* SPDX-License-Identifier: ISC
 * driver.c - runs a fuzz target's LLVMFuzzerTestOneInput over files and
 * directories of files, for builds without libFuzzer (make check replays
 * the seed corpora and the regression inputs under whatever sanitizers
 * the build has).  Prints TAP: one test point per directory or file.
 * With no arguments (as make check runs it), the directories are
 * $srcdir/tests/fuzz/corpus/NAME and $srcdir/tests/fuzz/regress/NAME,
 * NAME from the program's name fuzz-NAME: each regress file is an input
 * that once crashed or hung the target.
 */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static int
run_file(const char *path)
{
	FILE	*f;
	uint8_t	*buf;
	size_t	 len;
	long	 size;

	if ((f = fopen(path, "rb")) == NULL)
		return -1;
	if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		return -1;
	}
	if ((buf = malloc(size + 1)) == NULL)
		abort();
	len = fread(buf, 1, size, f);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	return 0;
}

int
main(int argc, char **argv)
{
	struct stat	 sb;
	struct dirent	*de;
	DIR		*d;
	char		 path[4096], dirs[2][4096], *deflt[3];
	const char	*name, *srcdir;
	int		 i, n, t = 0, bad = 0;

	if (argc < 2) {
		name = strrchr(argv[0], '/') != NULL ?
		    strrchr(argv[0], '/') + 1 : argv[0];
		if (strncmp(name, "fuzz-", 5) == 0)
			name += 5;
		if ((srcdir = getenv("srcdir")) == NULL)
			srcdir = ".";
		snprintf(dirs[0], sizeof dirs[0], "%s/tests/fuzz/corpus/%s",
		    srcdir, name);
		snprintf(dirs[1], sizeof dirs[1], "%s/tests/fuzz/regress/%s",
		    srcdir, name);
		deflt[0] = argv[0];
		deflt[1] = dirs[0];
		deflt[2] = dirs[1];
		argv = deflt;
		argc = 3;
	}
	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &sb) != 0) {
			printf("not ok %d - %s: cannot stat\n", ++t, argv[i]);
			bad = 1;
			continue;
		}
		if (!S_ISDIR(sb.st_mode)) {
			n = run_file(argv[i]) == 0;
			printf("%sok %d - %s\n", n ? "" : "not ", ++t, argv[i]);
			bad |= !n;
			continue;
		}
		if ((d = opendir(argv[i])) == NULL) {
			printf("not ok %d - %s: cannot open\n", ++t, argv[i]);
			bad = 1;
			continue;
		}
		n = 0;
		while ((de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			snprintf(path, sizeof path, "%s/%s", argv[i],
			    de->d_name);
			if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
			    run_file(path) == 0)
				n++;
		}
		closedir(d);
		printf("ok %d - %s: %d inputs without a crash\n", ++t, argv[i],
		    n);
	}
	printf("1..%d\n", t);
	return bad;
}
