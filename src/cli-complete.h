/* SPDX-License-Identifier: ISC
 * cli-complete.h - private to cli.c: warpviz list --complete WHAT, the
 * machine-readable lists the shell completions ask for.
 */
#ifndef WV_CLI_COMPLETE_H
#define WV_CLI_COMPLETE_H

struct opts_entry;

/*
 * Print the list `what` names, one item a line, "NAME" or
 * "NAME<TAB>what it is", for the commands in cmds (NULL-terminated; the
 * entry without a name is the TUI).  Returns the exit status: 0, or 2
 * after one line on stderr for an unknown list or variant.
 */
int	cli_complete(const char *what, const struct opts_entry *const *cmds);

#endif
