/*
 * inline-helper.cu - __device__ helpers as people write them: templates
 * whose type the call deduces (T from float *, I from unsigned int) or
 * names (<int>), and one helper, put, inlined at two call sites.  Nsight
 * Compute's source page lists put's stores under put's own line and
 * again under a caller's line: the same two instructions, which warpviz
 * counters counts once, on put's line (tests/counters.sh replays the
 * H200's page).
 */
// warpviz: name=inline-helper
// warpviz: title=template helpers, one inlined twice: y[j] = x[j]
// warpviz: param n=1048576 range=64..4194304
// warpviz: launch grid=n/256 block=256
// warpviz: array x length=n
// warpviz: array y length=n
template <typename T, int STRIDE>
__device__ T load_at(const T *p, unsigned i)
{
	T v = p[i * STRIDE];
	return v;
}

template <class I>
__device__ I wrap(I a, I b)
{
	return a - b;
}

template <typename T>
__device__ void put(T *p, T v, int i)
{
	p[i] = v;
}

__global__ void k(const float *x, float *y, int n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned j = wrap(i, 0u);
	float v = load_at<float, 1>(x, j);

	put(y, v, (int)(n - 1 - i));
	put<float>(y, v, wrap<int>(i, 1) + 1);
}
