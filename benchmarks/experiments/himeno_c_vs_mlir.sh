#!/usr/bin/env bash
# Experiment (issue 17's "performance equal to the .mlir versions"): why is
# Himeno's C build (examples/himeno.c, listing A.2) 4-6% slower per
# iteration than himeno_gpu.mlir on one GPU when their stencil kernels have
# the same PTX? Per program (L and M): ncu per kernel (time, registers,
# grid, block, DRAM bytes) of a few iterations after the warm-up, and an
# XMP_GPU_TIMELINE run (GPU time and the idle gap before each kernel, the
# host's waits). On the GPU machine after gpu-prepare.sh --bench (links
# what it needs).
set -uo pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
root="$(pwd)"; b="$root/build-gpu"; p="$b/progs"; o="${OUT:-/tmp}/himeno_c_vs_mlir"
mkdir -p "$o" "$p"
. "$root/benchmarks/gpu_runtime.sh"
need_runtime "$b" "$o" || exit 1
for n in himeno_c_l himeno_gpu_l himeno_c_m himeno_gpu_m; do
  [ -x "$p/$n.gpu" ] || link_carried "$n" "$p/$n.gpu" "$b" || exit 1
done
. "$root/benchmarks/sizes.sh"
metrics=gpu__time_duration.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed
for s in ${SIZES:-l m}; do
  for v in c gpu; do
    n="himeno_${v}_$s"; args=""; [ $v = gpu ] && args="$(bench_args himeno_gpu_$s)"
    ncu --csv --page raw --metrics "$metrics" --launch-skip 30 --launch-count 9 \
      "$p/$n.gpu" 40 $args > "$o/$n.ncu.csv" 2> "$o/$n.ncu.err" || echo "ncu $n failed"
    XMP_GPU_TIMELINE="$o/$n.tl.csv" "$p/$n.gpu" 60 $args > "$o/$n.tl.out" 2>&1
    tl="$o/$n.tl.csv"; [ -f "$tl" ] || tl="$tl.0"
    echo "=== $n timeline (60 iterations, after 30 entries)"
    python3 "$root/benchmarks/timeline_report.py" "$tl" 30
  done
done
python3 - "$o" <<'PY'
import csv, glob, os, sys
o = sys.argv[1]
print("| program | kernel | time us | regs | grid | block | DRAM GB/s | SM % |")
print("|---|---|---|---|---|---|---|---|")
for f in sorted(glob.glob(os.path.join(o, "*.ncu.csv"))):
    tag = os.path.basename(f)[:-8]
    lines = [l for l in open(f) if l.startswith('"')]
    if len(lines) < 3:
        print(f"| {tag} | (no data) |"); continue
    rd = list(csv.DictReader(lines)); units, data = rd[0], rd[1:]
    num = lambda x: float((x or "0").replace(",", ""))
    for r in data:
        t = num(r["gpu__time_duration.sum"]) * {"ns": 1e-3, "nsecond": 1e-3, "us": 1, "usecond": 1, "ms": 1e3, "msecond": 1e3}.get(units["gpu__time_duration.sum"], 1)
        gb = lambda k: num(r[k]) * {"byte": 1, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9}.get(units[k], 1)
        bw = (gb("dram__bytes_read.sum") + gb("dram__bytes_write.sum")) / (t * 1e-6) / 1e9 if t else 0
        print(f"| {tag} | {r['Kernel Name'][:40]} | {t:.1f} | {r['launch__registers_per_thread']} | "
              f"{r['launch__grid_size']} | {r['launch__block_size']} | {bw:.0f} | {r['sm__throughput.avg.pct_of_peak_sustained_elapsed']} |")
PY
# SASS of the stencil kernels (cuobjdump on the GPU machine): instruction
# counts and an opcode histogram of each, and the diff of the opcode
# sequences with registers and addresses masked.
if command -v cuobjdump > /dev/null || [ -x /usr/local/cuda/bin/cuobjdump ]; then
  cu="$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)"
  # The kernels are not in a .nv_fatbin section: the object holds the
  # fatbin as the constant xmp_kernels_binary (gpu-module-to-binary).
  fatbin() { # object out
    local off size sec
    read -r off size <<< "$(nm -S "$1" | awk '$4=="xmp_kernels_binary"{print $1, $2}')"
    sec=$(objdump -h "$1" | awk '$2==".rodata"{print $6}')
    python3 -c "import sys; d=open(sys.argv[1],'rb').read(); a=int(sys.argv[2],16)+int(sys.argv[3],16)
open(sys.argv[5],'wb').write(d[a:a+int(sys.argv[4],16)])" "$1" "$sec" "$off" "$size" "$2"
  }
  for s in l m; do
    fatbin "$root/.gpu-carry/obj/himeno_c_$s.gpu.o" "$o/c_$s.fatbin"
    fatbin "$root/.gpu-carry/obj/himeno_gpu_$s.gpu.o" "$o/g_$s.fatbin"
    "$cu" -sass -fun jacobi_loop0 "$o/c_$s.fatbin" > "$o/c_$s.sass" 2>&1
    "$cu" -sass -fun main_loop0 "$o/g_$s.fatbin" > "$o/g_$s.sass" 2>&1
    for v in c g; do
      grep -E '^\s+/\*[0-9a-f]{4}\*/' "$o/${v}_$s.sass" | sed -E 's@^\s+/\*[0-9a-f]+\*/\s+@@; s@;.*@@' > "$o/${v}_$s.ins"
      awk '{op=$1; if (op ~ /^@/) op=$2; print op}' "$o/${v}_$s.ins" | sort | uniq -c | sort -rn > "$o/${v}_$s.hist"
    done
    echo "=== SASS $s: C $(wc -l < "$o/c_$s.ins") instructions, .mlir $(wc -l < "$o/g_$s.ins")"
    diff "$o/c_$s.hist" "$o/g_$s.hist" | head -40
    sed -E 's/R[0-9]+/R/g; s/P[0-9]+/P/g; s/0x[0-9a-f]+/X/g; s/UR[0-9]+/UR/g' "$o/c_$s.ins" > "$o/c_$s.norm"
    sed -E 's/R[0-9]+/R/g; s/P[0-9]+/P/g; s/0x[0-9a-f]+/X/g; s/UR[0-9]+/UR/g' "$o/g_$s.ins" > "$o/g_$s.norm"
    echo "normalized diff lines: $(diff "$o/c_$s.norm" "$o/g_$s.norm" | grep -c '^[<>]')"
  done
else
  echo "no cuobjdump"
fi
tar czf "${OUT:-/tmp}/himeno_c_vs_mlir.tgz" -C "$o" . && rm -rf "$o"
