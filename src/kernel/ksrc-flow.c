/* SPDX-License-Identifier: ISC
 * ksrc-flow.c - what the reader hands the source pane once the kernel is
 * read: for each access site the lines its indices flow from and the
 * loops and ifs around it (body_def's flow and around), and what each line
 * of the file holds (struct source_lines), so that the view never reads C
 * itself and a catalog kernel and a user's file are shown alike.
 *
 * Lines are 1-based, as the tokens' (a macro's tokens sit on the line that
 * uses it).  It works on the finished body: every value of an integer is a
 * let with a model name of its own (ksrc_sym_uniq), made on the line that
 * assigns it (an if's merge on the if's line), so a name in an index leads
 * to one line and to the names that line used.  Its cost is linear in the
 * tokens and in the body's texts; it refuses nothing.
 */
#include "config.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "ksrc-int.h"

/* A let or a loop of the body: what a model name stands for. */
struct fnode {
	int	 line;
	int	*dep;		/* the nodes its value is made from */
	int	 ndep;
};

/* Model names to nodes: open addressing, a power of two of slots. */
struct fmap {
	const char	**name;
	int		 *node;
	unsigned	  mask;
};

static unsigned
fmap_hash(const char *p, size_t n)
{
	unsigned	h = 2166136261u;

	while (n-- > 0)
		h = (h ^ (unsigned char)*p++) * 16777619u;
	return h;
}

static void
fmap_add(struct fmap *m, const char *name, int node)
{
	unsigned	h;

	if (name == NULL)
		return;
	for (h = fmap_hash(name, strlen(name)) & m->mask; m->name[h] != NULL;
	    h = (h + 1) & m->mask)
		if (strcmp(m->name[h], name) == 0)
			return;		/* the first one made keeps it */
	m->name[h] = name;
	m->node[h] = node;
}

static int
fmap_find(const struct fmap *m, const char *p, size_t n)
{
	unsigned	h;

	for (h = fmap_hash(p, n) & m->mask; m->name[h] != NULL;
	    h = (h + 1) & m->mask)
		if (strlen(m->name[h]) == n && memcmp(m->name[h], p, n) == 0)
			return m->node[h];
	return -1;
}

/*
 * Call add(node) for each name of m in a model text: identifiers, not
 * members (threadIdx.x) or numbers (0x1fu).
 */
static void
names_in(const struct fmap *m, const char *s, void (*add)(void *, int),
    void *arg)
{
	const char	*q;
	char		 prev = '\0';
	int		 k;

	for (; s != NULL && *s != '\0'; prev = *s++) {
		if (isdigit((unsigned char)*s)) {
			while (isalnum((unsigned char)s[1]) || s[1] == '_')
				s++;
			continue;
		}
		if (!isalpha((unsigned char)*s) && *s != '_')
			continue;
		for (q = s; isalnum((unsigned char)*q) || *q == '_'; q++)
			;
		if (prev != '.' && (k = fmap_find(m, s, q - s)) >= 0)
			add(arg, k);
		s = q - 1;
	}
}

/* Is t the identifier or punctuator s?  Lengths first: every token of
   the file goes through here. */
static int
tok_eq(const struct tok *t, const char *s, int n)
{
	return t->len == n && (t->kind == T_ID || t->kind == T_PUNCT) &&
	    memcmp(t->p, s, n) == 0;
}

/* A set of nodes being gathered: each in once. */
struct fset {
	int	*at;
	int	 n;
	char	*in;
};

static void
fset_add(void *arg, int k)
{
	struct fset	*s = arg;

	if (s->in[k])
		return;
	s->in[k] = 1;
	s->at[s->n++] = k;
}

static int
cmp_int(const void *a, const void *b)
{
	int	x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

/* lines[0..n) sorted, repeats and zeros out, 0 at the end, kept. */
static const int *
keep_lines(struct rd *r, int *lines, int n)
{
	int	*out, i, k = 0;

	qsort(lines, n, sizeof *lines, cmp_int);
	out = ksrc_keep_mem(r, n + 1, sizeof *out);
	for (i = 0; i < n; i++)
		if (lines[i] > 0 && (k == 0 || out[k - 1] != lines[i]))
			out[k++] = lines[i];
	out[k] = 0;
	return out;
}

/* The lets and loops of the body as nodes, with what each is made of. */
static struct fnode *
flow_nodes(struct rd *r, struct fmap *m, int *pn)
{
	struct kfile		*kf = r->kf;
	const struct body_def	*b;
	struct fnode		*nd;
	struct fset		 set;
	int			 i, n = 0, size;

	nd = ksrc_tmp_calloc(r, kf->nbody + 1, sizeof *nd);
	for (size = 16; size < 4 * kf->nbody; size *= 2)
		/* nothing */;
	m->name = ksrc_tmp_calloc(r, size, sizeof *m->name);
	m->node = ksrc_tmp_calloc(r, size, sizeof *m->node);
	m->mask = size - 1;
	for (i = 0; i < kf->nbody; i++) {
		b = &kf->body[i];
		if (b->kind != BODY_LET && b->kind != BODY_FOR)
			continue;
		fmap_add(m, b->name, n);
		if (b->kind == BODY_FOR)
			fmap_add(m, b->iter, n);
		nd[n++].line = b->line;
	}
	*pn = n;
	set.in = ksrc_tmp_calloc(r, *pn + 1, 1);
	for (i = 0, n = 0; i < kf->nbody; i++) {
		b = &kf->body[i];
		if (b->kind != BODY_LET && b->kind != BODY_FOR)
			continue;
		set.at = nd[n].dep = ksrc_tmp_calloc(r, *pn + 1,
		    sizeof *set.at);
		set.n = 0;
		if (b->kind == BODY_LET)
			names_in(m, b->expr, fset_add, &set);
		else {
			names_in(m, b->init, fset_add, &set);
			names_in(m, b->step, fset_add, &set);
		}
		nd[n].ndep = set.n;
		while (set.n > 0)
			set.in[set.at[--set.n]] = 0;
		n++;
	}
	return nd;
}

/* Each site's flow: the nodes its subscripts name, followed back. */
static void
flow_sites(struct rd *r, const struct fmap *m, const struct fnode *nd,
    int n)
{
	struct kfile	*kf = r->kf;
	struct body_def	*b;
	struct fset	 set;
	int		*lines, i, k, j;
	const char	*sub;

	set.at = ksrc_tmp_calloc(r, n + 1, sizeof *set.at);
	set.in = ksrc_tmp_calloc(r, n + 1, 1);
	lines = ksrc_tmp_calloc(r, n + 1, sizeof *lines);
	for (i = 0; i < kf->nbody; i++) {
		b = &kf->body[i];
		if (b->kind != BODY_SITE)
			continue;
		set.n = 0;
		/* The subscripts, not the array's own name. */
		sub = b->expr != NULL ? strchr(b->expr, '[') : NULL;
		names_in(m, sub, fset_add, &set);
		for (k = 0; k < set.n; k++)
			for (j = 0; j < nd[set.at[k]].ndep; j++)
				fset_add(&set, nd[set.at[k]].dep[j]);
		for (k = 0; k < set.n; k++) {
			lines[k] = nd[set.at[k]].line;
			set.in[set.at[k]] = 0;
		}
		b->flow = keep_lines(r, lines, set.n);
	}
}

/* Each site's around: the lines of the FORs and IFs open at it. */
static void
flow_around(struct rd *r)
{
	struct kfile	*kf = r->kf;
	struct body_def	*b;
	int		*open, *lines, nopen = 0, i;

	open = ksrc_tmp_calloc(r, kf->nbody + 1, sizeof *open);
	lines = ksrc_tmp_calloc(r, kf->nbody + 1, sizeof *lines);
	for (i = 0; i < kf->nbody; i++) {
		b = &kf->body[i];
		if (b->kind == BODY_FOR || b->kind == BODY_IF)
			open[nopen++] = b->line;
		else if (b->kind == BODY_END && nopen > 0)
			nopen--;
		else if (b->kind == BODY_SITE) {
			memcpy(lines, open, nopen * sizeof *lines);
			b->around = keep_lines(r, lines, nopen);
		}
	}
}

/* The token after the one that closes the c at token i (its pair e),
   or the first ";" or "{" on the way: a file's end or garbage stops
   it early, never past the end. */
static int
skip_pair(const struct rd *r, int i, const char *c, const char *e)
{
	int	depth = 0;

	for (; i < r->nt && r->t[i].kind != T_EOF; i++) {
		if (ksrc_tok_is(&r->t[i], c))
			depth++;
		else if (ksrc_tok_is(&r->t[i], e) && --depth <= 0)
			return i + 1;
		else if (depth > 0 && (ksrc_tok_is(&r->t[i], ";") ||
		    ksrc_tok_is(&r->t[i], "{")))
			return i;
	}
	return i;
}

/*
 * The struct definitions at file scope before the kernel that its
 * parameters name ("const struct vec3 *a", "vec3 *a"): SRCL_STRUCT on
 * their lines.  kname is the kernel's name token, kfirst its first
 * token.  One pass over the tokens: a file of many or nested structs
 * costs no more than its length.
 */
static void
flow_structs(struct rd *r, unsigned char *bits, int nlines, int kfirst,
    int kname)
{
	const struct tok	*t = r->t;
	struct fmap		 m;
	int			 i, j, k, pe, size, depth = 0, open = -1;
	int			 first = 0, line;

	/* The names in the parameter list. */
	pe = skip_pair(r, kname + 1, "(", ")");
	for (size = 16; size < 4 * (pe - kname); size *= 2)
		/* nothing */;
	m.name = ksrc_tmp_calloc(r, size, sizeof *m.name);
	m.node = ksrc_tmp_calloc(r, size, sizeof *m.node);
	m.mask = size - 1;
	for (k = kname + 1; k < pe; k++)
		if (t[k].kind == T_ID)
			fmap_add(&m, ksrc_tok_text(r, k), k);
	for (i = 0; i < kfirst; i++) {
		if (tok_eq(&t[i], "{", 1))
			depth++;
		else if (tok_eq(&t[i], "}", 1) && depth > 0 &&
		    --depth == 0 && open >= 0) {
			for (line = first; line <= t[i].line && line < nlines;
			    line++)
				bits[line] |= SRCL_STRUCT;
			open = -1;
		}
		if (depth != 0 || !tok_eq(&t[i], "struct", 6))
			continue;
		j = i + 1;
		if (ksrc_tok_is(&t[j], "__align__"))
			j = skip_pair(r, j + 1, "(", ")");
		if (j + 1 < kfirst && t[j].kind == T_ID &&
		    ksrc_tok_is(&t[j + 1], "{") &&
		    fmap_find(&m, t[j].p, t[j].len) >= 0) {
			open = j;
			first = t[i].line;
		}
	}
}

/* What each line holds, from the tokens on it. */
static void
flow_line_bits(struct rd *r, unsigned char *bits, int nlines)
{
	const struct tok	*t;
	const char		*kernel = r->kf->v.kernel;
	char			*other;
	int			 i, line, first, klen;

	klen = kernel != NULL ? (int)strlen(kernel) : -1;
	other = ksrc_tmp_calloc(r, nlines, 1);
	for (i = 0; i < r->nt && r->t[i].kind != T_EOF; i++) {
		t = &r->t[i];
		if ((line = t->line) < 1 || line >= nlines)
			continue;
		first = i == 0 || r->t[i - 1].line != line;
		bits[line] |= SRCL_CODE;
		if (t->kind == T_PUNCT && t->len == 1 && (*t->p == '{' ||
		    *t->p == '}' || *t->p == ';'))
			continue;	/* only context */
		other[line] = 1;
		if (t->kind != T_ID)
			continue;
		if (first && (tok_eq(t, "for", 3) || tok_eq(t, "if", 2) ||
		    tok_eq(t, "while", 5)))
			bits[line] |= SRCL_CTL;
		if (first && tok_eq(t, "extern", 6))
			bits[line] |= SRCL_EXTERN;
		if (tok_eq(t, "threadIdx", 9) || tok_eq(t, "blockIdx", 8))
			bits[line] |= SRCL_THREAD;
		if (tok_eq(t, "__shared__", 10))
			bits[line] |= SRCL_SHARED;
		if (tok_eq(t, kernel, klen))
			bits[line] |= SRCL_KERNEL;
	}
	for (line = 1; line < nlines; line++)
		if ((bits[line] & SRCL_CODE) && !other[line])
			bits[line] |= SRCL_BRACE;
}

void
ksrc_flow(struct rd *r, int kname, int kend)
{
	struct variant	*v = &r->kf->v;
	struct fmap	 m;
	struct fnode	*nd;
	unsigned char	*bits;
	const char	*p;
	int		 n, nlines, kfirst, mark = r->ntmps;

	nd = flow_nodes(r, &m, &n);
	flow_sites(r, &m, nd, n);
	flow_around(r);

	for (nlines = 2, p = r->text; (p = strchr(p, '\n')) != NULL; p++)
		nlines++;
	bits = ksrc_keep_mem(r, nlines, 1);
	flow_line_bits(r, bits, nlines);
	/* The kernel's item: back from its name to the end of the one
	   before (its return type, extern "C", template <...>). */
	for (kfirst = kname; kfirst > 0; kfirst--)
		if (ksrc_tok_is(&r->t[kfirst - 1], ";") ||
		    ksrc_tok_is(&r->t[kfirst - 1], "}"))
			break;
	flow_structs(r, bits, nlines, kfirst, kname);
	v->lines.first = r->t[kfirst].line;
	v->lines.last = r->t[kend].line;
	v->lines.n = nlines;
	v->lines.bits = bits;
	ksrc_tmp_release(r, mark);
}
