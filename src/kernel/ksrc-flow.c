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

/* The token after tokens i.. that open with c and close with its pair. */
static int
skip_pair(const struct rd *r, int i, const char *c, const char *e)
{
	int	depth = 0;

	for (; i < r->nt && r->t[i].kind != T_EOF; i++) {
		if (ksrc_tok_is(&r->t[i], c))
			depth++;
		else if (ksrc_tok_is(&r->t[i], e) && --depth <= 0)
			return i + 1;
	}
	return i;
}

/*
 * The struct definitions before the kernel that its parameters name
 * ("const struct vec3 *a", "vec3 *a"): SRCL_STRUCT on their lines.
 * kname is the kernel's name token, kfirst its first token.
 */
static void
flow_structs(struct rd *r, unsigned char *bits, int nlines, int kfirst,
    int kname)
{
	const struct tok	*t = r->t;
	int			 i, j, e, k, pe, line;

	pe = skip_pair(r, kname + 1, "(", ")");
	for (i = 0; i < kfirst; i++) {
		if (!ksrc_tok_is(&t[i], "struct"))
			continue;
		j = i + 1;
		if (ksrc_tok_is(&t[j], "__align__"))
			j = skip_pair(r, j + 1, "(", ")");
		if (j + 1 >= kfirst || t[j].kind != T_ID ||
		    !ksrc_tok_is(&t[j + 1], "{"))
			continue;
		e = skip_pair(r, j + 1, "{", "}") - 1;
		for (k = kname + 1; k < pe; k++)
			if (t[k].kind == T_ID && t[k].len == t[j].len &&
			    memcmp(t[k].p, t[j].p, t[k].len) == 0)
				break;
		if (k == pe)
			continue;
		for (line = t[i].line; line <= t[e].line && line < nlines;
		    line++)
			bits[line] |= SRCL_STRUCT;
	}
}

/* What each line holds, from the tokens on it. */
static void
flow_line_bits(struct rd *r, unsigned char *bits, int nlines)
{
	const struct tok	*t;
	const char		*kernel = r->kf->v.kernel;
	char			*other;
	int			 i, line, first;

	other = ksrc_tmp_calloc(r, nlines, 1);
	for (i = 0; i < r->nt && r->t[i].kind != T_EOF; i++) {
		t = &r->t[i];
		if ((line = t->line) < 1 || line >= nlines)
			continue;
		first = i == 0 || r->t[i - 1].line != line;
		bits[line] |= SRCL_CODE;
		if (!ksrc_tok_is(t, "{") && !ksrc_tok_is(t, "}") &&
		    !ksrc_tok_is(t, ";"))
			other[line] = 1;
		if (first && (ksrc_tok_is(t, "for") || ksrc_tok_is(t, "if") ||
		    ksrc_tok_is(t, "while")))
			bits[line] |= SRCL_CTL;
		if (first && ksrc_tok_is(t, "extern"))
			bits[line] |= SRCL_EXTERN;
		if (ksrc_tok_is(t, "threadIdx") || ksrc_tok_is(t, "blockIdx"))
			bits[line] |= SRCL_THREAD;
		if (ksrc_tok_is(t, "__shared__"))
			bits[line] |= SRCL_SHARED;
		if (kernel != NULL && t->kind == T_ID && ksrc_tok_is(t, kernel))
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
