#!/usr/bin/env bash
# Experiment (issue 19): the host cost per step of a weight(auto) device
# loop settled on the GPU alone, before and after untimed settled steps,
# next to weight 0 and bare launches. benchmarks/loop_overhead.mlir
# (modes 0: no weight clause, 2: weight(auto)), 20000 steps, untraced,
# linked against this runtime (build-gpu) and against the earlier commit's
# (build-gpu-before, scripts/gpu-before.sh; the runtime ABI is the same),
# ROUNDS (5) alternating rounds; prints per-run us/step and medians.
# On the GPU machine after gpu-prepare.sh --bench --before DIR here and
# scripts/gpu-before.sh there (builds build-gpu/lib itself if missing).
set -uo pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
root="$(pwd)"; b="$root/build-gpu"; bb="$root/build-gpu-before"
o="${OUT:-/tmp}/auto_overhead"; mkdir -p "$o" "$b/progs"
rounds="${1:-5}"; steps=20000
if [ ! -f "$b/lib/libxmprt.so" ]; then
  cmake -S "$root" -B "$b" -G Ninja -DXMP_BUILD_COMPILER=OFF -DXMP_BUILD_TESTS=OFF \
    -DXMP_ENABLE_CUDA=ON -DCMAKE_BUILD_TYPE=Release > "$o/cmake.log" 2>&1 &&
    ninja -C "$b" xmprt > "$o/build.log" 2>&1 || { tail -20 "$o/build.log"; exit 1; }
fi
obj="$root/.gpu-carry/obj/loop_overhead.gpu.o"
mpicc "$obj" -o "$o/after" -L"$b/lib" -lxmprt -Wl,-rpath,"$b/lib" -lstdc++ -lm || exit 1
mpicc "$obj" -o "$o/before" -L"$bb/lib" -lxmprt -Wl,-rpath,"$bb/lib" -lstdc++ -lm || exit 1
nvcc -O3 -arch=sm_90 -o "$o/bare" "$root/benchmarks/baselines/launch_overhead.cu" || exit 1
us() { awk -v n=$steps '$1=="XMP-RESULT" && $2=="time"{printf "%.3f", $3/n*1e6}' "$1"; }
for r in $(seq 1 "$rounds"); do
  for v in after before; do
    for m in 0 2; do
      f="$o/$v.m$m.r$r.txt"
      mpirun --bind-to none -np 1 "$o/$v" $steps $m 0 > "$f" 2>&1
      echo "$v mode $m round $r: $(us "$f") us/step"
    done
  done
  "$o/bare" $steps > "$o/bare.r$r.txt" 2>&1
  echo "bare round $r: $(awk '$1=="BASE" && $2=="launch"{print $3}' "$o/bare.r$r.txt") us/step"
done
echo "medians (us/step):"
for v in after before; do for m in 0 2; do
  printf '%s mode %s: ' $v $m
  for r in $(seq 1 "$rounds"); do us "$o/$v.m$m.r$r.txt"; echo; done | sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'
done; done
