#!/bin/sh
# SPDX-License-Identifier: ISC
# ncu-shared.sh - re-measure the shared-memory wavefront table of
# doc/rules.md (8- and 16-byte loads merge phases, stores do not) with
# Nsight Compute, and compare with the rule.  Needs nvcc, ncu and a GPU;
# skips (77) otherwise.  Prints one line per pattern and "N passed, M failed".
set -u
dir=$(cd "$(dirname "$0")" && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
[ -x "$NVCC" ] || { echo "SKIP: no nvcc"; exit 77; }
[ -x "$NCU" ] || { echo "SKIP: no ncu"; exit 77; }
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 ||
    { echo "SKIP: no GPU"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ncushared.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$NVCC" -O2 -o "$tmp/shm" "$dir/ncu-shared.cu" || exit 1
"$tmp/shm" > "$tmp/launches.txt" || exit 1
"$NCU" --clock-control none --csv --metrics \
    l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum \
    "$tmp/shm" > "$tmp/ncu.csv" 2> "$tmp/ncu.err" || { cat "$tmp/ncu.err"; exit 1; }
exec python3 - "$tmp/launches.txt" "$tmp/ncu.csv" <<'PY'
import csv, sys
# Expected wavefronts: doc/rules.md's table, worked from the rule.
want = {
 (4,'ld'): dict(same=1, consec=1, half2=1, alt=2, two=1, four=1, halfsplit=2, stride2=2, bank32=32, rev=1, q8=1),
 (8,'ld'): dict(same=1, consec=2, half2=1, alt=2, two=1, four=2, halfsplit=2, stride2=4, bank32=32, rev=2, q8=1),
 (8,'st'): dict(same=2, consec=2, half2=2, alt=4, two=2, four=2, halfsplit=2, stride2=4, bank32=32, rev=2, q8=2),
 (16,'ld'): dict(same=2, consec=4, half2=2, alt=4, two=2, four=4, halfsplit=2, stride2=8, bank32=32, rev=4, q8=2),
 (16,'st'): dict(same=4, consec=4, half2=4, alt=8, two=4, four=4, halfsplit=4, stride2=8, bank32=32, rev=4, q8=4),
}
# Predicted by the rule before they were first measured:
for k, v in {(4,'ld'): (1, 2), (8,'ld'): (2, 2), (8,'st'): (2, 3),
             (16,'ld'): (4, 3), (16,'st'): (4, 6)}.items():
    want[k]['mix3'], want[k]['halfalt'] = v
want[(4,'st')] = want[(4,'ld')]
data, hdr = {}, None
for r in csv.reader(open(sys.argv[2])):
    if r and r[0] == 'ID':
        hdr = r
        continue
    if hdr and len(r) == len(hdr):
        d = dict(zip(hdr, r))
        data.setdefault(int(d['ID']), {})[d['Metric Name']] = d['Metric Value']
npass = nfail = 0
for line in open(sys.argv[1]):
    f = line.split()
    if not f or f[0] != 'LAUNCH':
        continue
    i, op, size, kind = int(f[1]), f[2], int(f[3]), f[4]
    got = int(float(data[i]['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum' % op].replace(',', '')))
    exp = want[(size, op)][kind]
    good = got == exp
    npass += good
    nfail += not good
    print('%-4s %2d B %-9s measured %2d  rule %2d  %s' % (op, size, kind, got, exp, 'ok' if good else 'DIFFERS'))
print('%d passed, %d failed' % (npass, nfail))
sys.exit(1 if nfail else 0)
PY
