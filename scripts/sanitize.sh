#!/usr/bin/env bash
# Sanitizer build and run: compiles the compiler, libxmprt (host-only, see
# XMP_SANITIZE in CMakeLists.txt) and the tests with clang's AddressSanitizer
# (with LeakSanitizer) and UndefinedBehaviorSanitizer in build-san/, then
# runs under them: the runtime tests (ctest -L runtime: every MPI rank
# count, sub-clusters, executors, error paths), the dialect and pass tests,
# a few integration programs compiled by the sanitized xmpcc and run under
# mpirun, and the fuzzing corpus. Any report fails the run.
#
#   scripts/sanitize.sh            # XMP_SANITIZE=address,undefined
#   XMP_SANITIZE=undefined scripts/sanitize.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${XMP_SAN_BUILD_DIR:-$root/build-san}"
sanitizers="${XMP_SANITIZE:-address,undefined}"
jobs="${XMP_JOBS:-$(nproc)}"
t0=$(date +%s)

# clang's sanitizer runtimes (Debian ships them apart from clang).
if ! dpkg-query -W -f='${Status}' libclang-rt-22-dev 2>/dev/null | grep -q "install ok installed"; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  echo "[sanitize] installing libclang-rt-22-dev"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends libclang-rt-22-dev
fi

launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
if [ ! -f "$build/build.ninja" ]; then
  echo "[sanitize] configuring $build ($sanitizers)"
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DXMP_SANITIZE="$sanitizers" -DXMP_ENABLE_CUDA=OFF "${launcher[@]}" \
    > "$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
fi
echo "[sanitize] building with $jobs jobs"
ninja -C "$build" -j "$jobs"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
# Reports go to stderr and end the process with a failure status (UBSan
# too); leaks of MPI, StarPU and LLVM's own start-up are suppressed.
# Full unwinding through the uninstrumented MPI libraries, and MPI's
# components kept loaded, so that the suppressions see where memory came from.
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs from the
# instrumented inline code in our files while the uninstrumented libMLIR
# allocates from them unpoisoned: false "use-after-poison" reports.
export OMPI_MCA_mca_base_component_disable_dlclose=1
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=86:fast_unwind_on_malloc=0:detect_stack_use_after_return=1:allow_user_poisoning=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=86"
export LSAN_OPTIONS="suppressions=$root/scripts/sanitize.supp:print_suppressions=0:exitcode=86"

cd "$build"
echo "[sanitize] runtime tests"
ctest --output-on-failure -L runtime --timeout 600
echo "[sanitize] dialect, passes, integration programs, fuzzing corpus"
"$(command -v lit || echo /usr/lib/llvm-22/bin/lit)" -sv "$build/test" \
  --filter 'Dialect/|Transforms/|Conversion/pipeline.mlir|Conversion/xmp-to-runtime.mlir|Fuzz/|Integration/(outside-grid|full-shadow|gblock-grid|gmove-memref|complex|runtime-errors|ops|laplace2d|redistribute|fault)\.test'
echo "[sanitize] passed in $(( $(date +%s) - t0 )) s"
