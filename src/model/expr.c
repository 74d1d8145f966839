/* SPDX-License-Identifier: ISC
 * expr.c - parse, evaluate and decompose integer index expressions.
 *
 * The grammar is the C subset index code uses: integer literals, names
 * (threadIdx.x style dotted builtins included), unary - ! ~, * / %, + -,
 * << >>, < <= > >=, == !=, & ^ |, &&, ||, ?:, parentheses, and the
 * conversions of expr.h written as calls: u32(x).  Division and modulo
 * truncate toward zero as in C.  Must not print or exit.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "expr.h"
#include "xmalloc.h"

enum expr_kind {
	EXPR_NUM,
	EXPR_SLOT,
	EXPR_LET,
	EXPR_NEG,
	EXPR_NOT,
	EXPR_BNOT,
	EXPR_BIN,
	EXPR_COND,
	EXPR_CONV
};

/* The conversions, by name: the range they keep, whether they wrap into
   it (else a value outside is the error err). */
static const struct conv {
	const char	*name;
	int64_t		 lo, hi;
	int		 wrap, err;
} convs[] = {
	{ "u8", 0, UINT8_MAX, 1, 0 }, { "i8", INT8_MIN, INT8_MAX, 1, 0 },
	{ "u16", 0, UINT16_MAX, 1, 0 }, { "i16", INT16_MIN, INT16_MAX, 1, 0 },
	{ "u24", 0, 0xffffff, 1, 0 }, { "i24", -0x800000, 0x7fffff, 1, 0 },
	{ "u32", 0, UINT32_MAX, 1, 0 }, { "i32", INT32_MIN, INT32_MAX, 1, 0 },
	{ "u64", 0, INT64_MAX, 0, EXPR_ERANGE },
	{ "i64", INT64_MIN, INT64_MAX, 0, EXPR_EOVERFLOW },
	{ "s32", INT32_MIN, INT32_MAX, 0, EXPR_ESIGNED },
	{ "n32", 0, 31, 0, EXPR_ESHIFT }, { "n64", 0, 63, 0, EXPR_ESHIFT },
	{ NULL, 0, 0, 0, 0 }
};

enum expr_binop {
	OP_MUL, OP_DIV, OP_MOD, OP_ADD, OP_SUB,
	OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE,
	OP_AND, OP_OR,
	OP_SHL, OP_SHR, OP_BAND, OP_BXOR, OP_BOR
};

struct expr {
	enum expr_kind		 kind;
	enum expr_binop		 op;
	int64_t			 num;
	int			 slot;
	const struct conv	*conv;	/* EXPR_CONV */
	const struct expr	*let;	/* EXPR_LET: not owned */
	struct expr		*a, *b, *c;
	int			 height;	/* levels below, lets' too */
};

struct parser {
	const struct expr_scope	*scope;
	const char		*text;
	const char		*p;
	char			*cause;
	int			 depth;		/* parse_cond, parse_unary open */
};

static struct expr	*parse_cond(struct parser *);

/* At most 60 bytes of a text in a message, "..." after. */
#define SHOWN(s)	(strlen(s) > 60 ? 60 : (int)strlen(s)), (s), \
	(strlen(s) > 60 ? "..." : "")

static void
parse_error(struct parser *ps, const char *what)
{
	if (ps->cause != NULL)
		return;
	if (*ps->p == '\0')
		ps->cause = cause_printf("%s at end of \"%.*s%s\"", what,
		    SHOWN(ps->text));
	else
		ps->cause = cause_printf("%s at \"%.*s%s\" in \"%.*s%s\"",
		    what, SHOWN(ps->p), SHOWN(ps->text));
}

/*
 * Bound the tree: a node EXPR_MAX_DEPTH levels above its leaves (through
 * lets) is refused, so evaluating, decomposing and freeing it recurse a
 * bounded depth on any stack.  Returns e, or NULL (e freed) and the error.
 */
static struct expr *
grown(struct parser *ps, struct expr *e)
{
	int	h = 0;

	if (e->a != NULL && e->a->height > h)
		h = e->a->height;
	if (e->b != NULL && e->b->height > h)
		h = e->b->height;
	if (e->c != NULL && e->c->height > h)
		h = e->c->height;
	if (e->let != NULL && e->let->height > h)
		h = e->let->height;
	e->height = h + 1;
	if (e->height <= EXPR_MAX_DEPTH)
		return e;
	expr_free(e);
	parse_error(ps, "nested too deep");
	return NULL;
}

static struct expr *
node_new(enum expr_kind kind)
{
	struct expr	*e;

	e = xcalloc(1, sizeof *e);
	e->kind = kind;
	return e;
}

static struct expr *
node_bin(enum expr_binop op, struct expr *a, struct expr *b)
{
	struct expr	*e;

	e = node_new(EXPR_BIN);
	e->op = op;
	e->a = a;
	e->b = b;
	return e;
}

void
expr_free(struct expr *e)
{
	if (e == NULL)
		return;
	expr_free(e->a);
	expr_free(e->b);
	expr_free(e->c);
	free(e);
}

static void
skip_space(struct parser *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

static int
accept(struct parser *ps, const char *tok)
{
	size_t	len = strlen(tok);

	skip_space(ps);
	if (strncmp(ps->p, tok, len) != 0)
		return 0;
	/* "<" must not take the first half of "<=" or "<<", "&" of "&&". */
	if (len == 1 && (tok[0] == '<' || tok[0] == '>' || tok[0] == '!') &&
	    ps->p[1] == '=')
		return 0;
	if (len == 1 && (tok[0] == '<' || tok[0] == '>' || tok[0] == '&' ||
	    tok[0] == '|') && ps->p[1] == tok[0])
		return 0;
	ps->p += len;
	return 1;
}

static int
read_name(struct parser *ps, char *name)
{
	const char	*start = ps->p;
	size_t		 len;

	skip_space(ps);
	start = ps->p;
	if (!isalpha((unsigned char)*ps->p) && *ps->p != '_')
		return 0;
	while (isalnum((unsigned char)*ps->p) || *ps->p == '_')
		ps->p++;
	/* threadIdx.x, blockDim.y: a dotted builtin is one name. */
	if (ps->p[0] == '.' && strchr("xyz", ps->p[1]) != NULL &&
	    ps->p[1] != '\0' && !isalnum((unsigned char)ps->p[2]) &&
	    (strncmp(start, "threadIdx", 9) == 0 ||
	    strncmp(start, "blockIdx", 8) == 0 ||
	    strncmp(start, "blockDim", 8) == 0 ||
	    strncmp(start, "gridDim", 7) == 0))
		ps->p += 2;
	len = ps->p - start;
	if (len >= EXPR_NAME_MAX) {
		ps->p = start;
		parse_error(ps, "name too long");
		return 0;
	}
	memcpy(name, start, len);
	name[len] = '\0';
	return 1;
}

static struct expr *
resolve(struct parser *ps, const char *name)
{
	const struct expr_scope	*sc = ps->scope;
	struct expr		*e;
	int			 i;

	for (i = sc->nlets - 1; i >= 0; i--) {
		if (strcmp(sc->let_name[i], name) == 0) {
			e = node_new(EXPR_LET);
			e->let = sc->let_expr[i];
			return grown(ps, e);
		}
	}
	for (i = 0; i < sc->nslots; i++) {
		if (strcmp(sc->slot_name[i], name) == 0) {
			e = node_new(EXPR_SLOT);
			e->slot = i;
			e->height = 1;
			return e;
		}
	}
	if (ps->cause == NULL)
		ps->cause = cause_printf("unknown name \"%s\" in \"%s\"",
		    name, ps->text);
	return NULL;
}

/* A conversion written as a call: "u32(x)". */
static struct expr *
parse_conv(struct parser *ps, const char *name)
{
	const struct conv	*c;
	struct expr		*e, *a;

	for (c = convs; c->name != NULL; c++)
		if (strcmp(c->name, name) == 0)
			break;
	if (c->name == NULL) {
		parse_error(ps, "not a conversion (u8 i8 u16 i16 u24 i24 u32 "
		    "i32 u64 i64 s32 n32 n64)");
		return NULL;
	}
	accept(ps, "(");
	if ((a = parse_cond(ps)) == NULL)
		return NULL;
	if (!accept(ps, ")")) {
		parse_error(ps, "expected )");
		expr_free(a);
		return NULL;
	}
	e = node_new(EXPR_CONV);
	e->conv = c;
	e->a = a;
	return grown(ps, e);
}

static struct expr *
parse_primary(struct parser *ps)
{
	struct expr	*e;
	char		 name[EXPR_NAME_MAX];
	char		*end;
	long long	 v;

	skip_space(ps);
	if (accept(ps, "(")) {
		e = parse_cond(ps);
		if (e == NULL)
			return NULL;
		if (!accept(ps, ")")) {
			parse_error(ps, "expected )");
			expr_free(e);
			return NULL;
		}
		return e;
	}
	if (isdigit((unsigned char)*ps->p)) {
		v = strtoll(ps->p, &end, 0);
		if (end == ps->p || v < 0) {
			parse_error(ps, "bad number");
			return NULL;
		}
		ps->p = end;
		/* Integer suffixes as C writes them: 32u, 4L. */
		while (*ps->p == 'u' || *ps->p == 'U' || *ps->p == 'l' ||
		    *ps->p == 'L')
			ps->p++;
		e = node_new(EXPR_NUM);
		e->num = v;
		e->height = 1;
		return e;
	}
	if (read_name(ps, name)) {
		skip_space(ps);
		if (*ps->p == '(')
			return parse_conv(ps, name);
		return resolve(ps, name);
	}
	parse_error(ps, "expected a number, a name or (");
	return NULL;
}

static struct expr	*parse_unary(struct parser *);

static struct expr *
parse_unary_(struct parser *ps)
{
	struct expr	*e, *a;

	if (accept(ps, "-")) {
		if ((a = parse_unary(ps)) == NULL)
			return NULL;
		e = node_new(EXPR_NEG);
		e->a = a;
		return grown(ps, e);
	}
	if (accept(ps, "!")) {
		if ((a = parse_unary(ps)) == NULL)
			return NULL;
		e = node_new(EXPR_NOT);
		e->a = a;
		return grown(ps, e);
	}
	if (accept(ps, "~")) {
		if ((a = parse_unary(ps)) == NULL)
			return NULL;
		e = node_new(EXPR_BNOT);
		e->a = a;
		return grown(ps, e);
	}
	if (accept(ps, "+"))
		return parse_unary(ps);
	return parse_primary(ps);
}

/* The parser's recursion, bounded as the tree is: "(((((" and "- - -". */
static struct expr *
parse_unary(struct parser *ps)
{
	struct expr	*e;

	if (ps->depth >= EXPR_MAX_DEPTH) {
		parse_error(ps, "nested too deep");
		return NULL;
	}
	ps->depth++;
	e = parse_unary_(ps);
	ps->depth--;
	return e;
}

/* One left-associative precedence level. */
struct level {
	const char	*tok[4];
	enum expr_binop	 op[4];
};

static const struct level levels[] = {
	{ { "||" }, { OP_OR } },
	{ { "&&" }, { OP_AND } },
	{ { "|" }, { OP_BOR } },
	{ { "^" }, { OP_BXOR } },
	{ { "&" }, { OP_BAND } },
	{ { "==", "!=" }, { OP_EQ, OP_NE } },
	{ { "<=", ">=", "<", ">" }, { OP_LE, OP_GE, OP_LT, OP_GT } },
	{ { "<<", ">>" }, { OP_SHL, OP_SHR } },
	{ { "+", "-" }, { OP_ADD, OP_SUB } },
	{ { "*", "/", "%" }, { OP_MUL, OP_DIV, OP_MOD } },
};
#define NLEVELS (sizeof levels / sizeof levels[0])

static struct expr *
parse_level(struct parser *ps, size_t lv)
{
	struct expr	*a, *b;
	size_t		 i;
	int		 matched;

	if (lv == NLEVELS)
		return parse_unary(ps);
	if ((a = parse_level(ps, lv + 1)) == NULL)
		return NULL;
	for (;;) {
		matched = 0;
		for (i = 0; i < 4 && levels[lv].tok[i] != NULL; i++) {
			/* accept() keeps "&" from taking half of "&&". */
			if (accept(ps, levels[lv].tok[i])) {
				matched = 1;
				break;
			}
		}
		if (!matched)
			return a;
		if ((b = parse_level(ps, lv + 1)) == NULL) {
			expr_free(a);
			return NULL;
		}
		if ((a = grown(ps, node_bin(levels[lv].op[i], a, b))) ==
		    NULL)
			return NULL;
	}
}

static struct expr *
parse_cond_(struct parser *ps)
{
	struct expr	*c, *a, *b, *e;

	if ((c = parse_level(ps, 0)) == NULL)
		return NULL;
	if (!accept(ps, "?"))
		return c;
	if ((a = parse_cond(ps)) == NULL) {
		expr_free(c);
		return NULL;
	}
	if (!accept(ps, ":")) {
		parse_error(ps, "expected :");
		expr_free(c);
		expr_free(a);
		return NULL;
	}
	if ((b = parse_cond(ps)) == NULL) {
		expr_free(c);
		expr_free(a);
		return NULL;
	}
	e = node_new(EXPR_COND);
	e->a = c;
	e->b = a;
	e->c = b;
	return grown(ps, e);
}

static struct expr *
parse_cond(struct parser *ps)
{
	struct expr	*e;

	if (ps->depth >= EXPR_MAX_DEPTH) {
		parse_error(ps, "nested too deep");
		return NULL;
	}
	ps->depth++;
	e = parse_cond_(ps);
	ps->depth--;
	return e;
}

struct expr *
expr_parse(const struct expr_scope *scope, const char *text, char **cause)
{
	struct parser	 ps = { scope, text, text, NULL, 0 };
	struct expr	*e;

	if (strlen(text) > EXPR_MAX_TEXT) {
		if (cause != NULL)
			*cause = cause_printf("an expression longer than %d "
			    "bytes (\"%.60s...\")", EXPR_MAX_TEXT, text);
		return NULL;
	}
	e = parse_cond(&ps);
	if (e != NULL) {
		skip_space(&ps);
		if (*ps.p != '\0') {
			parse_error(&ps, "unexpected text");
			expr_free(e);
			e = NULL;
		}
	}
	if (e == NULL) {
		if (cause != NULL)
			*cause = ps.cause;
		else
			free(ps.cause);
	}
	return e;
}

int
expr_parse_access(const struct expr_scope *scope, const char *text,
    char *name, char *field, struct expr **sub, int max_sub, char **cause)
{
	struct parser	 ps = { scope, text, text, NULL, 0 };
	int		 n = 0, i;

	if (strlen(text) > EXPR_MAX_TEXT) {
		if (cause != NULL)
			*cause = cause_printf("an access longer than %d "
			    "bytes (\"%.60s...\")", EXPR_MAX_TEXT, text);
		return -1;
	}
	field[0] = '\0';
	if (!read_name(&ps, name)) {
		parse_error(&ps, "expected an array name");
		goto fail;
	}
	while (accept(&ps, "[")) {
		if (n == max_sub) {
			parse_error(&ps, "too many subscripts");
			goto fail;
		}
		if ((sub[n] = parse_cond(&ps)) == NULL)
			goto fail;
		n++;
		if (!accept(&ps, "]")) {
			parse_error(&ps, "expected ]");
			goto fail;
		}
	}
	if (n == 0) {
		parse_error(&ps, "expected [");
		goto fail;
	}
	if (accept(&ps, ".") && !read_name(&ps, field)) {
		parse_error(&ps, "expected a field name");
		goto fail;
	}
	skip_space(&ps);
	if (*ps.p != '\0') {
		parse_error(&ps, "unexpected text");
		goto fail;
	}
	return n;
fail:
	for (i = 0; i < n; i++)
		expr_free(sub[i]);
	if (cause != NULL)
		*cause = ps.cause;
	else
		free(ps.cause);
	return -1;
}

int
expr_scope_slot(struct expr_scope *sc, const char *name)
{
	int	i;

	if (sc->nslots == EXPR_MAX_SLOTS || strlen(name) >= EXPR_NAME_MAX)
		return -1;
	for (i = 0; i < sc->nslots; i++)
		if (strcmp(sc->slot_name[i], name) == 0)
			return -1;
	strcpy(sc->slot_name[sc->nslots], name);
	return sc->nslots++;
}

int
expr_scope_find(const struct expr_scope *sc, const char *name)
{
	int	i;

	for (i = 0; i < sc->nslots; i++)
		if (strcmp(sc->slot_name[i], name) == 0)
			return i;
	return -1;
}

int
expr_scope_let(struct expr_scope *sc, const char *name, const char *text,
    char **cause)
{
	struct expr	*e;

	if (sc->nlets == EXPR_MAX_LETS || strlen(name) >= EXPR_NAME_MAX) {
		if (cause != NULL)
			*cause = cause_printf("too many names at \"%s\"",
			    name);
		return -1;
	}
	if ((e = expr_parse(sc, text, cause)) == NULL)
		return -1;
	strcpy(sc->let_name[sc->nlets], name);
	sc->let_expr[sc->nlets++] = e;
	return 0;
}

void
expr_scope_free(struct expr_scope *sc)
{
	int	i;

	for (i = 0; i < sc->nlets; i++)
		expr_free(sc->let_expr[i]);
	sc->nlets = 0;
}

int
expr_conv_range(const char *name, int64_t *lo, int64_t *hi)
{
	const struct conv	*c;

	for (c = convs; c->name != NULL; c++) {
		if (strcmp(c->name, name) == 0) {
			*lo = c->lo;
			*hi = c->hi;
			return 0;
		}
	}
	return -1;
}

const char *
expr_err_text(int err)
{
	switch (err) {
	case EXPR_ESIGNED:
		return "signed overflow";
	case EXPR_ESHIFT:
		return "shift count out of range";
	case EXPR_ERANGE:
		return "unsigned 64-bit value beyond 2^63-1";
	case EXPR_EDIV:
		return "has a division by zero";
	default:
		return "overflows";
	}
}

static void
set_err(int *err, int code)
{
	if (*err == 0)
		*err = code;
}

/* v converted by c (expr.h); an error leaves 0. */
static int64_t
convert(const struct conv *c, int64_t v, int *err)
{
	uint64_t	m, u;

	if (v >= c->lo && v <= c->hi)
		return v;
	if (!c->wrap) {
		set_err(err, c->err);
		return 0;
	}
	/* 2^bits: the width of the range. */
	m = (uint64_t)(c->hi - c->lo) + 1;
	u = (uint64_t)v & (m - 1);
	if (c->lo < 0 && u > (uint64_t)c->hi)
		return (int64_t)(u - m);
	return (int64_t)u;
}

static int64_t
binop(enum expr_binop op, int64_t a, int64_t b, int *err)
{
	int64_t	r;

	switch (op) {
	case OP_MUL:
		if (__builtin_mul_overflow(a, b, &r))
			goto bad;
		return r;
	case OP_ADD:
		if (__builtin_add_overflow(a, b, &r))
			goto bad;
		return r;
	case OP_SUB:
		if (__builtin_sub_overflow(a, b, &r))
			goto bad;
		return r;
	case OP_DIV:
	case OP_MOD:
		if (b == 0) {
			set_err(err, EXPR_EDIV);
			return 0;
		}
		if (a == INT64_MIN && b == -1)
			goto bad;
		return op == OP_DIV ? a / b : a % b;
	case OP_LT:
		return a < b;
	case OP_LE:
		return a <= b;
	case OP_GT:
		return a > b;
	case OP_GE:
		return a >= b;
	case OP_EQ:
		return a == b;
	case OP_NE:
		return a != b;
	case OP_SHL:
		if (b < 0 || b > 62 || a < 0 || a > (INT64_MAX >> b))
			goto bad;
		return a << b;
	case OP_SHR:
		if (b < 0 || b > 63)
			goto bad;
		return a >> b;
	case OP_BAND:
		return a & b;
	case OP_BXOR:
		return a ^ b;
	case OP_BOR:
		return a | b;
	case OP_AND:
	case OP_OR:
		break;	/* short-circuit: handled by the caller */
	}
bad:
	set_err(err, EXPR_EOVERFLOW);
	return 0;
}

/*
 * e (a BIN) modulo 2^64, where it is +, - or * (or << by 0..63): the low
 * bits of a sum, difference or product depend only on the low bits of
 * the operands, so a wrapping conversion of it is exact even where the
 * whole value would not fit int64 (two wrapped unsigned ints multiplied).
 */
static int64_t
modular(const struct expr *e, const int64_t *env, int *err)
{
	uint64_t	a, b;

	if (e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL &&
	    e->op != OP_SHL)
		return expr_eval(e, env, err);
	a = (uint64_t)expr_eval(e->a, env, err);
	b = (uint64_t)expr_eval(e->b, env, err);
	switch (e->op) {
	case OP_ADD:
		return (int64_t)(a + b);
	case OP_SUB:
		return (int64_t)(a - b);
	case OP_MUL:
		return (int64_t)(a * b);
	default:
		if ((int64_t)b < 0 || (int64_t)b > 63) {
			set_err(err, EXPR_EOVERFLOW);
			return 0;
		}
		return (int64_t)(a << b);
	}
}

int64_t
expr_eval(const struct expr *e, const int64_t *env, int *err)
{
	int64_t	a;

	switch (e->kind) {
	case EXPR_NUM:
		return e->num;
	case EXPR_SLOT:
		return env[e->slot];
	case EXPR_LET:
		return expr_eval(e->let, env, err);
	case EXPR_NEG:
		a = expr_eval(e->a, env, err);
		if (a == INT64_MIN) {
			set_err(err, EXPR_EOVERFLOW);
			return 0;
		}
		return -a;
	case EXPR_CONV:
		if (e->conv->wrap && e->a->kind == EXPR_BIN)
			return convert(e->conv, modular(e->a, env, err), err);
		return convert(e->conv, expr_eval(e->a, env, err), err);
	case EXPR_NOT:
		return !expr_eval(e->a, env, err);
	case EXPR_BNOT:
		return ~expr_eval(e->a, env, err);
	case EXPR_COND:
		return expr_eval(e->a, env, err) ? expr_eval(e->b, env, err) :
		    expr_eval(e->c, env, err);
	case EXPR_BIN:
		a = expr_eval(e->a, env, err);
		if (e->op == OP_AND)
			return a && expr_eval(e->b, env, err);
		if (e->op == OP_OR)
			return a || expr_eval(e->b, env, err);
		return binop(e->op, a, expr_eval(e->b, env, err), err);
	}
	set_err(err, EXPR_EOVERFLOW);
	return 0;
}

int
expr_uses(const struct expr *e, int slot)
{
	if (e == NULL)
		return 0;
	switch (e->kind) {
	case EXPR_SLOT:
		return e->slot == slot;
	case EXPR_LET:
		return expr_uses(e->let, slot);
	default:
		return expr_uses(e->a, slot) || expr_uses(e->b, slot) ||
		    expr_uses(e->c, slot);
	}
}

static int
uses_vars(const struct expr *e, const int *var_of)
{
	int	s;

	for (s = 0; s < EXPR_MAX_SLOTS; s++)
		if (var_of[s] >= 0 && expr_uses(e, s))
			return 1;
	return 0;
}

static int
affine_scale(struct affine *x, int64_t f)
{
	int	i;

	if (__builtin_mul_overflow(x->c, f, &x->c))
		return -1;
	for (i = 0; i < AFFINE_MAX_VARS; i++)
		if (__builtin_mul_overflow(x->k[i], f, &x->k[i]))
			return -1;
	return 0;
}

static int
affine_add(struct affine *x, const struct affine *y, int64_t sign)
{
	int	i;
	int64_t	t;

	if (__builtin_mul_overflow(y->c, sign, &t) ||
	    __builtin_add_overflow(x->c, t, &x->c))
		return -1;
	for (i = 0; i < AFFINE_MAX_VARS; i++)
		if (__builtin_mul_overflow(y->k[i], sign, &t) ||
		    __builtin_add_overflow(x->k[i], t, &x->k[i]))
			return -1;
	return 0;
}

static int
affine_is_const(const struct affine *x)
{
	int	i;

	for (i = 0; i < AFFINE_MAX_VARS; i++)
		if (x->k[i] != 0)
			return 0;
	return 1;
}

int
affine_range(const struct affine *a, const struct affine_box *box,
    int64_t *lo, int64_t *hi)
{
	int64_t	t, u;
	int	i;

	*lo = *hi = a->c;
	for (i = 0; i < AFFINE_MAX_VARS; i++) {
		if (a->k[i] == 0)
			continue;
		if (box == NULL || i >= box->n || box->lo[i] > box->hi[i])
			return -1;
		if (__builtin_mul_overflow(a->k[i], box->lo[i], &t) ||
		    __builtin_mul_overflow(a->k[i], box->hi[i], &u))
			return -1;
		if (__builtin_add_overflow(*lo, t < u ? t : u, lo) ||
		    __builtin_add_overflow(*hi, t < u ? u : t, hi))
			return -1;
	}
	return 0;
}

int
expr_affine(const struct expr *e, const int64_t *env, const int *var_of,
    const struct affine_box *box, struct affine *out)
{
	int64_t		lo, hi;
	struct affine	b;
	int		err = 0;

	memset(out, 0, sizeof *out);
	if (!uses_vars(e, var_of)) {
		out->c = expr_eval(e, env, &err);
		return err ? -1 : 0;
	}
	switch (e->kind) {
	case EXPR_SLOT:
		/* A variable past the box is the caller's bug: no form. */
		if (var_of[e->slot] >= AFFINE_MAX_VARS)
			return -1;
		out->k[var_of[e->slot]] = 1;
		return 0;
	case EXPR_LET:
		return expr_affine(e->let, env, var_of, box, out);
	case EXPR_NEG:
		if (expr_affine(e->a, env, var_of, box, out) != 0)
			return -1;
		return affine_scale(out, -1);
	case EXPR_CONV:
		/* The identity where nothing is converted. */
		if (expr_affine(e->a, env, var_of, box, out) != 0 ||
		    affine_range(out, box, &lo, &hi) != 0 ||
		    lo < e->conv->lo || hi > e->conv->hi)
			return -1;
		return 0;
	case EXPR_BIN:
		if (e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL)
			return -1;
		if (expr_affine(e->a, env, var_of, box, out) != 0 ||
		    expr_affine(e->b, env, var_of, box, &b) != 0)
			return -1;
		if (e->op == OP_ADD)
			return affine_add(out, &b, 1);
		if (e->op == OP_SUB)
			return affine_add(out, &b, -1);
		if (affine_is_const(&b))
			return affine_scale(out, b.c);
		if (affine_is_const(out)) {
			int64_t	f = out->c;

			*out = b;
			return affine_scale(out, f);
		}
		return -1;
	default:
		return -1;
	}
}

int64_t
affine_eval(const struct affine *x, const int64_t *vars, int nvars, int *err)
{
	int64_t	v = x->c, t;
	int	i;

	for (i = 0; i < nvars; i++) {
		if (x->k[i] == 0)
			continue;
		if (__builtin_mul_overflow(x->k[i], vars[i], &t) ||
		    __builtin_add_overflow(v, t, &v)) {
			*err = 1;
			return 0;
		}
	}
	return v;
}

/*
 * Terms of e (negated when neg) appended from n; -1 when e is not a
 * conjunction of affine comparisons.  !(a || b) is !a && !b; a bare value
 * v is v != 0.
 */
static int
guard_terms(const struct expr *e, const int64_t *env, const int *var_of,
    const struct affine_box *box, struct affine *terms, char *op, int max,
    int n, int neg)
{
	struct affine	r;
	enum expr_binop	o;
	static const char ops[] = { [OP_LT] = '<', [OP_LE] = 'l',
	    [OP_GT] = '>', [OP_GE] = 'g', [OP_EQ] = '=', [OP_NE] = '!' };
	static const enum expr_binop flip[] = { [OP_LT] = OP_GE,
	    [OP_LE] = OP_GT, [OP_GT] = OP_LE, [OP_GE] = OP_LT,
	    [OP_EQ] = OP_NE, [OP_NE] = OP_EQ };

	while (e->kind == EXPR_LET)
		e = e->let;
	if (e->kind == EXPR_NOT)
		return guard_terms(e->a, env, var_of, box, terms, op, max, n,
		    !neg);
	if (e->kind == EXPR_BIN && e->op == (neg ? OP_OR : OP_AND)) {
		n = guard_terms(e->a, env, var_of, box, terms, op, max, n,
		    neg);
		if (n < 0)
			return -1;
		return guard_terms(e->b, env, var_of, box, terms, op, max, n,
		    neg);
	}
	if (n == max)
		return -1;
	if (e->kind != EXPR_BIN || e->op < OP_LT || e->op > OP_NE) {
		/* A bare value: v != 0, or v == 0 under a negation. */
		if (expr_affine(e, env, var_of, box, &terms[n]) != 0)
			return -1;
		op[n] = neg ? '=' : '!';
		return n + 1;
	}
	if (expr_affine(e->a, env, var_of, box, &terms[n]) != 0 ||
	    expr_affine(e->b, env, var_of, box, &r) != 0 ||
	    affine_add(&terms[n], &r, -1) != 0)
		return -1;
	o = neg ? flip[e->op] : e->op;
	op[n] = ops[o];
	return n + 1;
}

int
expr_guard_affine(const struct expr *e, const int64_t *env, const int *var_of,
    const struct affine_box *box, struct affine *terms, char *op, int max)
{
	if (e == NULL)
		return 0;
	return guard_terms(e, env, var_of, box, terms, op, max, 0, 0);
}
