/* SPDX-License-Identifier: ISC
 * cli-check.c - the check command: what the model understood of a kernel
 * (parameters, launch, arrays, loops with their trip counts, guards and
 * access sites with their lines), so a kernel file can be checked before
 * it is shown.  A kernel that does not launch at its parameters, or one
 * warp of which cannot compute an index (a division by zero), is refused
 * as show and stats refuse it (one line, exit 2); every word from the
 * file is printed through safestr.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-check.h"
#include "gpu-datadir.h"
#include "ksrc.h"
#include "launch.h"
#include "oob.h"
#include "opts.h"
#include "safestr.h"
#include "textfile.h"
#include "variant.h"

static const char *
space_name(enum mem_space s)
{
	return arch_space_name(s);
}

/* The body as the model reads it, one line per entry, with the launch's
   trip counts and site numbers where it set up. */
static void
check_body(FILE *f, const struct variant *v, const struct launch *l)
{
	const struct body_def	*b;
	int			 i, n, depth = 1, loop = 0, site = 0;
	static const char	 step_ops[] = "+*/<>";
	static const char	*step_text[] = { "+=", "*=", "/=", "<<=",
	    ">>=" };

	n = v->xbody != NULL ? v->nxbody : VARIANT_MAX_BODY;
	for (i = 0; i < n; i++) {
		b = v->xbody != NULL ? &v->xbody[i] : &v->body[i];
		if (b->kind == BODY_END_OF_PROGRAM)
			break;
		switch (b->kind) {
		case BODY_LET:
			safestr_fprintf(f, "  %*s%s = %s\n", 2 * depth, "",
			    b->name, b->expr);
			break;
		case BODY_LOOP:
		case BODY_FOR:
			safestr_fprintf(f, "  line %-4d%*sfor %s", b->line,
			    2 * depth - 2, "", b->text);
			if (b->kind == BODY_FOR)
				safestr_fprintf(f, " = %s while %s, %s %s %s",
				    b->init, b->expr, b->name,
				    step_text[strchr(step_ops, b->step_op) -
				    step_ops], b->step);
			else
				safestr_fprintf(f, " < %s", b->count);
			if (l != NULL && loop < l->nloops)
				fprintf(f, ": %lld iteration%s%s",
				    (long long)l->loops[loop].count,
				    l->loops[loop].count == 1 ? "" : "s",
				    l->loops[loop].bounded ? " at most, per "
				    "thread" : "");
			fputc('\n', f);
			loop++;
			depth++;
			break;
		case BODY_IF:
			safestr_fprintf(f, "  line %-4d%*sif %s\n", b->line,
			    2 * depth - 2, "", b->expr);
			depth++;
			break;
		case BODY_ELSE:
			fprintf(f, "  %*selse\n", 2 * depth - 2 + 8, "");
			break;
		case BODY_END:
			depth--;
			break;
		case BODY_SITE:
			safestr_fprintf(f, "  %4d:%-3d %*s%-5s %s", b->line,
			    b->col + 1, 2 * depth - 2, "", arch_op_name(b->op), b->text);
			if (b->expr != NULL && strcmp(b->expr, b->text) != 0)
				safestr_fprintf(f, "  = %s", b->expr);
			if (l != NULL && site < l->nsites)
				fprintf(f, "  (%s, %d bytes%s)",
				    space_name(l->sites[site].space),
				    l->sites[site].size,
				    l->sites[site].affine ? "" :
				    ", not affine");
			fputc('\n', f);
			site++;
			break;
		default:
			break;
		}
	}
}

/* The accesses outside their arrays (oob_scan's o), site by site. */
static void
check_oob(FILE *f, const struct launch *l, const struct oob_site *o)
{
	char	lanes[128];
	int	i, n = 0;

	for (i = 0; i < l->nsites; i++)
		n += o[i].lanes > 0 || !o[i].checked;
	if (n == 0) {
		fprintf(f, "outside their arrays: none\n");
		return;
	}
	fprintf(f, "OUTSIDE THEIR ARRAYS (still drawn and counted: the "
	    "hardware touches those bytes):\n");
	for (i = 0; i < l->nsites; i++) {
		const struct launch_site *s = &l->sites[i];

		if (!o[i].checked) {
			fprintf(f, "  %4d:%-3d %s: not checked (more than %lld "
			    "lane evaluations or %lld warp steps)\n", s->line,
			    s->col + 1, s->text, (long long)OOB_BUDGET,
			    (long long)OOB_VISITS);
			continue;
		}
		if (o[i].lanes == 0)
			continue;
		oob_lanes_text(o[i].mask, lanes, sizeof lanes);
		fprintf(f, "  %4d:%-3d %s: %lld lane access%s outside %s "
		    "(length %lld)", s->line, s->col + 1, s->text,
		    (long long)o[i].lanes, o[i].lanes == 1 ? "" : "es",
		    l->arrays[s->array].def->name,
		    (long long)l->arrays[s->array].length);
		if (o[i].before > 0)
			fprintf(f, ", up to %lld elements before it",
			    (long long)o[i].before);
		if (o[i].past > 0)
			fprintf(f, ", up to %lld elements past its end",
			    (long long)o[i].past);
		fprintf(f, "; first: block %lld,%lld warp %d step %lld lanes "
		    "%s, element %lld\n", (long long)o[i].block[0],
		    (long long)o[i].block[1], o[i].warp,
		    (long long)o[i].step, lanes, (long long)o[i].index);
	}
}

/*
 * The file check --template prints: a small kernel whose every warpviz:
 * line says what it is for, and which passes check itself (tests/
 * template.sh models it and checks the counts by hand).  %s is the
 * folder of the installed examples.
 */
static const char check_template[] =
"/*\n"
" * my-kernel.cu - a kernel file to begin your own, from\n"
" * `warpviz check --template`.  Change the kernel and its warpviz: lines,\n"
" * then:\n"
" *   warpviz check my-kernel.cu             what the model read of it, or\n"
" *                                          the FILE:LINE:COLUMN it cannot\n"
" *   warpviz my-kernel.cu                   the lecture screen on it\n"
" *   warpviz show my-kernel.cu --step 0     one frame as text\n"
" *   warpviz stats my-kernel.cu -p stride=2 the whole launch's totals\n"
" * The warpviz: lines are described in warpviz(1), KERNEL FILES; kernels\n"
" * to copy from are in %s/examples.\n"
" *\n"
" * What it shows: each thread reads one float, stride floats after its\n"
" * neighbour's, and writes one.  A warp's load touches 4 sectors of 32\n"
" * bytes at stride 1 (coalesced), 8 at stride 2 (split), and from stride\n"
" * 8 on every lane has a sector of its own: 32 (uncoalesced).  The store\n"
" * stays coalesced.\n"
" */\n"
"\n"
"// The variant's name (default: the file's name) and a one-line title.\n"
"// warpviz: name=my-kernel\n"
"// warpviz: title=y[i] = 2 * x[i * stride]: a strided read, a coalesced write\n"
"// What the lecture screen says under the frame.\n"
"// warpviz: lesson=Each lane reads 4 bytes stride floats after its neighbour's: try -p stride=2 and -p stride=8 and watch the sectors of the load grow while the store keeps 4.\n"
"// A parameter: the kernel's int argument of that name (if any), its\n"
"// default, range, unit and meaning; -p NAME=VALUE sets it.\n"
"// warpviz: param n=1048576 range=1..4194304 unit=elements text=elements written\n"
"// warpviz: param stride=1 range=1..32 unit=elements text=distance between the lanes' reads\n"
"// warpviz: param bs=256 range=32..1024 pow2 unit=threads text=threads per block (blockDim.x)\n"
"// The launch over the parameters, without spaces: grid=X[,Y] block=X[,Y].\n"
"// warpviz: launch grid=(n+bs-1)/bs block=bs\n"
"// Each pointer argument with its length in elements (dims=ROWS,COLS\n"
"// would draw it as a matrix).\n"
"// warpviz: array x length=n*stride\n"
"// warpviz: array y length=n\n"
"__global__ void my_kernel(float *y, const float *x, int n, int stride)\n"
"{\n"
"	int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
"\n"
"	// The last block's threads past n do nothing: inactive lanes.\n"
"	if (i < n)\n"
"		y[i] = 2.0f * x[i * stride];\n"
"}\n";

/* check --template: the commented kernel file, to begin one's own. */
static int
check_print_template(void)
{
	printf(check_template, gpu_datadir_pkgdata());
	return 0;
}

/*
 * check --draft FILE: the file with a draft of its warpviz: lines, on
 * stdout; exit 0 when the draft reads, 1 (with the reader's one line)
 * when the kernel needs more than the draft gives.  A file that has
 * lines already, or that cannot be read, is bad input.
 */
static int
check_print_draft(const char *path)
{
	struct variant	*v;
	char		*text, *out, *cause = NULL;

	if ((text = textfile_read(path, KSRC_MAX_BYTES, NULL, &cause)) ==
	    NULL) {
		opts_error("check: --draft: %s", cause);
		free(cause);
		return EXIT_USAGE;
	}
	if (ksrc_blocks(text) > 0) {
		free(text);
		return opts_error("check: --draft: %s has '// warpviz:' lines "
		    "already (warpviz check %s shows what they say)", path,
		    path);
	}
	if ((out = ksrc_draft(path, text, &cause)) == NULL) {
		free(text);
		opts_error("check: --draft: %s", cause);
		free(cause);
		return EXIT_USAGE;
	}
	free(text);
	fputs(out, stdout);
	v = ksrc_parse(path, out, &cause);
	free(out);
	if (v == NULL) {
		safestr_fprintf(stderr, "warpviz: check --draft: the draft "
		    "does not read yet (lines counted in the draft): %s\n",
		    cause);
		free(cause);
		return 1;
	}
	ksrc_free(v);
	return 0;
}

int
cli_check(struct opts *o)
{
	struct launch		 l;
	struct oob_site		 oob[LAUNCH_MAX_SITES];
	const struct variant	*v = o->v;
	const struct param_set	*ps = &o->ps;
	char			*cause = NULL, pbuf[256];
	int			 i;

	if (opts_given(o, OPT_TEMPLATE)) {
		if (v != NULL || opts_given(o, OPT_PARAM))
			return opts_error("check: --template takes no VARIANT "
			    "or -p (warpviz check --template > my-kernel.cu)");
		return check_print_template();
	}
	if (opts_given(o, OPT_DRAFT)) {
		if (v != NULL || opts_given(o, OPT_PARAM) ||
		    opts_given(o, OPT_TEMPLATE))
			return opts_error("check: --draft FILE takes no VARIANT, "
			    "-p or --template (warpviz check --draft FILE.cu > "
			    "drafted.cu)");
		return check_print_draft(o->draft);
	}
	param_format(ps, pbuf, sizeof pbuf, 1);
	/* A kernel that cannot launch is bad input, as for show. */
	if (launch_init(&l, ps, &cause) != 0) {
		opts_error("check: %s does not launch with %s: %s",
		    v->path != NULL ? v->path : v->name, pbuf, cause);
		free(cause);
		return EXIT_USAGE;
	}
	/* A warp whose index cannot be computed (a division by zero) is
	   refused by stats and show: by check too, before it prints. */
	if (oob_scan(&l, oob, &cause) != 0) {
		opts_error("check: %s", cause);
		free(cause);
		launch_free(&l);
		return EXIT_USAGE;
	}
	safestr_fprintf(stdout, "%s: kernel %s, variant %s: %s\n",
	    v->path != NULL ? v->path : v->source, v->kernel, v->name,
	    v->title);
	printf("parameters:\n");
	for (i = 0; i < ps->n; i++)
		safestr_fprintf(stdout, "  %-10s %lld (%lld..%lld%s)\n",
		    ps->def[i]->name, (long long)ps->val[i],
		    (long long)ps->def[i]->min, (long long)ps->def[i]->max,
		    ps->def[i]->flags & PARAM_POW2 ? ", a power of two" : "");
	for (i = 0; i < 4 && v->derived[i].name != NULL; i++)
		safestr_fprintf(stdout, "  %-10s = %s\n", v->derived[i].name,
		    v->derived[i].expr);
	safestr_fprintf(stdout, "launch: grid %s, %s  block %s, %s  = "
	    "%lldx%lld blocks of %lldx%lld threads, %d warp%s each\n",
	    v->grid[0], v->grid[1], v->block[0], v->block[1],
	    (long long)l.grid[0], (long long)l.grid[1], (long long)l.block[0],
	    (long long)l.block[1], l.warps, l.warps == 1 ? "" : "s");
	printf("arrays:\n");
	for (i = 0; i < VARIANT_MAX_ARRAYS && v->arrays[i].name; i++) {
		safestr_fprintf(stdout, "  %-8s %-8s %s, %d bytes, length %s",
		    v->arrays[i].name, space_name(v->arrays[i].space),
		    v->arrays[i].type ? v->arrays[i].type : "?",
		    v->arrays[i].elem_size, v->arrays[i].length);
		if (v->arrays[i].dims[0] != NULL)
			safestr_fprintf(stdout, ", dims %s x %s",
			    v->arrays[i].dims[0], v->arrays[i].dims[1]);
		if (i < l.narrays)
			printf(" = %lld, at %#llx", (long long)l.arrays[i].length,
			    (long long)l.arrays[i].base);
		putchar('\n');
	}
	safestr_fprintf(stdout, "body (line:column of each access; lets in "
	    "model names) with %s:\n", pbuf);
	check_body(stdout, v, &l);
	printf("%lld step%s per warp\n", (long long)l.nsteps,
	    l.nsteps == 1 ? "" : "s");
	check_oob(stdout, &l, oob);
	launch_free(&l);
	return 0;
}
