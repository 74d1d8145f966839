#!/bin/sh
# SPDX-License-Identifier: ISC
# corpus.sh - the kernels written by others (tests/kernels/real) against
# the record.  1. Each file is accepted or refused as acceptance.txt says:
# an accepted kernel that becomes refused is a regression, a newly
# accepted one must be recorded (build-aux/acceptance.sh -u).  2. Each
# accepted kernel's whole-launch totals (`warpviz stats --json` at its
# header's defaults) equal the Nsight Compute counters recorded on the
# H100 in ncu.csv (tests/gpu/ncu-corpus.sh writes it): global load and
# store requests and sectors, shared load and store instructions and
# wavefronts.  An accepted kernel with no measured row is a SKIP that
# names it, never a pass.  3. Each accepted kernel counted as compiled
# from the SASS recorded with ncu.csv (sass/NAME.sass; `stats
# --as-compiled --sass`) equals the same counters, but where
# compiled.txt records a difference and its cause; a recorded difference
# that is gone fails too, so the record stays true.  TAP.
: "${WARPVIZ:=./warpviz}" "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
dir=${CORPUS_DIR:-$srcdir/tests/kernels/real}
rec=${CORPUS_RECORD:-$dir/acceptance.txt}
csv=${CORPUS_NCU:-$dir/ncu.csv}
crec=${CORPUS_COMPILED:-$dir/compiled.txt}
tmp=${TMPDIR:-/tmp}/wv-corpus.$$
trap 'rm -f "$tmp".*' EXIT

# The ncu columns and the model's totals they are compared with, as
# "metric group key": group is the stats --json object, key its member.
pairs='l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum global_load requests
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum global_load sectors
l1tex__t_requests_pipe_lsu_mem_global_op_st.sum global_store requests
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum global_store sectors
smsp__sass_inst_executed_op_shared_ld.sum shared_load requests
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum shared_load wavefronts
smsp__sass_inst_executed_op_shared_st.sum shared_store requests
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum shared_store wavefronts'

# model FILE.json GROUP KEY: one number of the totals.
model() {
	sed -n "s/^ *\"$2\": {\(.*\)/\1/p" "$1" | head -n 1 |
	    sed -n "s/.*\"$3\": \([0-9][0-9]*\).*/\1/p"
}

# ncu NAME COLUMN: the recorded value of COLUMN in the row of NAME, a file
# of tests/kernels/real ("" if none).
ncu() {
	[ -r "$csv" ] || return 0
	awk -F, -v f="$1" -v c="$2" '
	NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	{ n = split($1, p, "/") }
	p[n] == f && (n == 1 || p[n - 1] == "real") && (c in col) {
		print $(col[c]); exit
	}' "$csv"
}

# replay FILE.cu: its totals against its row in $csv, as TAP.
replay() {
	f=$1
	b=${f##*/}
	status=$(ncu "$b" status)
	if [ -z "$status" ]; then
		tap_skip "$b: totals against ncu" "no ncu measurement of $b in ${csv##*/}"
		return
	fi
	if [ "$status" != ok ]; then
		tap_skip "$b: totals against ncu" "$b not measured: ncu row says '$status'"
		return
	fi
	"$WARPVIZ" stats --json "$f" >"$tmp.json" 2>"$tmp.err"
	tap_ok $? "$b: stats --json runs"
	# The measurement is at the parameters the model uses.
	mp=$(sed -n 's/^{"variant": [^,]*, "params": "\([^"]*\)".*/\1/p' "$tmp.json")
	bad=
	for kv in $(ncu "$b" params); do
		case ",$mp," in
		*",$kv,"*) ;;
		*) bad="$bad $kv" ;;
		esac
	done
	[ -z "$bad" ]
	tap_ok $? "$b: measured at the model's parameters ($mp)${bad:+; ncu at$bad}"
	differs=$(awk -v f="$b" '$1 == f {
		for (i = 3; i <= NF; i++)
			if ($i ~ /^ncu-differs=/) { sub(/^ncu-differs=/, "", $i); print $i }
	}' "$rec")
	while read -r metric group key; do
		m=$(model "$tmp.json" "$group" "$key")
		r=$(ncu "$b" "$metric")
		case ",$differs," in
		*",$metric,"*)
			echo "# $b: $group $key: model $m, ncu $r (recorded as differing)"
			continue ;;
		esac
		[ -n "$m" ] && [ -n "$r" ] && [ "$m" = "$r" ]
		tap_ok $? "$b: $group $key: model ${m:-?}, ncu ${r:-?}"
	done <<EOF
$pairs
EOF
}

# compiled FILE.cu: its totals as compiled from sass/NAME.sass against
# its row in $csv, but the columns compiled.txt names (which must still
# differ), as TAP.
compiled() {
	f=$1
	b=${f##*/}
	sass=$dir/sass/${b%.cu}.sass
	if [ ! -r "$sass" ]; then
		tap_skip "$b: as compiled against ncu" "no recorded SASS sass/${b%.cu}.sass"
		return
	fi
	[ "$(ncu "$b" status)" = ok ] || return 0
	"$WARPVIZ" stats --json --as-compiled --sass="$sass" "$f" \
	    >"$tmp.cjson" 2>"$tmp.err"
	tap_ok $? "$b: stats --as-compiled --sass runs $(head -n 1 "$tmp.err")"
	grep -q '"decided_by": "sass"' "$tmp.cjson"
	tap_ok $? "$b: decided by its SASS"
	differs=$(awk -v f="$b" '$1 == f { print $2; exit }' "$crec")
	while read -r metric group key; do
		m=$(model "$tmp.cjson" "$group" "$key")
		r=$(ncu "$b" "$metric")
		case ",$differs," in
		*",$metric,"*)
			[ -n "$m" ] && [ -n "$r" ] && [ "$m" != "$r" ]
			tap_ok $? "$b: as compiled $group $key: ${m:-?}, ncu ${r:-?}, recorded as differing in compiled.txt"
			continue ;;
		esac
		[ -n "$m" ] && [ -n "$r" ] && [ "$m" = "$r" ]
		tap_ok $? "$b: as compiled $group $key: ${m:-?}, ncu ${r:-?}"
	done <<EOF
$pairs
EOF
}

# Every file has a record and every record a file.
for f in "$dir"/*.cu; do
	b=${f##*/}
	grep -q "^$b " "$rec"
	tap_ok $? "$b has a line in acceptance.txt"
done
for b in $(awk '!/^#/ && NF { print $1 }' "$rec"); do
	[ -f "$dir/$b" ]
	tap_ok $? "acceptance.txt: $b exists"
done

accepted=0
for f in "$dir"/*.cu; do
	b=${f##*/}
	want=$(awk -v f="$b" '$1 == f { print $2; exit }' "$rec")
	if "$WARPVIZ" check "$f" >/dev/null 2>"$tmp.err"; then
		now=accepted
		accepted=$((accepted + 1))
	else
		now=refused
	fi
	if [ "$want" = "$now" ]; then
		tap_ok 0 "$b is $now, as recorded"
	elif [ "$want" = accepted ]; then
		tap_ok 1 "$b was accepted and is refused: $(head -n 1 "$tmp.err")"
		continue
	else
		tap_ok 1 "$b is $now but recorded as ${want:-nothing} (build-aux/acceptance.sh -u)"
	fi
	[ "$now" = accepted ] || continue

	replay "$f"
	compiled "$f"
done
# Every line of compiled.txt names a kernel that is here and accepted.
for b in $(awk '!/^#/ && NF { print $1 }' "$crec"); do
	[ -f "$dir/$b" ] && awk -v f="$b" '$1 == f && $2 == "accepted" { y = 1 }
	    END { exit !y }' "$rec"
	tap_ok $? "compiled.txt: $b is an accepted kernel"
done
# The replay can fail: rows worked by hand (tests/gpu/ncu-corpus-check.csv).
# vectorAdd, numElements=50000, 256 threads a block: ceil(50000/32) =
# 1563 warps pass the guard, the last with 16 lanes; A[i] and B[i] are
# 2 x 1563 load requests of 4 sectors (the last 2): 2 x 6250 sectors;
# C[i] 1563 store requests, 6250 sectors.  staticReverse, n=64: 2 warps,
# d[t] one load and one store request of 4 sectors each a warp; s[t] and
# s[tr] one shared store and one load a warp, each a word per lane in
# its own bank: 1 wavefront.  Both must pass.  sgemm1-naive's row is the
# coalesced answer (2629632 = the ideal sectors, not the 17367040 the
# row-per-thread A[x * K + i] takes) and transpose-naive's was measured
# at other parameters: both must fail.
csv=$srcdir/tests/gpu/ncu-corpus-check.csv
rec=/dev/null
for b in sdk-vectoradd.cu blog-static-reverse.cu; do
	replay "$dir/$b"
done
for b in sgemm1-naive.cu sdk-transpose-naive.cu; do
	(tap_failed=0; replay "$dir/$b" >"$tmp.self"; exit $tap_failed)
	st=$?
	grep '^not ok' "$tmp.self" | head -n 1 | tap_diag
	[ "$st" -ne 0 ]
	tap_ok $? "the replay fails a wrong row ($b)"
done
# The as-compiled replay can fail too.  sgemm3-shared with its shared
# loads as written (1048576: 32 As and 32 Bs loads a tile, where the
# SASS reads As with 8 LDS.128) in the row, and sdk-matrixmul recorded
# as differing where it equals ncu: both must fail.
csv=$tmp.csv
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++)
	if ($i == "smsp__sass_inst_executed_op_shared_ld.sum") c = i }
    $2 == "sgemm3-shared" { $c = 1048576 } { print }' \
    "${CORPUS_NCU:-$dir/ncu.csv}" >"$csv"
for b in sgemm3-shared.cu sdk-matrixmul.cu; do
	if [ $b = sdk-matrixmul.cu ]; then
		csv=${CORPUS_NCU:-$dir/ncu.csv}
		crec=$tmp.crec
		echo "$b smsp__sass_inst_executed_op_shared_ld.sum" >"$crec"
	fi
	(tap_failed=0; compiled "$dir/$b" >"$tmp.self"; exit $tap_failed)
	st=$?
	grep '^not ok' "$tmp.self" | head -n 1 | tap_diag
	[ "$st" -ne 0 ]
	tap_ok $? "the as-compiled replay fails a wrong record ($b)"
done
echo "# accepted $accepted of $(ls "$dir"/*.cu | wc -l) kernels written by others"
tap_done
