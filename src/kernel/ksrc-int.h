/* SPDX-License-Identifier: ISC
 * ksrc-int.h - what the pieces of the kernel-file reader share: the
 * tokens, types, variables and values of a parse (struct rd), and the
 * functions each ksrc-*.c file lends those above it (the floors are listed
 * before the prototypes).  Private to src/kernel: the API is ksrc.h.
 */
#ifndef WV_KSRC_INT_H
#define WV_KSRC_INT_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#include "expr.h"
#include "variant.h"

/*
 * Budgets: what any file may cost the reader, so that its time and memory
 * stay linear in the file (issue 16).  A file past one is refused with
 * FILE:LINE:COLUMN naming the budget.
 */
#define KSRC_MAX_NEST	400		/* statements and expressions
					   inside each other (the reader's
					   levels: about three a parenthesis,
					   two a block; under ASan a level
					   takes about 3 KB of stack) */
#define KSRC_MAX_TOKENS	(1 << 20)	/* tokens after #define expansion */
#define KSRC_MAX_LOOPS	8		/* loops inside each other */
#define KSRC_MAX_WORK	(2 << 20)	/* tokens of loop bodies read, each
					   body twice (the dry run) */
#define KSRC_MAX_TEXT	(64 * 1024)	/* one text built (an expression) */
#define KSRC_MAX_TEXT_NEST 256		/* its parentheses inside each
					   other */
#define KSRC_MAX_KEPT	(64 << 20)	/* all the text a file builds */
#define KSRC_MAX_VARS	256		/* variables in scope at once (each if
					   and loop copies their values) */
#define KSRC_MAX_NAMES	2048		/* model names (values of integers)
					   at once; the model holds 96 lets */
#define KSRC_NAME_BUCKETS 1024
#define KSRC_MAX_HEIGHT	300		/* parentheses around a name, through
					   the lets it names: the model's
					   EXPR_MAX_DEPTH holds three times */

enum tok_kind { T_EOF, T_ID, T_NUM, T_FNUM, T_PUNCT, T_STR };

struct tok {
	enum tok_kind	 kind;
	const char	*p;
	int		 len;
	int		 line, col;	/* where it is used, 1-based */
	int		 off, end;	/* its source bytes (the use's) */
};

#define KSRC_MACRO_PARAMS 16	/* a function-like macro's parameters */
#define KSRC_MAX_COND	64	/* #if inside each other */
#define KSRC_MACRO_ARGS	(64 * 1024)	/* tokens of one call's arguments */

struct macro {
	char		 name[64];
	int		 first, n;	/* its body, in rd.mt */
	int		 func;
	int		 npar;		/* function-like: its parameters */
	int		 par[KSRC_MACRO_PARAMS];	/* their tokens, in rd.mt */
	int		 next;		/* older macro in its bucket, + 1 */
};

#define KSRC_MACRO_BUCKETS 1024

struct strct {
	char		 name[64];
	int		 size, align, nf;
	struct field_def f[VARIANT_MAX_FIELDS];
};

struct ty {
	int		 size, align;
	int		 is_int;	/* an integer the model can follow */
	int		 uns;		/* an unsigned integer type */
	int		 strct;		/* -1 or struct index */
	int		 ptr;
	char		 name[32];
};

/*
 * The C type of an integer value: size in bytes (1, 2, 4, 8) and
 * signedness; size 0 (a value made without a type) reads as int.
 * bool is size 1, unsigned, with is_bool set.
 */
struct ctype {
	int		 size;
	int		 uns;
	int		 is_bool;
};

/* int and unsigned int, the types C gives most of what the kernel
   computes. */
#define CT_INT	((struct ctype){ 4, 0, 0 })
#define CT_UINT	((struct ctype){ 4, 1, 0 })

/* Cooperative groups (namespace cooperative_groups): a thread block, a
   tile of it (thread_block_tile<N>), the grid, or another group. */
enum group_kind { G_NONE, G_BLOCK, G_TILE, G_GRID, G_OTHER };

enum var_kind { VK_INT, VK_DATA, VK_UNKNOWN, VK_ARRAY, VK_LOCAL };

struct var {
	char		 name[64];
	char		 model[EXPR_NAME_MAX];
	enum var_kind	 kind;
	int		 origin;	/* DATA, UNKNOWN: token that made it */
	int		 depth;
	int		 arr;		/* ARRAY: index in arrays */
	int		 strct;		/* DATA struct: its fields */
	int		 group;		/* DATA: a cooperative group (G_*) */
	const char	*gsize;		/* G_TILE: its size, model text */
	int		 psize;		/* ARRAY: a pointer's view, bytes per
					   element (reinterpret_cast), or 0 */
	int		 scalar;	/* ARRAY: a __constant__ scalar, an
					   array of one read as element 0 */
	int		 isint;		/* declared as an integer */
	struct ctype	 ct;		/* INT: its C type */
	int		 loc;		/* LOCAL: 1 + its entry in rd.loc,
					   0 = none (ksrc-local.c) */
};

/* A thread's own array, as declared (ksrc-local.c). */
struct klocal {
	int		 nametok;
	int		 size;		/* bytes per element */
	int		 strct;		/* -1 or struct index */
	char		 type[32];
	int		 nd;
	const char	*dims[2];	/* elements, model text */
	int		 regs;		/* read at a known subscript */
	int		 mem;		/* read at one not known */
};

/* A value while walking an expression. */
enum val_kind { VAL_INT, VAL_DATA, VAL_UNKNOWN, VAL_ARRAY, VAL_ELEM,
    VAL_ADDR };

struct val {
	enum val_kind	 kind;
	const char	*text;		/* INT: model text; ARRAY: the offset
					   in elements, or NULL for none */
	int		 origin;	/* DATA/UNKNOWN: token */
	int		 arr;		/* ARRAY, ELEM */
	const char	*sub[2];	/* ELEM: subscripts */
	int		 nsub;
	int		 field;		/* ELEM: -1 or field index */
	int		 size;		/* ELEM: bytes per lane override */
	int		 first, last;	/* tokens of the expression */
	int		 strct;		/* DATA of a struct type, or -1 */
	int		 group;		/* DATA: a cooperative group (G_*) */
	const char	*gsize;		/* G_TILE: its size */
	struct ctype	 ct;		/* INT: its C type */
};

/* What the file owns; the variant comes first so a cast finds the rest. */
struct kfile {
	struct variant	 v;
	char		**strs;
	int		 nstrs, astrs;
	struct body_def	*body;
	int		 nbody, abody;
};

/* A type's other name: a '// warpviz: type T=float' line (a template's
   type parameter) or the file's typedef.  text: the line's type, read
   when first used (the structs come after the header lines). */
struct alias {
	char		 name[64];
	const char	*text;		/* unresolved, or NULL */
	int		 line;		/* of the type line */
	struct ty	 ty;
};

#define KSRC_MAX_ALIASES 64
#define KSRC_MAX_TPARAMS 16	/* a template's parameters */

/* A template's type parameters (typename T): their names' tokens, and
   bit i of types set where the i-th parameter (of all) is one. */
struct tlist {
	int		 tt[KSRC_MAX_TPARAMS];
	int		 ntt;
	unsigned	 types;
};

/* A __device__ function of the file, inlined where the kernel calls it:
   tokens of its start (after template <...>), its '(' and its '{', its
   integer template parameters and its type ones. */
struct dfn {
	int		 start, name, params, body;
	int		 tp[KSRC_MAX_TPARAMS], tpt[KSRC_MAX_TPARAMS];
	int		 ntp;
	struct tlist	 tl;
};

#define KSRC_MAX_FUNCS	32
#define KSRC_MAX_INLINE	8	/* calls inlined inside each other */

struct rd {
	const char	*path, *text;
	struct kfile	*kf;
	struct tok	*t;		/* expanded tokens of the file */
	int		 nt, at_;
	struct tok	*mt;		/* macro bodies */
	int		 nmt;
	struct macro	*m;
	int		 nm;
	int		 mhead[KSRC_MACRO_BUCKETS];	/* newest, + 1 */
	/* A function-like macro's call being collected: its name (as
	   used), the macro + 1, how deep in expansions, the arguments'
	   tokens so far and the parentheses open (0: '(' not yet seen). */
	int		 cond[KSRC_MAX_COND];	/* #if nesting: COND_* bits */
	int		 ncond;
	int		 skipping;	/* inside a branch not taken */
	int		 pm;
	int		 pdepth, pparen;
	struct tok	 pname;
	struct tok	*pa;
	int		 npa;
	struct strct	 st[16];
	int		 nst;
	struct alias	 al[KSRC_MAX_ALIASES];
	int		 nal;
	char		 cgns[4][64];	/* namespace X = cooperative_groups */
	int		 ncgns;
	char		 shmk[8][64];	/* what returns the dynamic shared
					   memory: SharedMemory<T>() */
	int		 nshmk;
	struct dfn	 fn[KSRC_MAX_FUNCS];
	int		 nfn;
	int		 inl[KSRC_MAX_INLINE];	/* functions being inlined */
	int		 ninl;
	int		 nfile;		/* variables at file scope */
	int		 hide_lo, hide_hi;	/* variables a function does
						   not see: the caller's */
	int		 fn_depth;	/* the inlined function's block */
	int		 fn_nested;	/* ifs and loops open around the call */
	struct val	*ret;		/* where its return puts its value */
	int		 has_ret;
	/* ksrc-inline.c lends the expression walker its statements: a call
	   of a function of the file, inlined. */
	struct val	 (*call_fn)(struct rd *, int fn, int first);
	/* ksrc-loop.c lends the statements below it the loops. */
	int		 (*loop_fn)(struct rd *);
	/* ksrc-access.c lends ksrc-call.c, below it, the expression
	   walker: the arguments and operands inside a call or a cast. */
	struct val	 (*walk_fn)(struct rd *, int prec);
	struct val	 (*unary_fn)(struct rd *);
	struct var	*vars;
	int		 nvars, avars;
	int		 depth;
	int		 pos;		/* parser position in t */
	int		 dry;		/* discovering what a loop changes */
	char		 (*used)[EXPR_NAME_MAX];
	int		 nused, aused;
	int		*used_next;	/* older name in its bucket, + 1 */
	int		*used_h;	/* a let's height: KSRC_MAX_HEIGHT */
	int		 uhead[KSRC_NAME_BUCKETS];	/* newest, + 1 */
	int		 nlets;
	char		*cause;
	jmp_buf		 jb;
	int		 narrays;
	int		 loop_depth;
	/* dry run: which variables a loop body assigns and how */
	int		*chg;		/* per var: 0 none, 1 additive, 2 other */
	const char	**inc;		/* additive: sum of increments */
	int		*chg_at;
	int		 nchg;		/* entries of chg, chg_at and inc */
	int		 nested;	/* inside an if or loop in the body */
	int		 in_top_if;	/* a branch of an if of the top block */
	int		 let_line;	/* nonzero: the line the lets made now
					   belong to (an if's merges) */
	int		 cont_depth;	/* the innermost loop's block, or -1 */
	int		 in_loop_if;	/* a branch of an if of that block */
	void		**tmps;		/* freed when the parse ends */
	int		 ntmps, atmps;
	/* budgets (see KSRC_MAX_*) */
	int		 nest;		/* statements, expressions open */
	int		 loops;		/* loops open, dry runs included */
	int		 nsites;	/* access sites in the body */
	long		 work;		/* loop-body tokens read so far */
	size_t		 kept;		/* bytes of text the file built */
	struct snapv	*sv;		/* the values snapshots hold, a stack */
	int		 nsv, asv;
	struct klocal	*loc;		/* the thread's own arrays declared */
	int		 nloc, aloc;
	long		 locwork;	/* ksrc-local.c's budget */
	signed char	*locmemo;	/* its memo, one entry a body entry,
					   kept so that a refusal leaks none */
	int		 nlocmemo;
	const int	*locmem;	/* second reading: the nametoks of the
					   arrays in local memory */
	int		 nlocmem;
};

/* What a snapshot keeps of a variable: what an if or a loop changes. */
struct snapv {
	enum var_kind	 kind;
	int		 origin;
	char		 model[EXPR_NAME_MAX];
};

/* A C base type the reader knows. */
struct base_type {
	const char	*name;
	int		 size, align, is_int;
	int		 uns;		/* unsigned */
	int		 spec;		/* a keyword that combines */
};

/* The "// warpviz:" lines of the kernel being read. */
struct meta {
	const char	*kernel, *grid, *block;
	int		 launch_line;
	struct {
		const char *name, *length, *dims;
		int line;
		int bound;
		int tex;		/* a texture line (2D: dims) */
		const char *type;	/* texture: its texel type */
	}		 arr[VARIANT_MAX_ARRAYS];
	int		 narr;
	int		 nparams;
	int		 nderived;
	int		 blk;		/* which block of warpviz: lines */
	int		 after;		/* its last line: the kernel follows */
	int		 tparam[KSRC_MAX_TPARAMS];	/* template <int X>:
							   tokens */
	int		 tptype[KSRC_MAX_TPARAMS];	/* where each one's
							   type starts */
	int		 ntparam;
	const char	*sym[VARIANT_MAX_PARAMS];
	int		 keyline[8];	/* the line of each name=, title=,
					   ... (ksrc-meta.c), 0 = none yet */
	int		 param_line[VARIANT_MAX_PARAMS];
	int		 derived_line[4];
};

/* The reader's floors, ground first; each file calls only those above
   it in this list (tests/layers.sh checks it):
   ksrc-core.c, ksrc-lex.c, ksrc-device.c, ksrc-meta.c, ksrc-sym.c,
   ksrc-local.c,
   ksrc-access.c,
   ksrc-decl.c, ksrc-body.c, ksrc.c (the entry points, in ksrc.h), then
   ksrc-host.c and ksrc-draft.c (check --draft, ksrc-draft.h). */

/* ksrc-core.c: memory, errors, the token cursor */
char	*ksrc_keep(struct rd *r, char *s);
void	*ksrc_keep_mem(struct rd *r, size_t n, size_t size);
void	*ksrc_tmp_calloc(struct rd *r, size_t n, size_t size);
void	 ksrc_tmp_release(struct rd *r, int mark);
const char	*ksrc_fmt(struct rd *r, const char *f, ...)
    __attribute__((format(printf, 2, 3)));
const char	*ksrc_dup_n(struct rd *r, const char *p, size_t n);
void	 ksrc_fail(struct rd *r, int tok, const char *f, ...)
    __attribute__((format(printf, 3, 4), noreturn));
int	 ksrc_tok_is(const struct tok *t, const char *s);
struct tok	*ksrc_tk(struct rd *r);
int	 ksrc_at(struct rd *r, const char *s);
int	 ksrc_eat(struct rd *r, const char *s);
void	 ksrc_want(struct rd *r, const char *s);
void	 ksrc_skip_past(struct rd *r, const char *s);
const char	*ksrc_tok_text(struct rd *r, int i);
const char	*ksrc_src_text(struct rd *r, int first, int last);
void	 ksrc_nest_in(struct rd *r);
void	 ksrc_nest_out(struct rd *r);
void	 ksrc_kfile_free(struct kfile *kf);
void	 ksrc_rd_free(struct rd *r);

/* ksrc-lex.c: tokens and #define */
void	 ksrc_lex_push_tok(struct rd *r, struct tok **arr, int *n,
		     const struct tok *t);
int	 ksrc_lex_find_macro(const struct rd *r, const char *p, int len);
void	 ksrc_lex_text(struct rd *r, int from, int to, int line, int col,
		     int top);
void	 ksrc_lex_flush(struct rd *r);
void	 ksrc_lex_predefine(struct rd *r);
void	 ksrc_lex_file(struct rd *r);

/* ksrc-device.c: the text NVRTC compiles, host code blanked */
const char	*ksrc_device_text(struct rd *r);

/* ksrc-meta.c: the "// warpviz:" lines */
const char	*ksrc_meta_expand_text(struct rd *r, const char *text,
		     int line);
void	 ksrc_meta_split2(struct rd *r, const char *s, const char **a,
		     const char **b);
int	 ksrc_meta_lines(struct rd *r, struct meta *m);

/* ksrc-sym.c: types, variables, arrays, the body being built */
const struct base_type	*ksrc_sym_find_base(const struct tok *t);
int	 ksrc_sym_find_alias(const struct rd *r, const struct tok *t);
int	 ksrc_sym_is_shmem_maker(const struct rd *r, const struct tok *t);
int	 ksrc_sym_find_fn(const struct rd *r, const struct tok *t);
void	 ksrc_sym_note_shmem_maker(struct rd *r, int nametok, int body);
void	 ksrc_sym_add_alias(struct rd *r, int nametok, const char *name,
		     const char *text, int line, const struct ty *ty);
int	 ksrc_sym_type_starts(struct rd *r, int i);
void	 ksrc_sym_parse_type(struct rd *r, struct ty *out);
void	 ksrc_sym_unknown_type(struct rd *r, int tok)
	    __attribute__((__noreturn__));
struct body_def	*ksrc_sym_body_add(struct rd *r, enum body_kind kind);
const char	*ksrc_sym_uniq(struct rd *r, const char *base);
void	 ksrc_sym_uniq_forget(struct rd *r, int n);
struct var	*ksrc_sym_find_var(struct rd *r, const struct tok *t);
struct var	*ksrc_sym_add_var(struct rd *r, const struct tok *t,
		     enum var_kind kind);
void	 ksrc_sym_set_int(struct rd *r, struct var *v, const char *text);
void	 ksrc_sym_set_ptr(struct rd *r, struct var *v, const char *off);
void	 ksrc_sym_note_change(struct rd *r, struct var *v, int additive,
		     const char *inc, int tok);
int	 ksrc_sym_snap_take(struct rd *r);
const struct snapv	*ksrc_sym_snap_at(struct rd *r, int snap, int i);
void	 ksrc_sym_snap_restore(struct rd *r, int snap, int n);
void	 ksrc_sym_snap_drop(struct rd *r, int snap);
void	 ksrc_sym_array_name(struct rd *r, int nametok, const char *name);
void	 ksrc_sym_add_array(struct rd *r, int nametok, enum mem_space space,
		     const struct ty *ty, const char *len, const char *d0,
		     const char *d1);

/* ksrc-local.c: a thread's own arrays, in registers or local memory */
void	 ksrc_local_declare(struct rd *r, struct var *v, int nametok,
		     const struct ty *ty, int nd, const char *const *d);
int	 ksrc_local_dynamic(struct rd *r, const struct var *v,
		     const struct val *sub, int nsub);
void	 ksrc_local_elem(struct rd *r, const struct var *v,
		     const char *const *idx, int nsub, int fieldtok, int first,
		     struct val *out);
const char	*ksrc_local_word(struct rd *r, const struct val *e, int k);
int	 ksrc_local_again(struct rd *r, int **mem);

/* ksrc-arith.c: values and C's integer arithmetic on them */
struct val	 ksrc_arith_mk(enum val_kind k, int first, int last);
struct ctype	 ksrc_arith_ctype(const struct ty *ty);
struct ctype	 ksrc_arith_ct_of(const struct val *x);
struct ctype	 ksrc_arith_promote(struct ctype c);
struct ctype	 ksrc_arith_usual(struct ctype a, struct ctype b);
const char	*ksrc_arith_as(struct rd *r, const struct val *x,
		     struct ctype to);
const char	*ksrc_arith_conv_name(struct ctype c);
const char	*ksrc_arith_in_type(struct rd *r, struct ctype c,
		     const char *text);
void	 ksrc_arith_op(struct rd *r, struct val *v,
		     const struct val *a, const struct val *b,
		     const char *op);
struct val	 ksrc_arith_literal(struct rd *r, int tok);

/* ksrc-place.c: access sites, integers the model follows, pointers */
const char	*ksrc_place_need_int(struct rd *r,
		     const struct val *x, const char *what);
/* ... and where the value is read from memory, hint names the rewrite
   (NULL: use the thread's indices, params and loop variables). */
const char	*ksrc_place_need_int_hint(struct rd *r, const struct val *x,
		    const char *what, const char *hint);
void	 ksrc_place_elem(struct rd *r, const struct val *e, enum mem_op op);
struct val	 ksrc_place_rval(struct rd *r, struct val x);
void	 ksrc_place_guard_open(struct rd *r, const char *cond, int line);
void	 ksrc_place_guard_close(struct rd *r);
void	 ksrc_place_no_2d(struct rd *r, const struct val *p);
const char	*ksrc_place_index_of(struct rd *r,
		     const struct val *p, const char *sub);
struct val	 ksrc_place_ptr_add(struct rd *r, struct val p,
		     const struct val *i, int minus,
		     int first);
struct val	 ksrc_place_deref(struct rd *r, struct val p, int first);
struct val	 ksrc_place_address_of(struct rd *r, struct val e, int first);
struct val	 ksrc_place_ptr_assign(struct rd *r,
		     struct var *var, struct val lhs, const char *op,
		     const struct val *rhs, int optok);

/* ksrc-call.c: casts, built-ins, calls of CUDA's functions, groups,
   textures (nested expressions through r->walk_fn, r->unary_fn) */
struct val	 ksrc_call_paren_or_cast(struct rd *r, int first);
struct val	 ksrc_call_cpp_cast(struct rd *r, int first);
struct val	 ksrc_call_functional_cast(struct rd *r, int first);
int	 ksrc_call_builtin(struct rd *r, int first, struct val *out);
struct val	 ksrc_call_named(struct rd *r, int first);
struct val	 ksrc_call_tile_of(struct rd *r);
struct val	 ksrc_call_group_method(struct rd *r, struct val g);
struct val	 ksrc_call_tex_fetch(struct rd *r, int first);

/* ksrc-access.c: expressions walked by C precedence */
struct val	 ksrc_access_walk(struct rd *r, int prec);
struct val	 ksrc_access_unary(struct rd *r);
const char	*ksrc_access_const_expr(struct rd *r, const char *what);

/* ksrc-decl.c: structs, the items at file scope, the kernel's parameters */
void	 ksrc_decl_kernel_params(struct rd *r, struct meta *m);
void	 ksrc_decl_file_scope(struct rd *r, struct meta *m, int *kbody);

/* ksrc-body.c: statements */
/* A snapshot of the variables' values, to merge after an if. */
struct snap {
	int	 at;		/* in the reader's stack of snapshots */
	int	 n;
};
int	 ksrc_body_block(struct rd *r);
int	 ksrc_body_statement(struct rd *r);
void	 ksrc_body_snap_take(struct rd *r, struct snap *s);
void	 ksrc_body_scope_pop(struct rd *r, int nvars);

/* ksrc-loop.c (above ksrc-body.c, reached through r->loop_fn): for, while
   and do */
int	 ksrc_loop_stmt(struct rd *r);

/* ksrc-inline.c (reached through r->call_fn): a call of a function of the
   file, inlined */
struct val	 ksrc_inline_call(struct rd *r, int fn, int first);

/* ksrc-flow.c (between ksrc-body.c and ksrc.c): what the source pane is
   handed, from the finished body: each site's flow and around lines, the
   variant's lines (kname: the kernel's name token, kend: its closing
   brace) */
void	 ksrc_flow(struct rd *r, int kname, int kend);

#endif
