#!/usr/bin/env bash
# Experiment (issue 17 / 14): does the placement of the darrays' device
# blocks explain Himeno's C build being 8-13% slower per stencil kernel
# than himeno_gpu.mlir with the same SASS, grid and DRAM bytes
# (himeno_c_vs_mlir.sh)? The runtime of .gpu-carry/before/src.tar.gz
# (scripts/gpu-before.sh) is a variant (made by applying dev_colour.patch
# to a clean tree and packing it there: `git archive HEAD | tar x -C DIR;
# patch -d DIR -p1 < dev_colour.patch; tar czf .gpu-carry/before/src.tar.gz
# -C DIR .`) whose deviceAlloc, under
# XMPRT_EXP_DEV_COLOUR=STRIDE, offsets each block of 1 MiB or more by
# (k * 17 mod 64) * STRIDE bytes (k: the block's number). Runs the C and
# .mlir builds of Himeno M and L under ncu, without the variable and with
# strides 256, 4096 and 65536; prints the stencil kernel's time.
set -uo pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
root="$(pwd)"; bb="$root/build-gpu-before"; o="${OUT:-/tmp}/dev_colour"; mkdir -p "$o"
iters="${1:-40}"
[ -f "$bb/lib/libxmprt.so" ] || { echo "run the before step first"; exit 2; }
for n in himeno_c_l himeno_gpu_l himeno_c_m himeno_gpu_m; do
  mpicc "$root/.gpu-carry/obj/$n.gpu.o" -o "$o/$n" -L"$bb/lib" -lxmprt -Wl,-rpath,"$bb/lib" -lstdc++ -lm || exit 1
done
. "$root/benchmarks/sizes.sh"
# The stencil kernel's time under ncu (the C program's own time includes
# its 2 GB of acc data copies): ITERS iterations, 6 kernels after 30.
for st in none 256 4096 65536; do
  for s in m l; do
    for v in c gpu; do
      n="himeno_${v}_$s"; args=""; [ $v = gpu ] && args="$(bench_args himeno_gpu_$s)"
      ev="XMPRT_EXP_DEV_COLOUR=$st"; [ $st = none ] && ev="XMPRT_EXP_NONE=1"
      env "$ev" ncu --csv --page raw --metrics gpu__time_duration.sum --launch-skip 30 --launch-count 6 \
        "$o/$n" "$iters" $args > "$o/$n.$st.csv" 2> "$o/$n.$st.err"
    done
  done
done
python3 - "$o" <<'PY'
import csv, statistics, sys
o = sys.argv[1]
def k0(f):
    lines = [l for l in open(f, errors="replace") if l.startswith('"')]
    if len(lines) < 3: return float("nan"), []
    rd = list(csv.DictReader(lines)); units, data = rd[0], rd[1:]
    sc = {"ns": 1e-3, "nsecond": 1e-3, "us": 1, "usecond": 1, "ms": 1e3, "msecond": 1e3}.get(units["gpu__time_duration.sum"], 1)
    t = [float(r["gpu__time_duration.sum"].replace(",", "")) * sc for r in data if "loop0" in r["Kernel Name"]]
    return (statistics.median(t) if t else float("nan")), t
print("stencil kernel (loop0) us under ncu, median of the kernels measured")
print("| program | none | 256 | 4096 | 65536 |")
print("|---|---|---|---|---|")
for n in ["himeno_c_m", "himeno_gpu_m", "himeno_c_l", "himeno_gpu_l"]:
    cells = []
    for st in ["none", "256", "4096", "65536"]:
        m, t = k0(f"{o}/{n}.{st}.csv")
        cells.append(f"{m:.1f} [{' '.join(f'{x:.0f}' for x in t)}]")
    print(f"| {n} | " + " | ".join(cells) + " |")
PY
grep -h "xmprt exp" "$o"/himeno_c_l.4096.csv "$o"/himeno_c_l.4096.err 2>/dev/null | head -20
tar czf "${OUT:-/tmp}/dev_colour.tgz" -C "$o" . && rm -rf "$o"
