/*
 * align.cu - reading a 3-float struct: field by field from a 12-byte
 * struct (three narrow loads), as one 16-byte load from an __align__(16)
 * struct, and the same with the built-in double2.
 */

struct vec3 {
	float x, y, z;
};

struct __align__(16) vec3a {
	float x, y, z;
};

extern "C" __global__ void
struct12(float *out, const struct vec3 *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = a[i].x + a[i].y + a[i].z;
}

extern "C" __global__ void
struct16(float *out, const struct vec3a *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		struct vec3a v = a[i];
		out[i] = v.x + v.y + v.z;
	}
}

extern "C" __global__ void
double2_sum(double *out, const double2 *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		double2 v = a[i];
		out[i] = v.x + v.y;
	}
}
