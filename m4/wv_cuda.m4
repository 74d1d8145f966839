# SPDX-License-Identifier: ISC
# WV_CHECK_CUDA: --with-cuda=yes|no|check|DIR (default check).
# Finds nvcc and checks it can build a fatbin.  Sets NVCC, NVCC_GENCODE
# (default: build-aux/nvcc-gencode.sh, every sm_XY from sm_50 up that nvcc
# offers) and the HAVE_NVCC conditional.  The binary never links libcuda
# or cudart: the driver is loaded at run time (src/gpu/gpu-cuda.c).
AC_DEFUN([WV_CHECK_CUDA], [
	AC_ARG_WITH([cuda],
	    [AS_HELP_STRING([--with-cuda=yes|no|check|DIR],
		[build the live GPU kernels with nvcc (default: check)])],
	    [], [with_cuda=check])
	AC_ARG_VAR([NVCC], [CUDA compiler])
	AC_ARG_VAR([NVCC_GENCODE], [nvcc -gencode flags for the embedded fatbin])
	wv_have_nvcc=no
	case "$with_cuda" in
	no) ;;
	yes|check) wv_cuda_path="$CUDA_HOME/bin:/usr/local/cuda/bin:$PATH" ;;
	*) wv_cuda_path="$with_cuda/bin" ;;
	esac
	if test "x$with_cuda" != xno; then
		AC_PATH_PROG([NVCC], [nvcc], [], [$wv_cuda_path])
		if test -n "$NVCC"; then
			AC_MSG_CHECKING([whether $NVCC builds a fatbin])
			cat > conftest.cu <<_WV_EOF
extern "C" __global__ void wv_probe(int *p) { p[[threadIdx.x]] = 1; }
_WV_EOF
			if $NVCC -ccbin "$CC" -fatbin -o conftest.fatbin conftest.cu >&AS_MESSAGE_LOG_FD 2>&1; then
				wv_have_nvcc=yes
			fi
			rm -f conftest.cu conftest.fatbin
			AC_MSG_RESULT([$wv_have_nvcc])
		fi
		if test "x$wv_have_nvcc" = xno; then
			if test "x$with_cuda" != xcheck; then
				AC_MSG_ERROR([--with-cuda=$with_cuda but no working nvcc was found])
			fi
			NVCC=
		fi
	fi
	if test -z "$NVCC_GENCODE" && test "x$wv_have_nvcc" = xyes; then
		NVCC_GENCODE=`$SHELL "$srcdir/build-aux/nvcc-gencode.sh" "$NVCC"`
	fi
	# The toolkit's cuda.h, if any, only to check the vendored
	# src/gpu/cuda_min.h against it (_Static_assert); never required.
	CUDA_CPPFLAGS=
	if test "x$wv_have_nvcc" = xyes; then
		wv_cuda_inc=`AS_DIRNAME(["$NVCC"])`/../include
		save_CPPFLAGS=$CPPFLAGS
		CPPFLAGS="$CPPFLAGS -I$wv_cuda_inc"
		AC_CHECK_HEADER([cuda.h], [CUDA_CPPFLAGS="-I$wv_cuda_inc"
		    AC_DEFINE([HAVE_CUDA_H], [1],
			[Define if the toolkit's cuda.h can check cuda_min.h.])])
		AC_CHECK_HEADER([nvrtc.h], [CUDA_CPPFLAGS="-I$wv_cuda_inc"
		    AC_DEFINE([HAVE_NVRTC_H], [1],
			[Define if the toolkit's nvrtc.h can check nvrtc_min.h.])])
		CPPFLAGS=$save_CPPFLAGS
	fi
	AC_SUBST([CUDA_CPPFLAGS])
	AM_CONDITIONAL([HAVE_NVCC], [test "x$wv_have_nvcc" = xyes])
	if test "x$wv_have_nvcc" = xyes; then
		wv_fatbin_source="built by nvcc"
	else
		wv_fatbin_source="the distributed cuda/kernels.fatbin if present, else none"
	fi
])
