/* SPDX-License-Identifier: ISC
 * cli-show.h - private to cli.c: the show command, and what it lends
 * trace, stats and the TUI.
 */
#ifndef WV_CLI_SHOW_H
#define WV_CLI_SHOW_H

#include <stdio.h>

struct canvas;
struct launch;
struct opts;

/* Run `warpviz show` with these options; the exit status. */
int	cli_show(struct opts *);
/* Set up o's launch into l and check --step, --block and --warp against
   it: 0, or -1 after one line on stderr (l is then freed). */
int	cli_launch(const struct opts *, struct launch *);
/* One line on stderr for a launch launch_init refused with cause:
   "-p: ..." when -p was given, else "VARIANT does not launch at its
   defaults: ...". */
void	cli_launch_error(const struct opts *, const char *);
/* Print a canvas as text (format 0), ANSI text (1) or SVG (2). */
void	cli_print_canvas(FILE *, const struct canvas *, int);

#endif
