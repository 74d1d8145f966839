/* SPDX-License-Identifier: ISC
 * test-model.c - the catalog through the model: launches, steps, lane
 * addresses and counts of real seed-kernel accesses, whole-launch totals.
 * Every expected count is worked out by hand from the rules of DESIGN.md
 * section 3 (the derivation is in the comment beside it), or was measured
 * with Nsight Compute on H100/H200 (the whole-kernel averages).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "catalog.h"
#include "launch.h"
#include "tap.h"
#include "totals.h"
#include "warp.h"

/* Set up a launch of `name` with "p=v,p=v" parameters; 0 on success. */
static int
setup(struct launch *l, const char *name, const char *params, char **cause)
{
	const struct variant	*v = catalog_find(name);
	struct param_set	 ps;
	char			 buf[256], *tok, *save = NULL;

	*cause = NULL;
	if (v == NULL) {
		*cause = strdup("no such variant");
		return -1;
	}
	param_defaults(&ps, v);
	snprintf(buf, sizeof buf, "%s", params);
	for (tok = strtok_r(buf, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save))
		if (param_assign(&ps, tok, cause) != 0)
			return -1;
	return launch_init(l, &ps, cause);
}

/* The counts of one warp at one step. */
static int
at(const char *name, const char *params, int64_t step, int64_t bx,
    int64_t by, int warp, enum arch arch, struct access_result *r)
{
	struct launch	 l;
	struct access	 a;
	char		*cause;

	if (setup(&l, name, params, &cause) != 0 ||
	    warp_access(&l, bx, by, warp, step, &a, &cause) != 0) {
		diag("%s %s: %s", name, params, cause);
		free(cause);
		memset(r, 0, sizeof *r);
		return -1;
	}
	arch_apply(arch, &l, &a, r);
	launch_free(&l);
	return 0;
}

static void
global_is(const char *name, const char *params, int64_t step, int warp,
    int sectors, enum rules_class cls, const char *why)
{
	struct access_result	r;

	at(name, params, step, 0, 0, warp, ARCH_MODERN, &r);
	ok(r.space == SPACE_GLOBAL && r.g.sectors == sectors &&
	    r.g.class == cls, "%s step %lld warp %d: %d sectors, %s (%s)",
	    name, (long long)step, warp, sectors, rules_class_name(cls), why);
	if (r.g.sectors != sectors || r.g.class != cls)
		diag("got %d sectors, %s", r.g.sectors,
		    rules_class_name(r.g.class));
}

static void
shared_is(const char *name, const char *params, int64_t step, int wavefronts,
    int degree, const char *why)
{
	struct access_result	r;

	at(name, params, step, 0, 0, 0, ARCH_MODERN, &r);
	ok(r.space == SPACE_SHARED && r.s.wavefronts == wavefronts &&
	    r.s.degree == degree, "%s step %lld: %d wavefronts, %d-way (%s)",
	    name, (long long)step, wavefronts, degree, why);
	if (r.s.wavefronts != wavefronts || r.s.degree != degree)
		diag("got %d wavefronts, degree %d", r.s.wavefronts,
		    r.s.degree);
}

static void
test_catalog(void)
{
	struct launch	 l;
	char		*cause, part[64];
	const char	*p, *q;
	int		 i, j, n, line, col, first, last, good;

	is_int(catalog_count(), 27, "27 seed variants");
	for (i = 0; catalog[i] != NULL; i++) {
		const struct variant *v = catalog[i];

		/* Set up first: the arguments of ok() are evaluated in
		   no set order, and cause is only set by setup(). */
		good = setup(&l, v->name, "", &cause) == 0;
		ok(good, "%s sets up at its defaults%s%s", v->name,
		    cause ? ": " : "", cause ? cause : "");
		free(cause);
		first = v->lines.first;
		last = v->lines.last;
		ok(first > 0 && last > first, "%s: kernel %s found in cuda/%s",
		    v->name, v->kernel, v->source);
		/* Each site's text is in the kernel where the reader says:
		   the screen highlights it there. */
		good = 1;
		for (j = 0; j < l.nsites; j++) {
			line = l.sites[j].line;
			col = l.sites[j].col;
			n = (int)strlen(l.sites[j].text);
			p = catalog_line_start(catalog_variant_text(v), line);
			if (line < first || line > last || p == NULL ||
			    col < 0 || strncmp(p + col, l.sites[j].text,
			    n) != 0) {
				diag("%s: site %s not at %d:%d in the kernel",
				    v->name, l.sites[j].text, line, col);
				good = 0;
			}
		}
		ok(good, "%s: all %d access texts appear in the kernel source",
		    v->name, l.nsites);
		/* Compare partners exist and their parameters are valid. */
		good = 1;
		for (p = v->compare; p != NULL && *p != '\0'; p = q) {
			struct launch	 pl;
			const char	*colon;

			while (*p == ' ')
				p++;
			q = p + strcspn(p, " ");
			snprintf(part, sizeof part, "%.*s", (int)(q - p), p);
			if (part[0] == '\0')
				break;
			colon = strchr(part, ':');
			if (colon != NULL)
				part[colon - part] = '\0';
			if (setup(&pl, part, colon ? colon + 1 : "",
			    &cause) != 0) {
				diag("%s: partner %s: %s", v->name, part,
				    cause);
				free(cause);
				good = 0;
			} else
				launch_free(&pl);
		}
		ok(good, "%s: compare partners (%s) are valid", v->name,
		    v->compare ? v->compare : "none");
		launch_free(&l);
	}
}

static void
test_steps(void)
{
	struct launch		l;
	struct launch_pos	pos;
	char			*cause;

	/* Naive matmul, width 4: k = 0..3 with M then N, then P: 9 steps. */
	setup(&l, "matmul-col", "width=4,bx=4,by=4,warp=4", &cause);
	is_int(l.nsteps, 9, "matmul width 4: 2*4 + 1 steps");
	is_int(l.warps, 4, "a 4x4 block has four warps of 4");
	launch_locate(&l, 3, &pos);
	ok(pos.site == 1 && pos.loop[0] == 1, "step 3 is N at k = 1");
	launch_locate(&l, 8, &pos);
	is_int(pos.site, 2, "step 8 is the store to P");
	launch_free(&l);

	/* Tiled, width 32, tile 16: 2 phases x (4 + 16*2) + 1 = 73. */
	setup(&l, "matmul-tiled", "width=32,tile=16", &cause);
	is_int(l.nsteps, 73, "tiled width 32 tile 16: 2*(4+2*16)+1 steps");
	launch_locate(&l, 36 + 4, &pos);
	ok(pos.site == 4 && pos.loop[0] == 1 && pos.loop[1] == 0,
	    "step 40 is Mds[ty][k] in phase 1 at k = 0");
	launch_free(&l);
}

static void
test_accesses(void)
{
	struct access_result	r;

	/*
	 * matmul-col, 16x16 blocks: warp 0 is tx 0..15 at ty 0 and 1, so
	 * Row is 0 or 1 and Col = tx.
	 */
	/*
	 * A full warp of 4-byte accesses needs 32 x 4 / 32 = 4 sectors.
	 * M[Row*Width+0]: two addresses 8 KiB apart: 2 sectors < 4: broadcast.
	 */
	global_is("matmul-col", "", 0, 0, 2, RULES_BROADCAST,
	    "one word per row");
	/* N[0*Width+Col]: the same 16 floats = 64 bytes for both rows: 2 < 4. */
	global_is("matmul-col", "", 1, 0, 2, RULES_BROADCAST,
	    "64 bytes read twice");
	/* P[Row*Width+Col]: 2 rows x 64 bytes: 4 sectors = ideal. */
	global_is("matmul-col", "", 4096, 0, 4, RULES_COALESCED, "2 x 64 B");
	/* 32x32 blocks: one Row per warp: M is one address. */
	global_is("matmul-col", "bx=32,by=32", 0, 0, 1, RULES_BROADCAST,
	    "one address");
	/* matmul-row: Row = tx: 16 rows 8 KiB apart: 16 sectors. */
	global_is("matmul-row", "", 0, 0, 16, RULES_UNCOALESCED,
	    "16 rows, 16 > 2 x 4");
	/* N[k*Width+Col], Col = ty: 2 adjacent floats: 1 sector < 4. */
	global_is("matmul-row", "", 1, 0, 1, RULES_BROADCAST, "8 bytes");
	/* 32x32: 32 rows, every lane its own sector. */
	global_is("matmul-row", "bx=32,by=32", 0, 0, 32, RULES_UNCOALESCED,
	    "32 rows");
	/*
	 * The classroom example: width 4, warp of 4 (need ceil(16 / 32) =
	 * 1); warp 1 is ty = 1: one address, 1 sector, lanes sharing.
	 */
	global_is("matmul-col", "width=4,bx=4,by=4,warp=4", 0, 1, 1,
	    RULES_BROADCAST, "M[4+0] for all four lanes");
	/* matmul-row there: M[tx*4]: bytes 0,16,32,48 of a 64-byte row
	   block: sectors 0 and 1, for 16 bytes used (need 1): 1 < 2 <= 2. */
	global_is("matmul-row", "width=4,bx=4,by=4,warp=4", 0, 0, 2,
	    RULES_SPLIT, "4 rows of 16 bytes");

	/*
	 * 2-hop V0: i = tx: d[n*i + 0] 16 rows of 16000 bytes, lanes l and
	 * l + 16 on the same float: 16 sectors against a need of 4: 16 > 8.
	 */
	global_is("twohop-v0", "", 0, 0, 16, RULES_UNCOALESCED, "16 rows");
	at("twohop-v0", "", 0, 0, 0, 0, ARCH_MODERN, &r);
	is_int(r.g.need, 4, "twohop-v0 step 0: need 32 lanes x 4 B / 32 = 4");
	at("struct16", "", 0, 0, 0, 0, ARCH_MODERN, &r);
	is_int(r.g.need, 16, "struct16 step 0: need 32 lanes x 16 B / 32 = 16");
	/* Its fields x, y, z are 12 of the 16 bytes: 32 x 12 = 384 used of
	   the 512 moved, ideal ceil(384 / 32) = 12. */
	is_int(r.g.bytes_used, 384, "struct16: padding moved, not used");
	is_int(r.g.ideal, 12, "struct16: ideal 12 sectors of fields");
	/* d[n*0 + j], j = ty in {0, 1}: 8 bytes, 1 sector < 4. */
	global_is("twohop-v0", "", 1, 0, 1, RULES_BROADCAST, "2 floats");
	/* V1: d[n*i + k] with i = ty: 2 rows, 2 sectors < 4. */
	global_is("twohop-v1", "", 0, 0, 2, RULES_BROADCAST, "2 rows");
	/* d[n*k + j], j = tx: 64 bytes, read by both rows: 2 sectors < 4. */
	global_is("twohop-v1", "", 1, 0, 2, RULES_BROADCAST, "64 bytes");

	/* copy-offset: in[i], i = lane + offset; bytes 4*offset ..+128. */
	global_is("copy-offset", "offset=0", 0, 0, 4, RULES_COALESCED,
	    "bytes 0..127");
	global_is("copy-offset", "offset=1", 0, 0, 5, RULES_SPLIT,
	    "bytes 4..131 cross 5 sectors");
	global_is("copy-offset", "offset=8", 0, 0, 4, RULES_COALESCED,
	    "bytes 32..159: aligned again");
	global_is("copy-offset", "offset=31", 0, 0, 5, RULES_SPLIT,
	    "bytes 124..251");
	/* stride: in[i*s]: lanes 4*s bytes apart. */
	global_is("stride", "stride=1", 0, 0, 4, RULES_COALESCED, "128 bytes");
	global_is("stride", "stride=2", 0, 0, 8, RULES_SPLIT, "256 bytes span");
	global_is("stride", "stride=4", 0, 0, 16, RULES_UNCOALESCED,
	    "512 span, 16 > 2 x 4");
	global_is("stride", "stride=8", 0, 0, 32, RULES_UNCOALESCED,
	    "32 bytes apart");
	global_is("stride", "stride=32", 0, 0, 32, RULES_UNCOALESCED,
	    "128 bytes apart");

	/* struct12: a[i].x at 12*lane: bytes 0..383 -> 12 sectors > 2 x 4. */
	global_is("struct12", "", 0, 0, 12, RULES_UNCOALESCED,
	    "384-byte span");
	global_is("struct12", "", 2, 0, 12, RULES_UNCOALESCED,
	    ".z at 12*lane+8");
	/* struct16: one 16-byte load per lane: 512 bytes, 16 sectors. */
	global_is("struct16", "", 0, 0, 16, RULES_COALESCED, "512 bytes");
	global_is("double2", "", 0, 0, 16, RULES_COALESCED, "512 bytes");
	/* double2's store: out[i] doubles: 256 bytes, 8 sectors. */
	global_is("double2", "", 1, 0, 8, RULES_COALESCED, "8-byte store");

	/* array2d, 32x8 blocks: warp w reads row w; row 1 starts at byte
	   3001*4 = 12004 = 375*32 + 4: 5 sectors.  Pitched: 3072 floats,
	   12288 bytes = 384*32: 4. */
	global_is("array2d", "", 0, 0, 4, RULES_COALESCED, "row 0 aligned");
	global_is("array2d", "", 0, 1, 5, RULES_SPLIT, "row 1 at +4 bytes");
	global_is("array2d-pitch", "", 0, 1, 4, RULES_COALESCED,
	    "row 1 at 12288");

	/* Shared: powers, bs 128. Step 1 = k 0 store. */
	/* s[t*32 + 0]: words 0, 32, .. 992: all bank 0: 32-way. */
	shared_is("powers-stride32", "", 1, 32, 32, "one bank");
	/* s[0*128 + t]: 32 consecutive words: 1 wavefront. */
	shared_is("powers-transposed", "", 1, 1, 1, "bank = lane");
	/* s[t*33 + 0]: bank (33t) mod 32 = t: 1 wavefront. */
	shared_is("powers-padded", "", 1, 1, 1, "bank = lane");
	/* k = 5 (step 6): s[t*32+5] all in bank 5: still 32-way. */
	shared_is("powers-stride32", "", 6, 32, 32, "bank 5");
	/* the read-back loop starts at step 33: same pattern. */
	shared_is("powers-stride32", "", 33, 32, 32, "read back");
	/* Tiled (tile 16): Mds[ty][tx] words 0..31: conflict-free. */
	shared_is("matmul-tiled", "", 1, 1, 1, "32 words");
	/* Mds[ty][k]: words 0 and 16, one per half: banks 0 and 16: 1. */
	shared_is("matmul-tiled", "", 4, 1, 1, "broadcast per row");
	/* Nds[k][tx]: words 0..15, both halves the same: 1. */
	shared_is("matmul-tiled", "", 5, 1, 1, "row of Nds");
	/* Tiled global loads are along rows: 2 rows x 64 bytes = 4. */
	global_is("matmul-tiled", "", 0, 0, 4, RULES_COALESCED, "M tile row");
	global_is("matmul-tiled", "", 2, 0, 4, RULES_COALESCED, "N tile row");

	/* Constant: coef[k] one address; coef[tx + k] 32 addresses. */
	at("const-uniform", "", 1, 0, 0, 0, ARCH_MODERN, &r);
	ok(r.space == SPACE_CONSTANT && r.c.serial == 1,
	    "const-uniform: 1 serial read");
	at("const-divergent", "", 1, 0, 0, 0, ARCH_MODERN, &r);
	ok(r.space == SPACE_CONSTANT && r.c.serial == 32,
	    "const-divergent: 32 serial reads");

	/* Legacy (cc 1.3), copy-offset 1: bytes 4..131 of a 256-aligned
	   array.  Half 0 (4..67) uses both halves of segment 0..127: 128.
	   Half 1 (68..131): lanes 16-30 lie in 0..127's upper half -> 64 at
	   64 (both 32-byte halves used); lane 31 at 128 -> 32 at 128. */
	at("copy-offset", "offset=1", 0, 0, 0, 0, ARCH_LEGACY, &r);
	ok(r.l.transactions == 3 && r.l.bytes_moved == 224 &&
	    r.l.seg[0].size == 128 && r.l.seg[1].size == 64 &&
	    r.l.seg[2].size == 32, "legacy copy-offset 1: 128 + 64 + 32 bytes "
	    "(the guide's misaligned example)");
	at("copy-offset", "offset=0", 0, 0, 0, 0, ARCH_LEGACY, &r);
	ok(r.l.transactions == 2 && r.l.bytes_moved == 128,
	    "legacy aligned copy: one 64-byte segment per half-warp");
}

/* Guards and partial warps: lanes that do not take part. */
static void
test_inactive(void)
{
	struct launch	 l;
	struct access	 a;
	char		*cause;

	/* matmul-col width 20, 8x4 blocks: block (2,0) has Col 16..23, so
	   lanes with tx >= 4 fail Col < 20. */
	setup(&l, "matmul-col", "width=20,bx=8,by=4", &cause);
	warp_access(&l, 2, 0, 0, 0, &a, &cause);
	is_int(__builtin_popcount(a.active), 16, "width 20, block x 2: 4 of "
	    "8 columns per row, 16 lanes active");
	ok(a.exists == 0xffffffffu, "all 32 lanes exist");
	launch_free(&l);
	/* A 5x5 block: 25 threads, warp 0 has 25 lanes. */
	setup(&l, "matmul-col", "width=20,bx=5,by=5", &cause);
	warp_access(&l, 0, 0, 0, 0, &a, &cause);
	ok(a.exists == 0x1ffffffu && a.active == 0x1ffffffu,
	    "a 25-thread block: a partial warp of 25 lanes");
	ok(a.tid[24][0] == 4 && a.tid[24][1] == 4, "lane 24 is thread (4,4)");
	launch_free(&l);
}

static int
totals_equal(const struct site_totals *a, const struct site_totals *b)
{
	return memcmp(a, b, sizeof *a) == 0;
}

/* The fast path equals brute force for one variant at small sizes. */
static void
fast_vs_brute(const char *name, const char *params)
{
	struct launch	 l;
	struct totals	 f, b;
	char		*cause;
	int		 arch, s, same, tex = 0;

	if (setup(&l, name, params, &cause) != 0) {
		ok(0, "%s %s: %s", name, params, cause);
		free(cause);
		return;
	}
	/* Texture sites go to brute force by design (totals-fast.c). */
	for (s = 0; s < l.nsites; s++)
		tex += l.sites[s].space == SPACE_TEXTURE;
	for (arch = ARCH_MODERN; arch <= ARCH_LEGACY; arch++) {
		totals_compute(&l, arch, TOTALS_AUTO, &f, &cause);
		totals_compute(&l, arch, TOTALS_BRUTE, &b, &cause);
		same = f.fast == l.nsites - tex && b.fast == 0;
		for (s = 0; s < l.nsites; s++)
			same &= totals_equal(&f.site[s], &b.site[s]);
		ok(same, "%s %s %s: fast path (%d sites) == brute force",
		    name, params, arch_name(arch), f.fast);
	}
	launch_free(&l);
}

/* The fast path must equal brute force for every variant: at the sizes
 * below (odd ones, other warps) and at each variant's own small ones. */
static void
test_fast_vs_brute(void)
{
	static const struct { const char *name, *params; } small[] = {
		{ "matmul-col", "width=20,bx=8,by=4" },
		{ "matmul-col", "width=4,bx=4,by=4,warp=4" },
		{ "matmul-row", "width=20,bx=8,by=4" },
		{ "matmul-row", "width=19,bx=5,by=5" },
		{ "matmul-tiled", "width=16,tile=4" },
		{ "matmul-tiled", "width=32,tile=8,warp=16" },
		{ "twohop-v0", "n=20,bx=8,by=4" },
		{ "twohop-v1", "n=21,bx=16,by=2" },
		{ "copy-offset", "n=100,offset=3,bs=32" },
		{ "copy-offset", "n=1000,offset=17,bs=64" },
		{ "stride", "n=100,stride=3,bs=64" },
		{ "powers-stride32", "n=64,bs=32" },
		{ "powers-transposed", "n=128,bs=64" },
		{ "powers-padded", "n=64,bs=32" },
		{ "struct12", "n=70,bs=32" },
		{ "struct16", "n=70,bs=32" },
		{ "double2", "n=70,bs=32" },
		{ "array2d", "width=37,height=5,bx=16,by=4" },
		{ "array2d-pitch", "width=37,height=5,bx=16,by=4" },
		{ "const-uniform", "n=70,taps=5,bs=32" },
		{ "const-divergent", "n=70,taps=5,bs=32" },
		{ "local-uniform", "n=100,reps=2,m=5,wpb=2" },
		{ "local-lane", "n=100,reps=2,m=5,wpb=2" },
		{ "local-uniform16", "n=70,reps=1,m=3,wpb=3" },
		{ "local-lane16", "n=70,reps=1,m=3,wpb=3,warp=8" },
		{ "tex-row-global", "w=64,h=32" },
		{ "tex-col-global", "w=32,h=64" },
	};
	size_t		 i;

	for (i = 0; i < sizeof small / sizeof small[0]; i++)
		fast_vs_brute(small[i].name, small[i].params);
	for (i = 0; catalog[i] != NULL; i++)
		fast_vs_brute(catalog[i]->name, catalog[i]->live.small);
}

/* Every active lane stays inside its array, at small sizes. */
static void
test_in_bounds(void)
{
	struct launch	 l;
	struct access	 a;
	char		*cause;
	int64_t		 bx, by, st, bad;
	int		 i, w, lane;

	for (i = 0; catalog[i] != NULL; i++) {
		const char *p = catalog[i]->live.small;

		if (setup(&l, catalog[i]->name, p, &cause) != 0) {
			ok(0, "%s %s: %s", catalog[i]->name, p, cause);
			free(cause);
			continue;
		}
		bad = 0;
		for (by = 0; by < l.grid[1]; by++)
		for (bx = 0; bx < l.grid[0]; bx++)
		for (w = 0; w < l.warps; w++)
		for (st = 0; st < l.nsteps; st++) {
			warp_access(&l, bx, by, w, st, &a, &cause);
			for (lane = 0; lane < a.nlanes; lane++)
				if ((a.active >> lane & 1) &&
				    (a.index[lane] < 0 || a.index[lane] >=
				    l.arrays[l.sites[a.site].array].length))
					bad++;
		}
		is_int(bad, 0, "%s %s: every access inside its array",
		    catalog[i]->name, p);
		launch_free(&l);
	}
}

static void
ratio_is(const char *name, const char *params, double load, double store)
{
	struct launch	 l;
	struct totals	 t;
	char		*cause;
	double		 gl, gs;

	if (setup(&l, name, params, &cause) != 0 ||
	    totals_compute(&l, ARCH_MODERN, TOTALS_AUTO, &t, &cause) != 0) {
		ok(0, "%s %s: %s", name, params, cause);
		free(cause);
		return;
	}
	gl = (double)t.global_load.sectors / t.global_load.requests;
	gs = (double)t.global_store.sectors / t.global_store.requests;
	ok(gl == load && gs == store, "%s %s: %.1f sectors per load request, "
	    "%.1f per store (Nsight Compute: %.1f, %.1f)", name, params, gl,
	    gs, load, store);
	launch_free(&l);
}

/* Whole-kernel averages measured with Nsight Compute on H100/H200. */
static void
test_measured(void)
{
	ratio_is("matmul-col", "width=2048,bx=16,by=16", 2.0, 4.0);
	ratio_is("matmul-row", "width=2048,bx=16,by=16", 8.5, 16.0);
	ratio_is("matmul-col", "width=2048,bx=32,by=32", 2.5, 4.0);
	ratio_is("matmul-row", "width=2048,bx=32,by=32", 16.5, 32.0);
	ratio_is("twohop-v0", "n=4000,bx=16,by=16", 8.5, 16.0);
	ratio_is("twohop-v1", "n=4000,bx=16,by=16", 2.0, 4.0);
}

/* Small totals worked out by hand. */
static void
test_totals_by_hand(void)
{
	struct launch	 l;
	struct totals	 t;
	char		*cause;

	/* copy-offset n=64 bs=32 offset=1: warp 0 reads in[1..32], bytes
	   4..131: 5 sectors; warp 1 in[33..63] (i = 64 fails i < n), bytes
	   132..255: sectors 4..7: 4.  Stores the same: 9 + 9. */
	setup(&l, "copy-offset", "n=64,bs=32,offset=1", &cause);
	totals_compute(&l, ARCH_MODERN, TOTALS_AUTO, &t, &cause);
	ok(t.site[0].requests == 2 && t.site[0].sectors == 9 &&
	    t.site[0].lanes == 63 && t.site[0].bytes_used == 252,
	    "copy-offset n=64 offset=1: 2 requests, 9 sectors, 63 lanes, "
	    "252 bytes");
	is_int(t.global_store.sectors, 9, "and 9 store sectors");
	launch_free(&l);
	/* stride n=64 stride=2 bs=32: each warp spans 256 bytes: 8 + 8
	   load sectors; stores 4 + 4. */
	setup(&l, "stride", "n=64,bs=32,stride=2", &cause);
	totals_compute(&l, ARCH_MODERN, TOTALS_AUTO, &t, &cause);
	ok(t.global_load.sectors == 16 && t.global_store.sectors == 8 &&
	    t.global_load.bytes_moved == 512 && t.global_load.bytes_used ==
	    256, "stride 2, 64 elements: 16 load sectors (512 bytes moved, "
	    "256 used), 8 store sectors");
	launch_free(&l);
	/* powers-stride32 n=32 bs=32: one warp, 32 stores and 32 loads at
	   32 wavefronts each = 2048; ideal 64. */
	setup(&l, "powers-stride32", "n=32,bs=32", &cause);
	totals_compute(&l, ARCH_MODERN, TOTALS_AUTO, &t, &cause);
	ok(t.shared_store.wavefronts == 1024 && t.shared_load.wavefronts ==
	    1024 && t.shared_store.ideal_wavefronts == 32,
	    "powers-stride32, one warp: 1024 + 1024 wavefronts, ideal 32 + 32");
	launch_free(&l);
	/* const-divergent n=64 taps=3 bs=32: 2 warps x 3 taps x 32 reads. */
	setup(&l, "const-divergent", "n=64,taps=3,bs=32", &cause);
	totals_compute(&l, ARCH_MODERN, TOTALS_AUTO, &t, &cause);
	ok(t.constant.serial == 192 && t.constant.requests == 6,
	    "const-divergent, 2 warps x 3 taps: 192 serial reads");
	launch_free(&l);
}

/* One site's whole-launch requests and sectors (global) or wavefronts. */
static void
site_is(const char *name, const char *params, int site, int64_t requests,
    int64_t cost, const char *why)
{
	struct launch	 l;
	struct totals	 t;
	char		*cause;
	int64_t		 got;

	if (setup(&l, name, params, &cause) != 0 ||
	    totals_compute(&l, ARCH_MODERN, TOTALS_AUTO, &t, &cause) != 0) {
		ok(0, "%s %s: %s", name, params, cause);
		free(cause);
		return;
	}
	got = l.sites[site].space == SPACE_SHARED ? t.site[site].wavefronts :
	    t.site[site].sectors;
	ok(t.site[site].requests == requests && got == cost, "%s %s %s: %lld "
	    "requests, %lld (%s)", name, params, l.sites[site].text,
	    (long long)t.site[site].requests, (long long)got, why);
	launch_free(&l);
}

/*
 * The 2-hop ladder's V2 and V3, worked out by hand.  Blocks of 8 x 8
 * threads, 2 warps: warp w has ia = 0..7 (lane % 8), ja = 4w + lane / 8.
 * nn = n rounded up to 64 keeps every row of d and t 256-byte aligned.
 */
static void
test_twohop_blocked(void)
{
	struct launch	 l;
	struct access	 a;
	char		*cause;

	/* n = 4000: nn = 4032, 63 x 63 blocks, 7938 warps.  V2's t load
	   reads 8 floats (ia) in one aligned 32-byte sector, the d load 4
	   (ja): 1 sector per request, 7938 x 4000 k x 8 requests each. */
	site_is("twohop-v2", "n=4000", 0, 254016000, 254016000,
	    "8 lanes per float, 1 sector");
	site_is("twohop-v2", "n=4000", 1, 254016000, 254016000,
	    "4 floats, 1 sector");
	/* Stores: 500 valid row strips (62 blocks x 8 + 4 in the last) x
	   500 column strips x 2 warps; 8 rows of 16 bytes, rows 16000
	   bytes apart: 8 sectors. */
	site_is("twohop-v2", "n=4000", 2, 500000, 4000000,
	    "8 rows of 4 floats");
	/* V3: 1000 strips of 4 k; a warp loads 32 consecutive floats of a
	   row of t or d (4 sectors), stores them to 32 consecutive words
	   of xx or yy (1 wavefront); reads of yy (4 words) and xx (8
	   words) are broadcasts, 1 wavefront. */
	site_is("twohop-v3", "n=4000", 0, 31752000, 127008000,
	    "32 floats, 4 sectors");
	site_is("twohop-v3", "n=4000", 1, 31752000, 31752000,
	    "32 words, 32 banks");
	site_is("twohop-v3", "n=4000", 2, 31752000, 127008000,
	    "32 floats, 4 sectors");
	site_is("twohop-v3", "n=4000", 3, 31752000, 31752000,
	    "32 words, 32 banks");
	site_is("twohop-v3", "n=4000", 4, 254016000, 254016000,
	    "4 words, broadcast");
	site_is("twohop-v3", "n=4000", 5, 254016000, 254016000,
	    "8 words, broadcast");
	site_is("twohop-v3", "n=4000", 6, 500000, 4000000,
	    "as V2's store");

	/* n = 70: nn = 128, 2 x 2 blocks.  The loads read the padding and
	   are never guarded: 8 warps x 70 k x 8 = 4480 requests. */
	site_is("twohop-v2", "n=70", 0, 4480, 4480, "the padding is read");
	/* The store's own guard i < n && j < n.  Rows are 280 bytes apart
	   (280 = 24 mod 32): warp 0's 16 bytes cross a sector boundary in
	   rows i = 1 mod 4, warp 1's in rows i = 3 mod 4.  Block (0,0):
	   128 requests of 8 rows, 2 crossing: 1280 sectors.  Block (0,1),
	   jb = 0: warp 0 8 x 10, warp 1 (j = 68, 69: 8 bytes, never
	   crossing) 8 x 8.  Block (1,0), ib = 0, rows 64..69: warp 0 6 + 2
	   (65, 69), warp 1 6 + 1 (67), 8 jb each: 120.  Block (1,1): 8 +
	   6.  162 requests, 1558 sectors. */
	site_is("twohop-v2", "n=70", 2, 162, 1558, "edge blocks guarded");
	site_is("twohop-v3", "n=70", 6, 162, 1558, "as V2's store");
	/* kb runs (70 + 3) / 4 = 18 times. */
	site_is("twohop-v3", "n=70", 0, 576, 2304, "18 strips x 4 k");

	/* Lane by lane: in block (1,1) a t load has all 32 lanes, the
	   store at ib = jb = 0 only ia < 6 (i < 70) of warp 0: 24. */
	setup(&l, "twohop-v2", "n=70", &cause);
	warp_access(&l, 1, 1, 0, 0, &a, &cause);
	is_int(__builtin_popcount(a.active), 32, "twohop-v2 n=70 block 1,1: "
	    "the first t load has 32 lanes");
	warp_access(&l, 1, 1, 0, l.nsteps - 64, &a, &cause);
	ok(a.site == 2 && a.active == 0x3f3f3f3f, "twohop-v2 n=70 block 1,1: "
	    "the first store has ia 0..5 of ja 0..3 (mask %08x)", a.active);
	launch_free(&l);
}

static void
refused(const char *name, const char *params, const char *why)
{
	struct launch	 l;
	char		*cause = NULL;

	if (setup(&l, name, params, &cause) == 0) {
		ok(0, "%s %s is refused (it was accepted)", name, params);
		launch_free(&l);
		return;
	}
	ok(cause != NULL && strstr(cause, why) != NULL, "%s %s is refused: "
	    "%s", name, params, cause ? cause : "(no reason)");
	free(cause);
}

/* A variant made for the test: its array outgrows a kernel's int index. */
static const struct variant huge = {
	.name = "huge", .family = "test", .title = "an n x n array",
	.kernel = "huge", .source = "none.cu",
	.params = { { .name = "n", .min = 1, .max = 1000000, .def = 10,
	    .unit = "elements", .text = "size" } },
	.block = { "32", "1" }, .grid = { "(n*n + 31) / 32", "1" },
	.arrays = { { .name = "a", .space = SPACE_GLOBAL, .elem_size = 4,
	    .length = "n*n" } },
	.lets = { { "i", "blockIdx.x * blockDim.x + threadIdx.x" } },
	.guard = "i < n*n",
	.body = { BODY_LOAD("a[i]") },
};

static void
test_errors(void)
{
	struct param_set ps;
	int		 i;
	struct launch	 l;
	struct access	 a;
	char		*cause = NULL;

	refused("matmul-tiled", "width=30,tile=16", "multiple of tile");
	refused("powers-padded", "n=100,bs=32", "multiple of bs");
	refused("matmul-col", "bx=64,by=32", "1 to 1024 threads");
	refused("matmul-col", "width=0", "out of range");
	refused("matmul-col", "wdth=3", "unknown parameter 'wdth'");
	refused("matmul-col", "width=abc", "not a whole number");
	refused("matmul-col", "warp=3", "power of two");
	refused("twohop-v0", "n=99999999999999999999", "not a whole number");

	param_defaults(&ps, &huge);
	param_assign(&ps, "n=50000", &cause);
	cause = NULL;
	i = launch_init(&l, &ps, &cause);
	ok(i != 0 && cause != NULL && strstr(cause, "2500000000 elements") !=
	    NULL && strstr(cause, "int index") != NULL,
	    "an array of 50000^2 elements is refused: %s", cause);
	free(cause);
	param_assign(&ps, "n=46340", &cause);
	ok(launch_init(&l, &ps, &cause) == 0, "46340^2 < 2^31 is allowed");
	launch_free(&l);

	setup(&l, "matmul-col", "", &cause);
	ok(warp_access(&l, 0, 0, 8, 0, &a, &cause) != 0 &&
	    strstr(cause, "warp 8") != NULL, "warp 8 of a 256-thread block "
	    "is refused");
	free(cause);
	ok(warp_access(&l, 0, 128, 0, 0, &a, &cause) != 0 &&
	    strstr(cause, "outside the grid") != NULL, "block 0,128 of a "
	    "128x128 grid is refused");
	free(cause);
	ok(warp_access(&l, 0, 0, 0, 4097, &a, &cause) != 0 &&
	    strstr(cause, "step 4097") != NULL, "step 4097 of 4097 is refused");
	free(cause);
	launch_free(&l);
}

/*
 * Local memory (cuda/local.cu), by the layout the H100 showed
 * (doc/validation.md): word w of each lane of a warp in one 128-byte line,
 * 4 sectors; a float4 is four words, four requests.  Blocks of 32 x wpb
 * threads: lane = threadIdx.x.  Steps: 0 loads in[i], then the fill's 64
 * stores t[k] (k = 0..63; 256 for float4, four words each), then the
 * reads, reps x m of them (four steps each for float4).
 */
static void
local_is(const char *name, int64_t step, int sectors, enum rules_class cls,
    const char *why)
{
	struct access_result	r;

	at(name, "", step, 0, 0, 0, ARCH_MODERN, &r);
	ok(r.space == SPACE_LOCAL && r.g.sectors == sectors &&
	    r.g.class == cls, "%s step %lld: local, %d sectors, %s (%s)",
	    name, (long long)step, sectors, rules_class_name(cls), why);
	if (r.g.sectors != sectors || r.g.class != cls)
		diag("got space %d, %d sectors, %s", r.space, r.g.sectors,
		    rules_class_name(r.g.class));
}

static void
test_local(void)
{
	struct launch	 l;
	struct totals	 t;
	char		*cause;
	int		 i, reg;

	/* The fill t[k] = ...: every lane word k, one line. */
	local_is("local-uniform", 1, 4, RULES_COALESCED, "t[0] stored");
	local_is("local-lane", 64, 4, RULES_COALESCED, "t[63] stored");
	/* The first read, k = 0: t[0] for all (one line), t[lane] (32
	   lines, each lane's 4 bytes in a sector of its own). */
	local_is("local-uniform", 65, 4, RULES_COALESCED, "t[0] by all");
	local_is("local-lane", 65, 32, RULES_UNCOALESCED, "t[lane]");
	/* k = 3 (step 68): t[3] by all; t[lane + 3]: still 32. */
	local_is("local-uniform", 68, 4, RULES_COALESCED, "t[3] by all");
	local_is("local-lane", 68, 32, RULES_UNCOALESCED, "t[lane + 3]");
	/* float4: 256 fill steps, then t[0]'s words at steps 257..260. */
	local_is("local-uniform16", 257, 4, RULES_COALESCED, "word 0");
	local_is("local-uniform16", 260, 4, RULES_COALESCED, "word 3");
	local_is("local-lane16", 257, 32, RULES_UNCOALESCED, "word 0");
	local_is("local-lane16", 260, 32, RULES_UNCOALESCED, "word 3");

	/* Whole launches, n = 64, reps = 2, m = 3, wpb = 1: 2 warps.
	   Stores: 64 a warp, 4 sectors each: 128 requests, 512 sectors.
	   Reads: 2 x 3 a warp = 12 requests; 4 sectors each (48) when
	   uniform, 32 (384) by lane.  float4: four times the requests;
	   512 and 2048 for the stores, 48 requests and 192 or 1536 for
	   the reads. */
	{
		static const struct {
			const char	*name;
			int64_t		 ld, lds, st, sts;
		} c[] = {
			{ "local-uniform", 12, 48, 128, 512 },
			{ "local-lane", 12, 384, 128, 512 },
			{ "local-uniform16", 48, 192, 512, 2048 },
			{ "local-lane16", 48, 1536, 512, 2048 },
		};

		for (i = 0; i < 4; i++) {
			if (setup(&l, c[i].name, "n=64,reps=2,m=3,wpb=1",
			    &cause) != 0 || totals_compute(&l, ARCH_MODERN,
			    TOTALS_AUTO, &t, &cause) != 0) {
				ok(0, "%s: %s", c[i].name, cause);
				free(cause);
				continue;
			}
			ok(t.local_load.requests == c[i].ld &&
			    t.local_load.sectors == c[i].lds &&
			    t.local_store.requests == c[i].st &&
			    t.local_store.sectors == c[i].sts,
			    "%s, 2 warps: loads %lld/%lld, stores %lld/%lld",
			    c[i].name, (long long)c[i].ld,
			    (long long)c[i].lds, (long long)c[i].st,
			    (long long)c[i].sts);
			launch_free(&l);
		}
	}
	/* The 2-hop ladder's per-thread arrays are indexed only by
	   unrolled loops: registers, no local array (ncu: no local
	   traffic). */
	for (i = 0; catalog[i] != NULL; i++) {
		int	j;

		if (strncmp(catalog[i]->name, "twohop", 6) != 0)
			continue;
		for (j = reg = 0; j < VARIANT_MAX_ARRAYS &&
		    catalog[i]->arrays[j].name != NULL; j++)
			if (catalog[i]->arrays[j].space == SPACE_LOCAL)
				reg = 1;
		ok(!reg, "%s: no array in local memory", catalog[i]->name);
	}
}

/*
 * Texture walks (cuda/texture.cu), by doc/rules.md's texture rule: a
 * request a quad of lanes, each quad the distinct sectors of 16 bytes x 2
 * rows its texels fall in.  Blocks of 32 x 32, 2048 x 2048 floats.
 */
static void
test_texture(void)
{
	struct access_result	r;

	/* Row: each quad 4 floats of one row, 16 aligned bytes: 1 sector;
	   8 quads, 8 sectors (global: 128 bytes, 4). */
	at("tex-row", "", 0, 0, 0, 0, ARCH_MODERN, &r);
	ok(r.space == SPACE_TEXTURE && r.t.requests == 8 && r.t.sectors == 8,
	    "tex-row: 8 requests, 8 sectors (got %d, %d)", r.t.requests,
	    r.t.sectors);
	/* Column: each quad rows 4q..4q+3 of one column, two pairs of
	   rows: 2 sectors; 16 in all (global: a sector a lane, 32). */
	at("tex-col", "", 0, 0, 0, 0, ARCH_MODERN, &r);
	ok(r.space == SPACE_TEXTURE && r.t.requests == 8 && r.t.sectors == 16,
	    "tex-col: 8 requests, 16 sectors (got %d, %d)", r.t.requests,
	    r.t.sectors);
	global_is("tex-row-global", "", 0, 0, 4, RULES_COALESCED, "a row");
	global_is("tex-col-global", "", 0, 0, 32, RULES_UNCOALESCED,
	    "a column, 2048 floats apart");
	/* The whole launch, 64 x 96: 2 x 3 blocks of 32 warps = 192
	   warp requests; 8 (row) or 16 (column) sectors a warp: 1536 and
	   3072. */
	site_is("tex-row", "w=64,h=96", 0, 192, 1536, "8 a warp");
	site_is("tex-col", "w=64,h=96", 0, 192, 3072, "16 a warp");
}

int
main(void)
{
	test_catalog();
	test_steps();
	test_accesses();
	test_inactive();
	test_fast_vs_brute();
	test_in_bounds();
	test_measured();
	test_totals_by_hand();
	test_twohop_blocked();
	test_local();
	test_texture();
	test_errors();
	return tap_done();
}
