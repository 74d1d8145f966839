/*
 * test-canvas.c - the canvas (clipping, UTF-8, ASCII fallback, clip
 * rectangles), the role table and the text face's plain and SGR output,
 * and view_model_set's so-far cache against a fresh evaluation.  Links
 * libface.a, libview.a, libvariants.a and libmodel.a only: no curses.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "canvas.h"
#include "catalog.h"
#include "roles.h"
#include "text.h"
#include "view.h"

/* Print a canvas into a string, valid until the next call. */
static char *
render(const struct canvas *c, int color)
{
	static char	*buf;
	size_t		 len = 0;
	FILE		*f;

	free(buf);
	buf = NULL;
	if (c == NULL)
		return NULL;
	f = open_memstream(&buf, &len);
	text_print_canvas(f, c, color);
	fclose(f);
	return buf;
}

static void
test_clip(void)
{
	struct canvas	*c = canvas_new(5, 2, 0);
	int		 n;

	canvas_put(c, -1, 0, 'x', ROLE_NORMAL);
	canvas_put(c, 5, 0, 'x', ROLE_NORMAL);
	canvas_put(c, 0, 2, 'x', ROLE_NORMAL);
	ok(canvas_at(c, 5, 0) == NULL && canvas_at(c, 0, -1) == NULL,
	    "canvas_at outside is NULL");
	n = canvas_text(c, 3, 0, "abcdef", ROLE_LANE, -1);
	is_int(n, 2, "text stops at the right edge");
	is_int(canvas_at(c, 4, 0)->ch, 'b', "last column holds b");
	is_int(canvas_at(c, 4, 0)->role, ROLE_LANE, "with its role");
	n = canvas_text(c, -2, 1, "abcdef", ROLE_NORMAL, 4);
	is_int(canvas_at(c, 0, 1)->ch, 'c', "text clipped on the left");
	is_int(canvas_at(c, 2, 1)->ch, ' ', "maxw limits the columns");
	canvas_clear(c);
	canvas_clip(c, 1, 0, 2, 1);
	canvas_fill(c, 0, 0, 5, 2, '#', ROLE_NORMAL);
	canvas_unclip(c);
	is_str(render(c, 0), " ##\n\n", "clip rectangle limits a fill");
	canvas_resize(c, 3, 1);
	canvas_put(c, 2, 0, 'z', ROLE_NORMAL);
	is_str(render(c, 0), "  z\n", "resize blanks and unclips");
	canvas_free(c);
}

static void
test_utf8(void)
{
	struct canvas	*c = canvas_new(8, 1, 0);
	int		 n;

	n = canvas_text(c, 0, 0, "a\xc3\xa9\xe2\x96\x88\xf0\x9f\x98\x80z",
	    ROLE_NORMAL, -1);
	is_int(n, 5, "five code points, five columns");
	is_int(canvas_at(c, 1, 0)->ch, 0xe9, "two-byte sequence");
	is_int(canvas_at(c, 2, 0)->ch, 0x2588, "three-byte sequence");
	is_int(canvas_at(c, 3, 0)->ch, 0x1f600, "four-byte sequence");
	canvas_clear(c);
	n = canvas_text(c, 0, 0, "\xff" "a\xe2\x96" "b\xc0\xaf", ROLE_NORMAL,
	    -1);
	is_int(canvas_at(c, 0, 0)->ch, 0xfffd, "invalid byte is U+FFFD");
	is_int(canvas_at(c, 1, 0)->ch, 'a', "decoding resumes");
	is_int(canvas_at(c, 2, 0)->ch, 0xfffd, "truncated sequence");
	is_int(canvas_at(c, 5, 0)->ch, 0xfffd, "overlong sequence");
	canvas_clear(c);
	canvas_text(c, 0, 0, "a\tb\x01", ROLE_NORMAL, -1);
	is_int(canvas_at(c, 1, 0)->ch, ' ', "control characters blank");
	is_str(render(c, 0), "a b\n", "and trailing blanks are trimmed");
	canvas_clear(c);
	canvas_text(c, 0, 0, "\xe2\x96\x88\xc3\xa9", ROLE_NORMAL, -1);
	is_str(render(c, 0), "\xe2\x96\x88\xc3\xa9\n", "UTF-8 out as in");
	canvas_free(c);
}

static void
test_ascii(void)
{
	struct canvas	*c = canvas_new(6, 3, 1);
	char		*s;
	int		 i, x, y, ascii = 1;

	canvas_box(c, 0, 0, 6, 3, NULL, ROLE_BORDER);
	canvas_text(c, 1, 1, "\xe2\x96\x88\xc2\xb7\xe2\x86\x92\xe4\xb8\x80",
	    ROLE_NORMAL, -1);
	s = render(c, 0);
	is_str(s, "+----+\n|#.>?|\n+----+\n", "box and marks fall back");
	for (y = 0; y < c->h; y++)
		for (x = 0; x < c->w; x++)
			if (canvas_at(c, x, y)->ch > 0x7f)
				ascii = 0;
	ok(ascii, "an ASCII canvas holds only ASCII");
	is_int(canvas_glyph(c, ROLE_COALESCED), '#', "coalesced glyph #");
	canvas_free(c);
	c = canvas_new(1, 1, 0);
	is_int(canvas_glyph(c, ROLE_COALESCED), 0x2588,
	    "coalesced glyph U+2588");
	/* The memory roles differ in glyph and in ASCII, not only colour. */
	{
		static const enum role mem[] = { ROLE_COALESCED, ROLE_SPLIT,
		    ROLE_UNCOALESCED, ROLE_BROADCAST, ROLE_WASTE };
		static const enum role bank[] = { ROLE_BANK_FREE,
		    ROLE_CONFLICT_LOW, ROLE_CONFLICT_MID, ROLE_CONFLICT_HIGH,
		    ROLE_BROADCAST };
		int j, distinct = 1;

		for (i = 0; i < 5; i++)
			for (j = 0; j < i; j++) {
				if (role_styles[mem[i]].glyph ==
				    role_styles[mem[j]].glyph ||
				    role_styles[mem[i]].ascii ==
				    role_styles[mem[j]].ascii)
					distinct = 0;
				if (role_styles[bank[i]].glyph ==
				    role_styles[bank[j]].glyph ||
				    role_styles[bank[i]].ascii ==
				    role_styles[bank[j]].ascii)
					distinct = 0;
			}
		ok(distinct, "memory and bank roles have distinct glyphs");
	}
	for (i = 0; i < ROLE_COUNT; i++)
		if (role_styles[i].name == NULL)
			break;
	is_int(i, ROLE_COUNT, "every role is in the table");
	canvas_free(c);
}

static void
test_sgr(void)
{
	struct canvas	*c = canvas_new(6, 2, 0);
	char		*s;

	canvas_text(c, 0, 0, "ab", ROLE_NORMAL, -1);
	canvas_put(c, 2, 0, 'c', ROLE_BAD);
	canvas_fill(c, 0, 1, 6, 1, ' ', ROLE_STATUS);
	canvas_put(c, 1, 1, 'x', ROLE_STATUS);
	s = render(c, 1);
	ok(strncmp(s, "ab\033[0;1;38;5;", strlen("ab\033[0;1;38;5;")) == 0,
	    "SGR for a bold role");
	ok(strstr(s, "c\033[0m\n") != NULL, "reset at line end");
	ok(strstr(s, "m x    \033[0m\n") != NULL,
	    "a blank with a background is kept");
	ok(strstr(s, ";48;5;") != NULL, "256-colour background");
	s = render(c, 0);
	is_str(s, "abc\n x\n", "plain text trims and has no escapes");
	canvas_free(c);
}

static void
test_cache(void)
{
	const struct variant	*v = catalog_find("matmul-col");
	struct param_set	 ps;
	struct launch		 l;
	struct view_model	*a, *b;
	char			*cause = NULL;
	int64_t			 s;
	int			 same = 1;

	param_defaults(&ps, v);
	param_set_text(&ps, "width", "64", &cause);
	if (launch_init(&l, &ps, &cause) != 0) {
		ok(0, "launch_init: %s", cause);
		return;
	}
	a = calloc(1, sizeof *a);
	b = calloc(1, sizeof *b);
	for (s = 0; s < 40; s++) {
		view_model_set(a, &l, ARCH_MODERN, s, 1, 0, 3, &cause);
		memset(b, 0, sizeof *b);
		view_model_set(b, &l, ARCH_MODERN, s, 1, 0, 3, &cause);
		if (memcmp(&a->so_far, &b->so_far, sizeof a->so_far) != 0)
			same = 0;
	}
	ok(same, "so far, stepped one by one = evaluated afresh");
	view_model_set(a, &l, ARCH_MODERN, 7, 1, 0, 3, &cause);
	memset(b, 0, sizeof *b);
	view_model_set(b, &l, ARCH_MODERN, 7, 1, 0, 3, &cause);
	ok(memcmp(&a->so_far, &b->so_far, sizeof a->so_far) == 0,
	    "stepping back recomputes");
	is_int(a->so_far.global_load.requests, 8, "8 loads in steps 0-7");
	ok(view_model_set(a, &l, ARCH_MODERN, l.nsteps, 0, 0, 0, &cause) ==
	    -1 && cause != NULL, "a step past the end is refused");
	free(cause);
	free(a);
	free(b);
	launch_free(&l);
}

static void
test_too_small(void)
{
	struct canvas	*c = canvas_new(60, 20, 0);
	char		*s;

	view_draw_too_small(c, 80, 24);
	s = render(c, 0);
	ok(strstr(s, "terminal too small: need 80x24, have 60x20") != NULL,
	    "too-small message");
	canvas_free(c);
}

/* Compare mode says how far apart twohop V0 and V1 are, in any size. */
static void
test_compare(void)
{
	static const char	*names[] = { "twohop-v0", "twohop-v1" };
	static struct launch	 l[2];
	static struct totals	 t[2];
	struct view_model	*vm[2];
	const struct view_model	*mp[2];
	struct param_set	 ps;
	struct canvas		*c;
	struct view_opts	 o;
	char			*cause = NULL, *s;
	int			 i, sizes[3][2] = { { 80, 24 }, { 120, 35 },
				    { 200, 60 } };

	for (i = 0; i < 2; i++) {
		param_defaults(&ps, catalog_find(names[i]));
		if (launch_init(&l[i], &ps, &cause) != 0) {
			ok(0, "launch_init %s: %s", names[i], cause);
			return;
		}
		vm[i] = calloc(1, sizeof *vm[i]);
		view_model_set(vm[i], &l[i], ARCH_MODERN, 0, 0, 0, 0, &cause);
		if (totals_compute(&l[i], ARCH_MODERN, TOTALS_AUTO, &t[i],
		    &cause) == 0)
			vm[i]->whole = &t[i];
		mp[i] = vm[i];
	}
	memset(&o, 0, sizeof o);
	for (i = 0; i < 3; i++) {
		c = canvas_new(sizes[i][0], sizes[i][1], 0);
		view_draw_compare(c, mp, 2, &o);
		s = render(c, 0);
		ok(strstr(s, "twohop-v0 moves 4.25x the global sectors of") !=
		    NULL, "compare at %dx%d says V0 moves 4.25x the sectors",
		    sizes[i][0], sizes[i][1]);
		canvas_free(c);
	}
	for (i = 0; i < 2; i++) {
		free(vm[i]);
		launch_free(&l[i]);
	}
}

/* A canvas never exceeds CANVAS_MAX_W x CANVAS_MAX_H (1000x1000). */
static void
test_max(void)
{
	struct canvas	*c = canvas_new(30000, 30000, 0);

	ok(c->w == 1000 && c->h == 1000, "30000x30000 is clamped to "
	    "1000x1000 (got %dx%d)", c->w, c->h);
	canvas_resize(c, 1001, 24);
	ok(c->w == 1000 && c->h == 24, "1001x24 is resized to 1000x24 "
	    "(got %dx%d)", c->w, c->h);
	canvas_put(c, 999, 23, 'x', ROLE_NORMAL);
	ok(canvas_at(c, 999, 23) != NULL && canvas_at(c, 999, 23)->ch == 'x'
	    && canvas_at(c, 1000, 23) == NULL, "the last cell is 999,23");
	canvas_free(c);
}

/*
 * Themes change colours only: in every theme the four request classes
 * and the four bank roles have four different colours, glyphs stay; the
 * light theme's source text is dark; names parse back.
 */
static void
test_themes(void)
{
	const enum role	cls[] = { ROLE_COALESCED, ROLE_SPLIT, ROLE_UNCOALESCED,
	    ROLE_BROADCAST };
	const enum role	bank[] = { ROLE_BANK_FREE, ROLE_CONFLICT_LOW,
	    ROLE_CONFLICT_MID, ROLE_CONFLICT_HIGH };
	int		t, i, j, pass;

	for (t = 0; t < ROLE_THEME_COUNT; t++) {
		role_theme_set(t);
		is_int(role_theme_get(), t, "theme %s is set",
		    role_theme_name(t));
		is_int(role_theme_parse(role_theme_name(t)), t,
		    "theme %s parses back", role_theme_name(t));
		pass = 1;
		for (i = 0; i < 4; i++)
			for (j = i + 1; j < 4; j++) {
				if (role_style(cls[i])->fg256 ==
				    role_style(cls[j])->fg256 ||
				    role_style(bank[i])->fg256 ==
				    role_style(bank[j])->fg256)
					pass = 0;
				if (role_style(cls[i])->glyph !=
				    role_styles[cls[i]].glyph)
					pass = 0;
			}
		ok(pass, "theme %s: four classes, four bank roles, four colours "
		    "each, the same glyphs", role_theme_name(t));
	}
	role_theme_set(ROLE_THEME_LIGHT);
	/* 16 is black, 232-255 the grey ramp: dark means below 240 there. */
	ok(role_style(ROLE_SOURCE)->fg256 == 16 ||
	    (role_style(ROLE_SOURCE)->fg256 >= 232 &&
	    role_style(ROLE_SOURCE)->fg256 < 240),
	    "light: the source is dark text");
	role_theme_set(ROLE_THEME_CBSAFE);
	/* Okabe-Ito blue and vermilion: no red against green. */
	ok(role_style(ROLE_COALESCED)->fg256 == 32 &&
	    role_style(ROLE_UNCOALESCED)->fg256 == 166,
	    "cbsafe: coalesced blue, uncoalesced vermilion");
	is_int(role_theme_parse("high-contrast"), ROLE_THEME_CONTRAST,
	    "high-contrast is contrast");
	is_int(role_theme_parse("sepia"), -1, "no theme sepia");
	role_theme_set(ROLE_THEME_DARK);
}

int
main(void)
{
	test_max();
	test_clip();
	test_utf8();
	test_ascii();
	test_sgr();
	test_cache();
	test_too_small();
	test_compare();
	test_themes();
	free(render(NULL, -1));
	return tap_done();
}
