/* SPDX-License-Identifier: ISC
 * cli-trace.h - private to cli.c: the trace and stats commands.
 */
#ifndef WV_CLI_TRACE_H
#define WV_CLI_TRACE_H

struct opts;

/* Run `warpviz trace` with these options; the exit status. */
int	cli_trace(struct opts *);
/* Run `warpviz stats` with these options; the exit status. */
int	cli_stats(struct opts *);

#endif
