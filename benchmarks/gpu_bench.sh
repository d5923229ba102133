#!/usr/bin/env bash
# GPU benchmarks, side by side in one run, on the lent GPU machine (after
# scripts/gpu-prepare.sh --bench here and scripts/gpu-tests.sh there, which
# builds build-gpu/ and links the carried programs):
#   bash benchmarks/gpu_bench.sh [ITERS]
# 1. Laplace 2-D 8192 x 8192 and Himeno M and L on 1 GPU: time per
#    iteration of the xmpcc --gpu build next to the hand-written CUDA
#    baseline (benchmarks/baselines/), and the memory-bandwidth floor
#    (minimum bytes per iteration / measured device copy bandwidth, printed
#    by the baselines);
# 2. reflect through TCA vs IB on 2 GPUs (reflect_bench --acc), when the
#    machine has 2 or more GPUs.
# Raw output and JSON go to $OUT (or /tmp/xmp-gpu-bench).
set -uo pipefail
root="$(pwd)"; b="$root/build-gpu"; p="$b/progs"
out="${OUT:-/tmp/xmp-gpu-bench}"; mkdir -p "$out"
iters="${1:-100}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
nvcc -O3 -arch=sm_90 -o "$p/laplace2d_base" "$root/benchmarks/baselines/laplace2d.cu" || exit 1
nvcc -O3 -arch=sm_90 -o "$p/himeno_base" "$root/benchmarks/baselines/himeno.cu" || exit 1
val() { awk -v k="$1" '$1=="XMP-RESULT" && $2==k {print $3}' "$2"; }
row() { # label generated-output baseline-output iters
  local tg tb
  tg=$(val time "$2"); tb=$(awk '/^BENCH/{sub(/^BENCH /,""); print}' "$3" |
       python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["mean_ms_per_iter"])')
  python3 - "$1" "$tg" "$4" "$tb" "$3" <<'PY'
import json, sys
label, tg, it, tb, basef = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
bench = [json.loads(l[6:]) for l in open(basef) if l.startswith("BENCH ")][0]
gen_ms = tg / it * 1e3
floor = bench.get("floor_ms_per_iter")
print(f"{label:<22} generated {gen_ms:8.3f} ms/it   baseline {tb:8.3f} ms/it (means)   "
      f"ratio {gen_ms/tb:5.2f}   floor {floor if floor is None else f'{floor:.3f}'} ms/it")
PY
}
echo "== 1 GPU: generated (xmpcc --gpu) vs hand-written CUDA, $iters iterations"
"$p/laplace2d_gpu_8k.gpu" "$iters" > "$out/laplace_gen.txt" 2>&1
"$p/laplace2d_base" 8192 "$iters" > "$out/laplace_base.txt" 2>&1
"$p/himeno_gpu_m.gpu" "$iters" > "$out/himeno_m_gen.txt" 2>&1
"$p/himeno_base" M "$iters" > "$out/himeno_m_base.txt" 2>&1
"$p/himeno_gpu_l.gpu" "$iters" > "$out/himeno_l_gen.txt" 2>&1
"$p/himeno_base" L "$iters" > "$out/himeno_l_base.txt" 2>&1
for f in laplace_gen laplace_base himeno_m_gen himeno_m_base himeno_l_gen himeno_l_base; do
  echo "-- $f"; grep -E "XMP-RESULT|BENCH|bandwidth|error" "$out/$f.txt" | head -8
done
row "laplace2d 8192^2" "$out/laplace_gen.txt" "$out/laplace_base.txt" "$iters"
row "himeno M" "$out/himeno_m_gen.txt" "$out/himeno_m_base.txt" "$iters"
row "himeno L" "$out/himeno_l_gen.txt" "$out/himeno_l_base.txt" "$iters"

ngpu=$(nvidia-smi -L | grep -c '^GPU')
if [ "$ngpu" -ge 2 ] && [ -x "$b/bin/reflect_bench" ]; then
  echo "== reflect on device data, 2 ranks / 2 GPUs: TCA vs IB"
  mpirun --bind-to none -np 2 "$b/bin/reflect_bench" "$out/reflect_acc_np2.json" 200 --acc \
    2>&1 | tee "$out/reflect_acc_np2.txt"
fi
