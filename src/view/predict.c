/* SPDX-License-Identifier: ISC
 * predict.c - the questions of predict mode and the quiz, their answers
 * from the rules' own counts, and the grading of what a student types.
 * Units: sectors of 32 bytes, wavefronts, serial reads, transactions,
 * times in ms.  Must not print, allocate, or know curses or the GPU.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "predict.h"

static const char *const predict_words[] = {
	[PREDICT_NONE] = "none",
	[PREDICT_SECTORS] = "sectors",
	[PREDICT_CLASS] = "class",
	[PREDICT_WAVEFRONTS] = "wavefronts",
	[PREDICT_SERIAL] = "reads",
	[PREDICT_TRANSACTIONS] = "transactions",
	[PREDICT_FASTER] = "faster",
};
#define PREDICT_NWORDS	(sizeof predict_words / sizeof predict_words[0])

enum predict_ask
predict_parse(const char *word)
{
	size_t	i;

	for (i = 1; i < PREDICT_NWORDS; i++)
		if (strcmp(word, predict_words[i]) == 0)
			return (enum predict_ask)i;
	return PREDICT_NONE;
}

const char *
predict_word(enum predict_ask ask)
{
	return (size_t)ask < PREDICT_NWORDS ? predict_words[ask] : "none";
}

enum predict_ask
predict_default(const struct access_result *r, enum arch arch)
{
	if (r->space == SPACE_SHARED)
		return PREDICT_WAVEFRONTS;
	if (r->space == SPACE_CONSTANT)
		return PREDICT_SERIAL;
	return arch_transactions(arch) ? PREDICT_TRANSACTIONS :
	    PREDICT_SECTORS;
}

/* The first two lanes of a mask: where the pattern between lanes shows. */
static uint32_t
predict_two_lanes(uint32_t mask)
{
	uint32_t	first = mask & -mask, rest = mask & ~first;

	return first | (rest & -rest);
}

/* The lanes of the most-conflicted bank of a shared access. */
static uint32_t
predict_bank_lanes(const struct access *a, const struct access_result *r)
{
	int		 count[RULES_BANKS] = { 0 }, l, worst = 0;
	uint32_t	 lanes = 0;

	for (l = 0; l < a->nlanes; l++)
		if (r->s.bank[l] >= 0 && ++count[r->s.bank[l]] >
		    count[worst])
			worst = r->s.bank[l];
	for (l = 0; l < a->nlanes; l++)
		if (r->s.bank[l] == worst)
			lanes |= UINT32_C(1) << l;
	return lanes;
}

/* The sectors of a global or local access.  Local memory says why its
   lanes fall where they do: the interleaved frame of a warp of warp
   lanes (doc/validation.md, "Local memory"). */
static void
predict_sectors(const struct access_result *r, const char *op, int warp,
    struct predict_truth *t)
{
	char	frame[96] = "";

	if (r->space == SPACE_LOCAL)
		snprintf(frame, sizeof frame, "local memory keeps word w of "
		    "lane l at (%d w + l) x 4 bytes of the warp's frame, so ",
		    warp);
	t->value = r->g.sectors;
	snprintf(t->question, sizeof t->question, "How many 32-byte "
	    "sectors does this warp's %s%s touch?", frame[0] != '\0' ?
	    "local " : "", op);
	snprintf(t->why, sizeof t->why, "%sits %d lanes' %d distinct bytes "
	    "lie in %d sectors; a coalesced warp of that width needs %d, so "
	    "it is %s.", frame, r->g.active, r->g.bytes_used, r->g.sectors,
	    r->g.need, rules_class_name(r->g.class));
}

/* The sectors of a texture fetch (doc/rules.md): 2D, a request per quad
   of lanes, each quad its own sectors of 16 bytes of a row by 2 rows;
   1D (tex1Dfetch, as arch_texture tells them apart), a request per 8
   lanes, each its own 32-byte sectors. */
static void
predict_texture(const struct launch *l, const struct access *a,
    const struct access_result *r, struct predict_truth *t)
{
	const struct launch_array	*arr;
	int				 oned;

	arr = &l->arrays[l->sites[a->site].array];
	oned = arr->def->dims[0] == NULL || arr->cols <= 0;
	t->value = r->t.sectors;
	snprintf(t->question, sizeof t->question, "How many texture sectors "
	    "(%s) does this warp's fetch cost?", oned ? "32 bytes" :
	    "16 bytes of a row by 2 rows");
	snprintf(t->why, sizeof t->why, "the texture unit serves %s a "
	    "request, %d requests, each its own sectors: %d in all (%d if "
	    "every request's texels filled whole sectors).", oned ?
	    "8 lanes" : "a quad of lanes", r->t.requests, r->t.sectors,
	    r->t.ideal);
}

/* Whether the access can answer ask: 0, or -1 with *why. */
static int
predict_fits(enum predict_ask ask, const struct access_result *r,
    enum arch arch, const char **why)
{
	switch (ask) {
	case PREDICT_SECTORS:
		/* Texture sectors are the same under every rule set. */
		if (r->space == SPACE_TEXTURE)
			break;
		/* FALLTHROUGH */
	case PREDICT_CLASS:
		if (!arch_sectored(r->space) || arch_transactions(arch)) {
			*why = "the access is not to sectored memory under "
			    "this rule set";
			return -1;
		}
		break;
	case PREDICT_WAVEFRONTS:
		if (r->space != SPACE_SHARED) {
			*why = "wavefronts are asked of a shared access";
			return -1;
		}
		break;
	case PREDICT_SERIAL:
		if (r->space != SPACE_CONSTANT) {
			*why = "serial reads are asked of a constant access";
			return -1;
		}
		break;
	case PREDICT_TRANSACTIONS:
		if (!arch_transactions(arch) || !arch_sectored(r->space)) {
			*why = "transactions are asked under cc1.0, cc1.2 or "
			    "cc2.0 of a global access";
			return -1;
		}
		break;
	default:
		*why = "not a question about one access";
		return -1;
	}
	return 0;
}

int
predict_access(enum predict_ask ask, const struct launch *l,
    const struct access *a, const struct access_result *r, enum arch arch,
    struct predict_truth *t, const char **why)
{
	const struct launch_site	*s = &l->sites[a->site];
	const char			*op = s->op == OP_LOAD ? "load" :
					    "store";

	memset(t, 0, sizeof *t);
	t->ask = ask;
	t->value = -1;
	t->lanes = predict_two_lanes(a->active);
	if (a->active == 0) {
		*why = "no lane of this warp is active at this step";
		return -1;
	}
	if (predict_fits(ask, r, arch, why) != 0)
		return -1;
	switch (ask) {
	case PREDICT_SECTORS:
		if (r->space == SPACE_TEXTURE)
			predict_texture(l, a, r, t);
		else
			predict_sectors(r, op, l->warp_size, t);
		break;
	case PREDICT_CLASS:
		t->word = rules_class_name(r->g.class);
		snprintf(t->question, sizeof t->question, "Is this %s "
		    "coalesced, split, uncoalesced or a broadcast?", op);
		snprintf(t->why, sizeof t->why, "it touches %d sectors where "
		    "a coalesced warp of %d lanes needs %d%s.", r->g.sectors,
		    r->g.active, r->g.need, r->g.bytes_used < r->g.active *
		    s->size ? ", the lanes sharing bytes" : "");
		break;
	case PREDICT_WAVEFRONTS:
		t->value = r->s.wavefronts;
		/* Two lanes of the fullest bank: the focus box stays small. */
		t->lanes = predict_two_lanes(predict_bank_lanes(a, r));
		snprintf(t->question, sizeof t->question, "How many wavefronts "
		    "(passes over the 32 banks) does this shared %s take?",
		    op);
		snprintf(t->why, sizeof t->why, "bank = word mod 32, and the "
		    "fullest bank holds %d distinct word%s: %s, %d "
		    "wavefront%s (the lanes in focus share that bank).",
		    r->s.degree, r->s.degree == 1 ? "" : "s", r->s.degree == 1 ?
		    "no conflict" : "a conflict", r->s.wavefronts,
		    r->s.wavefronts == 1 ? "" : "s");
		break;
	case PREDICT_SERIAL:
		t->value = r->c.serial;
		snprintf(t->question, sizeof t->question, "How many serialised "
		    "reads does constant memory make for this warp?");
		snprintf(t->why, sizeof t->why, "constant memory serves one "
		    "address at a time and the lanes read %d distinct "
		    "address%s.", r->c.serial, r->c.serial == 1 ? "" : "es");
		break;
	default:
		t->value = r->l.transactions;
		snprintf(t->question, sizeof t->question, "Under %s, how many "
		    "transactions serve this warp?", arch_name(arch));
		snprintf(t->why, sizeof t->why, "%s: %d transaction%s moving "
		    "%d bytes for the %d bytes used.", arch_unit(arch),
		    r->l.transactions, r->l.transactions == 1 ? "" : "s",
		    r->l.bytes_moved, r->l.bytes_used);
		break;
	}
	return 0;
}

void
predict_times(struct predict_truth *t, const char *a, double ms_a,
    const char *b, double ms_b)
{
	int	afast = ms_a <= ms_b;

	memset(t, 0, sizeof *t);
	t->ask = PREDICT_FASTER;
	t->value = afast ? ms_b / ms_a : ms_a / ms_b;
	t->tolerance = 0.15;
	snprintf(t->name, sizeof t->name, "%s", afast ? a : b);
	snprintf(t->other, sizeof t->other, "%s", afast ? b : a);
	snprintf(t->question, sizeof t->question, "Which is faster, %s or "
	    "%s, and by how much? (a name and a factor: NAME 1.5)", a, b);
	snprintf(t->why, sizeof t->why, "%s took %.3f ms and %s %.3f ms "
	    "(recorded): %s is %.2fx faster.", a, ms_a, b, ms_b, t->name,
	    t->value);
}

/* The number in s (after spaces), an optional 'x' after it; -1 if none
   or anything else follows. */
static int
predict_number(const char *s, double *v)
{
	char	*end;

	while (*s == ' ' || *s == '\t' || *s == ',')
		s++;
	errno = 0;
	*v = strtod(s, &end);
	if (end == s || errno != 0 || !isfinite(*v))
		return -1;
	while (*end == ' ' || *end == 'x' || *end == '\n' || *end == '\r')
		end++;
	return *end == '\0' ? 0 : -1;
}

/* Whether name names the faster one: it is in t->name and not in
   t->other ("v1" of twohop-v1 against twohop-v0). */
static int
predict_names(const struct predict_truth *t, const char *name)
{
	return *name != '\0' && strstr(t->name, name) != NULL &&
	    strstr(t->other, name) == NULL;
}

int
predict_right(const struct predict_truth *t, const char *answer)
{
	char	 name[64];
	double	 v;
	size_t	 n;

	while (*answer == ' ' || *answer == '\t')
		answer++;
	if (t->ask == PREDICT_FASTER) {
		n = strcspn(answer, " \t,:");
		if (n >= sizeof name)
			return 0;
		memcpy(name, answer, n);
		name[n] = '\0';
		if (!predict_names(t, name) ||
		    predict_number(answer + n, &v) != 0)
			return 0;
		return fabs(v - t->value) <= t->tolerance * t->value;
	}
	if (t->word != NULL)
		return strncmp(answer, t->word, strlen(t->word)) == 0 ||
		    (strcmp(t->word, "broadcast") == 0 &&
		    strncmp(answer, "a broadcast", 11) == 0);
	if (predict_number(answer, &v) != 0)
		return 0;
	if (t->tolerance > 0)
		return fabs(v - t->value) <= t->tolerance * t->value;
	return v == t->value;
}

void
predict_answer_text(const struct predict_truth *t, char *buf, size_t len)
{
	if (t->ask == PREDICT_FASTER)
		snprintf(buf, len, "%s, %.2fx, because %s", t->name, t->value,
		    t->why);
	else if (t->word != NULL)
		snprintf(buf, len, "%s, because %s", t->word, t->why);
	else if (t->tolerance > 0)
		snprintf(buf, len, "%.2f, because %s", t->value, t->why);
	else
		snprintf(buf, len, "%.0f, because %s", t->value, t->why);
}

void
predict_reveal(const struct predict_truth *t, int right, char *buf,
    size_t len)
{
	char	answer[PREDICT_WHY_MAX + 96];

	predict_answer_text(t, answer, sizeof answer);
	snprintf(buf, len, "%s: %s", right ? "Right" : "Not quite", answer);
}
