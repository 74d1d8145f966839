# SPDX-License-Identifier: ISC
# AX_PTHREAD_SIMPLE: glibc 2.34+ has pthreads in libc; keep -pthread for older ones.
AC_DEFUN([AX_PTHREAD_SIMPLE], [
	AC_SEARCH_LIBS([pthread_create], [pthread], [],
	    [AC_MSG_ERROR([POSIX threads are required])])
])
