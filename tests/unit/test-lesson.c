/* SPDX-License-Identifier: ISC
 * test-lesson.c - TAP unit tests for src/view/lesson.c: the line format
 * read into scenes, checked against the catalog, written back by
 * lesson_write and read again to the same scenes; every built-in lesson
 * loads.  Links the view, the catalog and the model only.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "catalog.h"
#include "launch.h"
#include "lesson.h"
#include "tap.h"
#include "warp.h"

/*
 * The narration agrees with the screen: in a scene with one pane and no
 * DRAM box, the first "N sector(s)" or "N wavefront(s)" (N in digits, not
 * "N billion") is the count of the access on screen.  Returns 1 when it
 * agrees or the scene names no such count.
 */
static int
scene_agrees(const struct lesson_scene *s, long *said, long *is)
{
	struct launch		 l;
	struct access		 a;
	struct access_result	 r;
	const char		*p, *q;
	char			*cause = NULL, *end;
	long			 n = 0;
	int			 wave = 0, ok = 1;

	*said = *is = -1;
	if (s->compare || s->dram)
		return 1;
	for (p = s->say; *p != '\0'; p++) {
		if (!isdigit((unsigned char)*p) || (p > s->say &&
		    (isdigit((unsigned char)p[-1]) || p[-1] == '.')))
			continue;
		n = strtol(p, &end, 10);
		q = end;
		if (strncmp(q, " sector", 7) == 0)
			break;
		if (strncmp(q, " wavefront", 10) == 0) {
			wave = 1;
			break;
		}
	}
	if (*p == '\0')
		return 1;
	*said = n;
	if (launch_init(&l, &s->ps, &cause) != 0) {
		free(cause);
		return 0;
	}
	if (warp_access(&l, s->block[0], s->block[1], s->warp, s->step, &a,
	    &cause) != 0) {
		free(cause);
		launch_free(&l);
		return 0;
	}
	arch_apply(s->arch, &l, &a, &r);
	*is = wave ? r.s.wavefronts : r.space == SPACE_TEXTURE ? r.t.sectors :
	    r.g.sectors;
	ok = *said == *is;
	launch_free(&l);
	return ok;
}

static const char text[] =
    "# a comment\n"
    "title Two scenes\n"
    "\n"
    "scene First\n"
    "variant matmul-row\n"
    "param width=4 bx=4\n"
    "param by=4 warp=4\n"
    "step 1\n"
    "loop k=2\n"
    "lanes 0,3\n"
    "arch legacy\n"
    "dram\n"
    "say One sentence.\n"
    "say And a second.\n"
    "scene Second\n"
    "  variant copy-offset   \n"
    "compare copy-offset:offset=0\n"
    "block 3\n"
    "warp 2\n"
    "theme light\n"
    "say Three.\n"
    "scene Missing\n"
    "optional\n"
    "variant no-such-kernel\n"
    "say Left out.\n";

int
main(void)
{
	struct lesson		 ls, again;
	const struct lesson_scene *s;
	char			*cause = NULL, *buf;
	long			 len;
	FILE			*f;
	int			 i, r;

	r = lesson_parse(&ls, "two", "two.lesson", text, catalog_find, &cause);
	ok(r == 0, "the example parses%s%s", cause ? ": " : "",
	    cause ? cause : "");
	if (r != 0)
		return tap_done();
	is_str(ls.title, "Two scenes", "title");
	is_int(ls.nscenes, 2, "two scenes kept");
	is_int(ls.skipped, 1, "the optional one with an unknown variant "
	    "left out");
	s = &ls.scenes[0];
	is_str(s->title, "First", "scene 1 title");
	is_str(s->v->name, "matmul-row", "scene 1 variant");
	is_int(param_get(&s->ps, "width"), 4, "param width=4");
	is_int(param_get(&s->ps, "warp"), 4, "param warp=4 on a second line");
	/* matmul-row at width 4: steps M, N per k, so k=2's N load (from
	   step 1, the N load) is step 2 x 2 + 1 = 5. */
	is_int(s->step, 5, "step 1 + loop k=2 = step 5");
	is_int(s->lanes, 0x9, "lanes 0,3");
	is_int(s->arch, ARCH_LEGACY, "arch legacy");
	is_int(s->dram, 1, "dram");
	is_str(s->say, "One sentence. And a second.", "say lines join");
	is_int(s->line, 4, "scene 1 starts on line 4");
	s = &ls.scenes[1];
	is_str(s->v->name, "copy-offset", "blanks around a value are trimmed");
	is_int(s->compare, 1, "compare");
	is_str(s->partners, "copy-offset:offset=0", "partners");
	is_int(s->block[0], 3, "block 3 (y 0)");
	is_int(s->warp, 2, "warp 2");
	is_str(s->theme, "light", "theme");

	/* Written back and read again: the same scenes. */
	if ((f = tmpfile()) == NULL || (buf = malloc(65536)) == NULL)
		return tap_done() + 1;
	lesson_write(f, &ls);
	len = ftell(f);
	rewind(f);
	buf[fread(buf, 1, len < 65535 ? len : 65535, f)] = '\0';
	fclose(f);
	r = lesson_parse(&again, "two", "written", buf, catalog_find, &cause);
	ok(r == 0, "lesson_write's text parses%s%s", cause ? ": " : "",
	    cause ? cause : "");
	if (r == 0) {
		is_int(again.nscenes, ls.nscenes, "as many scenes");
		for (i = 0; i < ls.nscenes && i < again.nscenes; i++) {
			s = &again.scenes[i];
			ok(s->v == ls.scenes[i].v && s->step ==
			    ls.scenes[i].step && s->warp ==
			    ls.scenes[i].warp && s->block[0] ==
			    ls.scenes[i].block[0] && s->arch ==
			    ls.scenes[i].arch && s->lanes ==
			    ls.scenes[i].lanes && s->dram ==
			    ls.scenes[i].dram && s->compare ==
			    ls.scenes[i].compare &&
			    memcmp(s->ps.val, ls.scenes[i].ps.val,
			    sizeof s->ps.val) == 0 &&
			    strcmp(s->say, ls.scenes[i].say) == 0 &&
			    strcmp(s->partners, ls.scenes[i].partners) == 0,
			    "scene %d survives the round trip", i + 1);
		}
		lesson_free(&again);
	}
	free(buf);
	lesson_free(&ls);

	/* A mistake names its file and line. */
	r = lesson_parse(&ls, "x", "x.lesson", "title t\nscene a\n"
	    "variant stride\nwarp 99\nsay x\n", catalog_find, &cause);
	ok(r == -1 && cause != NULL &&
	    strncmp(cause, "x.lesson:4: warp 99", 19) == 0,
	    "warp 99: '%s'", cause ? cause : "");
	free(cause);
	cause = NULL;

	/* Every built-in lesson loads and has six scenes or more. */
	for (i = 0; lesson_files[i].name != NULL; i++) {
		r = lesson_load(&ls, lesson_files[i].name, catalog_find,
		    &cause);
		ok(r == 0 && ls.nscenes >= 6, "built-in %s: %d scenes%s%s",
		    lesson_files[i].name, r == 0 ? ls.nscenes : 0,
		    cause ? ": " : "", cause ? cause : "");
		if (r == 0)
			lesson_free(&ls);
		free(cause);
		cause = NULL;
	}
	is_int(i, 8, "eight built-in lessons");

	/* Each scene's narration names the count on screen. */
	for (i = 0; lesson_files[i].name != NULL; i++) {
		int	k, bad = 0;
		long	said, is;
		char	what[256] = "";

		if (lesson_load(&ls, lesson_files[i].name, catalog_find,
		    &cause) != 0) {
			free(cause);
			cause = NULL;
			continue;
		}
		for (k = 0; k < ls.nscenes; k++)
			if (!scene_agrees(&ls.scenes[k], &said, &is)) {
				bad++;
				snprintf(what + strlen(what), sizeof what -
				    strlen(what), " scene %d says %ld, the "
				    "screen %ld;", k + 1, said, is);
			}
		ok(bad == 0, "%s: the narration's counts are the screen's%s",
		    ls.name, what);
		lesson_free(&ls);
	}
	return tap_done();
}
