#!/usr/bin/env bash
# Himeno on the CPU path: pipeline compile time, then MFLOPS of the xmpcc
# build on 1, 2 and 4 ranks next to the sequential reference built with
# clang -O3, side by side in one run. Raw results go to
# benchmarks/results/himeno_cpu_<size>_<date>.json.
#   benchmarks/himeno_cpu.sh [xs|s|m] [ITERATIONS] [REPEATS]
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
clang-22 -O3 -march=native -ffp-contract=off $cdef "$root/examples/himeno_ref.c" -o "$work/ref" -lm
pipeline_s=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b-a}')
echo "pipeline (xmp-opt --xmp-lower-to-llvm) on Himeno $size: $pipeline_s s"
mflops() { grep "XMP-RESULT mflops" | awk '{print $3}'; }
declare -A best
run() { # name cmd...
  local name="$1"; shift; local vals=()
  for r in $(seq "$reps"); do vals+=("$("$@" | mflops)"); done
  best[$name]=$(printf '%s\n' "${vals[@]}" | sort -g | tail -1)
  printf '%-22s %s   (runs: %s)\n' "$name" "${best[$name]}" "${vals[*]}"
}
echo "MFLOPS (best of $reps, $iters iterations):"
run "reference clang -O3" "$work/ref" "$iters"
for np in 1 2 4; do
  run "xmpcc np=$np" mpirun --oversubscribe --bind-to none -np "$np" "$work/himeno" "$iters" "${dims[@]}"
done
mkdir -p "$root/benchmarks/results"
out="$root/benchmarks/results/himeno_cpu_${size}_$(date -u +%Y%m%dT%H%M%SZ).json"
cat > "$out" <<JSON
{"benchmark": "himeno_cpu", "size": "$size", "iterations": $iters, "repeats": $reps,
 "machine": "$(uname -n) $(nproc) cores", "commit": "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)",
 "pipeline_seconds": $pipeline_s,
 "mflops": {"reference_clang_O3": ${best["reference clang -O3"]}, "np1": ${best["xmpcc np=1"]}, "np2": ${best["xmpcc np=2"]}, "np4": ${best["xmpcc np=4"]}}}
JSON
echo "raw results: $out"
