#!/bin/sh
# SPDX-License-Identifier: ISC
# licence.sh - warpviz says what it is released under: --version prints
# the version, then the copyright line COPYING has and an ISC licence
# line; COPYING is the ISC licence; configure names a bug tracker and a
# home page.  (Every source file's SPDX line is build-aux/spdx-check.sh's
# job: make spdx-check.)  TAP.
: "${WARPVIZ:=./warpviz}" "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-licence.$$
trap 'rm -f "$tmp".*' EXIT

for opt in --version -V; do
	"$WARPVIZ" $opt >"$tmp.out" 2>"$tmp.err"
	tap_ok $? "$opt exits 0"
	[ ! -s "$tmp.err" ]; tap_ok $? "$opt writes nothing on stderr"
	head -n 1 "$tmp.out" | grep -q '^warpviz [0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*$'
	tap_ok $? "$opt: first line is warpviz and the version"
	grep -q '^Copyright (c) 20[0-9][0-9] .*warpviz authors' "$tmp.out"
	tap_ok $? "$opt: a copyright line"
	grep -q '^Licence ISC' "$tmp.out"
	tap_ok $? "$opt: the licence line names ISC"
done
# The copyright holder is the same in --version and COPYING.
holder=$(sed -n 's/^Copyright (c) [0-9]* \(.*warpviz authors\).*/\1/p' "$tmp.out")
grep -q "^Copyright (c) [0-9]* $holder" "$srcdir/COPYING"
tap_ok $? "COPYING names the copyright holder --version names${holder:+ ($holder)}"
head -n 1 "$srcdir/COPYING" | grep -q '^ISC License$'
tap_ok $? "COPYING is the ISC licence"
grep -q 'Permission to use, copy, modify, and/or distribute this software for any' "$srcdir/COPYING"
tap_ok $? "COPYING grants the ISC permissions"
grep -q 'THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES' "$srcdir/COPYING"
tap_ok $? "COPYING disclaims warranties"
[ -s "$srcdir/AUTHORS" ]; tap_ok $? "AUTHORS exists"
grep -q '^\* [0-9.]* ' "$srcdir/NEWS"; tap_ok $? "NEWS has release entries"
ver=$("$WARPVIZ" --version | sed -n '1s/^warpviz //p')
grep -q "^\* $ver " "$srcdir/NEWS"; tap_ok $? "NEWS has an entry for $ver"
# Code by others in tests/ keeps its licence header and says where it
# comes from: tests/kernels/real/*.cu open with the upstream's copyright
# and licence text, then an "Origin:" note with the repository, the file,
# the commit and the licence's SPDX name, which must be the licence the
# text is; tests/kernels/real/README lists each file.
real=$srcdir/tests/kernels/real
for f in "$real"/*.cu; do
	b=${f##*/}
	head -n 40 "$f" | grep -q 'Copyright (c) [0-9]'
	tap_ok $? "$b keeps its copyright line"
	spdx=$(sed -n 's/^ \* at commit [0-9a-f]\{40\} (\([A-Za-z0-9.-]*\))\.$/\1/p' "$f")
	grep -q '^ \* Origin: https://github\.com/[^ ,]*, [^ ]*$' "$f" && [ -n "$spdx" ]
	tap_ok $? "$b has an Origin: note with a commit and a licence (${spdx:-none})"
	case $spdx in
	BSD-3-Clause)
		grep -q 'Redistribution and use in source and binary forms' "$f" &&
		grep -q 'Neither the name of' "$f" ;;
	MIT)
		grep -q 'Permission is hereby granted, free of charge' "$f" ;;
	*)
		false ;;
	esac
	tap_ok $? "$b carries the text of its licence (${spdx:-none})"
	grep -q "^$b " "$real/README"
	tap_ok $? "$b is listed in tests/kernels/real/README"
done
if [ -r config.h ]; then
	grep -q '^#define PACKAGE_BUGREPORT "https://' config.h
	tap_ok $? "configure names a bug tracker"
	grep -q '^#define PACKAGE_URL "https://' config.h
	tap_ok $? "configure names a home page"
fi
tap_done
