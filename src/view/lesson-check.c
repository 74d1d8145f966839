/* SPDX-License-Identifier: ISC
 * lesson-check.c - a scene as read checked as the screen would check it:
 * its variant and partners found (a kernel file's path resolved against
 * the lesson's folder), its parameters in range, its step, block and warp
 * in the launch, a "loop" position walked to, an "ask" its access can
 * answer; "FILE:LINE: what" for the first mistake.  A scene marked
 * optional whose variant or partner is missing is left out instead.
 * lesson.c reads the text; this file runs the model on what it read.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "cause.h"
#include "launch.h"
#include "lesson-check.h"
#include "warp.h"

int
lesson_int(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
	int64_t	v;

	if (param_number(s, &v) != 0 || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

int
lesson_is_kernel_path(const char *name, size_t len)
{
	return len > 3 && strncmp(name + len - 3, ".cu", 3) == 0;
}

/*
 * "loop NAME=VALUE": move the scene's step on to the first step, from the
 * one given, where the same access runs with loop NAME at VALUE.  -1 with
 * *cause when there is no such loop or it never gets there.
 */
static int
lesson_loop(struct lesson_raw *raw, const struct launch *l,
    const char *file, char **cause)
{
	struct launch_pos	 pos;
	int64_t			 st, last;
	int			 li, site, i, inside = 0;

	for (li = 0; li < l->nloops; li++)
		if (strcmp(l->loops[li].var, raw->loop) == 0)
			break;
	if (li == l->nloops) {
		*cause = cause_printf("%s:%d: loop: %s has no loop '%s'", file,
		    raw->loop_line, raw->s.v->name, raw->loop);
		return -1;
	}
	launch_locate(l, raw->s.step, &pos);
	site = pos.site;
	for (i = 0; i < l->sites[site].nloops; i++)
		if (strcmp(l->loops[l->sites[site].loop[i]].var,
		    raw->loop) == 0) {
			li = l->sites[site].loop[i];
			inside = 1;
		}
	if (!inside) {
		*cause = cause_printf("%s:%d: loop: the access at step %lld, "
		    "%s, is not inside loop '%s'", file, raw->loop_line,
		    (long long)raw->s.step, l->sites[site].text, raw->loop);
		return -1;
	}
	/* At most a few million steps: a lesson loads in a blink. */
	last = l->nsteps - raw->s.step > 4000000 ? raw->s.step + 4000000 :
	    l->nsteps;
	for (st = raw->s.step; st < last; st++) {
		launch_locate(l, st, &pos);
		if (pos.site == site && pos.loop[li] == raw->loop_val) {
			raw->s.step = st;
			return 0;
		}
	}
	*cause = cause_printf("%s:%d: loop: %s never has %s=%lld from step "
	    "%lld", file, raw->loop_line, l->sites[site].text, raw->loop,
	    (long long)raw->loop_val, (long long)raw->s.step);
	return -1;
}

/*
 * name (len bytes) as the lesson file means it: a kernel file's relative
 * path is taken from the lesson file's folder, as #include takes its
 * files; catalog names and absolute paths stay.  0, or -1 when the
 * result does not fit out.
 */
static int
lesson_resolve(const char *file, const char *name, size_t len, char *out,
    size_t outlen)
{
	const char	*slash = strrchr(file, '/');
	int		 n;

	if (lesson_is_kernel_path(name, len) && name[0] != '/' &&
	    slash != NULL)
		n = snprintf(out, outlen, "%.*s%.*s", (int)(slash - file + 1),
		    file, (int)len, name);
	else
		n = snprintf(out, outlen, "%.*s", (int)len, name);
	return n >= 0 && (size_t)n < outlen ? 0 : -1;
}

/* The partner list with each kernel file's path resolved; 0 or -1. */
static int
lesson_resolve_list(const char *file, char *list, size_t size)
{
	char		 out[LESSON_PARTNERS_MAX], one[LESSON_PARTNERS_MAX];
	const char	*e;
	size_t		 len, name, used = 0;

	out[0] = '\0';
	for (e = list; (e = param_partner_next(e, &len)) != NULL; e += len) {
		name = strcspn(e, ":");
		if (name > len)
			name = len;
		if (lesson_resolve(file, e, name, one, sizeof one) != 0 ||
		    used + (used > 0) + strlen(one) + (len - name) >= size)
			return -1;
		used += snprintf(out + used, sizeof out - used, "%s%s%.*s",
		    used > 0 ? " " : "", one, (int)(len - name), e + name);
	}
	memcpy(list, out, used + 1);
	return 0;
}

/*
 * Why name does not open: a kernel file's own "FILE:LINE:COL: ..." (or
 * why it cannot be opened), else NULL.
 */
static char *
lesson_why(const char *name)
{
	char	*why = NULL;

	if (lesson_is_kernel_path(name, strlen(name)) &&
	    catalog_open(name, &why) == NULL)
		return why;
	free(why);
	return NULL;
}

/* The scene's partners resolved and checked; *keep 0 for an optional
 * scene whose partner is missing.  -1 with *cause on a mistake. */
static int
lesson_partners(struct lesson_raw *raw, const char *file,
    lesson_find_fn find, int *keep, char **cause)
{
	struct lesson_scene	*s = &raw->s;
	struct param_set	 ps;
	const char		*e, *list;
	char			*why = NULL, *c, path[512];
	size_t			 len;
	int			 a;

	if (lesson_resolve_list(file, s->partners, sizeof s->partners) != 0) {
		*cause = cause_printf("%s:%d: compare: the partners' paths are "
		    "too long", file, raw->partners_line);
		return -1;
	}
	list = s->partners[0] != '\0' ? s->partners : s->v->compare;
	if (s->compare && list == NULL) {
		*cause = cause_printf("%s:%d: %s has no variant to compare "
		    "with (name partners after 'compare')", file,
		    raw->partners_line, s->v->name);
		return -1;
	}
	for (e = s->compare ? list : NULL;
	    (e = param_partner_next(e, &len)) != NULL; e += len)
		if (param_partner(&ps, e, arch_suffix(e, len, &a), &s->ps,
		    find, &why) != 0) {
			if (raw->optional) {
				free(why);
				*keep = 0;
				return 0;
			}
			if (snprintf(path, sizeof path, "%.*s", (int)strcspn(e,
			    ": "), e) > 0 && (c = lesson_why(path)) != NULL) {
				free(why);
				why = c;
			}
			*cause = cause_printf("%s:%d: compare: %s", file,
			    raw->partners_line, why);
			free(why);
			return -1;
		}
	return 0;
}
/*
 * An ask must fit its scene: a question about the access that access can
 * answer (sectors of a global one, wavefronts of a shared one, ...), and
 * "faster" in a compare scene, whose recorded times answer it.
 */
static int
lesson_ask(struct lesson_raw *raw, const struct launch *l, const char *file,
    char **cause)
{
	struct lesson_scene	*s = &raw->s;
	struct access		 a;
	struct access_result	 res;
	struct predict_truth	 t;
	const char		*why;
	char			*c = NULL;

	if (s->ask == PREDICT_FASTER) {
		if (s->compare)
			return 0;
		*cause = cause_printf("%s:%d: ask: faster compares two "
		    "kernels' recorded times (add a 'compare' line)", file,
		    raw->ask_line);
		return -1;
	}
	if (warp_access(l, s->block[0], s->block[1], s->warp, s->step, &a,
	    &c) != 0) {
		*cause = cause_printf("%s:%d: ask: %s", file, raw->ask_line, c);
		free(c);
		return -1;
	}
	arch_apply(s->arch, l, &a, &res);
	if (predict_access(s->ask, l, &a, &res, s->arch, &t, &why) != 0) {
		*cause = cause_printf("%s:%d: ask: %s here (ask %s)", file,
		    raw->ask_line, why, predict_word(predict_default(&res,
		    s->arch)));
		return -1;
	}
	return 0;
}

int
lesson_finish(struct lesson_raw *raw, const char *file, lesson_find_fn find,
    int *keep, char **cause)
{
	struct lesson_scene	*s = &raw->s;
	struct launch		*l;
	char			*why = NULL, path[512];
	int			 i, r = -1;

	*keep = 1;
	if (raw->variant[0] == '\0') {
		*cause = cause_printf("%s:%d: scene '%s' names no variant",
		    file, s->line, s->title);
		return -1;
	}
	if (lesson_resolve(file, raw->variant, strlen(raw->variant), path,
	    sizeof path) != 0) {
		*cause = cause_printf("%s:%d: variant: the path is too long",
		    file, raw->variant_line);
		return -1;
	}
	if ((s->v = find(path)) == NULL) {
		/* Optional: a kernel the build (or the folder) lacks; a
		   kernel file that is there but does not read is a mistake. */
		if (raw->optional && (!lesson_is_kernel_path(path,
		    strlen(path)) || access(path, F_OK) != 0)) {
			*keep = 0;
			return 0;
		}
		if ((why = lesson_why(path)) != NULL) {
			*cause = cause_printf("%s:%d: %s", file,
			    raw->variant_line, why);
			free(why);
			return -1;
		}
		*cause = cause_printf("%s:%d: unknown variant '%s' (see "
		    "warpviz list; 'optional' leaves the scene out instead)",
		    file, raw->variant_line, raw->variant);
		return -1;
	}
	param_defaults(&s->ps, s->v);
	for (i = 0; i < raw->nassign; i++)
		if (param_assign(&s->ps, raw->assign[i], &why) != 0) {
			*cause = cause_printf("%s:%d: %s", file,
			    raw->assign_line[i], why);
			free(why);
			return -1;
		}
	if (lesson_partners(raw, file, find, keep, cause) != 0 || !*keep)
		return *keep ? -1 : 0;
	if ((l = calloc(1, sizeof *l)) == NULL) {
		*cause = cause_printf("out of memory");
		return -1;
	}
	if (launch_init(l, &s->ps, &why) != 0) {
		*cause = cause_printf("%s:%d: %s", file, raw->nassign > 0 ?
		    raw->assign_line[0] : raw->variant_line, why);
		free(why);
		free(l);
		return -1;
	}
	if (s->step >= l->nsteps)
		*cause = cause_printf("%s:%d: step %lld is past the end of %s "
		    "(0..%lld)", file, raw->pos_line[0], (long long)s->step,
		    s->v->name, (long long)l->nsteps - 1);
	else if (raw->loop[0] != '\0' && lesson_loop(raw, l, file, cause) != 0)
		/* *cause is set */;
	else if (s->block[0] >= l->grid[0] || s->block[1] >= l->grid[1])
		*cause = cause_printf("%s:%d: block %lld,%lld is outside the "
		    "grid (0..%lld, 0..%lld)", file, raw->pos_line[1],
		    (long long)s->block[0], (long long)s->block[1],
		    (long long)l->grid[0] - 1, (long long)l->grid[1] - 1);
	else if (s->warp >= l->warps)
		*cause = cause_printf("%s:%d: warp %d is outside the block "
		    "(0..%d)", file, raw->pos_line[2], s->warp, l->warps - 1);
	else if (s->say[0] == '\0')
		*cause = cause_printf("%s:%d: scene '%s' says nothing (add a "
		    "'say' line)", file, s->line, s->title);
	else if (s->ask != PREDICT_NONE && lesson_ask(raw, l, file,
	    cause) != 0)
		/* *cause is set */;
	else
		r = 0;
	launch_free(l);
	free(l);
	return r;
}
