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
if [ -r config.h ]; then
	grep -q '^#define PACKAGE_BUGREPORT "https://' config.h
	tap_ok $? "configure names a bug tracker"
	grep -q '^#define PACKAGE_URL "https://' config.h
	tap_ok $? "configure names a home page"
fi
tap_done
