#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""ncu-harness.py FILE.cu OUTDIR - write one host program per `// warpviz:`
block of FILE.cu that launches that block's kernel once at the block's
default parameters, for Nsight Compute to measure.

It does not use warpviz's reader: the kernel files of tests/kernels/real are
measured as written whether or not warpviz accepts them.  The C++ compiler
evaluates the launch and the array lengths: params and lets become
constants (unless a macro of that name exists), the grid, block and lengths
are the header's expressions.  Pointer parameters get zeroed device arrays
of their `array` length (1 MiB when none is given); integer parameters take
the param or let of their name; other scalars get 1.  Template parameters come
from `type T=float` and `param` lines.  Dynamic shared memory: the `array`
lines that name no pointer parameter (their length times 8 bytes), else
16 KiB when the file declares an extern __shared__ array or uses the SDK's
SharedMemory<T>.  A `kernel=` naming a __device__ template is launched
through the __global__ wrapper named after it and its first template value
(cuda/matmul.cu's matmul_tiled_16).  Writes OUTDIR/<name>.cu and prints
"<name> <kernel> <params>" for each."""
import os, re, sys

def blocks(lines):
    """Header blocks: (first line index after the block, {key: [values]})."""
    out, cur, last = [], None, -1
    for i, l in enumerate(lines):
        m = re.match(r'\s*//\s*warpviz:\s*(.*)$', l)
        if m:
            if cur is None:
                cur = []
            cur.append(m.group(1).strip())
            last = i
        elif cur is not None:
            out.append((last + 1, cur))
            cur = None
    if cur is not None:
        out.append((last + 1, cur))
    return out

def kv(s):
    """'a=1 b=x y' -> {'a': '1', 'b': 'x y'} (the last key takes the rest)."""
    d, first = {}, None
    parts = re.split(r'\s+(?=[A-Za-z_-]+=)', s)
    for p in parts:
        k, _, v = p.partition("=")
        d[k] = v
    return d

def balanced(text, start):
    """Index just past the parenthesis matching text[start] == '('."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError("unbalanced")

def split_top(s, sep=","):
    out, depth, cur = [], 0, ""
    for c in s:
        if c in "(<[":
            depth += 1
        elif c in ")>]":
            depth -= 1
        if c == sep and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur)
    return [x.strip() for x in out]

def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text, flags=re.S)
    return re.sub(r'//[^\n]*', lambda m: ' ' * len(m.group(0)), text)

def find_func(code, name, pos):
    """(template params text or '', params text, is_global) of function name
    defined at or after pos (else anywhere)."""
    for start in (pos, 0):
        for m in re.finditer(r'\b' + re.escape(name) + r'\s*\(', code[start:]):
            at = start + m.start()
            p0 = start + m.end() - 1
            p1 = balanced(code, p0)
            rest = code[p1:p1 + 40].lstrip()
            if not rest.startswith("{"):
                continue
            head = code[max(0, at - 400):at]
            stmt = re.split(r'[;}]', head)[-1]
            if "__global__" not in stmt and "__device__" not in stmt:
                continue
            t = re.search(r'template\s*<(.*)>', stmt, re.S)
            return (t.group(1) if t else ""), code[p0 + 1:p1 - 1], "__global__" in stmt
    return None

def next_global(code, pos):
    m = re.search(r'__global__[^;{(]*?\b([A-Za-z_]\w*)\s*\(', code[pos:], re.S)
    return m.group(1) if m else None

def cdecl(name, value):
    return "#ifndef %s\nconst long long %s = %s;\n#endif\n" % (name, name, value)

def main():
    path, outdir = sys.argv[1], sys.argv[2]
    raw = open(path).read()
    lines = raw.split("\n")
    code = strip_comments(raw)
    offs = [0]
    for l in lines:
        offs.append(offs[-1] + len(l) + 1)
    for after, hdr in blocks(lines):
        name = os.path.splitext(os.path.basename(path))[0]
        params, types, lets, arrays, launch = [], {}, [], [], None
        for h in hdr:
            if h.startswith("name="):
                name = h[5:].strip()
            elif h.startswith("param "):
                d = kv(h[6:])
                (pn, pv), = [(k, v) for k, v in d.items()][:1]
                params.append((pn, pv.split()[0], d.get("sym", pn).split()[0]))
            elif h.startswith("type "):
                k, _, v = h[5:].partition("=")
                types[k.strip()] = v.strip()
            elif h.startswith("let "):
                k, _, v = h[4:].partition("=")
                lets.append((k.strip(), v.strip()))
            elif h.startswith("array "):
                a = h[6:].split()
                arrays.append((a[0], kv(" ".join(a[1:])).get("length", "0")))
            elif h.startswith("launch "):
                launch = kv(h[7:])
        if launch is None:
            continue
        pos = offs[after]
        kname = launch.get("kernel") or next_global(code, pos)
        f = find_func(code, kname, pos)
        if f is None:
            sys.stderr.write("%s: %s: no function %s\n" % (path, name, kname))
            continue
        tmpl, plist, is_global = f
        pvals = {p[0]: p[1] for p in params}
        pvals.update({p[2]: p[1] for p in params})
        pvals.update({k: k for k, v in lets})
        targs = []
        for t in split_top(tmpl):
            tn = re.findall(r'\w+', t)[-1]
            if re.match(r'(class|typename)\b', t):
                targs.append(types.get(tn, "float"))
            else:
                targs.append(pvals.get(tn, "0"))
        if not is_global:
            wrapper = "%s_%s" % (kname, targs[0] if targs else "")
            f = find_func(code, wrapper, 0)
            if f is None:
                sys.stderr.write("%s: %s: no wrapper %s\n" % (path, name, wrapper))
                continue
            kname, (tmpl, plist, is_global), targs = wrapper, f, []
        out = ["// generated by tests/gpu/ncu-harness.py from %s" % path,
               "#include <cassert>", "#include <cstdio>", "#include <cstdlib>",
               "#include <cstdint>", "#include <cuda_runtime.h>",
               '#include "%s"' % os.path.abspath(path), ""]
        for t, v in types.items():
            out.append("typedef %s wv_type_%s;" % (v, t))
        for pn, pv, sym in params:
            out.append(cdecl(sym, pv))
            if sym != pn:
                out.append(cdecl(pn, pv))
        for k, v in lets:
            out.append(cdecl(k, "(" + v + ")"))
        out.append("int main(void)\n{")
        args, ptrs = [], set()
        arr = dict(arrays)
        for p in split_top(plist):
            if not p or p == "void":
                continue
            pname = re.findall(r'\w+', p)[-1]
            ptype = p[:p.rfind(pname)]
            if "*" in ptype or "&" in ptype:
                base = re.sub(r'\b(const|volatile|__restrict__|__restrict|restrict)\b', '', ptype)
                base = base.replace("*", "").strip()
                base = types.get(base, base)
                ln = arr.get(pname)
                bytes_ = ("(size_t)(%s) * sizeof(%s) + 4096" % (ln, base)) if ln else "(size_t)1 << 20"
                out.append("\t%s *%s_d = 0;" % (base, pname))
                out.append("\tif (cudaMalloc((void **)&%s_d, %s) != cudaSuccess) return 1;" % (pname, bytes_))
                out.append("\tcudaMemset(%s_d, 0, %s);" % (pname, bytes_))
                args.append(pname + "_d")
                ptrs.add(pname)
            elif pname in pvals:
                args.append("(%s)%s" % (ptype.strip() or "int", pname))
            else:
                st = re.sub(r'\bconst\b', '', ptype).strip() or "int"
                args.append("(%s)1" % types.get(st, st))
        dyn = [ln for a, ln in arrays if a not in ptrs]
        if dyn:
            smem = " + ".join("(size_t)(%s) * 8" % d for d in dyn)
        elif re.search(r'extern\s+__shared__|SharedMemory\s*<', code):
            smem = "16384"
        else:
            smem = "0"
        g = split_top(launch["grid"]) + ["1", "1"]
        b = split_top(launch["block"]) + ["1", "1"]
        out.append("\tsize_t smem = %s;\n\tif (smem > 49152) smem = 49152;" % smem)
        out.append("\tdim3 grid((unsigned)(%s), (unsigned)(%s));" % (g[0], g[1]))
        out.append("\tdim3 block((unsigned)(%s), (unsigned)(%s));" % (b[0], b[1]))
        ta = "<%s>" % ", ".join(targs) if targs else ""
        out.append("\t%s%s<<<grid, block, smem>>>(%s);" % (kname, ta, ", ".join(args)))
        out.append("\tcudaError_t e = cudaDeviceSynchronize();")
        out.append('\tif (e != cudaSuccess) { fprintf(stderr, "%s: %%s\\n", cudaGetErrorString(e)); return 1; }' % name)
        out.append("\treturn 0;\n}")
        fn = re.sub(r'[^A-Za-z0-9._-]', '_', name)
        open(os.path.join(outdir, fn + ".cu"), "w").write("\n".join(out) + "\n")
        print("%s %s %s" % (fn, kname, ",".join("%s=%s" % (p[0], p[1]) for p in params)))

if __name__ == "__main__":
    main()
