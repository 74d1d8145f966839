/* SPDX-License-Identifier: ISC
 * text.h - the text face: a canvas printed as plain text or with ANSI SGR
 * escapes (warpviz show).
 */
#ifndef WV_TEXT_H
#define WV_TEXT_H

#include <stdio.h>

#include "canvas.h"

/* Print a canvas row by row; color 1 adds SGR codes per role (256 colours),
   0 prints characters only.  Trailing blanks are trimmed. */
void	text_print_canvas(FILE *, const struct canvas *, int color);
/* Write one code point as UTF-8 (the SVG face writes its text with it). */
void	text_put_utf8(FILE *, uint32_t);

#endif
