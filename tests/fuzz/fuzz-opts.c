/* SPDX-License-Identifier: ISC
 * fuzz-opts.c - the one command-line parser (src/opts.c), -p included.
 * Input: the arguments, one a line (at most 64); the first byte picks
 * the command shape: the TUI's (no operand), one VARIANT, bench's
 * VARIANT[:NAME=VALUE,...] specs, or occupancy's VARIANT if any.  Every option is allowed.  A refusal
 * prints one line; those go to /dev/null here (the sanitizers still
 * report on descriptor 2).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "opts.h"

#define MAX_ARGS	64

static const struct opts_entry entries[] = {
	{ NULL, "usage\n", ~0u, OPERANDS_NONE },
	{ "show", "usage\n", ~0u, OPERANDS_VARIANT },
	{ "bench", "usage\n", ~0u, OPERANDS_SPECS },
	{ "occupancy", "usage\n", ~0u, OPERANDS_VARIANT_OPT },
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE	*devnull;
	struct opts	 o;
	char		*text, *line, *next, *argv[MAX_ARGS + 2];
	int		 argc = 0;

	if (size < 1)
		return 0;
	if (devnull == NULL && (devnull = fopen("/dev/null", "w")) != NULL)
		stderr = devnull;
	text = fuzz_text(data + 1, size - 1, 4096);
	argv[argc++] = "warpviz";
	for (line = text; line != NULL && argc <= MAX_ARGS; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		argv[argc++] = line;
	}
	argv[argc] = NULL;
	memset(&o, 0, sizeof o);
	(void)opts_parse(&o, &entries[data[0] % 4], argc, argv);
	opts_free(&o);
	free(text);
	return 0;
}
