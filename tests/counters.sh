#!/bin/sh
# SPDX-License-Identifier: ISC
# counters.sh - warpviz counters against recorded Nsight Compute outputs
# (tests/counters/, see its README) through a stand-in ncu
# (tests/counters/ncu-fake.sh): the command line warpviz gives ncu, the
# numbers it reads, the model beside them, a mismatch shown, and the one
# line with exit status 3 for no ncu, no permission (ERR_NVGPUCTRPERM)
# and no GPU.  The model's numbers are worked by hand in the comments.
# TAP.
: "${WARPVIZ:=./warpviz}"
: "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-counters.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
d=$srcdir/tests/counters
export WARPVIZ_NCU="$d/ncu-fake.sh" NCU_ARGS="$tmp/args"
unset NCU_REPLAY

# run ARGS...: rc, out, err
run() {
	"$WARPVIZ" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
}
has() { grep -qF -- "$1" "$tmp/out"; }

# twohop-v0 at n=4000, 16x16 blocks: 250x250 blocks of 8 warps = 500000
# warps, each n=4000 steps of two loads: 4e9 load requests.  d[n*i + k]:
# lanes 0-15 take 16 rows (i from threadIdx.x), lanes 16-31 the same
# rows, so 16 sectors a request: 2e9 x 16 = 32e9; d[n*k + j]: j and j+1
# (an even j) in one 32-byte sector of a row that starts 16000*k bytes
# in, so 1 sector: 2e9.  Loads 34e9 sectors.  The store r[n*i + j]: one
# request a warp, 16 rows: 500000 requests, 8e6 sectors.  The recording
# says the same, with thousands separators.
NCU_REPLAY=$d/synthetic-twohop-v0.csv run counters twohop-v0
tap_ok $rc "twohop-v0: exit 0 when every space agrees (rc $rc)"
has "global load   requests   4000000000   4000000000   sectors     34000000000  34000000000  agree"
tap_ok $? "twohop-v0: global loads, model beside measured, agree"
has "global store  requests       500000       500000   sectors         8000000      8000000  agree"
tap_ok $? "twohop-v0: global stores agree"
has "    line 30   d[n*i + k]                 model 2000000000 req, 32000000000 sectors"
tap_ok $? "twohop-v0: the load d[n*i + k] under global load, with its source line"
has "    line 35   r[n*i + j]                 model 500000 req, 8000000 sectors (the only site: measured is this line's)"
tap_ok $? "twohop-v0: the store, its space's only site, is the line measured"
! grep "line 3[01] .*the only site" "$tmp/out" >/dev/null
tap_ok $? "twohop-v0: the two loads share their space: not claimed per line"
has "cache hit rates (of sectors): L1 71.5%, L2 46.2%"
tap_ok $? "twohop-v0: L1 and L2 hit rates as recorded"
has "DRAM: 8642617344 bytes read, 64012288 bytes written"
tap_ok $? "twohop-v0: DRAM bytes as recorded"
! has "shared" && ! has "local"
tap_ok $? "twohop-v0: spaces with nothing in model or counters are left out"
grep -qxF -- "--launch-count" "$tmp/args" &&
    grep -qxF -- "twohop-v0:n=4000,bx=16,by=16,warp=32" "$tmp/args" &&
    [ "$(sed -n '1,4p' "$tmp/args" | tr '\n' ' ')" = \
    "--csv --print-units base --metrics " ] &&
    [ "$(tail -n 4 "$tmp/args" | sed 1d | tr '\n' ' ')" = \
    "bench --once twohop-v0:n=4000,bx=16,by=16,warp=32 " ]
tap_ok $? "the ncu command line: --csv --print-units base --metrics LIST --launch-count 1 WARPVIZ bench --once SPEC"
grep -q "l1tex__t_sector_hit_rate.pct" "$tmp/args" &&
    grep -q "lts__t_sector_hit_rate.pct" "$tmp/args" &&
    grep -q "dram__bytes_read.sum" "$tmp/args"
tap_ok $? "the metrics include the hit rates and DRAM bytes"

# powers-stride32 at its defaults: 131072 warps of 128-thread blocks, each
# storing then loading s[t*32 + k] for k = 0..31: 131072 x 32 = 4194304
# shared requests each way, every lane in one bank (stride 32 words): 32
# wavefronts each, 134217728.  The recording has the compiler's 128-bit
# instructions: 1048576 each way.  Shown, exit 1.
NCU_REPLAY=$d/synthetic-powers-stride32.csv run counters powers-stride32
[ $rc -eq 1 ]
tap_ok $? "powers-stride32: exit 1 on a mismatch (rc $rc)"
has "shared load   requests      4194304      1048576   wavefronts    134217728     33554432  MISMATCH"
tap_ok $? "powers-stride32: shared loads, the mismatch shown"
has "MISMATCH above"
tap_ok $? "powers-stride32: the mismatch said in words"

# Per source line: a second ncu run reads the source page (--page source
# --print-source cuda,sass --section SourceCounters) and sums each line's
# SASS memory instructions.  tests/kernels/spill.cu, recorded on the H100
# (h100/spill.csv and its .source): n=8192, k=64, 8 blocks of 1024
# threads = 256 warps.  a[j * n + i] (line 58): lanes read 32 consecutive
# floats of an aligned row, 1 request and 4 sectors a warp, 64 iterations:
# 16384 requests, 65536 sectors.  out[i] (line 100): 256 requests, 1024
# sectors.  Both lines are measured so.  ptxas spilled 40 accumulators to
# local memory: local loads and stores the source does not have, listed
# by line; the lines' requests add up to the launch's counter, which the
# first run read (two separate outputs of ncu agreeing).
export NCU_ARGS_SOURCE="$tmp/args-source"
NCU_REPLAY=$d/h100/spill.csv NCU_REPLAY_SOURCE=$d/h100/spill.csv.source \
    run counters "$srcdir/tests/kernels/spill.cu"
[ $rc -eq 1 ]
tap_ok $? "spill: exit 1, the spills are a mismatch (rc $rc)"
has "              measured on line 58: 16384 req, 65536 sectors  agree"
tap_ok $? "spill: line 58's global load measured per line, agrees"
has "              measured on line 100: 256 req, 1024 sectors  agree"
tap_ok $? "spill: line 100's global store measured per line, agrees"
for k in load store; do
	total=$(sed -n "s/^local $k  *requests  *0  *\([0-9]*\) .*/\1/p" \
	    "$tmp/out")
	sum=$(sed -n "s/^    line [0-9]*  *no local $k in the source, measured \([0-9]*\) req.*/\1/p" \
	    "$tmp/out" | awk '{ s += $1 } END { print s + 0 }')
	[ -n "$total" ] && [ "$total" -gt 0 ] && [ "$sum" = "$total" ]
	tap_ok $? "spill: local ${k}s by line add up to the launch's ($sum of $total)"
done
has "    line 16   no local load in the source, measured 16384 req: the compiler's (a spill?)  MISMATCH"
tap_ok $? "spill: a line with a spill and no local access in the source"
has "(ncu's source page gives local load no sectors per line)"
tap_ok $? "spill: says the page has no local sectors per line"
[ "$(sed -n '1,9p' "$tmp/args-source" | tr '\n' ' ')" = \
    "--csv --page source --print-source cuda,sass --section SourceCounters --launch-count 1 " ] &&
    [ "$(tail -n 3 "$tmp/args-source" | tr '\n' ' ')" = \
    "bench --once $srcdir/tests/kernels/spill.cu:n=8192,k=64,warp=32 " ]
tap_ok $? "the source page's command line: --csv --page source --print-source cuda,sass --section SourceCounters --launch-count 1 WARPVIZ bench --once SPEC"
# The page's lines are another file's: none taken, and said so.
sed 's|"File Path","[^"]*"|"File Path","/elsewhere/other.cu"|' \
    "$d/h100/spill.csv.source" >"$tmp/other.source"
NCU_REPLAY=$d/h100/spill.csv NCU_REPLAY_SOURCE=$tmp/other.source \
    run counters "$srcdir/tests/kernels/spill.cu"
has "per line: not read: ncu's source page gave no memory instruction of the kernel's lines" &&
    ! has "measured on line"
tap_ok $? "a source page of another file: no line taken, the reason said"
unset NCU_ARGS_SOURCE

# An inlined helper on the H200 (h200/inline-helper.csv, .source):
# n = 1048576, 4096 blocks of 8 warps = 32768 warps, each storing twice
# through put (line 32), 4 sectors a store: 65536 requests, 262144
# sectors.  The page lists put's two stores under line 32 and again
# under line 42, its second caller: counted once, on line 32, no
# MISMATCH.
NCU_REPLAY=$d/h200/inline-helper.csv \
    NCU_REPLAY_SOURCE=$d/h200/inline-helper.csv.source \
    run counters "$srcdir/tests/kernels/inline-helper.cu"
[ $rc -eq 0 ] &&
    has "global store  requests        65536        65536   sectors          262144       262144  agree" &&
    has "              measured on line 32: 65536 req, 262144 sectors  agree" &&
    has "    line 42   the same global store instructions as line 32 (a call inlined here), counted there" &&
    ! has "MISMATCH"
tap_ok $? "an inlined helper's stores, listed under two lines, counted once (rc $rc)"
# One block of 32 threads (h200/namespace.csv): a[2t + 1] spans 256
# bytes, 8 sectors; the H200's L2 hit rate for it is 166.4%, shown as
# given and said to be above 100.
NCU_REPLAY=$d/h200/namespace.csv \
    NCU_REPLAY_SOURCE=$d/h200/namespace.csv.source \
    run counters "$srcdir/tests/kernels/namespace.cu"
[ $rc -eq 0 ] &&
    has "global load   requests            1            1   sectors               8            8  agree" &&
    has "cache hit rates (of sectors): L1 50.0%, L2 166.4% (as ncu gives them: above 100% on this launch)"
tap_ok $? "a kernel in a namespace; an L2 hit rate above 100% shown as given (rc $rc)"

# A warp per row over cols = 1000 (h200/rowsum.csv, not in SPECS: its
# loads MISMATCH): 4096 warps, c = lane + 32 k < 1000, 32 trips at most,
# 131072 requests in the model; 4096 x 1000 = 4096000 lanes on; 125
# sectors a row (31 trips of 4, then 1), 512000.  The H200 ran the same
# lanes and sectors in 192512 load instructions: the MISMATCH stays, and
# the line under it says what the counters show.
NCU_REPLAY=$d/h200/rowsum.csv NCU_REPLAY_SOURCE=$d/h200/rowsum.csv.source \
    run counters "$srcdir/tests/kernels/rowsum.cu"
[ $rc -eq 1 ] &&
    has "global load   requests       131072       192512   sectors          512000       512000  MISMATCH" &&
    has "              measured on line 20: 192512 issued, 4096000 lanes on (model 131072 req, 4096000 lanes), 512000 sectors  agree" &&
    has "              the GPU ran the model's lanes on and sectors in 192512 instructions"
tap_ok $? "a warp-strided loop: more instructions for the same lanes and sectors, said (rc $rc)"

# As compiled (--sass: the H100's listing, tests/compiled/), beside the
# same launch's counters and source page (h100/).  powers-stride32: the
# compiler reads and writes s[t*32 + k] four k at a time (LDS.128 and
# STS.128): 131072 warps x 32 / 4 = 1048576 instructions each way; a
# lane's 16 bytes sit 128 bytes from its neighbour's, all 32 lanes in the
# same four banks: 32 wavefronts each, 33554432.  The source page puts
# exactly that on lines 38 and 33; the launch's counters hold a few
# thousand wavefronts more that the page puts on no instruction: the
# space agrees per instruction, and the difference is printed.
NCU_REPLAY=$d/h100/powers-stride32.csv \
    NCU_REPLAY_SOURCE=$d/h100/powers-stride32.csv.source \
    run counters powers-stride32 --sass="$srcdir/tests/compiled/powers.sass"
[ $rc -eq 0 ]
tap_ok $? "powers-stride32 as compiled: exit 0, every instruction agrees (rc $rc)"
has "beside the model as compiled (SASS)"
tap_ok $? "powers-stride32 as compiled: says which model"
has "shared load   requests      1048576      1048576   wavefronts     33554432     33608370  agree per instruction"
tap_ok $? "powers-stride32 as compiled: 1048576 LDS.128 of 32 wavefronts"
has "              measured on line 38: 1048576 req, 33554432 wavefronts  agree"
tap_ok $? "powers-stride32 as compiled: line 38 measured so"
has "              53938 it puts on no instruction"
tap_ok $? "powers-stride32 as compiled: the wavefronts on no instruction, said"
# matmul-tiled at width=1024, tile 16: 64 x 64 blocks of 8 warps = 32768
# warps, 64 phases of k = 0..15.  Mds[ty][k]: LDS.128, four k an
# instruction, 4 a phase: 32768 x 64 x 4 = 8388608, each 2 wavefronts
# (two rows of the warp, two 16-byte addresses, each lane's broadcast);
# Nds[k][tx]: 16 LDS a phase, 33554432 of 1 wavefront.  41943040
# instructions, 16777216 + 33554432 = 50331648 wavefronts: ncu's line 94.
NCU_REPLAY=$d/h100/matmul-tiled-1024.csv \
    NCU_REPLAY_SOURCE=$d/h100/matmul-tiled-1024.csv.source \
    run counters matmul-tiled -p width=1024 \
    --sass="$srcdir/tests/compiled/matmul.sass"
[ $rc -eq 0 ] &&
    has "              measured on line 94: 41943040 req, 50331648 wavefronts  agree"
tap_ok $? "matmul-tiled as compiled: line 94's 41943040 LDS, 50331648 wavefronts (rc $rc)"
# As written, the same counters: line 38 does not agree (4194304 LDS of
# 32 in the model), exit 1.
NCU_REPLAY=$d/h100/powers-stride32.csv \
    NCU_REPLAY_SOURCE=$d/h100/powers-stride32.csv.source \
    run counters powers-stride32
[ $rc -eq 1 ] &&
    has "              measured on line 38: 1048576 req, 33554432 wavefronts  MISMATCH"
tap_ok $? "powers-stride32 as written: line 38 a mismatch, exit 1 (rc $rc)"

# spill.cu as compiled from the same build's listing (tests/compiled/
# spill.sass): 14 LDL after the loop run once a warp and 24 in the loop
# once an iteration: 256 x 14 + 16384 x 24 = 396800 local loads, 4
# sectors each (every lane at the same word): 1587200; 27 STL once a warp
# and 23 in the loop: 256 x 27 + 16384 x 23 = 383744 stores, 1534976
# sectors.  The counters say the same; the lines with spills are listed
# as in the model's total.  Exit 0.
NCU_REPLAY=$d/h100/spill.csv NCU_REPLAY_SOURCE=$d/h100/spill.csv.source \
    run counters "$srcdir/tests/kernels/spill.cu" \
    --sass="$srcdir/tests/compiled/spill.sass"
[ $rc -eq 0 ] &&
    has "local load    requests       396800       396800   sectors         1587200      1587200  agree" &&
    has "local store   requests       383744       383744   sectors         1534976      1534976  agree" &&
    has "    line 16   no local load in the source, measured 16384 req: the compiler's, in the model's total"
tap_ok $? "spill as compiled: the spills counted, local loads and stores agree (rc $rc)"

# Local memory per line (local-uniform, recorded live on the H100):
# 32768 warps (n=1048576, 32 lanes each) store t[k] for k < 64: the
# compiler writes four k an instruction (STL.128), 16 instructions a warp,
# 524288 on line 34; L1 takes a 16-byte local access as 4 requests, one
# per interleaved word: 2097152, the model's 32768 x 64.  The loads: reps
# 8 x m 32 = 256 a warp, 8388608 requests, as LDL.128 on line 37 (2097152
# instructions).  The page's instructions times their words equal the
# model on both lines.
NCU_REPLAY=$d/h100/local-uniform.csv \
    NCU_REPLAY_SOURCE=$d/h100/local-uniform.csv.source \
    run counters local-uniform
[ $rc -eq 0 ] &&
    has "              measured on line 34: 2097152 req  agree" &&
    has "              measured on line 37: 8388608 req  agree"
tap_ok $? "local-uniform: 128-bit local instructions count a request per word, per line (rc $rc)"

# A kernel file goes to bench by its path, with every parameter (its
# header: n=1000, bs=128; warp=32 as for every variant).
NCU_REPLAY=$d/synthetic-noperm.txt run counters \
    "$srcdir/tests/kernels/stencil.cu"
[ "$(tail -n 1 "$tmp/args")" = \
    "$srcdir/tests/kernels/stencil.cu:n=1000,bs=128,warp=32" ]
tap_ok $? "a kernel file: bench --once PATH:n=1000,bs=128,warp=32"

# cannot RUN... WANT: exit 3, one line on stderr holding WANT, no stdout.
cannot() {
	want=$1
	shift
	run "$@"
	[ $rc -eq 3 ] && [ ! -s "$tmp/out" ] &&
	    [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/err"
	tap_ok $? "$* -> exit $rc: $(cat "$tmp/err")"
}
NCU_REPLAY=$d/synthetic-noperm.txt cannot "RmProfilingAdminOnly=0" \
    counters twohop-v1
grep -qF "ERR_NVGPUCTRPERM: Permission issue with Performance Counters" \
    "$tmp/err"
tap_ok $? "no permission: names NVIDIA's page"
WARPVIZ_NCU=$tmp/nosuch cannot "no Nsight Compute" counters twohop-v1
# Only PATH: no ncu there (skipped where /usr/local/cuda/bin has one).
if [ -x /usr/local/cuda/bin/ncu ]; then
	tap_skip "no ncu on PATH" "/usr/local/cuda/bin/ncu exists"
else
	# PATH only for warpviz, not for this script's own tools.
	WARPVIZ_NCU= PATH=/nonexistent "$WARPVIZ" counters twohop-v1 \
	    >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	[ $rc -eq 3 ] && [ ! -s "$tmp/out" ] &&
	    [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    grep -qF "ncu is not on PATH" "$tmp/err"
	tap_ok $? "no ncu on PATH -> exit $rc: $(cat "$tmp/err")"
fi
# No GPU: ncu runs warpviz, whose bench finds none and says why.
WARPVIZ_GPU=off cannot "no GPU to count on: live GPU disabled" \
    counters twohop-v1

# Recorded counters (--results): no ncu run, the same comparison.
WARPVIZ_NCU=$tmp/nosuch run counters twohop-v0 --results \
    "$d/results-counters.json"
tap_ok $rc "--results: recorded counters beside the model (rc $rc)"
has "Nsight Compute's counters, recorded on NVIDIA H100 80GB HBM3, 2026-11-25" &&
    has "global load   requests   4000000000   4000000000   sectors     34000000000  34000000000  agree" &&
    has "cache hit rates (of sectors): L1 71.5%, L2 46.2%"
tap_ok $? "--results: the recorded numbers, labelled as recorded"
# The shipped H200 results, found by name: measured there on 2026-11-25
# (doc/validation.md), read here without a GPU.  The model's global counts
# are the H100's (same launch); the hit rates are the H200's own.
WARPVIZ_NCU=$tmp/nosuch run counters twohop-v1 -p n=6300 --results h200
tap_ok $rc "--results h200: the shipped H200 counters (rc $rc)"
has "Nsight Compute's counters, recorded on NVIDIA H200, 2026-11-25" &&
    has "global store  requests      1241100      1241100   sectors         6202350      6202350  agree" &&
    has "cache hit rates (of sectors): L1 87.0%, L2 54.4%"
tap_ok $? "--results h200: labelled as the H200's, global spaces agree"
WARPVIZ_NCU=$tmp/nosuch run counters twohop-v2 --results \
    "$d/results-counters.json"
[ $rc -eq 1 ] && grep -qF "holds no counters for twohop-v2" "$tmp/err"
tap_ok $? "--results without counters for the variant: exit 1, said"

# Real recordings (tests/counters/NAME/, listed with their specs in
# NAME/SPECS by record.sh): each reads, shows the hit rates, and every
# global space agrees, as the model and ncu agreed on every catalog kernel
# (doc/validation.md).
for list in "$d"/*/SPECS; do
	[ -r "$list" ] || continue
	m=$(basename "$(dirname "$list")")
	while read -r f spec; do
		case $f in ''|'#'*) continue ;; esac
		v=${spec%%:*}
		p=$v
		case $v in tests/*) p=$srcdir/$v ;; esac
		set -- counters "$p"
		[ "$v" = "$spec" ] || for p in $(echo "${spec#*:}" | tr , ' '); do
			set -- "$@" -p "$p"
		done
		src=/dev/null
		[ -r "$d/$m/$f.source" ] && src=$d/$m/$f.source
		NCU_REPLAY=$d/$m/$f NCU_REPLAY_SOURCE=$src run "$@"
		bad=$(grep -E "^global (load|store) .*MISMATCH" "$tmp/out")
		[ $rc -le 1 ] && has "cache hit rates" && [ -z "$bad" ]
		tap_ok $? "$m/$f ($spec): read, global spaces agree (rc $rc)"
		[ "$src" = /dev/null ] && continue
		# Per line: every global site's line measured, and equal.
		bad=$(awk '/^[a-z]/ { g = /^global/ }
		    g && /^    line / { n++ }
		    g && /measured on line .*agree$/ { ok++ }
		    g && /MISMATCH$/ { b++ }
		    END { if (n == 0 || b > 0 || ok < 1) print n, ok, b }' \
		    "$tmp/out")
		[ -z "$bad" ]
		tap_ok $? "$m/$f.source: each global line measured, equal to the model ($bad)"
	done <"$list"
done
tap_done
