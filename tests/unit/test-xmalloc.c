/* SPDX-License-Identifier: ISC
 * test-xmalloc.c - the x-alloc family never returns NULL: a failed or
 * overflowing allocation goes to the fatal hook (the TUI's restores the
 * terminal first), and the default hook prints one line and exits 1.
 * Only overflowing sizes are tried: a merely huge malloc is an error
 * report of its own under AddressSanitizer.
 */
#include "config.h"

#include <sys/wait.h>

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "xmalloc.h"

static jmp_buf	back;
static char	said[256];
static int	calls;

static void
catch_fatal(const char *msg)
{
	calls++;
	snprintf(said, sizeof said, "%s", msg);
	longjmp(back, 1);
}

/* Run fn under the catching hook; 1 if the hook was called. */
static int
fails(void (*fn)(void))
{
	int	before = calls;

	said[0] = '\0';
	if (setjmp(back) == 0)
		fn();
	return calls > before;
}

static void big_calloc(void) { free(xcalloc(SIZE_MAX / 2, 4)); }
static void big_array(void) { free(xreallocarray(NULL, SIZE_MAX / 8, 16)); }
static void zero_malloc(void) { free(xmalloc(0)); }
static void zero_realloc(void) { free(xrealloc(NULL, 0)); }

int
main(void)
{
	xmalloc_fatal_fn	 old;
	char			*s;
	int			 fd[2], status;
	pid_t			 pid;
	ssize_t			 n;
	char			 buf[256];

	s = xasprintf("%d-%s", 42, "x");
	is_str(s, "42-x", "xasprintf formats");
	free(s);
	s = xstrdup("abc");
	is_str(s, "abc", "xstrdup copies");
	free(s);

	old = xmalloc_set_fatal(catch_fatal);
	ok(old != NULL, "a default hook is installed");
	ok(fails(big_calloc) && strstr(said, "overflows") != NULL,
	    "xcalloc(SIZE_MAX/2, 4) overflows into the hook: %s", said);
	ok(fails(big_array) && strstr(said, "overflows") != NULL,
	    "xreallocarray overflow goes to the hook: %s", said);
	ok(fails(zero_malloc), "xmalloc(0) is a bug, reported: %s", said);
	ok(fails(zero_realloc), "xrealloc(NULL, 0) too: %s", said);
	s = xrealloc(xstrdup("ab"), 64);
	ok(strcmp(s, "ab") == 0, "xrealloc keeps the contents");
	free(s);
	ok(xmalloc_set_fatal(NULL) == catch_fatal,
	    "set_fatal returns the hook it replaces");

	/* The default: one line on stderr, exit 1. */
	if (pipe(fd) != 0 || (pid = fork()) < 0)
		return 99;
	if (pid == 0) {
		dup2(fd[1], 2);
		close(fd[0]);
		free(xcalloc(SIZE_MAX / 2, 4));
		_exit(0);
	}
	close(fd[1]);
	n = read(fd[0], buf, sizeof buf - 1);
	buf[n > 0 ? n : 0] = '\0';
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 1,
	    "the default hook exits 1");
	ok(strncmp(buf, "warpviz: out of memory", 22) == 0,
	    "and says so: %.*s", (int)strcspn(buf, "\n"), buf);
	ok(strchr(buf, '\n') == buf + strlen(buf) - 1, "on one line");
	return tap_done();
}
