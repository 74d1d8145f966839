/* SPDX-License-Identifier: ISC
 * cli.c - the commands as a table of entries (as tmux's cmd-*.c): each
 * names its options and operands for opts.c, which checks the whole
 * command line first, and a function that runs it with the parsed
 * struct opts.  The TUI is the entry without a name.  Every bad argument
 * gets one line naming it and what is allowed, and exit status 2.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-check.h"
#include "cli-complete.h"
#include "cli-counters.h"
#include "cli-quiz.h"
#include "cli-show.h"
#include "cli-trace.h"
#include "cli-tui.h"
#include "cli.h"
#include "gpu.h"
#include "json.h"
#include "ksrc.h"
#include "launch.h"
#include "occupancy.h"
#include "opts.h"
#include "safestr.h"
#include "tables.h"

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
"       warpviz lesson [--list | NAME]    play a lecture in scenes\n"
"       warpviz lesson NAME --html        the lesson as one web page\n"
"       warpviz trace VARIANT [OPTIONS]   JSON Lines, one object per access\n"
"       warpviz stats VARIANT [OPTIONS]   whole-launch totals\n"
"       warpviz check VARIANT [-p ...]    what the model read from a kernel\n"
"       warpviz bench [VARIANT...]        time the live kernels on a GPU\n"
"       warpviz gpu                       the GPU, or why there is none\n"
"       warpviz occupancy [VARIANT] [--threads N] [--regs N]\n"
"                 [--shared BYTES|NK] [--sm teaching|h100]   blocks per SM\n"
"       warpviz quiz [--list | LEVEL | FILE.cu]   predict, then see why\n"
"\n"
"Common options:\n"
"  -p NAME=VALUE     set a parameter (repeatable; see warpviz list)\n"
"  --arch MODEL      modern (default, cc 6.0+), cc2.0, cc1.2 (legacy), cc1.0\n"
"  --step K          the step (one access of the warp), from 0\n"
"  --block X,Y       the block (default 0,0)\n"
"  --warp W          the warp within the block (default 0)\n"
"\n"
"TUI options:\n"
"  --variant NAME    open on this variant (default matmul-col)\n"
"  --lesson NAME     play a lesson (as warpviz lesson NAME)\n"
"  --scene K         start the lesson at scene K (from 1)\n"
"  --zoom            projector zoom: memory cells twice as big\n"
"  --dram[=C,B,I]    the DRAM channels box (channels, banks, interleave)\n"
"  --color=auto|always|never   colours (NO_COLOR turns them off)\n"
"  --ascii           ASCII glyphs only\n"
"  --theme NAME      dark, light, contrast or cbsafe (colour-blind safe);\n"
"                    WARPVIZ_THEME sets the default; T cycles in the TUI\n"
"  --no-mouse        leave the mouse to the terminal\n"
"  --frames N        play N animation frames, then exit\n"
"  --results FILE    show timings recorded by 'warpviz bench --json'\n"
"  --keys            list the TUI's keys (KEY<TAB>what it does)\n"
"\n"
"  -h, --help        this help;  -V, --version  the version\n"
"See warpviz(1).\n";

static const char usage_show[] =
"usage: warpviz show VARIANT [-p NAME=VALUE]... [--step K] [--block X,Y]\n"
"                    [--warp W] [--arch MODEL] [--size WxH]\n"
"                    [--color[=auto|always|never]] [--ascii]\n"
"                    [--compare[=PARTNER...]]\n"
"                    [--format=txt|ans|svg] [--dram[=C,B,I]] [--zoom]\n"
"                    [--lanes L,L...]\n"
"                    [--theme dark|light|contrast|cbsafe]\n"
"                    [--results FILE]\n"
"       warpviz show --lesson NAME [--scene K] [--size WxH] [--format=...]\n"
"Print the frame the TUI shows at that step (default 120x35); --compare\n"
"shows the variant beside its partners in lock-step, as the TUI's c key;\n"
"--compare='twohop-v1 twohop-v3:n=100' names the partners (and their\n"
"parameters) instead.\n"
"--color=auto colours when stdout is a terminal and NO_COLOR is not set.\n"
"--format: plain text (txt, the default), ANSI colours (ans, as --color)\n"
"or an SVG image (svg).  --dram draws the DRAM channels box (a teaching\n"
"model of memory parallelism) over the frame, as the TUI's m key; =C,B,I\n"
"sets its channels, banks and interleave (default 8,16,256).\n"
"--zoom draws memory cells twice as wide and tall, for small problems.\n"
"--lanes 0,16 picks lanes: they stand out, with their thread, flat index\n"
"and hexadecimal address in a box.\n"
"--lesson prints scene K (default 1) of a lesson.\n"
"--results FILE (or a recorded name, as the TUI's) adds the GPU lines of\n"
"timings recorded by 'warpviz bench --json' for the variant.\n";

static const char usage_lesson[] =
"usage: warpviz lesson --list\n"
"       warpviz lesson NAME|FILE.lesson [--scene K] [TUI options]\n"
"       warpviz lesson NAME|FILE.lesson --html [--size WxH] [--scene K]\n"
"List the lessons, or play one on the lecture screen: PgDn or n for the\n"
"next scene, PgUp or N for the previous one.  The format is in warpviz(1).\n"
"--html prints the lesson as one self-contained web page (each scene's\n"
"frame as SVG, default 120x35, with its narration; the arrow keys step).\n";

static const char usage_trace[] =
"usage: warpviz trace VARIANT [-p NAME=VALUE]... [--steps A:B] [--step K]\n"
"                     [--block X,Y] [--warp W] [--all-warps]\n"
"                     [--arch MODEL] [--as-compiled [--sm NN]]\n"
"                     [--ptx FILE | --sass FILE]\n"
"Print one JSON object per warp-wide access (see doc/trace-format.md).\n"
"Default: every step of warp 0 of block 0,0.  --as-compiled adds each\n"
"site's instruction as compiled (see stats).\n";

static const char usage_stats[] =
"usage: warpviz stats VARIANT [-p NAME=VALUE]... [--arch MODEL]\n"
"                     [--json] [--brute] [--as-compiled [--sm NN]]\n"
"                     [--ptx FILE | --sass FILE]\n"
"Whole-launch totals per access site and per kind.  --as-compiled counts\n"
"the instructions the compiler emitted for each site (NVRTC's PTX for\n"
"compute_NN, default 90, or SASS where nvdisasm is installed); --ptx and\n"
"--sass read a recorded listing instead (nvdisasm -g -c output).\n";

static const char usage_quiz[] =
"usage: warpviz quiz [--list | LEVEL | FILE.cu [--step K]] [--answer TEXT]\n"
"Self-study: a level shows one warp's access with its counts hidden, asks\n"
"one question (sectors, class, wavefronts, reads, transactions, a whole\n"
"launch's ratio, blocks per SM, a recorded GPU time), takes the answer\n"
"(--answer, or a line of input) and says whether it is right and why,\n"
"then shows the frame.  LEVEL: its number or name (--list shows them\n"
"and which are solved); none: the first level not solved yet.  FILE.cu:\n"
"the sectors of your own kernel's access at step K.  Exit status 0 for a\n"
"right answer, 1 for a wrong one.  Progress: $XDG_STATE_HOME/warpviz/quiz.\n";

static const char usage_check[] =
"usage: warpviz check FILE.cu|VARIANT [-p NAME=VALUE]...\n"
"       warpviz check --template > my-kernel.cu\n"
"       warpviz check --draft FILE.cu > drafted.cu\n"
"What the model understood of a kernel: parameters, launch, arrays, loops\n"
"with their trip counts, guards and access sites with their lines.\n"
"Wherever VARIANT is accepted, a path to a .cu kernel file is too.\n"
"--template prints a commented kernel file to begin one's own; --draft\n"
"prints FILE.cu with a first draft of its warpviz: lines (from the\n"
"kernel's arguments and the host's launch) above its kernel.\n";

static const char usage_list[] =
"usage: warpviz list [--json]\n"
"       warpviz list --complete WHAT\n"
"The variants, their families and parameters (minimum, maximum, default).\n"
"--complete prints one name a line for the shell completions: commands,\n"
"options=COMMAND, variants, params=VARIANT, lessons, themes or archs.\n";

static const char usage_bench[] =
"usage: warpviz bench [VARIANT[:NAME=VALUE,...]]... [--json] [--once]\n"
"                     [--counters]\n"
"Time each variant (default: all) and its comparison partners on the GPU.\n"
"--once: launch only the named variants, once each (for ncu).\n"
"--counters: also run each once under ncu and record its counters.\n"
"Exit status: 0 all verified, 1 a run failed, 2 bad arguments, 3 no GPU.\n";

static const char usage_counters[] =
"usage: warpviz counters VARIANT [-p NAME=VALUE]... [--results NAME|FILE]\n"
"                        [--as-compiled [--sm NN]] [--ptx FILE | --sass FILE]\n"
"Run the kernel once under Nsight Compute (ncu) and print its counters\n"
"beside the model's: requests, sectors and wavefronts per space and per\n"
"source line (a second run reads ncu's source page), the L1 and L2 hit\n"
"rates and the DRAM bytes.  --results: the counters recorded by 'bench\n"
"--json --counters' instead.  --as-compiled: the model counts the\n"
"compiler's instructions (as stats --as-compiled).  Exit status: 0 every space\n"
"agrees, 1 one does not (or ncu failed), 2 bad arguments, 3 no ncu, no\n"
"permission for the counters, or no GPU.\n";

static const char usage_gpu[] =
"usage: warpviz gpu\n"
"The GPU, its driver and the embedded kernels, or why there is no live GPU\n"
"(exit status 1).\n";

static const char usage_occupancy[] =
"usage: warpviz occupancy --threads N [--regs N] [--shared BYTES|NK]\n"
"                         [--sm teaching|h100]\n"
"       warpviz occupancy VARIANT [-p NAME=VALUE]... [those options]\n"
"How many blocks of N threads an SM holds at once, what each limit allows\n"
"and which one binds, or why a block does not fit.  --regs: registers a\n"
"thread (default 0: not counted); --shared: shared memory a block (5K is\n"
"5120 bytes; default none); --sm: the seed's teaching SM (default) or an\n"
"H100.  With a VARIANT: its block, its shared memory and the registers\n"
"ptxas reported for that SM, changed by the options given.\n";

static int cli_complete_list(const char *);

static int
cmd_list(struct opts *o)
{
	if (o->complete != NULL) {
		if (o->json)
			return opts_error("--complete: not with --json");
		return cli_complete_list(o->complete);
	}
	if (o->json)
		json_print_list(stdout);
	else
		tables_print_list(stdout);
	return 0;
}

static int
cmd_bench(struct opts *o)
{
	gpu_bench_counters(o->counters);
	return gpu_bench(o->specs, o->nspecs, o->json, o->once);
}

static int
cmd_gpu(struct opts *o)
{
	(void)o;
	return gpu_info();
}

/*
 * The occupancy what-if in words, as the o overlay says it: of the block
 * the options give, or of VARIANT's block (its threads, its shared memory
 * and ptxas's register count for the device's sm) with the options
 * changing it.
 */
static int
cmd_occupancy(struct opts *o)
{
	const struct occ_device	*d = o->occ_dev;
	struct launch		 l;
	char			 lines[OCC_EXPLAIN_LINES][OCC_LINE_MAX], b[24];
	char			*cause = NULL;
	int			 val[3], i, n, ptxas = 0;

	memcpy(val, o->occ, sizeof val);
	if (o->v == NULL && opts_given(o, OPT_PARAM))
		return opts_error("occupancy: -p needs a VARIANT (see warpviz "
		    "occupancy --help)");
	if (o->v == NULL && !opts_given(o, OPT_THREADS))
		return opts_error("occupancy: --threads is missing (threads "
		    "a block, 1 to %d; or name a VARIANT)", OCC_MAX_THREADS);
	if (o->v != NULL) {
		if (launch_init(&l, &o->ps, &cause) != 0) {
			cli_launch_error(o, cause);
			free(cause);
			return EXIT_USAGE;
		}
		if (!opts_given(o, OPT_THREADS))
			val[OCC_FIELD_THREADS] = l.threads > OCC_MAX_THREADS ?
			    OCC_MAX_THREADS : (int)l.threads;
		if (!opts_given(o, OPT_SHARED))
			val[OCC_FIELD_SHARED] = l.shared_bytes > OCC_MAX_SMEM ?
			    OCC_MAX_SMEM : (int)l.shared_bytes;
		if (!opts_given(o, OPT_REGS)) {
			val[OCC_FIELD_REGS] = gpu_regs(&o->ps, d->sm);
			ptxas = val[OCC_FIELD_REGS] > 0;
		}
		launch_free(&l);
	}
	n = occupancy_explain(d, val[OCC_FIELD_THREADS], val[OCC_FIELD_REGS],
	    val[OCC_FIELD_SHARED], lines);
	printf("%s\n", d->text);
	if (o->v != NULL)
		safestr_fprintf(stdout, "variant:       %s%s\n", o->v->name,
		    ptxas ?
		    ", registers as ptxas reported them" : "");
	printf("a block:       %d threads", val[OCC_FIELD_THREADS]);
	if (val[OCC_FIELD_REGS] > 0)
		printf(", %d registers a thread", val[OCC_FIELD_REGS]);
	occupancy_bytes(b, sizeof b, val[OCC_FIELD_SHARED]);
	if (val[OCC_FIELD_SHARED] > 0)
		printf(", %s of shared memory", b);
	putchar('\n');
	for (i = 0; i < n; i++)
		printf("%s\n", lines[i]);
	return 0;
}


/* A command: what opts_parse checks, and what runs it. */
struct cli_cmd {
	/* Its name, usage, options and operands, for opts_parse. */
	struct opts_entry	  entry;
	/* Run it with the checked options; returns the exit status. */
	int			(*exec)(struct opts *);
};

static const struct cli_cmd cli_cmds[] = {
	{ { NULL, usage_main, OPTS_COMMON | OPTS_BIT(OPT_COLOR) |
	    OPTS_BIT(OPT_ASCII) | OPTS_BIT(OPT_VARIANT) |
	    OPTS_BIT(OPT_NO_MOUSE) | OPTS_BIT(OPT_FRAMES) |
	    OPTS_BIT(OPT_RESULTS) | OPTS_BIT(OPT_KEYS) |
	    OPTS_BIT(OPT_BENCH_FRAMES) | OPTS_BIT(OPT_VERSION) |
	    OPTS_BIT(OPT_LESSON) | OPTS_BIT(OPT_SCENE) | OPTS_BIT(OPT_ZOOM) |
	    OPTS_BIT(OPT_DRAM) | OPTS_BIT(OPT_THEME), OPERANDS_NONE },
	    cli_tui },
	{ { "list", usage_list, OPTS_BIT(OPT_JSON) | OPTS_BIT(OPT_COMPLETE),
	    OPERANDS_NONE }, cmd_list },
	{ { "show", usage_show, OPTS_COMMON | OPTS_BIT(OPT_SIZE) |
	    OPTS_BIT(OPT_COLOR) | OPTS_BIT(OPT_ASCII) |
	    OPTS_BIT(OPT_COMPARE) | OPTS_BIT(OPT_FORMAT) | OPTS_BIT(OPT_DRAM) |
	    OPTS_BIT(OPT_ZOOM) | OPTS_BIT(OPT_LANES) | OPTS_BIT(OPT_LESSON) |
	    OPTS_BIT(OPT_SCENE) | OPTS_BIT(OPT_THEME) | OPTS_BIT(OPT_RESULTS),
	    OPERANDS_VARIANT }, cli_show },
	{ { "lesson", usage_lesson, OPTS_BIT(OPT_LIST) | OPTS_BIT(OPT_SCENE) |
	    OPTS_BIT(OPT_COLOR) | OPTS_BIT(OPT_ASCII) |
	    OPTS_BIT(OPT_NO_MOUSE) | OPTS_BIT(OPT_FRAMES) |
	    OPTS_BIT(OPT_RESULTS) | OPTS_BIT(OPT_ZOOM) | OPTS_BIT(OPT_DRAM) |
	    OPTS_BIT(OPT_THEME) | OPTS_BIT(OPT_HTML) | OPTS_BIT(OPT_SIZE),
	    OPERANDS_NAME }, cli_lesson },
	{ { "trace", usage_trace, OPTS_COMMON | OPTS_BIT(OPT_STEPS) |
	    OPTS_BIT(OPT_ALL_WARPS) | OPTS_ISA, OPERANDS_VARIANT }, cli_trace },
	{ { "stats", usage_stats, OPTS_COMMON | OPTS_BIT(OPT_JSON) |
	    OPTS_BIT(OPT_BRUTE) | OPTS_ISA, OPERANDS_VARIANT }, cli_stats },
	{ { "check", usage_check, OPTS_BIT(OPT_PARAM) | OPTS_BIT(OPT_TEMPLATE) |
	    OPTS_BIT(OPT_DRAFT),
	    OPERANDS_VARIANT }, cli_check },
	{ { "bench", usage_bench, OPTS_BIT(OPT_JSON) | OPTS_BIT(OPT_ONCE) |
	    OPTS_BIT(OPT_COUNTERS), OPERANDS_SPECS }, cmd_bench },
	{ { "counters", usage_counters, OPTS_BIT(OPT_PARAM) |
	    OPTS_BIT(OPT_RESULTS) | OPTS_ISA, OPERANDS_VARIANT },
	    cli_counters },
	{ { "gpu", usage_gpu, 0, OPERANDS_NONE }, cmd_gpu },
	{ { "quiz", usage_quiz, OPTS_BIT(OPT_LIST) | OPTS_BIT(OPT_ANSWER) |
	    OPTS_BIT(OPT_STEP), OPERANDS_NAME }, cli_quiz },
	{ { "occupancy", usage_occupancy, OPTS_BIT(OPT_THREADS) |
	    OPTS_BIT(OPT_REGS) | OPTS_BIT(OPT_SHARED) | OPTS_BIT(OPT_SM) |
	    OPTS_BIT(OPT_PARAM), OPERANDS_VARIANT_OPT }, cmd_occupancy },
};

#define CLI_NCMDS	(sizeof cli_cmds / sizeof cli_cmds[0])

/* list --complete: the command table as cli_complete takes it. */
static int
cli_complete_list(const char *what)
{
	const struct opts_entry	*cmds[CLI_NCMDS + 1];
	size_t			 i;

	for (i = 0; i < CLI_NCMDS; i++)
		cmds[i] = &cli_cmds[i].entry;
	cmds[i] = NULL;
	return cli_complete(what, cmds);
}

int
cli_main(int argc, char **argv)
{
	const struct cli_cmd	*cmd = &cli_cmds[0];
	struct opts		 o;
	char			**args = NULL;
	size_t			 i;
	int			 rc;

	/* warpviz FILE.cu [options]: the TUI on a kernel file. */
	if (argc > 1 && ksrc_is_path(argv[1])) {
		if ((args = calloc(argc + 2, sizeof *args)) == NULL)
			abort();
		args[0] = argv[0];
		args[1] = "--variant";
		args[2] = argv[1];
		for (i = 2; i < (size_t)argc; i++)
			args[i + 1] = argv[i];
		argv = args;
		argc++;
	}
	/* A first argument that is not an option names the command. */
	if (argc > 1 && argv[1][0] != '-') {
		for (i = 1; i < sizeof cli_cmds / sizeof cli_cmds[0]; i++)
			if (strcmp(argv[1], cli_cmds[i].entry.name) == 0)
				break;
		if (i == sizeof cli_cmds / sizeof cli_cmds[0]) {
			free(args);
			return opts_error("unknown command '%s' (commands: "
			    "list, show, lesson, trace, stats, check, bench, "
			    "counters, gpu, occupancy, quiz; a .cu kernel "
			    "file; or options for the TUI)", argv[1]);
		}
		cmd = &cli_cmds[i];
		argc--;
		argv++;
	}
	if (opts_parse(&o, &cmd->entry, argc, argv) != 0) {
		free(args);
		return EXIT_USAGE;
	}
	if (opts_given(&o, OPT_HELP)) {
		fputs(cmd->entry.usage, stdout);
		rc = 0;
	} else if (opts_given(&o, OPT_VERSION)) {
		printf("warpviz %s\n%s", PACKAGE_VERSION, version_notice);
		rc = 0;
	} else
		rc = cmd->exec(&o);
	opts_free(&o);
	free(args);
	return rc;
}
