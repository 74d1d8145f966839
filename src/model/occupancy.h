/*
 * occupancy.h - how many blocks of a kernel an SM holds at once, and so
 * how many warps are resident, under a device model: the limits on
 * threads, registers, shared memory and blocks per SM, whichever bites
 * first.  Pure arithmetic, libc only; never prints.
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
};

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
/*
 * The result in words, for a what-if: up to OCC_TEXT_LINES lines of len
 * bytes: resident blocks and warps with a rounded percentage and what
 * binds, the blocks each limit allows, the shared memory in use; when not
 * one block fits, which resource a block asks too much of.  Returns the
 * lines written.
 */
#define OCC_TEXT_LINES	3
#define OCC_TEXT_LEN	128
int		 occupancy_text(const struct occ_device *, int threads,
		     int regs, int smem, const struct occ_result *,
		     char lines[][OCC_TEXT_LEN]);
/* "threads", "registers", "shared memory", "blocks", "does not fit". */
const char	*occupancy_limit_name(enum occ_limit);

#endif
