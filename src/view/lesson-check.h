/* SPDX-License-Identifier: ISC
 * lesson-check.h - private to lesson.c: a scene as read, and the check
 * that turns it into a struct lesson_scene (lesson-check.c).
 */
#ifndef WV_LESSON_CHECK_H
#define WV_LESSON_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "lesson-scene.h"

#define LESSON_MAX_ASSIGN	32

/* A scene as read, before its variant is resolved. */
struct lesson_raw {
	struct lesson_scene	 s;
	char			 variant[256];
	int			 variant_line;
	char			 assign[LESSON_MAX_ASSIGN][64];
	int			 assign_line[LESSON_MAX_ASSIGN];
	int			 nassign;
	int			 partners_line;
	int			 pos_line[3];	/* step, block, warp */
	char			 loop[32];	/* loop NAME=VALUE, or "" */
	int64_t			 loop_val;
	int			 loop_line;
	int			 optional;
	int			 ask_line;
};

/* Parse a whole number lo..hi as -p does (param_number); -1 when not
 * one. */
int	lesson_int(const char *s, int64_t lo, int64_t hi, int64_t *out);
/* Is name a kernel file's path (it ends in .cu), not a catalog name? */
int	lesson_is_kernel_path(const char *name, size_t len);
/* Check and store the scene read into raw; *keep is 0 for a scene left
   out.  -1 with *cause on a mistake. */
int	lesson_finish(struct lesson_raw *raw, const char *file,
	    lesson_find_fn find, int *keep, char **cause);

#endif
