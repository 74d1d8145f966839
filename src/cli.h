/*
 * cli.h - sub-command dispatch and the options every sub-command shares.
 * Bad usage: one line "warpviz: ARG: what is allowed" on stderr, exit 2.
 */
#ifndef WV_CLI_H
#define WV_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "arch.h"
#include "param.h"

#define EXIT_USAGE	2

/* Options common to show, trace, stats, bench and the TUI. */
struct cli_common {
	const struct variant	*v;		/* NULL until a VARIANT is seen */
	struct param_set	 ps;
	char			*assign[32];	/* -p texts, applied once v is known */
	int			 nassign;
	enum arch		 arch;
	int64_t			 step;
	int			 step_set;
	int64_t			 block[2];
	int			 block_set;
	int			 warp;
	int			 warp_set;
	int			 json;
	int			 color;		/* 0 never, 1 always, -1 auto */
	int			 ascii;		/* -1 auto */
};

/* Print "warpviz: msg" to stderr and return EXIT_USAGE. */
int	cli_usage_error(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));
/*
 * Choose the colour theme by name for this process; `what` names the
 * option or variable in the one-line error.  NULL or "" leaves the theme.
 * Returns 0, or EXIT_USAGE after printing the error.
 */
int	cli_theme(const char *name, const char *what);
/* Reset common options to their defaults. */
void	cli_common_init(struct cli_common *);
/*
 * Try to take argv[*i] (and its value) as a common option.  Returns 1 if
 * taken (advancing *i), 0 if not a common option, -1 after printing an
 * error.
 */
int	cli_common_option(struct cli_common *, int argc, char **argv, int *i);
/* Select the variant by name; -1 after printing an error. */
int	cli_set_variant(struct cli_common *, const char *name);
/* Apply the -p assignments to the chosen variant; -1 after an error. */
int	cli_apply_params(struct cli_common *);
/* Run warpviz with argv; returns the exit status. */
int	cli_main(int argc, char **argv);

#endif
