/* SPDX-License-Identifier: ISC
 * tui.c - the lecture screen's options, terminal setup and main loop.
 *
 * One loop: act on the intent bits (relayout, recompute, draw once), then
 * sleep in getch until a key or the next frame deadline (CLOCK_MONOTONIC);
 * paused, it blocks with no timeout and uses no CPU.  Resize is handled in
 * one place (KEY_RESIZE -> layout -> full redraw); ncurses owns SIGWINCH
 * and SIGTSTP.  Every other signal that would end the program (INT, TERM,
 * HUP, QUIT, USR1, USR2, PIPE, ALRM) only sets a flag; every exit path,
 * out of memory included (the xmalloc hook), restores the terminal before
 * printing anything.  A terminal that goes away without SIGHUP (getch
 * fails, or the tty is hung up) ends the loop instead of spinning.
 */
#include "config.h"

#include <sys/ioctl.h>

#include <errno.h>
#include <langinfo.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "catalog.h"
#include "dram.h"
#include "export.h"
#include "gpu.h"
#include "isa-job.h"
#include "keys.h"
#include "lesson.h"
#include "opts.h"
#include "overlay.h"
#include "paint.h"
#include "state.h"
#include "tui-curses.h"
#include "tui-term.h"
#include "tui.h"
#include "view.h"
#include "xmalloc.h"

#define TUI_GPU_POLL_MS	500	/* panel refresh while a GPU run may be on */
#define TUI_GPU_POLL_S	120	/* ... for at most this long after 'g' */
#define TUI_COUNTERS_POLL_S 900	/* ... and after 'G': ncu replays a launch */
#define TUI_ERR_MAX	50	/* getch errors in a row that mean no tty */
#define TUI_WORK_POLL_MS 100	/* progress while totals are computed */
/* Idle, the wait still ends: a signal (SIGWINCH, SIGTERM) that lands
   after the last check and before getch blocks is seen within this. */
#define TUI_IDLE_POLL_MS 1000
#define TUI_WORK_WAIT_MS 15	/* totals this quick come with the frame */

/* What the loop needs from the options, with the automatic ones decided. */
struct tui_opts {
	int		 color;		/* 0 never, 1 always, -1 auto */
	int		 ascii;		/* 0 or 1 */
	int		 mouse;
	int64_t		 frames;	/* 0: run until q */
};


static volatile sig_atomic_t	tui_signal;
static int			tui_curses_on;
static int			tui_gone;	/* the terminal went away */
static char			tui_clamped[160];	/* size notice */

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

/* The xmalloc fatal hook: restore the terminal, then the message, exit 1. */
static void __attribute__((noreturn))
tui_xfatal(const char *msg)
{
	tui_restore();
	fprintf(stderr, "warpviz: %s\n", msg);
	exit(1);
}

/*
 * Whether the terminal on stdin has gone away: no longer a terminal (a
 * hung-up tty fails tcgetattr) or hung up / in error when polled.
 */
static int
tui_tty_gone(void)
{
	struct pollfd	pfd;

	if (!isatty(STDIN_FILENO))
		return 1;
	memset(&pfd, 0, sizeof pfd);
	pfd.fd = STDIN_FILENO;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, 0) > 0 &&
	    (pfd.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0)
		return 1;
	return 0;
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

/*
 * The first state from the options; -1 after printing an error.  The
 * caller has checked step, block and warp against the variant's launch.
 */
static int
tui_start_state(struct state *st, const struct opts *o)
{
	const char	*what;
	char		*cause = NULL;

	state_init(st, o->arch);
	st->background = 1;
	st->motion_on = 1;
	if (state_set_variant(st, o->v, &o->ps, &cause) != 0) {
		opts_error("%s", cause);
		free(cause);
		return -1;
	}
	if (state_goto(st, o->step, o->block[0], o->block[1], o->warp, &what,
	    &cause) != 0) {
		opts_error("--%s: %s", what, cause);
		free(cause);
		return -1;
	}
	return 0;
}

/*
 * The counters of pane 0 into o (the G key's run, or recorded results):
 * numbers under the counts when there are some, else the run's state or
 * why it failed; the status line's "counting" ends when it has.
 */
static void
tui_measured(struct state *st, struct view_opts *o, struct measured *m,
    char *line)
{
	enum gpu_counters_state	cs;

	cs = gpu_counters_get(&st->pane[0].ps, m, line);
	if (cs == GPU_COUNTERS_NONE)
		return;
	o->measured_line = line;
	if (cs == GPU_COUNTERS_LIVE || cs == GPU_COUNTERS_RECORDED)
		o->measured = m;
	if (cs != GPU_COUNTERS_RUNNING && strncmp(st->status, "counting ",
	    9) == 0)
		st->status[0] = '\0';
}

/* Predict mode on the frame: while asking, the numbers hidden and the
   question in the narration's place; once answered, the verdict and its
   reason there. */
static void
tui_predict_opts(const struct state *st, struct view_opts *o, char *scene,
    size_t len)
{
	if (st->predict == 0)
		return;
	o->hide = st->predict == 1;
	if (o->scene == NULL)
		snprintf(scene, len, st->predict == 1 ? "Predict first" :
		    "The answer");
	else
		snprintf(scene + strlen(scene), len - strlen(scene), " %s",
		    st->predict == 1 ? "(predict first)" : "(the answer)");
	o->scene = scene;
	o->narration = st->predict == 1 ? st->truth.question : st->reveal;
}

/* Draw one frame (or the too-small notice) and the overlay into cv. */
static void
tui_draw(struct canvas *cv, struct state *st)
{
	struct view_opts	 o;
	struct measured		 meas;
	char			 mline[GPU_LINE_MAX];
	char			 gl[GPU_PANEL_LINES][GPU_LINE_MAX];
	char			 scene[LESSON_TITLE_MAX + 16];
	const struct lesson_scene *sc;
	int			 i, ng;

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
	if (st->lesson != NULL) {
		sc = &st->lesson->scenes[st->scene];
		snprintf(scene, sizeof scene, "%d/%d %s", st->scene + 1,
		    st->lesson->nscenes, sc->title);
		o.scene = scene;
		o.narration = sc->say;
		o.keys = "PgDn/n next scene  PgUp/N previous  ? keys  q quit  "
		    "Left/Right step  Space play  c compare  e export";
	}
	ng = gpu_panel(&st->pane[0].ps, gl);
	/* The result has come: the status no longer says "timing". */
	if (strncmp(st->status, "timing ", 7) == 0 && ng > 0 &&
	    strncmp(gl[0], "GPU: running", 12) != 0)
		st->status[0] = '\0';
	/* view_opts.gpu holds at most 3 lines and a NULL; predict mode
	   hides the times until the answer. */
	for (i = 0; i < ng && i < 3 && st->predict != 1; i++)
		o.gpu[i] = gl[i];
	tui_measured(st, &o, &meas, mline);
	tui_predict_opts(st, &o, scene, sizeof scene);
	if (state_draw(cv, st, &o) == 0)
		canvas_text(cv, 0, 0, st->status, ROLE_BAD, cv->w);
	overlay_draw(cv, st);
}

/* The export key: write the frame, say where and how to get it again. */
static void
tui_export(struct state *st, const struct canvas *cv)
{
	char	base[STATE_STATUS_MAX], cmd[STATE_STATUS_MAX];

	if (st->export_req == 2) {
		st->export_req = 0;
		if (export_marks(st, base, sizeof base) != 0)
			state_status(st, "%s", base);
		else
			state_status(st, "wrote %d marks to %s: warpviz lesson "
			    "%s plays them", st->nmarks, base, base);
		return;
	}
	/* The frame show prints has the whole-launch totals: wait for them
	   (the loop comes back when a worker reports). */
	if (state_busy(st)) {
		state_status(st, "export: when the whole-launch totals are in");
		return;
	}
	st->export_req = 0;
	if (cv->w < VIEW_MIN_W || cv->h < VIEW_MIN_H) {
		state_status(st, "export: the terminal is too small");
		return;
	}
	if (export_frame(st, cv->w, cv->h, cv->ascii, base,
	    sizeof base) != 0) {
		state_status(st, "%s", base);
		return;
	}
	export_command(st, cv->w, cv->h, cv->ascii, cmd, sizeof cmd);
	state_status(st, "wrote %s.txt .ans .svg = %s", base, cmd);
}

/* Remember (for the status line and stderr) that w x h was clamped. */
static void
tui_note_clamp(long w, long h)
{
	snprintf(tui_clamped, sizeof tui_clamped, "the terminal's %ldx%ld is "
	    "more than warpviz draws: using %dx%d", w, h,
	    w > CANVAS_MAX_W ? CANVAS_MAX_W : (int)w,
	    h > CANVAS_MAX_H ? CANVAS_MAX_H : (int)h);
}

/*
 * Before curses starts: a size beyond CANVAS_MAX_* (from COLUMNS and LINES,
 * which curses prefers, or the tty) is clamped through COLUMNS and LINES,
 * so curses never allocates its screens at that size (30000x30000 took
 * 16.5 GB).
 */
static void
tui_clamp_size(void)
{
	struct winsize	 ws;
	const char	*e;
	long		 w = 0, h = 0;
	char		 buf[24];

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) {
		w = ws.ws_col;
		h = ws.ws_row;
	}
	if ((e = getenv("COLUMNS")) != NULL && atol(e) > 0)
		w = atol(e);
	if ((e = getenv("LINES")) != NULL && atol(e) > 0)
		h = atol(e);
	if (w <= CANVAS_MAX_W && h <= CANVAS_MAX_H)
		return;
	tui_note_clamp(w, h);
	snprintf(buf, sizeof buf, "%ld", w > CANVAS_MAX_W ? CANVAS_MAX_W : w);
	setenv("COLUMNS", buf, 1);
	snprintf(buf, sizeof buf, "%ld", h > CANVAS_MAX_H ? CANVAS_MAX_H : h);
	setenv("LINES", buf, 1);
}

/* A scene's ask, once its frame is computed: hide and open the prompt;
   one the frame cannot answer is said on the status line. */
static void
tui_ask(struct state *st)
{
	const char	*why;

	state_predict_check(st);
	if (!st->ask_pending || st->npanes < 1 || !st->pane[0].have_m)
		return;
	st->ask_pending = 0;
	if (keys_predict(st, st->ask, &why) != 0)
		state_status(st, "predict: %s", why);
	else
		keys_prompt(st, PROMPT_PREDICT, "");
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
	tui_ask(st);
	if (st->export_req)
		tui_export(st, cv);
	tui_draw(cv, st);
}

/* The terminal size changed (or the first layout): size the canvas. */
static int
tui_layout(struct canvas *cv, struct state *st)
{
	if (COLS > CANVAS_MAX_W || LINES > CANVAS_MAX_H) {
		tui_note_clamp(COLS, LINES);
		resizeterm(LINES > CANVAS_MAX_H ? CANVAS_MAX_H : LINES,
		    COLS > CANVAS_MAX_W ? CANVAS_MAX_W : COLS);
	}
	if (tui_clamped[0] != '\0')
		snprintf(st->status, sizeof st->status, "%s", tui_clamped);
	canvas_resize(cv, COLS, LINES);
	clearok(curscr, TRUE);
	return state_set_width(st, COLS) ? INTENT_RECOMPUTE : 0;
}

/*
 * Catch the signals that end the program (on), or give them back their
 * default action once the terminal is restored (off): a second signal
 * while warpviz exits then ends it at once, rather than meeting a flag
 * nobody reads (and, in a sanitizer build, the leak checker's stopping
 * of the world, which a signal there can hang).
 */
static void
tui_signals(int on)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on ? tui_on_signal : SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;	/* no SA_RESTART: getch must return */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
	sigaction(SIGALRM, &sa, NULL);
}

/*
 * Start curses on a terminal tui_term_check accepted; -1 after one line
 * should terminfo still refuse it.
 */
static int
tui_curses(const struct tui_opts *o)
{
	if (newterm(NULL, stdout, stdin) == NULL)
		return opts_error("TERM=%s: cannot use this terminal",
		    getenv("TERM")), -1;
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
	return 0;
}

/*
 * How long the loop may wait for a key, in ms: until the next frame's
 * deadline when playing (less while a step is in motion or the whole
 * launch is being counted), else short polls while a thread works or a
 * GPU run may answer, else the idle poll.
 */
static int
tui_wait_ms(struct state *st, double deadline, double now, double gpu_until)
{
	int	ms;

	if (st->playing) {
		ms = (int)((deadline - now) * 1000 + 0.5);
		if (st->motion > 0 && ms > STATE_MOTION_MS)
			ms = STATE_MOTION_MS;
		if (ms > TUI_WORK_POLL_MS && state_busy(st))
			ms = TUI_WORK_POLL_MS;
		return ms > 0 ? ms : 0;
	}
	if (state_busy(st) || isa_job_busy())
		return TUI_WORK_POLL_MS;
	if (now < gpu_until)
		return TUI_GPU_POLL_MS;
	return TUI_IDLE_POLL_MS;
}

/* The loop; returns the exit status. */
static int
tui_loop(struct state *st, const struct tui_opts *o)
{
	struct canvas	*cv;
	double		 deadline = 0, now, gpu_until = 0, interval, asked;
	int64_t		 frames = 0;
	int		 intent, key, was_playing, wait_ms, errs = 0;

	cv = canvas_new(COLS, LINES, o->ascii);
	intent = INTENT_RELAYOUT | INTENT_RECOMPUTE | INTENT_REDRAW;
	for (;;) {
		intent |= isa_job_sync(st);
		if (intent & INTENT_RECOLOR) {
			paint_theme();
			clearok(curscr, TRUE);
		}
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
		wait_ms = tui_wait_ms(st, deadline, now, gpu_until);
		timeout(wait_ms);
		was_playing = st->playing;
		asked = now;
		key = getch();
		if (tui_signal)
			break;
		now = tui_now();
		/*
		 * ERR is a timeout only when the wait was bounded and has
		 * passed; otherwise a read failed.  A tty that is gone ends
		 * the loop (checked at every ERR: two system calls, at most
		 * once a frame); so do many unexplained errors in a row.
		 */
		if (key == ERR && tui_tty_gone()) {
			tui_gone = 1;
			break;
		}
		if (key == ERR && (wait_ms < 0 || (wait_ms >= 20 &&
		    (now - asked) * 1000 < wait_ms / 2))) {
			if (++errs >= TUI_ERR_MAX) {
				tui_gone = 1;
				break;
			}
		} else
			errs = 0;
		if (key == ERR) {
			if (st->playing && st->motion > 0 && now < deadline) {
				/* The next phase of the step in motion. */
				if (++st->motion > STATE_MOTION_PHASES)
					st->motion = 0;
				intent |= INTENT_RECOMPUTE | INTENT_REDRAW;
			} else if (st->playing && now >= deadline) {
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
		if (key == 'G' && st->mode == MODE_FRAME)
			gpu_until = now + TUI_COUNTERS_POLL_S;
		if (st->playing && !was_playing)
			deadline = now + interval;
	}
	canvas_free(cv);
	if (tui_signal)
		return 128 + tui_signal;
	return tui_gone ? 1 : 0;
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
	cv = canvas_new(200, 60, 0);
	t = xcalloc(n, sizeof *t);
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

void
tui_set_printer(void (*fn)(FILE *, const struct canvas *, int))
{
	export_set_printer(fn);
}

int
tui_main(const struct opts *opts)
{
	struct tui_opts	 o;
	struct state	 st;
	struct lesson	 ls;
	const char	*cs;
	char		*cause = NULL;
	int		 rc;

	if (opts->keys) {
		keys_print(stdout);
		return 0;
	}
	o.color = opts->color;
	o.mouse = opts->mouse;
	o.frames = opts->frames;
	o.ascii = opts->ascii > 0;
	if (opts->ascii < 0) {
		cs = nl_langinfo(CODESET);
		o.ascii = cs == NULL || strcmp(cs, "UTF-8") != 0;
	}
	memset(&ls, 0, sizeof ls);
	if (tui_start_state(&st, opts) != 0) {
		state_free(&st);
		return EXIT_USAGE;
	}
	st.zoom = opts->zoom;
	if (opts->dram) {
		st.dram = 1;
		st.dram_cfg = opts->dram_cfg;
	}
	/* A lesson starts on its scene (cli.c has checked it loads). */
	if (opts->lesson != NULL) {
		if (lesson_load(&ls, opts->lesson, catalog_find, &cause) != 0 ||
		    (st.lesson = &ls, state_apply_scene(&st, opts->scene > 0 ?
		    (int)opts->scene - 1 : 0, &cause)) != 0) {
			opts_error("--lesson: %s", cause);
			free(cause);
			state_free(&st);
			lesson_free(&ls);
			return EXIT_USAGE;
		}
	}
	if (opts->bench_frames > 0) {
		rc = tui_bench(&st, opts->bench_frames);
		state_free(&st);
		lesson_free(&ls);
		return rc;
	}
	if (o.frames > 0) {
		st.playing = 1;
		st.wrap = 1;
		st.speed = state_nspeeds - 1;
	}
	if (tui_term_check(STDOUT_FILENO) != 0) {
		state_free(&st);
		lesson_free(&ls);
		return EXIT_USAGE;
	}
	tui_signals(1);
	xmalloc_set_fatal(tui_xfatal);
	tui_clamp_size();
	if (tui_curses(&o) != 0) {
		xmalloc_set_fatal(NULL);
		state_free(&st);
		lesson_free(&ls);
		return EXIT_USAGE;
	}
	rc = tui_loop(&st, &o);
	tui_restore();
	tui_signals(0);
	xmalloc_set_fatal(NULL);
	if (tui_gone)
		fprintf(stderr, "warpviz: the terminal went away\n");
	if (tui_clamped[0] != '\0')
		fprintf(stderr, "warpviz: %s\n", tui_clamped);
	gpu_shutdown();
	isa_job_shutdown(&st);
	state_free(&st);
	lesson_free(&ls);
	return rc;
}
