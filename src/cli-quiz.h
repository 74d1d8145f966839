/* SPDX-License-Identifier: ISC
 * cli-quiz.h - private to cli.c: the quiz command.
 */
#ifndef WV_CLI_QUIZ_H
#define WV_CLI_QUIZ_H

struct opts;

/* Run `warpviz quiz` with these options; the exit status (0 right, 1
   wrong, 2 bad usage). */
int	cli_quiz(struct opts *);

#endif
