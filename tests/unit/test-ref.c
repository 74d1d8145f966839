/* SPDX-License-Identifier: ISC
 * test-ref.c - every variant's live spec and CPU reference, on the CPU:
 * the spec resolves against the launch (a missing or wrong one used to
 * show only on a GPU), poisoned outputs are refused, outputs worked out
 * by hand from chosen inputs are accepted and one wrong element is not.
 * The twohop V2 and V3 kernels are also run here, transcribed to C
 * thread by thread, on the padded layout the host prepares.
 * Links libgpu.a (gpu-run.o only), the catalog and the model.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "gpu-run.h"
#include "launch.h"
#include "ref.h"
#include "tap.h"

static int
small_launch(struct launch *l, const struct variant *v, const char *params)
{
	struct param_set	 ps;
	char			 buf[128], *a, *save, *cause = NULL;

	param_defaults(&ps, v);
	snprintf(buf, sizeof buf, "%s", params);
	for (a = strtok_r(buf, ",", &save); a != NULL;
	    a = strtok_r(NULL, ",", &save))
		if (param_assign(&ps, a, &cause) != 0) {
			diag("%s: %s", v->name, cause);
			free(cause);
			return -1;
		}
	if (launch_init(l, &ps, &cause) != 0) {
		diag("%s: %s", v->name, cause);
		free(cause);
		return -1;
	}
	return 0;
}

/* Every variant: a live spec that resolves, a reference, small sizes. */
static void
test_specs(void)
{
	struct param_set	 ps;
	char			*cause, kbuf[48];
	const char		*why;
	int			 i;

	for (i = 0; catalog[i] != NULL; i++) {
		const struct variant *v = catalog[i];

		ok(v->live.args != NULL && v->live.reference != NULL &&
		    v->live.small != NULL, "%s: live spec, reference and "
		    "small parameters", v->name);
		param_defaults(&ps, v);
		ok(gpu_run_kernel(&ps, kbuf, sizeof kbuf, &why) != NULL,
		    "%s: a live kernel at the defaults", v->name);
		cause = NULL;	/* left alone on success */
		ok(gpu_run_check_spec(&ps, &cause) == 0,
		    "%s: the spec resolves at the defaults%s%s", v->name,
		    cause ? ": " : "", cause ? cause : "");
		free(cause);
	}
}

/* Poisoned outputs (never written) fail every reference. */
static void
test_poison(void)
{
	struct launch	 l;
	struct ref_run	 r;
	int		 i;

	for (i = 0; catalog[i] != NULL; i++) {
		const struct variant *v = catalog[i];

		if (small_launch(&l, v, v->live.small) != 0) {
			ok(0, "%s: small launch", v->name);
			continue;
		}
		ok(ref_alloc(&r, &l, 1) == 0, "%s: host arrays", v->name);
		ref_fill(&r);
		is_int(ref_check(&r), -1, "%s: unwritten outputs fail",
		    v->name);
		ok(strncmp(r.why, "mismatch at ", 12) == 0, "%s: unwritten "
		    "outputs are refused (%s)", v->name, r.why);
		ref_free(&r);
		launch_free(&l);
	}
}

/*
 * Inputs chosen so that the right output is known without the
 * reference's arithmetic; *bad is an output element to spoil.
 */
static float *
f32(struct ref_run *r, const char *name)
{
	return ref_host(r, name);
}

static int64_t
len(struct ref_run *r, const char *name)
{
	return r->l->arrays[ref_array(r, name)].length;
}

static int64_t
cols(struct ref_run *r, const char *name)
{
	return r->l->arrays[ref_array(r, name)].cols;
}

/* d[i][k] = |i - k|: the cheapest 2-hop path from i to j costs |i - j|. */
static float *
known_twohop(struct ref_run *r, int64_t *bad)
{
	int64_t	n = ref_param(r, "n"), p = cols(r, "d"), i, j;
	float	*d = f32(r, "d"), *t = ref_host(r, "t"), *out = f32(r, "r");

	for (i = 0; i < p; i++)
		for (j = 0; j < p; j++) {
			d[p * i + j] = i < n && j < n ? fabsf((float)(i - j)) :
			    HUGE_VALF;
			if (t != NULL)
				t[p * j + i] = d[p * i + j];
		}
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			out[n * i + j] = fabsf((float)(i - j));
	*bad = n * n - 1;
	return out;
}

/* N = identity: P = M. */
static float *
known_matmul(struct ref_run *r, int64_t *bad)
{
	int64_t	w = ref_param(r, "width"), i;
	float	*M = f32(r, "M"), *N = f32(r, "N"), *P = f32(r, "P");

	for (i = 0; i < w * w; i++) {
		M[i] = (float)(i % 7) - 3;
		N[i] = i / w == i % w;
		P[i] = M[i];
	}
	*bad = 0;
	return P;
}

static float *
known_copy(struct ref_run *r, int64_t *bad)
{
	int64_t	n = len(r, "out"), s = len(r, "in") / n, i;
	float	*in = f32(r, "in"), *out = f32(r, "out");

	for (i = 0; i < len(r, "in"); i++)
		in[i] = (float)i;
	for (i = 0; i < n; i++)
		out[i] = (float)(i * s);
	*bad = n - 1;
	return out;
}

/* x = 1: the 32 powers sum to 32. */
static float *
known_powers(struct ref_run *r, int64_t *bad)
{
	int64_t	n = ref_param(r, "n"), i;
	float	*in = f32(r, "in"), *out = f32(r, "out");

	for (i = 0; i < n; i++) {
		in[i] = 1;
		out[i] = 32;
	}
	*bad = n / 2;
	return out;
}

/* Fields 1, 2, 3 (and a pad of 100 that must not count): 6. */
static float *
known_struct(struct ref_run *r, int64_t *bad)
{
	int64_t	n = ref_param(r, "n"), i, k;
	int	es = r->l->arrays[ref_array(r, "a")].def->elem_size / 4;
	float	*a = f32(r, "a"), *out = f32(r, "out");

	for (i = 0; i < n; i++) {
		for (k = 0; k < es; k++)
			a[i * es + k] = k < 3 ? (float)(k + 1) : 100;
		out[i] = 6;
	}
	*bad = 0;
	return out;
}

static double *
known_double2(struct ref_run *r, int64_t *bad)
{
	int64_t	n = ref_param(r, "n"), i;
	double	*a = ref_host(r, "a"), *out = ref_host(r, "out");

	for (i = 0; i < n; i++) {
		a[2 * i] = 1.5;
		a[2 * i + 1] = 2.25;
		out[i] = 3.75;
	}
	*bad = n - 1;
	return out;
}

/* out = 2a inside width x height; the pitch's padding is not checked. */
static float *
known_array2d(struct ref_run *r, int64_t *bad)
{
	int64_t	i, n = len(r, "a");
	float	*a = f32(r, "a"), *out = f32(r, "out");

	for (i = 0; i < n; i++) {
		a[i] = (float)(i % 11);
		out[i] = 2 * a[i];
	}
	*bad = cols(r, "a") + 1;	/* row 1, column 1 */
	return out;
}

/* Every tap 0.5, every input 2: taps x 1. */
static float *
known_const(struct ref_run *r, int64_t *bad)
{
	int64_t	n = ref_param(r, "n"), taps = ref_param(r, "taps"), i;
	float	*in = f32(r, "in"), *out = f32(r, "out"), *c = f32(r, "coef");

	for (i = 0; i < len(r, "coef"); i++)
		c[i] = 0.5f;
	for (i = 0; i < n; i++) {
		in[i] = 2;
		out[i] = (float)taps;
	}
	*bad = 3;
	return out;
}

/*
 * cuda/local.cu with every input 1: t[j] = j (float4: j, 1 + j, 1 - j, j,
 * summed 2j + 2), read reps times at j = k (k < m) or lane + k: sums of
 * arithmetic series, lane = i % 32.
 */
static float *
known_local(struct ref_run *r, int64_t *bad, int lane_dep, int vec)
{
	int64_t	n = ref_param(r, "n"), reps = ref_param(r, "reps");
	int64_t	m = ref_param(r, "m"), i, lane;
	float	*in = f32(r, "in"), *out = f32(r, "out");

	for (i = 0; i < n; i++) {
		lane = lane_dep ? i % 32 : 0;
		in[i] = 1;
		/* sum of lane + k over k < m, each pass */
		out[i] = (float)(reps * (m * lane + m * (m - 1) / 2));
		if (vec)	/* sum of 2 (lane + k) + 2 */
			out[i] = (float)(2 * reps * (m * (lane + 1) +
			    m * (m - 1) / 2));
	}
	*bad = n - 1;
	return out;
}

static float *
known_local_u(struct ref_run *r, int64_t *bad)
{
	return known_local(r, bad, 0, 0);
}

static float *
known_local_l(struct ref_run *r, int64_t *bad)
{
	return known_local(r, bad, 1, 0);
}

static float *
known_local_u16(struct ref_run *r, int64_t *bad)
{
	return known_local(r, bad, 0, 1);
}

static float *
known_local_l16(struct ref_run *r, int64_t *bad)
{
	return known_local(r, bad, 1, 1);
}

/* cuda/texture.cu: out is the source, straight (rows) or transposed. */
static float *
known_tex(struct ref_run *r, int64_t *bad, int col)
{
	int64_t	w = ref_param(r, "w"), h = ref_param(r, "h"), x, y;
	float	*src = ref_host(r, "img") ? f32(r, "img") : f32(r, "in");
	float	*out = f32(r, "out");

	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			src[y * w + x] = (float)(y * 1000 + x);
			out[col ? x * h + y : y * w + x] = (float)(y * 1000 +
			    x);
		}
	*bad = w * h - 1;
	return out;
}

static float *
known_tex_row(struct ref_run *r, int64_t *bad)
{
	return known_tex(r, bad, 0);
}

static float *
known_tex_col(struct ref_run *r, int64_t *bad)
{
	return known_tex(r, bad, 1);
}

static void
test_known(void)
{
	static const struct {
		int	(*ref)(struct ref_run *);
		void	*(*set)(struct ref_run *, int64_t *);
		int	 dbl;
	} known[] = {
		{ ref_twohop, (void *(*)(struct ref_run *, int64_t *))
		    known_twohop, 0 },
		{ ref_twohop_padded, (void *(*)(struct ref_run *, int64_t *))
		    known_twohop, 0 },
		{ ref_matmul, (void *(*)(struct ref_run *, int64_t *))
		    known_matmul, 0 },
		{ ref_copy_offset, (void *(*)(struct ref_run *, int64_t *))
		    known_copy, 0 },
		{ ref_stride, (void *(*)(struct ref_run *, int64_t *))
		    known_copy, 0 },
		{ ref_powers, (void *(*)(struct ref_run *, int64_t *))
		    known_powers, 0 },
		{ ref_struct, (void *(*)(struct ref_run *, int64_t *))
		    known_struct, 0 },
		{ ref_double2, (void *(*)(struct ref_run *, int64_t *))
		    known_double2, 1 },
		{ ref_array2d, (void *(*)(struct ref_run *, int64_t *))
		    known_array2d, 0 },
		{ ref_const_uniform, (void *(*)(struct ref_run *, int64_t *))
		    known_const, 0 },
		{ ref_const_divergent, (void *(*)(struct ref_run *, int64_t *))
		    known_const, 0 },
		{ ref_local_uniform, (void *(*)(struct ref_run *, int64_t *))
		    known_local_u, 0 },
		{ ref_local_lane, (void *(*)(struct ref_run *, int64_t *))
		    known_local_l, 0 },
		{ ref_local_uniform16, (void *(*)(struct ref_run *,
		    int64_t *))known_local_u16, 0 },
		{ ref_local_lane16, (void *(*)(struct ref_run *, int64_t *))
		    known_local_l16, 0 },
		{ ref_tex_row, (void *(*)(struct ref_run *, int64_t *))
		    known_tex_row, 0 },
		{ ref_tex_col, (void *(*)(struct ref_run *, int64_t *))
		    known_tex_col, 0 },
	};
	struct launch	 l;
	struct ref_run	 r;
	void		*out;
	int64_t		 bad;
	size_t		 k;
	int		 i, found;

	for (i = 0; catalog[i] != NULL; i++) {
		const struct variant *v = catalog[i];

		for (k = 0, found = 0; k < sizeof known / sizeof known[0]; k++)
			if (known[k].ref == v->live.reference)
				break;
		if (k == sizeof known / sizeof known[0]) {
			ok(0, "%s: no hand-made case for its reference",
			    v->name);
			continue;
		}
		if (small_launch(&l, v, v->live.small) != 0 ||
		    ref_alloc(&r, &l, 7) != 0) {
			ok(0, "%s: small launch", v->name);
			continue;
		}
		ref_fill(&r);
		out = known[k].set(&r, &bad);
		found = ref_check(&r) == 0;
		ok(found && r.checked > 0, "%s %s: known outputs "
		    "accepted (%ld checked)%s%s", v->name, v->live.small,
		    r.checked, r.why[0] ? ": " : "", r.why);
		if (known[k].dbl)
			((double *)out)[bad] += 1;
		else
			((float *)out)[bad] += 1;
		found = ref_check(&r);
		ok(found == -1 && strstr(r.why, "mismatch") != NULL,
		    "%s: one wrong element refused (%s)", v->name, r.why);
		ref_free(&r);
		launch_free(&l);
	}
}

/* cuda/twohop.cu's twohop_v2, thread by thread. */
static void
cpu_twohop_v2(float *r, const float *d, const float *t, int n, int nn)
{
	int	ic, jc, ia, ja, ib, jb, k;

	for (ic = 0; ic < nn / 64; ic++)
	for (jc = 0; jc < nn / 64; jc++)
	for (ia = 0; ia < 8; ia++)
	for (ja = 0; ja < 8; ja++) {
		float	v[8][8], x[8], y[8];

		for (ib = 0; ib < 8; ++ib)
			for (jb = 0; jb < 8; ++jb)
				v[ib][jb] = HUGE_VALF;
		for (k = 0; k < n; ++k) {
			for (ib = 0; ib < 8; ++ib)
				x[ib] = t[nn*k + ic * 64 + ib * 8 + ia];
			for (jb = 0; jb < 8; ++jb)
				y[jb] = d[nn*k + jc * 64 + jb * 8 + ja];
			for (ib = 0; ib < 8; ++ib)
				for (jb = 0; jb < 8; ++jb)
					v[ib][jb] = fminf(v[ib][jb],
					    x[ib] + y[jb]);
		}
		for (ib = 0; ib < 8; ++ib)
			for (jb = 0; jb < 8; ++jb) {
				int i = ic * 64 + ib * 8 + ia;
				int j = jc * 64 + jb * 8 + ja;

				if (i < n && j < n)
					r[n*i + j] = v[ib][jb];
			}
	}
}

/* twohop_v3, a block at a time: __syncthreads splits the threads' work
 * into the strip load and the compute. */
static void
cpu_twohop_v3(float *r, const float *d, const float *t, int n, int nn)
{
	static float	v[64][8][8];
	float		xx[4][64], yy[4][64];
	int		ic, jc, ia, ja, ib, jb, kb, f, th;

	for (ic = 0; ic < nn / 64; ic++)
	for (jc = 0; jc < nn / 64; jc++) {
		for (th = 0; th < 64; th++)
			for (ib = 0; ib < 8; ++ib)
				for (jb = 0; jb < 8; ++jb)
					v[th][ib][jb] = HUGE_VALF;
		for (kb = 0; kb < (n + 3) / 4; ++kb) {
			for (th = 0; th < 64; th++) {
				int ija = th;	/* ja * 8 + ia */

				for (f = 0; f < 4; ++f) {
					int k = kb * 4 + f;

					xx[f][ija] = t[nn*k + ic * 64 + ija];
					yy[f][ija] = d[nn*k + jc * 64 + ija];
				}
			}
			for (th = 0; th < 64; th++) {
				ia = th % 8;
				ja = th / 8;
				for (f = 0; f < 4; ++f)
					for (ib = 0; ib < 8; ++ib)
						for (jb = 0; jb < 8; ++jb)
							v[th][ib][jb] = fminf(
							    v[th][ib][jb],
							    xx[f][ib * 8 + ia] +
							    yy[f][jb * 8 + ja]);
			}
		}
		for (th = 0; th < 64; th++) {
			ia = th % 8;
			ja = th / 8;
			for (ib = 0; ib < 8; ++ib)
				for (jb = 0; jb < 8; ++jb) {
					int i = ic * 64 + ib * 8 + ia;
					int j = jc * 64 + jb * 8 + ja;

					if (i < n && j < n)
						r[n*i + j] = v[th][ib][jb];
				}
		}
	}
}

/* V2 and V3 as written, on random inputs laid out by the variant's fill:
 * the reference accepts every element, at sizes with a partial edge
 * block and a k strip past n. */
static void
test_twohop_kernels(void)
{
	static const char	*sizes[] = { "n=70", "n=129", "n=5" };
	struct launch		 l;
	struct ref_run		 r;
	size_t			 i;
	int			 v3, n, nn, rc;

	for (v3 = 0; v3 < 2; v3++)
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		const struct variant *v = catalog_find(v3 ? "twohop-v3" :
		    "twohop-v2");

		if (v == NULL || small_launch(&l, v, sizes[i]) != 0 ||
		    ref_alloc(&r, &l, 11 + i) != 0) {
			ok(0, "twohop-v%d %s: launch", 2 + v3, sizes[i]);
			continue;
		}
		ref_fill(&r);
		n = (int)ref_param(&r, "n");
		nn = (int)cols(&r, "d");
		(v3 ? cpu_twohop_v3 : cpu_twohop_v2)(f32(&r, "r"),
		    f32(&r, "d"), f32(&r, "t"), n, nn);
		rc = ref_check(&r);
		ok(rc == 0 && r.checked == (n * n < REF_SAMPLES ?
		    n * n : REF_SAMPLES), "twohop-v%d %s: the kernel on the "
		    "CPU matches the reference (%ld elements)%s%s", 2 + v3,
		    sizes[i], r.checked,
		    r.why[0] ? ": " : "", r.why);
		ref_free(&r);
		launch_free(&l);
	}
}

int
main(void)
{
	test_specs();
	test_poison();
	test_known();
	test_twohop_kernels();
	return tap_done();
}
