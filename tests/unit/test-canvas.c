/* SPDX-License-Identifier: ISC
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

/* --- themes ------------------------------------------------------------ */

/* xterm colour n (16-255) as 0-255 RGB. */
static void
xterm_rgb(int n, int rgb[3])
{
	static const int lv[6] = { 0, 95, 135, 175, 215, 255 };

	if (n >= 232) {
		rgb[0] = rgb[1] = rgb[2] = 8 + (n - 232) * 10;
		return;
	}
	n -= 16;
	rgb[0] = lv[n / 36];
	rgb[1] = lv[n / 6 % 6];
	rgb[2] = lv[n % 6];
}

/* x^2.4 for 0 <= x <= 1, as x^2 times the fifth root of x^2 (libm-free). */
static double
pow24(double x)
{
	double	lo = 0, hi = 1, m, x2 = x * x;
	int	i;

	for (i = 0; i < 60; i++) {
		m = (lo + hi) / 2;
		if (m * m * m * m * m < x2)
			lo = m;
		else
			hi = m;
	}
	return x2 * lo;
}

/* WCAG relative luminance of an xterm colour. */
static double
xterm_lum(int n)
{
	static const double w[3] = { 0.2126, 0.7152, 0.0722 };
	double	c, l = 0;
	int	rgb[3], i;

	xterm_rgb(n, rgb);
	for (i = 0; i < 3; i++) {
		c = rgb[i] / 255.0;
		c = c <= 0.03928 ? c / 12.92 : pow24((c + 0.055) / 1.055);
		l += w[i] * c;
	}
	return l;
}

/* WCAG contrast ratio of two xterm colours, 1 to 21. */
static double
xterm_contrast(int a, int b)
{
	double	la = xterm_lum(a), lb = xterm_lum(b), t;

	if (la < lb) {
		t = la;
		la = lb;
		lb = t;
	}
	return (la + 0.05) / (lb + 0.05);
}

/* Green: the hue a red-green colour-blind student cannot tell from red. */
static int
xterm_green(int n)
{
	int	rgb[3];

	xterm_rgb(n, rgb);
	return rgb[1] > rgb[0] + 40 && rgb[1] > rgb[2] + 40;
}

/* The shade ladder: ░ ▒ ▓ █ as 1-4, 0 for any other glyph. */
static int
shade(uint32_t g)
{
	switch (g) {
	case 0x2591:
		return 1;
	case 0x2592:
		return 2;
	case 0x2593:
		return 3;
	case 0x2588:
		return 4;
	}
	return 0;
}

static void
test_themes(void)
{
	/* The classes a legend sets side by side; 0 ends a set. */
	static const enum role sets[2][6] = {
		{ ROLE_COALESCED, ROLE_SPLIT, ROLE_UNCOALESCED, ROLE_BROADCAST,
		  ROLE_WASTE },
		{ ROLE_BANK_FREE, ROLE_CONFLICT_LOW, ROLE_CONFLICT_MID,
		  ROLE_CONFLICT_HIGH, ROLE_BROADCAST },
	};
	/* Faint on purpose: bytes moved but unused, lanes guarded off. */
	static const enum role faint[] = { ROLE_WASTE, ROLE_LANE_INACTIVE,
	    ROLE_BORDER };
	const struct role_style	*rs, *rt;
	struct canvas		*c;
	char			*s, msg[160];
	short			 ink, paper;
	int			 t, i, j, k, r, fg, bg, good, rgb1[3], rgb2[3];
	double			 cr, need;

	/* Names: each parses to itself; aliases; a bad name is -1. */
	for (t = 0; t < ROLE_THEME_COUNT; t++)
		is_int(role_theme_parse(role_theme_name(t)), t, "theme %s "
		    "parses", role_theme_name(t));
	is_int(role_theme_parse("high-contrast"), ROLE_THEME_CONTRAST,
	    "high-contrast is the contrast theme");
	is_int(role_theme_parse("colour-blind"), ROLE_THEME_CBSAFE,
	    "colour-blind is the cbsafe theme");
	is_int(role_theme_parse("Light"), -1, "names are exact");
	is_int(role_theme_parse(""), -1, "an empty name is no theme");

	/* Monochrome at projector distance: within a legend, no two glyphs
	   are shades one step apart, and the ASCII forms differ too. */
	for (k = 0; k < 2; k++) {
		good = 1;
		for (i = 0; i < 5; i++)
			for (j = 0; j < i; j++) {
				rs = &role_styles[sets[k][i]];
				rt = &role_styles[sets[k][j]];
				if (rs->glyph == rt->glyph ||
				    rs->ascii == rt->ascii ||
				    (shade(rs->glyph) && shade(rt->glyph) &&
				    abs(shade(rs->glyph) -
				    shade(rt->glyph)) < 2))
					good = 0;
			}
		ok(good, "%s legend: glyphs differ in shape, not by one "
		    "shade", k == 0 ? "global" : "bank");
	}
	/* A 32-way conflict is the loudest bank cell, not the faintest. */
	ok(shade(role_styles[ROLE_CONFLICT_HIGH].glyph) == 4 &&
	    (role_styles[ROLE_CONFLICT_HIGH].mono & ROLE_ATTR_BOLD),
	    "16-way and worse: a full bold block in monochrome");
	ok(role_styles[ROLE_CONFLICT_HIGH].glyph !=
	    role_styles[ROLE_WASTE].glyph,
	    "and not the glyph of unused bytes");

	for (t = 0; t < ROLE_THEME_COUNT; t++) {
		role_theme_paper(t, &ink, &paper);
		/* Every role readable on its background: 4.5:1 for text
		   (WCAG AA), 3:1 for the class glyphs and dim text, 1.8:1
		   for what is faint on purpose. */
		good = 1;
		for (r = 0; r < ROLE_COUNT; r++) {
			rs = role_theme_style(t, r);
			fg = rs->fg256 >= 0 ? rs->fg256 : ink;
			bg = rs->bg256 >= 0 ? rs->bg256 : paper;
			if (rs->attr & ROLE_ATTR_REVERSE) {
				k = fg;
				fg = bg;
				bg = k;
			}
			need = 4.5;
			if (r == ROLE_DIM || r == ROLE_HEADING ||
			    r == ROLE_HELP || r == ROLE_LANE ||
			    (r >= ROLE_COALESCED && r <= ROLE_CONFLICT_HIGH) ||
			    r == ROLE_GOOD || r == ROLE_BAD || r == ROLE_WARN)
				need = 3;
			for (i = 0; i < (int)(sizeof faint / sizeof *faint);
			    i++)
				if (r == (int)faint[i])
					need = 1.8;
			if (t == ROLE_THEME_CONTRAST && need > 1.8)
				need = 7;
			if ((cr = xterm_contrast(fg, bg)) < need) {
				diag("%s: %s %d on %d is %.2f:1, needs %.1f",
				    role_theme_name(t), rs->name, fg, bg, cr,
				    need);
				good = 0;
			}
		}
		ok(good, "theme %s: every role readable on its background",
		    role_theme_name(t));

		/* Within a legend the classes differ in colour as well. */
		good = 1;
		for (k = 0; k < 2; k++)
			for (i = 0; i < 5; i++)
				for (j = 0; j < i; j++) {
					xterm_rgb(role_theme_style(t,
					    sets[k][i])->fg256, rgb1);
					xterm_rgb(role_theme_style(t,
					    sets[k][j])->fg256, rgb2);
					if (abs(rgb1[0] - rgb2[0]) +
					    abs(rgb1[1] - rgb2[1]) +
					    abs(rgb1[2] - rgb2[2]) < 80)
						good = 0;
				}
		ok(good, "theme %s: classes of a legend differ in colour",
		    role_theme_name(t));

		/* The 8-colour forms: never ink of the paper's colour (white
		   or yellow on the light theme's white terminal, black on
		   the dark ones), never a foreground on its own colour. */
		good = 1;
		for (r = 0; r < ROLE_COUNT; r++) {
			rs = role_theme_style(t, r);
			if (rs->fg8 >= 0 && rs->fg8 == rs->bg8)
				good = 0;
			if (rs->bg8 < 0 && (t == ROLE_THEME_LIGHT ?
			    rs->fg8 == 7 || rs->fg8 == 3 : rs->fg8 == 0)) {
				diag("%s: %s has 8-colour ink %d on the "
				    "terminal's paper", role_theme_name(t),
				    rs->name, rs->fg8);
				good = 0;
			}
		}
		ok(good, "theme %s: 8-colour forms readable on its paper",
		    role_theme_name(t));

		/* Glyphs and monochrome are the same in every theme. */
		good = 1;
		for (r = 0; r < ROLE_COUNT; r++) {
			rs = role_theme_style(t, r);
			if (rs->glyph != role_styles[r].glyph ||
			    rs->ascii != role_styles[r].ascii ||
			    rs->mono != role_styles[r].mono)
				good = 0;
		}
		ok(good, "theme %s: glyphs and monochrome as the table's",
		    role_theme_name(t));
	}

	/* The light theme exists because the dark one's source (grey 250)
	   nearly vanishes on white; its own is near black. */
	cr = xterm_contrast(role_theme_style(ROLE_THEME_DARK,
	    ROLE_SOURCE)->fg256, 231);
	ok(cr < 2, "dark theme's source on white: %.2f:1", cr);
	cr = xterm_contrast(role_theme_style(ROLE_THEME_LIGHT,
	    ROLE_SOURCE)->fg256, 231);
	ok(cr >= 12, "light theme's source on white: %.2f:1", cr);

	/* Colour-blind safe: no green anywhere, so nothing rests on red
	   against green; good and bad differ in lightness too. */
	good = 1;
	for (r = 0; r < ROLE_COUNT; r++) {
		rs = role_theme_style(ROLE_THEME_CBSAFE, r);
		if ((rs->fg256 >= 16 && xterm_green(rs->fg256)) ||
		    (rs->bg256 >= 16 && xterm_green(rs->bg256)) ||
		    rs->fg8 == 2 || rs->bg8 == 2) {
			diag("cbsafe: %s is green", rs->name);
			good = 0;
		}
	}
	ok(good, "theme cbsafe: no role is green");
	for (t = 0; t < ROLE_THEME_COUNT; t++) {
		good = !xterm_green(role_theme_style(t, ROLE_GOOD)->fg256) &&
		    !xterm_green(role_theme_style(t, ROLE_BAD)->fg256);
		snprintf(msg, sizeof msg, "theme %s: good and bad are not "
		    "green against red", role_theme_name(t));
		ok(good, "%s", msg);
	}

	/* The text face follows the current theme; the process's theme
	   is back to dark after. */
	c = canvas_new(4, 1, 0);
	canvas_put(c, 0, 0, 'S', ROLE_SOURCE);
	role_theme_set(ROLE_THEME_LIGHT);
	s = render(c, 1);
	is_str(s, "\033[0;38;5;234mS\033[0m\n", "light: source in 234");
	role_theme_set(ROLE_THEME_CONTRAST);
	s = render(c, 1);
	is_str(s, "\033[0;1;38;5;231;48;5;16mS"
	    "\033[0;38;5;231;48;5;16m   \033[0m\n",
	    "contrast: black paper to the edge, normal cells too");
	role_theme_set(ROLE_THEME_COUNT);
	is_int(role_theme_get(), ROLE_THEME_DARK, "a bad theme is dark");
	s = render(c, 1);
	is_str(s, "\033[0;38;5;250mS\033[0m\n", "dark: source in 250");
	canvas_free(c);
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
