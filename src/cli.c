/*
 * cli.c - sub-command dispatch and argument parsing.  Every bad argument
 * gets one line naming it and what is allowed, and exit status 2.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "cli.h"
#include "gpu.h"
#include "json.h"
#include "ksrc.h"
#include "launch.h"
#include "state.h"
#include "tables.h"
#include "text.h"
#include "totals.h"
#include "tui/tui.h"
#include "view.h"
#include "warp.h"

/* After "warpviz VERSION" in --version; COPYING has the whole licence. */
static const char version_notice[] =
"Copyright (c) 2026 The warpviz authors (see AUTHORS).\n"
"Licence ISC: <https://spdx.org/licenses/ISC.html>.  This is free software:\n"
"you may use, copy, modify and distribute it.  There is NO WARRANTY.\n";

static const char usage_main[] =
"usage: warpviz [OPTIONS]                 the lecture TUI (needs a terminal)\n"
"       warpviz FILE.cu [OPTIONS]         the TUI on a kernel file\n"
"       warpviz list [--json]             variants and their parameters\n"
"       warpviz show VARIANT [OPTIONS]    one frame as text\n"
"       warpviz trace VARIANT [OPTIONS]   JSON Lines, one object per access\n"
"       warpviz stats VARIANT [OPTIONS]   whole-launch totals\n"
"       warpviz check VARIANT [-p ...]    what the model read from a kernel\n"
"       warpviz bench [VARIANT...]        time the live kernels on a GPU\n"
"       warpviz gpu                       the GPU, or why there is none\n"
"\n"
"Common options:\n"
"  -p NAME=VALUE     set a parameter (repeatable; see warpviz list)\n"
"  --arch modern|legacy   the memory model (default modern, cc 6.0+)\n"
"  --step K          the step (one access of the warp), from 0\n"
"  --block X,Y       the block (default 0,0)\n"
"  --warp W          the warp within the block (default 0)\n"
"\n"
"TUI options:\n"
"  --variant NAME    open on this variant (default matmul-col)\n"
"  --color=auto|always|never   colours (NO_COLOR turns them off)\n"
"  --ascii           ASCII glyphs only\n"
"  --no-mouse        leave the mouse to the terminal\n"
"  --frames N        play N animation frames, then exit\n"
"  --results FILE    show timings recorded by 'warpviz bench --json'\n"
"  --keys            list the TUI's keys (KEY<TAB>what it does)\n"
"\n"
"  -h, --help        this help;  -V, --version  the version\n"
"See warpviz(1).\n";

static const char usage_show[] =
"usage: warpviz show VARIANT [-p NAME=VALUE]... [--step K] [--block X,Y]\n"
"                    [--warp W] [--arch modern|legacy] [--size WxH]\n"
"                    [--color[=always|never]] [--ascii] [--compare]\n"
"Print the frame the TUI shows at that step (default 120x35); --compare\n"
"shows the variant beside its partners in lock-step, as the TUI's c key.\n";

static const char usage_trace[] =
"usage: warpviz trace VARIANT [-p NAME=VALUE]... [--steps A:B] [--step K]\n"
"                     [--block X,Y] [--warp W] [--all-warps]\n"
"                     [--arch modern|legacy]\n"
"Print one JSON object per warp-wide access (see doc/trace-format.md).\n"
"Default: every step of warp 0 of block 0,0.\n";

static const char usage_stats[] =
"usage: warpviz stats VARIANT [-p NAME=VALUE]... [--arch modern|legacy]\n"
"                     [--json] [--brute]\n"
"Whole-launch totals per access site and per kind.\n";

static const char usage_check[] =
"usage: warpviz check FILE.cu|VARIANT [-p NAME=VALUE]...\n"
"What the model understood of a kernel: parameters, launch, arrays, loops\n"
"with their trip counts, guards and access sites with their lines.\n"
"Wherever VARIANT is accepted, a path to a .cu kernel file is too.\n";

static const char usage_list[] =
"usage: warpviz list [--json]\n"
"The variants, their families and parameters (minimum, maximum, default).\n";

int
cli_usage_error(const char *fmt, ...)
{
	va_list	ap;

	fputs("warpviz: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_USAGE;
}

void
cli_common_init(struct cli_common *c)
{
	memset(c, 0, sizeof *c);
	c->arch = ARCH_MODERN;
	c->color = -1;
	c->ascii = -1;
}

static int
parse_int(const char *opt, const char *s, int64_t min, int64_t max,
    int64_t *out)
{
	char		*end;
	long long	 v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || v < min || v > max) {
		cli_usage_error("%s: '%s' is not allowed (a whole number from "
		    "%lld to %lld)", opt, s, (long long)min, (long long)max);
		return -1;
	}
	*out = v;
	return 0;
}

/* The value of an option given as "--opt VALUE" or "--opt=VALUE". */
static const char *
opt_value(const char *name, int argc, char **argv, int *i, int *matched)
{
	size_t	len = strlen(name);
	char	*a = argv[*i];

	*matched = 0;
	if (strncmp(a, name, len) != 0)
		return NULL;
	if (a[len] == '=') {
		*matched = 1;
		return a + len + 1;
	}
	if (a[len] != '\0')
		return NULL;
	*matched = 1;
	if (*i + 1 >= argc) {
		cli_usage_error("%s: needs a value", name);
		return NULL;
	}
	return argv[++*i];
}

int
cli_common_option(struct cli_common *c, int argc, char **argv, int *i)
{
	const char	*v;
	int		 m, a;
	int64_t		 n;
	char		*comma, *end;
	long long	 x, y;

	if ((v = opt_value("-p", argc, argv, i, &m)) != NULL || m) {
		if (v == NULL)
			return -1;
		if (c->nassign == 32) {
			cli_usage_error("-p: at most 32 assignments");
			return -1;
		}
		c->assign[c->nassign++] = (char *)v;
		if (c->v != NULL)
			return cli_apply_params(c) == 0 ? 1 : -1;
		return 1;
	}
	if (strncmp(argv[*i], "-p", 2) == 0 && argv[*i][2] != '\0' &&
	    argv[*i][1] != '-') {
		/* -pNAME=VALUE */
		if (c->nassign == 32)
			return cli_usage_error("-p: at most 32 assignments"), -1;
		c->assign[c->nassign++] = argv[*i] + 2;
		if (c->v != NULL)
			return cli_apply_params(c) == 0 ? 1 : -1;
		return 1;
	}
	if ((v = opt_value("--arch", argc, argv, i, &m)) != NULL || m) {
		if (v == NULL)
			return -1;
		if ((a = arch_parse(v)) < 0) {
			cli_usage_error("--arch: '%s' is not allowed (modern "
			    "or legacy)", v);
			return -1;
		}
		c->arch = a;
		return 1;
	}
	if ((v = opt_value("--step", argc, argv, i, &m)) != NULL || m) {
		if (v == NULL || parse_int("--step", v, 0, INT64_MAX / 2,
		    &c->step) != 0)
			return -1;
		c->step_set = 1;
		return 1;
	}
	if ((v = opt_value("--warp", argc, argv, i, &m)) != NULL || m) {
		if (v == NULL || parse_int("--warp", v, 0, 1023, &n) != 0)
			return -1;
		c->warp = (int)n;
		c->warp_set = 1;
		return 1;
	}
	if ((v = opt_value("--block", argc, argv, i, &m)) != NULL || m) {
		if (v == NULL)
			return -1;
		errno = 0;
		x = strtoll(v, &comma, 10);
		y = 0;
		if (comma != v && *comma == ',')
			y = strtoll(comma + 1, &end, 10);
		else
			end = comma;
		if (comma == v || *end != '\0' || errno != 0 || x < 0 ||
		    y < 0 || (*comma == ',' && end == comma + 1)) {
			cli_usage_error("--block: '%s' is not allowed (X or "
			    "X,Y with whole numbers from 0)", v);
			return -1;
		}
		c->block[0] = x;
		c->block[1] = y;
		c->block_set = 1;
		return 1;
	}
	if (strcmp(argv[*i], "--json") == 0) {
		c->json = 1;
		return 1;
	}
	return 0;
}

int
cli_set_variant(struct cli_common *c, const char *name)
{
	char	names[1024], *cause = NULL;
	size_t	used = 0;
	int	i;

	c->v = catalog_open(name, &cause);
	if (c->v == NULL && cause != NULL) {
		cli_usage_error("%s", cause);
		free(cause);
		return -1;
	}
	if (c->v == NULL) {
		names[0] = '\0';
		for (i = 0; catalog[i] != NULL && used < sizeof names; i++)
			used += snprintf(names + used, sizeof names - used,
			    "%s%s", i ? ", " : "", catalog[i]->name);
		cli_usage_error("unknown variant '%s' (variants: %s; or a "
		    "path to a .cu kernel file)", name, names);
		return -1;
	}
	param_defaults(&c->ps, c->v);
	return cli_apply_params(c);
}

int
cli_apply_params(struct cli_common *c)
{
	char	*cause = NULL;
	int	 i;

	param_defaults(&c->ps, c->v);
	for (i = 0; i < c->nassign; i++) {
		if (param_assign(&c->ps, c->assign[i], &cause) != 0) {
			cli_usage_error("%s", cause);
			free(cause);
			return -1;
		}
	}
	return 0;
}

/* Parse "VARIANT [common options] [extra]" for show/trace/stats. */
typedef int (*extra_fn)(void *, int argc, char **argv, int *i);

static int
parse_sub(struct cli_common *c, const char *sub, const char *usage, int argc,
    char **argv, extra_fn extra, void *arg)
{
	int	i, r;

	cli_common_init(c);
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-h") == 0 ||
		    strcmp(argv[i], "--help") == 0) {
			fputs(usage, stdout);
			exit(0);
		}
		if ((r = cli_common_option(c, argc, argv, &i)) < 0)
			return -1;
		if (r > 0)
			continue;
		if (extra != NULL && (r = extra(arg, argc, argv, &i)) != 0) {
			if (r < 0)
				return -1;
			continue;
		}
		if (argv[i][0] == '-') {
			cli_usage_error("%s: unknown option '%s' (see warpviz "
			    "%s --help)", sub, argv[i], sub);
			return -1;
		}
		if (c->v != NULL) {
			cli_usage_error("%s: unexpected argument '%s' (one "
			    "VARIANT only)", sub, argv[i]);
			return -1;
		}
		if (cli_set_variant(c, argv[i]) != 0)
			return -1;
	}
	if (c->v == NULL) {
		cli_usage_error("%s: VARIANT is missing (see warpviz list)",
		    sub);
		return -1;
	}
	return 0;
}

/* Set up the launch and check block, warp and step against it. */
static int
make_launch(struct cli_common *c, struct launch *l)
{
	char	*cause = NULL;

	const char	*what;

	if (launch_init(l, &c->ps, &cause) != 0) {
		cli_usage_error("-p: %s", cause);
		free(cause);
		return -1;
	}
	if (state_check(l, l->nsteps, c->step, c->block[0], c->block[1],
	    c->warp, &what, &cause) != 0) {
		cli_usage_error("--%s: %s", what, cause);
		free(cause);
		launch_free(l);
		return -1;
	}
	return 0;
}

struct show_extra {
	int	w, h;
};

static int
show_extra(void *arg, int argc, char **argv, int *i)
{
	struct show_extra	*se = arg;
	const char		*v;
	int			 m, w, h;
	char			 tail;

	if ((v = opt_value("--size", argc, argv, i, &m)) != NULL || m) {
		if (v == NULL)
			return -1;
		if (sscanf(v, "%dx%d%c", &w, &h, &tail) != 2 ||
		    w < VIEW_MIN_W || h < VIEW_MIN_H || w > 1000 || h > 1000) {
			cli_usage_error("--size: '%s' is not allowed (WxH, "
			    "from %dx%d to 1000x1000)", v, VIEW_MIN_W,
			    VIEW_MIN_H);
			return -1;
		}
		se->w = w;
		se->h = h;
		return 1;
	}
	return 0;
}

static int
cmd_show(int argc, char **argv)
{
	struct cli_common	 c;
	struct show_extra	 se = { 120, 35 };
	struct launch		 l;
	struct state		 st;
	const struct view_model	*models[STATE_MAX_PANES];
	struct view_opts	 o;
	struct canvas		*cv;
	const char		*what;
	char			*cause = NULL;
	int			 i, color = 0, ascii = 0, compare = 0, rest = 0;
	int			 n, rc = 0;
	char			*args[256];

	/* --color, --ascii and --compare are show's own. */
	for (i = 0; i < argc && rest < 256; i++) {
		if (strcmp(argv[i], "--color") == 0 ||
		    strcmp(argv[i], "--color=always") == 0)
			color = 1;
		else if (strcmp(argv[i], "--color=never") == 0)
			color = 0;
		else if (strncmp(argv[i], "--color=", 8) == 0)
			return cli_usage_error("--color: '%s' is not allowed "
			    "(always or never)", argv[i] + 8);
		else if (strcmp(argv[i], "--ascii") == 0)
			ascii = 1;
		else if (strcmp(argv[i], "--compare") == 0)
			compare = 1;
		else
			args[rest++] = argv[i];
	}
	if (parse_sub(&c, "show", usage_show, rest, args, show_extra, &se) != 0)
		return EXIT_USAGE;
	/* Check the step, block and warp against the first launch. */
	if (make_launch(&c, &l) != 0)
		return EXIT_USAGE;
	launch_free(&l);
	if (compare && c.v->compare == NULL)
		return cli_usage_error("--compare: %s has no variant to "
		    "compare with", c.v->name);
	/* The panes, partners and position the lecture screen would show
	   at this size. */
	state_init(&st, c.arch);
	state_set_width(&st, se.w);
	st.compare = compare;
	if (state_set_variant(&st, c.v, &c.ps, &cause) != 0 ||
	    state_goto(&st, c.step, c.block[0], c.block[1], c.warp, &what,
	    &cause) != 0) {
		/* make_launch has checked both. */
		cli_usage_error("%s", cause);
		free(cause);
		state_free(&st);
		return EXIT_USAGE;
	}
	if (st.status[0] == '\0') {
		state_retotal(&st);
		state_update(&st);
	}
	/* A partner left out, or a step the model cannot evaluate. */
	if (st.status[0] != '\0' ||
	    (n = state_models(&st, models)) == 0)
		rc = cli_usage_error("%s", st.status);
	if (rc == 0) {
		memset(&o, 0, sizeof o);
		cv = canvas_new(se.w, se.h, ascii);
		if (n > 1)
			view_draw_compare(cv, models, n, &o);
		else
			view_draw(cv, models[0], &o);
		text_print_canvas(stdout, cv, color);
		canvas_free(cv);
	}
	state_free(&st);
	return rc;
}

struct trace_extra {
	int64_t	from, to;
	int	range;
	int	all;
};

static int
trace_extra(void *arg, int argc, char **argv, int *i)
{
	struct trace_extra	*te = arg;
	const char		*v;
	int			 m;
	long long		 a, b;
	char			 tail;

	if (strcmp(argv[*i], "--all-warps") == 0) {
		te->all = 1;
		return 1;
	}
	if ((v = opt_value("--steps", argc, argv, i, &m)) != NULL || m) {
		if (v == NULL)
			return -1;
		if (sscanf(v, "%lld:%lld%c", &a, &b, &tail) != 2 || a < 0 ||
		    b < a) {
			cli_usage_error("--steps: '%s' is not allowed (A:B "
			    "with 0 <= A <= B)", v);
			return -1;
		}
		te->from = a;
		te->to = b;
		te->range = 1;
		return 1;
	}
	return 0;
}

static int
trace_one(FILE *out, const struct launch *l, enum arch arch, int64_t bx,
    int64_t by, int w, int64_t from, int64_t to)
{
	struct access		a;
	struct access_result	r;
	char			*cause = NULL;
	int64_t			s;

	for (s = from; s <= to; s++) {
		if (warp_access(l, bx, by, w, s, &a, &cause) != 0) {
			cli_usage_error("%s", cause);
			free(cause);
			return -1;
		}
		arch_apply(arch, l, &a, &r);
		json_print_access(out, l, arch, &a, &r);
	}
	return 0;
}

static int
cmd_trace(int argc, char **argv)
{
	struct cli_common	 c;
	struct trace_extra	 te = { 0, 0, 0, 0 };
	struct launch		 l;
	int64_t			 bx, by, from, to, lines;
	int			 w, rc = 0;

	if (parse_sub(&c, "trace", usage_trace, argc, argv, trace_extra,
	    &te) != 0)
		return EXIT_USAGE;
	if (make_launch(&c, &l) != 0)
		return EXIT_USAGE;
	from = 0;
	to = l.nsteps - 1;
	if (te.range) {
		if (te.to >= l.nsteps) {
			launch_free(&l);
			return cli_usage_error("--steps: %lld is past the end "
			    "(0..%lld)", (long long)te.to,
			    (long long)l.nsteps - 1);
		}
		from = te.from;
		to = te.to;
	} else if (c.step_set)
		from = to = c.step;
	if (te.all) {
		lines = launch_total_warps(&l) * (to - from + 1);
		if (lines > 50 * 1000 * 1000) {
			launch_free(&l);
			return cli_usage_error("--all-warps: %lld lines is too "
			    "many (at most 50000000; narrow --steps or the "
			    "parameters)", (long long)lines);
		}
		for (by = 0; by < l.grid[1] && rc == 0; by++)
			for (bx = 0; bx < l.grid[0] && rc == 0; bx++)
				for (w = 0; w < l.warps && rc == 0; w++)
					rc = trace_one(stdout, &l, c.arch, bx,
					    by, w, from, to);
	} else
		rc = trace_one(stdout, &l, c.arch, c.block[0], c.block[1],
		    c.warp, from, to);
	launch_free(&l);
	return rc == 0 ? 0 : EXIT_USAGE;
}

static int
stats_extra(void *arg, int argc, char **argv, int *i)
{
	if (strcmp(argv[*i], "--brute") == 0) {
		*(int *)arg = 1;
		return 1;
	}
	return 0;
}

static int
cmd_stats(int argc, char **argv)
{
	struct cli_common	 c;
	struct launch		 l;
	struct totals		 t;
	char			*cause = NULL;
	int			 brute = 0;

	if (parse_sub(&c, "stats", usage_stats, argc, argv, stats_extra,
	    &brute) != 0)
		return EXIT_USAGE;
	if (make_launch(&c, &l) != 0)
		return EXIT_USAGE;
	if (totals_compute(&l, c.arch, brute ? TOTALS_BRUTE : TOTALS_AUTO,
	    &t, &cause) != 0) {
		cli_usage_error("stats: %s", cause);
		free(cause);
		launch_free(&l);
		return EXIT_USAGE;
	}
	if (c.json)
		json_print_stats(stdout, &l, &t);
	else
		tables_print_stats(stdout, &l, &t);
	launch_free(&l);
	return 0;
}

static const char *
space_name(enum mem_space s)
{
	return s == SPACE_GLOBAL ? "global" : s == SPACE_SHARED ? "shared" :
	    "constant";
}

/* The body as the model reads it, one line per entry, with the launch's
   trip counts and site numbers where it set up. */
static void
check_body(FILE *f, const struct variant *v, const struct launch *l)
{
	const struct body_def	*b;
	int			 i, n, depth = 1, loop = 0, site = 0;
	static const char	 step_ops[] = "+*/<>";
	static const char	*step_text[] = { "+=", "*=", "/=", "<<=",
	    ">>=" };

	n = v->xbody != NULL ? v->nxbody : VARIANT_MAX_BODY;
	for (i = 0; i < n; i++) {
		b = v->xbody != NULL ? &v->xbody[i] : &v->body[i];
		if (b->kind == BODY_END_OF_PROGRAM)
			break;
		switch (b->kind) {
		case BODY_LET:
			fprintf(f, "  %*s%s = %s\n", 2 * depth, "", b->name,
			    b->expr);
			break;
		case BODY_LOOP:
		case BODY_FOR:
			fprintf(f, "  line %-4d%*sfor %s", b->line, 2 * depth - 2,
			    "", b->text);
			if (b->kind == BODY_FOR)
				fprintf(f, " = %s while %s, %s %s %s", b->init,
				    b->expr, b->name, step_text[strchr(step_ops,
				    b->step_op) - step_ops], b->step);
			else
				fprintf(f, " < %s", b->count);
			if (l != NULL && loop < l->nloops)
				fprintf(f, ": %lld iteration%s%s",
				    (long long)l->loops[loop].count,
				    l->loops[loop].count == 1 ? "" : "s",
				    l->loops[loop].bounded ? " at most, per "
				    "thread" : "");
			fputc('\n', f);
			loop++;
			depth++;
			break;
		case BODY_IF:
			fprintf(f, "  line %-4d%*sif %s\n", b->line,
			    2 * depth - 2, "", b->expr);
			depth++;
			break;
		case BODY_ELSE:
			fprintf(f, "  %*selse\n", 2 * depth - 2 + 8, "");
			break;
		case BODY_END:
			depth--;
			break;
		case BODY_SITE:
			fprintf(f, "  %4d:%-3d %*s%-5s %s", b->line, b->col + 1,
			    2 * depth - 2, "", b->op == OP_LOAD ? "load" :
			    "store", b->text);
			if (b->expr != NULL && strcmp(b->expr, b->text) != 0)
				fprintf(f, "  = %s", b->expr);
			if (l != NULL && site < l->nsites)
				fprintf(f, "  (%s, %d bytes%s)",
				    space_name(l->sites[site].space),
				    l->sites[site].size,
				    l->sites[site].affine ? "" :
				    ", not affine");
			fputc('\n', f);
			site++;
			break;
		default:
			break;
		}
	}
}

static int
cmd_check(int argc, char **argv)
{
	struct cli_common	 c;
	struct launch		 l;
	const struct variant	*v;
	char			*cause = NULL, pbuf[256];
	int			 i, ok;

	if (parse_sub(&c, "check", usage_check, argc, argv, NULL, NULL) != 0)
		return EXIT_USAGE;
	v = c.v;
	ok = launch_init(&l, &c.ps, &cause) == 0;
	printf("%s: kernel %s, variant %s: %s\n", v->path != NULL ? v->path :
	    v->source, v->kernel, v->name, v->title);
	printf("parameters:\n");
	for (i = 0; i < c.ps.n; i++)
		printf("  %-10s %lld (%lld..%lld%s)\n", c.ps.def[i]->name,
		    (long long)c.ps.val[i], (long long)c.ps.def[i]->min,
		    (long long)c.ps.def[i]->max, c.ps.def[i]->flags &
		    PARAM_POW2 ? ", a power of two" : "");
	for (i = 0; i < 4 && v->derived[i].name != NULL; i++)
		printf("  %-10s = %s\n", v->derived[i].name,
		    v->derived[i].expr);
	param_format(&c.ps, pbuf, sizeof pbuf, 1);
	printf("launch: grid %s, %s  block %s, %s", v->grid[0], v->grid[1],
	    v->block[0], v->block[1]);
	if (ok)
		printf("  = %lldx%lld blocks of %lldx%lld threads, %d warp%s "
		    "each\n", (long long)l.grid[0], (long long)l.grid[1],
		    (long long)l.block[0], (long long)l.block[1], l.warps,
		    l.warps == 1 ? "" : "s");
	else
		printf("\n  does not launch with %s: %s\n", pbuf, cause);
	printf("arrays:\n");
	for (i = 0; i < VARIANT_MAX_ARRAYS && v->arrays[i].name; i++) {
		printf("  %-8s %-8s %s, %d bytes, length %s",
		    v->arrays[i].name, space_name(v->arrays[i].space),
		    v->arrays[i].type ? v->arrays[i].type : "?",
		    v->arrays[i].elem_size, v->arrays[i].length);
		if (v->arrays[i].dims[0] != NULL)
			printf(", dims %s x %s", v->arrays[i].dims[0],
			    v->arrays[i].dims[1]);
		if (ok && i < l.narrays)
			printf(" = %lld, at %#llx", (long long)l.arrays[i].length,
			    (long long)l.arrays[i].base);
		putchar('\n');
	}
	printf("body (line:column of each access; lets in model names) with "
	    "%s:\n", pbuf);
	check_body(stdout, v, ok ? &l : NULL);
	if (ok) {
		printf("%lld step%s per warp\n", (long long)l.nsteps,
		    l.nsteps == 1 ? "" : "s");
		launch_free(&l);
	}
	free(cause);
	return 0;
}

static int
cmd_list(int argc, char **argv)
{
	int	i, json = 0;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0)
			json = 1;
		else if (strcmp(argv[i], "-h") == 0 ||
		    strcmp(argv[i], "--help") == 0) {
			fputs(usage_list, stdout);
			return 0;
		} else
			return cli_usage_error("list: unexpected argument '%s' "
			    "(allowed: --json)", argv[i]);
	}
	if (json)
		json_print_list(stdout);
	else
		tables_print_list(stdout);
	return 0;
}

int
cli_main(int argc, char **argv)
{
	const char	*sub = argc > 1 ? argv[1] : NULL;
	int		 i;

	if (sub != NULL && (strcmp(sub, "-h") == 0 ||
	    strcmp(sub, "--help") == 0)) {
		fputs(usage_main, stdout);
		return 0;
	}
	if (sub != NULL && (strcmp(sub, "-V") == 0 ||
	    strcmp(sub, "--version") == 0)) {
		printf("warpviz %s\n%s", PACKAGE_VERSION, version_notice);
		return 0;
	}
	if (sub != NULL && strcmp(sub, "list") == 0)
		return cmd_list(argc - 1, argv + 1);
	if (sub != NULL && strcmp(sub, "show") == 0)
		return cmd_show(argc - 1, argv + 1);
	if (sub != NULL && strcmp(sub, "trace") == 0)
		return cmd_trace(argc - 1, argv + 1);
	if (sub != NULL && strcmp(sub, "stats") == 0)
		return cmd_stats(argc - 1, argv + 1);
	if (sub != NULL && strcmp(sub, "check") == 0)
		return cmd_check(argc - 1, argv + 1);
	if (sub != NULL && strcmp(sub, "bench") == 0)
		return gpu_bench_main(argc - 1, argv + 1);
	if (sub != NULL && strcmp(sub, "gpu") == 0)
		return gpu_info_main(argc - 1, argv + 1);
	if (sub != NULL && sub[0] != '-' && !ksrc_is_path(sub))
		return cli_usage_error("unknown command '%s' (commands: list, "
		    "show, trace, stats, check, bench, gpu; a .cu kernel file; "
		    "or options for the TUI)", sub);
	if (sub != NULL && ksrc_is_path(sub)) {
		/* warpviz FILE.cu [options]: the TUI on that file, which
		   must read before the terminal matters. */
		char	**args, *cause = NULL;

		if (catalog_open(sub, &cause) == NULL) {
			cli_usage_error("%s", cause);
			free(cause);
			return EXIT_USAGE;
		}

		if ((args = calloc(argc + 2, sizeof *args)) == NULL)
			abort();
		args[0] = argv[0];
		args[1] = "--variant";
		args[2] = argv[1];
		for (i = 2; i < argc; i++)
			args[i + 1] = argv[i];
		argv = args;
		argc = argc + 1;
	}
	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			fputs(usage_main, stdout);
			return 0;
		}
	if ((!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) &&
	    tui_needs_terminal(argc - 1, argv + 1))
		return cli_usage_error("the TUI needs a terminal on stdin and "
		    "stdout; for a frame as text use 'warpviz show VARIANT' "
		    "(see warpviz --help)");
	return tui_main(argc - 1, argv + 1);
}
