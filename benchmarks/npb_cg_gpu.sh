#!/usr/bin/env bash
# NPB CG on GPUs next to the CPU baselines, in one run on the GPU machine:
#   xmp-gpu      examples/npb_cg_gpu.mlir built with xmpcc --gpu (the
#                matrix as SELL-32), one rank per GPU, on G GPUs;
#   xmp-gpu-csr  the same binary with slice height 1 (plain CSR, a thread
#                per row), to see what the layout is worth;
#   mpi          the hand-written MPI version on the host's cores
#                (benchmarks/baselines/npb_cg_mpi.c, NPB-MPI's
#                decomposition; the largest power of two <= the cores);
#   xmp-cpu      examples/npb_cg.mlir (CPU path) on as many ranks, when
#                `scripts/gpu-prepare.sh --npb-cg` carried its object;
# for each class, in interleaved rounds so that drifts of the machine hit
# all alike. Every run must print `XMP-RESULT verified 1`; the time is the
# program's own `XMP-RESULT time` (the timed niter loop, as NPB reports it).
#   bash benchmarks/npb_cg_gpu.sh [CLASSES] [GPUS] [ROUNDS]
#   (defaults: "S W A B", "1" (e.g. "1 2"), 3)
# The GPU program: compiled here when xmpcc is built ($XMP_BUILD_DIR or
# build/), else the object scripts/gpu-prepare.sh compiled
# (.gpu-carry/obj/npb_cg_gpu.gpu.o), linked against the CUDA libxmprt of
# build-gpu/ (scripts/gpu-tests.sh builds it), else of build-gpu-bench/
# (built here).
# Raw values and the table go to $OUT (default /tmp/npb-cg-gpu):
# npb_cg_gpu.txt, .json, .md.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
classes="${1:-S W A B}"; gpus="${2:-1}"; rounds="${3:-3}"
out="${OUT:-/tmp/npb-cg-gpu}"; mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
build="${XMP_BUILD_DIR:-$root/build}"
bg="$root/build-gpu"
work="$out/bin"; mkdir -p "$work"
carry="$root/.gpu-carry"
if [ -x "$build/bin/xmpcc" ]; then
  "$build/bin/xmpcc" -O3 --gpu "$root/examples/npb_cg_gpu.mlir" -o "$work/npb_cg_gpu" ||
    { echo "npb_cg_gpu: xmpcc failed" >&2; exit 1; }
  "$build/bin/xmpcc" -O3 "$root/examples/npb_cg.mlir" -o "$work/npb_cg" ||
    { echo "npb_cg_gpu: xmpcc (CPU path) failed" >&2; exit 1; }
elif [ -f "$carry/obj/npb_cg_gpu.gpu.o" ]; then
  if [ ! -f "$bg/lib/libxmprt.so" ]; then
    bg="$root/build-gpu-bench" # not build-gpu: gpu-tests.sh wants its tests there
    cmake -S "$root" -B "$bg" -G Ninja -DXMP_BUILD_COMPILER=OFF -DXMP_BUILD_TESTS=OFF \
      -DXMP_ENABLE_CUDA=ON -DCMAKE_BUILD_TYPE=Release > "$out/cmake.log" 2>&1 &&
      ninja -C "$bg" xmprt > "$out/build.log" 2>&1 ||
      { tail -20 "$out/cmake.log" "$out/build.log"; exit 1; }
  fi
  link() { mpicc "$1" -o "$2" -L"$bg/lib" -lxmprt -Wl,-rpath,"$bg/lib" -lstdc++ -lm; }
  link "$carry/obj/npb_cg_gpu.gpu.o" "$work/npb_cg_gpu" ||
    { echo "npb_cg_gpu: link failed" >&2; exit 1; }
  if [ -f "$carry/npb_cg/npb_cg.o" ]; then
    link "$carry/npb_cg/npb_cg.o" "$work/npb_cg" || { echo "npb_cg_gpu: link failed" >&2; exit 1; }
  fi
else
  echo "npb_cg_gpu: no xmpcc in $build and no $carry/obj/npb_cg_gpu.gpu.o" >&2; exit 2
fi
mpicc -O3 -march=native "$root/benchmarks/baselines/npb_cg_mpi.c" -o "$work/npb_cg_mpi" -lm ||
  { echo "npb_cg_gpu: mpicc failed" >&2; exit 1; }

ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
cores=$(nproc); P=1; while [ $((P * 2)) -le "$cores" ]; do P=$((P * 2)); done
cpu="$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
gname="$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
. "$root/benchmarks/npb_cg_common.sh"
raw="$out/npb_cg_gpu.txt"; : > "$raw"
echo "# machine: ${ngpu} x ${gname:-no GPU}; $cpu, $cores cores (CPU baselines on $P ranks); classes $classes; GPUs $gpus; $rounds rounds" | tee -a "$raw"
echo "# round class ranks program time verified zeta" >> "$raw"
run1() { npb_run1 "$@"; } # benchmarks/npb_cg_common.sh
cpu_mpi() { mpirun --bind-to core -np "$@"; }
gpu_mpi() { mpirun --bind-to none -np "$@"; }
for r in $(seq "$rounds"); do
  for c in $classes; do
    for g in $gpus; do
      if [ "$g" -gt "$ngpu" ]; then
        [ "$r" = 1 ] && echo "# $g GPUs asked, $ngpu present: skipped" | tee -a "$raw"
        continue
      fi
      run1 "$r" "$c" "$g" xmp-gpu gpu_mpi "$g" "$work/npb_cg_gpu" "$c" 32
      run1 "$r" "$c" "$g" xmp-gpu-csr gpu_mpi "$g" "$work/npb_cg_gpu" "$c" 1
    done
    run1 "$r" "$c" "$P" mpi cpu_mpi "$P" "$work/npb_cg_mpi" "$c"
    [ -x "$work/npb_cg" ] && run1 "$r" "$c" "$P" xmp-cpu cpu_mpi "$P" "$work/npb_cg" "$c"
  done
done
python3 - "$raw" "$out/npb_cg_gpu.json" "$out/npb_cg_gpu.md" "$root/benchmarks" <<'EOF'
import statistics, sys
sys.path.insert(0, sys.argv[4])
import npb_cg_raw
header, runs, zetas, bad = npb_cg_raw.load(sys.argv[1])
order = ["xmp-gpu", "xmp-gpu-csr", "mpi", "xmp-cpu"]
# NPB's operation count (the MPI baseline prints no mflops):
# 2 niter na (3 + nz (nz + 1) + 25 (5 + nz (nz + 1)) + 3)
params = {"S": (1400, 7, 15), "W": (7000, 8, 15), "A": (14000, 11, 15),
          "B": (75000, 13, 75), "C": (150000, 15, 75)}
def mops(c, t):
    na, nz, it = params[c]
    return 2 * it * na * (3 + nz * (nz + 1) + 25 * (5 + nz * (nz + 1)) + 3) / t / 1e6
md = [header, "",
      "| class | program | ranks | best s | median s | best Mop/s | speed-up over mpi (best) | zeta |",
      "|---|---|---|---|---|---|---|---|"]
rows = []
for key in sorted(runs, key=lambda k: ("SWABC".index(k[0]), order.index(k[2]), k[1])):
    c, np, name = key
    ts = runs[key]
    mpi = [min(v) for k, v in runs.items() if k[0] == c and k[2] == "mpi"]
    speedup = f"{mpi[0] / min(ts):.2f}x" if mpi else "-"
    rows.append({"class": c, "program": name, "ranks": np, "times": ts, "zeta": zetas[key]})
    md.append(f"| {c} | {name} | {np} | {min(ts):.4f} | {statistics.median(ts):.4f} | "
              f"{mops(c, min(ts)):.0f} | {speedup} | {zetas[key]} |")
npb_cg_raw.report(header, md, rows, bad, sys.argv[2], sys.argv[3])
EOF
