/* SPDX-License-Identifier: ISC
 * fuzz-results.c - the --results reader (src/gpu/gpu-results.c), from
 * memory.  What it accepts must hold only plausible values: finite times
 * within bounds, a positive time for a verified run, counts in range,
 * and counters (optional) with hit rates of 0 to MEASURED_RATE_MAX
 * percent, whole counts and bytes of at most 1e15, a space kept only
 * with both of its numbers.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "fuzz.h"
#include "gpu-results.h"

static void
check_counters(const struct measured *m)
{
	int	k;

	if (!m->valid) {
		if (m->have != 0)
			abort();
		return;
	}
	if (!(m->l1_hit >= 0 && m->l1_hit <= MEASURED_RATE_MAX) ||
	    !(m->l2_hit >= 0 && m->l2_hit <= MEASURED_RATE_MAX) ||
	    !(m->dram_read >= 0 && m->dram_read <= 1e15) ||
	    !(m->dram_write >= 0 && m->dram_write <= 1e15) ||
	    !(m->ns >= 0 && m->ns <= 1e15))
		abort();
	for (k = 0; k < MEASURED_NKINDS; k++)
		if ((m->kind[k].have != 0 && m->kind[k].have != 1) ||
		    m->kind[k].requests < 0 || m->kind[k].sectors < 0 ||
		    m->kind[k].wavefronts < 0 ||
		    m->kind[k].requests > (int64_t)1e15)
			abort();
}

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
	for (i = 0; i < rec.n; i++)
		check_counters(&rec.results[i].counters);
	return 0;
}
