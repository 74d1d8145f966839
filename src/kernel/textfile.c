/* SPDX-License-Identifier: ISC
 * textfile.c - read a text file a user names (a kernel file, a lesson) as
 * the results reader reads its files: a regular file only, opened without
 * waiting (a FIFO with no writer must not block), at most a given size,
 * with no NUL byte.  A folder, a device, a FIFO or a file too large gets
 * one clear line.  Never prints or exits.
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cause.h"
#include "textfile.h"
#include "xmalloc.h"

char *
textfile_read(const char *path, size_t max, size_t *lenp, char **cause)
{
	struct stat	 sb;
	const char	*why = NULL;
	char		*buf;
	size_t		 len = 0;
	ssize_t		 got;
	int		 fd, e;

	*cause = NULL;
	/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
		*cause = cause_printf("%s: cannot open: %s", path,
		    strerror(errno));
		return NULL;
	}
	if (fstat(fd, &sb) != 0) {
		e = errno;
		close(fd);
		*cause = cause_printf("%s: cannot open: %s", path,
		    strerror(e));
		return NULL;
	}
	if (S_ISDIR(sb.st_mode))
		why = "a directory, not a file";
	else if (!S_ISREG(sb.st_mode))
		why = "not a regular file (a device, FIFO or socket)";
	else if ((uintmax_t)sb.st_size > max)
		why = "too large";
	if (why != NULL) {
		close(fd);
		if (strcmp(why, "too large") == 0)
			*cause = cause_printf("%s: larger than %zu bytes", path,
			    max);
		else
			*cause = cause_printf("%s: %s", path, why);
		return NULL;
	}
	buf = xmalloc((size_t)sb.st_size + 2);
	for (;;) {
		got = read(fd, buf + len, (size_t)sb.st_size + 1 - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			e = errno;
			free(buf);
			close(fd);
			*cause = cause_printf("%s: cannot read: %s", path,
			    strerror(e));
			return NULL;
		}
		if (got == 0)
			break;
		len += got;
		if (len > (size_t)sb.st_size) {
			/* It grew while we read: refuse rather than chase. */
			free(buf);
			close(fd);
			*cause = cause_printf("%s: changing while it is read",
			    path);
			return NULL;
		}
	}
	close(fd);
	buf[len] = '\0';
	if (memchr(buf, '\0', len) != NULL) {
		free(buf);
		*cause = cause_printf("%s: not a text file (a NUL byte)", path);
		return NULL;
	}
	if (lenp != NULL)
		*lenp = len;
	return buf;
}
