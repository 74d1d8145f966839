/* SPDX-License-Identifier: ISC
 * tables.h - plain-text tables: the catalog (warpviz list) and whole-launch
 * totals (warpviz stats).
 */
#ifndef WV_TABLES_H
#define WV_TABLES_H

#include <stdio.h>

#include "launch.h"
#include "totals.h"

/* Print the catalog with parameters. */
void	tables_print_list(FILE *);
/* Print whole-launch totals per site and per kind. */
void	tables_print_stats(FILE *, const struct launch *, const struct totals *);

#endif
