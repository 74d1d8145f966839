/* SPDX-License-Identifier: ISC
 * fuzz-lesson.c - the lesson reader (src/view/lesson.c) on fuzzed text,
 * or, for an input starting with KGEN_MAGIC, on the lesson the generator
 * (kgen.c) writes from it: many scenes, long lines, far positions, long
 * compare lists.  Variants come from the catalog only (a fuzzed path must
 * not open files).  A refusal must say why; everything is freed.
 */
#include "config.h"

#include <stdlib.h>

#include "catalog.h"
#include "fuzz.h"
#include "kgen.h"
#include "ksrc.h"
#include "lesson.h"

static const struct variant *
find(const char *name)
{
	return ksrc_is_path(name) ? NULL : catalog_find(name);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lesson	 ls;
	char		*text, *cause = NULL;

	if (size > 0 && data[0] == KGEN_MAGIC) {
		if ((text = malloc(KGEN_MAX + 1)) == NULL)
			abort();
		kgen_lesson(data + 1, size - 1, text, KGEN_MAX + 1);
	} else
		text = fuzz_text(data, size, 65536);
	if (lesson_parse(&ls, "fuzz", "fuzz.lesson", text, find, &cause) == 0) {
		if (cause != NULL)
			abort();
		lesson_free(&ls);
	} else {
		if (cause == NULL)
			abort();	/* a refusal always says why */
		free(cause);
	}
	free(text);
	return 0;
}
