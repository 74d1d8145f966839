/* SPDX-License-Identifier: ISC
 * cli-complete.c - warpviz list --complete WHAT: what the bash and zsh
 * completions (completions/) offer, asked of warpviz itself so that they
 * never fall behind the catalog, the lessons or the options.  One item a
 * line; a description, where there is one, follows a tab (zsh shows it,
 * bash cuts it off).  The lists:
 *
 *	commands		the sub-commands
 *	options=COMMAND		its long options ("" or "tui": the TUI's),
 *				each "--NAME<TAB>none|arg|optional"
 *	variants		the catalog's variants
 *	params=VARIANT		VARIANT's parameters as "NAME=" (a kernel
 *				file's too)
 *	lessons			the built-in lessons
 *	themes, archs		the values of --theme and --arch
 *
 * Every word from a kernel file goes through safestr.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "catalog.h"
#include "cli-complete.h"
#include "lesson.h"
#include "opts.h"
#include "roles.h"
#include "safestr.h"
#include "variant.h"

/* An item's name (and suffix) and the tab before its description; the
   tab is printed apart, safestr would show it as \x09. */
static void
complete_item(const char *name, const char *suffix)
{
	safestr_fprintf(stdout, "%s%s", name, suffix);
	putchar('\t');
}

static int
complete_options(const char *cmd, const struct opts_entry *const *cmds)
{
	const struct opts_entry	*e = NULL;
	static const char	*kind[] = { "none", "arg", "optional" };
	const char		*name;
	uint64_t		 allowed;
	int			 i, has_arg;

	for (i = 0; cmds[i] != NULL; i++) {
		if (cmds[i]->name == NULL ? (*cmd == '\0' ||
		    strcmp(cmd, "tui") == 0) : strcmp(cmd, cmds[i]->name) == 0) {
			e = cmds[i];
			break;
		}
	}
	if (e == NULL)
		return opts_error("--complete: options=%s: no such command", cmd);
	allowed = e->allowed | OPTS_BIT(OPT_HELP);
	for (i = 0; i < OPT_COUNT; i++) {
		if ((allowed & OPTS_BIT(i)) == 0 ||
		    (name = opts_long_name(i, &has_arg)) == NULL)
			continue;
		printf("--%s\t%s\n", name, kind[has_arg]);
	}
	if (allowed & OPTS_BIT(OPT_PARAM))
		printf("-p\targ\n");
	return 0;
}

static int
complete_params(const char *name)
{
	const struct variant	*v;
	const struct param_def	*p;
	int			 i;

	if ((v = catalog_find(name)) == NULL)
		return opts_error("--complete: params=%s: no such variant or "
		    "kernel file", name);
	for (i = 0; i < VARIANT_MAX_PARAMS && v->params[i].name != NULL;
	    i++) {
		p = &v->params[i];
		complete_item(p->name, "=");
		safestr_fprintf(stdout, "%lld..%lld%s%s (default %lld)",
		    (long long)p->min, (long long)p->max,
		    p->unit != NULL && *p->unit != '\0' ? " " : "",
		    p->unit != NULL ? p->unit : "", (long long)p->def);
		putchar('\n');
	}
	return 0;
}

int
cli_complete(const char *what, const struct opts_entry *const *cmds)
{
	char	title[LESSON_TITLE_MAX];
	int	i;

	if (strcmp(what, "commands") == 0) {
		for (i = 0; cmds[i] != NULL; i++)
			if (cmds[i]->name != NULL)
				printf("%s\n", cmds[i]->name);
	} else if (strncmp(what, "options=", 8) == 0)
		return complete_options(what + 8, cmds);
	else if (strcmp(what, "variants") == 0) {
		for (i = 0; catalog[i] != NULL; i++) {
			complete_item(catalog[i]->name, "");
			safestr_fprintf(stdout, "%s", catalog[i]->title);
			putchar('\n');
		}
	} else if (strncmp(what, "params=", 7) == 0)
		return complete_params(what + 7);
	else if (strcmp(what, "lessons") == 0) {
		for (i = 0; lesson_files[i].name != NULL; i++) {
			lesson_title_of(lesson_files[i].text, title,
			    sizeof title);
			complete_item(lesson_files[i].name, "");
			safestr_fprintf(stdout, "%s", title);
			putchar('\n');
		}
	} else if (strcmp(what, "themes") == 0) {
		for (i = 0; i < ROLE_THEME_COUNT; i++)
			printf("%s\n", role_theme_name(i));
	} else if (strcmp(what, "archs") == 0) {
		for (i = 0; i < ARCH_COUNT; i++)
			printf("%s\n", arch_name(i));
	} else
		return opts_error("--complete: '%s' is not a list (commands, "
		    "options=COMMAND, variants, params=VARIANT, lessons, "
		    "themes, archs)", what);
	return 0;
}
