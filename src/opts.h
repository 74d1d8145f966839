/* SPDX-License-Identifier: ISC
 * opts.h - the one command-line parser, below cli.c and the TUI.  A
 * command is a const entry (name, usage, the options it takes, what its
 * operands are); opts_parse checks every option and operand of argv
 * against it before anything runs and fills one struct opts, which cli.c
 * hands to the command (tui_main included).  Bad usage: one line
 * "warpviz: ARG: what is allowed" on stderr, nothing on stdout, and the
 * caller exits with EXIT_USAGE.  Never touches the terminal.
 */
#ifndef WV_OPTS_H
#define WV_OPTS_H

#include <stdint.h>

#include "arch.h"
#include "dram.h"
#include "occupancy.h"
#include "param.h"

#define EXIT_USAGE	2

/* Every option any command takes; an entry allows a set of them. */
enum opts_id {
	OPT_PARAM,		/* -p NAME=VALUE, repeatable */
	OPT_ARCH,		/* --arch modern|legacy */
	OPT_STEP,		/* --step K */
	OPT_BLOCK,		/* --block X[,Y] */
	OPT_WARP,		/* --warp W */
	OPT_JSON,		/* --json */
	OPT_SIZE,		/* --size WxH */
	OPT_COLOR,		/* --color[=auto|always|never] */
	OPT_ASCII,		/* --ascii */
	OPT_COMPARE,		/* --compare[=PARTNERS] */
	OPT_STEPS,		/* --steps A:B */
	OPT_ALL_WARPS,		/* --all-warps */
	OPT_BRUTE,		/* --brute */
	OPT_ONCE,		/* --once */
	OPT_VARIANT,		/* --variant NAME */
	OPT_NO_MOUSE,		/* --no-mouse */
	OPT_FRAMES,		/* --frames N */
	OPT_RESULTS,		/* --results FILE */
	OPT_KEYS,		/* --keys */
	OPT_BENCH_FRAMES,	/* --bench-frames N */
	OPT_FORMAT,		/* --format txt|ans|svg */
	OPT_DRAM,		/* --dram[=C,B,I] */
	OPT_ZOOM,		/* --zoom */
	OPT_LANES,		/* --lanes L,L,... */
	OPT_LESSON,		/* --lesson NAME|FILE */
	OPT_SCENE,		/* --scene K, from 1 */
	OPT_LIST,		/* --list (lesson) */
	OPT_THREADS,		/* --threads N (occupancy) */
	OPT_REGS,		/* --regs N */
	OPT_SHARED,		/* --shared BYTES|NK */
	OPT_SM,			/* --sm teaching|h100 */
	OPT_THEME,		/* --theme NAME (WARPVIZ_THEME) */
	OPT_ANSWER,		/* --answer TEXT (quiz) */
	OPT_AS_COMPILED,	/* --as-compiled */
	OPT_PTX,		/* --ptx FILE: a recorded PTX listing */
	OPT_SASS,		/* --sass FILE: a recorded nvdisasm listing */
	OPT_HTML,		/* --html (lesson) */
	OPT_TEMPLATE,		/* --template (check) */
	OPT_DRAFT,		/* --draft FILE (check) */
	OPT_COMPLETE,		/* --complete WHAT (list) */
	OPT_COUNTERS,		/* --counters (bench) */
	OPT_HELP,		/* -h, --help: every command */
	OPT_VERSION,		/* -V, --version */
	OPT_COUNT
};

#define OPTS_BIT(id)	(UINT64_C(1) << (id))
/* The longest --compare=LIST (a lesson scene's partners fit). */
#define OPTS_PARTNERS_MAX	255
/* The options of the model's position, shared by show, trace, stats, TUI. */
/* The options of "as compiled" (stats, trace). */
#define OPTS_ISA	(OPTS_BIT(OPT_AS_COMPILED) | OPTS_BIT(OPT_SM) | \
	OPTS_BIT(OPT_PTX) | OPTS_BIT(OPT_SASS))
#define OPTS_COMMON	(OPTS_BIT(OPT_PARAM) | OPTS_BIT(OPT_ARCH) | \
	OPTS_BIT(OPT_STEP) | OPTS_BIT(OPT_BLOCK) | OPTS_BIT(OPT_WARP))

/* What a command takes besides options. */
enum opts_operands {
	OPERANDS_NONE,		/* nothing */
	OPERANDS_VARIANT,	/* exactly one VARIANT */
	OPERANDS_SPECS,		/* zero or more VARIANT[:NAME=VALUE,...] */
	OPERANDS_VARIANT_OPT,	/* at most one VARIANT */
	OPERANDS_NAME		/* at most one NAME (a lesson) */
};

/* One command: the table row cli.c dispatches on. */
struct opts_entry {
	const char		*name;		/* "show"; NULL: the TUI */
	const char		*usage;		/* printed by --help */
	uint64_t		 allowed;	/* OPTS_BIT()s, help implied */
	enum opts_operands	 operands;
};

/* Everything one command line said, checked. */
struct opts {
	const struct opts_entry	*entry;
	uint64_t		 given;		/* OPTS_BIT() of each seen */

	/* The variant (operand or --variant; the TUI's default else). */
	const struct variant	*v;
	struct param_set	 ps;		/* its parameters, -p applied */
	enum arch		 arch;
	int64_t			 step;
	int64_t			 block[2];
	int			 warp;

	int			 json;
	int			 w, h;		/* --size, default 120x35 */
	int			 color;		/* 0 never, 1 always, -1 auto */
	int			 ascii;		/* 1 given, -1 not */
	int			 compare;
	const char		*partners;	/* --compare=LIST, or NULL: the
						   variant's own partners */
	int64_t			 steps[2];	/* --steps A:B */
	int			 all_warps;
	int			 brute;
	int			 once;
	int			 counters;	/* bench --counters */
	int			 mouse;		/* 0 after --no-mouse */
	int64_t			 frames;	/* 0: until q */
	const char		*results;
	int			 keys;
	int64_t			 bench_frames;
	int			 format;	/* 0 txt, 1 ans, 2 svg, -1 */
	int			 dram;		/* --dram given */
	struct dram_config	 dram_cfg;	/* its interleaving */
	int			 zoom;
	uint32_t		 lanes;		/* bit n: lane n */
	const char		*lesson;	/* --lesson NAME or FILE */
	int64_t			 scene;		/* from 1; 0: not given */
	int			 list;		/* --list */
	const char		*name;		/* OPERANDS_NAME's */
	const char		*answer;	/* --answer TEXT */
	int			 as_compiled;	/* --as-compiled, --ptx, --sass */
	int			 isa_sm;	/* --sm NN: compile for sm_NN */
	const char		*ptx_file;	/* --ptx FILE */
	const char		*draft;		/* --draft FILE */
	const char		*sass_file;	/* --sass FILE */
	const char		*complete;	/* --complete WHAT */
	int			 theme;		/* enum role_theme, -1 none;
						   opts_parse sets it */

	/* occupancy: a block's resources by enum occ_field, the device. */
	int			 occ[3];
	const struct occ_device	*occ_dev;	/* default the teaching SM */

	struct param_set	*specs;		/* OPERANDS_SPECS, in order */
	int			 nspecs;
};

/* Print "warpviz: msg" on one line to stderr and return EXIT_USAGE. */
int	opts_error(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));
/*
 * The one number parser: a whole number s in min..max with nothing
 * before or after it (no blanks, no sign but '-').  Returns 0 or -1;
 * prints nothing (the TUI's prompts use it under curses).
 */
int	opts_number(const char *s, int64_t min, int64_t max, int64_t *out);
/* "L,L,..." (lanes 0 to 31, at least one) into a mask; -1 if not that
   (no message: --lanes and the TUI's prompt each say it their way). */
int	opts_lane_list(const char *s, uint32_t *mask);
/*
 * "A" or "A<sep>B" (sep required when need2): two opts_number()s from 0
 * to max; B is 0 when absent.  Returns 0 or -1; prints nothing.
 */
int	opts_pair(const char *s, char sep, int need2, int64_t max,
	    int64_t out[2]);
/*
 * opts_number, and on -1 print "OPT: 'S' is not allowed (a whole number
 * from MIN to MAX)".
 */
int	opts_int(const char *opt, const char *s, int64_t min, int64_t max,
	    int64_t *out);
/*
 * Parse argv (argv[0] is the command's own name, skipped) for entry e
 * into o.  Returns 0, or -1 after printing one line.  With --help or
 * --version only that is set in o->given and parsing stops there.
 */
int	opts_parse(struct opts *o, const struct opts_entry *e, int argc,
	    char **argv);
/* The long name of option id without "--" ("step"), or NULL (-p), and
   in *has_arg 0 (none), 1 (required) or 2 (optional: --NAME=VALUE). */
const char *opts_long_name(enum opts_id, int *has_arg);
/* Whether option id was given. */
int	opts_given(const struct opts *, enum opts_id);
/* Free what opts_parse allocated. */
void	opts_free(struct opts *);

#endif
