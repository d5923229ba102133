#!/usr/bin/env bash
# The collectives table (issue 15): benchmarks/collectives_bench.cpp on
# device data and on host data, in one run. From the repository root:
#   bash benchmarks/collectives_bench.sh [ROUNDS]        (default 20)
# - device data (CUDA build, NCCL's column when the build found NCCL): on
#   2 ranks, one GPU each, when nvidia-smi lists 2 or more GPUs; on 1 rank
#   (a sanity run: ours, staged and NCCL on one GPU) with 1 GPU; left out
#   without a GPU. Ours: plain and hybrid staged through host memory, and
#   ours_nccl, the runtime's own NCCL path (XMPRT_DEVCOLL_NCCL; "n/a" with
#   the runtime's reason where it cannot use NCCL: one rank, ranks sharing
#   a GPU, no libnccl.so.2). ours_nccl against ours_plain per size is what
#   XMP_NCCL_MIN_BYTES (auto's threshold, provisionally 0) is chosen from;
#   XMP_DEVICE_COLLECTIVES and XMP_NCCL_MIN_BYTES are unset for the runs;
# - host data (--host): on COLL_HOST_NP ranks (default 4) in sub-clusters of
#   COLL_SUBCLUSTER (default 2: XMP_SUBCLUSTER_SIZE), so that the hybrid
#   algorithms have two sub-clusters.
# The build: $XMP_BENCH_BUILD (default build-gpu, the GPU machine's runtime
# build of scripts/gpu-tests.sh); when it has no libxmprt yet it is
# configured as gpu-tests.sh does (runtime only, CUDA when nvcc is there;
# without googletest (not carried) tests off, in build-gpu-bench instead so
# that a later gpu-tests.sh still finds its own). Then `ninja
# collectives_bench` (cheap when up to date). On the development machine:
#   XMP_BENCH_BUILD=build bash benchmarks/collectives_bench.sh 5
# COLL_ARGS: more arguments for both runs (e.g. "--max-bytes 4194304";
# see the comment at the top of benchmarks/collectives_bench.cpp).
# Results in $OUT (default /tmp/xmp-collectives): collectives_device.json /
# .md, collectives_host.json / .md, collectives.md (both tables, printed at
# the end), raw/ (the runs' output, nvidia-smi -L and topo -m). Every run has
# a time limit (COLL_TIMEOUT seconds, default 240); a failed run is logged,
# the other one still runs; the exit status is 1 if either failed.
set -uo pipefail
root="$(pwd)"; b="${XMP_BENCH_BUILD:-$root/build-gpu}"
out="${OUT:-/tmp/xmp-collectives}"; raw="$out/raw"; mkdir -p "$raw"
rounds="${1:-20}"; tmo="${COLL_TIMEOUT:-240}"
hnp="${COLL_HOST_NP:-4}"; hsc="${COLL_SUBCLUSTER:-2}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
# As in gpu-tests.sh: the lent machine's Open MPI selects UCX's window
# component, which fails there; the hybrid collectives need shared windows.
export OMPI_MCA_osc="${OMPI_MCA_osc:-^ucx}"
export NCCL_NVLS_ENABLE="${NCCL_NVLS_ENABLE:-0}" # NVLink multicast off
unset XMP_COLLECTIVES XMP_SUBCLUSTER_SIZE XMP_VERBOSE XMP_DEVICE_COLLECTIVES XMP_NCCL_MIN_BYTES
mpirun_=(mpirun --bind-to none)

if [ ! -f "$b/lib/libxmprt.so" ] && [ -z "${XMP_BENCH_BUILD:-}" ]; then
  if [ ! -d /usr/src/googletest ] && [ -d "$root/.gpu-carry/googletest" ]; then
    mkdir -p /usr/src && cp -r "$root/.gpu-carry/googletest" /usr/src/googletest
  fi
  tests=ON
  if [ ! -d /usr/src/googletest ]; then b="$root/build-gpu-bench"; tests=OFF; fi
  if [ ! -f "$b/build.ninja" ]; then
    cuda=OFF
    if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then cuda=ON; fi
    cmake -S "$root" -B "$b" -G Ninja -DXMP_BUILD_COMPILER=OFF -DXMP_ENABLE_CUDA=$cuda \
      -DXMP_BUILD_TESTS=$tests -DCMAKE_BUILD_TYPE=Release > "$raw/cmake.txt" 2>&1 ||
      { echo "collectives_bench: cmake failed" >&2; tail -20 "$raw/cmake.txt"; exit 2; }
  fi
fi
ninja -C "$b" collectives_bench > "$raw/build.txt" 2>&1 ||
  { echo "collectives_bench: build failed" >&2; tail -30 "$raw/build.txt"; exit 2; }
bin="$b/bin/collectives_bench"

ngpu=0
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi -L > "$raw/gpus.txt" 2>&1 && ngpu=$(grep -c '^GPU' "$raw/gpus.txt")
  nvidia-smi topo -m > "$raw/topo.txt" 2>&1
fi
commit="$(cat "$root/.gpu-carry/rev" 2>/dev/null || git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
export XMP_BENCH_COMMIT="${XMP_BENCH_COMMIT:-$commit}"
echo "collectives_bench: $ngpu GPU(s), $rounds rounds, commit $XMP_BENCH_COMMIT, $tmo s per run at most"

run() { # tag np env-args... -- bench args...: output to $raw/tag.txt
  local tag="$1" np="$2" rc; shift 2
  local envs=()
  while [ "$1" != "--" ]; do envs+=(-x "$1"); shift; done; shift
  echo "$ mpirun -np $np ${envs[*]} $bin $*" > "$raw/$tag.txt"
  timeout "$tmo" "${mpirun_[@]}" -np "$np" "${envs[@]}" "$bin" "$@" >> "$raw/$tag.txt" 2>&1
  rc=$?
  [ $rc = 0 ] || echo "collectives_bench: $tag failed (rc=$rc), see raw/$tag.txt" | tee -a "$raw/$tag.txt"
  return $rc
}
status=0
rm -f "$out/collectives.md" "$out"/collectives_{device,host}.{md,json}
if [ "$ngpu" -ge 1 ]; then
  dnp=$(( ngpu >= 2 ? 2 : 1 ))
  run device "$dnp" -- --rounds "$rounds" ${COLL_ARGS:-} \
    --out "$out/collectives_device.json" --md "$out/collectives_device.md" || status=1
else
  echo "collectives_bench: no GPU: the device table is left out"
fi
run host "$hnp" XMP_SUBCLUSTER_SIZE="$hsc" -- --host --rounds "$rounds" ${COLL_ARGS:-} \
  --out "$out/collectives_host.json" --md "$out/collectives_host.md" || status=1
for t in device host; do
  [ -f "$out/collectives_$t.md" ] && { cat "$out/collectives_$t.md"; echo; }
done > "$out/collectives.md"
cat "$out/collectives.md"
exit $status
