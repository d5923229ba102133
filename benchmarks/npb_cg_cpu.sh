#!/usr/bin/env bash
# NPB CG on the CPU path, side by side in one run: examples/npb_cg.mlir
# built with xmpcc, the hand-written MPI version
# (benchmarks/baselines/npb_cg_mpi.c, NPB-MPI's decomposition) and the
# sequential reference (examples/npb_cg_ref.c, one rank only), for each
# class and rank count, in interleaved rounds (xmp, mpi, ref, xmp, ...) so
# that drifts of the machine hit all alike. Every run must print
# `XMP-RESULT verified 1`; the time is the program's own `XMP-RESULT time`
# (the timed niter loop, as NPB reports it).
#   bash benchmarks/npb_cg_cpu.sh [CLASSES] [RANKS] [ROUNDS]
#   (defaults: "S W A", "1 2 4", 3)
# Where xmpcc is built ($XMP_BUILD_DIR or build/), everything is compiled
# here. On a machine without MLIR (the GPU machine, whose host has 16 quiet
# cores: the development VM's 2 cores cannot time 2 or 4 ranks), the object
# that `scripts/gpu-prepare.sh --npb-cg` compiled (.gpu-carry/npb_cg/) is
# linked against a CPU-only libxmprt built here. Raw values and the table
# go to $OUT (default /tmp/npb-cg-cpu): npb_cg_cpu.txt, .json, .md.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
classes="${1:-S W A}"; ranks="${2:-1 2 4}"; rounds="${3:-3}"
out="${OUT:-/tmp/npb-cg-cpu}"; mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
build="${XMP_BUILD_DIR:-$root/build}"
work="$out/bin"; mkdir -p "$work"
carried="$root/.gpu-carry/npb_cg"
if [ -x "$build/bin/xmpcc" ]; then
  "$build/bin/xmpcc" -O3 "$root/examples/npb_cg.mlir" -o "$work/npb_cg" ||
    { echo "npb_cg_cpu: xmpcc failed" >&2; exit 1; }
elif [ -f "$carried/npb_cg.o" ]; then
  b="$root/build-cpu"
  cmake -S "$root" -B "$b" -G Ninja -DXMP_BUILD_COMPILER=OFF -DXMP_BUILD_TESTS=OFF \
    -DXMP_ENABLE_CUDA=OFF -DCMAKE_BUILD_TYPE=Release > "$out/cmake.log" 2>&1 &&
    ninja -C "$b" xmprt > "$out/build.log" 2>&1 ||
    { tail -20 "$out/cmake.log" "$out/build.log"; exit 1; }
  mpicc "$carried/npb_cg.o" -o "$work/npb_cg" -L"$b/lib" -lxmprt \
    -Wl,-rpath,"$b/lib" -lstdc++ -lm || { echo "npb_cg_cpu: link failed" >&2; exit 1; }
else
  echo "npb_cg_cpu: no xmpcc in $build and no $carried/npb_cg.o" >&2; exit 2
fi
# The baselines as a strong HPC programmer builds them.
mpicc -O3 -march=native "$root/benchmarks/baselines/npb_cg_mpi.c" -o "$work/npb_cg_mpi" -lm ||
  { echo "npb_cg_cpu: mpicc failed" >&2; exit 1; }
cc=clang-22; command -v $cc > /dev/null || cc=cc
$cc -O3 -march=native -ffp-contract=off "$root/examples/npb_cg_ref.c" -o "$work/npb_cg_ref" -lm ||
  { echo "npb_cg_cpu: reference build failed" >&2; exit 1; }

cpu="$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
. "$root/benchmarks/npb_cg_common.sh"
raw="$out/npb_cg_cpu.txt"; : > "$raw"
echo "# machine: $cpu, $(nproc) cores; classes $classes; ranks $ranks; $rounds rounds" | tee -a "$raw"
echo "# round class ranks program time verified zeta" >> "$raw"
run1() { npb_run1 "$@"; } # benchmarks/npb_cg_common.sh
mpi() { # one core per rank where there are enough
  local bind=core; [ "$1" -gt "$(nproc)" ] && bind=none
  mpirun --oversubscribe --bind-to $bind -np "$@"
}
for r in $(seq "$rounds"); do
  for c in $classes; do
    for np in $ranks; do
      run1 "$r" "$c" "$np" xmp mpi "$np" "$work/npb_cg" "$c"
      run1 "$r" "$c" "$np" mpi mpi "$np" "$work/npb_cg_mpi" "$c"
      [ "$np" = 1 ] && run1 "$r" "$c" 1 ref "$work/npb_cg_ref" "$c"
    done
  done
done
python3 - "$raw" "$out/npb_cg_cpu.json" "$out/npb_cg_cpu.md" "$root/benchmarks" <<'EOF'
import statistics, sys
sys.path.insert(0, sys.argv[4])
import npb_cg_raw
header, runs, _, bad = npb_cg_raw.load(sys.argv[1])
rows, md = [], [header, "",
    "| class | ranks | xmp best s | mpi best s | ref best s | xmp / mpi (time) | xmp median | mpi median |",
    "|---|---|---|---|---|---|---|---|"]
for (c, np) in sorted({(c, np) for c, np, _ in runs}, key=lambda k: ("SWABC".index(k[0]), k[1])):
    get = lambda n: runs.get((c, np, n), [])
    x, m, f = get("xmp"), get("mpi"), get("ref")
    best = lambda v: min(v) if v else float("nan")
    med = lambda v: statistics.median(v) if v else float("nan")
    rows.append({"class": c, "ranks": np, "xmp": x, "mpi": m, "ref": f})
    md.append(f"| {c} | {np} | {best(x):.4f} | {best(m):.4f} | "
              f"{best(f):.4f} | {best(x) / best(m):.3f} | {med(x):.4f} | {med(m):.4f} |")
npb_cg_raw.report(header, md, rows, bad, sys.argv[2], sys.argv[3])
EOF
