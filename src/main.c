/*
 * main.c - entry point: hand the arguments to the dispatcher.
 */
#include "config.h"

#include <locale.h>

#include "cli.h"

int
main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	return cli_main(argc, argv);
}
