/* SPDX-License-Identifier: ISC
 * cli-check.h - private to cli.c: the check command.
 */
#ifndef WV_CLI_CHECK_H
#define WV_CLI_CHECK_H

struct opts;

/* Run `warpviz check` with these options; the exit status. */
int	cli_check(struct opts *);

#endif
