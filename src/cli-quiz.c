/* SPDX-License-Identifier: ISC
 * cli-quiz.c - private to cli.c: the quiz command, self-study levels built
 * from the catalog and the lessons.  A level shows one warp-wide access (the
 * kernel's line and the elements its lanes touch) with its counts hidden,
 * asks one question, takes the answer (--answer or a line of standard
 * input), grades it against the model's own count (or the GPU timings
 * recorded in a results file), says why in one sentence and then shows
 * the frame with the lanes that make it so in focus.  Solved levels are
 * kept in $XDG_STATE_HOME/warpviz/quiz (else ~/.local/state/warpviz/quiz),
 * one name a line.  Expected answers are never stored here: each is
 * computed from the rules when the level is played.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arch.h"
#include "canvas.h"
#include "catalog.h"
#include "cause.h"
#include "cli-quiz.h"
#include "gpu-datadir.h"
#include "gpu-results.h"
#include "ksrc.h"
#include "launch.h"
#include "occupancy.h"
#include "opts.h"
#include "param.h"
#include "predict.h"
#include "state.h"
#include "text.h"
#include "totals.h"
#include "warp.h"

/* What a level asks. */
enum quiz_ask {
	ASK_SECTORS,		/* sectors this warp's access touches */
	ASK_CLASS,		/* coalesced, split, uncoalesced, broadcast */
	ASK_WAVEFRONTS,		/* shared-memory wavefronts of the access */
	ASK_SERIAL,		/* constant reads of the access */
	ASK_TRANSACTIONS,	/* transactions under an older rule set */
	ASK_RATIO,		/* whole-launch global sectors, a vs partner */
	ASK_BLOCKS,		/* resident blocks per SM (teaching SM) */
	ASK_SLOWER		/* recorded time of a over partner */
};

struct quiz_level {
	const char	*name;
	const char	*topic;
	const char	*variant;	/* "copy-offset:offset=1" */
	int		 step;
	enum quiz_ask	 ask;
	const char	*arch;		/* ASK_TRANSACTIONS: the rule set */
	const char	*partner;	/* ASK_RATIO, ASK_SLOWER */
	int		 threads, regs;	/* ASK_BLOCKS */
};

/* Easy to hard: coalescing, alignment, structs, constant memory, banks,
   local memory (the coalescing rule on an interleaved frame), texture
   memory (its own sectors, then the same column walk in global memory),
   the older rule sets, whole launches, occupancy, then measured time.
   Step 65 of the local kernels is the first read of t: steps 1 to 64
   fill it. */
static const struct quiz_level quiz_levels[] = {
	{ "aligned-copy", "coalescing", "copy-offset:offset=0", 0,
	    ASK_SECTORS, NULL, NULL, 0, 0 },
	{ "aligned-copy-class", "coalescing", "copy-offset:offset=0", 0,
	    ASK_CLASS, NULL, NULL, 0, 0 },
	{ "shifted-copy", "alignment", "copy-offset:offset=1", 0,
	    ASK_SECTORS, NULL, NULL, 0, 0 },
	{ "shifted-copy-class", "alignment", "copy-offset:offset=1", 0,
	    ASK_CLASS, NULL, NULL, 0, 0 },
	{ "shift-by-eight", "alignment", "copy-offset:offset=8", 0,
	    ASK_SECTORS, NULL, NULL, 0, 0 },
	{ "stride-two", "coalescing", "stride:stride=2", 0, ASK_SECTORS,
	    NULL, NULL, 0, 0 },
	{ "stride-thirty-two", "coalescing", "stride:stride=32", 0,
	    ASK_SECTORS, NULL, NULL, 0, 0 },
	{ "naive-matmul-n", "coalescing", "matmul-col", 1, ASK_SECTORS,
	    NULL, NULL, 0, 0 },
	{ "naive-matmul-m", "coalescing", "matmul-col", 0, ASK_CLASS, NULL,
	    NULL, 0, 0 },
	{ "row-from-threadidx", "coalescing", "matmul-row", 0, ASK_SECTORS,
	    NULL, NULL, 0, 0 },
	{ "struct-of-twelve", "alignment", "struct12", 0, ASK_SECTORS, NULL,
	    NULL, 0, 0 },
	{ "aligned-struct", "alignment", "struct16", 0, ASK_SECTORS, NULL,
	    NULL, 0, 0 },
	{ "constant-uniform", "constant memory", "const-uniform", 1,
	    ASK_SERIAL, NULL, NULL, 0, 0 },
	{ "constant-divergent", "constant memory", "const-divergent", 1,
	    ASK_SERIAL, NULL, NULL, 0, 0 },
	{ "banks-transposed", "banks", "powers-transposed", 1,
	    ASK_WAVEFRONTS, NULL, NULL, 0, 0 },
	{ "banks-stride32", "banks", "powers-stride32", 1, ASK_WAVEFRONTS,
	    NULL, NULL, 0, 0 },
	{ "banks-padded", "banks", "powers-padded", 1, ASK_WAVEFRONTS, NULL,
	    NULL, 0, 0 },
	{ "local-same-element", "local memory", "local-uniform", 65,
	    ASK_SECTORS, NULL, NULL, 0, 0 },
	{ "local-own-element", "local memory", "local-lane", 65,
	    ASK_SECTORS, NULL, NULL, 0, 0 },
	{ "texture-row", "texture memory", "tex-row", 0, ASK_SECTORS,
	    NULL, NULL, 0, 0 },
	{ "texture-column", "texture memory", "tex-col", 0, ASK_SECTORS,
	    NULL, NULL, 0, 0 },
	{ "global-column", "texture memory", "tex-col-global", 0,
	    ASK_SECTORS, NULL, NULL, 0, 0 },
	{ "cc10-shifted", "generations", "copy-offset:offset=1", 0,
	    ASK_TRANSACTIONS, "cc1.0", NULL, 0, 0 },
	{ "cc12-shifted", "generations", "copy-offset:offset=1", 0,
	    ASK_TRANSACTIONS, "cc1.2", NULL, 0, 0 },
	{ "cc20-shifted", "generations", "copy-offset:offset=1", 0,
	    ASK_TRANSACTIONS, "cc2.0", NULL, 0, 0 },
	{ "twohop-sectors", "2-hop ladder", "twohop-v0", 0, ASK_RATIO, NULL,
	    "twohop-v1", 0, 0 },
	{ "occupancy-registers", "occupancy", "matmul-tiled", 0, ASK_BLOCKS,
	    NULL, NULL, 512, 11 },
	{ "occupancy-threads", "occupancy", "matmul-tiled", 0, ASK_BLOCKS,
	    NULL, NULL, 256, 0 },
	{ "twohop-time", "2-hop ladder", "twohop-v0", 0, ASK_SLOWER, NULL,
	    "twohop-v1", 0, 0 },
	{ "powers-time", "banks", "powers-stride32", 0, ASK_SLOWER, NULL,
	    "powers-transposed", 0, 0 },
};
#define QUIZ_LEVELS	(sizeof quiz_levels / sizeof quiz_levels[0])

/* The question of predict mode each access level asks. */
static const enum predict_ask quiz_predict[] = {
	[ASK_SECTORS] = PREDICT_SECTORS,
	[ASK_CLASS] = PREDICT_CLASS,
	[ASK_WAVEFRONTS] = PREDICT_WAVEFRONTS,
	[ASK_SERIAL] = PREDICT_SERIAL,
	[ASK_TRANSACTIONS] = PREDICT_TRANSACTIONS,
};

/* The right answer of a level as played, and why: predict mode's
   (src/view/predict.c), which grades both. */
#define quiz_truth predict_truth

/* The file of solved levels, or NULL when no home is known. */
static char *
quiz_state_path(int make)
{
	const char	*base = getenv("XDG_STATE_HOME"), *home;
	char		 dir[4096], *path;

	if (base != NULL && *base == '/')
		snprintf(dir, sizeof dir, "%s/warpviz", base);
	else if ((home = getenv("HOME")) != NULL && *home == '/')
		snprintf(dir, sizeof dir, "%s/.local/state/warpviz", home);
	else
		return NULL;
	if (make) {
		/* The parents too: ~/.local/state may not exist yet. */
		char	*p;

		for (p = dir + 1; *p != '\0'; p++)
			if (*p == '/') {
				*p = '\0';
				(void)mkdir(dir, 0700);
				*p = '/';
			}
		(void)mkdir(dir, 0700);
	}
	if (asprintf(&path, "%s/quiz", dir) < 0)
		return NULL;
	return path;
}

/* Nonzero if a level is among the solved ones. */
static int
quiz_solved(const char *name)
{
	char	*path = quiz_state_path(0), line[128];
	FILE	*f;
	int	 found = 0;

	if (path == NULL || (f = fopen(path, "r")) == NULL) {
		free(path);
		return 0;
	}
	while (!found && fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		found = strcmp(line, name) == 0;
	}
	fclose(f);
	free(path);
	return found;
}

/* Remember a solved level; a state folder that cannot be written only
   loses the progress, with a line saying so. */
static void
quiz_remember(const char *name)
{
	char	*path;
	FILE	*f;

	if (quiz_solved(name))
		return;
	if ((path = quiz_state_path(1)) == NULL ||
	    (f = fopen(path, "a")) == NULL) {
		fprintf(stderr, "warpviz: quiz: progress not saved (%s)\n",
		    path == NULL ? "no HOME or XDG_STATE_HOME" :
		    strerror(errno));
		free(path);
		return;
	}
	fprintf(f, "%s\n", name);
	fclose(f);
	free(path);
}

/* The parameters of "name:p=v,..."; -1 with *cause. */
static int
quiz_params(const char *spec, struct param_set *ps, char **cause)
{
	return param_partner(ps, spec, strlen(spec), NULL, catalog_find,
	    cause);
}

/* The access of step `step`, warp 0 of block 0, under arch. */
static int
quiz_access(const struct param_set *ps, int64_t step, enum arch arch,
    struct launch *l, struct access *a, struct access_result *r,
    char **cause)
{
	if (launch_init(l, ps, cause) != 0)
		return -1;
	if (step >= l->nsteps)
		step = l->nsteps - 1;
	if (warp_access(l, 0, 0, 0, step, a, cause) != 0) {
		launch_free(l);
		return -1;
	}
	arch_apply(arch, l, a, r);
	return 0;
}

/* Whole-launch global sectors of spec; -1 with *cause. */
static int64_t
quiz_launch_sectors(const char *spec, char **cause)
{
	struct param_set	ps;
	struct launch		l;
	struct totals		t;
	int64_t			n;

	if (quiz_params(spec, &ps, cause) != 0 ||
	    launch_init(&l, &ps, cause) != 0)
		return -1;
	if (totals_compute(&l, ARCH_MODERN, TOTALS_AUTO, &t, cause) != 0) {
		launch_free(&l);
		return -1;
	}
	n = t.global_load.sectors + t.global_store.sectors;
	launch_free(&l);
	return n;
}

/* The median time of a variant at the level's parameters (every one, as
   bench records them) in a results record, or -1. */
static double
quiz_record_ms(const struct gpu_record *rec, const char *spec)
{
	struct param_set	 ps;
	char			 want[256], *cause = NULL;
	int			 i;

	if (quiz_params(spec, &ps, &cause) != 0) {
		free(cause);
		return -1.0;
	}
	param_format(&ps, want, sizeof want, 1);
	for (i = 0; i < rec->n; i++)
		if (strcmp(rec->results[i].variant, ps.v->name) == 0 &&
		    strcmp(rec->results[i].params, want) == 0 &&
		    rec->results[i].status == RESULT_OK)
			return rec->results[i].ms;
	return -1.0;
}

/* What lane k touches, as the kernel wrote it: "in[5]"; "its t[0]" of a
   local array, whose index is word x (the block's threads in whole
   warps) + thread (ksrc-local.c); "img(3, 0)" of a 2D texture, texel
   (x, y) at index y x cols + x as arch_texture reads it. */
static void
quiz_lane_element(const struct launch *l, const struct access *a, int k,
    char *buf, size_t len)
{
	const struct launch_site	*s = &l->sites[a->site];
	const struct launch_array	*arr = &l->arrays[s->array];
	int64_t				 i = a->index[k];

	if (s->space == SPACE_LOCAL && l->warps > 0 && l->warp_size > 0)
		snprintf(buf, len, "its %s[%" PRId64 "]", arr->def->name,
		    i / ((int64_t)l->warps * l->warp_size));
	else if (s->space == SPACE_TEXTURE && arr->def->dims[0] != NULL &&
	    arr->cols > 0)
		snprintf(buf, len, "%s(%" PRId64 ", %" PRId64 ")",
		    arr->def->name, i % arr->cols, i / arr->cols);
	else
		snprintf(buf, len, "%s[%" PRId64 "]", arr->def->name, i);
}

/* A level's sentence about the lanes: "lane 0 reads in[1], lane 1 in[2]". */
static void
quiz_lanes_text(const struct launch *l, const struct access *a, char *buf,
    size_t len)
{
	const struct launch_site	*s = &l->sites[a->site];
	char				 el[96];
	int				 k, n = 0;
	size_t				 used = 0;

	for (k = 0; k < a->nlanes && n < 3 && used < len; k++) {
		if (!(a->active & (UINT32_C(1) << k)))
			continue;
		quiz_lane_element(l, a, k, el, sizeof el);
		used += snprintf(buf + used, len - used, "%slane %d%s %s",
		    n ? ", " : "", k, n ? "" : s->op == OP_LOAD ? " reads" :
		    " writes", el);
		n++;
	}
	if (used < len)
		snprintf(buf + used, len - used, "%s (%d lanes active, %d B "
		    "each)", n == 3 ? ", ..." : "", __builtin_popcount(
		    a->active), s->size);
}

/* The truth of a question about one access (sectors, class, wavefronts,
   serial reads, transactions): the model's, through predict_access. */
static int
quiz_truth_access(const struct quiz_level *q, struct quiz_truth *t, char *show,
    size_t showlen, char **cause)
{
	struct param_set	 ps;
	struct launch		 l;
	struct access		 a;
	struct access_result	 r;
	enum arch		 arch = ARCH_MODERN;
	char			 lanes[160];
	const char		*why;
	enum predict_ask	 pa;

	if (q->ask == ASK_TRANSACTIONS)
		arch = (enum arch)arch_parse(q->arch);
	if (quiz_params(q->variant, &ps, cause) != 0 ||
	    quiz_access(&ps, q->step, arch, &l, &a, &r, cause) != 0)
		return -1;
	quiz_lanes_text(&l, &a, lanes, sizeof lanes);
	snprintf(show, showlen, "%s, step %d: %s %s\n  %s",
	    q->variant, q->step, l.sites[a.site].op == OP_LOAD ?
	    "load" : "store", l.sites[a.site].text, lanes);
	/* A user's file asks what its access's memory counts. */
	pa = quiz_predict[q->ask];
	if (pa == PREDICT_SECTORS)
		pa = predict_default(&r, arch);
	if (predict_access(pa, &l, &a, &r, arch, t, &why) != 0) {
		*cause = cause_printf("%s: %s", q->name, why);
		launch_free(&l);
		return -1;
	}
	if (q->ask == ASK_TRANSACTIONS)
		/* The guide's name for the rule set. */
		snprintf(t->question, sizeof t->question, "Under "
		    "compute capability %s's rules, how many "
		    "transactions serve this warp?", q->arch + 2);
	launch_free(&l);
	return 0;
}

/* The truth of an occupancy question: resident blocks on the teaching
   SM. */
static int
quiz_truth_blocks(const struct quiz_level *q, struct quiz_truth *t, char *show,
    size_t showlen, char **cause)
{
	struct occ_result	 occ;
	const struct occ_device	*dev;

	dev = occupancy_device("teaching");
	if (occupancy_compute(dev, q->threads, q->regs, 0, &occ) != 0) {
		*cause = cause_printf("%s: no occupancy", q->name);
		return -1;
	}
	t->value = occ.blocks;
	snprintf(show, showlen, "the teaching SM: %d threads, %d "
	    "registers, %d KB shared memory, %d blocks at most",
	    dev->threads_per_sm, dev->regs_per_sm,
	    dev->smem_per_sm / 1024, dev->blocks_per_sm);
	if (q->regs > 0)
		snprintf(t->question, sizeof t->question, "Blocks of "
		    "%d threads using %d registers a thread: how many "
		    "are resident on one SM?", q->threads, q->regs);
	else
		snprintf(t->question, sizeof t->question, "Blocks of "
		    "%d threads (registers not counted): how many are "
		    "resident on one SM?", q->threads);
	if (q->regs > 0)
		snprintf(t->why, sizeof t->why, "threads allow %d, "
		    "registers %d, blocks %d: the least binds "
		    "(warpviz occupancy --threads %d --regs %d).",
		    occ.by_threads, occ.by_regs, occ.by_blocks,
		    q->threads, q->regs);
	else
		snprintf(t->why, sizeof t->why, "threads allow %d and "
		    "the block limit %d: the least binds (warpviz "
		    "occupancy --threads %d).", occ.by_threads,
		    occ.by_blocks, q->threads);
	return 0;
}

/* The truth of a timing question: the ratio of the H100 times shipped
   with warpviz. */
static int
quiz_truth_slower(const struct quiz_level *q, struct quiz_truth *t, char *show,
    size_t showlen, char **cause)
{
	struct gpu_record	*rec;
	double			 ta, tb;
	char			*path;

	if ((path = gpu_datadir_results("h100", cause)) == NULL)
		return -1;
	rec = calloc(1, sizeof *rec);
	if (rec == NULL || gpu_results_read(path, rec, cause) != 0) {
		free(rec);
		free(path);
		return -1;
	}
	free(path);
	ta = quiz_record_ms(rec, q->variant);
	tb = quiz_record_ms(rec, q->partner);
	free(rec);
	if (ta <= 0 || tb <= 0) {
		*cause = cause_printf("%s: the recorded H100 results "
		    "lack %s or %s", q->name, q->variant, q->partner);
		return -1;
	}
	t->value = ta / tb;
	t->tolerance = 0.15;
	snprintf(show, showlen, "%s against %s, timed on an H100 "
	    "(the results shipped with warpviz)", q->variant,
	    q->partner);
	snprintf(t->question, sizeof t->question, "How many times "
	    "slower than %s did %s run? (within 15%%)", q->partner,
	    q->variant);
	snprintf(t->why, sizeof t->why, "%.3f ms against %.3f ms: "
	    "%.2fx (warpviz --results h100 shows both).", ta, tb,
	    t->value);
	return 0;
}

/* Work out the truth of level q, and what to show before the question. */
static int
quiz_truth(const struct quiz_level *q, struct quiz_truth *t, char *show,
    size_t showlen, char **cause)
{
	int64_t	x, y;

	memset(t, 0, sizeof *t);
	show[0] = '\0';
	t->value = -1;
	t->ask = PREDICT_NONE;
	switch (q->ask) {
	case ASK_SECTORS:
	case ASK_CLASS:
	case ASK_WAVEFRONTS:
	case ASK_SERIAL:
	case ASK_TRANSACTIONS:
		return quiz_truth_access(q, t, show, showlen, cause);
	case ASK_RATIO:
		if ((x = quiz_launch_sectors(q->variant, cause)) < 0 ||
		    (y = quiz_launch_sectors(q->partner, cause)) < 0)
			return -1;
		t->value = y > 0 ? (double)x / y : 0;
		t->tolerance = 0.05;
		snprintf(show, showlen, "%s against %s, whole launches at "
		    "their defaults", q->variant, q->partner);
		snprintf(t->question, sizeof t->question, "How many times the "
		    "global sectors of %s does %s move? (within 5%%)",
		    q->partner, q->variant);
		snprintf(t->why, sizeof t->why, "%" PRId64 " sectors against %"
		    PRId64 ": %.2fx, from the index mapping alone.", x, y,
		    t->value);
		return 0;
	case ASK_BLOCKS:
		return quiz_truth_blocks(q, t, show, showlen, cause);
	case ASK_SLOWER:
		return quiz_truth_slower(q, t, show, showlen, cause);
	default:
		break;
	}
	return 0;
}

/* The terminal's size when standard output is one, else 0 x 0: the
   text is then printed as is, a line a sentence, for scripts. */
static void
quiz_size(int *w, int *h)
{
	struct winsize	ws;

	*w = *h = 0;
	if (isatty(STDOUT_FILENO) &&
	    ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) {
		*w = ws.ws_col;
		*h = ws.ws_row;
	}
}

/* Print text, its lines broken between words to fit w columns (none
   below 20), continued two spaces in: the terminal would cut a word at
   its edge.  Columns count UTF-8 characters. */
static void
quiz_put(const char *text, int w)
{
	const char	*p = text, *cut;
	int		 col, lead = 0;

	while (*p != '\0') {
		if (w < 20) {
			fputs(p, stdout);
			break;
		}
		col = lead;
		cut = NULL;
		for (text = p; *p != '\0' && *p != '\n'; p++) {
			if (*p == ' ' && p > text && p[-1] != ' ')
				cut = p;
			if (((unsigned char)*p & 0xc0) != 0x80 && ++col > w &&
			    cut != NULL)
				break;
		}
		if (*p == '\0' || *p == '\n')
			cut = p;
		printf("%*s%.*s\n", lead, "", (int)(cut - text), text);
		lead = *cut == ' ' ? 2 : 0;
		for (p = cut; *p == ' '; p++)
			;
		if (*p == '\n')
			p++;
	}
	if (w < 20)
		putchar('\n');
}

/* The frame of the level, the lanes that make it so in focus: at the
   terminal's size where it is one (80 x 24 at least), else 120 x 35. */
static void
quiz_frame(const struct quiz_level *q, const struct quiz_truth *t)
{
	struct state		 st;
	struct param_set	 ps;
	struct canvas		*cv;
	const char		*what;
	char			*cause = NULL;
	int			 arch, w, h;

	if (quiz_params(q->variant, &ps, &cause) != 0) {
		free(cause);
		return;
	}
	quiz_size(&w, &h);
	if (w < 80 || h < 1) {
		w = 120;
		h = 35;
	}
	w = w > CANVAS_MAX_W ? CANVAS_MAX_W : w;
	h = h < 24 ? 24 : h > CANVAS_MAX_H ? CANVAS_MAX_H : h;
	arch = q->arch != NULL ? arch_parse(q->arch) : ARCH_MODERN;
	state_init(&st, arch < 0 ? ARCH_MODERN : (enum arch)arch);
	state_set_width(&st, w);
	if (state_set_variant(&st, ps.v, &ps, &cause) == 0 &&
	    state_goto(&st, q->step, 0, 0, 0, &what, &cause) == 0) {
		st.focus = t->lanes;
		st.focus_box = t->lanes != 0;
		state_retotal(&st);
		state_update(&st);
		cv = canvas_new(w, h, 0);
		state_draw(cv, &st, NULL);
		text_print_canvas(stdout, cv, 0);
		canvas_free(cv);
	}
	free(cause);
	state_free(&st);
}

/* The level an operand names: its number from 1 or its name. */
static const struct quiz_level *
quiz_find(const char *s)
{
	size_t	i;
	char	*end;
	long	n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (*s >= '1' && *s <= '9' && *end == '\0' && errno == 0 && n >= 1 &&
	    (size_t)n <= QUIZ_LEVELS)
		return &quiz_levels[n - 1];
	for (i = 0; i < QUIZ_LEVELS; i++)
		if (strcmp(s, quiz_levels[i].name) == 0)
			return &quiz_levels[i];
	return NULL;
}

static int
quiz_list(void)
{
	size_t	i, done = 0;

	for (i = 0; i < QUIZ_LEVELS; i++) {
		done += quiz_solved(quiz_levels[i].name);
		printf("%2zu  %-20s %-16s %s\n", i + 1, quiz_levels[i].name,
		    quiz_levels[i].topic, quiz_solved(quiz_levels[i].name) ?
		    "solved" : "");
	}
	printf("%zu of %zu solved\n", done, QUIZ_LEVELS);
	return 0;
}

/* A user's kernel file as a level: the sectors of --step's access (the
   class where that access is not to global memory is not asked). */
static int
quiz_file_level(struct opts *o, struct quiz_level *q)
{
	char	*cause = NULL;

	if (catalog_open(o->name, &cause) == NULL) {
		opts_error("%s", cause != NULL ? cause : o->name);
		free(cause);
		return -1;
	}
	memset(q, 0, sizeof *q);
	q->name = o->name;
	q->topic = "your kernel";
	q->variant = o->name;
	q->step = (int)(o->step < INT32_MAX ? o->step : 0);
	q->ask = ASK_SECTORS;
	return 0;
}

int
cli_quiz(struct opts *o)
{
	const struct quiz_level	*q = NULL;
	struct quiz_level	 mine;
	struct quiz_truth	 t;
	char			 show[512], line[256], *cause = NULL, *head;
	char			 verdict[PREDICT_WHY_MAX + 96];
	char			 say[PREDICT_WHY_MAX + 128];
	const char		*answer;
	size_t			 i;
	int			 right, cols, rows;

	if (o->list)
		return quiz_list();
	if (o->name != NULL && ksrc_is_path(o->name)) {
		if (quiz_file_level(o, &mine) != 0)
			return EXIT_USAGE;
		q = &mine;
	} else if (o->name != NULL && (q = quiz_find(o->name)) == NULL)
		return opts_error("quiz: no level '%s' (1 to %zu, or a name "
		    "from warpviz quiz --list)", o->name, QUIZ_LEVELS);
	for (i = 0; q == NULL && i < QUIZ_LEVELS; i++)
		if (!quiz_solved(quiz_levels[i].name))
			q = &quiz_levels[i];
	if (q == NULL) {
		printf("every level is solved: warpviz quiz N plays one "
		    "again\n");
		return 0;
	}
	if (quiz_truth(q, &t, show, sizeof show, &cause) != 0) {
		opts_error("quiz: %s", cause);
		free(cause);
		return EXIT_USAGE;
	}
	quiz_size(&cols, &rows);
	/* A kernel file's path may be long: the heading is its own. */
	if (asprintf(&head, "level %s (%s)", q->name, q->topic) < 0)
		return opts_error("quiz: out of memory");
	quiz_put(head, cols);
	free(head);
	quiz_put(show, cols);
	quiz_put(t.question, cols);
	fflush(stdout);
	if ((answer = o->answer) == NULL) {
		if (isatty(STDIN_FILENO))
			fputs("> ", stdout), fflush(stdout);
		if (fgets(line, sizeof line, stdin) == NULL)
			return opts_error("quiz: no answer (type it, or give "
			    "--answer)");
		line[strcspn(line, "\r\n")] = '\0';
		answer = line;
	}
	right = predict_right(&t, answer);
	predict_answer_text(&t, verdict, sizeof verdict);
	snprintf(say, sizeof say, "%s: %s", right ? "right" : "not quite",
	    verdict);
	quiz_put(say, cols);
	if (q->ask <= ASK_TRANSACTIONS)
		quiz_frame(q, &t);
	if (right && q != &mine)
		quiz_remember(q->name);
	return right ? 0 : 1;
}
