#!/usr/bin/env bash
# Himeno S on the CPU path, on a machine without MLIR (the GPU machine's
# host cores are quieter than the development VM): links the objects that
# `scripts/gpu-prepare.sh --himeno-cpu` compiled (grid ?x? and static 1x1)
# against a CPU-only libxmprt built here, and runs them next to the clang
# -O3 reference in interleaved rounds (ref, ?x?, 1x1, ref, ...), one rank
# pinned to one core, so that drifts of the machine hit all three alike.
# x86-64-v4 builds run only where the CPU has AVX-512.
#   bash benchmarks/himeno_cpu_carried.sh [ITERATIONS] [ROUNDS]
# Prints MFLOPS best / median per build and the ratios to the reference;
# raw values in $OUT/himeno_cpu_carried.txt and .json.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/benchmarks/sizes.sh" # bench_args: the size of each build
hc="$root/.gpu-carry/himeno_cpu"; b="$root/build-cpu"
iters="${1:-200}"; rounds="${2:-7}"
out="${OUT:-/tmp/himeno-cpu}"; mkdir -p "$out"
[ -d "$hc" ] || { echo "himeno_cpu_carried: $hc missing: run scripts/gpu-prepare.sh --himeno-cpu" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cmake -S "$root" -B "$b" -G Ninja -DXMP_BUILD_COMPILER=OFF -DXMP_BUILD_TESTS=OFF \
  -DXMP_ENABLE_CUDA=OFF -DCMAKE_BUILD_TYPE=Release > "$out/cmake.log" 2>&1 &&
  ninja -C "$b" xmprt > "$out/build.log" 2>&1 ||
  { tail -20 "$out/cmake.log" "$out/build.log"; exit 1; }
cpu="$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
marchs=(x86-64-v3); grep -qw avx512f /proc/cpuinfo && marchs+=(x86-64-v4)
core=$(( $(nproc) > 2 ? 2 : $(nproc) - 1 )) # away from core 0's interrupts
names=()
for m in "${marchs[@]}"; do
  mpicc "$hc/himeno_s.$m.o" -o "$b/himeno_s.$m" -L"$b/lib" -lxmprt -Wl,-rpath,"$b/lib" -lstdc++ -lm &&
    mpicc "$hc/himeno_s_1x1.$m.o" -o "$b/himeno_s_1x1.$m" -L"$b/lib" -lxmprt -Wl,-rpath,"$b/lib" -lstdc++ -lm ||
    { echo "himeno_cpu_carried: link failed ($m)"; exit 1; }
  cp "$hc/ref_s.$m" "$b/ref_s.$m"
  names+=("ref_s.$m" "himeno_s.$m" "himeno_s_1x1.$m")
done
mflops() { grep "XMP-RESULT mflops" | awk '{print $3}'; }
raw="$out/himeno_cpu_carried.txt"; : > "$raw"
echo "machine: $cpu, $(nproc) cores; $iters iterations, $rounds rounds, core $core" | tee -a "$raw"
for r in $(seq "$rounds"); do
  for n in "${names[@]}"; do
    case "$n" in
      ref*) v=$(taskset -c $core "$b/$n" "$iters" | mflops) ;;
      *) v=$(mpirun -np 1 --bind-to none taskset -c $core "$b/$n" "$iters" $(bench_args "${n%.*}") | mflops) ;;
    esac
    echo "$r $n ${v:-FAILED}" >> "$raw"
  done
done
python3 - "$raw" "$out/himeno_cpu_carried.json" <<'EOF'
import json, statistics, sys
vals = {}
for line in open(sys.argv[1]).read().splitlines()[1:]:
    r, n, v = line.split()
    vals.setdefault(n, []).append(float(v) if v != "FAILED" else float("nan"))
rows = []
print("| build | best MFLOPS | median | best / ref best | median / ref median |")
print("|---|---|---|---|---|")
for n, vs in vals.items():
    march = n.rsplit(".", 1)[1]
    ref = vals["ref_s." + march]
    best, med = max(vs), statistics.median(vs)
    rows.append({"build": n, "runs": vs, "best": best, "median": med})
    print(f"| {n} | {best:.0f} | {med:.0f} | {best / max(ref):.3f} | {med / statistics.median(ref):.3f} |")
json.dump({"benchmark": "himeno_cpu_carried", "rows": rows}, open(sys.argv[2], "w"), indent=1)
EOF
