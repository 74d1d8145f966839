/* SPDX-License-Identifier: ISC
 * opts.c - the one command-line parser (see opts.h): getopt_long over a
 * long-option table built per command from the options its entry allows,
 * with the project's own one-line messages.  Operands are taken in order
 * ("-" mode), so options may follow the VARIANT whatever POSIXLY_CORRECT
 * says, and "--" ends the options.  Numbers go through opts_int alone.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "opts.h"
#include "param.h"
#include "safestr.h"
#include "roles.h"
#include "view.h"

#define OPTS_MAX_SIZE	1000	/* --size: columns and rows at most */
#define OPTS_MAX_COUNT	100000000	/* --frames, --bench-frames */

/* The long name of each option; short ones are in opts_short. */
static const struct {
	const char	*name;
	int		 has_arg;
} opts_table[OPT_COUNT] = {
	[OPT_PARAM] = { NULL, required_argument },
	[OPT_ARCH] = { "arch", required_argument },
	[OPT_STEP] = { "step", required_argument },
	[OPT_BLOCK] = { "block", required_argument },
	[OPT_WARP] = { "warp", required_argument },
	[OPT_JSON] = { "json", no_argument },
	[OPT_SIZE] = { "size", required_argument },
	[OPT_COLOR] = { "color", optional_argument },
	[OPT_ASCII] = { "ascii", no_argument },
	[OPT_COMPARE] = { "compare", optional_argument },
	[OPT_STEPS] = { "steps", required_argument },
	[OPT_ALL_WARPS] = { "all-warps", no_argument },
	[OPT_BRUTE] = { "brute", no_argument },
	[OPT_ONCE] = { "once", no_argument },
	[OPT_COUNTERS] = { "counters", no_argument },
	[OPT_VARIANT] = { "variant", required_argument },
	[OPT_NO_MOUSE] = { "no-mouse", no_argument },
	[OPT_FRAMES] = { "frames", required_argument },
	[OPT_RESULTS] = { "results", required_argument },
	[OPT_KEYS] = { "keys", no_argument },
	[OPT_BENCH_FRAMES] = { "bench-frames", required_argument },
	[OPT_FORMAT] = { "format", required_argument },
	[OPT_DRAM] = { "dram", optional_argument },
	[OPT_ZOOM] = { "zoom", no_argument },
	[OPT_LANES] = { "lanes", required_argument },
	[OPT_LESSON] = { "lesson", required_argument },
	[OPT_SCENE] = { "scene", required_argument },
	[OPT_LIST] = { "list", no_argument },
	[OPT_THREADS] = { "threads", required_argument },
	[OPT_REGS] = { "regs", required_argument },
	[OPT_SHARED] = { "shared", required_argument },
	[OPT_SM] = { "sm", required_argument },
	[OPT_THEME] = { "theme", required_argument },
	[OPT_ANSWER] = { "answer", required_argument },
	[OPT_AS_COMPILED] = { "as-compiled", no_argument },
	[OPT_PTX] = { "ptx", required_argument },
	[OPT_SASS] = { "sass", required_argument },
	[OPT_HTML] = { "html", no_argument },
	[OPT_TEMPLATE] = { "template", no_argument },
	[OPT_DRAFT] = { "draft", required_argument },
	[OPT_COMPLETE] = { "complete", required_argument },
	[OPT_HELP] = { "help", no_argument },
	[OPT_VERSION] = { "version", no_argument },
};

/* An entry's set of options is one uint64_t's bits. */
_Static_assert(OPT_COUNT <= 64, "too many options for opts_entry.allowed");

/* getopt_long's value for a long option: above every char. */
#define OPTS_LONG(id)	(256 + (id))

int
opts_error(const char *fmt, ...)
{
	va_list	ap;

	fputs("warpviz: ", stderr);
	va_start(ap, fmt);
	/* Messages echo arguments and files: no control characters. */
	safestr_vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_USAGE;
}

int
opts_number(const char *s, int64_t min, int64_t max, int64_t *out)
{
	int64_t	v;

	if (param_number(s, &v) != 0 || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
opts_pair(const char *s, char sep, int need2, int64_t max, int64_t out[2])
{
	const char	*mid = strchr(s, sep);
	char		 first[32];
	size_t		 len;

	out[0] = out[1] = 0;
	if (mid == NULL)
		return need2 ? -1 : opts_number(s, 0, max, &out[0]);
	len = mid - s;
	if (len >= sizeof first)
		return -1;
	memcpy(first, s, len);
	first[len] = '\0';
	if (opts_number(first, 0, max, &out[0]) != 0 ||
	    opts_number(mid + 1, 0, max, &out[1]) != 0)
		return -1;
	return 0;
}

int
opts_int(const char *opt, const char *s, int64_t min, int64_t max,
    int64_t *out)
{
	if (opts_number(s, min, max, out) != 0) {
		opts_error("%s: '%s' is not allowed (a whole number from "
		    "%lld to %lld)", opt, s, (long long)min, (long long)max);
		return -1;
	}
	return 0;
}

/* The option as the user spells it, for messages. */
static const char *
opts_spelling(enum opts_id id, char *buf, size_t len)
{
	if (id == OPT_PARAM)
		return "-p";
	snprintf(buf, len, "--%s", opts_table[id].name);
	return buf;
}

/* Select the variant by name; -1 after naming the variants there are. */
static const struct variant *
opts_variant(const char *what, const char *name)
{
	const struct variant	*v;
	char			 names[1024], *cause = NULL;
	size_t			 used = 0;
	int			 i;

	if ((v = catalog_open(name, &cause)) != NULL)
		return v;
	if (cause != NULL) {
		/* A kernel file the model cannot follow: FILE:LINE:COL. */
		opts_error("%s", cause);
		free(cause);
		return NULL;
	}
	names[0] = '\0';
	for (i = 0; catalog[i] != NULL && used < sizeof names; i++)
		used += snprintf(names + used, sizeof names - used, "%s%s",
		    i ? ", " : "", catalog[i]->name);
	opts_error("%s%sunknown variant '%s' (variants: %s; or a path to a "
	    ".cu kernel file)", what != NULL ? what : "", what != NULL ?
	    ": " : "", name, names);
	return NULL;
}

/* One bench operand "VARIANT[:NAME=VALUE,...]"; -1 after a message. */
static int
opts_spec(struct opts *o, const char *spec)
{
	char	 name[128], *cause = NULL;
	size_t	 len = strcspn(spec, ":");

	if (len >= sizeof name) {
		opts_error("%s: '%.40s...' is too long", o->entry->name, spec);
		return -1;
	}
	memcpy(name, spec, len);
	name[len] = '\0';
	if (opts_variant(o->entry->name, name) == NULL)
		return -1;
	if (param_partner(&o->specs[o->nspecs], spec, strlen(spec), NULL,
	    catalog_find, &cause) != 0) {
		opts_error("%s: %s", o->entry->name, cause);
		free(cause);
		return -1;
	}
	o->nspecs++;
	return 0;
}

/* An operand (not an option) in its place. */
static int
opts_operand(struct opts *o, const char *arg)
{
	const char	*name = o->entry->name;

	switch (o->entry->operands) {
	case OPERANDS_VARIANT:
	case OPERANDS_VARIANT_OPT:
		if (o->v != NULL) {
			opts_error("%s: unexpected argument '%s' (one VARIANT "
			    "only)", name, arg);
			return -1;
		}
		if ((o->v = opts_variant(NULL, arg)) == NULL)
			return -1;
		return 0;
	case OPERANDS_SPECS:
		return opts_spec(o, arg);
	case OPERANDS_NAME:
		if (o->name != NULL) {
			opts_error("%s: unexpected argument '%s' (one NAME "
			    "only)", name, arg);
			return -1;
		}
		o->name = arg;
		return 0;
	default:
		if (name == NULL)
			opts_error("unexpected argument '%s' (the TUI takes "
			    "options only; see warpviz --help)", arg);
		else
			opts_error("%s: unexpected argument '%s' (see warpviz "
			    "%s --help)", name, arg, name);
		return -1;
	}
}

int
opts_lane_list(const char *arg, uint32_t *mask)
{
	const char	*s = arg, *e;
	char		 one[16];
	int64_t		 l;

	*mask = 0;
	do {
		e = s + strcspn(s, ",");
		if ((size_t)(e - s) >= sizeof one)
			return -1;
		memcpy(one, s, e - s);
		one[e - s] = '\0';
		if (opts_number(one, 0, 31, &l) != 0)
			return -1;
		*mask |= UINT32_C(1) << l;
		s = e + 1;
	} while (*e == ',');
	return 0;
}

/* --lanes L,L,...: the list into a mask; -1 after a message. */
static int
opts_lanes(const char *arg, uint32_t *mask)
{
	if (opts_lane_list(arg, mask) == 0)
		return 0;
	opts_error("--lanes: '%s' is not allowed (lanes from 0 to 31 "
	    "separated by commas, e.g. 0,16)", arg);
	return -1;
}

/* An option whose value is a position, a size or a count; -1 after a
   message. */
static int
opts_take_number(struct opts *o, enum opts_id id, const char *arg)
{
	int64_t	 n, pair[2];

	switch (id) {
	case OPT_STEP:
		return opts_int("--step", arg, 0, INT64_MAX / 2, &o->step);
	case OPT_WARP:
		if (opts_int("--warp", arg, 0, 1023, &n) != 0)
			return -1;
		o->warp = (int)n;
		break;
	case OPT_BLOCK:
		if (opts_pair(arg, ',', 0, INT64_MAX / 2, o->block) != 0)
			return opts_error("--block: '%s' is not allowed (X or "
			    "X,Y with whole numbers from 0)", arg), -1;
		break;
	case OPT_SIZE:
		if (opts_pair(arg, 'x', 1, OPTS_MAX_SIZE, pair) != 0 ||
		    pair[0] < VIEW_MIN_W || pair[1] < VIEW_MIN_H)
			return opts_error("--size: '%s' is not allowed (WxH, "
			    "from %dx%d to %dx%d)", arg, VIEW_MIN_W,
			    VIEW_MIN_H, OPTS_MAX_SIZE, OPTS_MAX_SIZE), -1;
		o->w = (int)pair[0];
		o->h = (int)pair[1];
		break;
	case OPT_STEPS:
		if (opts_pair(arg, ':', 1, INT64_MAX / 2, o->steps) != 0 ||
		    o->steps[1] < o->steps[0])
			return opts_error("--steps: '%s' is not allowed (A:B "
			    "with 0 <= A <= B)", arg), -1;
		break;
	case OPT_FRAMES:
		return opts_int("--frames", arg, 1, OPTS_MAX_COUNT, &o->frames);
	case OPT_BENCH_FRAMES:
		return opts_int("--bench-frames", arg, 1, OPTS_MAX_COUNT,
		    &o->bench_frames);
	case OPT_SCENE:
		return opts_int("--scene", arg, 1, 64, &o->scene);
	default:
		break;
	}
	return 0;
}

/* --threads, --regs, --shared or --sm; -1 after a message. */
static int
opts_take_occ(struct opts *o, enum opts_id id, const char *arg)
{
	int64_t	 n;
	int	 f;
	char	 spell[32], *cause = NULL;

	switch (id) {
	case OPT_THREADS:
	case OPT_REGS:
	case OPT_SHARED:
		f = id == OPT_THREADS ? OCC_FIELD_THREADS : id == OPT_REGS ?
		    OCC_FIELD_REGS : OCC_FIELD_SHARED;
		if (occupancy_parse(f, arg, &o->occ[f], &cause) != 0) {
			/* The cause names the field; say the option. */
			opts_error("%s%s", opts_spelling(id, spell,
			    sizeof spell), cause != NULL ? cause +
			    strlen(occupancy_field_name(f)) : ": out of memory");
			free(cause);
			return -1;
		}
		break;
	case OPT_SM:
		/* A number is an architecture to compile for (as compiled);
		   a name, a device for occupancy. */
		if ((o->entry->allowed & OPTS_BIT(OPT_AS_COMPILED)) != 0) {
			if (opts_number(arg, 50, 199, &n) != 0)
				return opts_error("--sm: '%s' is not allowed "
				    "(an architecture from 50 to 199: 90 for "
				    "sm_90)", arg), -1;
			o->isa_sm = (int)n;
			break;
		}
		if ((o->occ_dev = occupancy_device(arg)) == NULL)
			return opts_error("--sm: '%s' is not allowed (%s)", arg,
			    occupancy_device_names()), -1;
		break;
	default:
		break;
	}
	return 0;
}

/* An option without a value that only sets its field. */
static void
opts_take_flag(struct opts *o, enum opts_id id)
{
	switch (id) {
	case OPT_JSON:
		o->json = 1;
		break;
	case OPT_AS_COMPILED:
		o->as_compiled = 1;
		break;
	case OPT_ASCII:
		o->ascii = 1;
		break;
	case OPT_ALL_WARPS:
		o->all_warps = 1;
		break;
	case OPT_BRUTE:
		o->brute = 1;
		break;
	case OPT_ONCE:
		o->once = 1;
		break;
	case OPT_COUNTERS:
		o->counters = 1;
		break;
	case OPT_NO_MOUSE:
		o->mouse = 0;
		break;
	case OPT_KEYS:
		o->keys = 1;
		break;
	case OPT_ZOOM:
		o->zoom = 1;
		break;
	case OPT_LIST:
		o->list = 1;
		break;
	default:
		break;
	}
}

/* --color, --format, --dram, --lanes or --theme: how a frame is drawn;
   -1 after a message. */
static int
opts_take_look(struct opts *o, enum opts_id id, const char *arg)
{
	char	*cause = NULL;

	switch (id) {
	case OPT_COLOR:
		if (arg == NULL || strcmp(arg, "always") == 0)
			o->color = 1;
		else if (strcmp(arg, "never") == 0)
			o->color = 0;
		else if (strcmp(arg, "auto") == 0)
			o->color = -1;
		else
			return opts_error("--color: '%s' is not allowed (auto, "
			    "always or never)", arg), -1;
		break;
	case OPT_FORMAT:
		if (strcmp(arg, "txt") == 0)
			o->format = 0;
		else if (strcmp(arg, "ans") == 0)
			o->format = 1;
		else if (strcmp(arg, "svg") == 0)
			o->format = 2;
		else
			return opts_error("--format: '%s' is not allowed (txt, "
			    "ans or svg)", arg), -1;
		break;
	case OPT_DRAM:
		o->dram = 1;
		if (arg != NULL && dram_parse(arg, &o->dram_cfg, &cause) != 0) {
			opts_error("--dram: %s", cause);
			free(cause);
			return -1;
		}
		break;
	case OPT_LANES:
		return opts_lanes(arg, &o->lanes);
	case OPT_THEME:
		if ((o->theme = role_theme_parse(arg)) < 0)
			return opts_error("--theme: '%s' is not a theme (%s)",
			    arg, role_theme_list), -1;
		break;
	default:
		break;
	}
	return 0;
}

/* The value of option id; -1 after a message. */
static int
opts_take(struct opts *o, enum opts_id id, const char *arg)
{
	int	 a;

	switch (id) {
	case OPT_STEP:
	case OPT_WARP:
	case OPT_BLOCK:
	case OPT_SIZE:
	case OPT_STEPS:
	case OPT_FRAMES:
	case OPT_BENCH_FRAMES:
	case OPT_SCENE:
		return opts_take_number(o, id, arg);
	case OPT_THREADS:
	case OPT_REGS:
	case OPT_SHARED:
	case OPT_SM:
		return opts_take_occ(o, id, arg);
	case OPT_JSON:
	case OPT_AS_COMPILED:
	case OPT_ASCII:
	case OPT_ALL_WARPS:
	case OPT_BRUTE:
	case OPT_ONCE:
	case OPT_COUNTERS:
	case OPT_NO_MOUSE:
	case OPT_KEYS:
	case OPT_ZOOM:
	case OPT_LIST:
		opts_take_flag(o, id);
		break;
	case OPT_COLOR:
	case OPT_FORMAT:
	case OPT_DRAM:
	case OPT_LANES:
	case OPT_THEME:
		return opts_take_look(o, id, arg);
	case OPT_ARCH:
		if ((a = arch_parse(arg)) < 0) {
			opts_error("--arch: '%s' is not allowed (%s)", arg,
			    arch_names());
			return -1;
		}
		o->arch = a;
		break;
	case OPT_VARIANT:
		if ((o->v = opts_variant("--variant", arg)) == NULL)
			return -1;
		break;
	case OPT_RESULTS:
		o->results = arg;
		break;
	case OPT_DRAFT:
		o->draft = arg;
		break;
	case OPT_PTX:
		o->ptx_file = arg;
		o->as_compiled = 1;
		break;
	case OPT_SASS:
		o->sass_file = arg;
		o->as_compiled = 1;
		break;
	case OPT_COMPARE:
		o->compare = 1;
		if (arg != NULL && (arg[strspn(arg, " ")] == '\0' ||
		    strlen(arg) > OPTS_PARTNERS_MAX))
			return opts_error("--compare: '%.40s' is not allowed (a "
			    "list of partners like 'matmul-row matmul-tiled:"
			    "tile=8', at most %d characters)", arg,
			    OPTS_PARTNERS_MAX), -1;
		o->partners = arg;
		break;
	case OPT_LESSON:
		o->lesson = arg;
		break;
	case OPT_ANSWER:
		if (strlen(arg) > 200)
			return opts_error("--answer: at most 200 characters");
		o->answer = arg;
		break;
	case OPT_COMPLETE:
		o->complete = arg;
		break;
	default:
		break;
	}
	return 0;
}

/* Defaults: modern arch, block 0,0, 120x35, colour auto, mouse on. */
static void
opts_init(struct opts *o, const struct opts_entry *e)
{
	memset(o, 0, sizeof *o);
	o->entry = e;
	o->arch = ARCH_MODERN;
	o->w = 120;
	o->h = 35;
	o->color = -1;
	o->ascii = -1;
	o->mouse = 1;
	o->format = -1;
	o->dram_cfg = dram_teaching;
	o->occ_dev = &occ_teaching;
	o->theme = -1;
}

/* getopt_long's tables of the options allowed: longs (OPT_COUNT + 1)
   and shorts. */
static void
opts_getopt_tables(uint64_t allowed, struct option *longs, char *shorts,
    size_t len)
{
	int	i, n = 0;

	for (i = 0; i < OPT_COUNT; i++) {
		if (!(allowed & OPTS_BIT(i)) || opts_table[i].name == NULL)
			continue;
		longs[n].name = opts_table[i].name;
		longs[n].has_arg = opts_table[i].has_arg;
		longs[n].flag = NULL;
		longs[n].val = OPTS_LONG(i);
		n++;
	}
	memset(&longs[n], 0, sizeof longs[n]);
	/* "-": operands in place; ":": a missing value is ':', not '?'. */
	snprintf(shorts, len, "-:h%s%s",
	    (allowed & OPTS_BIT(OPT_PARAM)) ? "p:" : "",
	    (allowed & OPTS_BIT(OPT_VERSION)) ? "V" : "");
}

/* After the command line: the variant (or why none is needed), its
   parameters, and the theme.  0, or -1 after a message. */
static int
opts_finish(struct opts *o, const struct opts_entry *e, uint64_t allowed,
    char **assign, int nassign)
{
	const char	*env;
	const char	*sub = e->name != NULL ? e->name : "";
	char		*cause = NULL;
	int		 i;

	/* show --lesson: the scene names the variant. */
	if (e->operands == OPERANDS_VARIANT && o->v == NULL &&
	    o->lesson != NULL && (allowed & OPTS_BIT(OPT_LESSON))) {
		return 0;
	}
	/* check --template, --draft FILE: no kernel yet. */
	if (e->operands == OPERANDS_VARIANT && o->v == NULL &&
	    (o->given & (OPTS_BIT(OPT_TEMPLATE) | OPTS_BIT(OPT_DRAFT)))) {
		return 0;
	}
	if (e->operands == OPERANDS_VARIANT && o->v == NULL) {
		opts_error("%s: VARIANT is missing (see warpviz list)", sub);
		return -1;
	}
	if (o->v == NULL && (allowed & OPTS_BIT(OPT_VARIANT)))
		o->v = catalog[0];
	if (o->v != NULL) {
		param_defaults(&o->ps, o->v);
		for (i = 0; i < nassign; i++)
			if (param_assign(&o->ps, assign[i], &cause) != 0) {
				opts_error("%s", cause);
				free(cause);
				return -1;
			}
	}
	/* The theme: --theme, else WARPVIZ_THEME, for commands that draw. */
	if (o->theme < 0 && (allowed & OPTS_BIT(OPT_THEME)) &&
	    (env = getenv("WARPVIZ_THEME")) != NULL && *env != '\0' &&
	    (o->theme = role_theme_parse(env)) < 0) {
		opts_error("WARPVIZ_THEME: '%s' is not a theme (%s)", env,
		    role_theme_list);
		return -1;
	}
	if (o->theme >= 0)
		role_theme_set(o->theme);
	return 0;
}

int
opts_parse(struct opts *o, const struct opts_entry *e, int argc,
    char **argv)
{
	struct option	 longs[OPT_COUNT + 1];
	char		 shorts[16], spell[32];
	const char	*sub = e->name != NULL ? e->name : "";
	const char	*sp = e->name != NULL ? " " : "";
	const char	*colon = e->name != NULL ? ": " : "";
	char		**assign;
	uint64_t	 allowed = e->allowed | OPTS_BIT(OPT_HELP);
	int		 c, nassign = 0, rc = -1;
	enum opts_id	 id;

	opts_init(o, e);
	/* Room for every argument: nothing is ever dropped. */
	if ((assign = calloc(argc + 1, sizeof *assign)) == NULL ||
	    (o->specs = calloc(argc + 1, sizeof *o->specs)) == NULL) {
		free(assign);
		return opts_error("out of memory"), -1;
	}
	opts_getopt_tables(allowed, longs, shorts, sizeof shorts);

	optind = 0;	/* glibc: start afresh, so tests may parse twice */
	opterr = 0;
	while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		if (c == 1) {
			if (opts_operand(o, optarg) != 0)
				goto out;
			continue;
		}
		if (c == ':') {
			id = optopt >= 256 ? (enum opts_id)(optopt - 256) :
			    OPT_PARAM;
			opts_error("%s: needs a value",
			    opts_spelling(id, spell, sizeof spell));
			goto out;
		}
		if (c == '?') {
			if (optopt >= 256)
				opts_error("%s: takes no value (see warpviz%s%s "
				    "--help)", opts_spelling(optopt - 256,
				    spell, sizeof spell), sp, sub);
			else if (optopt != 0)
				opts_error("%s%sunknown option '-%c' (see "
				    "warpviz%s%s --help)", sub, colon, optopt,
				    sp, sub);
			else
				opts_error("%s%sunknown option '%s' (see "
				    "warpviz%s%s --help)", sub, colon,
				    argv[optind - 1], sp, sub);
			goto out;
		}
		switch (c) {
		case 'h':
			id = OPT_HELP;
			break;
		case 'V':
			id = OPT_VERSION;
			break;
		case 'p':
			id = OPT_PARAM;
			break;
		default:
			id = c - 256;
			break;
		}
		o->given |= OPTS_BIT(id);
		if (id == OPT_HELP || id == OPT_VERSION) {
			o->given = OPTS_BIT(id);
			rc = 0;
			goto out;
		}
		if (id == OPT_PARAM)
			assign[nassign++] = optarg;
		else if (opts_take(o, id, optarg) != 0)
			goto out;
	}
	for (; optind < argc; optind++)
		if (opts_operand(o, argv[optind]) != 0)
			goto out;

	rc = opts_finish(o, e, allowed, assign, nassign);
out:
	free(assign);
	if (rc != 0)
		opts_free(o);
	return rc;
}

const char *
opts_long_name(enum opts_id id, int *has_arg)
{
	if (id < 0 || id >= OPT_COUNT)
		return NULL;
	*has_arg = opts_table[id].has_arg;
	return opts_table[id].name;
}

int
opts_given(const struct opts *o, enum opts_id id)
{
	return (o->given & OPTS_BIT(id)) != 0;
}

void
opts_free(struct opts *o)
{
	free(o->specs);
	o->specs = NULL;
	o->nspecs = 0;
}
