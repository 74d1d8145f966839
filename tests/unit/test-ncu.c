/* SPDX-License-Identifier: ISC
 * test-ncu.c - the reader of Nsight Compute's CSV (src/gpu/gpu-ncu.c) on
 * hand-made outputs in the form ncu prints (tests/counters/README): the
 * numbers it must read are the ones written in each input below, so every
 * expectation can be read off the input itself; and the model's side,
 * measured_agree (src/model/measured.c), on hand-made totals.
 */
#include "config.h"

#include <string.h>

#include "gpu-ncu.h"
#include "measured.h"
#include "tap.h"

#define HDR "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\"," \
    "\"Kernel Name\",\"Context\",\"Stream\",\"Block Size\",\"Grid Size\"," \
    "\"Device\",\"CC\",\"Section Name\",\"Metric Name\",\"Metric Unit\"," \
    "\"Metric Value\"\n"
#define ROW(id, k, name, unit, val) "\"" id "\",\"1\",\"warpviz\",\"h\"," \
    "\"" k "\",\"1\",\"7\",\"(32, 1, 1)\",\"(1, 1, 1)\",\"0\",\"9.0\"," \
    "\"Command line profiler metrics\",\"" name "\",\"" unit "\",\"" val \
    "\"\n"
#define GLD_R "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"
#define GLD_S "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
#define SLD_I "smsp__sass_inst_executed_op_shared_ld.sum"
#define SLD_W "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"

static enum ncu_status
parse(const char *text, struct measured *m, char *why)
{
	return ncu_parse(text, strlen(text), m, why, 512);
}

static void
test_read(void)
{
	struct measured	m;
	char		why[512];
	/* A kernel name with commas and quotes inside its quoted field,
	   values with thousands separators, and lines around the rows. */
	const char	*t = "==PROF== Connected to process 1\n"
	    "device: NVIDIA H100\n" HDR
	    ROW("0", "void k<int, 4>(\"\"x\"\")", GLD_R, "", "4,000,000,000")
	    ROW("0", "void k<int, 4>(\"\"x\"\")", GLD_S, "sector",
	    "34,000,000,000")
	    ROW("0", "k", SLD_I, "inst", "1048576")
	    ROW("0", "k", SLD_W, "", "33554432")
	    ROW("0", "k", "l1tex__t_sector_hit_rate.pct", "%", "71.5")
	    ROW("0", "k", "lts__t_sector_hit_rate.pct", "%", "46.25")
	    ROW("0", "k", "dram__bytes_read.sum", "Mbyte", "1.5")
	    ROW("0", "k", "dram__bytes_write.sum", "byte", "64")
	    ROW("0", "k", "gpu__time_duration.sum", "usecond", "120.5")
	    ROW("1", "k", GLD_R, "", "7")
	    "==PROF== Disconnected from process 1";

	is_int(parse(t, &m, why), NCU_OK, "a full output reads (%s)", why);
	is_str(m.kernel, "void k<int, 4>(\"x\")", "the kernel name, quotes "
	    "and commas kept");
	ok(m.kind[MEASURED_GLOBAL_LD].have, "global loads: both numbers");
	is_int(m.kind[MEASURED_GLOBAL_LD].requests, 4000000000LL,
	    "4,000,000,000 requests (separators dropped; launch 1's 7 not "
	    "read)");
	is_int(m.kind[MEASURED_GLOBAL_LD].sectors, 34000000000LL,
	    "34,000,000,000 sectors");
	ok(m.kind[MEASURED_SHARED_LD].have, "shared loads: both numbers");
	is_int(m.kind[MEASURED_SHARED_LD].requests, 1048576,
	    "shared instructions");
	is_int(m.kind[MEASURED_SHARED_LD].wavefronts, 33554432,
	    "shared wavefronts");
	ok(!m.kind[MEASURED_GLOBAL_ST].have, "global stores: not in the "
	    "output, not measured");
	ok(m.l1_hit == 71.5 && m.l2_hit == 46.25 &&
	    (m.have & (MEASURED_L1 | MEASURED_L2)) ==
	    (MEASURED_L1 | MEASURED_L2), "hit rates 71.5%% and 46.25%%");
	ok((m.have & MEASURED_DRAM) && m.dram_read == 1.5e6 &&
	    m.dram_write == 64, "DRAM: 1.5 Mbyte is 1500000 bytes, 64 bytes");
	ok((m.have & MEASURED_TIME) && m.ns == 120500, "120.5 usecond is "
	    "120500 ns");
}

static void
test_lines(void)
{
	struct measured	m;
	char		why[512];
	/* CRLF line ends, no newline at the very end, n/a for one. */
	const char	*t = HDR "\r\n"
	    ROW("0", "k", GLD_R, "", "12") "\r"
	    ROW("0", "k", GLD_S, "sector", "n/a");

	is_int(parse(t, &m, why), NCU_OK, "CRLF lines read (%s)", why);
	is_int(m.kind[MEASURED_GLOBAL_LD].requests, 12, "12 requests");
	ok(!m.kind[MEASURED_GLOBAL_LD].have, "sectors n/a: global loads not "
	    "measured");
	/* The kernel name with an escape: made safe to print. */
	is_int(parse(HDR ROW("0", "a\033[2Jb", GLD_R, "", "1"), &m, why),
	    NCU_OK, "a name with an escape reads");
	ok(strchr(m.kernel, '\033') == NULL, "and holds no escape (%s)",
	    m.kernel);
}

static void
test_refused(void)
{
	struct measured	m;
	char		why[512];

	is_int(parse(HDR ROW("0", "k", GLD_R, "Xsector", "1"), &m, why),
	    NCU_FAILED, "a unit with an unknown prefix is refused");
	ok(strstr(why, "Xsector") != NULL, "naming it (%s)", why);
	/* The H200 gave 180.23 for the L2 of one block of 64 threads
	   (doc/validation.md): read as given; past 1000 it is no rate. */
	is_int(parse(HDR ROW("0", "k", "lts__t_sector_hit_rate.pct", "%",
	    "180.23"), &m, why), NCU_OK, "an L2 hit rate of 180.23%%, as "
	    "ncu gave it on an H200, is read (%s)", why);
	ok(m.l2_hit > 180.22 && m.l2_hit < 180.24, "and kept as given");
	is_int(parse(HDR ROW("0", "k", "lts__t_sector_hit_rate.pct", "%",
	    "1000.5"), &m, why), NCU_FAILED, "a hit rate above 1000%% is "
	    "refused (%s)", why);
	is_int(parse(HDR ROW("0", "k", GLD_R, "", "2e15"), &m, why),
	    NCU_FAILED, "2e15 requests is refused (%s)", why);
	ok(!m.valid, "and nothing of it is kept");
	is_int(parse(HDR ROW("0", "k", GLD_R, "", "-3"), &m, why),
	    NCU_FAILED, "a negative count is no number: nothing read");
}

static void
test_why(void)
{
	struct measured	m;
	char		why[512];

	is_int(parse("==PROF== Connected\n==ERROR== ERR_NVGPUCTRPERM - The "
	    "user does not have permission\n", &m, why), NCU_NO_PERM,
	    "ERR_NVGPUCTRPERM: no permission");
	ok(strstr(why, "RmProfilingAdminOnly=0") != NULL &&
	    strstr(why, "root") != NULL, "with what to do (%s)", why);
	is_int(parse("==PROF== Connected\nwarpviz: bench: no NVIDIA driver: "
	    "libcuda.so.1 could not be loaded\n==WARNING== No kernels were "
	    "profiled.\n", &m, why), NCU_NO_GPU, "the program's 'no driver': "
	    "no GPU");
	ok(strstr(why, "no NVIDIA driver") != NULL, "saying the program's "
	    "reason (%s)", why);
	is_int(parse("==ERROR== The application returned an error code (1).\n",
	    &m, why), NCU_FAILED, "==ERROR==: failed");
	ok(strstr(why, "ncu: The application returned") != NULL, "with ncu's "
	    "line (%s)", why);
	is_int(parse("", &m, why), NCU_FAILED, "nothing at all: failed (%s)",
	    why);
	is_int(parse(HDR, &m, why), NCU_FAILED, "a header and no rows: "
	    "failed");
}

static void
test_agree(void)
{
	struct totals	t;
	struct measured	m;

	memset(&t, 0, sizeof t);
	memset(&m, 0, sizeof m);
	/* The model: 8 requests of 2 sectors; 4 shared of 32 wavefronts. */
	t.global_load.requests = 8;
	t.global_load.sectors = 16;
	t.shared_store.requests = 4;
	t.shared_store.wavefronts = 128;
	is_int(measured_agree(&t, &m, MEASURED_GLOBAL_LD), -1,
	    "nothing measured: -1");
	m.kind[MEASURED_GLOBAL_LD] = (struct measured_count){ 1, 8, 16, 0 };
	is_int(measured_agree(&t, &m, MEASURED_GLOBAL_LD), 1,
	    "8 requests, 16 sectors: agree");
	m.kind[MEASURED_GLOBAL_LD].sectors = 17;
	is_int(measured_agree(&t, &m, MEASURED_GLOBAL_LD), 0,
	    "one sector more: a mismatch");
	/* Shared kinds compare wavefronts; sectors do not count there. */
	m.kind[MEASURED_SHARED_ST] = (struct measured_count){ 1, 4, 99, 128 };
	is_int(measured_agree(&t, &m, MEASURED_SHARED_ST), 1,
	    "shared: 4 instructions, 128 wavefronts agree");
	m.kind[MEASURED_SHARED_ST].requests = 1;
	is_int(measured_agree(&t, &m, MEASURED_SHARED_ST), 0,
	    "shared: 1 instruction where the model has 4: a mismatch");
}

int
main(void)
{
	test_read();
	test_lines();
	test_refused();
	test_why();
	test_agree();
	return tap_done();
}
