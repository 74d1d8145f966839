/* SPDX-License-Identifier: ISC
 * cli-show.c - private to cli.c: warpviz show, one frame of the lecture
 * screen (or a lesson's scene) printed as text, ANSI text or SVG without a
 * terminal; and the two things show lends the other commands: the launch
 * checked against --step, --block and --warp, and the canvas printer the
 * TUI's export key uses.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "cli-show.h"
#include "gpu.h"
#include "launch.h"
#include "lesson.h"
#include "opts.h"
#include "safestr.h"
#include "state.h"
#include "svg.h"
#include "text.h"
#include "view.h"

/* A launch that launch_init refused, named by what set the parameters:
   -p, or the variant's own defaults ("-p:" with no -p given sent the
   user looking for an option never typed). */
void
cli_launch_error(const struct opts *o, const char *cause)
{
	if (opts_given(o, OPT_PARAM))
		opts_error("-p: %s", cause);
	else
		opts_error("%s does not launch at its defaults: %s",
		    o->v->path != NULL ? o->v->path : o->v->name, cause);
}

/* Set up the launch and check block, warp and step against it (show,
   trace, stats and the TUI). */
int
cli_launch(const struct opts *o, struct launch *l)
{
	const char	*what;
	char		*cause = NULL;

	if (launch_init(l, &o->ps, &cause) != 0) {
		cli_launch_error(o, cause);
		free(cause);
		return -1;
	}
	if (state_check(l, l->nsteps, o->step, o->block[0], o->block[1],
	    o->warp, &what, &cause) != 0) {
		opts_error("--%s: %s", what, cause);
		free(cause);
		launch_free(l);
		return -1;
	}
	return 0;
}

/* --color=auto for show: colours on a terminal unless NO_COLOR is set. */
static int
show_color(int color)
{
	const char	*nc = getenv("NO_COLOR");

	if (color >= 0)
		return color;
	return isatty(STDOUT_FILENO) && (nc == NULL || *nc == '\0');
}

/* A canvas as text (format 0), ANSI text (1) or SVG (2): show's faces,
   lent to the TUI's export key. */
void
cli_print_canvas(FILE *f, const struct canvas *cv, int format)
{
	if (format == 2)
		svg_print_canvas(f, cv);
	else
		text_print_canvas(f, cv, format);
}

/*
 * show --lesson: load the lesson and pick scene o->scene (1 default) into
 * *sc and its "K/N title" into title.  -1 after a message.
 */
static int
show_scene(struct opts *o, struct lesson *ls, const struct lesson_scene **sc,
    char *title, size_t len)
{
	char	*cause = NULL;
	int64_t	 k = o->scene > 0 ? o->scene : 1;

	if (o->v != NULL || (o->given & (OPTS_COMMON | OPTS_BIT(OPT_COMPARE))))
		return opts_error("--lesson: the scene sets the variant, "
		    "parameters and position (no VARIANT, -p, --step, --block, "
		    "--warp, --arch or --compare)"), -1;
	if (lesson_load(ls, o->lesson, catalog_find, &cause) != 0) {
		opts_error("--lesson: %s", cause);
		free(cause);
		return -1;
	}
	if (k > ls->nscenes) {
		opts_error("--scene: %lld is past the end of lesson %s (1..%d)",
		    (long long)k, ls->name, ls->nscenes);
		lesson_free(ls);
		return -1;
	}
	*sc = &ls->scenes[k - 1];
	snprintf(title, len, "%d/%d %s", (int)k, ls->nscenes, (*sc)->title);
	return 0;
}

/*
 * With WARPVIZ_CUTS set in the environment (tests/cuts.sh), name on
 * stderr each word the frame cut: "warpviz: cut at ROW,COL: kept|rest".
 */
static void
show_cuts(const struct canvas *cv)
{
	const char	*e = getenv("WARPVIZ_CUTS");
	int		 i;

	if (e == NULL || *e == '\0')
		return;
	for (i = 0; i < cv->ncuts && i < CANVAS_CUTS; i++)
		safestr_fprintf(stderr, "warpviz: cut at %s\n", cv->cut[i]);
	if (cv->ncuts > CANVAS_CUTS)
		fprintf(stderr, "warpviz: and %d more cuts\n",
		    cv->ncuts - CANVAS_CUTS);
}

/*
 * show --results FILE: the GPU lines the lecture screen would show for
 * the first pane's variant from the recorded results, or none when they
 * hold nothing for it (show never times live).
 */
static int
show_gpu(const struct opts *o, struct state *st,
    char gl[][GPU_LINE_MAX])
{
	int	ng;

	if (o->results == NULL)
		return 0;
	ng = gpu_panel(&st->pane[0].ps, gl);
	if (ng > 0 && strncmp(gl[0], "recorded on ", 12) != 0)
		return 0;
	return ng;
}

/*
 * A scene that asks (its 'ask' line) is printed as the lecture screen
 * first shows it: the counts, verdict and times hidden, the question in
 * the narration's place.  Returns nonzero when it asks.
 */
static int
show_ask(struct state *st, struct view_opts *vo, char *title, size_t len)
{
	const char	*why = NULL;

	if (!st->ask_pending)
		return 0;
	st->ask_pending = 0;
	if (state_ask(st, st->ask, gpu_recorded_ms, &why) != 0)
		return 0;
	vo->hide = 1;
	vo->narration = st->truth.question;
	snprintf(title + strlen(title), len - strlen(title), " (predict "
	    "first)");
	vo->scene = title;
	return 1;
}

/* warpviz show: one frame as text, ANSI text or SVG on stdout. */
int
cli_show(struct opts *o)
{
	struct launch			 l;
	struct state			 st;
	struct lesson			 ls;
	const struct lesson_scene	*sc = NULL;
	const struct view_model		*models[STATE_MAX_PANES];
	struct view_opts		 vo;
	struct canvas			*cv;
	const char			*what;
	char				*cause = NULL;
	char				 title[LESSON_TITLE_MAX + 32];
	char				 gl[GPU_PANEL_LINES][GPU_LINE_MAX];
	int				 n, ng, rc = 0, color;

	memset(&ls, 0, sizeof ls);
	if (o->scene > 0 && o->lesson == NULL)
		return opts_error("--scene: needs --lesson NAME");
	if (o->results != NULL && gpu_load_results(o->results, &cause) != 0) {
		opts_error("%s", cause);
		free(cause);
		return EXIT_USAGE;
	}
	if (o->lesson != NULL &&
	    show_scene(o, &ls, &sc, title, sizeof title) != 0)
		return EXIT_USAGE;
	if (sc == NULL) {
		/* Check the step, block and warp against the first launch. */
		if (cli_launch(o, &l) != 0)
			return EXIT_USAGE;
		launch_free(&l);
		if (o->compare && o->partners == NULL &&
		    o->v->compare == NULL)
			return opts_error("--compare: %s has no variant to "
			    "compare with", o->v->name);
	}
	/* The panes, partners and position the lecture screen would show
	   at this size; a scene sets them as the lecture screen does. */
	state_init(&st, o->arch);
	state_set_width(&st, o->w);
	/* With --compare=LIST the variant's own compare= list is not
	   tried (a copied file's partners need not exist). */
	st.compare = o->compare && (sc != NULL || o->partners == NULL);
	if ((sc != NULL ? state_apply(&st, sc, &cause) :
	    state_set_variant(&st, o->v, &o->ps, &cause)) != 0 ||
	    (sc == NULL && state_goto(&st, o->step, o->block[0], o->block[1],
	    o->warp, &what, &cause) != 0)) {
		/* cli_launch and the lesson have checked both. */
		opts_error("%s", cause);
		free(cause);
		state_free(&st);
		lesson_free(&ls);
		return EXIT_USAGE;
	}
	/* --compare=LIST: these partners instead of the variant's own; one
	   that cannot be made is refused below, with the others. */
	if (sc == NULL && o->partners != NULL && st.status[0] == '\0') {
		st.compare = o->compare;
		st.partners = o->partners;
		state_set_partners(&st);
	}
	st.focus |= o->lanes;
	if (o->lanes != 0)
		st.focus_box = 1;
	st.zoom = o->zoom;
	if (o->dram) {
		st.dram = 1;
		st.dram_cfg = o->dram_cfg;
	}
	if (st.status[0] == '\0') {
		state_retotal(&st);
		state_update(&st);
	}
	/* A partner left out, or a step the model cannot evaluate. */
	if (st.status[0] != '\0' ||
	    (n = state_models(&st, models)) == 0)
		rc = opts_error("%s", st.status);
	if (rc == 0) {
		memset(&vo, 0, sizeof vo);
		if (sc != NULL) {
			vo.scene = title;
			vo.narration = sc->say;
		}
		ng = show_ask(&st, &vo, title, sizeof title) ? 0 :
		    show_gpu(o, &st, gl);
		for (n = 0; n < ng && n < 3; n++)
			vo.gpu[n] = gl[n];
		cv = canvas_new(o->w, o->h, o->ascii > 0);
		state_draw(cv, &st, &vo);
		show_cuts(cv);
		color = o->format >= 0 ? o->format : show_color(o->color);
		cli_print_canvas(stdout, cv, color);
		canvas_free(cv);
	}
	state_free(&st);
	lesson_free(&ls);
	return rc;
}
