#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""ncu-validate.py WARPVIZ [NCU] - run every kernel once under Nsight
Compute and compare the counters with the model, kernel by kernel.

For each spec below: `ncu --csv --metrics ... WARPVIZ bench --once SPEC`
(one launch, output verified) and `WARPVIZ stats VARIANT -p ... --json`
at the same parameters.  Compared: global load and store sectors per
request (l1tex__t_sectors / l1tex__t_requests, pipe lsu, mem global) and
shared wavefronts per instruction (l1tex__data_pipe_lsu_wavefronts_mem_shared
/ smsp__sass_inst_executed_op_shared).  Prints a Markdown table (for
doc/validation.md) and exits 1 if global sectors per request differ.
Never time under ncu for real: the time column is ncu's own
gpu__time_duration with its cache and clock control."""
import csv, io, json, subprocess, sys

WARPVIZ = sys.argv[1] if len(sys.argv) > 1 else "./warpviz"
NCU = sys.argv[2] if len(sys.argv) > 2 else "ncu"

SPECS = [
    "matmul-col:width=1024", "matmul-row:width=1024",
    "matmul-tiled:width=1024,tile=8", "matmul-tiled:width=1024",
    "matmul-tiled:width=1024,tile=32",
    "twohop-v0:n=1000", "twohop-v1:n=1000",
    "copy-offset", "copy-offset:offset=0", "copy-offset:offset=8",
    "stride:stride=1", "stride", "stride:stride=4", "stride:stride=8",
    "stride:stride=32",
    "powers-stride32", "powers-transposed", "powers-padded",
    "struct12", "struct16", "double2",
    "array2d", "array2d-pitch",
    "const-uniform", "const-divergent",
]
METRICS = [
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "smsp__sass_inst_executed_op_shared_ld.sum",
    "smsp__sass_inst_executed_op_shared_st.sum",
    "gpu__time_duration.sum",
]


def num(s):
    return float(s.replace(",", "")) if s not in ("", "n/a") else 0.0


def ncu(spec):
    cmd = [NCU, "--csv", "--metrics", ",".join(METRICS), "--launch-count",
           "1", WARPVIZ, "bench", "--once", spec]
    p = subprocess.run(cmd, capture_output=True, text=True)
    rows = [l for l in p.stdout.splitlines() if l.startswith('"')]
    m, kernel, unit = {}, "?", {}
    for r in csv.DictReader(io.StringIO("\n".join(rows))):
        m[r["Metric Name"]] = num(r["Metric Value"])
        unit[r["Metric Name"]] = r.get("Metric Unit", "")
        kernel = r["Kernel Name"]
    if not m:
        sys.stderr.write("ncu gave no metrics for %s:\n%s\n%s\n" %
                         (spec, p.stdout[-2000:], p.stderr[-2000:]))
    t = m.get("gpu__time_duration.sum", 0)
    u = unit.get("gpu__time_duration.sum", "")
    ms = t / 1e6 if u == "nsecond" or u == "ns" else t / 1e3 if u in ("usecond", "us") else t
    return m, kernel, ms, p.returncode


def model(spec, compiled=False):
    name, _, ps = spec.partition(":")
    cmd = [WARPVIZ, "stats", name, "--json"]
    for a in filter(None, ps.split(",")):
        cmd += ["-p", a]
    if compiled:
        # SASS where nvdisasm is installed (the device has it), else PTX.
        cmd += ["--as-compiled"]
    return json.loads(subprocess.run(cmd, capture_output=True, text=True,
                                     check=True).stdout)


def compiled_table(rows):
    """As written, as compiled and ncu, instruction by instruction."""
    print()
    print("| kernel (spec) | decided by | global ld instr written / compiled / ncu | "
          "global st instr written / compiled / ncu | "
          "shared ld instr written / compiled / ncu | "
          "shared st instr written / compiled / ncu | "
          "shared ld wavefronts/instr compiled / ncu | "
          "shared st wavefronts/instr compiled / ncu | instructions agree |")
    print("|---|---|---|---|---|---|---|---|---|")
    bad = 0
    for spec, kernel, c, ms, agree, rc in rows:
        w, k = model(spec), model(spec, True)
        trip = []
        ok = True
        for kind, mi in (("global_load", 0), ("global_store", 2),
                         ("shared_load", 6), ("shared_store", 7)):
            n = c["m"].get(METRICS[mi], 0)
            trip.append("%d / %d / %d" % (w[kind]["requests"],
                                          k[kind]["requests"], n))
            ok = ok and k[kind]["requests"] == n
        wf = []
        for kind, mw, mi in (("shared_load", 4, 6), ("shared_store", 5, 7)):
            wf.append("%.3f / %.3f" % (
                ratio(k[kind]["wavefronts"], k[kind]["requests"]),
                ratio(c["m"].get(METRICS[mw], 0), c["m"].get(METRICS[mi], 0))))
        bad |= not ok
        print("| %s (`%s`) | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            kernel, spec, k.get("decided_by", "?"), trip[0], trip[1],
            trip[2], trip[3], wf[0], wf[1], "yes" if ok else "**no**"))
    return bad


def ratio(a, b):
    return a / b if b else 0.0


def main():
    rows, bad = [], 0
    for spec in SPECS:
        m, kernel, ms, rc = ncu(spec)
        st = model(spec)
        gl, gs = st["global_load"], st["global_store"]
        sl, ss = st["shared_load"], st["shared_store"]
        c = {
            "ld": (ratio(gl["sectors"], gl["requests"]),
                   ratio(m.get(METRICS[1], 0), m.get(METRICS[0], 0)),
                   gl["requests"], m.get(METRICS[0], 0)),
            "st": (ratio(gs["sectors"], gs["requests"]),
                   ratio(m.get(METRICS[3], 0), m.get(METRICS[2], 0)),
                   gs["requests"], m.get(METRICS[2], 0)),
            "sld": (ratio(sl["wavefronts"], sl["requests"]),
                    ratio(m.get(METRICS[4], 0), m.get(METRICS[6], 0)),
                    sl["requests"], m.get(METRICS[6], 0)),
            "sst": (ratio(ss["wavefronts"], ss["requests"]),
                    ratio(m.get(METRICS[5], 0), m.get(METRICS[7], 0)),
                    ss["requests"], m.get(METRICS[7], 0)),
        }
        c["m"] = m
        agree = all(abs(c[k][0] - c[k][1]) < 0.005 for k in ("ld", "st"))
        if not agree or rc != 0:
            bad = 1
        rows.append((spec, kernel, c, ms, agree, rc))
    print("| kernel (spec) | global ld sectors/req model / ncu | ld requests model / ncu | "
          "global st sectors/req model / ncu | st requests model / ncu | "
          "shared ld wavefronts/instr model / ncu | shared ld instr model / ncu | "
          "shared st wavefronts/instr model / ncu | shared st instr model / ncu | "
          "ncu time ms | sectors agree |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for spec, kernel, c, ms, agree, rc in rows:
        def pair(k):
            return "%.3f / %.3f" % (c[k][0], c[k][1])
        def req(k):
            return "%d / %d" % (c[k][2], c[k][3])
        print("| %s (`%s`) | %s | %s | %s | %s | %s | %s | %s | %s | %.3f | %s |" % (
            kernel, spec, pair("ld"), req("ld"), pair("st"), req("st"),
            pair("sld"), req("sld"), pair("sst"), req("sst"), ms,
            ("yes" if agree else "**no**") + ("" if rc == 0 else " (exit %d)" % rc)))
    # The as-compiled table reports; only the as-written sectors above
    # decide the exit status, as before.
    compiled_table(rows)
    return bad


if __name__ == "__main__":
    sys.exit(main())
