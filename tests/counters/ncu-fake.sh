#!/bin/sh
# SPDX-License-Identifier: ISC
# ncu-fake.sh - stands in for Nsight Compute's ncu in tests/counters.sh.
#   NCU_ARGS=FILE    write the arguments warpviz gave, one a line
#   NCU_REPLAY=FILE  print a recorded ncu output and exit 0
# and for the second run, the source page's (--page source):
#   NCU_ARGS_SOURCE=FILE, NCU_REPLAY_SOURCE=FILE  the same
# (a replayed FILE ending in .gz is uncompressed)
#   otherwise        run the program after ncu's options as ncu would and
#                    print what ncu prints around a program that launched
#                    no kernel (the program's own lines come through)
case " $* " in
*" --page source "*)
	[ -n "$NCU_ARGS_SOURCE" ] && printf '%s\n' "$@" >"$NCU_ARGS_SOURCE"
	NCU_ARGS= NCU_REPLAY=$NCU_REPLAY_SOURCE ;;
esac
[ -n "$NCU_ARGS" ] && printf '%s\n' "$@" >"$NCU_ARGS"
if [ -n "$NCU_REPLAY" ]; then
	case $NCU_REPLAY in
	*.gz) gzip -dc "$NCU_REPLAY" ;;
	*) cat "$NCU_REPLAY" ;;
	esac
	exit 0
fi
while [ $# -gt 0 ]; do
	case $1 in
	--csv) shift ;;
	--print-units|--metrics|--launch-count|--page|--print-source|\
	--section) shift 2 ;;
	*) break ;;
	esac
done
echo "==PROF== Connected to process $$ ($1)"
"$@"
rc=$?
echo "==PROF== Disconnected from process $$"
echo "==WARNING== No kernels were profiled."
exit $rc
