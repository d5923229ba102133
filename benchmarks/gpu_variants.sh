#!/usr/bin/env bash
# Compiler variants side by side on the GPU machine: one change per
# measurement. After scripts/gpu-prepare.sh --bench --variant NAME OPTS ...
# here (each variant: the benchmark programs compiled with
# `xmpcc --pipeline=OPTS`) and scripts/gpu-tests.sh there (it builds the
# runtime and links build-gpu/progs/):
#   bash benchmarks/gpu_variants.sh [ITERS] [REPS]
# runs Laplace 8192^2 and Himeno M and L: the default build, every
# variant and the hand-written CUDA baseline, REPS times (default 5),
# interleaved; medians of ms per iteration and the result of each build
# (checksum / gosa: a variant must not change it). Raw outputs, the table
# (variants.md) and JSON (variants.json) go to $OUT (or /tmp/xmp-variants).
set -uo pipefail
root="$(pwd)"; b="$root/build-gpu"; p="$b/progs"; carry="$root/.gpu-carry"
. "$root/benchmarks/sizes.sh" # bench_args: the size of each build
out="${OUT:-/tmp/xmp-variants}"; raw="$out/raw"; mkdir -p "$raw"
iters="${1:-100}"; reps="${2:-5}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
[ -d "$carry/variants" ] || { echo "gpu_variants: no .gpu-carry/variants (gpu-prepare.sh --variant)" >&2; exit 2; }
for base in laplace2d himeno; do
  [ -x "$p/${base}_base" ] || nvcc -O3 -arch=sm_90 -o "$p/${base}_base" "$root/benchmarks/baselines/$base.cu" || exit 1
done
variants=()
for d in "$carry"/variants/*/; do
  v="$(basename "$d")"; variants+=("$v"); mkdir -p "$b/progs-$v"
  for o in "$d"*.o; do
    mpicc "$o" -o "$b/progs-$v/$(basename "${o%.o}")" -L"$b/lib" -lxmprt \
      -Wl,-rpath,"$b/lib" -lstdc++ -lm || exit 1
  done
  cp "$d/options" "$raw/options-$v.txt" 2>/dev/null
done
echo "gpu_variants: default + ${variants[*]}, $iters iterations, $reps runs each"
for r in $(seq 1 "$reps"); do
  for c in "laplace:laplace2d_gpu_8k:8192" "himeno_m:himeno_gpu_m:M" "himeno_l:himeno_gpu_l:L"; do
    IFS=: read -r name prog size <<< "$c"
    "$p/$prog.gpu" "$iters" $(bench_args $prog) > "$raw/${name}_default_$r.txt" 2>&1
    for v in "${variants[@]}"; do
      "$b/progs-$v/$prog.gpu" "$iters" $(bench_args $prog) > "$raw/${name}_${v}_$r.txt" 2>&1
    done
    "$p/${name%%_*}$( [ "$name" = laplace ] && echo 2d)_base" "$size" "$iters" > "$raw/${name}_hand_$r.txt" 2>&1
  done
done
python3 - "$raw" "$iters" "$reps" "$out" default "${variants[@]}" <<'PY'
import json, os, re, statistics, sys
raw, iters, reps, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
builds = sys.argv[5:]
def text(tag):
    f = os.path.join(raw, tag + ".txt")
    return open(f).read() if os.path.exists(f) else ""
def result(t, key):
    m = re.search(r"^XMP-RESULT %s (\S+)" % key, t, re.M)
    return float(m.group(1)) if m else None
def hand(t):
    for line in t.splitlines():
        if line.startswith("BENCH "):
            return json.loads(line[6:])["mean_ms_per_iter"]
    return None
def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None
data, rows = {}, []
for name in ["laplace", "himeno_m", "himeno_l"]:
    key = "gosa" if name.startswith("himeno") else "checksum"
    h = med([hand(text(f"{name}_hand_{r}")) for r in range(1, reps + 1)])
    data[name] = {"hand_ms": h, "builds": {}}
    for bname in builds:
        ts = [text(f"{name}_{bname}_{r}") for r in range(1, reps + 1)]
        ms = [(result(t, "time") or 0) / iters * 1e3 if result(t, "time") else None for t in ts]
        res = sorted({result(t, key) for t in ts}, key=str)
        m = med(ms)
        data[name]["builds"][bname] = {"ms": ms, "results": res}
        rows.append(f"| {name} | {bname} | {m:.4f} | {h:.4f} | {100*h/m:.1f}% | {' '.join(map(str, res))} |"
                    if m and h else f"| {name} | {bname} | - | - | - | {res} |")
opts = {b: open(os.path.join(raw, f"options-{b}.txt")).read().strip()
        for b in builds if os.path.exists(os.path.join(raw, f"options-{b}.txt"))}
table = "\n".join(["| case | build | ms/it (median) | hand-written ms/it | build / hand-written speed | results |",
                   "|---|---|---|---|---|---|"] + rows + [""] +
                  [f"- {b}: `--pipeline={o}`" for b, o in opts.items()])
print(table)
open(os.path.join(out, "variants.md"), "w").write(table + "\n")
json.dump({"iters": iters, "reps": reps, "options": opts, "cases": data},
          open(os.path.join(out, "variants.json"), "w"), indent=1)
PY
