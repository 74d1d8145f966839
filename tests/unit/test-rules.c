/* SPDX-License-Identifier: ISC
 * test-rules.c - TAP unit tests for the memory rules (src/model/rules*.c).
 *
 * Every expectation is worked out by hand from the rules in DESIGN.md section
 * 3 and the CUDA C Programming Guide; the derivation sits in a comment next to
 * the case.  Addresses are bytes; "in[f(i)]" means lane i addresses 4*f(i) in
 * an array whose base is 0 (256-byte aligned).  Links only the model.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "tap.h"
#include "totals.h"

#define ALL	UINT32_C(0xffffffff)

/* Fill a with base + stride * lane for 32 lanes. */
static void
fill(int64_t *a, int64_t base, int64_t stride)
{
	int	l;

	for (l = 0; l < RULES_MAX_LANES; l++)
		a[l] = base + stride * l;
}

static void
check_global(const char *name, const int64_t *a, uint32_t active, int size,
    int sectors, int ideal, int need, enum rules_class class)
{
	struct rules_global	g;

	rules_global(a, active, RULES_MAX_LANES, size, &g);
	is_int(g.sectors, sectors, "global %s: sectors", name);
	is_int(g.ideal, ideal, "global %s: ideal", name);
	is_int(g.need, need, "global %s: need", name);
	is_str(rules_class_name(g.class), rules_class_name(class),
	    "global %s: class", name);
}

static void
check_shared_op(const char *name, const int64_t *a, uint32_t active, int size,
    int load, int wavefronts, int ideal, int degree)
{
	struct rules_shared	s;

	rules_shared(a, active, RULES_MAX_LANES, size, load, &s);
	is_int(s.wavefronts, wavefronts, "shared %s: wavefronts", name);
	is_int(s.ideal, ideal, "shared %s: ideal", name);
	is_int(s.degree, degree, "shared %s: degree", name);
}

/* A store (4-byte accesses serve loads and stores alike). */
static void
check_shared(const char *name, const int64_t *a, uint32_t active, int size,
    int wavefronts, int ideal, int degree)
{
	check_shared_op(name, a, active, size, 0, wavefronts, ideal, degree);
}

/* Compare a legacy result with a list of (addr, size) segments. */
static void
check_legacy(const char *name, const int64_t *a, uint32_t active, int size,
    int n, const int64_t *want_addr, const int *want_size)
{
	struct rules_legacy	r;
	int			i, moved = 0, pass;

	rules_legacy(a, active, RULES_MAX_LANES, size, &r);
	if (!is_int(r.transactions, n, "legacy %s: transactions", name))
		return;
	for (i = 0; i < n; i++) {
		pass = r.seg[i].addr == want_addr[i] &&
		    r.seg[i].size == want_size[i];
		ok(pass, "legacy %s: segment %d is %d at %lld", name, i,
		    want_size[i], (long long)want_addr[i]);
		if (!pass)
			diag("got %d at %lld", r.seg[i].size,
			    (long long)r.seg[i].addr);
		moved += want_size[i];
	}
	is_int(r.bytes_moved, moved, "legacy %s: bytes moved", name);
}

/*
 * The class grades sectors against need = ceil(active x size / 32): fewer
 * is broadcast, equal coalesced, up to 2 x need split, beyond uncoalesced.
 * A full warp of 4-byte accesses needs 32 x 4 / 32 = 4 sectors.
 */
static void
test_global(void)
{
	struct rules_global	g;
	int64_t			a[RULES_MAX_LANES];
	int			l;

	/* in[i]: bytes 0..127, sectors 0..3; need 4: coalesced. */
	fill(a, 0, 4);
	check_global("in[i]", a, ALL, 4, 4, 4, 4, RULES_COALESCED);
	rules_global(a, ALL, 32, 4, &g);
	is_int(g.lines, 1, "global in[i]: 1 line");
	is_int(g.bytes_used, 128, "global in[i]: 128 bytes used");
	is_int(g.active, 32, "global in[i]: 32 active");

	/*
	 * copy-offset: shifts by less than a sector: bytes 4k..4k+127 cover
	 * sectors 0..4 for k = 1, 2, 4 (last byte 131, 135, 143) and 3..7 for
	 * k = 31 (bytes 124..251): 5 sectors, need 4, 4 < 5 <= 8: split.
	 */
	fill(a, 4, 4);
	check_global("in[i+1]", a, ALL, 4, 5, 4, 4, RULES_SPLIT);
	rules_global(a, ALL, 32, 4, &g);
	is_int(g.lines, 2, "global in[i+1]: 2 lines (bytes 4..131)");
	fill(a, 8, 4);
	check_global("in[i+2]", a, ALL, 4, 5, 4, 4, RULES_SPLIT);
	fill(a, 16, 4);
	check_global("in[i+4]", a, ALL, 4, 5, 4, 4, RULES_SPLIT);
	fill(a, 124, 4);
	check_global("in[i+31]", a, ALL, 4, 5, 4, 4, RULES_SPLIT);

	/* Shifts by whole sectors: bytes 32..159, 64..191, 128..255. */
	fill(a, 32, 4);
	check_global("in[i+8]", a, ALL, 4, 4, 4, 4, RULES_COALESCED);
	fill(a, 64, 4);
	check_global("in[i+16]", a, ALL, 4, 4, 4, 4, RULES_COALESCED);
	fill(a, 128, 4);
	check_global("in[i+32]", a, ALL, 4, 4, 4, 4, RULES_COALESCED);

	/*
	 * stride 2, in[2*i]: addresses 0, 8, ..., 248; each sector holds 4
	 * lanes, so sectors 0..7 = 8; 128 distinct bytes, ideal 4; need 4,
	 * 8 = 2 x need: split.
	 */
	fill(a, 0, 8);
	check_global("in[2*i]", a, ALL, 4, 8, 4, 4, RULES_SPLIT);
	rules_global(a, ALL, 32, 4, &g);
	is_int(g.bytes_used, 128, "global in[2*i]: 128 bytes used");
	is_int(g.lines, 2, "global in[2*i]: 2 lines (bytes 0..251)");

	/* in[4*i]: addresses 16*i, two lanes a sector: 16 > 2 x 4. */
	fill(a, 0, 16);
	check_global("in[4*i]", a, ALL, 4, 16, 4, 4, RULES_UNCOALESCED);

	/* in[8*i] and wider (stride 32): one lane a sector, 32 > 8. */
	fill(a, 0, 32);
	check_global("in[8*i]", a, ALL, 4, 32, 4, 4, RULES_UNCOALESCED);
	fill(a, 0, 64);
	check_global("in[16*i]", a, ALL, 4, 32, 4, 4, RULES_UNCOALESCED);
	fill(a, 0, 128);
	check_global("in[32*i]", a, ALL, 4, 32, 4, 4, RULES_UNCOALESCED);
	rules_global(a, ALL, 32, 4, &g);
	is_int(g.lines, 32, "global in[32*i]: 32 lines");

	/*
	 * in[0]: one address, 1 sector against a need of 4: broadcast, for a
	 * load and for a store alike (the rule looks at addresses only).
	 */
	fill(a, 0, 0);
	check_global("in[0]", a, ALL, 4, 1, 1, 4, RULES_BROADCAST);
	/* A single active lane needs ceil(4 / 32) = 1 sector: coalesced. */
	check_global("in[0] one lane", a, UINT32_C(1), 4, 1, 1, 1,
	    RULES_COALESCED);
	/*
	 * Four lanes on one float need ceil(16 / 32) = 1 sector and touch 1:
	 * at the need, but the lanes share their bytes: broadcast.
	 */
	check_global("in[0] four lanes", a, UINT32_C(0xf), 4, 1, 1, 1,
	    RULES_BROADCAST);

	/* Lanes 0-15 of in[i]: bytes 0..63, 2 sectors; need 16 x 4 / 32 = 2. */
	fill(a, 0, 4);
	check_global("in[i] lanes 0-15", a, UINT32_C(0xffff), 4, 2, 2, 2,
	    RULES_COALESCED);
	rules_global(a, UINT32_C(0xffff), 32, 4, &g);
	is_int(g.active, 16, "global in[i] lanes 0-15: 16 active");
	is_int(g.bytes_used, 64, "global in[i] lanes 0-15: 64 bytes used");

	/* No active lane: no request at all. */
	check_global("no lane", a, 0, 4, 0, 0, 0, RULES_NONE);
	rules_global(a, 0, 32, 4, &g);
	is_int(g.lines, 0, "global no lane: 0 lines");
	is_int(g.bytes_used, 0, "global no lane: 0 bytes used");

	/* nlanes 16: bits 16-31 of active are not lanes; as lanes 0-15. */
	rules_global(a, ALL, 16, 4, &g);
	is_int(g.active, 16, "global nlanes 16: 16 active");
	is_int(g.sectors, 2, "global nlanes 16: 2 sectors");
	is_int(g.need, 2, "global nlanes 16: need 2");

	/*
	 * 12-byte struct read field by field, addr 12*i + f, 4 bytes: the
	 * starts run 0..372 (+f) with gaps of 12 < 32, so every sector from 0
	 * to floor((372 + f + 3) / 32) = 11 is touched and no 4-byte field
	 * crosses a sector (starts are multiples of 4): 12 sectors, 128 bytes,
	 * ideal 4, need 4; 12 > 8: uncoalesced (each field load moves 3x).
	 */
	fill(a, 0, 12);
	check_global("struct12.x", a, ALL, 4, 12, 4, 4, RULES_UNCOALESCED);
	fill(a, 4, 12);
	check_global("struct12.y", a, ALL, 4, 12, 4, 4, RULES_UNCOALESCED);
	fill(a, 8, 12);
	check_global("struct12.z", a, ALL, 4, 12, 4, 4, RULES_UNCOALESCED);

	/* __align__(16) struct as one 16-byte access: bytes 0..511; need 16. */
	fill(a, 0, 16);
	check_global("struct16", a, ALL, 16, 16, 16, 16, RULES_COALESCED);
	rules_global(a, ALL, 32, 16, &g);
	is_int(g.lines, 4, "global struct16: 4 lines");

	/*
	 * 8-byte double d[i]: bytes 0..255, sectors 0..7 = 8, need 8.
	 * Misaligned by 4 (addr 8*i + 4): bytes 4..259, sectors 0..8 = 9,
	 * need 8 < 9 <= 16: split.
	 */
	fill(a, 0, 8);
	check_global("d[i]", a, ALL, 8, 8, 8, 8, RULES_COALESCED);
	fill(a, 4, 8);
	check_global("d[i] + 4 bytes", a, ALL, 8, 9, 8, 8, RULES_SPLIT);

	/*
	 * A lane straddling a sector boundary at a negative address: bytes
	 * -2..1 lie in sectors -1 and 0 (floor division).  2 sectors, need
	 * ceil(4 / 32) = 1, 1 < 2 <= 2: split.
	 */
	a[0] = -2;
	check_global("one lane over -2..1", a, UINT32_C(1), 4, 2, 1, 1,
	    RULES_SPLIT);

	/*
	 * Overlapping accesses: 16-byte reads at 4*i overlap; bytes 0..139
	 * (last lane 124..139): 140 distinct bytes, ideal ceil(140/32) = 5,
	 * sectors 0..4 = 5; need 32 x 16 / 32 = 16: lanes share bytes, 5 < 16:
	 * broadcast.
	 */
	fill(a, 0, 4);
	check_global("overlapping 16-byte", a, ALL, 16, 5, 5, 16,
	    RULES_BROADCAST);
	rules_global(a, ALL, 32, 16, &g);
	is_int(g.bytes_used, 140, "global overlapping 16-byte: 140 bytes");

	/*
	 * Two lanes each on its own sector, 1-byte reads at 0 and 100:
	 * 2 bytes used, need ceil(2 / 32) = 1, sectors 0 and 3 = 2: split.
	 * Eight lanes of 1 byte 32 apart: need 1, 8 sectors: uncoalesced.
	 */
	a[0] = 0;
	a[1] = 100;
	check_global("two 1-byte far apart", a, UINT32_C(3), 1, 2, 1, 1,
	    RULES_SPLIT);
	fill(a, 0, 32);
	check_global("eight 1-byte 32 apart", a, UINT32_C(0xff), 1, 8, 1, 1,
	    RULES_UNCOALESCED);

	/*
	 * twohop-v0 d[n*i + k] with 16-wide blocks: i = threadIdx.x, so lanes
	 * l and l + 16 read the same row and the same float; rows are n floats
	 * apart (here n = 8, 32 bytes).  16 distinct sectors against a need
	 * of 4: 16 > 2 x 4, uncoalesced; 64 bytes used, ideal 2.
	 */
	for (l = 0; l < 32; l++)
		a[l] = 32 * (l % 16);
	check_global("16 rows twice", a, ALL, 4, 16, 2, 4, RULES_UNCOALESCED);

	/* matmul-col M[Row*Width+k]: two rows of 16 lanes each one address. */
	for (l = 0; l < 32; l++)
		a[l] = l < 16 ? 0 : 256;
	check_global("two addresses", a, ALL, 4, 2, 1, 4, RULES_BROADCAST);

	/* Lanes out of order do not matter: in[31-i] as in[i]. */
	for (l = 0; l < 32; l++)
		a[l] = 4 * (31 - l);
	check_global("in[31-i]", a, ALL, 4, 4, 4, 4, RULES_COALESCED);

	/* The grade on its own: the boundaries of each class. */
	is_str(rules_class_name(rules_grade(0, 0, 0)), "none", "grade 0 of 0");
	is_str(rules_class_name(rules_grade(3, 4, 0)), "broadcast",
	    "grade 3 of 4");
	is_str(rules_class_name(rules_grade(4, 4, 0)), "coalesced",
	    "grade 4 of 4");
	is_str(rules_class_name(rules_grade(4, 4, 1)), "broadcast",
	    "grade 4 of 4, lanes sharing");
	is_str(rules_class_name(rules_grade(5, 4, 0)), "split", "grade 5 of 4");
	is_str(rules_class_name(rules_grade(8, 4, 1)), "split",
	    "grade 8 of 4, lanes sharing");
	is_str(rules_class_name(rules_grade(9, 4, 1)), "uncoalesced",
	    "grade 9 of 4");

	is_str(rules_class_name(RULES_NONE), "none", "class name none");
	is_str(rules_class_name(RULES_COALESCED), "coalesced",
	    "class name coalesced");
	is_str(rules_class_name(RULES_SPLIT), "split", "class name split");
	is_str(rules_class_name(RULES_UNCOALESCED), "uncoalesced",
	    "class name uncoalesced");
	is_str(rules_class_name(RULES_BROADCAST), "broadcast",
	    "class name broadcast");
}

static void
test_shared(void)
{
	struct rules_shared	s;
	int64_t			a[RULES_MAX_LANES];
	int			l, pass;

	/* s[lane]: word l in bank l, one word a bank. */
	fill(a, 0, 4);
	check_shared("s[lane]", a, ALL, 4, 1, 1, 1);
	rules_shared(a, ALL, 32, 4, 0, &s);
	pass = 1;
	for (l = 0; l < 32; l++)
		pass = pass && s.bank[l] == l;
	ok(pass, "shared s[lane]: bank[l] == l");
	is_int(s.active, 32, "shared s[lane]: 32 active");

	/* s[0]: one word, every lane reads it: broadcast, 1. */
	fill(a, 0, 0);
	check_shared("s[0]", a, ALL, 4, 1, 1, 1);

	/* s[2*lane]: bank 2l mod 32, lanes l and l+16 share a bank: 2. */
	fill(a, 0, 8);
	check_shared("s[2*lane]", a, ALL, 4, 2, 1, 2);

	/* s[4*lane]: banks 0, 4, ..., 28, four distinct words each: 4. */
	fill(a, 0, 16);
	check_shared("s[4*lane]", a, ALL, 4, 4, 1, 4);

	/* s[32*lane]: all 32 words in bank 0: 32. */
	fill(a, 0, 128);
	check_shared("s[32*lane]", a, ALL, 4, 32, 1, 32);

	/* s[33*lane]: word 33l, bank 33l mod 32 = l: 1. */
	fill(a, 0, 132);
	check_shared("s[33*lane]", a, ALL, 4, 1, 1, 1);

	/* s[lane/2]: 16 words in banks 0..15, each read by two lanes: 1. */
	for (l = 0; l < 32; l++)
		a[l] = 4 * (l / 2);
	check_shared("s[lane/2]", a, ALL, 4, 1, 1, 1);

	/* char c[lane]: words l/4 = 0..7, one a bank: 1. */
	fill(a, 0, 1);
	check_shared("c[lane]", a, ALL, 1, 1, 1, 1);

	/*
	 * 8-byte s8[lane] at 8*lane: phase 0 (lanes 0-15) reads words 0..31,
	 * one a bank; phase 1 (lanes 16-31) words 32..63, one a bank.  Two
	 * phases of 1 wavefront: 2, ideal 2, degree 1.
	 */
	fill(a, 0, 8);
	check_shared("s8[lane]", a, ALL, 8, 2, 2, 1);

	/*
	 * 8-byte at stride 2 elements, addr 16*lane.  Phase 0, lanes 0-15:
	 * lane l reads words 4l and 4l+1, banks 4l mod 32 and 4l+1 mod 32.
	 * Lanes l and l+8 (l = 0..7) land on the same two banks with words
	 * 32 apart, so banks 0,1,4,5,...,28,29 each hold 2 distinct words and
	 * the rest none: 2 wavefronts.  Phase 1 (lanes 16-31, words 64..125)
	 * is the same: 2.  Total 4, ideal 2, degree 2.
	 */
	fill(a, 0, 16);
	check_shared("s8[2*lane]", a, ALL, 8, 4, 2, 2);

	/*
	 * 16-byte s16[lane] at 16*lane: a phase of 8 lanes reads 32
	 * consecutive words, one a bank: 1 each, 4 phases: 4, ideal 4.
	 */
	fill(a, 0, 16);
	check_shared("s16[lane]", a, ALL, 16, 4, 4, 1);

	/*
	 * 16-byte at 32*lane: phase of lanes 0-7 reads words 8l..8l+3; lanes
	 * l and l+4 share banks (words 32 apart): banks 0-3, 8-11, 16-19,
	 * 24-27 hold 2 words each: 2 a phase, 8 in all, degree 2.
	 */
	fill(a, 0, 32);
	check_shared("s16[2*lane]", a, ALL, 16, 8, 4, 2);

	/*
	 * 8-byte s8[lane], only lanes 0-15 active: phase 1 is empty and
	 * costs nothing: 1 wavefront, ideal 1.
	 */
	fill(a, 0, 8);
	check_shared("s8[lane] lanes 0-15", a, UINT32_C(0xffff), 8, 1, 1, 1);
	rules_shared(a, UINT32_C(0xffff), 32, 8, 0, &s);
	ok(s.bank[0] == 0 && s.bank[15] == 30 && s.bank[16] == -1 &&
	    s.bank[31] == -1,
	    "shared s8[lane] lanes 0-15: banks 0, 30, -1, -1");

	/* No active lane: nothing. */
	check_shared("no lane", a, 0, 4, 0, 0, 0);

	/* nlanes 8: lanes 8-31 are not there and report bank -1. */
	fill(a, 0, 4);
	rules_shared(a, ALL, 8, 4, 0, &s);
	ok(s.active == 8 && s.bank[7] == 7 && s.bank[8] == -1,
	    "shared nlanes 8: 8 active, bank[8] == -1");

	/* Negative addresses: byte -4 is word -1, bank 31. */
	fill(a, -4, 4);
	rules_shared(a, ALL, 32, 4, 0, &s);
	ok(s.bank[0] == 31 && s.bank[1] == 0 && s.wavefronts == 1,
	    "shared s[lane-1]: bank[0] 31, bank[1] 0, 1 wavefront");
}

static void
test_legacy(void)
{
	struct rules_legacy	r;
	int64_t			a[RULES_MAX_LANES];
	int			l;

	/*
	 * Guide G.3.2.2, aligned and sequential, base 128: half 0 reads
	 * 128..191, the 128-byte segment at 128 has only its lower half used:
	 * 64 at 128, and 128..191 uses both halves of it.  Half 1 reads
	 * 192..255: upper half, 64 at 192.
	 */
	{
		const int64_t	wa[] = { 128, 192 };
		const int	ws[] = { 64, 64 };

		fill(a, 128, 4);
		check_legacy("aligned sequential", a, ALL, 4, 2, wa, ws);
		rules_legacy(a, ALL, 32, 4, &r);
		is_int(r.bytes_used, 128, "legacy aligned sequential: used");
		is_int(r.active, 32, "legacy aligned sequential: active");
		ok(r.seg[0].half == 0 && r.seg[1].half == 1 &&
		    r.seg[0].lanes == UINT32_C(0x0000ffff) &&
		    r.seg[1].lanes == UINT32_C(0xffff0000),
		    "legacy aligned sequential: halves and lanes");
	}

	/*
	 * Aligned, non-sequential within each half-warp: lane l of half h
	 * reads word 16h + (7l mod 16) (7 is odd, so a permutation of the
	 * half's 16 words).  The bytes each half uses are the same as above:
	 * 2 x 64.
	 */
	{
		const int64_t	wa[] = { 128, 192 };
		const int	ws[] = { 64, 64 };

		for (l = 0; l < 32; l++)
			a[l] = 128 + 4 * (16 * (l / 16) + (7 * l) % 16);
		check_legacy("permuted in halves", a, ALL, 4, 2, wa, ws);
	}

	/*
	 * Permuted across halves: lane l reads word 7l mod 32.  Half 0 reads
	 * words 0,7,14,21,28,3,10,17,24,31,6,13,20,27,2,9: both 64-byte halves
	 * of [128, 256), so no reduction: 128 at 128.  Half 1 reads words
	 * 16,23,30,5,12,...: again both halves: 128 at 128.  256 bytes.
	 */
	{
		const int64_t	wa[] = { 128, 128 };
		const int	ws[] = { 128, 128 };

		for (l = 0; l < 32; l++)
			a[l] = 128 + 4 * ((7 * l) % 32);
		check_legacy("permuted across halves", a, ALL, 4, 2, wa, ws);
	}

	/*
	 * Misaligned sequential, addr 132 + 4l.  Half 0 reads bytes 132..195:
	 * lane 0 gives segment [128, 256), all 16 addresses are inside, used
	 * 132..195 crosses 192: 128 at 128.  Half 1: lane 16 (196) gives
	 * [128, 256) again, serving lanes 16-30 (196..252); used 196..255 is
	 * the upper half: 64 at 192, whose both halves (196..223, 224..255)
	 * are used.  Lane 31 (256) gives [256, 384), used 256..259: lower
	 * half, 64 at 256, lower half again: 32 at 256.  3 transactions, 224
	 * bytes moved.
	 */
	{
		const int64_t	wa[] = { 128, 192, 256 };
		const int	ws[] = { 128, 64, 32 };

		fill(a, 132, 4);
		check_legacy("misaligned sequential", a, ALL, 4, 3, wa, ws);
		rules_legacy(a, ALL, 32, 4, &r);
		ok(r.seg[1].lanes == UINT32_C(0x7fff0000) &&
		    r.seg[2].lanes == UINT32_C(0x80000000),
		    "legacy misaligned sequential: lanes 16-30, then 31");
	}

	/*
	 * Stride 2 words, addr 8l: half 0 uses 0..123 inside [0, 128), both
	 * halves: 128 at 0.  Half 1 uses 128..251: 128 at 128.
	 */
	{
		const int64_t	wa[] = { 0, 128 };
		const int	ws[] = { 128, 128 };

		fill(a, 0, 8);
		check_legacy("stride 2", a, ALL, 4, 2, wa, ws);
	}

	/*
	 * 1-byte words, addr l: the segment is 32 bytes and 32-byte
	 * segments are never reduced.  Half 0 reads 0..15, half 1 16..31,
	 * both inside [0, 32): 2 x 32 at 0, 64 bytes moved for 32 used.
	 */
	{
		const int64_t	wa[] = { 0, 0 };
		const int	ws[] = { 32, 32 };

		fill(a, 0, 1);
		check_legacy("1-byte", a, ALL, 1, 2, wa, ws);
	}

	/*
	 * 2-byte words, addr 2l: segment 64.  Half 0 reads 0..31 of [0, 64):
	 * lower half: 32 at 0.  Half 1 reads 32..63: upper half: 32 at 32.
	 */
	{
		const int64_t	wa[] = { 0, 32 };
		const int	ws[] = { 32, 32 };

		fill(a, 0, 2);
		check_legacy("2-byte", a, ALL, 2, 2, wa, ws);
	}

	/*
	 * 16-byte words, addr 16l: half 0 reads 0..255.  Lane 0 gives
	 * [0, 128), serving lanes 0-7, full: 128 at 0; lane 8 gives 128 at
	 * 128.  Half 1 likewise at 256 and 384.  4 x 128.
	 */
	{
		const int64_t	wa[] = { 0, 128, 256, 384 };
		const int	ws[] = { 128, 128, 128, 128 };

		fill(a, 0, 16);
		check_legacy("16-byte", a, ALL, 16, 4, wa, ws);
	}

	/*
	 * A half-warp with one active lane reading 4 bytes at 4: [0, 128),
	 * used 4..7, lower half: 64 at 0, lower half: 32 at 0.  Lanes 16-31
	 * inactive: no transaction for half 1.
	 */
	{
		const int64_t	wa[] = { 0 };
		const int	ws[] = { 32 };

		fill(a, 4, 0);
		check_legacy("one lane", a, UINT32_C(1), 4, 1, wa, ws);
	}

	/*
	 * A 16-byte word straddling a segment end, addr 120: served by
	 * [0, 128) (its first byte), which counts only 120..127 as used:
	 * upper half, 64 at 64, upper half, 32 at 96.  bytes_used is still
	 * the 16 bytes the lane accesses.
	 */
	{
		const int64_t	wa[] = { 96 };
		const int	ws[] = { 32 };

		a[0] = 120;
		check_legacy("16-byte straddle", a, UINT32_C(1), 16, 1, wa, ws);
		rules_legacy(a, UINT32_C(1), 32, 16, &r);
		is_int(r.bytes_used, 16, "legacy 16-byte straddle: used");
	}

	/* No active lane: no transaction. */
	rules_legacy(a, 0, 32, 4, &r);
	ok(r.transactions == 0 && r.bytes_moved == 0 && r.bytes_used == 0 &&
	    r.active == 0, "legacy no lane: nothing");

	/* nlanes 16: only one half-warp; in[i] at 0 gives 64 at 0. */
	fill(a, 0, 4);
	rules_legacy(a, ALL, 16, 4, &r);
	ok(r.transactions == 1 && r.seg[0].size == 64 && r.seg[0].addr == 0,
	    "legacy nlanes 16: 64 at 0");
}

static void
test_constant(void)
{
	struct rules_constant	c;
	int64_t			a[RULES_MAX_LANES];
	int			l;

	fill(a, 0, 0);
	rules_constant(a, ALL, 32, &c);
	is_int(c.serial, 1, "constant one address: 1");
	is_int(c.active, 32, "constant one address: 32 active");

	fill(a, 0, 4);
	rules_constant(a, ALL, 32, &c);
	is_int(c.serial, 32, "constant 32 addresses: 32");

	for (l = 0; l < 32; l++)
		a[l] = 4 * (l / 2);
	rules_constant(a, ALL, 32, &c);
	is_int(c.serial, 16, "constant pairs: 16");

	/* Lanes 0-3 active out of pairs: addresses 0, 0, 4, 4: 2. */
	rules_constant(a, UINT32_C(0xf), 32, &c);
	is_int(c.serial, 2, "constant pairs, lanes 0-3: 2");

	rules_constant(a, 0, 32, &c);
	is_int(c.serial, 0, "constant no lane: 0");
}

/* Fill a with one of several patterns, then add shift. */
static void
pattern(int which, int64_t shift, int64_t *a)
{
	int	l;

	for (l = 0; l < RULES_MAX_LANES; l++) {
		switch (which) {
		case 0:		/* in[i] */
			a[l] = 4 * l;
			break;
		case 1:		/* in[i+1] */
			a[l] = 4 + 4 * l;
			break;
		case 2:		/* in[2*i] */
			a[l] = 8 * l;
			break;
		case 3:		/* in[33*i] */
			a[l] = 132 * l;
			break;
		case 4:		/* in[7*i mod 32] + 3, misaligned */
			a[l] = 3 + 4 * ((7 * l) % 32);
			break;
		default:	/* in[0] */
			a[l] = 0;
			break;
		}
		a[l] += shift;
	}
}

static void
test_shift(void)
{
	struct rules_global	g0, g;
	struct rules_legacy	r0, r;
	struct rules_shared	s0, s;
	struct rules_constant	c0, c;
	int64_t			a[RULES_MAX_LANES];
	int64_t			d;
	const int		sizes[] = { 1, 4, 8, 16 };
	const uint32_t		masks[] = { ALL, UINT32_C(0x00ff00f1) };
	int			p, k, z, m, i, pass;

	for (p = 0; p < 6; p++) {
		for (z = 0; z < 4; z++) {
			for (m = 0; m < 2; m++) {
				pattern(p, 0, a);
				rules_global(a, masks[m], 32, sizes[z], &g0);
				rules_legacy(a, masks[m], 32, sizes[z], &r0);
				rules_shared(a, masks[m], 32, sizes[z], 0, &s0);
				rules_constant(a, masks[m], 32, &c0);
				pass = 1;
				for (k = -3; k <= 3; k++) {
					d = 128 * (int64_t)k;
					pattern(p, d, a);
					rules_global(a, masks[m], 32, sizes[z],
					    &g);
					rules_legacy(a, masks[m], 32, sizes[z],
					    &r);
					rules_shared(a, masks[m], 32, sizes[z],
					    0, &s);
					rules_constant(a, masks[m], 32, &c);
					pass = pass && memcmp(&g, &g0,
					    sizeof g) == 0;
					pass = pass && memcmp(&s, &s0,
					    sizeof s) == 0;
					pass = pass && memcmp(&c, &c0,
					    sizeof c) == 0;
					pass = pass && r.active == r0.active &&
					    r.transactions == r0.transactions &&
					    r.bytes_moved == r0.bytes_moved &&
					    r.bytes_used == r0.bytes_used;
					for (i = 0; pass &&
					    i < r.transactions; i++) {
						pass = r.seg[i].addr ==
						    r0.seg[i].addr + d &&
						    r.seg[i].size ==
						    r0.seg[i].size &&
						    r.seg[i].half ==
						    r0.seg[i].half &&
						    r.seg[i].lanes ==
						    r0.seg[i].lanes;
					}
				}
				ok(pass, "shift by 128k: pattern %d size %d "
				    "mask %08x", p, sizes[z],
				    (unsigned)masks[m]);
			}
		}
	}
}

/* --- what the panels draw: bank words, lines, reads, legacy halves --- */

static void
test_banks(void)
{
	struct rules_banks	b;
	int64_t			a[RULES_MAX_LANES];
	int			l, ok2, ok1, ok0;

	/*
	 * 4-byte, lane l at word 2l (stride 2 floats): words 0, 2, .., 62.
	 * Words 2k and 2k+32 share bank 2k, so each even bank holds 2 words
	 * and each odd bank none: 2-way, 2 wavefronts.  In bank 2k the lower
	 * word (lane k < 16) goes first, the upper (lane k + 16) second.
	 */
	fill(a, 0, 8);
	rules_shared_banks(a, ALL, RULES_MAX_LANES, 4, 0, &b);
	is_int(b.phases, 1, "banks stride 2: one phase");
	is_int(b.nwords, 32, "banks stride 2: 32 distinct words");
	for (l = 0, ok2 = ok0 = 1; l < RULES_BANKS; l++) {
		if (b.degree[l] != (l % 2 == 0 ? 2 : 0) ||
		    b.words[l] != b.degree[l])
			ok2 = 0;
	}
	ok(ok2, "banks stride 2: even banks 2 words (2-way), odd banks none");
	for (l = 0; l < RULES_MAX_LANES; l++)
		if (b.wave[l] != (l < 16 ? 0 : 1))
			ok0 = 0;
	ok(ok0, "banks stride 2: lanes 0-15 in wavefront 0, 16-31 in 1");
	is_int(b.word[0].word * 100 + b.word[0].bank * 10 + b.word[0].pass,
	    0, "banks stride 2: first word 0, bank 0, pass 0");
	is_int(b.word[1].word, 32, "banks stride 2: then word 32 in bank 0");
	is_int(b.word[1].pass, 1, "... served in the second pass");
	is_int((int64_t)b.word[1].lanes, UINT32_C(1) << 16,
	    "... for lane 16");

	/*
	 * 8-byte, lane l at 8l: two phases of 16 lanes.  Phase 0 (lanes
	 * 0-15) reads words 0..31, one a bank; phase 1 (16-31) words 32..63,
	 * one a bank: 1-way in each, 2 wavefronts, lane l in wavefront l/16;
	 * each bank holds 2 words over the access (one a phase).
	 */
	fill(a, 0, 8);
	rules_shared_banks(a, ALL, RULES_MAX_LANES, 8, 0, &b);
	is_int(b.phases, 2, "banks double: two phases");
	is_int(b.nwords, 64, "banks double: 64 words, 2 a lane");
	for (l = 0, ok1 = ok0 = 1; l < RULES_BANKS; l++)
		if (b.degree[l] != 1 || b.words[l] != 2)
			ok1 = 0;
	ok(ok1, "banks double: every bank 1-way, 2 words over both phases");
	for (l = 0; l < RULES_MAX_LANES; l++)
		if (b.wave[l] != l / 16)
			ok0 = 0;
	ok(ok0, "banks double: lane l in wavefront l/16");

	/*
	 * 8-byte, lane l at 16l (every other double): phase 0 lanes 0-7 read
	 * words 4l, 4l+1 (banks 4l, 4l+1), lanes 8-15 words 4l, 4l+1 = 32..61
	 * (the same banks again): 2-way, 2 passes; phase 1 likewise.  Lane 0
	 * wavefront 0, lane 8 (word 32) 1, lane 16 (word 64, phase 1) 2,
	 * lane 24 (word 96) 3.
	 */
	fill(a, 0, 16);
	rules_shared_banks(a, ALL, RULES_MAX_LANES, 8, 0, &b);
	is_int(b.degree[0] * 10 + b.degree[2], 20, "banks double stride 2: "
	    "bank 0 2-way, bank 2 unused");
	is_int(b.words[0], 4, "banks double stride 2: bank 0 holds 4 words");
	is_int(b.wave[0] * 1000 + b.wave[8] * 100 + b.wave[16] * 10 +
	    b.wave[24], 123, "banks double stride 2: lanes 0, 8, 16, 24 in "
	    "wavefronts 0, 1, 2, 3");

	/* 16-byte, lane l at 16l: four phases of 8 lanes, words 32p..32p+31
	   in phase p, 1-way: lane l in wavefront l/8. */
	fill(a, 0, 16);
	rules_shared_banks(a, ALL, RULES_MAX_LANES, 16, 0, &b);
	is_int(b.phases * 1000 + b.nwords, 4128, "banks float4: 4 phases, "
	    "128 words");
	for (l = 0, ok0 = 1; l < RULES_MAX_LANES; l++)
		if (b.wave[l] != l / 8)
			ok0 = 0;
	ok(ok0, "banks float4: lane l in wavefront l/8");

	/* All lanes on word 0: one word, every lane, 1-way. */
	fill(a, 0, 0);
	rules_shared_banks(a, ALL, RULES_MAX_LANES, 4, 0, &b);
	is_int(b.nwords, 1, "banks broadcast: one word");
	is_int((int64_t)b.word[0].lanes, ALL, "... read by all 32 lanes");
	is_int(b.degree[0], 1, "... 1-way");
	/* Inactive lanes are served by no wavefront. */
	rules_shared_banks(a, UINT32_C(0xffff), RULES_MAX_LANES, 4, 0, &b);
	is_int(b.wave[20], -1, "banks: an inactive lane has no wavefront");
}

static void
test_lines(void)
{
	struct rules_line	ln[RULES_MAX_LINES];
	int64_t			a[RULES_MAX_LANES];
	int			n;

	/*
	 * 4-byte from byte 64: bytes 64..191 touch line 0 (words 16..31,
	 * lanes 0-15) and line 1 (words 0..15, lanes 16-31).  Sector 2 of
	 * line 0 is words 16..23 (lanes 0-7), sector 3 words 24..31 (lanes
	 * 8-15), sector 0 nothing; sector 0 of line 1 lanes 16-23.
	 */
	fill(a, 64, 4);
	n = rules_lines(a, ALL, RULES_MAX_LANES, 4, ln);
	is_int(n, 2, "lines offset 64: 2 lines");
	is_int(ln[0].line * 10 + ln[1].line, 1, "... lines 0 and 1, sorted");
	is_int((int64_t)ln[0].word[16], 1, "... word 16 of line 0: lane 0");
	is_int((int64_t)ln[1].word[0], UINT32_C(1) << 16,
	    "... word 0 of line 1: lane 16");
	is_int((int64_t)rules_line_sector(&ln[0], 2), 0xff,
	    "... sector 2 of line 0: lanes 0-7");
	is_int((int64_t)rules_line_sector(&ln[0], 3), 0xff00,
	    "... sector 3 of line 0: lanes 8-15");
	is_int((int64_t)rules_line_sector(&ln[0], 0), 0,
	    "... sector 0 of line 0: no lane");
	is_int((int64_t)rules_line_sector(&ln[1], 0), 0xff0000,
	    "... sector 0 of line 1: lanes 16-23");

	/* A 16-byte lane at byte 120 spans words 30, 31 of line 0 and 0, 1
	   of line 1; a 4-byte lane at -4 is word 31 of line -1. */
	a[0] = 120;
	n = rules_lines(a, 1, RULES_MAX_LANES, 16, ln);
	is_int(n, 2, "lines: a 16-byte lane at 120 straddles 2 lines");
	is_int((int64_t)(ln[0].word[30] & ln[0].word[31] & ln[1].word[0] &
	    ln[1].word[1]), 1, "... words 30, 31 and 0, 1, all lane 0");
	a[0] = -4;
	n = rules_lines(a, 1, RULES_MAX_LANES, 4, ln);
	is_int(n * 1000 + ln[0].line, 1000 - 1, "lines: byte -4 is in line "
	    "-1");
	is_int((int64_t)ln[0].word[31], 1, "... its word 31");
}

static void
test_reads(void)
{
	struct rules_reads	r;
	int64_t			a[RULES_MAX_LANES];
	int			l;

	/* Lane l at 4 x (l mod 3): addresses 0, 4, 8 in that order; 0 for
	   lanes 0, 3, .., 30 (11), 4 for 1, .., 31 (11), 8 for 2, .., 29
	   (10). */
	for (l = 0; l < RULES_MAX_LANES; l++)
		a[l] = 4 * (l % 3);
	rules_distinct(a, ALL, RULES_MAX_LANES, &r);
	is_int(r.n, 3, "distinct: 3 addresses");
	is_int(r.addr[0] * 100 + r.addr[1] * 10 + r.addr[2], 48,
	    "... 0, 4, 8 in the order of their first lanes");
	is_int(r.first[0] * 100 + r.first[1] * 10 + r.first[2], 12,
	    "... first read by lanes 0, 1, 2");
	is_int(__builtin_popcount(r.lanes[0]) * 10000 +
	    __builtin_popcount(r.lanes[1]) * 100 +
	    __builtin_popcount(r.lanes[2]), 111110, "... by 11, 11 and 10 "
	    "lanes");
	rules_distinct(a, 0, RULES_MAX_LANES, &r);
	is_int(r.n, 0, "distinct: no active lane, no address");
}

static void
test_legacy_halves(void)
{
	struct rules_legacy	lg;
	int64_t			a[RULES_MAX_LANES];
	uint32_t		wl[32], used;
	int			l, pass;

	/* Stride 1 float: each half-warp one 64-byte segment. */
	fill(a, 0, 4);
	rules_legacy(a, ALL, RULES_MAX_LANES, 4, &lg);
	is_int(rules_legacy_class(&lg, ALL, RULES_MAX_LANES, 0),
	    RULES_COALESCED, "legacy halves stride 1: half 0 coalesced");
	is_int(rules_legacy_class(&lg, ALL, RULES_MAX_LANES, 1),
	    RULES_COALESCED, "... half 1 coalesced");
	/* Stride 32 floats: a 32-byte segment per lane, 16 a half. */
	fill(a, 0, 128);
	rules_legacy(a, ALL, RULES_MAX_LANES, 4, &lg);
	is_int(rules_legacy_class(&lg, ALL, RULES_MAX_LANES, 1),
	    RULES_UNCOALESCED, "legacy halves stride 32: uncoalesced");
	/* Lanes 0-7 at 4l, lanes 8-15 at 1024 + 4l: two 32-byte segments
	   for 16 lanes: split; half 1 has no active lane. */
	for (l = 0; l < 16; l++)
		a[l] = (l < 8 ? 0 : 1024) + 4 * l;
	rules_legacy(a, 0xffff, RULES_MAX_LANES, 4, &lg);
	is_int(lg.transactions, 2, "legacy halves split: 2 segments");
	is_int(rules_legacy_class(&lg, 0xffff, RULES_MAX_LANES, 0),
	    RULES_SPLIT, "... half 0 split");
	is_int(rules_legacy_class(&lg, 0xffff, RULES_MAX_LANES, 1),
	    RULES_NONE, "... half 1 none");
	/* Offset 1 float: half 0 reads bytes 4..67, one 128-byte segment
	   (67 crosses 64, 4 is below it) whose words 1..16 are used. */
	fill(a, 4, 4);
	rules_legacy(a, ALL, RULES_MAX_LANES, 4, &lg);
	is_int(lg.seg[0].size, 128, "legacy offset 1: a 128-byte segment");
	rules_segment_lanes(&lg.seg[0], a, 4, wl);
	for (l = 0, used = 0; l < 32; l++)
		if (wl[l] != 0)
			used |= UINT32_C(1) << l;
	is_int((int64_t)used, 0x1fffe, "... its words 1-16 used");
	/* Word k holds lane k - 1 alone: the segment serves half 0. */
	for (l = 1, pass = 1; l <= 16; l++)
		pass &= wl[l] == UINT32_C(1) << (l - 1);
	ok(pass && wl[0] == 0 && wl[17] == 0,
	    "... word k used by lane k-1 alone");
}

static void
test_kind(void)
{
	struct totals		t;
	struct launch_site	s;

	memset(&s, 0, sizeof s);
	s.space = SPACE_GLOBAL;
	s.op = OP_LOAD;
	ok(totals_kind(&t, &s) == &t.global_load, "kind: global load");
	s.op = OP_STORE;
	ok(totals_kind(&t, &s) == &t.global_store, "kind: global store");
	s.space = SPACE_SHARED;
	ok(totals_kind(&t, &s) == &t.shared_store, "kind: shared store");
	s.op = OP_LOAD;
	ok(totals_kind(&t, &s) == &t.shared_load, "kind: shared load");
	s.space = SPACE_CONSTANT;
	ok(totals_kind(&t, &s) == &t.constant, "kind: constant");
}

/*
 * 8- and 16-byte shared loads.  Each pattern is one LDS.64/LDS.128 of one
 * warp; the wavefronts are worked from the rule (phases of 16 or 8 lanes;
 * a load merges phases 2p and 2p+1 when each touches at most two distinct
 * addresses) and equal what ncu measured on an H100
 * (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld, tests/gpu/ncu-shared.sh).
 * e is the element size: lane l reads element idx(l) at e * idx(l).
 */
static void
load_pattern(int64_t *a, int e, const char *kind)
{
	int	l, x;

	for (l = 0; l < RULES_MAX_LANES; l++) {
		if (strcmp(kind, "same") == 0)
			x = 0;
		else if (strcmp(kind, "consec") == 0)
			x = l;
		else if (strcmp(kind, "half2") == 0)
			x = l < 16 ? 0 : 1;
		else if (strcmp(kind, "alt") == 0)
			x = (l & 1) ? 128 / e : 0;
		else if (strcmp(kind, "two") == 0)
			x = l & 1;
		else if (strcmp(kind, "four") == 0)
			x = l & 3;
		else if (strcmp(kind, "halfsplit") == 0)
			x = l < 16 ? 0 : 128 / e;
		else if (strcmp(kind, "stride2") == 0)
			x = 2 * l;
		else if (strcmp(kind, "bank32") == 0)
			x = l * (128 / e);
		else /* "q8": quarter-warps on four neighbours */
			x = l / 8;
		a[l] = (int64_t)e * x;
	}
}

static void
test_shared_loads(void)
{
	int64_t			a[RULES_MAX_LANES];
	struct rules_banks	b;
	int			l, pass;

	/*
	 * 8-byte loads.  same: both halves touch 1 address, merge into one
	 * phase of 32 lanes reading words 0-1: 1 (a store takes 2, one a
	 * half).  half2: halves on doubles 0 and 1, one each: merged, words
	 * 0-3, 1.  alt: even lanes double 0, odd double 16 (byte 128, the
	 * same banks): each half 2 addresses, merged, banks 0 and 1 hold 2
	 * words each: 2 (store: 2 + 2 = 4).  four: lane l on double l mod 4,
	 * 4 addresses a half: not merged, 1 + 1 = 2.  q8: quarter q on
	 * double q, each half 2 addresses: merged, words 0-7, 1.  consec:
	 * 16 addresses a half, not merged: 1 + 1 = 2.  halfsplit: lanes 0-15
	 * double 0, 16-31 double 16: merged, bank 0 holds 2 words: 2.
	 * stride2: double 2l, 16 addresses a half: each half's words 4l,
	 * 4l+1 hit banks 4l mod 32 twice: 2 + 2 = 4.  bank32: double 16l,
	 * every lane in banks 0-1: 16 + 16 = 32.
	 */
	load_pattern(a, 8, "same");
	check_shared_op("ld8 same", a, ALL, 8, 1, 1, 1, 1);
	check_shared_op("st8 same", a, ALL, 8, 0, 2, 2, 1);
	load_pattern(a, 8, "half2");
	check_shared_op("ld8 half-warps on two doubles", a, ALL, 8, 1, 1, 1, 1);
	load_pattern(a, 8, "alt");
	check_shared_op("ld8 alternating, same banks", a, ALL, 8, 1, 2, 1, 2);
	check_shared_op("st8 alternating, same banks", a, ALL, 8, 0, 4, 2, 2);
	load_pattern(a, 8, "four");
	check_shared_op("ld8 four doubles a half", a, ALL, 8, 1, 2, 2, 1);
	load_pattern(a, 8, "q8");
	check_shared_op("ld8 quarter-warps on four doubles", a, ALL, 8, 1,
	    1, 1, 1);
	load_pattern(a, 8, "consec");
	check_shared_op("ld8 consecutive", a, ALL, 8, 1, 2, 2, 1);
	load_pattern(a, 8, "halfsplit");
	check_shared_op("ld8 0 and 128 by half-warp", a, ALL, 8, 1, 2, 1, 2);
	load_pattern(a, 8, "stride2");
	check_shared_op("ld8 stride 2", a, ALL, 8, 1, 4, 2, 2);
	load_pattern(a, 8, "bank32");
	check_shared_op("ld8 128 bytes apart", a, ALL, 8, 1, 32, 2, 16);

	/*
	 * 16-byte loads: quarters merge in pairs into half-warps, never
	 * further.  same: each half one chunk: 1 + 1 = 2 (store 4).  two:
	 * chunks 0 and 1 in every quarter (2 addresses): merged, each half
	 * reads words 0-7: 2.  four: 4 chunks a quarter, not merged: 4.  q8:
	 * quarter q on chunk q: merged halves read chunks {0,1} and {2,3}:
	 * 2.  halfsplit: chunk 0 for lanes 0-15, chunk 8 (byte 128) for
	 * 16-31: each half one chunk, 2.  alt: chunks 0 and 8 in every
	 * quarter: merged, each half's banks 0-3 hold 2 words: 2 + 2 = 4
	 * (store: 2 a quarter, 8).  consec: 8 chunks a quarter, not merged,
	 * 4.  stride2: chunk 2l, 8 addresses a quarter, banks 8l mod 32: 2 a
	 * quarter, 8.  bank32: chunk 8l, a quarter's 8 lanes all in banks
	 * 0-3: 8 a quarter, 32.
	 */
	load_pattern(a, 16, "same");
	check_shared_op("ld16 same", a, ALL, 16, 1, 2, 2, 1);
	check_shared_op("st16 same", a, ALL, 16, 0, 4, 4, 1);
	load_pattern(a, 16, "two");
	check_shared_op("ld16 two chunks", a, ALL, 16, 1, 2, 2, 1);
	load_pattern(a, 16, "four");
	check_shared_op("ld16 four chunks a quarter", a, ALL, 16, 1, 4, 4, 1);
	load_pattern(a, 16, "q8");
	check_shared_op("ld16 quarter-warps on four chunks", a, ALL, 16, 1,
	    2, 2, 1);
	load_pattern(a, 16, "halfsplit");
	check_shared_op("ld16 chunks 0 and 128 by half-warp", a, ALL, 16, 1,
	    2, 2, 1);
	load_pattern(a, 16, "alt");
	check_shared_op("ld16 alternating, same banks", a, ALL, 16, 1, 4, 2,
	    2);
	check_shared_op("st16 alternating, same banks", a, ALL, 16, 0, 8, 4,
	    2);
	load_pattern(a, 16, "consec");
	check_shared_op("ld16 consecutive", a, ALL, 16, 1, 4, 4, 1);
	load_pattern(a, 16, "stride2");
	check_shared_op("ld16 stride 2", a, ALL, 16, 1, 8, 4, 2);
	load_pattern(a, 16, "bank32");
	check_shared_op("ld16 128 bytes apart", a, ALL, 16, 1, 32, 4, 8);

	/* The panels see the same phases: merged 8-byte same is 1 phase,
	   every lane in wavefront 0. */
	load_pattern(a, 8, "same");
	rules_shared_banks(a, ALL, RULES_MAX_LANES, 8, 1, &b);
	is_int(b.phases, 1, "banks ld8 same: one merged phase");
	for (l = 0, pass = 1; l < RULES_MAX_LANES; l++)
		pass = pass && b.wave[l] == 0;
	ok(pass, "banks ld8 same: every lane in wavefront 0");
	load_pattern(a, 16, "alt");
	rules_shared_banks(a, ALL, RULES_MAX_LANES, 16, 1, &b);
	is_int(b.phases, 2, "banks ld16 alt: two merged phases");
	is_int(b.wave[0] * 1000 + b.wave[1] * 100 + b.wave[16] * 10 +
	    b.wave[17], 123, "banks ld16 alt: lanes 0, 1, 16, 17 in "
	    "wavefronts 0, 1, 2, 3");
	/* Half the warp inactive: the other half alone, merged or not. */
	load_pattern(a, 8, "same");
	check_shared_op("ld8 same, lanes 0-15", a, UINT32_C(0xffff), 8, 1, 1,
	    1, 1);
}

/* --- the older rule sets: cc 1.0/1.1 and cc 2.x ----------------------- */

/* The segments of an older rule's result, as "size@addr/part" words. */
static int
older_is(const char *name, const struct rules_legacy *r, int n,
    const int *size, const int64_t *addr, const int *part)
{
	int	i, pass;

	if (!is_int(r->transactions, n, "%s: transactions", name))
		return 0;
	for (i = 0, pass = 1; i < n; i++)
		if (r->seg[i].size != size[i] || r->seg[i].addr != addr[i] ||
		    r->seg[i].half != part[i]) {
			diag("segment %d: got %d at %lld part %d", i,
			    r->seg[i].size, (long long)r->seg[i].addr,
			    r->seg[i].half);
			pass = 0;
		}
	return ok(pass, "%s: each segment's size, address and part", name);
}

/*
 * cc 1.0/1.1, the Programming Guide's coalescing examples (its figures of
 * coalesced and uncoalesced accesses by a half-warp, appendix G of the 2.x
 * guides): a half-warp coalesces only when lane k reads word k of a
 * segment aligned to 16 words.
 */
static void
test_cc10(void)
{
	struct rules_legacy	r;
	int64_t			a[RULES_MAX_LANES], addr[32];
	int			size[32], part[32], l;

	/* in[i], 4-byte words from 0: each half-warp reads words 0-15 of
	   its own 64-byte segment in order: one 64-byte transaction each. */
	fill(a, 0, 4);
	rules_cc10(a, ALL, 32, 4, &r);
	older_is("cc1.0 in order", &r, 2, (int[]){ 64, 64 },
	    (int64_t[]){ 0, 64 }, (int[]){ 0, 1 });
	is_int(r.bytes_moved, 128, "cc1.0 in order: 128 B moved");
	is_int(r.part_class[0], RULES_COALESCED, "cc1.0 in order: coalesced");
	is_int(r.parts, 2, "cc1.0: served per half-warp");

	/* Some lanes do not take part (a divergent warp): still in order,
	   still one transaction per half-warp that has an active lane. */
	rules_cc10(a, UINT32_C(0x0000fff5), 32, 4, &r);
	older_is("cc1.0 divergent", &r, 1, (int[]){ 64 }, (int64_t[]){ 0 },
	    (int[]){ 0 });
	is_int(r.part_class[1], RULES_NONE, "cc1.0 divergent: half 1 idle");

	/* Lanes 3 and 4 swap their words: the same 64 bytes, but out of
	   order, so 16 transactions of 32 bytes in half 0, one a lane:
	   lanes 0-7 in the segment at 0, lanes 8-15 in the one at 32. */
	a[3] = 16;
	a[4] = 12;
	rules_cc10(a, ALL, 32, 4, &r);
	for (l = 0; l < 16; l++) {
		size[l] = 32;
		addr[l] = l < 8 ? 0 : 32;
		part[l] = 0;
	}
	size[16] = 64;
	addr[16] = 64;
	part[16] = 1;
	older_is("cc1.0 permuted", &r, 17, size, addr, part);
	is_int(r.part_class[0], RULES_UNCOALESCED, "cc1.0 permuted: half 0 "
	    "uncoalesced");
	is_int(r.part_class[1], RULES_COALESCED, "cc1.0 permuted: half 1 "
	    "coalesced");
	is_int(r.bytes_moved, 16 * 32 + 64, "cc1.0 permuted: 576 B moved");

	/* Misaligned by one word: in order, but the half's first word is
	   not on a 64-byte boundary: 32 transactions of 32 bytes. */
	fill(a, 4, 4);
	rules_cc10(a, ALL, 32, 4, &r);
	is_int(r.transactions, 32, "cc1.0 misaligned: a transaction a lane");
	is_int(r.bytes_moved, 1024, "cc1.0 misaligned: 1024 B moved");

	/* Every lane on one word: not word k for lane k, so 16 a half. */
	fill(a, 0, 0);
	rules_cc10(a, ALL, 32, 4, &r);
	is_int(r.transactions, 32, "cc1.0 one word for all: 32");

	/* 8-byte words in order: one 128-byte transaction a half-warp. */
	fill(a, 0, 8);
	rules_cc10(a, ALL, 32, 8, &r);
	older_is("cc1.0 8-byte", &r, 2, (int[]){ 128, 128 },
	    (int64_t[]){ 0, 128 }, (int[]){ 0, 1 });

	/* 16-byte words in order from 0: two 128-byte transactions a half,
	   lanes 0-7 and 8-15 of each. */
	fill(a, 0, 16);
	rules_cc10(a, ALL, 32, 16, &r);
	older_is("cc1.0 16-byte", &r, 4, (int[]){ 128, 128, 128, 128 },
	    (int64_t[]){ 0, 128, 256, 384 }, (int[]){ 0, 0, 1, 1 });
	ok(r.seg[0].lanes == UINT32_C(0xff) && r.seg[1].lanes ==
	    UINT32_C(0xff00) && r.seg[3].lanes == UINT32_C(0xff000000),
	    "cc1.0 16-byte: 8 lanes a transaction");
	/* From 128: in order, but half 0 does not start 256-aligned. */
	fill(a, 128, 16);
	rules_cc10(a, ALL, 32, 16, &r);
	is_int(r.transactions, 32, "cc1.0 16-byte from 128: a lane each");

	/* 2-byte words never coalesce on cc 1.0/1.1. */
	fill(a, 0, 2);
	rules_cc10(a, ALL, 32, 2, &r);
	is_int(r.transactions, 32, "cc1.0 2-byte words: 32");
	is_int(r.part_class[0], RULES_UNCOALESCED, "cc1.0 2-byte: "
	    "uncoalesced");

	/* No active lane: nothing. */
	rules_cc10(a, 0, 32, 4, &r);
	is_int(r.transactions, 0, "cc1.0 no lane: no transaction");
}

/*
 * cc 2.x, the Programming Guide's examples of a warp's 4-byte accesses
 * (its figure of global memory accesses by a warp and the transactions
 * they make, compute capability 2.x cached and uncached columns).
 */
static void
test_cc20(void)
{
	struct rules_legacy	r;
	int64_t			a[RULES_MAX_LANES];
	int			l;

	/* Aligned and sequential: one 128-byte line; four 32-byte
	   segments with L1 bypassed. */
	fill(a, 0, 4);
	rules_cc20(a, ALL, 32, 4, &r);
	older_is("cc2.0 aligned sequential", &r, 1, (int[]){ 128 },
	    (int64_t[]){ 0 }, (int[]){ 0 });
	is_int(r.l2_segments, 4, "cc2.0 aligned sequential: 4 uncached");
	is_int(r.parts, 1, "cc2.0 4-byte words: one request for the warp");
	is_int(r.part_class[0], RULES_COALESCED, "cc2.0 aligned: coalesced");

	/* Aligned and non-sequential (lane l reads word 31 - l): the same
	   line and segments. */
	for (l = 0; l < 32; l++)
		a[l] = 4 * (31 - l);
	rules_cc20(a, ALL, 32, 4, &r);
	is_int(r.transactions, 1, "cc2.0 aligned permuted: 1 line");
	is_int(r.l2_segments, 4, "cc2.0 aligned permuted: 4 uncached");

	/* Misaligned and sequential, from word 1: two lines, five
	   segments uncached. */
	fill(a, 4, 4);
	rules_cc20(a, ALL, 32, 4, &r);
	older_is("cc2.0 misaligned", &r, 2, (int[]){ 128, 128 },
	    (int64_t[]){ 0, 128 }, (int[]){ 0, 0 });
	is_int(r.l2_segments, 5, "cc2.0 misaligned: 5 uncached");
	is_int(r.part_class[0], RULES_SPLIT, "cc2.0 misaligned: split");
	ok(r.seg[0].lanes == UINT32_C(0x7fffffff) && r.seg[1].lanes ==
	    UINT32_C(0x80000000), "cc2.0 misaligned: lanes 0-30, then 31");

	/* Stride 32 floats: a line for every lane. */
	fill(a, 0, 128);
	rules_cc20(a, ALL, 32, 4, &r);
	is_int(r.transactions, 32, "cc2.0 stride 32: 32 lines");
	is_int(r.l2_segments, 32, "cc2.0 stride 32: 32 segments");
	is_int(r.part_class[0], RULES_UNCOALESCED, "cc2.0 stride 32: "
	    "uncoalesced");

	/* 8-byte words: a request per half-warp, each one 128-byte line. */
	fill(a, 0, 8);
	rules_cc20(a, ALL, 32, 8, &r);
	older_is("cc2.0 8-byte", &r, 2, (int[]){ 128, 128 },
	    (int64_t[]){ 0, 128 }, (int[]){ 0, 1 });
	/* 16-byte words: a request per quarter-warp. */
	fill(a, 0, 16);
	rules_cc20(a, ALL, 32, 16, &r);
	older_is("cc2.0 16-byte", &r, 4, (int[]){ 128, 128, 128, 128 },
	    (int64_t[]){ 0, 128, 256, 384 }, (int[]){ 0, 1, 2, 3 });
	is_int(r.l2_segments, 16, "cc2.0 16-byte: 16 uncached");
	/* Only quarter 2 active: one line. */
	rules_cc20(a, UINT32_C(0x00ff0000), 32, 16, &r);
	older_is("cc2.0 16-byte, one quarter", &r, 1, (int[]){ 128 },
	    (int64_t[]){ 256 }, (int[]){ 2 });

	/* Every lane on one word: one line, a broadcast. */
	fill(a, 64, 0);
	rules_cc20(a, ALL, 32, 4, &r);
	is_int(r.transactions, 1, "cc2.0 one word: 1 line");
	is_int(r.part_class[0], RULES_BROADCAST, "cc2.0 one word: broadcast");
}

/* The older rules repeat every 128 bytes but for cc 1.0's 16-byte words,
   which need 256 (what arch_period_128 tells the totals). */
static void
test_older_shift(void)
{
	struct rules_legacy	r0, r;
	int64_t			a[RULES_MAX_LANES];
	const int		sizes[] = { 1, 2, 4, 8, 16 };
	int			z, k, l, pass, which;

	for (which = 0; which < 2; which++)
		for (z = 0; z < 5; z++) {
			fill(a, 0, sizes[z]);
			if (which)
				rules_cc20(a, ALL, 32, sizes[z], &r0);
			else
				rules_cc10(a, ALL, 32, sizes[z], &r0);
			pass = 1;
			for (k = 1; k <= 3; k++) {
				for (l = 0; l < 32; l++)
					a[l] = 128 * k + sizes[z] * l;
				if (which)
					rules_cc20(a, ALL, 32, sizes[z], &r);
				else
					rules_cc10(a, ALL, 32, sizes[z], &r);
				pass = pass && r.transactions ==
				    r0.transactions && r.l2_segments ==
				    r0.l2_segments;
			}
			if (!which && sizes[z] == 16)
				ok(!pass, "cc1.0 16-byte: not periodic in 128");
			else
				ok(pass, "%s size %d: periodic in 128",
				    which ? "cc2.0" : "cc1.0", sizes[z]);
		}
	is_int(arch_period_128(ARCH_CC10, 16), 0, "arch: cc1.0 16-byte "
	    "needs every warp");
	is_int(arch_period_128(ARCH_CC10, 4), 1, "arch: cc1.0 4-byte "
	    "periodic");
	is_int(arch_period_128(ARCH_CC20, 16), 1, "arch: cc2.0 periodic");
	is_int(arch_parse("legacy"), ARCH_LEGACY, "arch: legacy is cc1.2");
	is_int(arch_parse("cc1.2"), ARCH_LEGACY, "arch: cc1.2");
	is_int(arch_parse("cc1.0"), ARCH_CC10, "arch: cc1.0");
	is_int(arch_parse("cc2.0"), ARCH_CC20, "arch: cc2.0");
	is_int(arch_parse("cc1.1"), -1, "arch: cc1.1 is not a name");
	k = ARCH_MODERN;
	for (l = 0; l < 4; l++)
		k = arch_next(k);
	is_int(k, ARCH_MODERN, "arch: the key comes round in four");
}

/* --- texture: the rule derived from ncu, held to every pattern measured --- */

/* Hand-worked: a row of 32 float texels is 8 quads of 4 texels, each in
   one 16-byte-wide sector: 8 requests, 8 sectors.  A column: each quad
   spans 4 rows, 2 sectors of 2 rows: 16.  float4 texels along a row: a
   16-byte texel fills a sector's row, 4 sectors a quad: 32. */
static void
test_texture_hand(void)
{
	struct rules_texture	t;
	int64_t			x[RULES_MAX_LANES], y[RULES_MAX_LANES];
	int			l;

	for (l = 0; l < 32; l++) {
		x[l] = l;
		y[l] = 0;
	}
	rules_texture_2d(x, y, ALL, 32, 4, 1024, 1024, &t);
	ok(t.requests == 8 && t.sectors == 8, "texture row: 8 requests, 8 "
	    "sectors (%d, %d)", t.requests, t.sectors);
	rules_texture_2d(y, x, ALL, 32, 4, 1024, 1024, &t);
	ok(t.requests == 8 && t.sectors == 16, "texture column: 8, 16 (%d, "
	    "%d)", t.requests, t.sectors);
	rules_texture_2d(x, y, ALL, 32, 16, 1024, 1024, &t);
	is_int(t.sectors, 32, "texture float4 row: 32 sectors");
	/* Lanes 0-15 only: 4 quads. */
	rules_texture_2d(x, y, UINT32_C(0xffff), 32, 4, 1024, 1024, &t);
	ok(t.requests == 4 && t.sectors == 4, "texture half a warp: 4, 4");
	/* Left of the edge every lane clamps to x = 0: one sector a quad. */
	for (l = 0; l < 32; l++)
		x[l] = -5 - l;
	rules_texture_2d(x, y, ALL, 32, 4, 1024, 1024, &t);
	is_int(t.sectors, 8, "texture clamped: 8 sectors");
	/* tex1Dfetch of 32 floats: 4 groups of 8 lanes, 32 bytes each. */
	for (l = 0; l < 32; l++)
		x[l] = 4 * l;
	rules_texture_1d(x, ALL, 32, 4, &t);
	ok(t.requests == 4 && t.sectors == 4, "tex1Dfetch row: 4, 4");
	for (l = 0; l < 32; l++)
		x[l] = 4 + 4 * l;
	rules_texture_1d(x, ALL, 32, 4, &t);
	is_int(t.sectors, 8, "tex1Dfetch shifted a float: 8");
}

/* Every pattern of tests/gpu/texture/NAME measured on an H100. */
static void
test_texture_file(const char *name)
{
	struct rules_texture	t;
	char			path[4096], line[2048], pat[64], *p;
	const char		*srcdir = getenv("srcdir");
	int64_t			x[RULES_MAX_LANES], y[RULES_MAX_LANES];
	uint32_t		active;
	int			kind, req, sec, l, k, n = 0, bad = 0;
	FILE			*f;

	snprintf(path, sizeof path, "%s/tests/gpu/texture/%s",
	    srcdir != NULL ? srcdir : ".", name);
	if ((f = fopen(path, "r")) == NULL) {
		ok(0, "texture: cannot open %s", path);
		return;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		if (line[0] == '#')
			continue;
		if (sscanf(line, "%63s %d %d %d%n", pat, &kind, &req, &sec,
		    &k) != 4)
			break;
		p = line + k;
		active = 0;
		for (l = 0; l < 32; l++) {
			x[l] = strtoll(p, &p, 10);
			y[l] = strtoll(p, &p, 10);
			if (x[l] > -1000)
				active |= UINT32_C(1) << l;
		}
		if (kind == 1) {
			for (l = 0; l < 32; l++)
				x[l] *= 4;
			rules_texture_1d(x, active, 32, 4, &t);
		} else
			rules_texture_2d(x, y, active, 32, kind, 1024, 1024,
			    &t);
		if (t.requests != req || t.sectors != sec) {
			diag("%s: model %d requests, %d sectors; ncu %d, %d",
			    pat, t.requests, t.sectors, req, sec);
			bad++;
		}
		n++;
	}
	fclose(f);
	ok(n > 60 && bad == 0, "texture: %s, %d patterns, the model equals "
	    "the H100's counts on %d", name, n, n - bad);
}

/* --- atomics: the rule of doc/rules.md, held to every pattern measured --- */

static void
test_atomic_hand(void)
{
	struct rules_atomic	t;
	int64_t			a[RULES_MAX_LANES];
	int			l;

	/* 32 floats in a row: 4 sectors, each address once. */
	for (l = 0; l < 32; l++)
		a[l] = 4 * l;
	rules_atomic(a, ALL, 32, &t);
	ok(t.requests == 1 && t.sectors == 4 && t.distinct == 4,
	    "atomic row: 1 request, 4 sectors");
	/* Every lane on one address: 32 passes of its one sector. */
	for (l = 0; l < 32; l++)
		a[l] = 20;
	rules_atomic(a, ALL, 32, &t);
	ok(t.sectors == 32 && t.distinct == 1, "atomic one address: 32");
	/* Lane l on float l / 2: 2 sectors, 2 lanes per address: 2 x 2. */
	for (l = 0; l < 32; l++)
		a[l] = 4 * (l / 2);
	rules_atomic(a, ALL, 32, &t);
	is_int(t.sectors, 4, "atomic pairs: 4");
	/* Lanes 0-15 on float 0, 16-31 on 16..31: 16 + 1 + 1. */
	for (l = 0; l < 32; l++)
		a[l] = l < 16 ? 0 : 4 * l;
	rules_atomic(a, ALL, 32, &t);
	is_int(t.sectors, 18, "atomic 16 on one address and 16 apart: 18");
	/* Negative offsets floor to their own sector: -4 and -36 differ. */
	a[0] = -4;
	a[1] = -36;
	a[2] = -8;
	rules_atomic(a, 0x7, 32, &t);
	ok(t.sectors == 2 && t.distinct == 2, "atomic below the base: 2");
	rules_atomic(a, 0, 32, &t);
	ok(t.requests == 0 && t.sectors == 0, "atomic, no lane: nothing");
}

/*
 * Every pattern of tests/gpu/atomic/measured.txt.  Three measured one
 * sector more than the rule gives (lanes scattered over 7 or more lines;
 * doc/rules.md): named here, so that a rule that gets them right, or
 * gets another wrong, shows.
 */
static void
test_atomic_file(void)
{
	static const char	*miss[] = { "redd-rand0-256", "redd-rnd8-128",
	    "redf-rnd4-256" };
	struct rules_atomic	t;
	char			path[4096], line[2048], pat[64], op[8], *p;
	const char		*srcdir = getenv("srcdir");
	int64_t			a[RULES_MAX_LANES], k;
	uint32_t		active;
	int			size, req, sec, l, at, n = 0, bad = 0, off = 0;
	size_t			i;
	FILE			*f;

	snprintf(path, sizeof path, "%s/tests/gpu/atomic/measured.txt",
	    srcdir != NULL ? srcdir : ".");
	if ((f = fopen(path, "r")) == NULL) {
		ok(0, "atomic: cannot open %s", path);
		return;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		if (line[0] == '#')
			continue;
		if (sscanf(line, "%63s %d %7s %d %d%n", pat, &size, op, &req,
		    &sec, &at) != 5)
			break;
		p = line + at;
		active = 0;
		for (l = 0; l < 32; l++) {
			k = strtoll(p, &p, 10);
			a[l] = k * size;
			if (k >= 0)
				active |= UINT32_C(1) << l;
		}
		rules_atomic(a, active, 32, &t);
		n++;
		for (i = 0; i < sizeof miss / sizeof miss[0]; i++)
			if (strcmp(pat, miss[i]) == 0)
				break;
		if (i < sizeof miss / sizeof miss[0]) {
			off += t.requests == req && t.sectors == sec - 1;
			continue;
		}
		if (t.requests != req || t.sectors != sec) {
			diag("%s: model %d requests, %d sectors; ncu %d, %d",
			    pat, t.requests, t.sectors, req, sec);
			bad++;
		}
	}
	fclose(f);
	ok(n == 163 && bad == 0, "atomic: the model equals the H100 on %d of "
	    "the %d patterns it should", n - 3 - bad, n - 3);
	is_int(off, 3, "atomic: the 3 known misses are one sector short");
}

int
main(void)
{
	test_shared_loads();
	test_banks();
	test_lines();
	test_reads();
	test_legacy_halves();
	test_kind();
	test_global();
	test_shared();
	test_legacy();
	test_constant();
	test_atomic_hand();
	test_atomic_file();
	test_shift();
	test_cc10();
	test_cc20();
	test_older_shift();
	test_texture_hand();
	test_texture_file("derive.txt");
	test_texture_file("verify.txt");
	return (tap_done());
}
