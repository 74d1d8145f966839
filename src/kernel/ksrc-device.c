/* SPDX-License-Identifier: ISC
 * ksrc-device.c - the text NVRTC compiles for a kernel file: the file
 * as written, with what only a host compiler reads turned to spaces
 * (newlines kept, so that every line keeps its number for -lineinfo):
 * the definitions of host functions (main, a launcher: neither
 * __global__ nor __device__) and the #include lines of host headers
 * (<cstdio>, <vector>, cuda_runtime.h, a helper of the samples), and
 * namespaces unwrapped.  A kernel file with
 * its host code then compiles for live runs and as compiled.
 */
#include "config.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include "ksrc-int.h"

/*
 * Headers of the host only, by the start of their name: the C and C++
 * libraries a host program includes, CUDA's runtime and host libraries,
 * the samples' helpers.  NVRTC has none of them; any other include is
 * left for NVRTC to find, or to name in its error.
 */
static const char *const host_headers[] = { "stdio.h", "cstdio",
    "stdlib.h", "cstdlib", "string.h", "cstring", "time.h", "ctime",
    "assert.h", "cassert", "ctype.h", "cctype", "errno.h", "cerrno",
    "iostream", "fstream", "sstream", "iomanip", "vector", "string",
    "algorithm", "numeric", "memory", "chrono", "random", "functional",
    "map", "unordered_map", "set", "thread", "mutex", "utility",
    "sys/", "unistd.h", "omp.h", "cuda_runtime", "cuda.h",
    "device_launch_parameters.h", "helper_", "thrust/", "cublas",
    "cufft", "curand.h", "cusparse", "cusolver", "nvtx", "nvToolsExt",
    NULL };

/* Is the header name (up to its closing '>' or '"') a host one?  An
   entry with no '.' names all that begin with it. */
static int
host_header(const char *name, size_t len)
{
	size_t	n = strcspn(name, ">\"\n");
	int	i;

	if (n > len)
		n = len;
	for (i = 0; host_headers[i] != NULL; i++)
		if (strlen(host_headers[i]) <= n &&
		    strncmp(name, host_headers[i], strlen(host_headers[i])) ==
		    0 && (strchr(host_headers[i], '.') == NULL ||
		    strlen(host_headers[i]) == n))
			return 1;	/* "vector" is <vector...>, "cuda.h" itself */
	return 0;
}

/* Spaces over [from, to) of s, its newlines kept. */
static void
blank(char *s, size_t from, size_t to)
{
	for (; from < to; from++)
		if (s[from] != '\n')
			s[from] = ' ';
}

/* Each #include line of a host header, blanked. */
static void
blank_includes(char *s)
{
	char	*p = s, *q, *e;

	for (; *p != '\0'; p = *e == '\n' ? e + 1 : e) {
		e = p + strcspn(p, "\n");
		q = p + strspn(p, " \t");
		if (*q++ != '#')
			continue;
		q += strspn(q, " \t");
		if (strncmp(q, "include", 7) != 0)
			continue;
		q += 7 + strspn(q + 7, " \t");
		if ((*q == '<' || *q == '"') && q + 1 < e &&
		    host_header(q + 1, (size_t)(e - q - 1)))
			blank(s, (size_t)(p - s), (size_t)(e - s));
	}
}

enum item { ITEM_KEEP, ITEM_HOST_FN, ITEM_SCOPE };

/* What the file-scope item from token a to its '{' at b is. */
static enum item
item_kind(struct rd *r, int a, int b)
{
	static const char *const keep[] = { "__global__", "__device__",
	    "struct", "class", "union", "enum", "=", "typedef", NULL };
	int	i, k, paren = 0;

	if (a < b && (ksrc_tok_is(&r->t[a], "namespace") ||
	    (ksrc_tok_is(&r->t[a], "extern") && r->t[a + 1].kind == T_STR &&
	    a + 2 == b)))
		return ITEM_SCOPE;
	for (i = a; i < b; i++) {
		for (k = 0; keep[k] != NULL; k++)
			if (ksrc_tok_is(&r->t[i], keep[k]))
				return ITEM_KEEP;
		paren |= ksrc_tok_is(&r->t[i], "(");
	}
	if (!paren || b == a)
		return ITEM_KEEP;
	return ksrc_tok_is(&r->t[b - 1], ")") ||
	    ksrc_tok_is(&r->t[b - 1], "const") ||
	    ksrc_tok_is(&r->t[b - 1], "noexcept") ? ITEM_HOST_FN : ITEM_KEEP;
}

/* The token that closes the '{' at i (or the end). */
static int
close_of(struct rd *r, int i)
{
	int	depth = 0;

	for (; r->t[i].kind != T_EOF; i++)
		if (ksrc_tok_is(&r->t[i], "{"))
			depth++;
		else if (ksrc_tok_is(&r->t[i], "}") && --depth == 0)
			return i;
	return i;
}

/* Blank token i. */
static void
blank_tok(struct rd *r, char *s, int i)
{
	blank(s, (size_t)r->t[i].off, (size_t)r->t[i].end);
}

const char *
ksrc_device_text(struct rd *r)
{
	char	*s;
	int	 i, k, start = 0, end, scopes = 0;

	s = (char *)ksrc_dup_n(r, r->text, strlen(r->text));
	blank_includes(s);
	for (i = 0; i < r->nt && r->t[i].kind != T_EOF; i++) {
		if (ksrc_tok_is(&r->t[i], "}") && scopes > 0) {
			scopes--;	/* a namespace's end, unwrapped */
			blank_tok(r, s, i);
		}
		if (ksrc_tok_is(&r->t[i], ";") || ksrc_tok_is(&r->t[i], "}")) {
			start = i + 1;	/* an item's end, or a scope's */
			continue;
		}
		if (!ksrc_tok_is(&r->t[i], "{"))
			continue;
		switch (item_kind(r, start, i)) {
		case ITEM_SCOPE:
			/* namespace X { unwrapped: the kernel's name is then
			   the one NVRTC is asked for (&k), as the reader
			   reads its items as the file's. */
			for (k = start; k <= i; k++)
				blank_tok(r, s, k);
			scopes++;
			start = i + 1;
			continue;
		case ITEM_HOST_FN:
			end = close_of(r, i);
			if (r->t[end].kind != T_EOF)
				blank(s, (size_t)r->t[start].off,
				    (size_t)r->t[end].end);
			break;
		default:
			end = close_of(r, i);
			break;
		}
		i = end;
		start = end + 1;
	}
	return s;
}
