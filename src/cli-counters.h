/* SPDX-License-Identifier: ISC
 * cli-counters.h - private to cli.c: the counters command.
 */
#ifndef WV_CLI_COUNTERS_H
#define WV_CLI_COUNTERS_H

struct opts;

/* Run `warpviz counters` with these options; the exit status. */
int	cli_counters(struct opts *);

#endif
