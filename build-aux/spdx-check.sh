#!/bin/sh
# SPDX-License-Identifier: ISC
# spdx-check.sh [SRCDIR] - every source file of warpviz names its licence:
# a line "SPDX-License-Identifier: ISC" within its first 20 lines.  Lists
# the files without one and exits 1; exits 0 when all have it.  Source
# files: src/**/*.[ch], cuda/*.cu, the tests' code and scripts, our own
# build-aux scripts (not those automake installs), m4/*.m4, configure.ac,
# Makefile.am, autogen.sh, .ci/run and the man page.  Generated C (sources.c,
# kernels.c, lessons.c) and data (golden frames, JSON, corpora) are not sources.
# Run by "make spdx-check".
srcdir=${1:-.}
cd "$srcdir" || exit 2
tag='SPDX-License-Identifier: ISC'
# The tag ends its line but for a comment's closing "*/".
pattern='SPDX-License-Identifier: ISC[[:space:]]*\(\*/\)\{0,1\}[[:space:]]*$'
list() {
	find src -type f \( -name '*.c' -o -name '*.h' \) \
	    ! -path src/variants/sources.c ! -path src/gpu/kernels.c \
	    ! -path src/view/lessons.c
	find cuda -type f -name '*.cu'
	find tests -type f \( -name '*.c' -o -name '*.h' -o -name '*.sh' \
	    -o -name '*.tap' -o -name '*.test' -o -name '*.py' \
	    -o -name nvcc-stub \)
	find build-aux -type f \( -name '*.sh' -o -name '*.py' \
	    -o -name '*.awk' \) ! -name tap-driver.sh
	find m4 -type f -name '*.m4' ! -name 'pkg.m4' ! -name 'libtool.m4' \
	    ! -name 'lt*.m4'
	for f in configure.ac Makefile.am autogen.sh .ci/run doc/warpviz.1; do
		test -f "$f" && echo "$f"
	done
}
files=`list | LC_ALL=C sort`
total=0
missing=0
for f in $files; do
	total=$((total + 1))
	if ! head -n 20 "$f" | grep -q "$pattern"; then
		missing=$((missing + 1))
		echo "spdx-check: $f: no \"$tag\" line" >&2
	fi
done
if [ "$missing" -ne 0 ]; then
	echo "spdx-check: $missing of $total source files lack \"$tag\"" >&2
	exit 1
fi
echo "spdx-check: all $total source files carry \"$tag\""
