#!/bin/sh
# SPDX-License-Identifier: ISC
# spdx.sh - every source file names its licence: build-aux/spdx-check.sh
# over the source tree, as TAP.
echo "1..1"
out=$(sh "${srcdir:-.}/build-aux/spdx-check.sh" "${srcdir:-.}" 2>&1)
if [ $? -eq 0 ]; then
	echo "ok 1 - every source file carries SPDX-License-Identifier: ISC"
else
	echo "not ok 1 - source files without an SPDX line"
	echo "$out" | sed 's/^/# /'
fi
