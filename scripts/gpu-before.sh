#!/usr/bin/env bash
# Before/after measurements on the GPU machine: builds the runtime of an
# earlier commit from .gpu-carry/before/src.tar.gz (made by
# `scripts/gpu-prepare.sh --bench --before REV`) in build-gpu-before/ and
# links that commit's programs (.gpu-carry/before/obj/*.o) against it into
# build-gpu/progs-before/, where benchmarks/gpu_bench.sh finds them.
set -uo pipefail
root="$(pwd)"; carry="$root/.gpu-carry/before"; b="$root/build-gpu"
bb="$root/build-gpu-before"; logs="${OUT:-/tmp/xmp-gpu-logs}"; mkdir -p "$logs"
[ -f "$carry/src.tar.gz" ] || { echo "gpu-before: no $carry/src.tar.gz" >&2; exit 2; }
rm -rf /tmp/xmp-before-src && mkdir -p /tmp/xmp-before-src
tar -xzf "$carry/src.tar.gz" -C /tmp/xmp-before-src
t0=$(date +%s)
cmake -S /tmp/xmp-before-src -B "$bb" -G Ninja -DXMP_BUILD_COMPILER=OFF \
  -DXMP_BUILD_TESTS=OFF -DXMP_ENABLE_CUDA=ON -DCMAKE_BUILD_TYPE=Release \
  > "$logs/before-cmake.log" 2>&1 && ninja -C "$bb" xmprt > "$logs/before-build.log" 2>&1
rc=$?
echo "gpu-before: runtime of $(cat "$carry/rev" 2>/dev/null) built rc=$rc in $(( $(date +%s) - t0 )) s"
[ $rc = 0 ] || { tail -20 "$logs/before-build.log" "$logs/before-cmake.log"; exit 1; }
mkdir -p "$b/progs-before"
for o in "$carry"/obj/*.o; do
  n="$(basename "${o%.o}")"
  mpicc "$o" -o "$b/progs-before/$n" -L"$bb/lib" -lxmprt -Wl,-rpath,"$bb/lib" \
    -lstdc++ -lm || echo "gpu-before: link $n failed"
done
ls "$b/progs-before"
