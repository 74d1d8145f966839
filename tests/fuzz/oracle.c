/* SPDX-License-Identifier: ISC
 * oracle.c - the differential oracle (see oracle.h): every generated
 * kernel read by the kernel-file reader and run by the model, warp by
 * warp and step by step (warp_access), and run as C by the C compiler,
 * thread by thread; each thread's accesses (line:column of the array in
 * the .cu text, element index) must be the same list in the same order.
 * A kernel the reader refuses is not compared: the refusals are counted,
 * and too many of them fail (an oracle that compares nothing proves
 * nothing).  A difference prints the kernel and the first differing lane.
 * TAP, one test point per kernel compared.
 *
 * oracle [-v]: -v prints each refusal's cause.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ksrc.h"
#include "launch.h"
#include "oracle.h"
#include "param.h"
#include "warp.h"

struct rec {
	int		line, col;
	long long	index;
};

struct thr {
	struct rec	*r;
	int		 n, cap;
};

static void
push(struct thr *t, int line, int col, long long index)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		if ((t->r = realloc(t->r, t->cap * sizeof *t->r)) == NULL)
			abort();
	}
	t->r[t->n].line = line;
	t->r[t->n].col = col;
	t->r[t->n].index = index;
	t->n++;
}

void
oracle_rec(struct oracle_ctx *o, int line, int col, long long index)
{
	push(o->arg, line, col, index);
}

/* Thread (tx, ty) of block (bx, by) as an index into the lists. */
static int
tid(const struct oracle_kernel *k, int bx, int by, int tx, int ty)
{
	return ((by * k->grid[0] + bx) * k->block[1] + ty) * k->block[0] + tx;
}

static void
run_c(const struct oracle_kernel *k, struct thr *cpu)
{
	struct oracle_ctx	o;
	int			bx, by, tx, ty;

	memset(&o, 0, sizeof o);
	o.blockDim.x = k->block[0];
	o.blockDim.y = k->block[1];
	o.blockDim.z = o.gridDim.z = 1;
	o.gridDim.x = k->grid[0];
	o.gridDim.y = k->grid[1];
	for (by = 0; by < k->grid[1]; by++)
		for (bx = 0; bx < k->grid[0]; bx++)
			for (ty = 0; ty < k->block[1]; ty++)
				for (tx = 0; tx < k->block[0]; tx++) {
					o.blockIdx.x = bx;
					o.blockIdx.y = by;
					o.threadIdx.x = tx;
					o.threadIdx.y = ty;
					o.arg = &cpu[tid(k, bx, by, tx, ty)];
					k->run(&o);
				}
}

/* The model's lanes into the lists; -1 and *cause if it cannot. */
static int
run_model(const struct oracle_kernel *k, struct thr *gpu, char **cause)
{
	static struct launch	 l;
	static struct access	 a;
	struct variant		*v;
	struct param_set	 ps;
	const struct launch_site *s;
	int64_t			 step;
	int			 bx, by, w, lane, rc = -1;

	if ((v = ksrc_parse("oracle.cu", k->cu, cause)) == NULL)
		return -1;
	param_defaults(&ps, v);
	if (launch_init(&l, &ps, cause) != 0) {
		ksrc_free(v);
		return -1;
	}
	if (l.grid[0] != k->grid[0] || l.grid[1] != k->grid[1] ||
	    l.block[0] != k->block[0] || l.block[1] != k->block[1]) {
		*cause = strdup("the model's launch is not the header's");
		goto out;
	}
	for (by = 0; by < k->grid[1]; by++)
	for (bx = 0; bx < k->grid[0]; bx++)
	for (w = 0; w < l.warps; w++)
	for (step = 0; step < l.nsteps; step++) {
		if (warp_access(&l, bx, by, w, step, &a, cause) != 0)
			goto out;
		s = &l.sites[a.site];
		for (lane = 0; lane < a.nlanes; lane++) {
			if (!(a.active >> lane & 1))
				continue;
			/* a site's column counts from 0 */
			push(&gpu[tid(k, bx, by, a.tid[lane][0],
			    a.tid[lane][1])], s->line, s->col + 1, a.index[lane]);
		}
	}
	rc = 0;
out:
	launch_free(&l);
	ksrc_free(v);
	return rc;
}

/* 0 if every thread's list is the same; else prints the first lane
   that differs, and the kernel. */
static int
compare(int n, const struct oracle_kernel *k, struct thr *cpu,
    struct thr *gpu)
{
	int	bx, by, tx, ty, i, t;

	for (by = 0; by < k->grid[1]; by++)
	for (bx = 0; bx < k->grid[0]; bx++)
	for (ty = 0; ty < k->block[1]; ty++)
	for (tx = 0; tx < k->block[0]; tx++) {
		t = tid(k, bx, by, tx, ty);
		for (i = 0; i < cpu[t].n || i < gpu[t].n; i++) {
			if (i < cpu[t].n && i < gpu[t].n &&
			    cpu[t].r[i].line == gpu[t].r[i].line &&
			    cpu[t].r[i].col == gpu[t].r[i].col &&
			    cpu[t].r[i].index == gpu[t].r[i].index)
				continue;
			printf("not ok %d - oracle-%d: block (%d,%d) thread "
			    "(%d,%d) (lane %d of warp %d), access %d:", n, n - 1,
			    bx, by, tx, ty, (ty * k->block[0] + tx) % 32,
			    (ty * k->block[0] + tx) / 32, i + 1);
			if (i < gpu[t].n)
				printf(" model %d:%d element %lld,",
				    gpu[t].r[i].line, gpu[t].r[i].col,
				    gpu[t].r[i].index);
			else
				printf(" model none,");
			if (i < cpu[t].n)
				printf(" C %d:%d element %lld\n",
				    cpu[t].r[i].line, cpu[t].r[i].col,
				    cpu[t].r[i].index);
			else
				printf(" C none\n");
			printf("# the kernel (oracle.cu):\n# ");
			for (i = 0; k->cu[i] != '\0'; i++) {
				putchar(k->cu[i]);
				if (k->cu[i] == '\n' && k->cu[i + 1] != '\0')
					printf("# ");
			}
			return -1;
		}
	}
	return 0;
}

int
main(int argc, char **argv)
{
	const struct oracle_kernel *k;
	struct thr	*cpu, *gpu;
	char		*cause;
	int		 i, j, nt, verbose, compared = 0, refused = 0, failed = 0;
	long long	 accesses = 0;

	verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
	for (i = 0; i < oracle_nkernels; i++) {
		k = &oracle_kernels[i];
		nt = k->grid[0] * k->grid[1] * k->block[0] * k->block[1];
		if ((cpu = calloc(nt, sizeof *cpu)) == NULL ||
		    (gpu = calloc(nt, sizeof *gpu)) == NULL)
			abort();
		cause = NULL;
		if (run_model(k, gpu, &cause) != 0) {
			refused++;
			if (verbose)
				printf("# oracle-%d refused: %s\n", i,
				    cause != NULL ? cause : "(no cause)");
			if (cause == NULL)
				failed++;	/* a refusal says why */
			free(cause);
		} else {
			run_c(k, cpu);
			compared++;
			if (compare(compared, k, cpu, gpu) != 0)
				failed++;
			else
				printf("ok %d - oracle-%d: the model's lanes are "
				    "C's\n", compared, i);
		}
		for (j = 0; j < nt; j++) {
			accesses += gpu[j].n;
			free(cpu[j].r);
			free(gpu[j].r);
		}
		free(cpu);
		free(gpu);
	}
	/* An oracle that compares little proves little. */
	compared++;
	if (refused * 2 > oracle_nkernels) {
		printf("not ok %d - %d of %d kernels refused (at most half may be)"
		    "\n", compared, refused, oracle_nkernels);
		failed++;
	} else
		printf("ok %d - %d of %d kernels compared, %d refused, %lld "
		    "lane accesses\n", compared, compared - 1, oracle_nkernels,
		    refused, accesses);
	printf("1..%d\n", compared);
	return failed != 0;
}
