#!/usr/bin/env bash
# Runs reflect_bench (IB vs TCA host channel, side by side, and AUTO: the
# tuned default, timed after its tuning) with 2 and 4
# ranks on this host and stores the raw JSON under benchmarks/results/.
#   benchmarks/run_reflect_bench.sh [path/to/reflect_bench] [reps]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-${XMP_BUILD_DIR:-/work/build-rt}/bin/reflect_bench}"
reps="${2:-50}"
mkdir -p "$here/results"
unset XMP_SUBCLUSTER_SIZE          # all ranks of the host form one sub-cluster
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export XMP_BENCH_MACHINE="${XMP_BENCH_MACHINE:-$(hostname) $(nproc) cores}"
export XMP_BENCH_COMMIT="$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo uncommitted)"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
for np in 2 4; do
  out="$here/results/reflect_np${np}_${stamp}.json"
  mpiexec --oversubscribe --bind-to none -np "$np" "$bin" "$out" "$reps"
  echo "wrote $out"
done
