/*
 * roles.c - the one table of colour roles: 8-colour and 256-colour forms,
 * attributes, the monochrome attributes and each role's glyph with its
 * ASCII fallback.
 *
 * The memory roles read as a density scale, so they stay apart on a
 * monochrome projector and for a colour-blind student: a coalesced sector
 * is full (█ #), split dense (▓ %), uncoalesced sparse (▒ X), bytes moved
 * but unused are light (░ ~) and a broadcast is a diamond (◆ *).
 * Banks grow the other way, stronger with the cost: a conflict-free word
 * is an outline (□ o), 2-3 way light (▒ =), 4-15 way dense (▓ &), 16-way
 * and worse full and bold (█ @), so the 32-way conflict is the loudest
 * cell on the screen.  Colours pair blue against orange and red, never red
 * against green alone.  No curses and no SGR here.
 */
#include "config.h"

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
	    0x2592, 'X' },
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
