/* SPDX-License-Identifier: ISC
 * roles.h - colour roles: what a cell means, not what colour it is.
 * Each role has an 8-colour form, a 256-colour form, a monochrome
 * attribute and a glyph (with an ASCII fallback), declared once in
 * roles.c.  Only the TUI painter maps roles to curses attributes and only
 * the text face to SGR codes.  Nothing depends on colour alone: coalesced,
 * split, uncoalesced, broadcast and conflict degrees differ in glyph too.
 *
 * A theme is a second table of the colour forms (8, 256, attributes) of
 * every role; glyphs and monochrome attributes are the same in every
 * theme, so a frame means the same in each.  The theme is chosen once per
 * process (--theme, WARPVIZ_THEME, the TUI's T key); faces read a role's
 * style through role_style().
 */
#ifndef WV_ROLES_H
#define WV_ROLES_H

#include <stdint.h>

enum role {
	ROLE_NORMAL = 0,
	ROLE_DIM,		/* secondary text, unused memory */
	ROLE_TITLE,		/* top bar */
	ROLE_HEADING,		/* panel titles */
	ROLE_BORDER,
	ROLE_SOURCE,		/* kernel source text */
	ROLE_SOURCE_CURRENT,	/* the line of the executing access */
	ROLE_SOURCE_ACCESS,	/* the access text itself */
	ROLE_LANE,		/* an active lane */
	ROLE_LANE_INACTIVE,	/* guarded off or past the block */
	ROLE_COALESCED,		/* a sector of a coalesced request */
	ROLE_SPLIT,		/* ... of a split request */
	ROLE_UNCOALESCED,	/* ... of an uncoalesced request */
	ROLE_BROADCAST,		/* ... of a broadcast */
	ROLE_WASTE,		/* bytes moved but not used */
	ROLE_BANK_FREE,		/* a bank hit without conflict */
	ROLE_CONFLICT_LOW,	/* 2-way to 3-way */
	ROLE_CONFLICT_MID,	/* 4-way to 15-way */
	ROLE_CONFLICT_HIGH,	/* 16-way and worse */
	ROLE_CURSOR,		/* the selected item */
	ROLE_GOOD,
	ROLE_BAD,
	ROLE_WARN,
	ROLE_STATUS,		/* bottom status line */
	ROLE_HELP,		/* key hints */
	ROLE_FOCUS,		/* a memory cell of a lane in focus */
	ROLE_COUNT
};

#define ROLE_ATTR_BOLD		0x1
#define ROLE_ATTR_REVERSE	0x2
#define ROLE_ATTR_UNDERLINE	0x4
#define ROLE_ATTR_DIM		0x8

struct role_style {
	const char	*name;
	short		 fg8, bg8;	/* 0-7, -1 = terminal default */
	short		 fg256, bg256;	/* 0-255, -1 = terminal default */
	int		 attr;		/* added in colour modes too */
	int		 mono;		/* attributes without colour */
	uint32_t	 glyph;		/* the role's cell glyph, 0 = none */
	char		 ascii;		/* ASCII fallback of glyph */
};

/* The dark theme's table: names, glyphs, monochrome, dark colours. */
extern const struct role_style role_styles[ROLE_COUNT];

enum role_theme {
	ROLE_THEME_DARK = 0,	/* light text on a dark terminal (default) */
	ROLE_THEME_LIGHT,	/* dark text on a white terminal */
	ROLE_THEME_CONTRAST,	/* white on black, saturated, bold */
	ROLE_THEME_CBSAFE,	/* Okabe-Ito: no red against green */
	ROLE_THEME_COUNT
};

/* The style of a role in the current theme. */
const struct role_style	*role_style(enum role);
/* The style of a role in a given theme (tests, pictures). */
const struct role_style	*role_theme_style(enum role_theme, enum role);
/* Choose the process's theme; out of range gives dark. */
void			 role_theme_set(enum role_theme);
/* The current theme. */
enum role_theme		 role_theme_get(void);
/* The theme's name: "dark", "light", "contrast", "cbsafe". */
const char		*role_theme_name(enum role_theme);
/* The theme of a name (or of "high-contrast", "colour-blind"), or -1. */
int			 role_theme_parse(const char *);
/* The 256-colour background and foreground a theme is drawn for, where
   a role says -1 (the terminal's default): for pictures of a frame. */
void			 role_theme_paper(enum role_theme, short *fg,
			     short *bg);
/* "dark, light, contrast or cbsafe", for messages. */
extern const char	 role_theme_list[];

#endif
