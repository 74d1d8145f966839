/* SPDX-License-Identifier: ISC
 * cli-compiled.c - the listing for --as-compiled: a recorded one given
 * with --sass FILE or --ptx FILE, else SASS where nvdisasm is installed,
 * else NVRTC's PTX.  Without NVRTC (and no file), or where NVRTC cannot
 * compile the file: one line, exit 1.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-compiled.h"
#include "gpu-isa.h"
#include "isa.h"
#include "safestr.h"
#include "textfile.h"

#define EXIT_ENV	1

static int
from_file(const char *path, enum isa_kind kind, const struct launch *l,
    const char *func, struct isa_func *f)
{
	char	*text, *cause = NULL;
	size_t	 len;
	int	 rc;

	if ((text = textfile_read(path, ISA_MAX_TEXT, &len, &cause)) == NULL) {
		opts_error("--%s: %s", kind == ISA_PTX ? "ptx" : "sass", cause);
		free(cause);
		return EXIT_USAGE;
	}
	rc = isa_read(kind, text, len, func, gpu_isa_file(l->v), f, &cause);
	free(text);
	if (rc != 0) {
		opts_error("%s: %s", path, cause);
		free(cause);
		return EXIT_USAGE;
	}
	return 0;
}

/* Compile: SASS where nvdisasm is found and reads, else PTX. */
static int
from_nvrtc(const struct launch *l, int sm, struct isa_func *f)
{
	char	why[512];

	if (gpu_isa_read(&l->ps, sm, f, why, sizeof why) != 0) {
		/* No NVRTC, or NVRTC that cannot compile the file (a
		   header it cannot find, a template with no line). */
		if (strncmp(why, "no NVRTC: ", 10) == 0) {
			fputs("warpviz: as compiled needs NVRTC: ", stderr);
			safestr_fputs(why + 10, stderr);
		} else {
			fputs("warpviz: as compiled: ", stderr);
			safestr_fputs(why, stderr);
		}
		fputs(" (or give a recorded listing with --ptx FILE or "
		    "--sass FILE)\n", stderr);
		return EXIT_ENV;
	}
	return 0;
}

int
cli_compiled(const struct opts *o, const struct launch *l,
    struct compiled *c)
{
	struct isa_func	 f;
	char		 kbuf[160], *cause = NULL;
	const char	*func = gpu_isa_kernel(&l->ps, kbuf, sizeof kbuf);
	int		 sm = o->isa_sm ? o->isa_sm : GPU_ISA_SM, rc;

	if (o->sass_file != NULL)
		rc = from_file(o->sass_file, ISA_SASS, l, func, &f);
	else if (o->ptx_file != NULL)
		rc = from_file(o->ptx_file, ISA_PTX, l, func, &f);
	else
		rc = from_nvrtc(l, sm, &f);
	if (rc != 0)
		return rc;
	rc = compiled_match(l, &f, c, &cause);
	isa_free(&f);
	if (rc != 0) {
		opts_error("as compiled: %s", cause);
		free(cause);
		return EXIT_USAGE;
	}
	c->arch = sm;
	return 0;
}

void
cli_compiled_print(FILE *out, const struct launch *l,
    const struct compiled *c)
{
	char	per[96], spill[256];
	int	i;

	fprintf(out, "\nas compiled (%s, sm_%d): the counts above are per "
	    "instruction\n", isa_kind_name(c->kind), c->arch);
	for (i = 0; i < l->nsites; i++) {
		compiled_per(l, c, i, per, sizeof per);
		safestr_fprintf(out, "%-5s %-36s %s%s%s\n",
		    l->sites[i].op == OP_LOAD ? "load" : "store",
		    l->sites[i].text, per, c->site[i].note[0] ? "; " : "",
		    c->site[i].note);
	}
	if (c->spill_insns == 0)
		return;
	if (c->nspill == 0) {
		fprintf(out, "spills: %d local instruction%s with no array in "
		    "the source, not counted: ", c->spill_insns,
		    c->spill_insns == 1 ? "" : "s");
		safestr_fputs(c->spill_note, out);
		fputc('\n', out);
		return;
	}
	for (i = 0; i < 2; i++) {
		compiled_spill_per(l, c, i, spill, sizeof spill);
		if (spill[0] != '\0')
			safestr_fprintf(out, "%-5s %-36s %s\n", i ? "store" :
			    "load", "spills (no array: registers)", spill);
	}
}
