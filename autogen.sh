#!/bin/sh
# SPDX-License-Identifier: ISC
# autogen.sh - make configure from a git checkout (a release tarball has it).
set -e
cd "$(dirname "$0")"
autoreconf --install --force
