/* SPDX-License-Identifier: ISC
 * export.c - the export key: draw the frame of the state once more, as
 * `warpviz show` would draw it (no overlay, no status message, no live GPU
 * lines), and write it as plain text, ANSI text and SVG; and spell the
 * `warpviz show` command line that prints the same frame, so a slide can
 * be regenerated from a script.  A kernel file is named by its path (made
 * absolute, shell-quoted when it needs it), so the command and a saved
 * lesson replay it.  No curses here.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "dram.h"
#include "export.h"
#include "view.h"

/* How a canvas becomes a file; set by the program through tui_set_printer. */
static export_printer_fn	export_printer;

void
export_set_printer(export_printer_fn fn)
{
	export_printer = fn;
}

/* Append printf output to buf of len at *used, truncating. */
static void __attribute__((format(printf, 4, 5)))
export_cat(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list	ap;
	int	n;

	if (*used >= len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	if (n > 0)
		*used += (size_t)n < len - *used ? (size_t)n : len - *used - 1;
}

/* Characters a shell word may hold without quotes. */
static int
export_plain(const char *s, size_t n)
{
	size_t	i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "0123456789_-./:=,+@%", s[i]) == NULL || s[i] == '\0')
			return 0;
	return 1;
}

/* n bytes of s as one shell word: as it is, or single-quoted. */
static void
export_word(char *buf, size_t len, size_t *used, const char *s, size_t n)
{
	size_t	i;

	if (export_plain(s, n)) {
		export_cat(buf, len, used, "%.*s", (int)n, s);
		return;
	}
	export_cat(buf, len, used, "'");
	for (i = 0; i < n; i++)
		if (s[i] == '\'')
			export_cat(buf, len, used, "'\\''");
		else
			export_cat(buf, len, used, "%c", s[i]);
	export_cat(buf, len, used, "'");
}

/*
 * How the command names v: a catalog name, or a kernel file by its path,
 * made absolute so the command replays from any folder.
 */
static void
export_variant(char *buf, size_t len, size_t *used,
    const struct variant *v)
{
	char	*abs;

	if (catalog_index(v) >= 0 || v->path == NULL) {
		export_word(buf, len, used, v->name, strlen(v->name));
		return;
	}
	if (v->path[0] != '/' && (abs = realpath(v->path, NULL)) != NULL) {
		export_word(buf, len, used, abs, strlen(abs));
		free(abs);
	} else
		export_word(buf, len, used, v->path, strlen(v->path));
}

/* A partner list with each kernel file's path made absolute, as one
 * shell word. */
static void
export_partners(char *buf, size_t len, size_t *used, const char *list)
{
	char		 out[1024], given[1024], *abs;
	const char	*e;
	size_t		 n, name, o = 0;

	out[0] = '\0';
	for (e = list; (e = param_partner_next(e, &n)) != NULL; e += n) {
		name = strcspn(e, ":");
		name = name < n ? name : n;
		abs = NULL;
		if (name > 3 && strncmp(e + name - 3, ".cu", 3) == 0 &&
		    e[0] != '/' && name < sizeof given) {
			memcpy(given, e, name);
			given[name] = '\0';
			abs = realpath(given, NULL);
		}
		export_cat(out, sizeof out, &o, "%s%.*s%.*s", o ? " " : "",
		    abs != NULL ? (int)strlen(abs) : (int)name,
		    abs != NULL ? abs : e, (int)(n - name), e + name);
		free(abs);
	}
	export_word(buf, len, used, out, strlen(out));
}

void
export_command(const struct state *st, int w, int h, int ascii, char *buf,
    size_t len)
{
	const struct state_pane	*p = &st->pane[0];
	const struct param_set	*ps = &p->ps;
	struct param_set	 defs;
	size_t			 used = 0;
	int			 i;

	buf[0] = '\0';
	param_defaults(&defs, p->v);
	export_cat(buf, len, &used, "warpviz show ");
	export_variant(buf, len, &used, p->v);
	for (i = 0; i < ps->n; i++)
		if (ps->val[i] != defs.val[i])
			export_cat(buf, len, &used, " -p %s=%lld",
			    ps->def[i]->name, (long long)ps->val[i]);
	if (st->step != 0)
		export_cat(buf, len, &used, " --step %lld",
		    (long long)st->step);
	if (st->block[0] != 0 || st->block[1] != 0)
		export_cat(buf, len, &used, " --block %lld,%lld",
		    (long long)st->block[0], (long long)st->block[1]);
	if (st->warp != 0)
		export_cat(buf, len, &used, " --warp %d", st->warp);
	if (st->arch != ARCH_MODERN)
		export_cat(buf, len, &used, " --arch %s", arch_name(st->arch));
	if (st->npanes > 1 && st->partners != NULL) {
		/* A lesson's (or the user's) partners: the same list, one
		   shell word. */
		export_cat(buf, len, &used, " --compare=");
		export_partners(buf, len, &used, st->partners);
	} else if (st->npanes > 1)
		export_cat(buf, len, &used, " --compare");
	if (st->dram && memcmp(&st->dram_cfg, &dram_teaching,
	    sizeof dram_teaching) != 0)
		export_cat(buf, len, &used, " --dram=%d,%d,%lld",
		    st->dram_cfg.channels, st->dram_cfg.banks,
		    (long long)st->dram_cfg.interleave);
	else if (st->dram)
		export_cat(buf, len, &used, " --dram");
	if (st->zoom)
		export_cat(buf, len, &used, " --zoom");
	if (st->focus != 0 && st->focus_box) {
		export_cat(buf, len, &used, " --lanes ");
		for (i = 0; i < 32; i++)
			if (st->focus & (UINT32_C(1) << i))
				export_cat(buf, len, &used, "%s%d", st->focus &
				    ((UINT32_C(1) << i) - 1) ? "," : "", i);
	}
	if (ascii)
		export_cat(buf, len, &used, " --ascii");
	if (role_theme_get() != ROLE_THEME_DARK)
		export_cat(buf, len, &used, " --theme %s",
		    role_theme_name(role_theme_get()));
	export_cat(buf, len, &used, " --size %dx%d", w, h);
}

/* The variant's name made safe for a file name. */
static void
export_name(const char *name, char *buf, size_t len)
{
	const char	*s = strrchr(name, '/');
	size_t		 i;

	s = s != NULL ? s + 1 : name;
	for (i = 0; s[i] != '\0' && i + 1 < len; i++)
		buf[i] = (s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '-' ||
		    s[i] == '_' ? s[i] : '_';
	buf[i] = '\0';
}

/* Write the canvas to path in format 0 txt, 1 ans, 2 svg. */
static int
export_write(const struct canvas *cv, const char *path, int format)
{
	FILE	*f;

	if ((f = fopen(path, "w")) == NULL)
		return -1;
	export_printer(f, cv, format);
	if (ferror(f)) {
		fclose(f);
		errno = EIO;
		return -1;
	}
	return fclose(f);
}

int
export_marks(const struct state *st, char *path, size_t len)
{
	struct lesson	 ls;
	const char	*dir = getenv("WARPVIZ_EXPORT_DIR");
	FILE		*f;
	int		 r;

	if (dir == NULL || *dir == '\0')
		dir = ".";
	snprintf(path, len, "%s/warpviz-marks.lesson", dir);
	memset(&ls, 0, sizeof ls);
	snprintf(ls.name, sizeof ls.name, "warpviz-marks");
	snprintf(ls.title, sizeof ls.title, "Bookmarks");
	ls.scenes = st->marks;
	ls.nscenes = st->nmarks;
	if ((f = fopen(path, "w")) == NULL) {
		snprintf(path, len, "save: %s/warpviz-marks.lesson: %s", dir,
		    strerror(errno));
		return -1;
	}
	lesson_write(f, &ls);
	r = ferror(f);
	if (fclose(f) != 0 || r) {
		snprintf(path, len, "save: %s/warpviz-marks.lesson: %s", dir,
		    strerror(errno));
		return -1;
	}
	return 0;
}

int
export_frame(const struct state *st, int w, int h, int ascii, char *base,
    size_t len)
{
	static const char	*ext[3] = { "txt", "ans", "svg" };
	const struct view_model	*models[STATE_MAX_PANES];
	struct view_opts	 o;
	struct canvas		*cv;
	const char		*dir = getenv("WARPVIZ_EXPORT_DIR");
	char			 name[64], path[4096];
	int			 i;

	if (state_models(st, models) == 0) {
		snprintf(base, len, "export: nothing to export");
		return -1;
	}
	if (export_printer == NULL) {
		snprintf(base, len, "export: not available in this program");
		return -1;
	}
	if (dir == NULL || *dir == '\0')
		dir = ".";
	export_name(st->pane[0].v->name, name, sizeof name);
	if ((cv = canvas_new(w, h, ascii)) == NULL) {
		snprintf(base, len, "export: out of memory");
		return -1;
	}
	memset(&o, 0, sizeof o);
	state_draw(cv, st, &o);
	for (i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "%s/warpviz-%s-s%lld.%s", dir,
		    name, (long long)st->step, ext[i]);
		if (export_write(cv, path, i) != 0) {
			snprintf(base, len, "export: %s: %s", path,
			    strerror(errno));
			canvas_free(cv);
			return -1;
		}
	}
	canvas_free(cv);
	snprintf(base, len, "%s/warpviz-%s-s%lld", dir, name,
	    (long long)st->step);
	return 0;
}
