/* SPDX-License-Identifier: ISC
 * expr-parse.c - parse integer index expressions into trees, and the
 * scopes that say what their names mean (slots, lets).
 *
 * The grammar is the C subset index code uses: integer literals, names
 * (threadIdx.x style dotted builtins included), unary - ! ~, * / %, + -,
 * << >>, < <= > >=, == !=, & ^ |, &&, ||, ?:, parentheses, and the
 * conversions of expr.h written as calls: u32(x).  A tree deeper than
 * EXPR_MAX_DEPTH, through lets, is refused, so every walk of it is
 * bounded.  Errors are one line in *cause.  Must not print or exit.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cause.h"
#include "expr.h"
#include "expr-int.h"
#include "xmalloc.h"

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
	const struct expr	*sub[4] = { e->a, e->b, e->c, e->let };
	int64_t			 cost = 1;
	int			 h = 0, i;

	for (i = 0; i < 4; i++) {
		if (sub[i] == NULL)
			continue;
		if (sub[i]->height > h)
			h = sub[i]->height;
		cost += sub[i]->cost;
	}
	e->height = h + 1;
	e->cost = cost > EXPR_MAX_COST ? EXPR_MAX_COST + 1 : cost;
	if (e->height > EXPR_MAX_DEPTH) {
		expr_free(e);
		parse_error(ps, "nested too deep");
		return NULL;
	}
	if (e->cost > EXPR_MAX_COST) {
		char	what[160];

		expr_free(e);
		snprintf(what, sizeof what, "grows past %d operations with its "
		    "variables' values put in (a variable used twice in its "
		    "own update doubles it)", EXPR_MAX_COST);
		parse_error(ps, what);
		return NULL;
	}
	return e;
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
			e->cost = 1;
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

	for (c = expr_convs; c->name != NULL; c++)
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
		e->cost = 1;
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
