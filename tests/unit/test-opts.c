/* SPDX-License-Identifier: ISC
 * test-opts.c - the one command-line parser with hand-made argv: what it
 * takes, where it stops, and that it drops nothing.  Refusals print their
 * one line on stderr (into the test log).  Links libopts.a, the view (for
 * the theme names) and the model; no curses.  The position's bounds are state_check's (test-state.c).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "opts.h"
#include "param.h"
#include "roles.h"
#include "tap.h"

static const struct opts_entry show = {
	"show", "usage: show\n", OPTS_COMMON | OPTS_BIT(OPT_SIZE) |
	OPTS_BIT(OPT_COLOR) | OPTS_BIT(OPT_ASCII) | OPTS_BIT(OPT_COMPARE) |
	OPTS_BIT(OPT_THEME), OPERANDS_VARIANT
};
static const struct opts_entry tui = {
	NULL, "usage: tui\n", OPTS_COMMON | OPTS_BIT(OPT_VARIANT) |
	OPTS_BIT(OPT_FRAMES) | OPTS_BIT(OPT_KEYS) | OPTS_BIT(OPT_VERSION),
	OPERANDS_NONE
};
static const struct opts_entry bench = {
	"bench", "usage: bench\n", OPTS_BIT(OPT_JSON) | OPTS_BIT(OPT_ONCE),
	OPERANDS_SPECS
};

static const struct opts_entry hall = {
	"show", "usage: show\n", OPTS_COMMON | OPTS_BIT(OPT_FORMAT) |
	OPTS_BIT(OPT_DRAM) | OPTS_BIT(OPT_ZOOM) | OPTS_BIT(OPT_LANES) |
	OPTS_BIT(OPT_LESSON) | OPTS_BIT(OPT_SCENE), OPERANDS_VARIANT
};
static const struct opts_entry lesson = {
	"lesson", "usage: lesson\n", OPTS_BIT(OPT_LIST) | OPTS_BIT(OPT_SCENE),
	OPERANDS_NAME
};

/* Parse a NULL-terminated list; the return of opts_parse. */
static int
parse(struct opts *o, const struct opts_entry *e, const char **list)
{
	char	*argv[64];
	int	 argc = 0;

	while (list[argc] != NULL) {
		argv[argc] = (char *)list[argc];
		argc++;
	}
	argv[argc] = NULL;
	return opts_parse(o, e, argc, argv);
}

static void
test_numbers(void)
{
	int64_t	n = -1, p[2] = { -1, -1 };

	ok(opts_number("12", 0, 100, &n) == 0 && n == 12, "12 is 12");
	is_int(opts_number(" 12", 0, 100, &n), -1, "a leading blank is refused");
	is_int(opts_number("12 ", 0, 100, &n), -1, "a trailing blank too");
	is_int(opts_number("+12", 0, 100, &n), -1, "a plus sign too");
	is_int(opts_number("", 0, 100, &n), -1, "an empty string too");
	is_int(opts_number("101", 0, 100, &n), -1, "above the maximum");
	is_int(opts_number("99999999999999999999", 0, INT64_MAX, &n), -1,
	    "past int64 (ERANGE)");
	ok(opts_number("-3", -5, 5, &n) == 0 && n == -3, "-3 within -5..5");
	ok(opts_pair("3,4", ',', 0, 10, p) == 0 && p[0] == 3 && p[1] == 4,
	    "pair 3,4");
	ok(opts_pair("3", ',', 0, 10, p) == 0 && p[0] == 3 && p[1] == 0,
	    "pair 3 is 3,0 when the second is optional");
	is_int(opts_pair("3", 'x', 1, 10, p), -1, "but not when it is needed");
	is_int(opts_pair("3,", ',', 0, 10, p), -1, "pair 3, is refused");
	is_int(opts_pair(",3", ',', 0, 10, p), -1, "pair ,3 is refused");
	is_int(opts_pair("3,4,5", ',', 0, 10, p), -1, "pair 3,4,5 is refused");
	is_int(opts_pair("4294967376x24", 'x', 1, 1000, p), -1,
	    "4294967376x24 is refused (not 80x24)");
}

static void
test_show(void)
{
	struct opts	 o;
	const char	*a1[] = { "show", "--step", "1", "stride", "--size=90x30",
	    "-pn=64", "-p", "bs=32", "--color=auto", NULL };
	const char	*a2[] = { "show", "--", "stride", NULL };
	const char	*a3[] = { "show", "--", "--step", NULL };
	const char	*a4[] = { "show", "stride", "--size", "4294967376x24",
	    NULL };
	const char	*a5[] = { "show", "stride", "--step", " 1", NULL };
	const char	*a6[] = { "show", NULL };
	const char	*a7[] = { "show", "stride", "copy-offset", NULL };
	const char	*a8[] = { "show", "stride", "--json", NULL };
	const char	*a9[] = { "show", "stride", "--help", "--bogus", NULL };
	const char	*a10[] = { "show", "stride", "-p", "n= 64", NULL };

	is_int(parse(&o, &show, a1), 0, "show: options before and after the "
	    "VARIANT");
	ok(o.v == catalog_find("stride"), "show: the variant is stride");
	is_int(o.step, 1, "show: --step 1");
	ok(opts_given(&o, OPT_STEP) && !opts_given(&o, OPT_WARP),
	    "show: --step given, --warp not");
	ok(o.w == 90 && o.h == 30, "show: --size=90x30");
	is_int(param_get(&o.ps, "n"), 64, "show: -pn=64 applied");
	is_int(param_get(&o.ps, "bs"), 32, "show: -p bs=32 applied");
	is_int(o.color, -1, "show: --color=auto");
	opts_free(&o);

	ok(parse(&o, &show, a2) == 0 && o.v == catalog_find("stride"),
	    "show: -- then the VARIANT");
	opts_free(&o);
	is_int(parse(&o, &show, a3), -1, "show: after --, --step is a VARIANT "
	    "(unknown)");
	is_int(parse(&o, &show, a4), -1, "show: --size 4294967376x24 refused");
	is_int(parse(&o, &show, a5), -1, "show: --step ' 1' refused");
	is_int(parse(&o, &show, a6), -1, "show: no VARIANT refused");
	is_int(parse(&o, &show, a7), -1, "show: two VARIANTs refused");
	is_int(parse(&o, &show, a8), -1, "show: --json is not show's");
	ok(parse(&o, &show, a9) == 0 && opts_given(&o, OPT_HELP),
	    "show: --help stops the parse");
	opts_free(&o);
	is_int(parse(&o, &show, a10), -1, "show: -p 'n= 64' refused");
}

static void
test_tui(void)
{
	struct opts	 o;
	const char	*a1[] = { "warpviz", NULL };
	const char	*a2[] = { "warpviz", "--frames", "0", NULL };
	const char	*a3[] = { "warpviz", "stride", NULL };
	const char	*a4[] = { "warpviz", "--variant", "stride", "-V", NULL };
	char		*many[305], buf[300][24];
	int		 i;

	ok(parse(&o, &tui, a1) == 0 && o.v == catalog[0],
	    "tui: no options: the first variant");
	ok(o.mouse == 1 && o.color == -1 && o.ascii == -1 && o.frames == 0,
	    "tui: defaults: mouse on, colour and ASCII auto, no frame limit");
	opts_free(&o);
	is_int(parse(&o, &tui, a2), -1, "tui: --frames 0 refused");
	is_int(parse(&o, &tui, a3), -1, "tui: an operand is refused");
	ok(parse(&o, &tui, a4) == 0 && opts_given(&o, OPT_VERSION),
	    "tui: -V");
	opts_free(&o);

	/* 300 -p, each a new width: the last one counts, none is lost. */
	many[0] = "warpviz";
	for (i = 0; i < 300; i++) {
		snprintf(buf[i], sizeof buf[i], "-pwidth=%d", i + 1);
		many[i + 1] = buf[i];
	}
	many[301] = NULL;
	ok(opts_parse(&o, &tui, 301, many) == 0 &&
	    param_get(&o.ps, "width") == 300,
	    "tui: the 300th -p is applied (width 300)");
	opts_free(&o);
	many[301] = "--bogus";
	many[302] = NULL;
	is_int(opts_parse(&o, &tui, 302, many), -1,
	    "tui: a bad 301st argument is seen");
}

/* --theme and WARPVIZ_THEME: the option wins (the variable is then not
   read), a bad name is refused, a command without themes ignores the
   variable; opts_parse sets the process's theme. */
static void
test_theme(void)
{
	struct opts	 o;
	const char	*a1[] = { "show", "stride", NULL };
	const char	*a2[] = { "show", "stride", "--theme", "light", NULL };
	const char	*a3[] = { "show", "stride", "--theme=high-contrast",
	    NULL };
	const char	*a4[] = { "show", "stride", "--theme", "sepia", NULL };
	const char	*a5[] = { "warpviz", NULL };

	unsetenv("WARPVIZ_THEME");
	ok(parse(&o, &show, a1) == 0 && o.theme == -1,
	    "theme: none given (the process keeps dark)");
	opts_free(&o);
	ok(parse(&o, &show, a2) == 0 && o.theme == ROLE_THEME_LIGHT &&
	    role_theme_get() == ROLE_THEME_LIGHT,
	    "theme: --theme light, and the process is light");
	opts_free(&o);
	ok(parse(&o, &show, a3) == 0 && o.theme == ROLE_THEME_CONTRAST,
	    "theme: --theme=high-contrast is contrast");
	opts_free(&o);
	is_int(parse(&o, &show, a4), -1, "theme: --theme sepia refused");
	setenv("WARPVIZ_THEME", "cbsafe", 1);
	ok(parse(&o, &show, a1) == 0 && o.theme == ROLE_THEME_CBSAFE,
	    "theme: WARPVIZ_THEME=cbsafe");
	opts_free(&o);
	ok(parse(&o, &show, a2) == 0 && o.theme == ROLE_THEME_LIGHT,
	    "theme: --theme light wins over the variable");
	opts_free(&o);
	setenv("WARPVIZ_THEME", "sepia", 1);
	is_int(parse(&o, &show, a1), -1, "theme: WARPVIZ_THEME=sepia refused");
	ok(parse(&o, &show, a2) == 0 && o.theme == ROLE_THEME_LIGHT,
	    "theme: beside --theme the variable is not read");
	opts_free(&o);
	ok(parse(&o, &tui, a5) == 0 && o.theme == -1,
	    "theme: an entry without --theme does not read the variable");
	opts_free(&o);
	setenv("WARPVIZ_THEME", "", 1);
	ok(parse(&o, &show, a1) == 0 && o.theme == -1,
	    "theme: an empty variable is none");
	opts_free(&o);
	unsetenv("WARPVIZ_THEME");
	role_theme_set(ROLE_THEME_DARK);
}

static void
test_bench(void)
{
	struct opts	 o;
	const char	*a1[] = { "bench", "stride:n=64,bs=32", "copy-offset",
	    "--json", NULL };
	const char	*a2[] = { "bench", "stride:n=0", NULL };
	const char	*a3[] = { "bench", "nosuch:n=1", NULL };

	is_int(parse(&o, &bench, a1), 0, "bench: two specs and --json");
	is_int(o.nspecs, 2, "bench: 2 specs");
	ok(o.nspecs == 2 && o.specs[0].v == catalog_find("stride") &&
	    param_get(&o.specs[0], "n") == 64 &&
	    param_get(&o.specs[0], "bs") == 32, "bench: stride n=64 bs=32");
	ok(o.nspecs == 2 && o.specs[1].v == catalog_find("copy-offset"),
	    "bench: then copy-offset");
	ok(o.json == 1 && o.once == 0, "bench: --json, not --once");
	opts_free(&o);
	is_int(parse(&o, &bench, a2), -1, "bench: n=0 is out of range");
	is_int(parse(&o, &bench, a3), -1, "bench: an unknown variant");
}

/* The lecture hall's options: export format, DRAM box, zoom, lanes,
   lessons. */
static void
test_hall(void)
{
	struct opts	 o;
	const char	*a1[] = { "show", "stride", "--format=svg",
	    "--dram=4,8,512", "--zoom", "--lanes", "0,16,31", NULL };
	const char	*a2[] = { "show", "--lesson", "twohop", "--scene=3",
	    NULL };
	const char	*a3[] = { "show", "stride", "--dram", NULL };
	const char	*b1[] = { "show", "stride", "--format=png", NULL };
	const char	*b2[] = { "show", "stride", "--lanes=0,32", NULL };
	const char	*b3[] = { "show", "stride", "--dram=8,16,100", NULL };
	const char	*b4[] = { "show", "stride", "--scene=0", NULL };
	const char	*b5[] = { "show", "stride", "--lanes=1,", NULL };
	const char	*l1[] = { "lesson", "--list", NULL };
	const char	*l2[] = { "lesson", "twohop", "--scene", "2", NULL };
	const char	*l3[] = { "lesson", "a", "b", NULL };

	ok(parse(&o, &hall, a1) == 0 && o.format == 2 && o.dram == 1 &&
	    o.dram_cfg.channels == 4 && o.dram_cfg.banks == 8 &&
	    o.dram_cfg.interleave == 512 && o.zoom == 1 &&
	    o.lanes == 0x80010001u, "--format=svg --dram=4,8,512 --zoom "
	    "--lanes 0,16,31");
	opts_free(&o);
	ok(parse(&o, &hall, a2) == 0 && o.v == NULL &&
	    strcmp(o.lesson, "twohop") == 0 && o.scene == 3,
	    "--lesson twohop --scene=3 needs no VARIANT");
	opts_free(&o);
	ok(parse(&o, &hall, a3) == 0 && o.dram == 1 &&
	    o.dram_cfg.channels == 8 && o.dram_cfg.interleave == 256 &&
	    o.format == -1, "--dram alone: the teaching 8,16,256");
	opts_free(&o);
	is_int(parse(&o, &hall, b1), -1, "--format=png is refused");
	is_int(parse(&o, &hall, b2), -1, "--lanes=0,32 is refused");
	is_int(parse(&o, &hall, b3), -1, "--dram=8,16,100 is refused");
	is_int(parse(&o, &hall, b4), -1, "--scene=0 is refused");
	is_int(parse(&o, &hall, b5), -1, "--lanes=1, is refused");
	ok(parse(&o, &lesson, l1) == 0 && o.list == 1 && o.name == NULL,
	    "lesson --list");
	opts_free(&o);
	ok(parse(&o, &lesson, l2) == 0 && strcmp(o.name, "twohop") == 0 &&
	    o.scene == 2, "lesson twohop --scene 2");
	opts_free(&o);
	is_int(parse(&o, &lesson, l3), -1, "lesson takes one NAME");
}

int
main(void)
{
	test_numbers();
	test_show();
	test_tui();
	test_theme();
	test_bench();
	test_hall();
	return (tap_done());
}
