#!/usr/bin/env bash
# Device-channel calibration (issue 6): what xmp-select-channels would choose
# for examples/himeno_gpu.mlir's `acc` reflect with a profile measured on the
# GPU machine.
#
# HERE (MLIR available), once:
#   benchmarks/calibrate_acc.sh prepare
# runs the pass (threshold rule, remarks) on himeno_gpu in sizes S, M, L on
# the 2-rank grids 2x1 and 1x2 and writes the halo geometry of its reflect
# to .gpu-carry/calibrate_acc/geometry.json, with the sources and remarks
# (only that folder is replaced).
#
# THERE (CUDA, cmake, ninja, Open MPI, python3; no MLIR), from the
# repository root, with .gpu-carry carried:
#   bash benchmarks/calibrate_acc.sh [NP]        (default 2, one GPU each)
# 1. build-gpu/bin/xmp-calibrate (ninja xmprt xmp-calibrate in build-gpu/,
#    incremental after scripts/gpu-tests.sh; configured with CUDA if absent);
# 2. mpirun -np NP xmp-calibrate --acc --both -> $OUT/profile_acc.json
#    (printed; every measurement in $OUT/calibrate_acc.log; CAL_REPS /
#    CAL_MAX_KIB are passed as --reps / --max-kib);
# 3. replays the pass's rule on the geometry (benchmarks/channels_bench.py
#    --replay): the device model for the acc reflect, and for comparison the
#    host model and the threshold rule.
# XMP_CHANNELS_SC=N: sub-cluster size (default 2) for the pass options and
# XMP_SUBCLUSTER_SIZE (use the same N in both steps).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
carry="$root/.gpu-carry/calibrate_acc"
sc="${XMP_CHANNELS_SC:-2}"

if [ "${1:-}" = prepare ]; then
  set -e
  build="${XMP_BUILD_DIR:-$root/build}"
  grep -qx '/.gpu-carry/' "$root/.git/info/exclude" 2>/dev/null ||
    echo '/.gpu-carry/' >> "$root/.git/info/exclude"
  rm -rf "$carry"; mkdir -p "$carry"
  configs=()
  for size in s m l; do
    case "$size" in
      s) dims=(65 65 129) ;;
      m) dims=(129 129 257) ;;
      l) dims=(257 257 513) ;;
    esac
    for grid in 2x1 1x2; do
      name="himeno_gpu_${size}_${grid}"
      src="$carry/$name.mlir"
      "$build/bin/xmp-opt" --xmp-specialize-shapes="shapes=t=$(IFS=x; echo "${dims[*]}"),n=$grid" \
        "$root/examples/himeno_gpu.mlir" -o "$src" || exit 1
      grep -q "xmp.reflect_init .* acc" "$src" ||
        { echo "calibrate_acc: examples/himeno_gpu.mlir has no reflect_init ... acc" >&2; exit 1; }
      "$build/bin/xmp-opt" "$src" --mlir-print-op-on-diagnostic=false \
        --xmp-select-channels="subcluster-size=$sc remarks=true" -o /dev/null 2>&1 |
        sed -n 's/^.*: remark: /remark: /p' > "$carry/$name.remarks.txt"
      configs+=("$size $grid $name")
    done
  done
  python3 - "$root/benchmarks" "$carry" "$sc" "${configs[@]}" <<'PY'
import json, os, sys
sys.path.insert(0, sys.argv[1])
from channels_bench import geometry_from_remarks  # noqa: E402
out, sc, configs = sys.argv[2], int(sys.argv[3]), sys.argv[4:]
sizes = {"s": [65, 65, 129], "m": [129, 129, 257], "l": [257, 257, 513]}
m = {"program": "examples/himeno_gpu.mlir (reflect_init %p acc)",
     "subcluster_size": sc, "np": 2, "configs": []}
for c in configs:
    size, grid, name = c.split()
    lines = open(os.path.join(out, name + ".remarks.txt")).read().splitlines()
    geo = geometry_from_remarks(lines)
    # One reflect in the program: one remark per dimension.
    if not geo or sorted(e["dim"] for e in geo) != list(range(len(geo))):
        sys.exit("calibrate_acc: %s: expected the remarks of one reflect, got %d" % (name, len(geo)))
    m["configs"].append({"name": name, "size": size.upper(), "dims": sizes[size],
                         "grid": grid, "acc": True, "geometry": geo})
    print("calibrate_acc: %-20s %s" % (name, "; ".join(
        "dim %d %s" % (e["dim"], e.get("fixed") or "%s %d B %s" % (e["class"], e["bytes"], e["neighbour"]))
        for e in geo)))
json.dump(m, open(os.path.join(out, "geometry.json"), "w"), indent=1)
PY
  echo "calibrate_acc: wrote $carry/geometry.json; carry .gpu-carry and run there: bash benchmarks/calibrate_acc.sh"
  exit 0
fi

np="${1:-2}"
b="${XMP_GPU_BUILD_DIR:-$root/build-gpu}"
out="${OUT:-/tmp/xmp-calibrate-acc}"; mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
t_start=$(date +%s)
echo "calibrate_acc: $(uname -n), $(nproc) cores; $(nvidia-smi -L 2>/dev/null | grep -c '^GPU') GPU(s); $np ranks, sub-clusters of $sc"

# 1. xmp-calibrate with CUDA (incremental when scripts/gpu-tests.sh built it).
cal="$b/bin/xmp-calibrate"
if [ ! -f "$b/build.ninja" ]; then
  echo "calibrate_acc: $b not configured: configuring the runtime with CUDA"
  if [ ! -d /usr/src/googletest ] && [ -d "$root/.gpu-carry/googletest" ]; then
    mkdir -p /usr/src && cp -r "$root/.gpu-carry/googletest" /usr/src/googletest
  fi
  cmake -S "$root" -B "$b" -G Ninja -DXMP_BUILD_COMPILER=OFF -DXMP_ENABLE_CUDA=ON \
    -DCMAKE_BUILD_TYPE=Release > "$out/cmake.log" 2>&1 ||
    cmake -S "$root" -B "$b" -G Ninja -DXMP_BUILD_COMPILER=OFF -DXMP_ENABLE_CUDA=ON \
      -DCMAKE_BUILD_TYPE=Release -DXMP_BUILD_TESTS=OFF >> "$out/cmake.log" 2>&1 ||
    { tail -30 "$out/cmake.log"; exit 1; }
fi
t0=$(date +%s)
ninja -C "$b" xmprt xmp-calibrate > "$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
echo "calibrate_acc: xmprt and xmp-calibrate built in $(( $(date +%s) - t0 )) s"

# 2. calibrate host and device data.
args=(--acc --both)
[ -n "${CAL_REPS:-}" ] && args+=(--reps "$CAL_REPS")
[ -n "${CAL_MAX_KIB:-}" ] && args+=(--max-kib "$CAL_MAX_KIB")
t0=$(date +%s)
XMP_SUBCLUSTER_SIZE=$sc mpirun --bind-to none -x XMP_SUBCLUSTER_SIZE -np "$np" "$cal" \
  -o "$out/profile_acc.json" "${args[@]}" > "$out/calibrate_acc.log" 2>&1
rc=$?
echo "calibrate_acc: xmp-calibrate ${args[*]} rc=$rc in $(( $(date +%s) - t0 )) s (log: $out/calibrate_acc.log)"
if [ $rc != 0 ] || [ ! -f "$out/profile_acc.json" ]; then
  tail -20 "$out/calibrate_acc.log"; exit 1
fi
echo "----- profile_acc.json (xmp-calibrate ${args[*]}, np $np, XMP_SUBCLUSTER_SIZE=$sc) -----"
cat "$out/profile_acc.json"
echo "-----"

# 3. the pass's choice for himeno_gpu's acc reflect, replayed.
rc=0
if [ -f "$carry/geometry.json" ]; then
  python3 "$root/benchmarks/channels_bench.py" --replay "$carry/geometry.json" \
    --profile "$out/profile_acc.json" | tee "$out/replay_acc.md"
  rc=${PIPESTATUS[0]}
else
  echo "calibrate_acc: $carry/geometry.json missing (run benchmarks/calibrate_acc.sh prepare" \
       "on the development machine and carry .gpu-carry): no replay" >&2
  rc=2
fi
echo
echo "To run the pass itself on the development machine (save the profile above as profile_acc.json):"
echo "  for f in .gpu-carry/calibrate_acc/himeno_gpu_*.mlir; do build/bin/xmp-opt \$f --mlir-print-op-on-diagnostic=false \\"
echo "    --xmp-select-channels='subcluster-size=$sc profile=profile_acc.json remarks=true' -o /dev/null; done"
echo "calibrate_acc: total $(( $(date +%s) - t_start )) s, rc=$rc"
exit $rc
