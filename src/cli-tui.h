/* SPDX-License-Identifier: ISC
 * cli-tui.h - private to cli.c: the lecture screen and the lesson command.
 */
#ifndef WV_CLI_TUI_H
#define WV_CLI_TUI_H

struct opts;

/* Run the lecture screen with these options; the exit status. */
int	cli_tui(struct opts *);
/* Run `warpviz lesson` with these options; the exit status. */
int	cli_lesson(struct opts *);

#endif
