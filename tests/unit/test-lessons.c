/* SPDX-License-Identifier: ISC
 * test-lessons.c - every variant's lesson text agrees with the counts it
 * describes, at the default parameters, warp 0 of block 0,0, each access
 * site at its first step:
 *
 *  - a class word (broadcast, coalesced, split, uncoalesced) after a
 *    global site's text, in the same sentence, is that site's class;
 *  - "X sectors where a coalesced warp needs Y" after a site is its
 *    sectors and need; "X wavefronts where Y would do" its wavefronts and
 *    ideal;
 *  - "its own sector", "one sector each", "a sector of its own" after a
 *    site means as many sectors as active lanes.
 *
 * The lessons are prose, so the checks look only at what follows a site's
 * text up to the end of its sentence or the next site.  Links the model
 * and the catalog only.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "catalog.h"
#include "launch.h"
#include "tap.h"
#include "warp.h"

/* The counts of site i at its first step; -1 when it has none. */
static int
first_result(const struct launch *l, int site, struct access_result *r)
{
	struct launch_pos	 pos;
	struct access		 a;
	char			*cause = NULL;
	int64_t			 k;

	for (k = 0; k < l->nsteps && k < 100000; k++) {
		launch_locate(l, k, &pos);
		if (pos.site != site)
			continue;
		if (warp_access(l, 0, 0, 0, k, &a, &cause) != 0) {
			free(cause);
			return -1;
		}
		arch_apply(ARCH_MODERN, l, &a, r);
		return 0;
	}
	return -1;
}

/* The span of text after the site at p: to the sentence's end or the
   next site of the launch. */
static size_t
clause(const struct launch *l, const char *p)
{
	const char	*e = p, *q;
	int		 i;

	while (*e != '\0' && !(e[0] == '.' && (e[1] == ' ' || e[1] == '\0')))
		e++;
	for (i = 0; i < l->nsites; i++) {
		q = strstr(p + 1, l->sites[i].text);
		if (q != NULL && q < e)
			e = q;
	}
	return (size_t)(e - p);
}

/* The word w in [p, p + n), not inside a longer one, or NULL. */
static const char *
has_word(const char *p, size_t n, const char *w)
{
	const char	*q = p;
	size_t		 k = strlen(w);

	while ((q = strstr(q, w)) != NULL && q + k <= p + n) {
		if ((q == p || !isalpha((unsigned char)q[-1])) &&
		    !isalpha((unsigned char)q[k]))
			return q;
		q++;
	}
	return NULL;
}

static void
check_site(const struct variant *v, const struct launch *l, int site,
    const char *at)
{
	const struct launch_site	*s = &l->sites[site];
	const char			*classes[] = { "uncoalesced",
	    "coalesced", "broadcast", "split" };
	struct access_result		 r;
	size_t				 n = clause(l, at), i;
	const char			*q, *best, *name = NULL;
	char				 span[512], word[512];
	int				 x, y;

	if (first_result(l, site, &r) != 0)
		return;
	snprintf(span, sizeof span, "%.*s", (int)n, at);
	if (s->space == SPACE_GLOBAL) {
		/* "a coalesced warp" is the yardstick, not a class. */
		snprintf(word, sizeof word, "%s", span);
		while ((q = strstr(word, "coalesced warp")) != NULL)
			memset((char *)q, ' ', 9);
		/* The first class word of the clause. */
		for (best = NULL, i = 0; i < sizeof classes / sizeof classes[0];
		    i++) {
			q = has_word(word, strlen(word), classes[i]);
			if (q != NULL && (best == NULL || q < best)) {
				best = q;
				name = classes[i];
			}
		}
		if (best != NULL)
			is_str(rules_class_name(r.g.class), name,
			    "%s: the lesson calls %s %s", v->name, s->text,
			    name);
		if ((q = strstr(span, " sectors where a coalesced warp "
		    "needs ")) != NULL) {
			while (q > span && isdigit((unsigned char)q[-1]))
				q--;
			if (sscanf(q, "%d sectors where a coalesced warp needs "
			    "%d", &x, &y) == 2) {
				is_int(r.g.sectors, x, "%s: %s touches %d "
				    "sectors, as the lesson says", v->name,
				    s->text, x);
				is_int(r.g.need, y, "%s: %s needs %d, as the "
				    "lesson says", v->name, s->text, y);
			}
		}
		if (strstr(span, "its own sector") != NULL ||
		    strstr(span, "one sector each") != NULL ||
		    strstr(span, "sector of its own") != NULL)
			is_int(r.g.sectors, r.active, "%s: %s gives every lane "
			    "its own sector, as the lesson says", v->name,
			    s->text);
	}
	if (s->space == SPACE_SHARED && (q = strstr(span, " wavefronts where "))
	    != NULL) {
		while (q > span && isdigit((unsigned char)q[-1]))
			q--;
		if (sscanf(q, "%d wavefronts where %d would do", &x, &y) == 2) {
			is_int(r.s.wavefronts, x, "%s: %s takes %d wavefronts, "
			    "as the lesson says", v->name, s->text, x);
			is_int(r.s.ideal, y, "%s: %s would do with %d", v->name,
			    s->text, y);
		}
	}
}

int
main(void)
{
	const struct variant	*v;
	struct param_set	 ps;
	struct launch		 l;
	const char		*p;
	char			*cause;
	int			 i, k, seen;

	for (i = 0; (v = catalog[i]) != NULL; i++) {
		if (v->lesson == NULL)
			continue;
		param_defaults(&ps, v);
		cause = NULL;
		if (launch_init(&l, &ps, &cause) != 0) {
			ok(0, "%s: launch at the defaults: %s", v->name, cause);
			free(cause);
			continue;
		}
		/* Each site text once, where the lesson first names it. */
		for (k = 0; k < l.nsites; k++) {
			int j;

			for (seen = 0, j = 0; j < k; j++)
				if (strcmp(l.sites[j].text, l.sites[k].text)
				    == 0)
					seen = 1;
			if (seen || (p = strstr(v->lesson, l.sites[k].text)) ==
			    NULL)
				continue;
			check_site(v, &l, k, p);
		}
		launch_free(&l);
	}
	/* The statements this test exists for must be there to check. */
	v = catalog_find("twohop-v0");
	ok(v != NULL && strstr(v->lesson, "its own sector") == NULL,
	    "twohop-v0: no 'its own sector' (lanes 0 and 16 share one)");
	ok(v != NULL && strstr(v->lesson, "16 sectors where a coalesced warp "
	    "needs 4") != NULL, "twohop-v0: the lesson states 16 against 4");
	v = catalog_find("struct16");
	ok(v != NULL && strstr(v->lesson, "moved but not used") != NULL,
	    "struct16: the padding is moved, not used");
	v = catalog_find("struct12");
	ok(v != NULL && v->note != NULL && strstr(v->note, "faster") != NULL,
	    "struct12: the note says why it runs faster than struct16");
	return (tap_done());
}
