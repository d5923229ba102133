#!/usr/bin/env bash
# Himeno on the CPU path: pipeline compile time, then MFLOPS of the xmpcc
# build on 1, 2 and 4 ranks next to the sequential reference built with
# clang -O3, side by side in one run. The reference is himeno_ref.c with
# -DHIMENO_STATIC: static arrays of compile-time size as in himenoBMTxps.c,
# the form a hand-tuned program has (the heap build with run-time sizes is
# about 13% slower, which would flatter the comparison). The programs run
# in interleaved rounds (ref, np1, np2, np4, ref, ...) so that drifts of the
# machine hit all alike; best and median of the rounds are reported. Raw
# results go to benchmarks/results/himeno_cpu_<size>_<date>.json.
#   benchmarks/himeno_cpu.sh [xs|s|m] [ITERATIONS] [ROUNDS]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${XMP_BUILD_DIR:-$root/build}"
size="${1:-s}"; iters="${2:-60}"; reps="${3:-3}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
case "$size" in # each build is compiled for its size (xmpcc --specialize)
  xs) dims=(33 33 65); cdef="" ;;
  s) dims=(65 65 129); cdef="-DSMALL" ;;
  m) dims=(129 129 257); cdef="-DMIDDLE" ;;
  *) echo "size must be xs, s or m" >&2; exit 2 ;;
esac
"$build/bin/xmp-opt" --xmp-specialize-shapes="shapes=t=$(IFS=x; echo "${dims[*]}")" \
  "$root/examples/himeno.mlir" -o "$work/h.mlir"
t0=$(date +%s.%N)
"$build/bin/xmp-opt" --xmp-lower-to-llvm "$work/h.mlir" -o "$work/h.llvm.mlir"
t1=$(date +%s.%N)
"$build/bin/xmpcc" -O3 "$work/h.mlir" -o "$work/himeno"
clang-22 -O3 -march=native -ffp-contract=off $cdef -DHIMENO_STATIC "$root/examples/himeno_ref.c" -o "$work/ref" -lm
pipeline_s=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b-a}')
echo "pipeline (xmp-opt --xmp-lower-to-llvm) on Himeno $size: $pipeline_s s"
mflops() { grep "XMP-RESULT mflops" | awk '{print $3}'; }
names=("reference clang -O3" "xmpcc np=1" "xmpcc np=2" "xmpcc np=4")
keys=(reference_clang_O3 np1 np2 np4)
declare -A runs
echo "MFLOPS ($reps interleaved rounds, $iters iterations):"
for r in $(seq "$reps"); do
  runs[0]+=" $("$work/ref" "$iters" | mflops)"
  i=1
  for np in 1 2 4; do
    runs[$i]+=" $(mpirun --oversubscribe --bind-to none -np "$np" "$work/himeno" "$iters" "${dims[@]}" | mflops)"
    i=$((i + 1))
  done
done
mkdir -p "$root/benchmarks/results"
out="$root/benchmarks/results/himeno_cpu_${size}_$(date -u +%Y%m%dT%H%M%SZ).json"
python3 - "$out" "$size" "$iters" "$reps" "$(uname -n) $(nproc) cores" \
  "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)" "$pipeline_s" \
  "${names[@]}" "${keys[@]}" "${runs[0]}" "${runs[1]}" "${runs[2]}" "${runs[3]}" <<'EOF'
import json, statistics, sys
out, size, iters, reps, machine, commit, pipeline = sys.argv[1:8]
names, keys, runs = sys.argv[8:12], sys.argv[12:16], [[float(v) for v in r.split()] for r in sys.argv[16:20]]
best = {k: max(r) for k, r in zip(keys, runs)}
med = {k: statistics.median(r) for k, r in zip(keys, runs)}
for n, k, r in zip(names, keys, runs):
    print(f"{n:22s} best {best[k]:9.1f}  median {med[k]:9.1f}   (runs: {' '.join(f'{v:.1f}' for v in r)})")
ref = keys[0]
print(f"np=1 / reference: best {best['np1'] / best[ref]:.3f}, median {med['np1'] / med[ref]:.3f}")
json.dump({"benchmark": "himeno_cpu", "size": size, "iterations": int(iters), "rounds": int(reps),
           "reference": "himeno_ref.c -DHIMENO_STATIC, clang-22 -O3 -march=native -ffp-contract=off",
           "machine": machine, "commit": commit, "pipeline_seconds": float(pipeline),
           "mflops": best, "median_mflops": med, "runs": dict(zip(keys, runs))},
          open(out, "w"), indent=1)
print("raw results:", out)
EOF
