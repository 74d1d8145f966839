/* SPDX-License-Identifier: ISC
 * fuzz-results.c - the --results reader (src/gpu/gpu-results.c), from
 * memory.  What it accepts must hold only plausible values: finite times
 * within bounds, a positive time for a verified run, counts in range.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "fuzz.h"
#include "gpu-results.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gpu_record	 rec;
	char				*cause = NULL;
	int				 i;

	if (gpu_results_parse((const char *)data, size, &rec, &cause) != 0) {
		if (cause == NULL)
			abort();	/* a refusal always says why */
		free(cause);
		return 0;
	}
	if (rec.gpu[0] == '\0' || rec.n < 0 || rec.n > RESULTS_MAX ||
	    !isfinite(rec.memcpy_gbps) || rec.memcpy_gbps < 0)
		abort();
	for (i = 0; i < rec.n; i++) {
		const struct gpu_result *r = &rec.results[i];

		if (!isfinite(r->ms) || r->ms < 0 || r->ms > 1e6 ||
		    ((r->status == RESULT_OK || r->status == RESULT_TIMED) &&
		    !(r->ms > 0)) ||
		    r->runs < 0 || r->regs < 0 || r->regs > 255 ||
		    r->blocks_per_sm < 0 || r->blocks_per_sm > 64 ||
		    r->threads < 0 || r->threads > 1024 || r->checked < 0 ||
		    !isfinite(r->gbps) || !isfinite(r->bytes) ||
		    r->variant[0] == '\0')
			abort();
	}
	return 0;
}
