#!/bin/sh
# SPDX-License-Identifier: ISC
# fuzz.sh - build the libFuzzer targets of tests/fuzz/ with clang under
# AddressSanitizer and UndefinedBehaviorSanitizer (float-cast-overflow
# included, which gcc's -fsanitize=undefined leaves out) and run each for
# a bounded time.  Called by 'make fuzz' from the build directory:
#	fuzz.sh SRCDIR SECONDS TARGET...
# Each target starts from its seed corpus tests/fuzz/corpus/TARGET (and
# the files that tests/fuzz/corpus/TARGET.seeds names) and the
# regressions tests/fuzz/regress/TARGET (read only) and grows a scratch
# corpus under fuzz/.  A crash leaves its input as fuzz/TARGET-crash-*
# and fails; copy it into tests/fuzz/regress/TARGET with the fix.
#
# A blow-up fails like a crash: each input has FUZZ_INPUT_SECONDS (10)
# seconds (-timeout) and the process FUZZ_RSS_MB (2048) megabytes
# (-rss_limit_mb, ASan's shadow included); the kernel and lesson
# generators (kgen.c) make inputs of up to 1 MiB from a few bytes.
#
# Environment: CLANG (default clang), FUZZ_CFLAGS (extra flags),
# FUZZ_INPUT_SECONDS, FUZZ_RSS_MB.
set -eu
src=$1
secs=$2
shift 2
cc=${CLANG:-clang}
flags="-g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined,float-cast-overflow -fno-sanitize-recover=all ${FUZZ_CFLAGS:-}"
inc="-I. -I$src/src/model -I$src/src/kernel -I$src/src/compiled -I$src/src/variants -I$src/src/view -I$src/src/gpu -I$src/src -Isrc -Isrc/variants"

if ! printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' |
    $cc $flags -x c - -o fuzz-probe.$$ >/dev/null 2>&1; then
	rm -f fuzz-probe.$$
	echo "fuzz: $cc cannot build libFuzzer targets (build-aux/install-deps.sh installs clang)" >&2
	exit 1
fi
rm -f fuzz-probe.$$
mkdir -p fuzz

model="$(ls "$src"/src/model/*.c) $(ls "$src"/src/kernel/*.c) $(ls "$src"/src/compiled/*.c)"
status=0

# The differential oracle (tests/fuzz/oracle.h) is not a libFuzzer target:
# it runs generated kernels, ORACLE_COUNT (300) a seed, seed after seed
# from ORACLE_SEED (1000) for the given time, each built with its model
# under the sanitizers.  A difference leaves fuzz/oracle-SEED.txt (the
# kernel and the first differing lane) and fails.
oracle() {
	ocflags="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all ${FUZZ_CFLAGS:-}"
	echo "fuzz: building the oracle"
	mkdir -p fuzz/oracle
	# shellcheck disable=SC2086
	(cd fuzz/oracle && $cc $ocflags $inc -I"$OLDPWD" -c $model \
	    "$src/tests/fuzz/oracle.c") || return 1
	$cc -O1 -o fuzz/ogen "$src/tests/fuzz/ogen.c" -I. ||
	    return 1
	seed=${ORACLE_SEED:-1000}
	end=$(($(date +%s) + secs))
	n=0
	while [ "$(date +%s)" -lt "$end" ]; do
		fuzz/ogen "$seed" "${ORACLE_COUNT:-300}" >fuzz/oracle-gen.c &&
		# shellcheck disable=SC2086
		$cc $ocflags -w -fwrapv -I"$src/tests" -c fuzz/oracle-gen.c \
		    -o fuzz/oracle-gen.o &&
		$cc $ocflags -o fuzz/oracle-run fuzz/oracle/*.o \
		    fuzz/oracle-gen.o -lm || return 1
		if ! fuzz/oracle-run -v >"fuzz/oracle-$seed.txt" 2>&1; then
			grep -A 40 '^not ok' "fuzz/oracle-$seed.txt" | head -n 60
			echo "fuzz-oracle: seed $seed: FAILED (fuzz/oracle-$seed.txt)"
			return 1
		fi
		tail -n 2 "fuzz/oracle-$seed.txt" | head -n 1 | sed "s/^ok [0-9]* - /fuzz-oracle: seed $seed: /"
		rm -f "fuzz/oracle-$seed.txt"
		seed=$((seed + 1))
		n=$((n + 1))
	done
	echo "fuzz-oracle: $n seeds in $secs s, no difference"
}

for t in "$@"; do
	if [ "$t" = oracle ]; then
		oracle || status=1
		continue
	fi
	case $t in
	expr) srcs="$model" ;;
	results) srcs="$src/src/gpu/gpu-results.c $model" ;;
	ncu) srcs="$src/src/gpu/gpu-ncu.c $src/src/gpu/gpu-ncu-src.c $src/src/gpu/gpu-ncu-csv.c $model" ;;
	param) srcs="$model $(ls "$src"/src/variants/*.c | grep -v '/sources\.c$') src/variants/sources.c" ;;
	launch) srcs="$src/tests/fuzz/fuzz-totals.c $model" ;;
	ksrc) srcs="$src/tests/fuzz/fuzz-totals.c $src/tests/fuzz/kgen.c $model" ;;
	lesson) srcs="$src/tests/fuzz/kgen.c $model $(ls "$src"/src/variants/*.c | grep -v '/sources\.c$') src/variants/sources.c $(ls "$src"/src/view/*.c | grep -v '/lessons\.c$') src/view/lessons.c" ;;
	opts) srcs="$model $(ls "$src"/src/variants/*.c | grep -v '/sources\.c$') src/variants/sources.c $src/src/opts.c $(ls "$src"/src/view/*.c | grep -v '/lessons\.c$') src/view/lessons.c" ;;
	isa) srcs="$model $(ls "$src"/src/variants/*.c | grep -v '/sources\.c$') src/variants/sources.c" ;;
	*) echo "fuzz: unknown target $t" >&2; exit 1 ;;
	esac
	echo "fuzz: building fuzz/fuzz-$t"
	# shellcheck disable=SC2086
	$cc $flags $inc -o "fuzz/fuzz-$t" "$src/tests/fuzz/fuzz-$t.c" $srcs -lm
	mkdir -p "fuzz/corpus-$t"
	# Seed directories: the target's corpus/ if it has one, and the
	# files its corpus/TARGET.seeds patterns name (copied here, since
	# libFuzzer takes directories), then the regressions.
	seeds=
	[ -d "$src/tests/fuzz/corpus/$t" ] && seeds="$src/tests/fuzz/corpus/$t"
	if [ -f "$src/tests/fuzz/corpus/$t.seeds" ]; then
		rm -rf "fuzz/seeds-$t"
		mkdir -p "fuzz/seeds-$t"
		grep -v '^#' "$src/tests/fuzz/corpus/$t.seeds" | while read -r pat; do
			[ -n "$pat" ] || continue
			# shellcheck disable=SC2086
			cp $src/$pat "fuzz/seeds-$t/"
		done
		seeds="$seeds fuzz/seeds-$t"
	fi
	dict=
	[ -f "$src/tests/fuzz/$t.dict" ] && dict="-dict=$src/tests/fuzz/$t.dict"
	echo "fuzz: running fuzz-$t for $secs s"
	# shellcheck disable=SC2086
	if UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    "fuzz/fuzz-$t" -max_total_time="$secs" \
	    -timeout="${FUZZ_INPUT_SECONDS:-10}" \
	    -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -malloc_limit_mb=1024 \
	    -print_final_stats=1 -artifact_prefix="fuzz/$t-" $dict \
	    "fuzz/corpus-$t" $seeds \
	    "$src/tests/fuzz/regress/$t" >"fuzz/$t.log" 2>&1; then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "fuzz/$t.log" | tail -1)
		echo "fuzz-$t: $runs runs in $secs s, no crash ($(ls "fuzz/corpus-$t" | wc -l) new corpus inputs)"
	else
		tail -40 "fuzz/$t.log"
		echo "fuzz-$t: FAILED, input left as $(ls fuzz/"$t"-* 2>/dev/null | head -1)"
		status=1
	fi
done
exit $status
