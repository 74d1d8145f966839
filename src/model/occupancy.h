/* SPDX-License-Identifier: ISC
 * occupancy.h - how many blocks of a kernel an SM holds at once, and so
 * how many warps are resident, under a device model: the limits on
 * threads, registers, shared memory and blocks per SM, whichever bites
 * first.  Also the what-if in words (occupancy_explain), the one text
 * both the o overlay and 'warpviz occupancy' show, and the parsing of its
 * values.  Libc only; never prints: words go into the caller's lines.
 *
 * Units: registers are 32-bit registers (per thread for a kernel, per SM
 * for a device); shared memory in bytes per block / per SM.
 */
#ifndef WV_OCCUPANCY_H
#define WV_OCCUPANCY_H

struct occ_device {
	const char	*name;		/* "teaching", "H100" */
	const char	*text;		/* one line describing the limits */
	int		 threads_per_sm;
	int		 regs_per_sm;
	int		 smem_per_sm;	/* bytes */
	int		 blocks_per_sm;
	int		 warp_size;
	/* Registers go to a warp in units of reg_unit (0: exactly
	 * regs x threads, the textbook's arithmetic). */
	int		 reg_unit;
	int		 smem_unit;	/* allocation unit, bytes (0: exact) */
	int		 smem_reserved;	/* the system's share per block */
	int		 sm;		/* the build's sm for register counts */
};

enum occ_limit {
	OCC_THREADS,
	OCC_REGISTERS,
	OCC_SHARED,
	OCC_BLOCKS,
	OCC_NONE	/* not even one block fits */
};

struct occ_result {
	int		 blocks;	/* resident blocks per SM */
	int		 warps;		/* resident warps per SM */
	int		 max_warps;	/* the device's warps per SM */
	int		 by_threads, by_regs, by_smem, by_blocks;
	enum occ_limit	 limit;
	int		 threads;	/* resident threads per SM */
	int		 block_warps;	/* warps a block takes */
	int		 block_regs;	/* registers a block is given */
	int		 block_smem;	/* bytes a block is given, with the
					   system's share and rounding */
};

/* What a block may ask for (CUDA's limits; more shared memory than an
   SM has is allowed: it does not fit, and occupancy_explain says so). */
#define OCC_MAX_THREADS		1024
#define OCC_MAX_REGS		255
#define OCC_MAX_SMEM		(1024 * 1024)

/* The three things a block asks for, as the what-if edits them. */
enum occ_field {
	OCC_FIELD_REGS,		/* registers a thread */
	OCC_FIELD_THREADS,	/* threads a block */
	OCC_FIELD_SHARED	/* bytes of shared memory a block */
};

#define OCC_EXPLAIN_LINES	10
#define OCC_LINE_MAX		256

/* The seed's teaching SM (1536 threads, 16384 registers, 16 KB, 8 blocks)
 * and an H100 (2048, 65536, 228 KB, 32), NULL-terminated. */
extern const struct occ_device *const occ_devices[];
extern const struct occ_device occ_teaching, occ_h100;

/*
 * Resident blocks of threads-per-block threads using regs registers per
 * thread (0: not counted) and smem bytes of shared memory per block.
 * Returns 0, or -1 when threads is not positive.
 */
int		 occupancy_compute(const struct occ_device *, int threads,
		     int regs, int smem, struct occ_result *);
/* "threads", "registers", "shared memory", "blocks", "does not fit". */
const char	*occupancy_limit_name(enum occ_limit);
/* The device named name ("teaching", "h100"; any case), or NULL. */
const struct occ_device *occupancy_device(const char *name);
/* "teaching, H100": the names occupancy_device knows. */
const char	*occupancy_device_names(void);
/*
 * Parse s as a value of field f: a whole number (shared memory also as
 * "5K" or "5KB", KB = 1024 bytes) within OCC_MAX_*, threads from 1.
 * Returns 0, or -1 with *cause ("registers: '300' is not allowed (a whole
 * number from 0 to 255)").
 */
int		 occupancy_parse(enum occ_field, const char *s, int *out,
		     char **cause);
/* The name of field f as the what-if says it: "registers", ... */
const char	*occupancy_field_name(enum occ_field);
/* part of whole in percent, rounded to the nearest (0 when whole is 0). */
int		 occupancy_percent(int part, int whole);
/* bytes as "5 KB" when a whole number of KB, else "5000 B". */
void		 occupancy_bytes(char *buf, int len, int bytes);
/*
 * The what-if in plain words, for threads threads a block (1 to
 * OCC_MAX_THREADS), regs registers a thread (0: not counted) and smem
 * bytes of shared memory a block: what each limit allows, the resident
 * blocks, warps and threads and the occupancy, and what is in use; or why
 * the block does not fit.  Fills up to OCC_EXPLAIN_LINES lines and
 * returns how many (0 when threads is not positive).
 */
int		 occupancy_explain(const struct occ_device *, int threads,
		     int regs, int smem, char lines[][OCC_LINE_MAX]);

#endif
