/* SPDX-License-Identifier: ISC
 * lesson.c - read lessons: the line format of lesson.h into scenes, each
 * handed to lesson-check.c to be checked as the screen would check it
 * (the variant exists, its parameters are in range, the step, block and
 * warp lie in its launch, the partners exist), with "FILE:LINE: what"
 * for the first mistake; write a lesson back out (the export key), and
 * load one by name or path.  A scene marked optional whose variant or
 * partner is missing is left out instead, so a lesson can name kernels a
 * build may not have yet.  Plain C on the model; no curses, no drawing.
 */
#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "cause.h"
#include "lesson-check.h"
#include "lesson.h"
#include "roles.h"
#include "textfile.h"

#define LESSON_LINE_MAX		1024
#define LESSON_MAX_BYTES	(1024 * 1024)	/* a lesson file */

/* Append text to the narration, a space between lines. */
static int
lesson_say(struct lesson_scene *s, const char *text)
{
	size_t	used = strlen(s->say), n = strlen(text);

	if (used + (used > 0) + n + 1 > sizeof s->say)
		return -1;
	if (used > 0)
		s->say[used++] = ' ';
	memcpy(s->say + used, text, n + 1);
	return 0;
}

/* Parse "L,L,..." lanes 0-31 into a mask. */
static int
lesson_lanes(const char *arg, uint32_t *mask)
{
	char	buf[256], *p, *q;
	int64_t	v;

	if (strlen(arg) >= sizeof buf)
		return -1;
	strcpy(buf, arg);
	*mask = 0;
	for (p = buf; p != NULL; p = q) {
		if ((q = strchr(p, ',')) != NULL)
			*q++ = '\0';
		if (lesson_int(p, 0, 31, &v) != 0)
			return -1;
		*mask |= 1u << v;
	}
	return 0;
}

/* step, loop, block or warp: the scene's position; -1 when arg is not
   what word wants. */
static int
lesson_position(struct lesson_raw *raw, const char *word, char *arg,
    int line)
{
	struct lesson_scene	*s = &raw->s;
	char			*p, *comma;
	int64_t			 v;

	if (strcmp(word, "step") == 0) {
		if (lesson_int(arg, 0, INT64_MAX / 2, &s->step) != 0)
			return -1;
		raw->pos_line[0] = line;
	} else if (strcmp(word, "loop") == 0) {
		if ((p = strchr(arg, '=')) == NULL || p == arg ||
		    p - arg >= (int)sizeof raw->loop ||
		    lesson_int(p + 1, 0, INT64_MAX / 2, &raw->loop_val) != 0)
			return -1;
		memcpy(raw->loop, arg, p - arg);
		raw->loop[p - arg] = '\0';
		raw->loop_line = line;
	} else if (strcmp(word, "block") == 0) {
		if ((comma = strchr(arg, ',')) != NULL)
			*comma = '\0';
		if (lesson_int(arg, 0, INT64_MAX / 2, &s->block[0]) != 0 ||
		    (comma != NULL && lesson_int(comma + 1, 0, INT64_MAX / 2,
		    &s->block[1]) != 0)) {
			if (comma != NULL)
				*comma = ',';
			return -1;
		}
		raw->pos_line[1] = line;
	} else {	/* warp */
		if (lesson_int(arg, 0, 1023, &v) != 0)
			return -1;
		s->warp = (int)v;
		raw->pos_line[2] = line;
	}
	return 0;
}

/* What the arguments of directive word may be, for its message. */
static const char *
lesson_wants(const char *word)
{
	if (strcmp(word, "variant") == 0 || strcmp(word, "kernel") == 0)
		return "one variant name or kernel file";
	if (strcmp(word, "param") == 0)
		return "NAME=VALUE ...";
	if (strcmp(word, "step") == 0)
		return "a whole number from 0";
	if (strcmp(word, "loop") == 0)
		return "NAME=VALUE, a loop variable and a whole number";
	if (strcmp(word, "block") == 0)
		return "X or X,Y with whole numbers from 0";
	if (strcmp(word, "warp") == 0)
		return "a whole number from 0 to 1023";
	if (strcmp(word, "arch") == 0)
		return arch_names();
	if (strcmp(word, "compare") == 0)
		return "partners, at most 255 bytes";
	if (strcmp(word, "lanes") == 0)
		return "lanes from 0 to 31, separated by commas";
	if (strcmp(word, "theme") == 0)
		return "a theme name";
	if (strcmp(word, "say") == 0)
		return "a sentence";
	if (strcmp(word, "optional") == 0)
		return "nothing after it";
	if (strcmp(word, "ask") == 0)
		return "sectors, class, wavefronts, reads, transactions or "
		    "faster";
	return "";
}

/* One directive of a scene; -1 with *cause. */
static int
lesson_directive(struct lesson_raw *raw, const char *word, char *arg,
    const char *file, int line, char **cause)
{
	struct lesson_scene	*s = &raw->s;
	char			*tok, *save, *why = NULL;
	int			 a;

	if (strcmp(word, "variant") == 0 || strcmp(word, "kernel") == 0) {
		/* A kernel file's path may hold blanks; a name may not. */
		if (*arg == '\0' || (strchr(arg, ' ') != NULL &&
		    !lesson_is_kernel_path(arg, strlen(arg))) ||
		    strlen(arg) >= sizeof raw->variant)
			goto want;
		strcpy(raw->variant, arg);
		raw->variant_line = line;
	} else if (strcmp(word, "param") == 0) {
		if (*arg == '\0')
			goto want;
		for (tok = strtok_r(arg, " \t", &save); tok != NULL;
		    tok = strtok_r(NULL, " \t", &save)) {
			if (raw->nassign == LESSON_MAX_ASSIGN ||
			    strlen(tok) >= sizeof raw->assign[0] ||
			    strchr(tok, '=') == NULL) {
				*cause = cause_printf("%s:%d: param: '%s' is "
				    "not allowed (NAME=VALUE, at most %d)",
				    file, line, tok, LESSON_MAX_ASSIGN);
				return -1;
			}
			strcpy(raw->assign[raw->nassign], tok);
			raw->assign_line[raw->nassign++] = line;
		}
	} else if (strcmp(word, "step") == 0 || strcmp(word, "loop") == 0 ||
	    strcmp(word, "block") == 0 || strcmp(word, "warp") == 0) {
		if (lesson_position(raw, word, arg, line) != 0)
			goto want;
	} else if (strcmp(word, "arch") == 0) {
		if ((a = arch_parse(arg)) < 0)
			goto want;
		s->arch = a;
	} else if (strcmp(word, "compare") == 0) {
		if (strlen(arg) >= sizeof s->partners)
			goto want;
		s->compare = 1;
		strcpy(s->partners, arg);
		raw->partners_line = line;
	} else if (strcmp(word, "lanes") == 0) {
		if (lesson_lanes(arg, &s->lanes) != 0)
			goto want;
	} else if (strcmp(word, "theme") == 0) {
		if (role_theme_parse(arg) < 0 || strlen(arg) >= 32) {
			*cause = cause_printf("%s:%d: theme: '%s' is not a theme "
			    "(%s)", file, line, arg, role_theme_list);
			return -1;
		}
		strcpy(s->theme, arg);
	} else if (strcmp(word, "say") == 0) {
		if (*arg == '\0')
			goto want;
		if (lesson_say(s, arg) != 0) {
			*cause = cause_printf("%s:%d: say: the narration is "
			    "longer than %d bytes (one or two sentences)",
			    file, line, LESSON_SAY_MAX - 1);
			return -1;
		}
	} else if (strcmp(word, "dram") == 0) {
		s->dram_cfg = dram_teaching;
		if (*arg != '\0' && dram_parse(arg, &s->dram_cfg, &why) != 0) {
			*cause = cause_printf("%s:%d: dram: %s", file, line,
			    why);
			free(why);
			return -1;
		}
		s->dram = 1;
	} else if (strcmp(word, "optional") == 0) {
		if (*arg != '\0')
			goto want;
		raw->optional = 1;
	} else if (strcmp(word, "ask") == 0) {
		if ((s->ask = predict_parse(arg)) == PREDICT_NONE)
			goto want;
		raw->ask_line = line;
	} else {
		*cause = cause_printf("%s:%d: unknown directive '%s' (title, "
		    "scene, variant, param, step, loop, block, warp, arch, "
		    "compare, lanes, theme, say, dram, optional, ask)", file, line,
		    word);
		return -1;
	}
	return 0;

want:
	*cause = cause_printf("%s:%d: %s: '%s' is not allowed (%s)", file, line,
	    word, arg, lesson_wants(word));
	return -1;
}

/*
 * A line of len bytes in buf split in place into its first word, the
 * return value, and the rest, *arg, blanks trimmed; NULL for a blank
 * line or a comment (*arg then untouched).
 */
static char *
lesson_words(char *buf, size_t len, char **arg)
{
	char	*p, *word;

	for (p = buf + len; p > buf && isspace((unsigned char)p[-1]);)
		*--p = '\0';
	for (word = buf; isspace((unsigned char)*word); word++)
		;
	if (*word == '\0' || *word == '#')
		return NULL;
	for (p = word; *p != '\0' && !isspace((unsigned char)*p);)
		p++;
	if (*p != '\0')
		*p++ = '\0';
	while (isspace((unsigned char)*p))
		p++;
	*arg = p;
	return word;
}

/* Start the scene titled title on line line in raw. */
static void
lesson_open(struct lesson_raw *raw, const char *title, int line)
{
	memset(raw, 0, sizeof *raw);
	strcpy(raw->s.title, title);
	raw->s.line = line;
	raw->s.arch = ARCH_MODERN;
	raw->pos_line[0] = raw->pos_line[1] = raw->pos_line[2] = line;
	raw->partners_line = line;
}

/* End the scene in raw: checked, then added to ls (or counted as left
   out).  -1 with *cause. */
static int
lesson_close(struct lesson *ls, struct lesson_raw *raw, const char *file,
    lesson_find_fn find, char **cause)
{
	int	keep;

	if (lesson_finish(raw, file, find, &keep, cause) != 0)
		return -1;
	if (keep) {
		if (ls->nscenes == LESSON_MAX_SCENES) {
			*cause = cause_printf("%s:%d: more than %d "
			    "scenes", file, raw->s.line,
			    LESSON_MAX_SCENES);
			return -1;
		}
		ls->scenes[ls->nscenes++] = raw->s;
	} else
		ls->skipped++;
	return 0;
}

/* A lesson read to its last line (line): it has a title and a scene;
   -1 with *cause. */
static int
lesson_whole(const struct lesson *ls, const char *file, int line,
    char **cause)
{
	if (ls->title[0] == '\0') {
		*cause = cause_printf("%s:1: the lesson has no 'title' line",
		    file);
		return -1;
	}
	if (ls->nscenes == 0) {
		*cause = cause_printf("%s:%d: the lesson has no scene", file,
		    line > 0 ? line : 1);
		return -1;
	}
	return 0;
}

int
lesson_parse(struct lesson *ls, const char *name, const char *file,
    const char *text, lesson_find_fn find, char **cause)
{
	struct lesson_raw	*raw;
	char			 buf[LESSON_LINE_MAX], *word, *arg = NULL;
	const char		*nl;
	size_t			 len;
	int			 line = 0, in_scene = 0;

	memset(ls, 0, sizeof *ls);
	snprintf(ls->name, sizeof ls->name, "%s", name);
	/* A UTF-8 byte order mark is not part of the first line. */
	if (strncmp(text, "\xef\xbb\xbf", 3) == 0)
		text += 3;
	if ((raw = calloc(1, sizeof *raw)) == NULL ||
	    (ls->scenes = calloc(LESSON_MAX_SCENES,
	    sizeof *ls->scenes)) == NULL) {
		free(raw);
		*cause = cause_printf("out of memory");
		return -1;
	}
	for (; *text != '\0' || in_scene; text = *nl ? nl + 1 : nl) {
		if (*text == '\0') {
			/* End of file: close the last scene. */
			nl = text;
			goto close;
		}
		line++;
		nl = strchr(text, '\n');
		if (nl == NULL)
			nl = text + strlen(text);
		len = nl - text;
		if (len >= sizeof buf) {
			*cause = cause_printf("%s:%d: line longer than %d "
			    "bytes", file, line, LESSON_LINE_MAX - 1);
			goto fail;
		}
		memcpy(buf, text, len);
		buf[len] = '\0';
		if ((word = lesson_words(buf, len, &arg)) == NULL)
			continue;
		if (strcmp(word, "title") == 0) {
			if (in_scene || ls->title[0] != '\0' || *arg == '\0' ||
			    strlen(arg) >= sizeof ls->title) {
				*cause = cause_printf("%s:%d: title: once, "
				    "before the first scene, at most %d bytes",
				    file, line, LESSON_TITLE_MAX - 1);
				goto fail;
			}
			strcpy(ls->title, arg);
			continue;
		}
		if (strcmp(word, "scene") == 0) {
			if (*arg == '\0' ||
			    strlen(arg) >= sizeof raw->s.title) {
				*cause = cause_printf("%s:%d: scene: a title "
				    "of 1 to %d bytes", file, line,
				    LESSON_TITLE_MAX - 1);
				goto fail;
			}
			if (in_scene)
				goto close;
			goto open;
		}
		if (!in_scene) {
			*cause = cause_printf("%s:%d: '%s' before the first "
			    "'scene' line", file, line, word);
			goto fail;
		}
		if (lesson_directive(raw, word, arg, file, line, cause) != 0)
			goto fail;
		continue;
close:
		if (lesson_close(ls, raw, file, find, cause) != 0)
			goto fail;
		in_scene = 0;
		if (*text == '\0')
			break;
open:
		lesson_open(raw, arg, line);
		in_scene = 1;
	}
	free(raw);
	if (lesson_whole(ls, file, line, cause) != 0) {
		lesson_free(ls);
		return -1;
	}
	return 0;

fail:
	free(raw);
	lesson_free(ls);
	return -1;
}

/*
 * A variant or partner name as a written lesson must say it: a kernel
 * file's relative path made absolute (the lesson is read from its own
 * folder, not from where warpviz runs), a catalog name as it is.
 */
static void
lesson_write_name(FILE *f, const char *name, size_t len)
{
	char	 given[PATH_MAX], *abs;

	if (!lesson_is_kernel_path(name, len) || name[0] == '/' ||
	    len >= sizeof given) {
		fprintf(f, "%.*s", (int)len, name);
		return;
	}
	memcpy(given, name, len);
	given[len] = '\0';
	if ((abs = realpath(given, NULL)) != NULL) {
		fputs(abs, f);
		free(abs);
	} else
		fputs(given, f);
}

void
lesson_write(FILE *f, const struct lesson *ls)
{
	const struct lesson_scene	*s;
	struct param_set		 defs;
	int				 i, k;

	fprintf(f, "# %s - written by warpviz; play it with "
	    "'warpviz lesson FILE'.\n", ls->name);
	fprintf(f, "title %s\n", ls->title);
	for (k = 0; k < ls->nscenes; k++) {
		s = &ls->scenes[k];
		fprintf(f, "\nscene %s\nvariant ", s->title);
		/* A kernel file is named by its path, to be read again. */
		if (catalog_index(s->v) < 0 && s->v->path != NULL)
			lesson_write_name(f, s->v->path, strlen(s->v->path));
		else
			fputs(s->v->name, f);
		fputc('\n', f);
		param_defaults(&defs, s->v);
		for (i = 0; i < s->ps.n; i++)
			if (s->ps.val[i] != defs.val[i])
				fprintf(f, "param %s=%lld\n",
				    s->ps.def[i]->name,
				    (long long)s->ps.val[i]);
		if (s->arch != ARCH_MODERN)
			fprintf(f, "arch %s\n", arch_name(s->arch));
		if (s->step != 0)
			fprintf(f, "step %lld\n", (long long)s->step);
		if (s->block[0] != 0 || s->block[1] != 0)
			fprintf(f, "block %lld,%lld\n", (long long)s->block[0],
			    (long long)s->block[1]);
		if (s->warp != 0)
			fprintf(f, "warp %d\n", s->warp);
		if (s->compare) {
			const char	*e;
			size_t		 len, name;

			fputs("compare", f);
			for (e = s->partners; (e = param_partner_next(e,
			    &len)) != NULL; e += len) {
				name = strcspn(e, ":");
				name = name < len ? name : len;
				fputc(' ', f);
				lesson_write_name(f, e, name);
				fprintf(f, "%.*s", (int)(len - name), e + name);
			}
			fputc('\n', f);
		}
		if (s->lanes != 0) {
			fputs("lanes ", f);
			for (i = 0; i < 32; i++)
				if (s->lanes & (1u << i))
					fprintf(f, "%s%d", s->lanes &
					    ((1u << i) - 1) ? "," : "", i);
			fputc('\n', f);
		}
		if (s->theme[0] != '\0')
			fprintf(f, "theme %s\n", s->theme);
		if (s->dram)
			fprintf(f, "dram %d,%d,%lld\n", s->dram_cfg.channels,
			    s->dram_cfg.banks, (long long)s->dram_cfg.interleave);
		if (s->ask != PREDICT_NONE)
			fprintf(f, "ask %s\n", predict_word(s->ask));
		fprintf(f, "say %s\n", s->say);
	}
}

void
lesson_free(struct lesson *ls)
{
	free(ls->scenes);
	ls->scenes = NULL;
	ls->nscenes = 0;
}

void
lesson_title_of(const char *text, char *buf, size_t len)
{
	const char	*nl;

	buf[0] = '\0';
	for (; *text != '\0'; text = *nl ? nl + 1 : nl) {
		nl = strchr(text, '\n');
		if (nl == NULL)
			nl = text + strlen(text);
		if (strncmp(text, "title ", 6) == 0) {
			snprintf(buf, len, "%.*s", (int)(nl - text - 6),
			    text + 6);
			return;
		}
		if (strncmp(text, "scene ", 6) == 0)
			return;
	}
}

/* Whether the argument names a file rather than a built-in lesson. */
static int
lesson_is_file(const char *s)
{
	size_t	n = strlen(s);

	return strchr(s, '/') != NULL || (n > 7 &&
	    strcmp(s + n - 7, ".lesson") == 0);
}

int
lesson_load(struct lesson *ls, const char *arg, lesson_find_fn find,
    char **cause)
{
	char		*text, names[512];
	const char	*base;
	size_t		 n, used = 0;
	int		 i, r;

	if (!lesson_is_file(arg)) {
		for (i = 0; lesson_files[i].name != NULL; i++)
			if (strcmp(lesson_files[i].name, arg) == 0)
				return lesson_parse(ls, arg,
				    lesson_files[i].name, lesson_files[i].text,
				    find, cause);
		names[0] = '\0';
		for (i = 0; lesson_files[i].name != NULL &&
		    used < sizeof names; i++)
			used += snprintf(names + used, sizeof names - used,
			    "%s%s", i ? ", " : "", lesson_files[i].name);
		*cause = cause_printf("unknown lesson '%s' (lessons: %s; or "
		    "a FILE.lesson)", arg, names);
		return -1;
	}
	if ((text = textfile_read(arg, LESSON_MAX_BYTES, NULL, cause)) ==
	    NULL)
		return -1;
	base = strrchr(arg, '/') != NULL ? strrchr(arg, '/') + 1 : arg;
	r = lesson_parse(ls, base, arg, text, find, cause);
	if (r == 0 && (n = strlen(ls->name)) > 7 &&
	    strcmp(ls->name + n - 7, ".lesson") == 0)
		ls->name[n - 7] = '\0';
	free(text);
	return r;
}
