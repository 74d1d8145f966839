/* SPDX-License-Identifier: ISC
 * roles.c - the one table of colour roles: 8-colour and 256-colour forms,
 * attributes, the monochrome attributes and each role's glyph with its
 * ASCII fallback.
 *
 * The memory roles differ in shape, not in shades one step apart (▓ next
 * to █ or ░ next to ▒ blur into one grey on a projector), so they stay
 * apart on a monochrome projector and for a colour-blind student: a
 * coalesced sector is full (█ #), split half full (▄ %), uncoalesced a
 * cross (╳ X), bytes moved but unused are light (░ ~) and a broadcast is
 * a diamond (◆ *).  Banks grow stronger with the cost: a conflict-free
 * word is an outline (□ o), 2-3 way a light shade (▒ =), 4-15 way half
 * full (▄ &), 16-way and worse full and bold (█ @), so the 32-way conflict
 * is the loudest cell on the screen.  A cell that a lane in focus touches
 * is a fisheye on yellow (◉ $, reverse in monochrome), over its class.  Colours pair blue against orange and
 * red, never red against green alone.
 *
 * The themes below change only the colour forms; the dark one is the
 * table above.  No curses and no SGR here.
 */
#include "config.h"

#include <string.h>

#include "roles.h"

#define B	ROLE_ATTR_BOLD
#define R	ROLE_ATTR_REVERSE
#define U	ROLE_ATTR_UNDERLINE
#define D	ROLE_ATTR_DIM

const struct role_style role_styles[ROLE_COUNT] = {
	[ROLE_NORMAL] = { "normal", -1, -1, -1, -1, 0, 0, 0, ' ' },
	[ROLE_DIM] = { "dim", 7, -1, 244, -1, 0, D, 0, ' ' },
	[ROLE_TITLE] = { "title", 7, 4, 231, 24, B, R | B, 0, ' ' },
	[ROLE_HEADING] = { "heading", 6, -1, 117, -1, B, B, 0, ' ' },
	[ROLE_BORDER] = { "border", 4, -1, 67, -1, 0, 0, 0, ' ' },
	[ROLE_SOURCE] = { "source", -1, -1, 250, -1, 0, 0, 0, ' ' },
	[ROLE_SOURCE_CURRENT] = { "source-current", 7, 4, 231, 237, B, B,
	    0x25b6, '>' },
	[ROLE_SOURCE_ACCESS] = { "source-access", 3, 4, 226, 237, B | U,
	    R | B, 0, ' ' },
	[ROLE_LANE] = { "lane", 6, -1, 81, -1, 0, 0, 0, ' ' },
	[ROLE_LANE_INACTIVE] = { "lane-inactive", 7, -1, 240, -1, D, D,
	    0x00d7, 'x' },
	[ROLE_COALESCED] = { "coalesced", 4, -1, 33, -1, B, B, 0x2588, '#' },
	[ROLE_SPLIT] = { "split", 3, -1, 214, -1, 0, 0, 0x2584, '%' },
	[ROLE_UNCOALESCED] = { "uncoalesced", 1, -1, 196, -1, B, U,
	    0x2573, 'X' },
	[ROLE_BROADCAST] = { "broadcast", 5, -1, 177, -1, B, B, 0x25c6, '*' },
	[ROLE_WASTE] = { "waste", 7, -1, 242, -1, 0, D, 0x2591, '~' },
	[ROLE_BANK_FREE] = { "bank-free", 4, -1, 39, -1, 0, 0, 0x25a1, 'o' },
	[ROLE_CONFLICT_LOW] = { "conflict-low", 3, -1, 220, -1, 0, U,
	    0x2592, '=' },
	[ROLE_CONFLICT_MID] = { "conflict-mid", 3, -1, 208, -1, B, B,
	    0x2584, '&' },
	[ROLE_CONFLICT_HIGH] = { "conflict-high", 1, -1, 196, -1, B, R | B,
	    0x2588, '@' },
	[ROLE_CURSOR] = { "cursor", 0, 6, 16, 117, 0, R, 0, ' ' },
	[ROLE_GOOD] = { "good", 4, -1, 39, -1, B, B, 0, ' ' },
	[ROLE_BAD] = { "bad", 1, -1, 203, -1, B, B | U, 0, ' ' },
	[ROLE_WARN] = { "warn", 3, -1, 214, -1, 0, U, 0, ' ' },
	[ROLE_STATUS] = { "status", 0, 7, 252, 238, 0, R, 0, ' ' },
	[ROLE_HELP] = { "help", 6, -1, 110, -1, 0, 0, 0, ' ' },
	[ROLE_FOCUS] = { "focus", 0, 3, 16, 226, B, R | B, 0x25c9, '$' },
};

/* A theme's colour forms of one role; -1 is the terminal's default. */
struct role_colour {
	short	fg8, bg8;
	short	fg256, bg256;
	int	attr;
};

/*
 * Light: dark ink on a white terminal.  The dark theme's pale greys
 * (source 250, dim 244) nearly vanish on white; here text is near black,
 * the classes are deep blue, orange, red and purple, highlights are pale
 * backgrounds under black text.
 */
static const struct role_colour role_light[ROLE_COUNT] = {
	[ROLE_NORMAL] = { -1, -1, -1, -1, 0 },
	[ROLE_DIM] = { -1, -1, 242, -1, 0 },
	[ROLE_TITLE] = { 7, 4, 231, 25, B },
	[ROLE_HEADING] = { 4, -1, 25, -1, B },
	[ROLE_BORDER] = { 4, -1, 67, -1, 0 },
	[ROLE_SOURCE] = { -1, -1, 234, -1, 0 },
	[ROLE_SOURCE_CURRENT] = { 0, 6, 16, 153, B },
	[ROLE_SOURCE_ACCESS] = { 0, 3, 16, 221, B | U },
	[ROLE_LANE] = { 4, -1, 24, -1, 0 },
	[ROLE_LANE_INACTIVE] = { -1, -1, 245, -1, 0 },
	[ROLE_COALESCED] = { 4, -1, 25, -1, B },
	[ROLE_SPLIT] = { 5, -1, 130, -1, B },
	[ROLE_UNCOALESCED] = { 1, -1, 160, -1, B },
	[ROLE_BROADCAST] = { 6, -1, 90, -1, B },
	[ROLE_WASTE] = { -1, -1, 246, -1, 0 },
	[ROLE_BANK_FREE] = { 4, -1, 31, -1, 0 },
	[ROLE_CONFLICT_LOW] = { 5, -1, 136, -1, 0 },
	[ROLE_CONFLICT_MID] = { 5, -1, 166, -1, B },
	[ROLE_CONFLICT_HIGH] = { 1, -1, 88, -1, B },
	[ROLE_CURSOR] = { 0, 6, 16, 153, 0 },
	[ROLE_GOOD] = { 4, -1, 25, -1, B },
	[ROLE_BAD] = { 1, -1, 160, -1, B },
	[ROLE_WARN] = { 5, -1, 94, -1, 0 },
	[ROLE_STATUS] = { 7, 4, 16, 252, 0 },
	[ROLE_HELP] = { 4, -1, 24, -1, 0 },
	[ROLE_FOCUS] = { 0, 3, 16, 221, B },
};

/*
 * High contrast, for a washed-out projector: every cell white or a
 * saturated colour on black (the background is set, not assumed), text
 * bold, highlights black on yellow or white.
 */
static const struct role_colour role_contrast[ROLE_COUNT] = {
	[ROLE_NORMAL] = { 7, 0, 231, 16, 0 },
	[ROLE_DIM] = { 7, 0, 250, 16, 0 },
	[ROLE_TITLE] = { 0, 3, 16, 226, B },
	[ROLE_HEADING] = { 6, 0, 51, 16, B },
	[ROLE_BORDER] = { 7, 0, 231, 16, 0 },
	[ROLE_SOURCE] = { 7, 0, 231, 16, B },
	[ROLE_SOURCE_CURRENT] = { 0, 7, 16, 231, B },
	[ROLE_SOURCE_ACCESS] = { 0, 3, 16, 226, B | U },
	[ROLE_LANE] = { 6, 0, 51, 16, B },
	[ROLE_LANE_INACTIVE] = { 7, 0, 246, 16, 0 },
	[ROLE_COALESCED] = { 6, 0, 51, 16, B },
	[ROLE_SPLIT] = { 3, 0, 226, 16, B },
	[ROLE_UNCOALESCED] = { 1, 0, 203, 16, B },
	[ROLE_BROADCAST] = { 5, 0, 207, 16, B },
	[ROLE_WASTE] = { 7, 0, 246, 16, 0 },
	[ROLE_BANK_FREE] = { 6, 0, 51, 16, 0 },
	[ROLE_CONFLICT_LOW] = { 3, 0, 226, 16, 0 },
	[ROLE_CONFLICT_MID] = { 3, 0, 214, 16, B },
	[ROLE_CONFLICT_HIGH] = { 1, 0, 203, 16, B },
	[ROLE_CURSOR] = { 0, 6, 16, 51, B },
	[ROLE_GOOD] = { 6, 0, 51, 16, B },
	[ROLE_BAD] = { 1, 0, 203, 16, B },
	[ROLE_WARN] = { 3, 0, 226, 16, B },
	[ROLE_STATUS] = { 0, 7, 16, 231, B },
	[ROLE_HELP] = { 6, 0, 51, 16, 0 },
	[ROLE_FOCUS] = { 0, 3, 16, 226, B },
};

/*
 * Colour-blind safe, on a dark terminal: Okabe and Ito's palette (blue,
 * sky blue, yellow, orange, vermilion, reddish purple) and no green at
 * all, so good against bad is blue against vermilion and the classes
 * differ in lightness as well as hue.
 */
static const struct role_colour role_cbsafe[ROLE_COUNT] = {
	[ROLE_NORMAL] = { -1, -1, -1, -1, 0 },
	[ROLE_DIM] = { 7, -1, 246, -1, 0 },
	[ROLE_TITLE] = { 7, 4, 231, 25, B },
	[ROLE_HEADING] = { 6, -1, 74, -1, B },
	[ROLE_BORDER] = { 4, -1, 67, -1, 0 },
	[ROLE_SOURCE] = { -1, -1, 252, -1, 0 },
	[ROLE_SOURCE_CURRENT] = { 7, 4, 231, 25, B },
	[ROLE_SOURCE_ACCESS] = { 0, 3, 16, 221, B | U },
	[ROLE_LANE] = { 6, -1, 74, -1, 0 },
	[ROLE_LANE_INACTIVE] = { 7, -1, 240, -1, D },
	[ROLE_COALESCED] = { 4, -1, 32, -1, B },
	[ROLE_SPLIT] = { 3, -1, 221, -1, 0 },
	[ROLE_UNCOALESCED] = { 1, -1, 166, -1, B },
	[ROLE_BROADCAST] = { 5, -1, 175, -1, B },
	[ROLE_WASTE] = { 7, -1, 242, -1, 0 },
	[ROLE_BANK_FREE] = { 6, -1, 74, -1, 0 },
	[ROLE_CONFLICT_LOW] = { 3, -1, 221, -1, 0 },
	[ROLE_CONFLICT_MID] = { 3, -1, 178, -1, B },
	[ROLE_CONFLICT_HIGH] = { 1, -1, 166, -1, B },
	[ROLE_CURSOR] = { 0, 6, 16, 74, 0 },
	[ROLE_GOOD] = { 4, -1, 74, -1, B },
	[ROLE_BAD] = { 1, -1, 166, -1, B },
	[ROLE_WARN] = { 3, -1, 178, -1, 0 },
	[ROLE_STATUS] = { 0, 7, 252, 238, 0 },
	[ROLE_HELP] = { 6, -1, 74, -1, 0 },
	[ROLE_FOCUS] = { 0, 3, 16, 221, B },
};

static const struct {
	const char			*name;
	const char			*alias;
	const struct role_colour	*colours;	/* NULL: role_styles */
	short				 ink, paper;	/* 256-colour */
} role_themes[ROLE_THEME_COUNT] = {
	[ROLE_THEME_DARK] = { "dark", NULL, NULL, 253, 234 },
	[ROLE_THEME_LIGHT] = { "light", NULL, role_light, 16, 231 },
	[ROLE_THEME_CONTRAST] = { "contrast", "high-contrast", role_contrast,
	    231, 16 },
	[ROLE_THEME_CBSAFE] = { "cbsafe", "colour-blind", role_cbsafe, 253,
	    234 },
};

const char role_theme_list[] = "dark, light, contrast or cbsafe";

static enum role_theme		role_theme_cur = ROLE_THEME_DARK;
static struct role_style	role_theme_styles[ROLE_THEME_COUNT][ROLE_COUNT];
static int			role_theme_ready;

/* Fill every theme's whole styles: role_styles with its colours. */
static void
role_theme_init(void)
{
	const struct role_colour	*rc;
	struct role_style		*rs;
	int				 t, i;

	for (t = 0; t < ROLE_THEME_COUNT; t++) {
		for (i = 0; i < ROLE_COUNT; i++) {
			rs = &role_theme_styles[t][i];
			*rs = role_styles[i];
			if ((rc = role_themes[t].colours) == NULL)
				continue;
			rs->fg8 = rc[i].fg8;
			rs->bg8 = rc[i].bg8;
			rs->fg256 = rc[i].fg256;
			rs->bg256 = rc[i].bg256;
			rs->attr = rc[i].attr;
		}
	}
	role_theme_ready = 1;
}

const struct role_style *
role_theme_style(enum role_theme t, enum role r)
{
	if ((unsigned)t >= ROLE_THEME_COUNT)
		t = ROLE_THEME_DARK;
	if ((unsigned)r >= ROLE_COUNT)
		r = ROLE_NORMAL;
	if (t == ROLE_THEME_DARK)
		return &role_styles[r];
	if (!role_theme_ready)
		role_theme_init();
	return &role_theme_styles[t][r];
}

const struct role_style *
role_style(enum role r)
{
	return role_theme_style(role_theme_cur, r);
}

void
role_theme_set(enum role_theme t)
{
	role_theme_cur = (unsigned)t < ROLE_THEME_COUNT ? t : ROLE_THEME_DARK;
}

enum role_theme
role_theme_get(void)
{
	return role_theme_cur;
}

const char *
role_theme_name(enum role_theme t)
{
	if ((unsigned)t >= ROLE_THEME_COUNT)
		t = ROLE_THEME_DARK;
	return role_themes[t].name;
}

int
role_theme_parse(const char *s)
{
	int	t;

	if (s == NULL)
		return -1;
	for (t = 0; t < ROLE_THEME_COUNT; t++) {
		if (strcmp(s, role_themes[t].name) == 0)
			return t;
		if (role_themes[t].alias != NULL &&
		    strcmp(s, role_themes[t].alias) == 0)
			return t;
	}
	if (strcmp(s, "color-blind") == 0)
		return ROLE_THEME_CBSAFE;
	return -1;
}

void
role_theme_paper(enum role_theme t, short *fg, short *bg)
{
	if ((unsigned)t >= ROLE_THEME_COUNT)
		t = ROLE_THEME_DARK;
	*fg = role_themes[t].ink;
	*bg = role_themes[t].paper;
}
