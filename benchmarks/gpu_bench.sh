#!/usr/bin/env bash
# GPU benchmarks, side by side in one run, on the lent GPU machine (after
# scripts/gpu-prepare.sh --bench [--before DIR] here and, there,
# scripts/gpu-tests.sh (builds build-gpu/ and links the carried programs)
# and, for a before column, scripts/gpu-before.sh):
#   bash benchmarks/gpu_bench.sh [ITERS] [REPS]
# 1. Laplace 2-D 8192 x 8192 and Himeno M and L on 1 GPU: ms per iteration
#    of the xmpcc --gpu build (and of the earlier commit's build, if
#    build-gpu/progs-before/ exists) next to the hand-written CUDA baseline
#    (benchmarks/baselines/) and the memory-bandwidth floor; every program
#    REPS times (default 3), interleaved, medians reported;
# 2. the host cost of one device loop (benchmarks/loop_overhead.mlir, modes
#    0-4) next to bare launches (baselines/launch_overhead.cu);
# 3. reflect through TCA vs IB on 2 GPUs (reflect_bench --acc), when the
#    machine has 2 or more GPUs.
# Raw outputs, the table (gpu_bench.md) and JSON (gpu_bench.json) go to
# $OUT (or /tmp/xmp-gpu-bench).
set -uo pipefail
root="$(pwd)"; b="$root/build-gpu"; p="$b/progs"; pb="$b/progs-before"
. "$root/benchmarks/sizes.sh" # bench_args: the size of each build
out="${OUT:-/tmp/xmp-gpu-bench}"; raw="$out/raw"; mkdir -p "$raw" "$p"
iters="${1:-100}"; reps="${2:-3}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for base in laplace2d himeno launch_overhead; do
  nvcc -O3 -arch=sm_90 -o "$p/${base}_base" "$root/benchmarks/baselines/$base.cu" || exit 1
done
run() { # tag command...
  local tag="$1"; shift
  "$@" > "$raw/$tag.txt" 2>&1 || echo "gpu_bench: $tag failed (rc=$?)" | tee -a "$raw/$tag.txt"
}
echo "== 1 GPU: generated (xmpcc --gpu) vs hand-written CUDA, $iters iterations, $reps runs each"
for r in $(seq 1 "$reps"); do
  for c in "laplace:laplace2d_gpu_8k:8192" "himeno_m:himeno_gpu_m:M" "himeno_l:himeno_gpu_l:L"; do
    IFS=: read -r name prog size <<< "$c"
    run "${name}_gen_$r" "$p/$prog.gpu" "$iters" $(bench_args $prog)
    [ -x "$pb/$prog.gpu" ] && run "${name}_before_$r" "$pb/$prog.gpu" "$iters" $(bench_args $prog)
    run "${name}_base_$r" "$p/${name%%_*}$( [ "$name" = laplace ] && echo 2d)_base" "$size" "$iters"
  done
done
echo "== host cost of one device loop (20000 steps), $reps runs each"
for r in $(seq 1 "$reps"); do
  for m in 0 1 2 3 4; do
    run "overhead_m${m}_$r" "$p/loop_overhead.gpu" 20000 "$m" 0
  done
  # the same steps with their GPU events recorded although nobody reads
  # them (what every GPU-only step cost before XMP_STEP_TIMING=auto)
  for m in 0 1; do
    run "overhead_m${m}always_$r" env XMP_STEP_TIMING=always \
      "$p/loop_overhead.gpu" 20000 "$m" 0
  done
  run "overhead_m1w500_$r" "$p/loop_overhead.gpu" 20000 1 500
  run "overhead_base_$r" "$p/launch_overhead_base" 20000
done
python3 "$root/benchmarks/gpu_bench_report.py" "$raw" "$iters" "$reps" "$out"

ngpu=$(nvidia-smi -L | grep -c '^GPU')
if [ "$ngpu" -ge 2 ] && [ -x "$b/bin/reflect_bench" ]; then
  echo "== reflect on device data, 2 ranks / 2 GPUs: TCA vs IB"
  mpirun --bind-to none -np 2 "$b/bin/reflect_bench" "$out/reflect_acc_np2.json" 200 --acc \
    2>&1 | tee "$out/reflect_acc_np2.txt"
fi
