#!/usr/bin/env bash
# Configures and builds xmp-mlir in ./build (Release, Ninja, clang-22).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${XMP_BUILD_DIR:-$root/build}"
jobs="${XMP_JOBS:-$(nproc)}"
t0=$(date +%s)
launcher=()
# ccache, when installed, makes rebuilds in several checkouts cheap.
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f "$build/build.ninja" ]; then
  echo "[build] configuring $build"
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 "${launcher[@]}" > "$build.configure.log" 2>&1 \
    || { cat "$build.configure.log"; echo "[build] cmake configuration failed" >&2; exit 1; }
fi
echo "[build] building with $jobs jobs"
ninja -C "$build" -j "$jobs"
echo "[build] done in $(( $(date +%s) - t0 )) s"
