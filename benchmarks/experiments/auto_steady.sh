#!/usr/bin/env bash
# Experiment (issue 19): is weight(auto)'s settled GPU-only step slower than
# a fixed weight 0's? Alternates w=0 and auto runs (100 steps, weight trace
# on, as worksharing_bench.sh runs them) of the matrix product N = 256 and
# the N-body example, 5 rounds, and prints the median traced step of the
# last half and the program's time per step; w=0 without the trace too.
# On the GPU machine after gpu-prepare.sh --bench (builds what it needs).
set -uo pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 XMP_CPU_EXECUTOR=threads
root="$(pwd)"; b="$root/build-gpu"; p="$b/progs"; o="${OUT:-/tmp}/exp"; mkdir -p "$o" "$p"
if [ ! -f "$b/lib/libxmprt.so" ]; then
  cmake -S "$root" -B "$b" -G Ninja -DXMP_BUILD_COMPILER=OFF -DXMP_BUILD_TESTS=OFF \
    -DXMP_ENABLE_CUDA=ON -DCMAKE_BUILD_TYPE=Release > "$o/cmake.log" 2>&1 && ninja -C "$b" xmprt > "$o/build.log" 2>&1 || exit 1
fi
for n in matmul_dev_256 nbody; do
  [ -x "$p/$n.gpu" ] || mpicc "$root/.gpu-carry/obj/$n.gpu.o" -o "$p/$n.gpu" -L"$b/lib" -lxmprt -Wl,-rpath,"$b/lib" -lstdc++ -lm
done
. benchmarks/sizes.sh
for r in 1 2 3 4 5; do
  for prog in matmul_dev_256 nbody; do
    for w in 0 -1; do
      f=$o/$prog.w$w.r$r
      XMP_WEIGHT_TRACE=$f.csv mpirun --bind-to none -np 1 -x XMP_WEIGHT_TRACE -x XMP_CPU_EXECUTOR $p/$prog.gpu 100 $w $(bench_args $prog) > $f.txt 2>&1
      med=$(awk -F, 'NR>51{print $8}' $f.csv | sort -g | awk '{a[NR]=$1} END{printf "%.1f", a[int((NR+1)/2)]*1e6}')
      echo "$prog w=$w r=$r steady_us=$med prog_ms_per_step=$(awk '$2=="time"{printf "%.4f", $3*10}' $f.txt)"
    done
    f=$o/$prog.notrace.r$r
    mpirun --bind-to none -np 1 -x XMP_CPU_EXECUTOR $p/$prog.gpu 100 0 $(bench_args $prog) > $f.txt 2>&1
    echo "$prog w=0 notrace r=$r prog_ms_per_step=$(awk '$2=="time"{printf "%.4f", $3*10}' $f.txt)"
  done
done
tar czf "${OUT:-/tmp}/exp.tgz" -C "$o" . && rm -rf "$o"
