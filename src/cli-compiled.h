/* SPDX-License-Identifier: ISC
 * cli-compiled.h - "as compiled" for stats and trace: the listing (NVRTC,
 * nvdisasm, or a recorded one from --ptx/--sass) read and matched.
 */
#ifndef WV_CLI_COMPILED_H
#define WV_CLI_COMPILED_H

#include <stdio.h>

#include "compiled.h"
#include "opts.h"

/* Fill c for launch l as o asks: 0, or an exit status after one line on
   standard error. */
int	cli_compiled(const struct opts *, const struct launch *,
	    struct compiled *);
/* The text face's lines of the instructions, after the stats table. */
void	cli_compiled_print(FILE *, const struct launch *,
	    const struct compiled *);

#endif
