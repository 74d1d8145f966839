set -eu
cd "$(dirname "$0")"
nvcc -arch=sm_90 -o tex tex.cu
./tex verify.txt | grep -vc "no error" || true
ncu --csv --metrics l1tex__t_requests_pipe_tex_mem_texture.sum,l1tex__t_sectors_pipe_tex_mem_texture.sum,l1tex__t_requests_pipe_tex.sum,l1tex__t_sectors_pipe_tex.sum,smsp__inst_executed_pipe_tex.sum,l1tex__data_bank_reads.sum ./tex verify.txt > $OUT/tex-verify.csv 2>&1 || true
cuobjdump -sass tex | grep -E 'TEX|TLD' | sort | uniq -c > $OUT/tex-sass.txt || true
wc -l $OUT/tex-ncu.csv
tail -3 $OUT/tex-ncu.csv
