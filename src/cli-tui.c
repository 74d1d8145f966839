/* SPDX-License-Identifier: ISC
 * cli-tui.c - private to cli.c: the lecture screen (warpviz with no
 * command) and warpviz lesson, which plays a lesson on it, lists the
 * lessons or writes one as a web page.  Whatever needs no terminal is
 * checked before the terminal is taken.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "cli-show.h"
#include "cli-tui.h"
#include "gpu.h"
#include "html.h"
#include "launch.h"
#include "lesson.h"
#include "opts.h"
#include "param.h"
#include "safestr.h"
#include "tui/tui.h"

/*
 * The TUI: everything a terminal is not needed for is checked first (the
 * options, the recorded results, the position against the launch), so a
 * mistake is named even without a terminal.
 */
int
cli_tui(struct opts *o)
{
	struct launch	 l;
	struct lesson	 ls;
	char		*cause = NULL;

	tui_set_printer(cli_print_canvas);
	if (o->keys)
		return tui_main(o);
	if (o->scene > 0 && o->lesson == NULL)
		return opts_error("--scene: needs --lesson NAME");
	if (o->lesson != NULL) {
		if (lesson_load(&ls, o->lesson, catalog_find, &cause) != 0) {
			opts_error("--lesson: %s", cause);
			free(cause);
			return EXIT_USAGE;
		}
		if (o->scene > ls.nscenes) {
			opts_error("--scene: %lld is past the end of lesson %s "
			    "(1..%d)", (long long)o->scene, ls.name,
			    ls.nscenes);
			lesson_free(&ls);
			return EXIT_USAGE;
		}
		lesson_free(&ls);
	}
	if (o->results != NULL && gpu_load_results(o->results, &cause) != 0) {
		opts_error("%s", cause);
		free(cause);
		return EXIT_USAGE;
	}
	if (cli_launch(o, &l) != 0)
		return EXIT_USAGE;
	launch_free(&l);
	if (o->bench_frames == 0 &&
	    (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)))
		return opts_error("the TUI needs a terminal on stdin and "
		    "stdout; for a frame as text use 'warpviz show VARIANT' "
		    "(see warpviz --help)");
	return tui_main(o);
}

/* warpviz lesson NAME --html: the lesson as one web page on stdout. */
static int
lesson_html(struct opts *o)
{
	struct lesson		ls;
	struct html_opts	ho;
	char			*cause = NULL;
	int			 rc = 0;

	if (o->given & (OPTS_BIT(OPT_NO_MOUSE) | OPTS_BIT(OPT_FRAMES) |
	    OPTS_BIT(OPT_RESULTS) | OPTS_BIT(OPT_COLOR) | OPTS_BIT(OPT_DRAM)))
		return opts_error("--html: a page takes --size, --scene, "
		    "--ascii, --zoom and --theme (not the lecture screen's "
		    "--no-mouse, --frames, --results, --color or --dram)");
	if (lesson_load(&ls, o->name, catalog_find, &cause) != 0) {
		opts_error("lesson: %s", cause);
		free(cause);
		return EXIT_USAGE;
	}
	if (o->scene > ls.nscenes) {
		opts_error("--scene: %lld is past the end of lesson %s (1..%d)",
		    (long long)o->scene, ls.name, ls.nscenes);
		lesson_free(&ls);
		return EXIT_USAGE;
	}
	memset(&ho, 0, sizeof ho);
	ho.w = o->w;
	ho.h = o->h;
	ho.ascii = o->ascii > 0;
	ho.zoom = o->zoom;
	ho.start = o->scene > 0 ? (int)o->scene : 1;
	ho.recorded_ms = gpu_recorded_ms;
	if (html_print_lesson(stdout, &ls, &ho, &cause) != 0) {
		rc = opts_error("lesson: %s", cause);
		free(cause);
	} else if (fflush(stdout) != 0 || ferror(stdout))
		rc = opts_error("lesson: writing the page failed");
	lesson_free(&ls);
	return rc;
}

/* warpviz lesson --list, or NAME: the lecture screen playing it. */
int
cli_lesson(struct opts *o)
{
	struct lesson	 ls;
	char		*cause = NULL;
	int		 i;

	if (opts_given(o, OPT_HTML) && o->list)
		return opts_error("--html: takes a lesson NAME, not --list");
	if (opts_given(o, OPT_SIZE) && !opts_given(o, OPT_HTML))
		return opts_error("--size: only with --html (the lecture "
		    "screen takes the terminal's size)");
	if (opts_given(o, OPT_HTML) && o->name != NULL)
		return lesson_html(o);
	if (o->list) {
		if (o->name != NULL)
			return opts_error("lesson: unexpected argument '%s' "
			    "after --list", o->name);
		for (i = 0; lesson_files[i].name != NULL; i++) {
			if (lesson_load(&ls, lesson_files[i].name,
			    catalog_find, &cause) != 0) {
				/* A built-in lesson that does not load is a
				   bug the tests catch; say it, go on. */
				safestr_fprintf(stdout, "%-12s %s\n",
				    lesson_files[i].name, cause);
				free(cause);
				cause = NULL;
				continue;
			}
			safestr_fprintf(stdout, "%-12s %s (%d scenes",
			    ls.name, ls.title, ls.nscenes);
			if (ls.skipped > 0)
				printf(", %d optional left out: their kernels "
				    "are not in this build", ls.skipped);
			puts(")");
			lesson_free(&ls);
		}
		return 0;
	}
	if (o->name == NULL)
		return opts_error("lesson: NAME or --list is missing (see "
		    "warpviz lesson --list)");
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		/* Name a bad lesson before the terminal. */
		if (lesson_load(&ls, o->name, catalog_find, &cause) != 0) {
			opts_error("lesson: %s", cause);
			free(cause);
			return EXIT_USAGE;
		}
		lesson_free(&ls);
		return opts_error("lesson: the lecture screen needs a "
		    "terminal; for a scene as text use 'warpviz show --lesson "
		    "%s --scene K'", o->name);
	}
	o->lesson = o->name;
	o->v = catalog[0];
	param_defaults(&o->ps, o->v);
	return cli_tui(o);
}
