#!/bin/sh
# SPDX-License-Identifier: ISC
# install-deps.sh - install the Debian packages warpviz needs to build and
# test that are not installed yet.  Uses sudo when not root.  nvcc (for the
# live GPU kernels) is optional and not a Debian package: see README.md.
#
# --optional adds what some tests use when it is there and skip (saying
# why) when it is not: chromium (tests/html.sh opens a lesson page in it
# and presses keys), zsh (tests/completion.sh) and bash-completion (its
# completionsdir, where make install puts ours).  .ci/run passes it, so
# that CI runs those tests: chromium costs about a minute of apt.
set -e
pkgs="build-essential autoconf automake pkg-config libncurses-dev tmux mandoc python3"
# clang (with its libFuzzer runtime) for make fuzz.
pkgs="$pkgs clang"
if [ "${1:-}" = --optional ]; then
	pkgs="$pkgs chromium zsh bash-completion"
elif [ $# -gt 0 ]; then
	echo "usage: install-deps.sh [--optional]" >&2
	exit 2
fi
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
	    missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
	sudo=
else
	sudo=sudo
fi
echo "install-deps: installing$missing"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
