/* SPDX-License-Identifier: ISC
 * gpu-datadir.h - where the recorded results live: --results takes a path
 * or a name ("h100") that gpu_datadir_results finds among the installed
 * data (or, run from the build tree, the source tree's doc/).
 */
#ifndef WV_GPU_DATADIR_H
#define WV_GPU_DATADIR_H

/* The file --results ARG means, to be freed; NULL with *cause when ARG is
   a name found nowhere. */
char	*gpu_datadir_results(const char *arg, char **cause);

/* The folder of the installed data (PKGDATADIR: results, lessons,
   examples). */
const char	*gpu_datadir_pkgdata(void);

#endif
