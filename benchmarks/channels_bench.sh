#!/usr/bin/env bash
# Channel-comparison kit, part 2 (runs THERE: cmake, ninja, Open MPI,
# python3; no MLIR). Needs .gpu-carry/channels/ from
# benchmarks/channels_prepare.sh. From the repository root:
#   bash benchmarks/channels_bench.sh [ROUNDS] [ITERS_S] [ITERS_M]
# (defaults 5 200 100; env CAL_REPS / CAL_MAX_KIB for xmp-calibrate,
# default 20 / 1024). Steps:
# 1. libxmprt and xmp-calibrate from build-gpu/ (scripts/gpu-tests.sh builds
#    it; if it is missing the runtime is configured and built here);
# 2. links every carried object against it;
# 3. mpirun -np 4 xmp-calibrate with XMP_SUBCLUSTER_SIZE=2 -> $OUT/profile.json
#    (printed below, to re-run the pass on the development machine);
# 4. per size x grid, the variants interleaved for ROUNDS rounds with
#    XMP_REFLECT_STATS=1 (benchmarks/channels_bench.py): markdown tables on
#    stdout and in $OUT/channels.md, every round in $OUT/channels.json.
# Ranks are bound to cores (mpirun --bind-to core --map-by core); where that
# is refused (fewer cores than ranks) they run oversubscribed, unbound.
# XMP_CHANNELS_SC=N: sub-cluster size (default 2) for XMP_SUBCLUSTER_SIZE and
# the calibration (use the N that channels_prepare.sh was run with).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
carry="$root/.gpu-carry/channels"; b="$root/build-gpu"
out="${OUT:-/tmp/xmp-channels}"; mkdir -p "$out"
rounds="${1:-5}"; iters_s="${2:-200}"; iters_m="${3:-100}"
np=4; sc="${XMP_CHANNELS_SC:-2}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
t_start=$(date +%s)
[ -f "$carry/manifest.json" ] ||
  { echo "channels_bench: $carry/manifest.json missing: run benchmarks/channels_prepare.sh here first" >&2; exit 2; }
machine="$(uname -n), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //')"
echo "channels_bench: $machine; $rounds rounds, S $iters_s / M $iters_m iterations"

# 1. runtime and xmp-calibrate.
if [ ! -f "$b/lib/libxmprt.so" ]; then
  echo "channels_bench: $b/lib/libxmprt.so missing: building the runtime"
  if [ ! -d /usr/src/googletest ] && [ -d "$root/.gpu-carry/googletest" ]; then
    mkdir -p /usr/src && cp -r "$root/.gpu-carry/googletest" /usr/src/googletest
  fi
  cmake -S "$root" -B "$b" -G Ninja -DXMP_BUILD_COMPILER=OFF -DCMAKE_BUILD_TYPE=Release \
    > "$out/cmake.log" 2>&1 ||
    { echo "channels_bench: configure failed (no GoogleTest?), retrying without tests";
      cmake -S "$root" -B "$b" -G Ninja -DXMP_BUILD_COMPILER=OFF -DCMAKE_BUILD_TYPE=Release \
        -DXMP_BUILD_TESTS=OFF >> "$out/cmake.log" 2>&1; } ||
    { tail -30 "$out/cmake.log"; exit 1; }
  ninja -C "$b" xmprt > "$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
fi
cal="$b/bin/xmp-calibrate"
if [ ! -x "$cal" ]; then
  ninja -C "$b" xmp-calibrate >> "$out/build.log" 2>&1 || true
fi
if [ ! -x "$cal" ]; then # a build tree configured before the runtime-only build had it
  mkdir -p "$b/channels"; cal="$b/channels/xmp-calibrate"
  mpicxx -O2 -std=c++17 -I"$root/runtime/include" "$root/tools/xmp-calibrate/xmp-calibrate.cpp" \
    -o "$cal" -L"$b/lib" -lxmprt -Wl,-rpath,"$b/lib" ||
    { echo "channels_bench: cannot build xmp-calibrate" >&2; exit 1; }
fi

# 2. link.
bin="$b/channels"; mkdir -p "$bin"
for o in "$carry"/*.o; do
  n="$(basename "${o%.o}")"
  mpicc "$o" -o "$bin/$n" -L"$b/lib" -lxmprt -Wl,-rpath,"$b/lib" -lstdc++ -lm \
    2>> "$out/link.log" || { echo "channels_bench: link $n failed" >&2; tail -20 "$out/link.log"; exit 1; }
done
echo "channels_bench: linked $(ls "$carry"/*.o | wc -l) programs into $bin"

# mpirun: one rank per core if the launcher agrees, else unbound.
mpirun_="mpirun --bind-to core --map-by core"
if ! $mpirun_ -np $np true > "$out/bind-check.log" 2>&1; then
  mpirun_="mpirun --oversubscribe --bind-to none"
  echo "channels_bench: binding to cores refused (see $out/bind-check.log): $mpirun_"
else
  echo "channels_bench: $mpirun_"
fi

# 3. calibrate (the rank layout and sub-clusters of the runs below).
t0=$(date +%s)
XMP_SUBCLUSTER_SIZE=$sc $mpirun_ -x XMP_SUBCLUSTER_SIZE -np $np "$cal" -o "$out/profile.json" \
  --reps "${CAL_REPS:-20}" --max-kib "${CAL_MAX_KIB:-1024}" > "$out/calibrate.log" 2>&1
rc=$?
echo "channels_bench: xmp-calibrate rc=$rc in $(( $(date +%s) - t0 )) s (log: $out/calibrate.log)"
prof_arg=()
if [ $rc = 0 ] && [ -f "$out/profile.json" ]; then
  echo "----- profile.json (xmp-calibrate, np $np, XMP_SUBCLUSTER_SIZE=$sc) -----"
  cat "$out/profile.json"
  echo "-----"
  prof_arg=(--profile "$out/profile.json")
else
  tail -20 "$out/calibrate.log"
fi

# 4. the runs.
python3 "$root/benchmarks/channels_bench.py" --carry "$carry" --bin "$bin" --out "$out" \
  --mpirun "$mpirun_" --np $np --subcluster $sc --rounds "$rounds" \
  --iters-s "$iters_s" --iters-m "$iters_m" --machine "$machine" "${prof_arg[@]}"
rc=$?
[ -f "$out/profile.json" ] && cp "$out/profile.json" "$out/channels-profile.json"
echo
echo "To replay the profile through the pass on the development machine (save the"
echo "profile above as profile.json):"
echo "  for f in .gpu-carry/channels/himeno_*_*.mlir; do build/bin/xmp-opt \$f --mlir-print-op-on-diagnostic=false \\"
echo "    --xmp-select-channels='policy=hybrid subcluster-size=$sc profile=profile.json remarks=true' -o /dev/null; done"
echo "channels_bench: total $(( $(date +%s) - t_start )) s, rc=$rc"
exit $rc
