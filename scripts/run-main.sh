#!/usr/bin/env bash
# The main job: set up, build, compile the Himeno benchmark (seed listing
# A.2) with xmpcc, run it on 4 MPI ranks on the CPU and check it against the
# sequential reference compiled with clang -O3.
#   scripts/run-main.sh [ITERATIONS] [RANKS]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
iters="${1:-40}"; ranks="${2:-4}"
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh"
build="${XMP_BUILD_DIR:-$root/build}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
echo "[main] compiling examples/himeno.mlir with xmpcc"
"$build/bin/xmpcc" --time "$root/examples/himeno.mlir" -o "$work/himeno"
clang-22 -O3 -ffp-contract=off "$root/examples/himeno_ref.c" -o "$work/himeno_ref" -lm
echo "[main] sequential reference (clang -O3), $iters iterations"
"$work/himeno_ref" "$iters" | tee "$work/ref.out"
echo "[main] xmp-mlir build on $ranks MPI ranks, $iters iterations"
mpirun --oversubscribe --bind-to none -np "$ranks" "$work/himeno" "$iters" | tee "$work/xmp.out"
python3 "$root/test/Integration/compare.py" "$work/ref.out" "$work/xmp.out" gosa=1e-3
echo "[main] VERIFIED: Himeno on $ranks ranks matches the sequential reference"
