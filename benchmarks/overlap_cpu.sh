#!/usr/bin/env bash
# Host-data overlap, on and off in one run: examples/laplace2d.mlir at
# SIZE x SIZE (the size is static in the IR: resized as gpu-prepare.sh
# does), built twice from the same tree -- default pipeline (xmp-overlap-halo
# on: reflect_start, interior, wait, boundary) and overlap-halo=false --
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
src="$out/laplace2d_$size.mlir"
sed -e "s/256x192/${size}x${size}/g" \
    -e "s/%xsize = arith.constant 256/%xsize = arith.constant $size/" \
    -e "s/%ysize = arith.constant 192/%ysize = arith.constant $size/" \
    "$root/examples/laplace2d.mlir" > "$src"
"$build/bin/xmpcc" -O3 "$src" -o "$out/on"
"$build/bin/xmpcc" -O3 --pipeline="overlap-halo=false" "$src" -o "$out/off"
run() { mpirun --oversubscribe --bind-to none -np "$np" "$out/$1" "$iters" 2>/dev/null; }
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
