#!/usr/bin/env bash
# One call on the GPU machine (device tool), after scripts/gpu-prepare.sh
# here: runs the named steps in order, keeps every log under one folder and
# packs it into $OUT/session.tgz (the device tool brings back 8 files at
# most), printing each step's summary.
#   bash scripts/gpu-session.sh STEP...
# Steps: tests[:NP,NP..] (scripts/gpu-tests.sh), before (scripts/gpu-before.sh),
#        bench[:ITERS] (benchmarks/gpu_bench.sh), profile (benchmarks/gpu_profile.sh),
#        worksharing[:STEPS] (benchmarks/worksharing_bench.sh)
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
    profile) OUT="$logs/bench" bash benchmarks/gpu_profile.sh > "$logs/profile.txt" 2>&1
             rc=$?; cat "$logs/bench/profile/profile.md" 2>/dev/null || tail -20 "$logs/profile.txt" ;;
    worksharing) OUT="$logs/ws" bash benchmarks/worksharing_bench.sh ${arg:-20} > "$logs/ws.txt" 2>&1
                 rc=$?; tail -25 "$logs/ws.txt" ;;
    *) echo "gpu-session: unknown step $step"; rc=2 ;;
  esac
  echo "=== $step: rc=$rc in $(( $(date +%s) - s0 )) s"
  # Packed after every step: a call cut off by its time limit still brings
  # back the steps that finished.
  tar -czf "$final/session.tgz" -C /tmp xmp-session
done
echo "gpu-session: total $(( $(date +%s) - t0 )) s; logs in session.tgz"
