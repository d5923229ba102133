#!/usr/bin/env bash
# One call on the GPU machine (device tool), after scripts/gpu-prepare.sh
# here: runs the named steps in order, keeps every log under one folder and
# packs it into $OUT/session.tgz (the device tool brings back 8 files at
# most), printing each step's summary.
#   bash scripts/gpu-session.sh STEP...
# Steps: tests[:NP,NP..] (scripts/gpu-tests.sh), before (scripts/gpu-before.sh),
#        bench[:ITERS] (benchmarks/gpu_bench.sh),
#        frontend[:N1,N2[,REPS[,NP]]] (benchmarks/frontend_gpu.sh: the C listings
#          through xmp-cfront vs the .mlir examples; after gpu-prepare.sh
#          --bench and the `tests` step),
#        mgpu[:ITERS] (benchmarks/gpu_mgpu_bench.sh: generated on 1 and 2
#          GPUs, each reflect channel, vs the hand-written multi-GPU
#          baselines; standalone: builds and links what it needs),
#        collectives[:ROUNDS] (benchmarks/collectives_bench.sh: ours
#          (plain, hybrid staged; the runtime's NCCL path) vs host-staged
#          MPI vs NCCL (vs CUDA-aware MPI) on
#          device data, 2 GPUs, and ours vs MPI on host data, 4 ranks in
#          sub-clusters of 2; 8 B - 64 MiB; standalone: builds what it
#          needs, nothing carried),
#        variants[:ITERS]
#        (benchmarks/gpu_variants.sh), profile (benchmarks/gpu_profile.sh),
#        worksharing[:STEPS] (benchmarks/worksharing_bench.sh),
#        worksharing-before[:STEPS] (the same on the `before` programs),
#        worksharing-starpu[:STEPS] (scripts/gpu-starpu.sh, then the same
#          benchmark with the StarPU executor; after gpu-prepare.sh --starpu),
#        himeno-cpu[:ITERS,ROUNDS] (benchmarks/himeno_cpu_carried.sh; after
#          gpu-prepare.sh --himeno-cpu),
#        npb-cg-cpu[:CLASSES,RANKS,ROUNDS] (benchmarks/npb_cg_cpu.sh, e.g.
#          npb-cg-cpu:SWA,1248,3; after gpu-prepare.sh --npb-cg),
#        npb-cg-gpu[:CLASSES,GPUS,ROUNDS] (benchmarks/npb_cg_gpu.sh: the
#          GPU build on 1 (or 1 and 2: GPUS=12) GPUs next to the CPU MPI
#          baseline, e.g. npb-cg-gpu:SWAB,1; its own libxmprt build when
#          `tests` did not run first; with gpu-prepare.sh --npb-cg also
#          npb_cg.mlir's CPU path),
#        experiment:NAME[,ARG,...] (benchmarks/experiments/NAME.sh ARG ...),
#        debug:PROG,ARGS (cuda-gdb backtrace + compute-sanitizer),
#        timeline:PROG,ARGS (XMP_GPU_TIMELINE run + benchmarks/timeline_report.py)
set -uo pipefail
root="$(pwd)"; final="${OUT:-/tmp/xmp-out}"; mkdir -p "$final"
logs=/tmp/xmp-session; rm -rf "$logs"; mkdir -p "$logs"
export NCCL_NVLS_ENABLE=0
t0=$(date +%s)
for step in "$@"; do
  name="${step%%:*}"; arg="${step#*:}"; [ "$arg" = "$step" ] && arg=""
  s0=$(date +%s)
  echo "=== $step"
  case "$name" in
    tests) OUT="$logs/tests" bash scripts/gpu-tests.sh ${arg//,/ } > "$logs/tests.txt" 2>&1
           rc=$?; grep -E "^FAIL|gpu-tests:" "$logs/tests.txt" | tail -40 ;;
    before) OUT="$logs/before" bash scripts/gpu-before.sh > "$logs/before.txt" 2>&1
            rc=$?; tail -3 "$logs/before.txt" ;;
    bench) OUT="$logs/bench" bash benchmarks/gpu_bench.sh ${arg:-100} 3 > "$logs/bench.txt" 2>&1
           rc=$?; cat "$logs/bench/gpu_bench.md" 2>/dev/null || tail -20 "$logs/bench.txt" ;;
    frontend) OUT="$logs/frontend" bash benchmarks/frontend_gpu.sh ${arg//,/ } > "$logs/frontend.txt" 2>&1
              rc=$?; cat "$logs/frontend/frontend_gpu.md" 2>/dev/null || tail -20 "$logs/frontend.txt" ;;
    mgpu) OUT="$logs/mgpu" bash benchmarks/gpu_mgpu_bench.sh "${arg:-100}" 3 > "$logs/mgpu.txt" 2>&1
          rc=$?; cat "$logs/mgpu/gpu_mgpu_bench.md" 2>/dev/null || tail -20 "$logs/mgpu.txt" ;;
    collectives) OUT="$logs/collectives" bash benchmarks/collectives_bench.sh ${arg:-20} > "$logs/collectives.txt" 2>&1
                 rc=$?; grep "^collectives_bench: " "$logs/collectives.txt"
                 cat "$logs/collectives/collectives.md" 2>/dev/null || tail -20 "$logs/collectives.txt" ;;
    variants) OUT="$logs/variants" bash benchmarks/gpu_variants.sh ${arg:-100} 5 > "$logs/variants.txt" 2>&1
              rc=$?; cat "$logs/variants/variants.md" 2>/dev/null || tail -20 "$logs/variants.txt" ;;
    profile) OUT="$logs/bench" bash benchmarks/gpu_profile.sh > "$logs/profile.txt" 2>&1
             rc=$?; cat "$logs/bench/profile/profile.md" 2>/dev/null || tail -20 "$logs/profile.txt" ;;
    worksharing) # a repeated step gets its own folder: ws, ws.2, ws.3, ...
                 ws="$logs/ws"; k=1; while [ -e "$ws" ]; do k=$((k+1)); ws="$logs/ws.$k"; done
                 OUT="$ws" bash benchmarks/worksharing_bench.sh ${arg:-20} > "$ws.txt" 2>&1
                 rc=$?; sed -n '/against the best/,/^plot/p' "$ws.txt" ;;
    worksharing-before) # the same benchmark on the programs and runtime of
                        # `gpu-prepare.sh --bench --before DIR` (after `before`)
           mkdir -p build-gpu-before-ws && ln -sfn "$root/build-gpu/progs-before" build-gpu-before-ws/progs
           ws="$logs/ws-before"; k=1; while [ -e "$ws" ]; do k=$((k+1)); ws="$logs/ws-before.$k"; done
           XMP_BENCH_BUILD="$root/build-gpu-before-ws" OUT="$ws" \
             bash benchmarks/worksharing_bench.sh ${arg:-20} > "$ws.txt" 2>&1
           rc=$?; sed -n '/against the best/,/^plot/p' "$ws.txt" ;;
    worksharing-starpu)
           OUT="$logs/starpu" bash scripts/gpu-starpu.sh > "$logs/starpu.txt" 2>&1
           rc=$?; tail -12 "$logs/starpu.txt"
           if [ $rc = 0 ]; then
             ld="$(tail -1 "$logs/starpu.txt")"; ld="${ld#LD_LIBRARY_PATH=}"
             LD_LIBRARY_PATH="$ld${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" XMP_CPU_EXECUTOR=starpu \
               XMP_BENCH_BUILD="$root/build-gpu-starpu" OUT="$logs/ws-starpu" \
               bash benchmarks/worksharing_bench.sh ${arg:-20} > "$logs/ws-starpu.txt" 2>&1
             rc=$?; sed -n '/against the best/,/^plot/p' "$logs/ws-starpu.txt"
             if [ -f "$logs/ws/steps.txt" ]; then # side by side with the thread pool's run
               python3 benchmarks/worksharing_compare.py "$logs/ws" "$logs/ws-starpu" \
                 | tee "$logs/ws-starpu/compare.md"
             fi
           fi ;;
    npb-cg-cpu) IFS=, read -r nc nr nn <<< "$arg"
           OUT="$logs/npb-cg-cpu" bash benchmarks/npb_cg_cpu.sh \
             "$(echo "${nc:-SWA}" | sed 's/./& /g')" "$(echo "${nr:-124}" | sed 's/./& /g')" \
             ${nn:-3} > "$logs/npb-cg-cpu.txt" 2>&1
           rc=$?; tail -20 "$logs/npb-cg-cpu.txt" ;;
    npb-cg-gpu) IFS=, read -r nc ng nn <<< "$arg"
           OUT="$logs/npb-cg-gpu" bash benchmarks/npb_cg_gpu.sh \
             "$(echo "${nc:-SWAB}" | sed 's/./& /g')" "$(echo "${ng:-1}" | sed 's/./& /g')" \
             ${nn:-3} > "$logs/npb-cg-gpu.txt" 2>&1
           rc=$?; tail -24 "$logs/npb-cg-gpu.txt" ;;
    himeno-cpu) IFS=, read -r hi hr <<< "$arg"
           OUT="$logs/himeno-cpu" bash benchmarks/himeno_cpu_carried.sh ${hi:-200} ${hr:-7} \
             > "$logs/himeno-cpu.txt" 2>&1
           rc=$?; tail -20 "$logs/himeno-cpu.txt" ;;
    experiment) # experiment:NAME[,ARGS]: benchmarks/experiments/NAME.sh ARGS
           IFS=, read -r en ea <<< "$arg"
           OUT="$logs" bash "benchmarks/experiments/$en.sh" ${ea//,/ } > "$logs/$en.txt" 2>&1
           rc=$?; tail -20 "$logs/$en.txt" ;;
    debug) # debug:PROG,ARGS...: a backtrace under cuda-gdb, then compute-sanitizer
           IFS=, read -r -a dargs <<< "$arg"
           prog="build-gpu/progs/${dargs[0]}"
           timeout 120 cuda-gdb -batch -ex run -ex bt -ex "info threads" --args "$prog" "${dargs[@]:1}" \
             > "$logs/debug-${dargs[0]}.gdb.txt" 2>&1
           timeout 120 compute-sanitizer --tool memcheck "$prog" "${dargs[@]:1}" \
             > "$logs/debug-${dargs[0]}.memcheck.txt" 2>&1
           rc=$?; tail -40 "$logs/debug-${dargs[0]}.gdb.txt"; tail -15 "$logs/debug-${dargs[0]}.memcheck.txt" ;;
    timeline) # timeline:PROG,ARGS...: XMP_GPU_TIMELINE of one run (1 rank)
           IFS=, read -r -a targs <<< "$arg"
           tl="$logs/timeline-${targs[0]}.csv"
           XMP_GPU_TIMELINE="$tl" "build-gpu/progs/${targs[0]}" "${targs[@]:1}" \
             > "$logs/timeline-${targs[0]}.out" 2>&1
           rc=$?; [ -f "$tl" ] || tl="$tl.0" # one file per rank: NAME.RANK
           python3 benchmarks/timeline_report.py "$tl" 20 2>&1 | tee "$logs/timeline-${targs[0]}.txt" ;;
    *) echo "gpu-session: unknown step $step"; rc=2 ;;
  esac
  echo "=== $step: rc=$rc in $(( $(date +%s) - s0 )) s"
  # Packed after every step: a call cut off by its time limit still brings
  # back the steps that finished.
  tar -czf "$final/session.tgz" -C /tmp xmp-session
done
echo "gpu-session: total $(( $(date +%s) - t0 )) s; logs in session.tgz"
