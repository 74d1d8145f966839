/*
 * roles.c - the one table of colour roles: 8-colour and 256-colour forms,
 * attributes, the monochrome attributes and each role's glyph with its
 * ASCII fallback.
 *
 * The memory roles read as a density scale, so they stay apart on a
 * monochrome projector and for a colour-blind student: a coalesced sector
 * is full (█ #), split dense (▓ %), uncoalesced a cross (╳ X), which
 * no shade can be mistaken for at projector distance, bytes moved but
 * unused are light (░ ~) and a broadcast is a diamond (◆ *).
 * Banks grow the other way, stronger with the cost: a conflict-free word
 * is an outline (□ o), 2-3 way light (▒ =), 4-15 way dense (▓ &), 16-way
 * and worse full and bold (█ @), so the 32-way conflict is the loudest
 * cell on the screen.  Colours pair blue against orange and red, never red
 * against green alone.  No curses and no SGR here.
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
	[ROLE_SPLIT] = { "split", 3, -1, 214, -1, 0, 0, 0x2593, '%' },
	[ROLE_UNCOALESCED] = { "uncoalesced", 1, -1, 196, -1, B, U,
	    0x2573, 'X' },
	[ROLE_BROADCAST] = { "broadcast", 5, -1, 177, -1, B, B, 0x25c6, '*' },
	[ROLE_WASTE] = { "waste", 7, -1, 242, -1, 0, D, 0x2591, '~' },
	[ROLE_BANK_FREE] = { "bank-free", 4, -1, 39, -1, 0, 0, 0x25a1, 'o' },
	[ROLE_CONFLICT_LOW] = { "conflict-low", 3, -1, 220, -1, 0, U,
	    0x2592, '=' },
	[ROLE_CONFLICT_MID] = { "conflict-mid", 3, -1, 208, -1, B, B,
	    0x2593, '&' },
	[ROLE_CONFLICT_HIGH] = { "conflict-high", 1, -1, 196, -1, B, R | B,
	    0x2588, '@' },
	[ROLE_CURSOR] = { "cursor", 0, 6, 16, 117, 0, R, 0, ' ' },
	[ROLE_GOOD] = { "good", 4, -1, 39, -1, B, B, 0, ' ' },
	[ROLE_BAD] = { "bad", 1, -1, 203, -1, B, B | U, 0, ' ' },
	[ROLE_WARN] = { "warn", 3, -1, 214, -1, 0, U, 0, ' ' },
	[ROLE_STATUS] = { "status", 0, 7, 252, 238, 0, R, 0, ' ' },
	[ROLE_HELP] = { "help", 6, -1, 110, -1, 0, 0, 0, ' ' },
};

/* --- themes ------------------------------------------------------------ */

/* A theme's colours for a role; attributes are added to the role's. */
struct role_colour {
	short	fg8, bg8, fg256, bg256;
	int	attr;
};

#define RC(a, b, c, d, e)	{ a, b, c, d, e }

/* Dark text on a light background: the dark theme's pale greys vanish. */
static const struct role_colour role_light[ROLE_COUNT] = {
	[ROLE_NORMAL] = RC(-1, -1, 16, -1, 0),
	[ROLE_DIM] = RC(0, -1, 242, -1, 0),
	[ROLE_TITLE] = RC(7, 4, 231, 25, B),
	[ROLE_HEADING] = RC(4, -1, 25, -1, B),
	[ROLE_BORDER] = RC(4, -1, 67, -1, 0),
	[ROLE_SOURCE] = RC(0, -1, 16, -1, 0),
	[ROLE_SOURCE_CURRENT] = RC(0, 6, 16, 153, B),
	[ROLE_SOURCE_ACCESS] = RC(0, 3, 16, 220, B | U),
	[ROLE_LANE] = RC(4, -1, 24, -1, 0),
	[ROLE_LANE_INACTIVE] = RC(0, -1, 248, -1, D),
	[ROLE_COALESCED] = RC(4, -1, 25, -1, B),
	[ROLE_SPLIT] = RC(3, -1, 166, -1, B),
	[ROLE_UNCOALESCED] = RC(1, -1, 160, -1, B),
	[ROLE_BROADCAST] = RC(5, -1, 91, -1, B),
	[ROLE_WASTE] = RC(0, -1, 246, -1, 0),
	[ROLE_BANK_FREE] = RC(4, -1, 31, -1, 0),
	[ROLE_CONFLICT_LOW] = RC(3, -1, 136, -1, 0),
	[ROLE_CONFLICT_MID] = RC(3, -1, 166, -1, B),
	[ROLE_CONFLICT_HIGH] = RC(1, -1, 160, -1, B),
	[ROLE_CURSOR] = RC(0, 6, 16, 153, 0),
	[ROLE_GOOD] = RC(4, -1, 25, -1, B),
	[ROLE_BAD] = RC(1, -1, 160, -1, B),
	[ROLE_WARN] = RC(3, -1, 130, -1, 0),
	[ROLE_STATUS] = RC(0, 7, 16, 252, 0),
	[ROLE_HELP] = RC(4, -1, 24, -1, 0),
};

/* High contrast: pure white text, saturated classes, everything bold. */
static const struct role_colour role_contrast[ROLE_COUNT] = {
	[ROLE_NORMAL] = RC(7, 0, 231, 16, B),
	[ROLE_DIM] = RC(7, 0, 250, 16, 0),
	[ROLE_TITLE] = RC(0, 3, 16, 226, B),
	[ROLE_HEADING] = RC(6, 0, 51, 16, B),
	[ROLE_BORDER] = RC(7, 0, 231, 16, 0),
	[ROLE_SOURCE] = RC(7, 0, 231, 16, B),
	[ROLE_SOURCE_CURRENT] = RC(0, 3, 16, 226, B),
	[ROLE_SOURCE_ACCESS] = RC(0, 6, 16, 51, B | U),
	[ROLE_LANE] = RC(6, 0, 51, 16, B),
	[ROLE_LANE_INACTIVE] = RC(7, 0, 244, 16, 0),
	[ROLE_COALESCED] = RC(6, 0, 51, 16, B),
	[ROLE_SPLIT] = RC(3, 0, 226, 16, B),
	[ROLE_UNCOALESCED] = RC(1, 0, 196, 16, B),
	[ROLE_BROADCAST] = RC(5, 0, 201, 16, B),
	[ROLE_WASTE] = RC(7, 0, 246, 16, 0),
	[ROLE_BANK_FREE] = RC(6, 0, 51, 16, 0),
	[ROLE_CONFLICT_LOW] = RC(3, 0, 226, 16, B),
	[ROLE_CONFLICT_MID] = RC(3, 0, 214, 16, B),
	[ROLE_CONFLICT_HIGH] = RC(1, 0, 196, 16, B),
	[ROLE_CURSOR] = RC(0, 3, 16, 226, B),
	[ROLE_GOOD] = RC(6, 0, 51, 16, B),
	[ROLE_BAD] = RC(1, 0, 196, 16, B),
	[ROLE_WARN] = RC(3, 0, 226, 16, B),
	[ROLE_STATUS] = RC(0, 7, 16, 231, B),
	[ROLE_HELP] = RC(6, 0, 51, 16, B),
};

/*
 * Colour-blind safe (Okabe and Ito's palette): blue for good, vermilion
 * for bad, yellow for split, reddish purple for broadcast; light and
 * dark differ as much as hue, so no pair rests on red against green.
 */
static const struct role_colour role_cbsafe[ROLE_COUNT] = {
	[ROLE_NORMAL] = RC(-1, -1, -1, -1, 0),
	[ROLE_DIM] = RC(7, -1, 246, -1, 0),
	[ROLE_TITLE] = RC(7, 4, 231, 25, B),
	[ROLE_HEADING] = RC(6, -1, 74, -1, B),
	[ROLE_BORDER] = RC(4, -1, 67, -1, 0),
	[ROLE_SOURCE] = RC(-1, -1, 252, -1, 0),
	[ROLE_SOURCE_CURRENT] = RC(7, 4, 231, 25, B),
	[ROLE_SOURCE_ACCESS] = RC(0, 3, 16, 227, B | U),
	[ROLE_LANE] = RC(6, -1, 74, -1, 0),
	[ROLE_LANE_INACTIVE] = RC(7, -1, 240, -1, D),
	[ROLE_COALESCED] = RC(4, -1, 32, -1, B),
	[ROLE_SPLIT] = RC(3, -1, 227, -1, 0),
	[ROLE_UNCOALESCED] = RC(1, -1, 166, -1, B),
	[ROLE_BROADCAST] = RC(5, -1, 175, -1, B),
	[ROLE_WASTE] = RC(7, -1, 242, -1, 0),
	[ROLE_BANK_FREE] = RC(4, -1, 32, -1, 0),
	[ROLE_CONFLICT_LOW] = RC(3, -1, 227, -1, 0),
	[ROLE_CONFLICT_MID] = RC(3, -1, 178, -1, B),
	[ROLE_CONFLICT_HIGH] = RC(1, -1, 166, -1, B),
	[ROLE_CURSOR] = RC(0, 6, 16, 74, 0),
	[ROLE_GOOD] = RC(4, -1, 32, -1, B),
	[ROLE_BAD] = RC(1, -1, 166, -1, B),
	[ROLE_WARN] = RC(3, -1, 227, -1, 0),
	[ROLE_STATUS] = RC(0, 7, 252, 238, 0),
	[ROLE_HELP] = RC(6, -1, 74, -1, 0),
};

static const struct role_colour *const role_themes[ROLE_THEME_COUNT] = {
	[ROLE_THEME_DARK] = NULL,
	[ROLE_THEME_LIGHT] = role_light,
	[ROLE_THEME_CONTRAST] = role_contrast,
	[ROLE_THEME_CBSAFE] = role_cbsafe,
};

static const char *const role_theme_names[ROLE_THEME_COUNT] = {
	"dark", "light", "contrast", "cbsafe"
};

const char role_theme_list[] = "dark, light, contrast or cbsafe";

static enum role_theme		role_theme_cur = ROLE_THEME_DARK;
static struct role_style	role_theme_styles[ROLE_COUNT];

void
role_theme_set(enum role_theme t)
{
	const struct role_colour	*rc;
	int				 i;

	if (t < 0 || t >= ROLE_THEME_COUNT)
		t = ROLE_THEME_DARK;
	role_theme_cur = t;
	for (i = 0; i < ROLE_COUNT; i++) {
		role_theme_styles[i] = role_styles[i];
		if ((rc = role_themes[t]) == NULL)
			continue;
		role_theme_styles[i].fg8 = rc[i].fg8;
		role_theme_styles[i].bg8 = rc[i].bg8;
		role_theme_styles[i].fg256 = rc[i].fg256;
		role_theme_styles[i].bg256 = rc[i].bg256;
		role_theme_styles[i].attr = rc[i].attr;
	}
}

enum role_theme
role_theme_get(void)
{
	return role_theme_cur;
}

const struct role_style *
role_style(enum role r)
{
	if (role_theme_cur == ROLE_THEME_DARK || r >= ROLE_COUNT)
		return &role_styles[r < ROLE_COUNT ? r : ROLE_NORMAL];
	return &role_theme_styles[r];
}

const char *
role_theme_name(enum role_theme t)
{
	return t >= 0 && t < ROLE_THEME_COUNT ? role_theme_names[t] : "dark";
}

int
role_theme_parse(const char *s)
{
	int	i;

	for (i = 0; i < ROLE_THEME_COUNT; i++)
		if (strcmp(s, role_theme_names[i]) == 0)
			return i;
	if (strcmp(s, "high-contrast") == 0)
		return ROLE_THEME_CONTRAST;
	if (strcmp(s, "colour-blind") == 0 || strcmp(s, "color-blind") == 0)
		return ROLE_THEME_CBSAFE;
	return -1;
}
