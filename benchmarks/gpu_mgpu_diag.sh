#!/usr/bin/env bash
# Why a generated 2-GPU run is slower than it could be: one factor at a
# time, side by side in one run, on the lent 2-GPU machine. After
# scripts/gpu-prepare.sh --bench [--variant NAME OPTS ...] here and, there,
# benchmarks/gpu_mgpu_bench.sh or scripts/gpu-tests.sh (they build the
# runtime and link build-gpu/progs/):
#   bash benchmarks/gpu_mgpu_diag.sh [ITERS] [REPS]        (default 100 3)
# For Laplace 8192^2 and Himeno M, the default build and every carried
# variant (e.g. --variant nooverlap overlap-halo=false) run on 2 ranks with
# the reflect channel tca (stream flags), tca with XMP_TCA_SYNC=mpi, and
# ib, REPS times interleaved, XMP_REFLECT_STATS=1. Prints a table: median
# ms/it (XMP-RESULT time / ITERS) and median reflect us/call per plan;
# raw logs in $OUT (default /tmp/xmp-mgpu-diag).
set -uo pipefail
root="$(pwd)"; b="$root/build-gpu"; p="$b/progs"; carry="$root/.gpu-carry"
. "$root/benchmarks/sizes.sh"
out="${OUT:-/tmp/xmp-mgpu-diag}"; raw="$out/raw"; mkdir -p "$raw"
iters="${1:-100}"; reps="${2:-3}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset XMP_REFLECT_CHANNEL XMP_TCA_SYNC XMP_REFLECT_STATS
[ -x "$p/laplace2d_gpu_8k.gpu" ] || { echo "gpu_mgpu_diag: no $p (run gpu_mgpu_bench.sh first)" >&2; exit 2; }
builds=(default)
for d in "$carry"/variants/*/; do
  [ -d "$d" ] || continue
  v="$(basename "$d")"; builds+=("$v"); mkdir -p "$b/progs-$v"
  for o in "$d"*.o; do
    mpicc "$o" -o "$b/progs-$v/$(basename "${o%.o}")" -L"$b/lib" -lxmprt \
      -Wl,-rpath,"$b/lib" -lstdc++ -lm || exit 1
  done
done
for r in $(seq 1 "$reps"); do
  for prog in ${MGPU_DIAG_PROGS:-laplace2d_gpu_8k himeno_gpu_m}; do
    for v in "${builds[@]}"; do
      d="$p"; [ "$v" = default ] || d="$b/progs-$v"
      for cfg in tca tca-mpi ib; do
        env=(-x XMP_REFLECT_STATS=1 -x XMP_REFLECT_CHANNEL="${cfg%-mpi}")
        [ "$cfg" = tca-mpi ] && env+=(-x XMP_TCA_SYNC=mpi)
        timeout 300 mpirun --bind-to none "${env[@]}" -np 2 "$d/$prog.gpu" "$iters" \
          $(bench_args "$prog") > "$raw/${prog}_${v}_${cfg}_$r.txt" 2>&1 \
          || echo "gpu_mgpu_diag: ${prog}_${v}_${cfg}_$r failed" >> "$raw/${prog}_${v}_${cfg}_$r.txt"
      done
    done
  done
done
python3 - "$raw" "$iters" "$out" "${builds[@]}" <<'PY'
import glob, os, re, statistics, sys
raw, iters, out, builds = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
rows = ["| program | build | channel | median ms/it | runs | reflect us/call (median, per plan) |",
        "|---|---|---|---|---|---|"]
for prog in os.environ.get("MGPU_DIAG_PROGS", "laplace2d_gpu_8k himeno_gpu_m").split():
    for v in builds:
        for cfg in ["tca", "tca-mpi", "ib"]:
            ms, calls = [], {}
            for f in sorted(glob.glob(os.path.join(raw, f"{prog}_{v}_{cfg}_*.txt"))):
                t = open(f).read()
                m = re.search(r"^XMP-RESULT time (\S+)", t, re.M)
                if m:
                    ms.append(float(m.group(1)) * 1e3 / iters)
                for pl, us in re.findall(r"plan (\d+) .*? (\S+) us/call", t):
                    calls.setdefault(pl, []).append(float(us))
            us = ", ".join(f"{k}: {statistics.median(x):.1f}" for k, x in sorted(calls.items()))
            rows.append(f"| {prog} | {v} | {cfg} | "
                        f"{statistics.median(ms):.3f} | {len(ms)} | {us or '-'} |"
                        if ms else f"| {prog} | {v} | {cfg} | - | 0 | - |")
open(os.path.join(out, "diag.md"), "w").write("\n".join(rows) + "\n")
print("\n".join(rows))
PY
