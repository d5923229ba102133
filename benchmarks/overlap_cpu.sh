#!/usr/bin/env bash
# Host-data overlap, on and off in one run: examples/laplace2d.mlir at
# SIZE x SIZE (compiled for that size: xmpcc --specialize), built twice
# from the same tree -- default pipeline (xmp-overlap-halo on:
# reflect_start, interior, wait, boundary) and overlap-halo=false --
# and run interleaved on NP ranks for ROUNDS rounds. Prints the seconds of
# the timed loop (the program's `time` result) per round and the medians,
# and checks that both builds print the same checksum.
#   bash benchmarks/overlap_cpu.sh [SIZE] [ITERS] [NP] [ROUNDS]   (2048 100 4 5)
# Raw output in $OUT (default /tmp/xmp-overlap-cpu).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${XMP_BUILD_DIR:-$root/build}"
size="${1:-2048}"; iters="${2:-100}"; np="${3:-4}"; rounds="${4:-5}"
out="${OUT:-/tmp/xmp-overlap-cpu}"; mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# the example compiled for SIZE x SIZE (xmpcc --specialize), run with it
spec="--specialize=t=${size}x${size}"
"$build/bin/xmpcc" -O3 "$spec" "$root/examples/laplace2d.mlir" -o "$out/on"
"$build/bin/xmpcc" -O3 "$spec" --pipeline="overlap-halo=false" "$root/examples/laplace2d.mlir" -o "$out/off"
run() { mpirun --oversubscribe --bind-to none -np "$np" "$out/$1" "$iters" "$size" "$size" 2>/dev/null; }
: > "$out/raw.txt"
for r in $(seq 1 "$rounds"); do
  for v in on off; do
    res=$(run "$v")
    t=$(sed -n 's/^XMP-RESULT time //p' <<< "$res")
    c=$(sed -n 's/^XMP-RESULT checksum //p' <<< "$res")
    echo "$r $v $t $c" | tee -a "$out/raw.txt"
  done
done
python3 - "$out/raw.txt" "$size" "$iters" "$np" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
sums = {r[3] for r in rows}
print(f"\nLaplace {sys.argv[2]}^2, {sys.argv[3]} iterations, {sys.argv[4]} ranks "
      f"(checksums {'equal' if len(sums) == 1 else 'DIFFER: ' + str(sums)})")
print("| build | median s | min s | max s |\n|---|---|---|---|")
for v in ("on", "off"):
    t = [float(r[2]) for r in rows if r[1] == v]
    print(f"| overlap-halo={'true' if v == 'on' else 'false'} | "
          f"{statistics.median(t):.4f} | {min(t):.4f} | {max(t):.4f} |")
PY
