/* SPDX-License-Identifier: ISC
 * driver.c - runs a fuzz target's LLVMFuzzerTestOneInput over files and
 * directories of files, for builds without libFuzzer (make check replays
 * the seed corpora and the regression inputs under whatever sanitizers
 * the build has).  Prints TAP: one test point per directory or file.
 * With no arguments (as make check runs it), the directories are
 * $srcdir/tests/fuzz/corpus/NAME (when there is one) and
 * $srcdir/tests/fuzz/regress/NAME, NAME from the program's name
 * fuzz-NAME: each regress file is an input that once crashed or hung the
 * target.  Seeds that live elsewhere in the tree (the kernel files for
 * fuzz-ksrc) are named, not copied, by patterns in corpus/NAME.seeds,
 * one a line relative to $srcdir (see seeds()).
 *
 * A blow-up fails like a crash: each input has FUZZ_INPUT_SECONDS (10)
 * seconds, past which the driver says which input and exits 1, and the
 * peak resident memory may not pass FUZZ_RSS_MB megabytes (1024; 3072
 * under AddressSanitizer, whose shadow and quarantine count) after any
 * input, and outside ASan the address space is four times that.
 * libFuzzer's -timeout and -rss_limit_mb do the same in make fuzz.
 */
#include "config.h"

#include <sys/resource.h>
#include <sys/stat.h>

#include <dirent.h>
#include <glob.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN	1
#endif
#endif
#ifdef UNDER_ASAN
#define RSS_MB_DEFAULT	3072
#else
#define RSS_MB_DEFAULT	1024
#endif

static char	 running[4096];	/* the input being run, for the alarm */
static long	 rss_mb = RSS_MB_DEFAULT;
static unsigned	 input_secs = 10;

static void
too_slow(int sig)
{
	static const char m[] = "not ok - an input ran past the time limit "
	    "(FUZZ_INPUT_SECONDS): ";

	(void)sig;
	(void)!write(1, m, sizeof m - 1);
	(void)!write(1, running, strlen(running));
	(void)!write(1, "\n", 1);
	_exit(1);
}

static void
limits(void)
{
	const char	*e;

	if ((e = getenv("FUZZ_INPUT_SECONDS")) != NULL && atoi(e) > 0)
		input_secs = (unsigned)atoi(e);
	if ((e = getenv("FUZZ_RSS_MB")) != NULL && atol(e) > 0)
		rss_mb = atol(e);
	signal(SIGALRM, too_slow);
#ifndef UNDER_ASAN
	{
		/* Outside ASan (whose shadow needs terabytes of address
		   space) a runaway allocation also fails at once, rather
		   than after the machine swaps: four times the RSS limit
		   (threads reserve address space they never touch). */
		struct rlimit	rl;

		rl.rlim_cur = rl.rlim_max = (rlim_t)rss_mb * 4 << 20;
		setrlimit(RLIMIT_AS, &rl);
	}
#endif
}

/* Run one file: 0, -1 when it cannot be read, -2 when the peak memory
   went past the limit (with a not ok line naming it). */
static int
run_file(const char *path)
{
	struct rusage	 ru;
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
	snprintf(running, sizeof running, "%s", path);
	alarm(input_secs);
	LLVMFuzzerTestOneInput(buf, len);
	alarm(0);
	free(buf);
	if (getrusage(RUSAGE_SELF, &ru) == 0 && ru.ru_maxrss / 1024 > rss_mb) {
		printf("not ok - %s: the peak memory reached %ld MB (more "
		    "than FUZZ_RSS_MB %ld)\n", path, ru.ru_maxrss / 1024,
		    rss_mb);
		rss_mb = ru.ru_maxrss / 1024 + 1;	/* name it once */
		return -2;
	}
	return 0;
}

/*
 * Replay the files that the patterns of seeds file f match under srcdir:
 * one test point a pattern, failed when it matches nothing (a seed that
 * moved away).  Blank lines and lines starting with # are skipped.
 */
static int
seeds(FILE *f, const char *srcdir, int *t)
{
	char	 line[512], pat[4096];
	glob_t	 g;
	size_t	 i, len;
	int	 bad = 0, n;

	while (fgets(line, sizeof line, f) != NULL) {
		len = strcspn(line, "\n");
		line[len] = '\0';
		if (len == 0 || line[0] == '#')
			continue;
		snprintf(pat, sizeof pat, "%s/%s", srcdir, line);
		n = 0;
		if (glob(pat, 0, NULL, &g) == 0) {
			for (i = 0; i < g.gl_pathc; i++)
				switch (run_file(g.gl_pathv[i])) {
				case 0:
					n++;
					break;
				case -2:
					bad = 1;
					break;
				}
			globfree(&g);
		}
		printf("%sok %d - seeds %s: %d inputs without a crash\n",
		    n > 0 ? "" : "not ", ++*t, line, n);
		bad |= n == 0;
	}
	return bad;
}

int
main(int argc, char **argv)
{
	struct stat	 sb;
	struct dirent	*de;
	DIR		*d;
	char		 path[4096], dirs[2][4096], *deflt[3];
	FILE		*f = NULL;
	const char	*name, *srcdir;
	int		 i, n, t = 0, bad = 0, rc;

	limits();
	if (argc < 2) {
		name = strrchr(argv[0], '/') != NULL ?
		    strrchr(argv[0], '/') + 1 : argv[0];
		if (strncmp(name, "fuzz-", 5) == 0)
			name += 5;
		if ((srcdir = getenv("srcdir")) == NULL)
			srcdir = ".";
		snprintf(path, sizeof path, "%s/tests/fuzz/corpus/%s.seeds",
		    srcdir, name);
		if ((f = fopen(path, "r")) != NULL) {
			bad |= seeds(f, srcdir, &t);
			fclose(f);
		}
		snprintf(dirs[0], sizeof dirs[0], "%s/tests/fuzz/corpus/%s",
		    srcdir, name);
		snprintf(dirs[1], sizeof dirs[1], "%s/tests/fuzz/regress/%s",
		    srcdir, name);
		argc = 0;
		deflt[argc++] = argv[0];
		/* Only a target with its seeds elsewhere may lack corpus/. */
		if (f == NULL || stat(dirs[0], &sb) == 0)
			deflt[argc++] = dirs[0];
		deflt[argc++] = dirs[1];
		argv = deflt;
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
			if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
				continue;
			if ((rc = run_file(path)) == 0)
				n++;
			else if (rc == -2)
				bad = 1;
		}
		closedir(d);
		printf("ok %d - %s: %d inputs without a crash\n", ++t, argv[i],
		    n);
	}
	printf("1..%d\n", t);
	return bad;
}
