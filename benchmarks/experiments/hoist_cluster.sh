#!/usr/bin/env bash
# Experiment (issues 17 / 14): xmp-kernel-hoist-loads' `cluster` option
# (read-only loads moved above the floating-point arithmetic before them;
# pipeline option hoist-loads-cluster, on by default since session 37)
# against the same programs built without it (the _nocl objects of
# `gpu-prepare.sh --bench`). Every kernel's time under ncu (launches 30 to
# 59 of a 40-step run), median per kernel name, with the registers; and the
# results of both builds, which must be the same (the option moves
# operations, it changes no value). Himeno's C stencil body interleaves
# loads with arithmetic in the C expression's order where himeno_gpu.mlir
# issues its loads first (himeno_c_vs_mlir.sh): with the option the C
# kernel should take the .mlir one's time. On the GPU machine:
# `bash scripts/gpu-session.sh experiment:hoist_cluster`.
set -uo pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
root="$(pwd)"; b="$root/build-gpu"; o="${OUT:-/tmp}/hoist_cluster"; mkdir -p "$o"
. "$root/benchmarks/gpu_runtime.sh"
. "$root/benchmarks/sizes.sh"
need_runtime "$b" "$o" || exit 1
# program:arguments after the step count (a comma for a space)
cases="himeno_c_m: himeno_gpu_m:129,129,257 himeno_c_l: himeno_gpu_l:257,257,513 nbody_c_4k:0 nbody_4k:0,4096 laplace2d_gpu_8k:8192,8192 matmul_dev_1k:0,1024"
for c in $cases; do
  n="${c%%:*}"; args="${c#*:}"; args="${args//,/ }"
  for v in "$n" "${n}_nocl"; do
    [ -f "$root/.gpu-carry/obj/$v.gpu.o" ] || { echo "hoist_cluster: $v.gpu.o not carried, skipped"; continue; }
    link_carried "$v" "$o/$v" "$b" || exit 1
    ncu --csv --page raw --metrics gpu__time_duration.sum,launch__registers_per_thread --launch-skip 30 \
      --launch-count 30 "$o/$v" 40 $args > "$o/$v.csv" 2> "$o/$v.err"
    "$o/$v" 40 $args > "$o/$v.out" 2>&1
    grep -h "XMP-RESULT" "$o/$v.out" | grep -v -E "XMP-RESULT (time|mflops|seconds)" | sort | md5sum | sed "s/ .*//; s/^/$v results /"
  done
done
python3 - "$o" $cases <<'PY'
import csv, statistics, sys, os
o, cases = sys.argv[1], [c.split(":")[0] for c in sys.argv[2:]]
def kernels(v):
    f = f"{o}/{v}.csv"
    if not os.path.exists(f): return None
    lines = [l for l in open(f, errors="replace") if l.startswith('"')]
    if len(lines) < 3: return None
    rd = list(csv.DictReader(lines)); units, data = rd[0], rd[1:]
    sc = {"ns": 1e-3, "nsecond": 1e-3, "us": 1, "usecond": 1, "ms": 1e3, "msecond": 1e3}.get(units["gpu__time_duration.sum"], 1)
    k = {}
    for r in data:
        k.setdefault(r["Kernel Name"], []).append((float(r["gpu__time_duration.sum"].replace(",", "")) * sc, r["launch__registers_per_thread"]))
    return k
print("| program | kernel | cluster (default) us | without us | ratio | registers with / without | launches |")
print("|---|---|---|---|---|---|---|")
for n in cases:
    a, b = kernels(n), kernels(n + "_nocl")
    if a is None or b is None:
        print(f"| {n} | (no data) | | | | | |"); continue
    for name in a:
        if name not in b or "loop" not in name: continue
        ta = statistics.median(t for t, _ in a[name]); tb = statistics.median(t for t, _ in b[name])
        print(f"| {n} | {name} | {ta:.1f} | {tb:.1f} | {ta / tb:.3f} | {a[name][0][1]} / {b[name][0][1]} | {len(a[name])} |")
PY
tar czf "${OUT:-/tmp}/hoist_cluster.tgz" -C "$o" . && rm -rf "$o"
