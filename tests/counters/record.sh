#!/bin/sh
# SPDX-License-Identifier: ISC
# record.sh WARPVIZ OUT NAME [specs|results] - on a machine with a GPU
# and Nsight Compute (both parts, or the one named, for a time limit):
# record what ncu prints for each launch of specs.txt exactly as 'warpviz
# counters' runs it (through ncu-tee.sh), into OUT/NAME/ with SPECS, and
# warpviz's own report beside each (FILE.txt); then the results with
# counters of every catalog kernel at its defaults and of the 2-hop
# ladder at n=6300, into OUT/results-NAME.json.  NAME: h100, h200.
# Copy OUT/NAME/ to tests/counters/NAME/ (tests/counters.sh replays it)
# and OUT/results-NAME.json to doc/.
WARPVIZ=${1:?WARPVIZ}
OUT=${2:?OUT}
NAME=${3:?NAME}
PART=${4:-both}
dir=$(cd "$(dirname "$0")" && pwd)
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
mkdir -p "$OUT/$NAME" || exit 1
if [ "$PART" != results ]; then
	grep -v '^#' "$dir/specs.txt" >"$OUT/$NAME/SPECS"
	while read -r f spec; do
		[ -n "$f" ] || continue
		v=${spec%%:*}
		set -- counters "$v"
		[ "$v" = "$spec" ] ||
		    for p in $(echo "${spec#*:}" | tr , ' '); do
			set -- "$@" -p "$p"
		    done
		NCU_TEE="$OUT/$NAME/$f" WARPVIZ_NCU="$dir/ncu-tee.sh" \
		    "$WARPVIZ" "$@" >"$OUT/$NAME/$f.txt" 2>&1
		echo "$spec: exit $?"
	done <"$OUT/$NAME/SPECS"
	# For a per-source-line reader to come: ncu's source page of one kernel,
	# per SASS instruction (the catalog is built without -lineinfo, so no
	# CUDA lines yet); kept beside the recordings, not replayed by the tests.
	"$ncu" --section SourceCounters --page source --csv --print-source sass \
	    --launch-count 1 "$WARPVIZ" bench --once powers-stride32 \
	    >"$OUT/$NAME/source-page-powers-stride32.txt" 2>&1
	echo "source page: exit $?"
fi
[ "$PART" = specs ] && exit 0
names=$("$WARPVIZ" list --json |
    sed -n 's/^.*{"name": "\([^"]*\)", "family".*$/\1/p')
# shellcheck disable=SC2086
WARPVIZ_NCU="${NCU:-}" "$WARPVIZ" bench --json --counters $names \
    twohop-v0:n=6300 twohop-v1:n=6300 >"$OUT/results-$NAME.json" \
    2>"$OUT/results-$NAME.err"
echo "bench --json --counters: exit $?"
