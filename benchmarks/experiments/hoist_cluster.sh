#!/usr/bin/env bash
# Experiment (issue 17 / 14): does xmp-kernel-hoist-loads' `cluster`
# option (read-only loads moved above the floating-point arithmetic before
# them) close the gap of Himeno's C stencil kernel, whose body interleaves
# loads with arithmetic in the C expression's order, where
# himeno_gpu.mlir's issues its loads first (himeno_c_vs_mlir.sh)? The
# stencil kernel's time under ncu (6 kernels after 30 launches, 40
# iterations) of the C builds of Himeno M and L without and with the
# option and of himeno_gpu.mlir (L: also with it). The _cl objects
# (`xmpcc --pipeline=hoist-loads-cluster=true`) come from
# gpu-prepare.sh --bench. On the GPU machine: `bash scripts/gpu-session.sh
# experiment:hoist_cluster`.
set -uo pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
root="$(pwd)"; b="$root/build-gpu"; o="${OUT:-/tmp}/hoist_cluster"; mkdir -p "$o"
. "$root/benchmarks/gpu_runtime.sh"
need_runtime "$b" "$o" || exit 1
progs="himeno_c_m himeno_c_m_cl himeno_gpu_m himeno_c_l himeno_c_l_cl himeno_gpu_l himeno_gpu_l_cl"
for n in $progs; do
  link_carried "$n" "$o/$n" "$b" || exit 1
done
for n in $progs; do
  case $n in himeno_gpu_m*) args="129 129 257" ;; himeno_gpu_l*) args="257 257 513" ;; *) args="" ;; esac
  ncu --csv --page raw --metrics gpu__time_duration.sum,launch__registers_per_thread --launch-skip 30 \
    --launch-count 6 "$o/$n" 40 $args > "$o/$n.csv" 2> "$o/$n.err"
  grep -h "XMP-RESULT gosa" "$o/$n.err" "$o/$n.csv" 2>/dev/null | head -1 | sed "s/^/$n /"
done
python3 - "$o" $progs <<'PY'
import csv, statistics, sys
o, progs = sys.argv[1], sys.argv[2:]
print("| program | stencil kernel us (median of the measured) | registers | all |")
print("|---|---|---|---|")
for n in progs:
    lines = [l for l in open(f"{o}/{n}.csv", errors="replace") if l.startswith('"')]
    if len(lines) < 3:
        print(f"| {n} | (no data) | | |"); continue
    rd = list(csv.DictReader(lines)); units, data = rd[0], rd[1:]
    sc = {"ns": 1e-3, "nsecond": 1e-3, "us": 1, "usecond": 1, "ms": 1e3, "msecond": 1e3}.get(units["gpu__time_duration.sum"], 1)
    k = [r for r in data if "loop0" in r["Kernel Name"]]
    t = [float(r["gpu__time_duration.sum"].replace(",", "")) * sc for r in k]
    print(f"| {n} | {statistics.median(t):.1f} | {k[0]['launch__registers_per_thread']} | {' '.join(f'{x:.0f}' for x in t)} |")
PY
tar czf "${OUT:-/tmp}/hoist_cluster.tgz" -C "$o" . && rm -rf "$o"
