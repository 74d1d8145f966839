/* SPDX-License-Identifier: ISC
 * variant.h - how a seed kernel is described to the model: its parameters,
 * arrays, index lets, guard and the access sites of its body, in the text
 * the kernel's own CUDA source uses.  The catalog (src/variants/) holds the
 * const instances; launch-init.c turns one into numbers for given parameters.
 *
 * Units: element sizes and field offsets in bytes; lengths in elements.
 */
#ifndef WV_VARIANT_H
#define WV_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#define VARIANT_MAX_PARAMS	10
#define VARIANT_MAX_ARRAYS	12	/* a kernel file's __constant__ scalars
					   are arrays of one */
#define VARIANT_MAX_LETS	12
#define VARIANT_MAX_BODY	24
#define VARIANT_MAX_FIELDS	4
#define VARIANT_MAX_LOOPS	16	/* each an affine variable: expr.h's
					   AFFINE_MAX_VARS holds them
					   (launch-init.c asserts it) */

enum mem_space {
	SPACE_GLOBAL,
	SPACE_SHARED,
	SPACE_CONSTANT,
	SPACE_LOCAL		/* a thread's own array, in device memory with
				   word w of lane l at (32 w + l) x 4 bytes of
				   its warp's frame: served by global memory's
				   rules (doc/rules.md) */,
	SPACE_TEXTURE		/* read through the texture unit: a 2D
				   CUDA array (dims: rows = y, cols = x)
				   or 1D linear memory; rules_texture_* */
};

enum mem_op {
	OP_LOAD,
	OP_STORE,
	OP_ATOMIC		/* a read-modify-write (atomicAdd ...) of global
				   memory: rules_atomic's passes */
};
#define OP_COUNT	3

#define PARAM_POW2	0x1	/* value must be a power of two */

/* One parameter: the table drives the CLI, the TUI editor, list and man. */
struct param_def {
	const char	*name;		/* on the command line, lower case */
	const char	*sym;		/* in expressions; NULL = name */
	int64_t		 min, max, def;
	int		 flags;
	const char	*unit;		/* "elements", "threads", "bytes" */
	const char	*text;		/* one line of help */
};

struct field_def {
	const char	*name;
	int		 offset;	/* bytes */
	int		 size;		/* bytes */
};

struct array_def {
	const char	*name;
	enum mem_space	 space;
	int		 elem_size;	/* bytes */
	const char	*length;	/* elements, over parameters */
	const char	*dims[2];	/* [rows][cols] for 2D subscripts or
					   for drawing a matrix; NULL = 1D */
	struct field_def fields[VARIANT_MAX_FIELDS];
	const char	*type;		/* "float", "struct vec3", shown */
	int		 line;		/* kernel files: the line declaring it
					   in the source, 0 = unknown */
};

struct let_def {
	const char	*name;
	const char	*expr;
};

enum body_kind {
	BODY_END_OF_PROGRAM = 0,
	BODY_LOOP,		/* for (var = 0; var < count; var++) */
	BODY_END,		/* closes the innermost loop */
	BODY_SITE,		/* one access */
	/* Kernel files (ksrc.c) also use these; see the block below. */
	BODY_FOR,		/* for (name = init; expr; name step_op= step) */
	BODY_IF,		/* expr guards up to the matching END */
	BODY_ELSE,		/* inside an IF: !expr from here to its END */
	BODY_LET		/* name = expr, per thread, in body order */
};

struct body_def {
	enum body_kind	 kind;
	const char	*text;	/* LOOP: var; SITE: the access "M[Row*Width+k]" */
	const char	*count;	/* LOOP: trip count over parameters */
	enum mem_op	 op;	/* SITE */
	int		 size;	/* SITE: bytes per lane, 0 = element/field */
	const char	*guard;	/* SITE: its own condition (an if around
				   it), with the kernel's; NULL = none */

	/* --- kernel files (ksrc.c): later members, zero in the catalog --- */
	const char	*name;	/* FOR, LET: the name expressions use */
	const char	*expr;	/* SITE: access in model names; FOR: the
				   condition; IF: the condition; LET: value */
	const char	*init;	/* FOR: first value */
	const char	*step;	/* FOR: operand of the step */
	int		 step_op; /* FOR: '+' (+= step), '*', '/', '<' (<<=),
				   '>' (>>=) */
	const char	*iter;	/* FOR: name of the iteration count (0..) */
	int		 line;	/* SITE, FOR, IF: 1-based line in source */
	int		 col;	/* SITE: 0-based byte column in that line */
	const char	*conv;	/* FOR: the range of the variable's C type
				   as a conversion of expr.h ("u32", "s32"),
				   which every value must stay inside;
				   NULL = int64 */
	/* SITE, from the reader, for the source pane (lines 1-based,
	   ascending, 0 ends; NULL = not known): */
	const int	*flow;	/* the lines its indices flow from: the
				   declarations and assignments of the
				   variables in them, followed back, and the
				   loops that step them */
	const int	*around; /* the loops and ifs around it (an early
				   return's if included) */
	int		 last;	/* FOR: the line of its body's last
				   token (its closing brace); 0 = not
				   known */
};

#define BODY_LOOP(v, n)		{ BODY_LOOP, (v), (n), OP_LOAD, 0 }
#define BODY_END()		{ BODY_END, NULL, NULL, OP_LOAD, 0 }
#define BODY_LOAD(t)		{ BODY_SITE, (t), NULL, OP_LOAD, 0 }
#define BODY_STORE(t)		{ BODY_SITE, (t), NULL, OP_STORE, 0 }
#define BODY_LOADN(t, n)	{ BODY_SITE, (t), NULL, OP_LOAD, (n) }
#define BODY_STORE_IF(t, g)	{ BODY_SITE, (t), NULL, OP_STORE, 0, (g) }

/*
 * --- Live run ---
 * What the live runner (src/gpu/gpu-run.c) needs to launch, time and check
 * the kernel, as data, so that no file special-cases a kernel by name.
 * Expressions are over the parameters (by sym) and derived values, as
 * everywhere in a variant.  The references and fills are in
 * src/variants/ref.c (libc only, unit-tested on the CPU).
 */
struct ref_run;

struct live_spec {
	const char	*args;		/* the kernel's arguments in order,
					   space separated: an array's name
					   (its device pointer) or an int
					   expression ("Width", "pitch") */
	const char	*outputs;	/* arrays the kernel writes */
	float		 lo, hi;	/* inputs uniform in [lo, hi) */
	int		 dynamic;	/* shared arrays are extern __shared__:
					   their bytes are dynamic smem */
	const char	*instance;	/* a parameter whose value picks a
					   template instance: kernel_<value> */
	int		 instances[4];	/* the values built, 0 ends */
	const char	*min_bytes;	/* the least it must move, bytes; NULL =
					   every global array once */
	const char	*copy_bytes;	/* a copy: bench compares it with a
					   cuMemcpyDtoD of this many bytes */
	void		 (*fill)(struct ref_run *);	/* lays out inputs
					   after the random fill, or NULL */
	int		 (*reference)(struct ref_run *);	/* checks the
					   outputs: 0, or -1 with why; NULL =
					   timed, not verified */
	const char	*small;		/* "n=19,bx=8,by=8": small enough for
					   unit tests to visit every warp */
	const char	*text;		/* the source in memory (a user's
					   file); NULL = cuda/<source> */
};

/*
 * What the reader saw on each line of the source (SRCL_* bits), so that
 * the source pane can choose lines without reading C itself.
 */
#define SRCL_CODE	0x01	/* holds a token of C */
#define SRCL_BRACE	0x02	/* holds only braces and semicolons */
#define SRCL_CTL	0x04	/* starts with for, if or while */
#define SRCL_THREAD	0x08	/* reads threadIdx or blockIdx */
#define SRCL_SHARED	0x10	/* says __shared__ */
#define SRCL_KERNEL	0x20	/* names the kernel */
#define SRCL_EXTERN	0x40	/* starts with extern */
#define SRCL_STRUCT	0x80	/* defines a struct a parameter names */

struct source_lines {
	int			 first, last;	/* the kernel's lines, from its
						   return type to its closing
						   brace; 0 = unknown */
	int			 n;		/* lines in bits[] */
	const unsigned char	*bits;		/* SRCL_* of line k at [k] */
};

struct variant {
	const char	*name;		/* "matmul-col" */
	const char	*family;	/* "matmul" */
	const char	*title;		/* one line */
	const char	*lesson;	/* a few sentences shown on screen */
	const char	*kernel;	/* the __global__ function name */
	const char	*source;	/* the .cu file name under cuda/ */
	struct param_def params[VARIANT_MAX_PARAMS];
	struct let_def	 derived[4];	/* over parameters only */
	const char	*block[2];	/* blockDim.x, blockDim.y */
	const char	*grid[2];	/* gridDim.x, gridDim.y */
	struct array_def arrays[VARIANT_MAX_ARRAYS];
	struct let_def	 lets[VARIANT_MAX_LETS];	/* per thread, in order */
	const char	*guard;		/* kernel-wide condition, NULL = none */
	const char	*require;	/* over parameters: must hold */
	const char	*require_text;	/* what to tell when it does not */
	struct body_def	 body[VARIANT_MAX_BODY];
	const char	*compare;	/* partners, blank-separated, each
					   "name" or "name:p=v,p=v":
					   "matmul-row matmul-tiled" (see
					   param_partner_next) */
	const char	*note;		/* what the hardware hides, or NULL */

	/* --- live run: see struct live_spec --- */
	struct live_spec live;
	/*
	 * --- kernel files (ksrc.c): a variant read from a .cu file.  Zero
	 * in the catalog's const descriptions.  When xbody is set, launch-init.c
	 * reads the body from it instead of body[]; text is the file's
	 * contents and path where it came from.
	 */
	const struct body_def	*xbody;
	int			 nxbody;
	const char		*text;		/* the whole .cu file */
	const char		*path;		/* as given by the user */
	struct source_lines	 lines;		/* what each line holds */
};

#endif
