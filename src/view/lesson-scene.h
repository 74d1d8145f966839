/* SPDX-License-Identifier: ISC
 * lesson-scene.h - one scene of a lesson (lesson.h has the format), the
 * type that lesson.c reads into, lesson-check.c checks and the TUI and
 * `warpviz show` apply; below both halves of the reader so that neither
 * reaches the other through it.
 */
#ifndef WV_LESSON_SCENE_H
#define WV_LESSON_SCENE_H

#include <stdint.h>

#include "arch.h"
#include "dram.h"
#include "param.h"
#include "predict.h"

#define LESSON_TITLE_MAX	96
#define LESSON_SAY_MAX		480
#define LESSON_PARTNERS_MAX	256

struct lesson_scene {
	char			 title[LESSON_TITLE_MAX];
	const struct variant	*v;
	struct param_set	 ps;
	int			 compare;
	/* Compare partners, or "" for the variant's own. */
	char			 partners[LESSON_PARTNERS_MAX];
	enum arch		 arch;
	int64_t			 step;
	int64_t			 block[2];
	int			 warp;
	uint32_t		 lanes;		/* bit n: lane n highlighted */
	char			 theme[32];	/* "": leave it */
	char			 say[LESSON_SAY_MAX];
	int			 dram;		/* the DRAM box on */
	struct dram_config	 dram_cfg;	/* ... under this interleaving */
	int			 line;		/* of its "scene" line */
	enum predict_ask	 ask;		/* predict first, or NONE */
};

/* A variant (or kernel file) by name, or NULL. */
typedef const struct variant *(*lesson_find_fn)(const char *);

#endif
