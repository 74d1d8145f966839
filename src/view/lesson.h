/* SPDX-License-Identifier: ISC
 * lesson.h - lectures in scenes.  A lesson is a text file of scenes; each
 * scene is a state of the screen (variant, parameters, position, compare
 * partners, memory model, lanes to highlight, theme) and one or two
 * sentences of narration.  The format, one directive a line:
 *
 *	# a comment                  (blank lines are ignored too)
 *	title TEXT                   the lesson's title (once, first)
 *	scene TITLE                  starts a scene
 *	variant NAME                 the variant or a kernel file (required)
 *	param NAME=VALUE ...         parameters (repeatable)
 *	step K / block X,Y / warp W  the position (default 0, 0,0, 0)
 *	loop NAME=VALUE              from step K on, the first step of the
 *	                             same access with loop NAME at VALUE
 *	arch modern|legacy           the memory model (default modern)
 *	compare [PARTNER ...]        compare mode, with the variant's own
 *	                             partners or these ("name" or
 *	                             "name:p=v,q=w")
 *	lanes L,L,...                lanes to highlight (0-31)
 *	theme NAME                   the colour theme (dark, light,
 *	                             contrast, cbsafe)
 *	say TEXT                     narration; more say lines continue it
 *	dram [C,B,I]                 the DRAM channels box on (channels,
 *	                             banks, interleave; default 8,16,256)
 *	optional                     leave the scene out when its variant or
 *	                             a partner is not in this build
 *	ask WHAT                     predict first: the counts and times are
 *	                             hidden and the screen asks one question
 *	                             (sectors, class, wavefronts, reads,
 *	                             transactions of the access; faster: of
 *	                             a compare scene's recorded times)
 *
 * Errors are one line "FILE:LINE: what".  Steps, blocks and warps are
 * checked against the scene's launch.  Narration is counted in bytes.
 * No curses, no drawing: the TUI and `warpviz show` apply scenes.
 */
#ifndef WV_LESSON_H
#define WV_LESSON_H

#include <stdint.h>
#include <stdio.h>

#include "lesson-scene.h"

#define LESSON_MAX_SCENES	64

struct lesson {
	char			 name[64];
	char			 title[LESSON_TITLE_MAX];
	int			 nscenes;
	struct lesson_scene	*scenes;
	int			 skipped;	/* optional scenes left out */
};

/* The lessons built in, from doc/lessons/ by build-aux/embed-text.sh. */
struct lesson_file {
	const char	*name;
	const char	*text;
};
extern const struct lesson_file lesson_files[];

/*
 * Parse the text of a lesson; file names it in errors.  Returns 0, or -1
 * with a one-line *cause "FILE:LINE: what" (nothing to free then).
 */
int	lesson_parse(struct lesson *, const char *name, const char *file,
	    const char *text, lesson_find_fn, char **cause);
/*
 * Load a built-in lesson by name, or a lesson file when the argument
 * holds a '/' or ends in ".lesson".  Returns 0 or -1 with *cause.
 */
int	lesson_load(struct lesson *, const char *name_or_file, lesson_find_fn,
	    char **cause);
/*
 * Write a lesson in the format above, parameters that differ from the
 * variant's defaults only; lesson_parse reads it back to the same scenes.
 */
void	lesson_write(FILE *, const struct lesson *);
/* Free a parsed lesson. */
void	lesson_free(struct lesson *);
/* The title line of a built-in lesson's text (into buf). */
void	lesson_title_of(const char *text, char *buf, size_t len);

#endif
