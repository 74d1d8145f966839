/* SPDX-License-Identifier: ISC
 * jsonstr.h - a JSON string literal, the one writer for every JSON the
 * program prints (face/json.c: list, trace, stats; gpu-results.c: the
 * bench record).  libc only, so any layer may use it.
 */
#ifndef WV_JSONSTR_H
#define WV_JSONSTR_H

#include <stdio.h>

/*
 * Write s (NULL: "") to f as a JSON string with its quotes: '"' and '\'
 * escaped, newline and tab as \n and \t, other C0 controls, DEL and the
 * C1 controls as \u00XX; valid UTF-8 passes through, and each byte that
 * starts no valid sequence is \ufffd (so the output is always UTF-8).
 */
void	jsonstr_write(FILE *f, const char *s);

#endif
