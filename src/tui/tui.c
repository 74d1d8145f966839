/* tui.c - TEMPORARY placeholder until the TUI lands. */
#include "config.h"

#include <stdio.h>

#include "tui.h"

int
tui_main(int argc, char **argv)
{
	(void)argc; (void)argv;
	fprintf(stderr, "warpviz: TUI not built yet\n");
	return 1;
}
