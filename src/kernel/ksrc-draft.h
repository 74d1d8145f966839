/* SPDX-License-Identifier: ISC
 * ksrc-draft.h - what check --draft knows of a file without warpviz:
 * lines: its kernel's parameters and the host's launch of it
 * (ksrc-host.c reads them, ksrc-draft.c writes the lines).  Private to
 * those two.
 */
#ifndef WV_KSRC_DRAFT_H
#define WV_KSRC_DRAFT_H

#include <stdint.h>

#include "ksrc-int.h"

#define DRAFT_MAX_ARGS	16
#define DRAFT_DEPTH	4	/* host names looked through, nested */
#define DRAFT_MAX_EXPR	256	/* bytes of an expression drafted */
#define DRAFT_MAX_ASKED	8	/* lines added that the reader asks for */

/* A parameter of the kernel (or of its template). */
struct dparam {
	int		 name;		/* token */
	int		 isint, ptr, isbool;
	int		 tmpl;		/* 1: template <int X>, 2: <class T> */
	int		 esize;		/* ptr: bytes of its element, or 0 */
	const char	*type;		/* ptr: its element type, or NULL */
	const char	*value;		/* what the draft gives it */
	int		 host;		/* 1: the value is the host code's */
};

struct draft {
	struct rd	*r;
	int		 kname, first;	/* the kernel's name, first token */
	struct dparam	 p[DRAFT_MAX_ARGS];
	int		 np;
	int		 call;		/* the host's kernel<<< token, or -1 */
	int		 cargs[DRAFT_MAX_ARGS + 1], ncargs;	/* (...) */
	int		 targs[DRAFT_MAX_ARGS + 1], ntargs;	/* <...> */
	int		 largs[5], nlargs;	/* <<<...>>> */
	int		 twod, shared;	/* uses .y; extern __shared__ token */
	long		 work;		/* tokens looked at */
	const char	*asked;		/* lines the reader asked for */
	const char	*asked_host;	/* what they took from the host */
	const char	*asked_guess;	/* what they guess */
};

/* The work a draft may do, in tokens looked at: a file of a megabyte
   takes a few million; a tangle made to be slow is stopped. */
#define DRAFT_MAX_WORK	(64 * 1000 * 1000)

/* ksrc-host.c: the kernel's signature and the host code around it. */
/* The first __global__ function with a body and its parameters: 0, or
   -1 for none. */
int	 ksrc_host_kernel(struct draft *);
/* The host's kernel<<<...>>>(...) (d->call: its token, or -1). */
void	 ksrc_host_call(struct draft *);
/* The host's argument for parameter k, as tokens [*a, *b): 1, or 0. */
int	 ksrc_host_arg(const struct draft *, int k, int *a, int *b);
/* Tokens [a, b) as an expression over the draft's parameters (map: the
   host's names passed for them become theirs), sizeof(...) as '@', or
   NULL. */
const char	*ksrc_host_xlate(struct draft *, int a, int b, int map,
		     int depth);
/* A constant expression's value, or -1. */
int64_t	 ksrc_host_constant(const char *text);
/* A <<<>>> argument (tokens [a, b)) as "X" or "X,Y", or NULL. */
const char	*ksrc_host_dim(struct draft *, int a, int b);
/* Bytes (tokens [a, b)) as elements of esize bytes, or NULL. */
const char	*ksrc_host_elements(struct draft *, int a, int b, int esize);
/* Pointer parameter k's length from the host's cudaMalloc, or NULL. */
const char	*ksrc_host_malloc_length(struct draft *, int k);
/* The name token of the kernel's extern __shared__ array, or -1. */
int	 ksrc_host_shared(struct draft *);

#endif
