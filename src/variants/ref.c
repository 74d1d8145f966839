/* SPDX-License-Identifier: ISC
 * ref.c - host arrays of a live run, their inputs and the CPU references
 * of the catalog's kernels (see ref.h).  Each reference recomputes the
 * kernel's result from the inputs in the plainest way and compares: all
 * elements where that is cheap, REF_SAMPLES of them (the four corners
 * first) where a whole check would take longer than the GPU run.
 * libc only; never prints.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref.h"

int
ref_is_output(const struct live_spec *spec, const char *name)
{
	const char	*p = spec->outputs;
	size_t		 len = strlen(name);

	if (p == NULL)
		return 0;
	while ((p = strstr(p, name)) != NULL) {
		if ((p == spec->outputs || p[-1] == ' ') &&
		    (p[len] == '\0' || p[len] == ' '))
			return 1;
		p += len;
	}
	return 0;
}

int
ref_alloc(struct ref_run *r, const struct launch *l, uint64_t seed)
{
	int	i;

	memset(r, 0, sizeof *r);
	r->l = l;
	r->spec = &l->v->live;
	r->seed = seed != 0 ? seed : 0x9e3779b97f4a7c15ULL;
	for (i = 0; i < l->narrays; i++) {
		if (l->arrays[i].def->space == SPACE_SHARED ||
		    l->arrays[i].def->space == SPACE_LOCAL)
			continue;	/* on the GPU only */
		r->host[i] = malloc((size_t)l->arrays[i].length *
		    l->arrays[i].def->elem_size);
		if (r->host[i] == NULL) {
			ref_free(r);
			return -1;
		}
	}
	return 0;
}

void
ref_free(struct ref_run *r)
{
	int	i;

	for (i = 0; i < VARIANT_MAX_ARRAYS; i++) {
		free(r->host[i]);
		r->host[i] = NULL;
	}
}

uint64_t
ref_rand(struct ref_run *r)
{
	r->seed ^= r->seed << 13;
	r->seed ^= r->seed >> 7;
	r->seed ^= r->seed << 17;
	return r->seed;
}

float
ref_uniform(struct ref_run *r, float lo, float hi)
{
	return lo + (hi - lo) * (float)(ref_rand(r) >> 40) / (float)(1 << 24);
}

int
ref_array(const struct ref_run *r, const char *name)
{
	int	i;

	for (i = 0; i < r->l->narrays; i++)
		if (strcmp(r->l->arrays[i].def->name, name) == 0)
			return i;
	return -1;
}

void *
ref_host(struct ref_run *r, const char *name)
{
	int	i = ref_array(r, name);

	return i < 0 ? NULL : r->host[i];
}

int64_t
ref_param(const struct ref_run *r, const char *name)
{
	return param_get(&r->l->ps, name);
}

int
ref_mismatch(struct ref_run *r, const char *what, long at, double got,
    double want)
{
	snprintf(r->why, sizeof r->why, "mismatch at %s[%ld]: %.7g, expected "
	    "%.7g", what, at, got, want);
	return -1;
}

void
ref_fill(struct ref_run *r)
{
	const struct live_spec	*spec = r->spec;
	const struct array_def	*a;
	size_t			 len, j;
	int			 i;

	for (i = 0; i < r->l->narrays; i++) {
		if (r->host[i] == NULL)
			continue;
		a = r->l->arrays[i].def;
		len = (size_t)r->l->arrays[i].length * a->elem_size;
		if (ref_is_output(spec, a->name))
			memset(r->host[i], 0xff, len);
		else if (a->type != NULL && strstr(a->type, "double") != NULL)
			for (j = 0; j < len / 8; j++)
				((double *)r->host[i])[j] = ref_uniform(r,
				    spec->lo, spec->hi);
		else
			for (j = 0; j < len / 4; j++)
				((float *)r->host[i])[j] = ref_uniform(r,
				    spec->lo, spec->hi);
	}
	if (spec->fill != NULL)
		spec->fill(r);
}

int
ref_check(struct ref_run *r)
{
	r->checked = 0;
	r->why[0] = '\0';
	if (r->spec->reference == NULL) {
		snprintf(r->why, sizeof r->why, "no CPU reference");
		return -1;
	}
	return r->spec->reference(r);
}

static int
close_enough(double got, double want, double scale)
{
	if (isnan(got))
		return 0;
	return fabs(got - want) <= 1e-5 * scale + 1e-6;
}

/* A sample of an n x n result: the four corners, then random elements. */
static void
sample_ij(struct ref_run *r, int64_t n, int k, int64_t *i, int64_t *j)
{
	if (k < 4) {
		*i = (k & 1) ? n - 1 : 0;
		*j = (k & 2) ? n - 1 : 0;
	} else {
		*i = (int64_t)(ref_rand(r) % (uint64_t)n);
		*j = (int64_t)(ref_rand(r) % (uint64_t)n);
	}
}

/* Every element when there are few, else REF_SAMPLES. */
static int
sample_count(int64_t n)
{
	return n * n <= REF_SAMPLES ? (int)(n * n) : REF_SAMPLES;
}

static void
sample_at(struct ref_run *r, int64_t n, int k, int64_t *i, int64_t *j)
{
	if (n * n <= REF_SAMPLES) {
		*i = k / n;
		*j = k % n;
	} else
		sample_ij(r, n, k, i, j);
}

int
ref_matmul(struct ref_run *r)
{
	const float	*M = ref_host(r, "M"), *N = ref_host(r, "N");
	const float	*P = ref_host(r, "P");
	int64_t		 w = ref_param(r, "width"), i, j, k;
	int		 s, ns = sample_count(w);

	for (s = 0; s < ns; s++, r->checked++) {
		double	sum = 0, mag = 0;

		sample_at(r, w, s, &i, &j);
		for (k = 0; k < w; k++) {
			sum += (double)M[i * w + k] * N[k * w + j];
			mag += fabs((double)M[i * w + k] * N[k * w + j]);
		}
		if (!close_enough(P[i * w + j], sum, 10 * mag))
			return ref_mismatch(r, "P", (long)(i * w + j),
			    P[i * w + j], sum);
	}
	return 0;
}

/* r[i][j] = min over k of d[i][k] + d[k][j]; d's rows are pitch apart. */
static int
twohop_check(struct ref_run *r, const float *d, int64_t pitch)
{
	const float	*rr = ref_host(r, "r");
	int64_t		 n = ref_param(r, "n"), i, j, k;
	int		 s, ns = sample_count(n);

	for (s = 0; s < ns; s++, r->checked++) {
		float	v = HUGE_VALF;

		sample_at(r, n, s, &i, &j);
		for (k = 0; k < n; k++) {
			float z = d[pitch * i + k] + d[pitch * k + j];
			v = fminf(v, z);
		}
		if (memcmp(&rr[n * i + j], &v, sizeof v) != 0)
			return ref_mismatch(r, "r", (long)(n * i + j),
			    rr[n * i + j], v);
	}
	return 0;
}

int
ref_twohop(struct ref_run *r)
{
	return twohop_check(r, ref_host(r, "d"), ref_param(r, "n"));
}

/* V2 and V3 read d as nn x nn rows (nn = n rounded up to 64) and its
 * transpose t, both padded with +infinity, as the course's padding
 * kernel leaves them: here the host lays them out. */
void
ref_fill_twohop_padded(struct ref_run *r)
{
	float	*d = ref_host(r, "d"), *t = ref_host(r, "t");
	int64_t	 n = ref_param(r, "n"), i, j;
	int64_t	 nn = r->l->arrays[ref_array(r, "d")].cols;

	for (i = 0; i < nn; i++)
		for (j = 0; j < nn; j++) {
			float	v = i < n && j < n ?
			    ref_uniform(r, r->spec->lo, r->spec->hi) :
			    HUGE_VALF;

			d[nn * i + j] = v;
			t[nn * j + i] = v;
		}
}

int
ref_twohop_padded(struct ref_run *r)
{
	return twohop_check(r, ref_host(r, "d"),
	    r->l->arrays[ref_array(r, "d")].cols);
}

int
ref_copy_offset(struct ref_run *r)
{
	const float	*in = ref_host(r, "in"), *out = ref_host(r, "out");
	int64_t		 n = ref_param(r, "n"), i;

	for (i = ref_param(r, "offset"); i < n; i++, r->checked++)
		if (memcmp(&out[i], &in[i], sizeof *in) != 0)
			return ref_mismatch(r, "out", i, out[i], in[i]);
	return 0;
}

int
ref_stride(struct ref_run *r)
{
	const float	*in = ref_host(r, "in"), *out = ref_host(r, "out");
	int64_t		 n = ref_param(r, "n"), s = ref_param(r, "stride"), i;

	for (i = 0; i < n; i++, r->checked++)
		if (memcmp(&out[i], &in[i * s], sizeof *in) != 0)
			return ref_mismatch(r, "out", i, out[i], in[i * s]);
	return 0;
}

int
ref_powers(struct ref_run *r)
{
	const float	*in = ref_host(r, "in"), *out = ref_host(r, "out");
	int64_t		 n = ref_param(r, "n"), i;
	int		 k;

	for (i = 0; i < n; i++, r->checked++) {
		float	x = in[i], p = x, pw[32], sum = 0;

		for (k = 0; k < 32; k++) {
			p *= x;
			pw[k] = p;
		}
		for (k = 0; k < 32; k++)
			sum += pw[k];
		if (!close_enough(out[i], sum, fabs(sum)))
			return ref_mismatch(r, "out", i, out[i], sum);
	}
	return 0;
}

/* out[i] = a[i].x + a[i].y + a[i].z, the struct's size in floats apart. */
int
ref_struct(struct ref_run *r)
{
	const float	*a = ref_host(r, "a"), *out = ref_host(r, "out");
	int64_t		 n = ref_param(r, "n"), i;
	int		 es;

	es = r->l->arrays[ref_array(r, "a")].def->elem_size / 4;
	for (i = 0; i < n; i++, r->checked++) {
		float	want = a[i * es] + a[i * es + 1] + a[i * es + 2];

		if (!close_enough(out[i], want, 4))
			return ref_mismatch(r, "out", i, out[i], want);
	}
	return 0;
}

int
ref_double2(struct ref_run *r)
{
	const double	*a = ref_host(r, "a"), *out = ref_host(r, "out");
	int64_t		 n = ref_param(r, "n"), i;

	for (i = 0; i < n; i++, r->checked++)
		if (out[i] != a[2 * i] + a[2 * i + 1])
			return ref_mismatch(r, "out", i, out[i],
			    a[2 * i] + a[2 * i + 1]);
	return 0;
}

/* out = 2a over width x height; rows are the arrays' columns apart (the
 * width, or the pitch the variant derives). */
int
ref_array2d(struct ref_run *r)
{
	const float	*a = ref_host(r, "a"), *out = ref_host(r, "out");
	int64_t		 w = ref_param(r, "width"), h = ref_param(r, "height");
	int64_t		 pitch = r->l->arrays[ref_array(r, "a")].cols;
	int64_t		 row, c, at;

	for (row = 0; row < h; row++)
		for (c = 0; c < w; c++, r->checked++) {
			at = row * pitch + c;
			if (out[at] != 2.0f * a[at])
				return ref_mismatch(r, "out", (long)at,
				    out[at], 2.0f * a[at]);
		}
	return 0;
}

static int
const_check(struct ref_run *r, int divergent)
{
	const float	*in = ref_host(r, "in"), *out = ref_host(r, "out");
	const float	*coef = ref_host(r, "coef");
	int64_t		 n = ref_param(r, "n"), taps = ref_param(r, "taps");
	int64_t		 bs = ref_param(r, "bs"), i, k;

	for (i = 0; i < n; i++, r->checked++) {
		double	sum = 0, mag = 0;
		int64_t	t = divergent ? i % bs : 0;

		for (k = 0; k < taps; k++) {
			sum += (double)coef[t + k] * in[i];
			mag += fabs((double)coef[t + k] * in[i]);
		}
		if (!close_enough(out[i], sum, 10 * mag))
			return ref_mismatch(r, "out", i, out[i], sum);
	}
	return 0;
}

int
ref_const_uniform(struct ref_run *r)
{
	return const_check(r, 0);
}

int
ref_const_divergent(struct ref_run *r)
{
	return const_check(r, 1);
}

/*
 * cuda/local.cu: thread i (lane i % 32) fills t[k] = x k (float4: x k,
 * x + k, x - k, k, summed) and adds reps passes of t[j] for k < m, j = k
 * (uniform) or lane + k.
 */
static int
local_check(struct ref_run *r, int lane_dep, int vec)
{
	const float	*in = ref_host(r, "in"), *out = ref_host(r, "out");
	int64_t		 n = ref_param(r, "n"), reps = ref_param(r, "reps");
	int64_t		 m = ref_param(r, "m"), i, k, p, j;

	for (i = 0; i < n; i++, r->checked++) {
		double	x = in[i], sum = 0, mag = 0, e;

		for (p = 0; p < reps; p++)
			for (k = 0; k < m; k++) {
				j = lane_dep ? i % 32 + k : k;
				e = vec ? x * j + 2 * x + j : x * j;
				sum += e;
				mag += fabs(e);
			}
		if (!close_enough(out[i], sum, 10 * mag))
			return ref_mismatch(r, "out", i, out[i], sum);
	}
	return 0;
}

int
ref_local_uniform(struct ref_run *r)
{
	return local_check(r, 0, 0);
}

int
ref_local_lane(struct ref_run *r)
{
	return local_check(r, 1, 0);
}

int
ref_local_uniform16(struct ref_run *r)
{
	return local_check(r, 0, 1);
}

int
ref_local_lane16(struct ref_run *r)
{
	return local_check(r, 1, 1);
}

/*
 * cuda/texture.cu: out[y W + x] (row walk) or out[x H + y] (column walk,
 * transposed) is texel (x, y) of the texture img, or of the global in.
 */
static int
tex_check(struct ref_run *r, int col)
{
	const float	*src = ref_host(r, "img"), *out = ref_host(r, "out");
	int64_t		 w = ref_param(r, "w"), h = ref_param(r, "h"), x, y, o;

	if (src == NULL)
		src = ref_host(r, "in");
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++, r->checked++) {
			o = col ? x * h + y : y * w + x;
			if (out[o] != src[y * w + x])
				return ref_mismatch(r, "out", o, out[o],
				    src[y * w + x]);
		}
	return 0;
}

int
ref_tex_row(struct ref_run *r)
{
	return tex_check(r, 0);
}

int
ref_tex_col(struct ref_run *r)
{
	return tex_check(r, 1);
}
