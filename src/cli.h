/* SPDX-License-Identifier: ISC
 * cli.h - the commands of warpviz and their dispatch.  Options are
 * parsed by opts.c; cli.c runs the command the first argument names (the
 * TUI when there is none) with the parsed options.
 */
#ifndef WV_CLI_H
#define WV_CLI_H

/* Run warpviz with argv; returns the exit status. */
int	cli_main(int argc, char **argv);

#endif
