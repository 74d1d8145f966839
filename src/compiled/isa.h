/* SPDX-License-Identifier: ISC
 * isa.h - the memory instructions of one kernel as the compiler emitted
 * them, read from text: PTX (NVRTC's or nvcc's, with -lineinfo) or SASS
 * (`nvdisasm -g -c` of a cubin, or `cuobjdump -sass`).  Pure text in,
 * facts out: no compiler is run here, nothing is printed.
 *
 * Units: width in bytes per lane (1 to 16); line is the 1-based line of
 * the kernel's own source file (0: no line info, or another file); offset
 * is the immediate byte offset of the address operand.  Loop depth counts
 * the backward branches whose range (label to branch) holds the
 * instruction.
 */
#ifndef WV_ISA_H
#define WV_ISA_H

#include <stddef.h>
#include <stdint.h>

#define ISA_MAX_INSNS	65536	/* memory instructions kept per function */
#define ISA_MAX_TEXT	(64 << 20)	/* the largest listing read */

enum isa_space {
	ISA_GLOBAL,		/* ld/st.global, LDG/STG, generic ld/st */
	ISA_SHARED,		/* ld/st.shared, LDS/STS */
	ISA_LOCAL,		/* ld/st.local, LDL/STL */
	ISA_CONST,		/* ld.const, LDC */
	ISA_TEXTURE		/* tex, tld4, TEX, TLD */
};

enum isa_kind {
	ISA_PTX,
	ISA_SASS
};

struct isa_insn {
	char		 mnem[32];	/* "ld.shared.v4.f32", "LDS.128" */
	enum isa_space	 space;
	int		 store;		/* 0 load, 1 store */
	int		 width;		/* bytes per lane */
	int		 line;		/* source line, 0 unknown */
	int		 depth;		/* enclosing loops in the listing */
	int		 nc;		/* read-only path (.nc, LDG.CONSTANT) */
	char		 base[32];	/* address base: "%r7", "R3" */
	int64_t		 offset;	/* immediate offset, bytes */
	int		 pos;		/* index among all instructions */
};

/* A stretch of the listing by instruction index (isa_insn.pos). */
struct isa_range {
	int		 first, last;
};

struct isa_func {
	enum isa_kind	 kind;
	char		 name[128];	/* the function found */
	int		 ninsn;
	struct isa_insn	*insn;		/* memory instructions, in order */
	int		 total;		/* instructions of any kind */
	int		 lines;		/* instructions carrying a source line */
	int		*lineat;	/* each instruction's source line, 0
					   unknown (total of them) */
	int		 nloops;	/* backward branches: first is the
					   target, last the branch */
	struct isa_range *loops;
	int		 nskips;	/* forward branches and predicated
					   exits: what runs only on the path
					   that does not take them is first+1
					   to last-1 (last = total: to the
					   end) */
	struct isa_range *skips;
};

/*
 * Read function `name` (its lowered or extern "C" name) from a listing of
 * `kind`; `file` is the kernel's source file name: line info of other
 * files counts only where it is inlined at a line of this one (a file
 * whose last path component equals file's is this one; when no file
 * matches, the first file named is).  0, or -1 with a one-line *cause.
 */
int	isa_read(enum isa_kind, const char *text, size_t len, const char *name,
	    const char *file, struct isa_func *, char **cause);
void	isa_free(struct isa_func *);
/* "global", "shared", "local", "constant", "texture". */
const char *isa_space_name(enum isa_space);
/* "ptx" or "sass". */
const char *isa_kind_name(enum isa_kind);

#endif
