set -u
O=$OUT/a; mkdir -p $O
(ldd ./warpviz; ./warpviz gpu | head -4; date) > $O/probe.txt 2>&1
t0=$(date +%s)
timeout 210 sh tests/gpu/ncu-corpus.sh $O/corpus > $O/corpus.log 2>&1; echo "corpus $? $(( $(date +%s) - t0 ))s"
OUT=$O/sass timeout 60 sh tests/gpu/sass-record.sh ./warpviz 90 > $O/sass.log 2>&1; echo "sass $? $(( $(date +%s) - t0 ))s"
for t in 8 16 32; do ./warpviz stats matmul-tiled -p width=1024 -p tile=$t --as-compiled | grep "shared loads"; done > $O/as-compiled.txt 2>&1
./warpviz stats powers-stride32 --as-compiled | grep shared >> $O/as-compiled.txt 2>&1
timeout 110 sh tests/gpu/local-catalog.sh ./warpviz > $O/local-catalog.txt 2>&1; echo "local $? $(( $(date +%s) - t0 ))s"
timeout 60 sh tests/gpu/texture-catalog.sh ./warpviz > $O/texture-catalog.txt 2>&1; echo "tex $? $(( $(date +%s) - t0 ))s"
timeout 40 ./warpviz bench tex-row tex-col tex-row-global tex-col-global > $O/bench-tex.txt 2>&1; echo "benchtex $? $(( $(date +%s) - t0 ))s"
cat $O/as-compiled.txt; tail -3 $O/local-catalog.txt; cat $O/bench-tex.txt | tail -6
cd $OUT && tar czf a.tgz a && rm -rf a && ls -la a.tgz
