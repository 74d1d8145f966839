#!/bin/sh
# SPDX-License-Identifier: ISC
# refusals.sh - what the kernel-file reader still refuses (issue 15):
# one line "warpviz: FILE:LINE:COL: what; the rewrite", exit 2, nothing
# on stdout.  Each row is one small kernel per kind of refusal, with the
# place worked out by hand (a tab is one column), the words that name
# the construct and the words of the rewrite the message suggests; then
# that rewrite, written out, must be accepted (exit 0, silent), so that
# no message suggests a form the reader refuses too.  TAP.
: "${WARPVIZ:=./warpviz}" "${srcdir:=.}"
. "$srcdir/tests/tap.sh"
tmp=${TMPDIR:-/tmp}/wv-refusals.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# kernel FILE PRELUDE BODY: lines 1-5 are the '// warpviz:' block, then
# PRELUDE (P lines), the kernel's head on line 6 + P, '{' on 7 + P and
# BODY from line 8 + P.
kernel() {
	{
		printf '// warpviz: launch grid=1 block=32\n'
		printf '// warpviz: array a length=1024\n'
		printf '// warpviz: array b length=1024\n'
		printf '// warpviz: array idx length=1024\n'
		printf '// warpviz: param n=64 range=1..1024\n'
		printf '%b' "$2"
		printf '__global__ void k(float *a, float *b, const int *idx, '
		printf 'int n)\n{\n%b}\n' "$3"
	} >"$1"
}

# refused NAME WHERE CONSTRUCT REWRITE: $tmp/NAME.cu is refused at
# NAME.cu:WHERE with one line naming CONSTRUCT and REWRITE.
refused() {
	"$WARPVIZ" check "$tmp/$1.cu" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	line=$(cat "$tmp/err")
	r=0
	[ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    [ ! -s "$tmp/out" ] || r=1
	case $line in
	"warpviz: $tmp/$1.cu:$2: "*) ;;
	*) r=1 ;;
	esac
	grep -qF -- "$3" "$tmp/err" && grep -qF -- "$4" "$tmp/err" || r=1
	tap_ok $r "$1: refused at $2 naming '$3' and '$4' (exit $rc): $line"
}

# accepted NAME: $tmp/NAME.cu is read (exit 0, nothing on stderr).
accepted() {
	"$WARPVIZ" check "$tmp/$1.cu" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	r=0
	[ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] || r=1
	tap_ok $r "$1: the suggested rewrite is accepted (exit $rc) $(cat \
	    "$tmp/err")"
}

# row NAME WHERE CONSTRUCT REWRITE BODY REWRITTEN-BODY [PRELUDE
# [REWRITTEN-PRELUDE]]: the refused kernel and its rewrite.
row() {
	kernel "$tmp/$1.cu" "${7:-}" "$5"
	refused "$1" "$2" "$3" "$4"
	kernel "$tmp/$1-ok.cu" "${8-${7:-}}" "$6"
	accepted "$1-ok"
}

# --- statements.  Body lines start at 8.
# switch at column 2 of line 8.
row switch 8:2 "'switch' is not followed" \
    "write it as ifs: if (x == 0) { ... } else if (x == 1)" \
    '\tswitch (threadIdx.x) {\n\tcase 0:\n\t\ta[0] = 1;\n\t}\n' \
    '\tif (threadIdx.x == 0)\n\t\ta[0] = 1;\n'
# goto on line 9, after two tabs.
row goto 9:3 "'goto' is not followed" \
    "guard the code it skips with if (!COND) { ... }" \
    '\tif (n > 4)\n\t\tgoto out;\n\ta[0] = 1;\nout:\n\ta[1] = 2;\n' \
    '\tif (!(n > 4))\n\t\ta[0] = 1;\n\ta[1] = 2;\n'
# break on line 10, after three tabs.
row break 10:4 "'break' is not followed" \
    "end the loop in its condition: for (...; k < n && !(COND); k++)" \
    '\tfor (int k = 0; k < n; k++) {\n\t\tif (k == 3)\n\t\t\tbreak;\n\t\ta[k] = 1;\n\t}\n' \
    '\tfor (int k = 0; k < n && !(k == 3); k++)\n\t\ta[k] = 1;\n'
# continue inside an if inside an if: line 11, after four tabs.
row continue 11:5 "continue is followed from a loop's own block" \
    "guard the rest of the body with if (!COND) { ... } instead" \
    '\tfor (int k = 0; k < n; k++) {\n\t\tif (k > 0) {\n\t\t\tif (k > 1)\n\t\t\t\tcontinue;\n\t\t}\n\t\ta[k] = 0;\n\t}\n' \
    '\tfor (int k = 0; k < n; k++) {\n\t\tif (!(k > 0 && k > 1))\n\t\t\ta[k] = 0;\n\t}\n'
row return-loop 10:4 "return inside a loop" \
    "guard the rest with if (!COND) { ... }" \
    '\tfor (int k = 0; k < n; k++) {\n\t\tif (k == 3)\n\t\t\treturn;\n\t\ta[k] = 1;\n\t}\n' \
    '\tfor (int k = 0; k < n; k++) {\n\t\tif (!(k >= 3))\n\t\t\ta[k] = 1;\n\t}\n'
# The statement after return: line 10, column 2.
row after-return 10:2 "code after return is not supported" "delete it" \
    '\ta[0] = 1;\n\treturn;\n\ta[1] = 2;\n' '\ta[0] = 1;\n\treturn;\n'

# --- loops.  "\tfor (" puts the header's first token at column 7.
# for (;;): at its ')', column 9.
row for-ever 8:9 "a for loop without a condition" \
    "for (int k = 0; k < n; k++)" \
    '\tfor (;;)\n\t\ta[0] = 0;\n' '\tfor (int k = 0; k < n; k++)\n\t\ta[0] = 0;\n'
# "\tfor (int k = 1; k < n; k = k * 2)": the '=' after k at 27.
row step-form 8:27 "a loop must step its variable by ++, --, +=" \
    "write k = k * 2 as k *= 2" \
    '\tfor (int k = 1; k < n; k = k * 2)\n\t\ta[k] = 1;\n' \
    '\tfor (int k = 1; k < n; k *= 2)\n\t\ta[k] = 1;\n'
# "\tfor (int k = 1; k < n; k += k)": the k after += at 30.
row step-self 8:30 "the step of loop variable k reads k" \
    "write k += k as k *= 2" \
    '\tfor (int k = 1; k < n; k += k)\n\t\ta[k] = 1;\n' \
    '\tfor (int k = 1; k < n; k *= 2)\n\t\ta[k] = 1;\n'
# k += 2 in the body: at its operator, line 9 column 5.
row step-body 9:5 "the loop variable k changes inside the loop" \
    "step it in the header only: for (...; k += STEP)" \
    '\tfor (int k = 0; k < n; k++)\n\t\tk += 2;\n' \
    '\tfor (int k = 0; k < n; k += 3)\n\t\ta[k] = 0;\n'
# while (i < n) with i *= 2: the condition at line 9, column 9.
row while-mul 9:9 "a loop condition uses 'i < n', which the body changes" \
    "step it in a for header: for (int i = 1; i < n; i *= 2)" \
    '\tint i = 1;\n\twhile (i < n) {\n\t\ta[i] = 0;\n\t\ti *= 2;\n\t}\n' \
    '\tfor (int i = 1; i < n; i *= 2)\n\t\ta[i] = 0;\n'
# "\tfor (float f": f at 13.
row loop-float 8:13 "a loop variable must be an integer" \
    "count with an int" \
    '\tfor (float f = 0; f < 2; f += 1)\n\t\ta[0] = f;\n' \
    '\tfor (int k = 0; k < 2; k++) {\n\t\tfloat f = k;\n\t\ta[0] = f;\n\t}\n'
# A value read from memory as a bound: at the read, idx at column 10.
row bound-data 8:10 "'idx[0]' is read from memory and decides a loop condition" \
    "make the bound an int parameter with a '// warpviz: param' line" \
    '\tint m = idx[0];\n\tfor (int k = 0; k < m; k++)\n\t\ta[k] = 0;\n' \
    '\tfor (int k = 0; k < n; k++)\n\t\ta[k] = 0;\n'
# One loop more than the model holds (VARIANT_MAX_LOOPS, read from the
# header so the row follows it): loop L + 1 opens on line 8 + 2L, and a
# loop's refusal names its line, column 1.  Its two trips written out by
# hand leave L loops.
max=$(sed -n 's/^#define[ 	]*VARIANT_MAX_LOOPS[ 	]*\([0-9]*\).*/\1/p' \
    "$srcdir/src/model/variant.h")
loops=
i=0
while [ "$i" -lt "$max" ]; do
	loops="$loops\\tfor (int k$i = 0; k$i < 2; k$i++)\\n\\t\\ta[k$i] = 0;\\n"
	i=$((i + 1))
done
row loops "$((8 + 2 * max)):1" "more than $max loops" \
    "write a loop of a few known trips out by hand" \
    "$loops\\tfor (int k = 0; k < 2; k++)\\n\\t\\tb[k] = 0;\\n" \
    "$loops\\tb[0] = 0;\\n\\tb[1] = 0;\\n"

# --- values the model cannot follow.
# "\ta[idx[" : the read at column 4.  No rewrite: what is followed.
row index-data 8:4 "'idx[threadIdx.x]' is read from memory and decides the index of a" \
    "use threadIdx, blockIdx, params and loop variables" \
    '\ta[idx[threadIdx.x]] = 0;\n' '\ta[threadIdx.x] = 0;\n'
# "\ta[(int)": the cast at column 4.
row index-float 9:4 "the index of a is not an integer the model can follow" \
    "use integers: threadIdx, blockIdx, params, constants, loop variables" \
    '\tfloat f = 2.0f;\n\ta[(int)(f * threadIdx.x)] = 1;\n' \
    '\tint f = 2;\n\ta[f * threadIdx.x] = 1;\n'
# x set in one branch: used at line 11, column 4.
row one-branch 11:4 "the index of a uses 'x', which has no value here" \
    "set it before the if" \
    '\tint x;\n\tif (threadIdx.x < 16)\n\t\tx = 1;\n\ta[x] = 0;\n' \
    '\tint x = 0;\n\tif (threadIdx.x < 16)\n\t\tx = 1;\n\ta[x] = 0;\n'
# "\tint *q = &x;": the '&' at 11.
row address-local 9:11 "only the address of an element of a one-dimensional kernel array" \
    "pass a variable itself, not its address" \
    '\tint x = 1;\n\tint *q = &x;\n\ta[*q] = 1;\n' '\tint x = 1;\n\ta[x] = 1;\n'

# --- pointers.
# "\tfloat *p = (float *)": the cast's '(' at 13.
row pointer-memory 8:13 "a pointer read from memory is not followed" \
    "index the array instead: a[i]" \
    '\tfloat *p = (float *)(size_t)idx[0];\n\tp[threadIdx.x] = 1;\n' \
    '\ta[threadIdx.x] = 1;\n'
# "\tfloat *p;": p at 9.
row pointer-later 8:9 "pointer p needs its value where it is declared" \
    "p = a + OFFSET" \
    '\tfloat *p;\n\tp = a;\n\tp[0] = 0;\n' '\tfloat *p = a + 0;\n\tp[0] = 0;\n'
# "\tp = b;": the '=' at 4.
row pointer-other 9:4 "pointer p is given a value that is not a place in its own array a" \
    "take a second pointer: float *q = b + OFFSET" \
    '\tfloat *p = a;\n\tp = b;\n\tp[0] = 0;\n' \
    '\tfloat *p = a;\n\tfloat *q = b + 0;\n\tq[0] = 0;\n'
# p++ in a loop, then p[0]: p at line 11, column 2.
row pointer-loop 11:2 "pointer p moves in a loop or a branch" \
    "take a new pointer after it: float *q = a + OFFSET" \
    '\tfloat *p = a;\n\tfor (int k = 0; k < 2; k++)\n\t\tp++;\n\tp[0] = 0;\n' \
    '\tfloat *p = a;\n\tfor (int k = 0; k < 2; k++)\n\t\tp++;\n\tfloat *q = a + 2;\n\tq[0] = 0;\n'
# "\tfloat *rows[2];": rows at 9.
row pointer-array 8:9 "an array of pointers is not followed" \
    "index one array instead: a[row * WIDTH + col]" \
    '\tfloat *rows[2];\n\ta[0] = 1;\n' '\ta[1 * 32 + threadIdx.x] = 1;\n'
# "\tmemcpy(a": its pointer argument at 9.
row memcpy 8:9 "'memcpy' gets a pointer: the model cannot tell what it reads" \
    "write its accesses out: d[k] = s[k] in a loop" \
    '\tmemcpy(a, b, 16);\n' '\tfor (int k = 0; k < 4; k++)\n\t\ta[k] = b[k];\n'
# "\ta[*x]": the '*' at 4.
row deref 9:4 "'*' of something that is not a pointer into a kernel array" \
    "*p for p = a + i" \
    '\tint x = 2;\n\ta[*x] = 1;\n' '\tfloat *p = a + 2;\n\ta[threadIdx.x] = *p;\n'

# --- declarations and types.
# "\tfoo_t h": the name at 2; with a typedef or a type line it is read.
row type-unknown 8:2 "unknown type 'foo_t'" "(typedef int foo_t;)" \
    '\tfoo_t h = threadIdx.x;\n\ta[h] = 0;\n' \
    '\tfoo_t h = threadIdx.x;\n\ta[h] = 0;\n' '' 'typedef int foo_t;\n'
# "\tconst foo_t": the name at 8; the type line is the other way.
row type-line 8:8 "unknown type 'foo_t'" "give a '// warpviz: type foo_t=int' line" \
    '\tconst foo_t h = threadIdx.x;\n\ta[h] = 0;\n' \
    '\tconst foo_t h = threadIdx.x;\n\ta[h] = 0;\n' '' \
    '// warpviz: type foo_t=int\n'
# "\t__shared__ float s;": s at 19.
row shared-scalar 8:19 "a __shared__ scalar is not modelled" \
    "make it an array of one: __shared__ float s[1], read as s[0]" \
    '\t__shared__ float s;\n\ts = 1;\n\ta[threadIdx.x] = s;\n' \
    '\t__shared__ float s[1];\n\ts[0] = 1;\n\ta[threadIdx.x] = s[0];\n'
# "\t__shared__ float s[2][2][2]": the third size at 27.
row dims 8:27 "more than two dimensions" \
    "flatten it: s[X * Y * Z] indexed s[(i * Y + j) * Z + k]" \
    '\t__shared__ float s[2][2][2];\n\ts[0][0][0] = 1;\n' \
    '\t__shared__ float s[2 * 2 * 2];\n\ts[(1 * 2 + 1) * 2 + 1] = 1;\n\ta[threadIdx.x] = s[threadIdx.x % 8];\n'
# "\textern __shared__ float s[]": s at 26.
row extern-shared 8:26 "extern __shared__ s needs" "'// warpviz: array s length=...' line" \
    '\textern __shared__ float s[];\n\ts[threadIdx.x] = 1;\n' \
    '\textern __shared__ float s[];\n\ts[threadIdx.x] = 1;\n' '' \
    '// warpviz: array s length=32\n'
# "struct S {" on line 6, "\tfloat *p;" on 7: p at 9.
row pointer-field 7:9 "pointer fields are not supported" \
    "pass the array as a kernel parameter with a '// warpviz: array' line" \
    '\ta[0] = 1;\n' '\ta[0] = 1;\n' 'struct S {\n\tfloat *p;\n};\n' ''
# "typedef int row4[4];": the '[' at 17.
row typedef-array 6:17 "a typedef of an array or a function is not supported" \
    "typedef the element and declare the array with it: T v[N]" \
    '\ta[0] = 1;\n' '\telem v[4];\n\tv[0] = 1;\n\ta[threadIdx.x] = v[0];\n' \
    'typedef int row4[4];\n' 'typedef int elem;\n'
# extern "C" {: the '{' at 12.
row extern-c 6:12 "extern \"C\" { ... } blocks are not supported" \
    "write extern \"C\" before each function instead" \
    '\ta[0] = 1;\n' '\ta[0] = 1;\n' 'extern "C" {\n' 'extern "C"\n'

# --- calls.  The preludes' lines start at 6.
# clear calls itself on line 10, after two tabs.
row recursion 10:3 "clear calls itself: recursion is not followed" \
    "write the calls as a loop" \
    '\tclear(a, 3);\n' '\tfor (int d = 3; d >= 0; d--)\n\t\ta[d] = 0;\n' \
    '__device__ void clear(float *p, int d)\n{\n\tp[d] = 0;\n\tif (d > 0)\n\t\tclear(p, d - 1);\n}\n' ''
# The early return on line 9, column 3.
row return-early 9:3 "a return before the end of a __device__ function" \
    "set a variable and return it once, at the end" \
    '\ta[pick(threadIdx.x)] = 1;\n' '\ta[pick(threadIdx.x)] = 1;\n' \
    '__device__ int pick(int x)\n{\n\tif (x > 2)\n\t\treturn 1;\n\treturn 0;\n}\n' \
    '__device__ int pick(int x)\n{\n\tint r = 0;\n\tif (x > 2)\n\t\tr = 1;\n\treturn r;\n}\n'
# one(a[...]) on line 12 (prelude of four lines), the call at 2.
row reference 12:2 "reference parameter x takes a variable of the caller" \
    "for an element take a pointer: T *x, f(&a[i])" \
    '\tone(a[threadIdx.x]);\n' '\tone(&a[threadIdx.x]);\n' \
    '__device__ void one(float &x)\n{\n\tx = 1;\n}\n' \
    '__device__ void one(float *x)\n{\n\t*x = 1;\n}\n'
# "\tatomicAdd(&s": the call at column 2 of line 9.
row shared-atomic 9:2 "atomicAdd on shared memory is not modelled" \
    "atomics are measured on global memory only, on a kernel array's &a[i]" \
    '\t__shared__ int s[32];\n\tatomicAdd(&s[threadIdx.x], 1);\n' \
    '\tatomicAdd(&a[threadIdx.x], 1.0f);\n'

# '->' needs a struct parameter: a file of its own.  "\tp->x": the
# arrow at 3 of line 6.
{
	printf '// warpviz: launch grid=1 block=32\n'
	printf '// warpviz: array p length=64\n'
	printf 'struct P { float x; float y; };\n'
	printf '__global__ void k(P *p)\n{\n\tp->x = 1;\n}\n'
} >"$tmp/arrow.cu"
refused arrow 6:3 "'->' is not supported" "write p->x as p[0].x"
sed 's/p->x/p[0].x/' "$tmp/arrow.cu" >"$tmp/arrow-ok.cu"
accepted arrow-ok
tap_done
