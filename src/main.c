/* SPDX-License-Identifier: ISC
 * main.c - entry point: the locale, then the dispatcher; at exit, a write
 * error on stdout is an error (as GNU's close_stdout).
 *
 * The locale comes from the environment for characters (UTF-8 glyphs) but
 * numbers are always printed and read with '.': JSON and the golden text
 * frames must not change with LC_NUMERIC (fi_FI and de_DE write 16,0000).
 */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/*
 * Flush stdout and check it; on failure (a full disk, /dev/full, a closed
 * descriptor) say so on one line and exit 1.  Registered with atexit, so
 * it also runs after the exit(0) of --help; hence _exit.
 */
static void
main_close_stdout(void)
{
	int	bad, e = 0;

	/*
	 * Flushed, not closed: descriptor 1 stays what it was for whatever
	 * runs after us at exit (sanitizers open files then).  A closed
	 * stdout that was never written to is fine, as in GNU.
	 */
	errno = 0;
	bad = ferror(stdout);
	if (fflush(stdout) != 0) {
		bad = 1;
		e = errno;
	}
	if (!bad)
		return;
	if (e != 0)
		fprintf(stderr, "warpviz: write error on standard output: "
		    "%s\n", strerror(e));
	else
		fprintf(stderr, "warpviz: write error on standard output\n");
	fflush(stderr);
	_exit(1);
}

int
main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	atexit(main_close_stdout);
	return cli_main(argc, argv);
}
