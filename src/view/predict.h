/* SPDX-License-Identifier: ISC
 * predict.h - predict, then reveal: one question about an access (its
 * sectors, class, wavefronts, constant reads or transactions) or about two
 * recorded times, the right answer worked out from the rules (never
 * stored), the one sentence that says why, and the grading of a typed
 * answer.  Shared by the lecture screen's predict mode and `warpviz quiz`.
 * Model facts only: no printing, no curses, no GPU.
 */
#ifndef WV_PREDICT_H
#define WV_PREDICT_H

#include <stdint.h>

#include "arch.h"
#include "launch.h"
#include "rules.h"
#include "warp.h"

/* What is asked. */
enum predict_ask {
	PREDICT_NONE,
	PREDICT_SECTORS,	/* sectors this warp's access touches */
	PREDICT_CLASS,		/* coalesced, split, uncoalesced, broadcast */
	PREDICT_WAVEFRONTS,	/* shared-memory wavefronts of the access */
	PREDICT_SERIAL,		/* constant reads of the access */
	PREDICT_TRANSACTIONS,	/* transactions under an older rule set */
	PREDICT_FASTER		/* which of two ran faster, and how much */
};

#define PREDICT_QUESTION_MAX	256
#define PREDICT_WHY_MAX		512

/* The right answer, and why. */
struct predict_truth {
	enum predict_ask ask;
	double		 value;		/* a number, or -1 for a word */
	const char	*word;		/* PREDICT_CLASS */
	char		 name[64];	/* PREDICT_FASTER: the faster one */
	char		 other[64];	/* ... and the slower */
	double		 tolerance;	/* relative, for ratios and times */
	char		 question[PREDICT_QUESTION_MAX];
	char		 why[PREDICT_WHY_MAX];
	uint32_t	 lanes;		/* the lanes that make it so */
};

/* The ask a lesson's word names ("sectors", "class", "wavefronts",
   "reads", "transactions", "faster"), or PREDICT_NONE. */
enum predict_ask predict_parse(const char *word);
/* The lesson word of an ask. */
const char	*predict_word(enum predict_ask);
/* The natural question for an access: sectors (global, local, texture;
   transactions under an older rule set), wavefronts (shared) or reads
   (constant). */
enum predict_ask predict_default(const struct access_result *, enum arch);
/*
 * The truth of ask about access a of launch l (r: its counts under
 * arch).  Returns 0, or -1 when the ask does not fit the access (a
 * wavefront question about a global load, say) with *why set.
 */
int		 predict_access(enum predict_ask, const struct launch *l,
		     const struct access *a, const struct access_result *r,
		     enum arch arch, struct predict_truth *, const char **why);
/* The truth of "which is faster, and by how much?" from two recorded
   median times in ms (both > 0). */
void		 predict_times(struct predict_truth *, const char *a,
		     double ms_a, const char *b, double ms_b);
/* Nonzero if answer is right: the word, the number (within the
   tolerance), or for PREDICT_FASTER the faster one's name (or the
   distinct end of it, "v1") and the factor, "v1 5" or "twohop-v1, 5x". */
int		 predict_right(const struct predict_truth *, const char *answer);
/* The answer and its reason, "16, because ...", in buf. */
void		 predict_answer_text(const struct predict_truth *, char *buf,
		     size_t len);
/* "Right: 16" or "Not quite: 16" and the reason, in buf. */
void		 predict_reveal(const struct predict_truth *, int right,
		     char *buf, size_t len);

#endif
