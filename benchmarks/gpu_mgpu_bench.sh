#!/usr/bin/env bash
# Multi-GPU benchmark, side by side in one run, on the lent GPU machine with
# 2 GPUs (after scripts/gpu-prepare.sh --bench [--before DIR] here; there it
# builds the runtime in build-gpu/, links the carried programs and runs
# scripts/gpu-before.sh itself when scripts/gpu-tests.sh has not):
#   bash benchmarks/gpu_mgpu_bench.sh [ITERS] [REPS]      (default 100 3)
# For Laplace 2-D 8192 x 8192 (laplace2d_gpu_8k), Himeno M (himeno_gpu_m)
# and Himeno L (himeno_gpu_l), every repetition (interleaved, so that noise
# hits every configuration alike) runs
#   - the generated program (xmpcc --gpu) on 1 rank, and on 2 ranks with the
#     default channels, XMP_REFLECT_CHANNEL=ib and XMP_REFLECT_CHANNEL=tca
#     (2-rank runs with XMP_REFLECT_STATS=1: reflect us/call per plan);
#   - the earlier commit's build (build-gpu/progs-before/, if there) on 1
#     and 2 ranks (default channels, XMP_REFLECT_STATS=1 on 2);
#   - the hand-written baselines (benchmarks/baselines/): the 1-GPU program
#     (laplace2d.cu, himeno.cu) and the multi-GPU one (laplace2d_mgpu.cu,
#     himeno_mgpu.cu) on 1 and 2 ranks, with and without --no-overlap.
# The 2-rank runs are skipped (with a message) when nvidia-smi lists fewer
# than 2 GPUs. A failed run is logged (its raw log ends with "failed (rc=N)";
# every run has a time limit, MGPU_RUN_TIMEOUT seconds, default 120 +
# ITERS/10), never fatal. Then benchmarks/gpu_mgpu_report.py writes the
# tables (gpu_mgpu_bench.md, also printed) and every raw number
# (gpu_mgpu_bench.json) to $OUT (default /tmp/xmp-mgpu-bench); raw logs,
# nvidia-smi -L and nvidia-smi topo -m go to $OUT/raw.
set -uo pipefail
root="$(pwd)"; b="$root/build-gpu"; p="$b/progs"; pb="$b/progs-before"
. "$root/benchmarks/sizes.sh" # bench_args: the size of each build
out="${OUT:-/tmp/xmp-mgpu-bench}"; raw="$out/raw"; mkdir -p "$raw"
iters="${1:-100}"; reps="${2:-3}"
tmo="${MGPU_RUN_TIMEOUT:-$((120 + iters / 10))}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# "default channels" means no setting from the caller's environment either
unset XMP_REFLECT_CHANNEL XMP_REFLECT_STATS XMP_SUBCLUSTER_SIZE XMP_VERBOSE
mpirun_=(mpirun --bind-to none)

# Standalone on a fresh machine: build the runtime and link the three
# carried programs (what gpu-tests.sh would have done), and the before
# build's (gpu-before.sh) when it was carried.
if [ ! -f "$b/lib/libxmprt.so" ]; then
  if [ ! -d /usr/src/googletest ] && [ -d "$root/.gpu-carry/googletest" ]; then
    mkdir -p /usr/src && cp -r "$root/.gpu-carry/googletest" /usr/src/googletest
  fi
  cmake -S "$root" -B "$b" -G Ninja -DXMP_BUILD_COMPILER=OFF -DXMP_ENABLE_CUDA=ON \
    -DCMAKE_BUILD_TYPE=Release > "$raw/runtime_cmake.txt" 2>&1 &&
    ninja -C "$b" > "$raw/runtime_build.txt" 2>&1 ||
    { echo "gpu_mgpu_bench: runtime build failed" >&2; tail -20 "$raw/runtime_build.txt"; exit 2; }
fi
mkdir -p "$p"
for n in laplace2d_gpu_8k himeno_gpu_m himeno_gpu_l; do
  o="$root/.gpu-carry/obj/$n.gpu.o"
  [ -x "$p/$n.gpu" ] || [ ! -f "$o" ] ||
    mpicc "$o" -o "$p/$n.gpu" -L"$b/lib" -lxmprt -Wl,-rpath,"$b/lib" -lstdc++ -lm ||
    echo "gpu_mgpu_bench: linking $n failed"
done
if [ ! -d "$pb" ] && [ -d "$root/.gpu-carry/before" ]; then
  OUT="$raw/before" bash "$root/scripts/gpu-before.sh" > "$raw/before.txt" 2>&1 ||
    echo "gpu_mgpu_bench: gpu-before.sh failed (see raw/before.txt)"
fi
nvidia-smi -L > "$raw/gpus.txt" 2>&1
nvidia-smi topo -m > "$raw/topo.txt" 2>&1
ngpu=$(grep -c '^GPU' "$raw/gpus.txt")
{
  echo "iters $iters"; echo "reps $reps"; echo "ngpu $ngpu"
  echo "commit $(cat "$root/.gpu-carry/rev" 2>/dev/null || git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "before $(cat "$root/.gpu-carry/before/rev" 2>/dev/null || echo none)"
  echo "date $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$raw/info.txt"
cat "$raw/gpus.txt"
two=1
if [ "$ngpu" -lt 2 ]; then
  two=0
  echo "gpu_mgpu_bench: $ngpu GPU(s): the 2-rank runs are skipped"
fi

# Baselines. A build failure is logged; the runs of that program are then
# skipped (and their rows are empty).
nvcc_mpi() { # out src: MPI + CUDA; nvcc with mpicxx as host compiler, else
             # with mpicxx's flags (-Wl,... through -Xlinker, others through
             # -Xcompiler)
  local o="$1" s="$2" f flags=()
  nvcc -O3 -arch=sm_90 -ccbin mpicxx -o "$o" "$s" && return 0
  echo "gpu_mgpu_bench: nvcc -ccbin mpicxx failed for $s; trying mpicxx's flags"
  for f in $(mpicxx --showme:compile) $(mpicxx --showme:link); do
    case "$f" in
      -I*|-L*|-l*|-D*) flags+=("$f") ;;
      -Wl,*) flags+=("-Xlinker=${f#-Wl,}") ;;
      *) flags+=("-Xcompiler=$f") ;;
    esac
  done
  nvcc -O3 -arch=sm_90 -o "$o" "$s" "${flags[@]}"
}
for base in laplace2d himeno; do
  rm -f "$p/${base}_base"
  nvcc -O3 -arch=sm_90 -o "$p/${base}_base" "$root/benchmarks/baselines/$base.cu" \
    > "$raw/build_${base}_base.txt" 2>&1 ||
    { echo "gpu_mgpu_bench: building ${base}_base failed"; tail -5 "$raw/build_${base}_base.txt"; }
  rm -f "$p/${base}_mgpu"
  nvcc_mpi "$p/${base}_mgpu" "$root/benchmarks/baselines/${base}_mgpu.cu" \
    > "$raw/build_${base}_mgpu.txt" 2>&1 ||
    { echo "gpu_mgpu_bench: building ${base}_mgpu failed"; tail -5 "$raw/build_${base}_mgpu.txt"; }
done

run() { # tag command...: stdout and stderr to $raw/tag.txt
  local tag="$1" rc; shift
  echo "$ $*" > "$raw/$tag.txt"
  timeout "$tmo" "$@" >> "$raw/$tag.txt" 2>&1
  rc=$?
  [ $rc = 0 ] || echo "gpu_mgpu_bench: $tag failed (rc=$rc)" | tee -a "$raw/$tag.txt"
}
stats=(-x XMP_REFLECT_STATS=1)
echo "== $iters iterations, $reps repetitions, $ngpu GPU(s), $tmo s per run at most"
for r in $(seq 1 "$reps"); do
  for c in "laplace:laplace2d_gpu_8k:8192:laplace2d" "himeno_m:himeno_gpu_m:M:himeno" \
           "himeno_l:himeno_gpu_l:L:himeno"; do
    IFS=: read -r name prog size base <<< "$c"
    echo "-- repetition $r: $name"
    # generated
    if [ -x "$p/$prog.gpu" ]; then
      run "${name}_gen_np1_$r" "${mpirun_[@]}" -np 1 "$p/$prog.gpu" "$iters" $(bench_args $prog)
      if [ $two = 1 ]; then
        run "${name}_gen_np2_$r" "${mpirun_[@]}" "${stats[@]}" -np 2 "$p/$prog.gpu" "$iters" $(bench_args $prog)
        for ch in ib tca; do
          run "${name}_gen_np2_${ch}_$r" "${mpirun_[@]}" "${stats[@]}" \
            -x XMP_REFLECT_CHANNEL="$ch" -np 2 "$p/$prog.gpu" "$iters" $(bench_args $prog)
        done
      fi
    else
      echo "gpu_mgpu_bench: no $p/$prog.gpu"
    fi
    # the earlier commit's build
    if [ -x "$pb/$prog.gpu" ]; then
      run "${name}_before_np1_$r" "${mpirun_[@]}" -np 1 "$pb/$prog.gpu" "$iters" $(bench_args $prog)
      [ $two = 1 ] &&
        run "${name}_before_np2_$r" "${mpirun_[@]}" "${stats[@]}" -np 2 "$pb/$prog.gpu" "$iters" $(bench_args $prog)
    fi
    # hand-written: 1-GPU program, multi-GPU program on 1 and 2 ranks
    [ -x "$p/${base}_base" ] && run "${name}_base_$r" "$p/${base}_base" "$size" "$iters"
    if [ -x "$p/${base}_mgpu" ]; then
      for np in 1 2; do
        [ "$np" = 2 ] && [ $two = 0 ] && continue
        run "${name}_mgpu_np${np}_$r" "${mpirun_[@]}" -np "$np" "$p/${base}_mgpu" "$size" "$iters"
        run "${name}_mgpu_np${np}_nooverlap_$r" "${mpirun_[@]}" -np "$np" \
          "$p/${base}_mgpu" "$size" "$iters" 5 --no-overlap
      done
    fi
  done
done
python3 "$root/benchmarks/gpu_mgpu_report.py" "$raw" "$iters" "$reps" "$out"
