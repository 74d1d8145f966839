/* canvas.c - TEMPORARY placeholder. */
#include "config.h"
#include <stdlib.h>
#include "canvas.h"
struct canvas *canvas_new(int w, int h, int ascii) { struct canvas *c = calloc(1, sizeof *c); c->w = w; c->h = h; c->ascii = ascii; return c; }
void canvas_free(struct canvas *c) { free(c); }
