/* SPDX-License-Identifier: ISC
 * fuzz-ncu.c - the reader of Nsight Compute's CSV (src/gpu/gpu-ncu.c),
 * from memory.  Whatever it reads: a status of its enum, a reason for
 * every answer but NCU_OK, and counters only within bounds (hit rates
 * 0-100, counts and bytes 0-1e15), with a kernel name safe to print.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "gpu-ncu.h"
#include "safestr.h"

/* The source page's reader on the same bytes: lines within bounds. */
static void
fuzz_source(const uint8_t *data, size_t size, const char *file)
{
	static struct measured	m;
	char			why[512];
	int			i, rc;

	memset(&m, 0, sizeof m);
	why[0] = '\0';
	rc = ncu_source_parse((const char *)data, size, file, &m, why,
	    sizeof why);
	if (m.nlines < 0 || m.nlines > MEASURED_MAX_LINES ||
	    (rc != 0 && (m.nlines != 0 || why[0] == '\0')) ||
	    strlen(why) >= sizeof why || !safestr_is_safe(why))
		abort();
	for (i = 0; i < m.nlines; i++)
		if (m.line[i].line < 1 || m.line[i].kind < 0 ||
		    m.line[i].kind >= MEASURED_NKINDS ||
		    m.line[i].requests < 0 || m.line[i].units < 0 ||
		    m.line[i].requests > (int64_t)1e15 ||
		    m.line[i].units > (int64_t)1e15)
			abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct measured	m;
	char		why[512];
	enum ncu_status	st;
	int		k;

	fuzz_source(data, size, NULL);
	fuzz_source(data, size, "k.cu");
	st = ncu_parse((const char *)data, size, &m, why, sizeof why);
	if (st < NCU_OK || st > NCU_FAILED || strlen(why) >= sizeof why ||
	    !safestr_is_safe(why))
		abort();
	if (st != NCU_OK) {
		if (why[0] == '\0' || m.valid)
			abort();
		return 0;
	}
	if (!m.valid || !safestr_is_safe(m.kernel) ||
	    !(m.l1_hit >= 0 && m.l1_hit <= MEASURED_RATE_MAX) ||
	    !(m.l2_hit >= 0 && m.l2_hit <= MEASURED_RATE_MAX) ||
	    !(m.dram_read >= 0 && m.dram_read <= 1e15) ||
	    !(m.dram_write >= 0 && m.dram_write <= 1e15) ||
	    !(m.ns >= 0 && m.ns <= 1e15))
		abort();
	for (k = 0; k < MEASURED_NKINDS; k++)
		if (m.kind[k].requests < 0 || m.kind[k].sectors < 0 ||
		    m.kind[k].wavefronts < 0 ||
		    m.kind[k].requests > (int64_t)1e15 ||
		    m.kind[k].sectors > (int64_t)1e15 ||
		    m.kind[k].wavefronts > (int64_t)1e15)
			abort();
	return 0;
}
