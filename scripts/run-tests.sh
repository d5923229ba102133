#!/usr/bin/env bash
# The whole test suite: set up, build, then ctest (lit: dialect, passes,
# integration under mpirun with 1-4 ranks; GoogleTest runtime tests under
# mpirun; the out-of-tree embedding test).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh"
build="${XMP_BUILD_DIR:-$root/build}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cd "$build"
t0=$(date +%s)
ctest --output-on-failure --timeout 900
echo "[tests] all passed in $(( $(date +%s) - t0 )) s"
