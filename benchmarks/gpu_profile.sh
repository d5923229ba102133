#!/usr/bin/env bash
# Per-kernel profile (Nsight Compute) of generated and hand-written
# programs on the GPU machine, after benchmarks/gpu_bench.sh built the
# baselines:  bash benchmarks/gpu_profile.sh [PROG...]
# For each of Himeno M (generated, hand-written) and Laplace 8192^2
# (generated, hand-written): a few kernels after the warm-up, with time,
# registers, grid/block, DRAM bytes and achieved bandwidth; CSV under
# $OUT/profile/ and a table (profile.md) printed at the end.
set -uo pipefail
root="$(pwd)"; b="$root/build-gpu"; p="$b/progs"
. "$root/benchmarks/sizes.sh" # bench_args: the size of each build
out="${OUT:-/tmp/xmp-gpu-bench}/profile"; mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
metrics=gpu__time_duration.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__occupancy_limit_registers
prof() { # tag skip count command...
  local tag="$1" skip="$2" count="$3"; shift 3
  ncu --csv --page raw --metrics "$metrics" --launch-skip "$skip" \
      --launch-count "$count" "$@" > "$out/$tag.csv" 2> "$out/$tag.err" ||
    echo "gpu_profile: $tag failed (see $tag.err)"
}
# Himeno: 2 kernels per iteration, generated (the reduction is folded in
# the stencil kernel) and hand-written; skip the initialization and a few
# iterations.
prof himeno_m_gen 20 4 "$p/himeno_gpu_m.gpu" 20 $(bench_args himeno_gpu_m)
prof himeno_m_base 20 4 "$p/himeno_base" M 10 5
prof laplace_gen 20 4 "$p/laplace2d_gpu_8k.gpu" 12 $(bench_args laplace2d_gpu_8k)
prof laplace_base 20 4 "$p/laplace2d_base" 8192 10
python3 - "$out" <<'PY'
import csv, glob, os, sys
out = sys.argv[1]
rows = ["| program | kernel | time us | regs | grid | block | DRAM GB/s | DRAM % peak | SM % |",
        "|---|---|---|---|---|---|---|---|---|"]
for f in sorted(glob.glob(os.path.join(out, "*.csv"))):
    tag = os.path.basename(f)[:-4]
    lines = [l for l in open(f) if l.startswith('"')]
    if len(lines) < 3:
        rows.append(f"| {tag} | (no data) | | | | | | | |")
        continue
    rd = list(csv.DictReader(lines))
    units, data = rd[0], rd[1:]
    num = lambda x: float((x or "0").replace(",", ""))
    for r in data:
        t = num(r["gpu__time_duration.sum"])
        tus = t * {"ns": 1e-3, "nsecond": 1e-3, "us": 1, "usecond": 1,
                   "ms": 1e3, "msecond": 1e3}.get(units["gpu__time_duration.sum"], 1)
        def gb(k):
            v = num(r[k])
            return v * {"byte": 1, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9,
                        "B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9}.get(units[k], 1)
        bw = (gb("dram__bytes_read.sum") + gb("dram__bytes_write.sum")) / (tus * 1e-6) / 1e9 if tus else 0
        rows.append(f"| {tag} | {r['Kernel Name'][:40]} | {tus:.1f} | {r['launch__registers_per_thread']} | "
                    f"{r['launch__grid_size']} | {r['launch__block_size']} | {bw:.0f} | "
                    f"{r['dram__throughput.avg.pct_of_peak_sustained_elapsed']} | {r['sm__throughput.avg.pct_of_peak_sustained_elapsed']} |")
t = "\n".join(rows)
print(t)
open(os.path.join(out, "profile.md"), "w").write(t + "\n")
PY
