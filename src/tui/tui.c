/*
 * tui.c - the lecture screen's options, terminal setup and main loop.
 *
 * One loop: act on the intent bits (relayout, recompute, draw once), then
 * sleep in getch until a key or the next frame deadline (CLOCK_MONOTONIC);
 * paused, it blocks with no timeout and uses no CPU.  Resize is handled in
 * one place (KEY_RESIZE -> layout -> full redraw); ncurses owns SIGWINCH
 * and SIGTSTP.  SIGINT, SIGTERM and SIGHUP only set a flag; every exit
 * path restores the terminal before printing anything.
 */
#include "config.h"

#include <errno.h>
#include <langinfo.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalog.h"
#include "cli.h"
#include "gpu.h"
#include "keys.h"
#include "overlay.h"
#include "paint.h"
#include "state.h"
#include "tui-curses.h"
#include "tui.h"
#include "view.h"

#define TUI_GPU_POLL_MS	500	/* panel refresh while a GPU run may be on */
#define TUI_GPU_POLL_S	120	/* ... for at most this long after 'g' */
#define TUI_WORK_POLL_MS 100	/* progress while totals are computed */
#define TUI_WORK_WAIT_MS 15	/* totals this quick come with the frame */

struct tui_opts {
	int		 color;		/* 0 never, 1 always, -1 auto */
	int		 ascii;		/* -1 auto */
	int		 mouse;
	int64_t		 frames;	/* 0: run until q */
	const char	*results;
	int		 keys;
	int64_t		 bench;		/* --bench-frames N */
};

static volatile sig_atomic_t	tui_signal;
static int			tui_curses_on;

static void
tui_on_signal(int sig)
{
	tui_signal = sig;
}

/* Give the terminal back; safe to call twice. */
static void
tui_restore(void)
{
	if (tui_curses_on) {
		endwin();
		tui_curses_on = 0;
	}
}

/* A bug or out of memory: restore the terminal, say so, exit 1. */
static void __attribute__((noreturn, format(printf, 1, 2)))
tui_fatal(const char *fmt, ...)
{
	va_list	ap;

	tui_restore();
	fputs("warpviz: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static double
tui_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* "--name VALUE" or "--name=VALUE"; NULL when argv[*i] is not --name. */
static const char *
tui_value(const char *name, int argc, char **argv, int *i, int *bad)
{
	size_t	len = strlen(name);

	if (strncmp(argv[*i], name, len) != 0)
		return NULL;
	if (argv[*i][len] == '=')
		return argv[*i] + len + 1;
	if (argv[*i][len] != '\0')
		return NULL;
	if (*i + 1 >= argc) {
		cli_usage_error("%s: needs a value", name);
		*bad = 1;
		return NULL;
	}
	return argv[++*i];
}

static int
tui_count(const char *opt, const char *s, int64_t *out)
{
	char		*end;
	long long	 v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || v < 1 ||
	    v > 100000000) {
		cli_usage_error("%s: '%s' is not allowed (a whole number from "
		    "1 to 100000000)", opt, s);
		return -1;
	}
	*out = v;
	return 0;
}

/* Parse the TUI's own options and the common ones; -1 after an error. */
static int
tui_parse(int argc, char **argv, struct cli_common *c, struct tui_opts *o)
{
	const char	*v, *variant = NULL;
	int		 i, r, bad = 0;

	cli_common_init(c);
	memset(o, 0, sizeof *o);
	o->color = -1;
	o->ascii = -1;
	o->mouse = 1;
	for (i = 0; i < argc; i++) {
		if ((r = cli_common_option(c, argc, argv, &i)) < 0)
			return -1;
		if (r > 0)
			continue;
		if ((v = tui_value("--variant", argc, argv, &i, &bad)) != NULL)
			variant = v;
		else if ((v = tui_value("--results", argc, argv, &i,
		    &bad)) != NULL)
			o->results = v;
		else if ((v = tui_value("--frames", argc, argv, &i,
		    &bad)) != NULL) {
			if (tui_count("--frames", v, &o->frames) != 0)
				return -1;
		} else if ((v = tui_value("--bench-frames", argc, argv, &i,
		    &bad)) != NULL) {
			if (tui_count("--bench-frames", v, &o->bench) != 0)
				return -1;
		} else if (bad)
			return -1;
		else if (strcmp(argv[i], "--color") == 0 ||
		    strcmp(argv[i], "--color=always") == 0)
			o->color = 1;
		else if (strcmp(argv[i], "--color=never") == 0)
			o->color = 0;
		else if (strcmp(argv[i], "--color=auto") == 0)
			o->color = -1;
		else if (strncmp(argv[i], "--color=", 8) == 0) {
			cli_usage_error("--color: '%s' is not allowed (auto, "
			    "always or never)", argv[i] + 8);
			return -1;
		} else if (strcmp(argv[i], "--ascii") == 0)
			o->ascii = 1;
		else if (strcmp(argv[i], "--no-mouse") == 0)
			o->mouse = 0;
		else if (strcmp(argv[i], "--keys") == 0)
			o->keys = 1;
		else {
			cli_usage_error("unknown option '%s' (see warpviz "
			    "--help)", argv[i]);
			return -1;
		}
	}
	if (bad)
		return -1;
	if (cli_set_variant(c, variant != NULL ? variant :
	    catalog[0]->name) != 0)
		return -1;
	if (o->ascii < 0) {
		v = nl_langinfo(CODESET);
		o->ascii = v == NULL || strcmp(v, "UTF-8") != 0;
	}
	return 0;
}

int
tui_needs_terminal(int argc, char **argv)
{
	int	i;

	for (i = 0; i < argc; i++)
		if (strcmp(argv[i], "--keys") == 0 ||
		    strncmp(argv[i], "--bench-frames", 14) == 0)
			return 0;
	return 1;
}

/* The first state from the options; -1 after printing an error. */
static int
tui_start_state(struct state *st, struct cli_common *c)
{
	const char	*what;
	char		*cause = NULL;

	state_init(st, c->arch);
	st->background = 1;
	if (state_set_variant(st, c->v, &c->ps, &cause) != 0) {
		cli_usage_error("%s", cause);
		free(cause);
		return -1;
	}
	if (state_goto(st, c->step, c->block[0], c->block[1], c->warp, &what,
	    &cause) != 0) {
		cli_usage_error("--%s: %s", what, cause);
		free(cause);
		return -1;
	}
	return 0;
}

/* Draw one frame (or the too-small notice) and the overlay into cv. */
static void
tui_draw(struct canvas *cv, struct state *st)
{
	const struct view_model	*models[STATE_MAX_PANES];
	struct view_opts	 o;
	char			 gl[GPU_PANEL_LINES][GPU_LINE_MAX];
	int			 i, n, ng;

	canvas_clear(cv);
	if (cv->w < VIEW_MIN_W || cv->h < VIEW_MIN_H) {
		view_draw_too_small(cv, VIEW_MIN_W, VIEW_MIN_H);
		return;
	}
	memset(&o, 0, sizeof o);
	o.status = st->status[0] != '\0' ? st->status : NULL;
	o.playing = st->playing;
	/* A scrolled source stays until the step moves on. */
	o.source_scroll = st->src_step == st->step ? st->src_scroll : 0;
	o.keys = "? keys  q quit  Left/Right step  Space play  Tab variant  "
	    "v list  c compare  p param  a arch  g GPU";
	ng = gpu_panel(&st->pane[0].ps, gl);
	/* The result has come: the status no longer says "timing". */
	if (strncmp(st->status, "timing ", 7) == 0 && ng > 0 &&
	    strncmp(gl[0], "GPU: running", 12) != 0)
		st->status[0] = '\0';
	/* view_opts.gpu holds at most 3 lines and a NULL. */
	for (i = 0; i < ng && i < 3; i++)
		o.gpu[i] = gl[i];
	n = state_models(st, models);
	if (n == 0)
		canvas_text(cv, 0, 0, st->status, ROLE_BAD, cv->w);
	else if (n == 1)
		view_draw(cv, models[0], &o);
	else
		view_draw_compare(cv, models, n, &o);
	overlay_draw(cv, st);
}

void
tui_apply(struct state *st, struct canvas *cv, int intent)
{
	if ((intent & INTENT_RECOMPUTE) && state_start_whole(st) > 0)
		state_wait_whole(st, TUI_WORK_WAIT_MS);
	else
		state_poll_whole(st);
	if (intent & INTENT_RECOMPUTE)
		state_update(st);
	tui_draw(cv, st);
}

/* The terminal size changed (or the first layout): size the canvas. */
static int
tui_layout(struct canvas *cv, struct state *st)
{
	canvas_resize(cv, COLS, LINES);
	clearok(curscr, TRUE);
	return state_set_width(st, COLS) ? INTENT_RECOMPUTE : 0;
}

static void
tui_signals(void)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = tui_on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;	/* no SA_RESTART: getch must return */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

static void
tui_curses(const struct tui_opts *o)
{
	if (newterm(NULL, stdout, stdin) == NULL)
		tui_fatal("cannot use this terminal (TERM=%s)",
		    getenv("TERM") != NULL ? getenv("TERM") : "unset");
	tui_curses_on = 1;
	cbreak();	/* Ctrl-C and Ctrl-Z stay signals */
	noecho();
	keypad(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	if (o->mouse) {
		mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED |
		    BUTTON5_PRESSED, NULL);
		mouseinterval(0);
	}
	paint_init(o->color);
}

/* The loop; returns the exit status. */
static int
tui_loop(struct state *st, const struct tui_opts *o)
{
	struct canvas	*cv;
	double		 deadline = 0, now, gpu_until = 0, interval;
	int64_t		 frames = 0;
	int		 intent, key, was_playing, ms;

	if ((cv = canvas_new(COLS, LINES, o->ascii)) == NULL)
		tui_fatal("out of memory");
	intent = INTENT_RELAYOUT | INTENT_RECOMPUTE | INTENT_REDRAW;
	for (;;) {
		if (intent & INTENT_RELAYOUT)
			intent |= tui_layout(cv, st);
		if (intent & (INTENT_RECOMPUTE | INTENT_REDRAW |
		    INTENT_RELAYOUT)) {
			tui_apply(st, cv, intent);
			paint_canvas(cv);
			wnoutrefresh(stdscr);
			doupdate();
		}
		if ((intent & INTENT_QUIT) || tui_signal)
			break;
		if (o->frames > 0 && frames >= o->frames)
			break;
		intent = 0;

		now = tui_now();
		interval = 1.0 / state_speeds[st->speed];
		if (st->playing) {
			ms = (int)((deadline - now) * 1000 + 0.5);
			if (ms > TUI_WORK_POLL_MS && state_busy(st))
				ms = TUI_WORK_POLL_MS;
			timeout(ms > 0 ? ms : 0);
		} else if (state_busy(st))
			timeout(TUI_WORK_POLL_MS);
		else if (now < gpu_until)
			timeout(TUI_GPU_POLL_MS);
		else
			timeout(-1);
		was_playing = st->playing;
		key = getch();
		if (tui_signal)
			break;
		now = tui_now();
		if (key == ERR) {
			if (st->playing && now >= deadline) {
				intent |= keys_tick(st);
				frames++;
				deadline += interval;
				if (deadline < now)
					deadline = now + interval;
			} else if (now < gpu_until + 1)
				intent |= INTENT_REDRAW;
			if (state_poll_whole(st))
				intent |= INTENT_REDRAW;
			continue;
		}
		if (key == KEY_RESIZE) {
			intent |= INTENT_RELAYOUT | INTENT_REDRAW;
			continue;
		}
		intent |= keys_dispatch(st, key, cv->w, cv->h);
		if (key == 'g' && st->mode == MODE_FRAME)
			gpu_until = now + TUI_GPU_POLL_S;
		if (st->playing && !was_playing)
			deadline = now + interval;
	}
	canvas_free(cv);
	return tui_signal ? 128 + tui_signal : 0;
}

static int
tui_cmp_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* --bench-frames N: build and paint a 200x60 frame N times, off screen. */
static int
tui_bench(struct state *st, int64_t n)
{
	struct canvas	*cv;
	SCREEN		*scr;
	FILE		*out, *in;
	double		*t, t0, t1, t2, t3, sum[3] = { 0, 0, 0 };
	int64_t		 i, nsteps;

	if ((out = fopen("/dev/null", "w")) == NULL ||
	    (in = fopen("/dev/null", "r")) == NULL)
		tui_fatal("/dev/null: %s", strerror(errno));
	if ((scr = newterm("xterm-256color", out, in)) == NULL)
		tui_fatal("bench: no xterm-256color terminfo");
	tui_curses_on = 1;
	resizeterm(60, 200);
	paint_init(1);
	if ((cv = canvas_new(200, 60, 0)) == NULL ||
	    (t = calloc(n, sizeof *t)) == NULL)
		tui_fatal("out of memory");
	state_set_width(st, 200);
	state_retotal(st);
	nsteps = state_nsteps(st);
	for (i = 0; i < n; i++) {
		st->step = i % nsteps;
		t0 = tui_now();
		state_update(st);
		t1 = tui_now();
		tui_draw(cv, st);
		t2 = tui_now();
		paint_canvas(cv);
		wnoutrefresh(stdscr);
		doupdate();
		t3 = tui_now();
		t[i] = t3 - t0;
		sum[0] += t1 - t0;
		sum[1] += t2 - t1;
		sum[2] += t3 - t2;
	}
	tui_restore();
	delscreen(scr);
	fclose(out);
	fclose(in);
	canvas_free(cv);
	qsort(t, n, sizeof *t, tui_cmp_double);
	printf("frame 200x60 %s: median %.3f ms, 90th percentile %.3f ms "
	    "over %lld frames (mean: model %.3f, view %.3f, paint %.3f ms)\n",
	    st->pane[0].v->name, t[n / 2] * 1e3, t[n * 9 / 10] * 1e3,
	    (long long)n, sum[0] / n * 1e3, sum[1] / n * 1e3,
	    sum[2] / n * 1e3);
	free(t);
	return 0;
}

int
tui_main(int argc, char **argv)
{
	struct cli_common	 c;
	struct tui_opts		 o;
	struct state		 st;
	char			*cause = NULL;
	int			 rc;

	if (tui_parse(argc, argv, &c, &o) != 0)
		return EXIT_USAGE;
	if (o.keys) {
		keys_print(stdout);
		return 0;
	}
	if (o.results != NULL && gpu_load_results(o.results, &cause) != 0) {
		cli_usage_error("%s", cause);
		free(cause);
		return EXIT_USAGE;
	}
	if (tui_start_state(&st, &c) != 0) {
		state_free(&st);
		return EXIT_USAGE;
	}
	if (o.bench > 0) {
		rc = tui_bench(&st, o.bench);
		state_free(&st);
		return rc;
	}
	if (o.frames > 0) {
		st.playing = 1;
		st.wrap = 1;
		st.speed = state_nspeeds - 1;
	}
	tui_signals();
	tui_curses(&o);
	rc = tui_loop(&st, &o);
	tui_restore();
	gpu_shutdown();
	state_free(&st);
	return rc;
}
