#!/usr/bin/env bash
# CPU/GPU work sharing (issue 7, thesis chapter 4), side by side in one run
# on the lent GPU machine, after scripts/gpu-prepare.sh --bench here and
# scripts/gpu-tests.sh there (it builds build-gpu/ and links the programs):
#   bash benchmarks/worksharing_bench.sh [STEPS]
# For each case (N-body N = 32768, 4096, 1001; 2-D matrix product N = 1024,
# 256), one rank, one GPU, the CPU part on the thread pool's workers:
#   weight 0 (all GPU), weight 1 (all CPU), a sweep of fixed weights, and
#   weight(auto) with the weight trace (XMP_WEIGHT_TRACE); then the
#   sweep's best fixed weight (by program time) and weight(auto) again in
#   XMP_WS_ROUNDS (7) alternating rounds, each round a traced and an
#   untraced run of both. Issue 19's targets compare medians of those
#   rounds: one run of each against the best of a sweep measured the
#   noise between runs (about 10% at 0.1 ms a step), not the controller;
#   3 rounds were not enough either (matmul 256, session 36: weight 0's
#   untraced runs 9.80, 11.06, 9.91 ms).
# benchmarks/worksharing_report.py turns the raw outputs into the table
# (time per step, best fixed weight, auto's settle steps and its share of
# r_cpu + r_gpu) and the SVG plot of the auto traces. Raw output: $OUT (or
# /tmp/xmp-ws-bench).
set -uo pipefail
# XMP_BENCH_BUILD: another build folder with progs/ (build-gpu-starpu, by
# scripts/gpu-starpu.sh: libxmprt with StarPU); XMP_CPU_EXECUTOR=starpu then
# times the StarPU executor (Debian's StarPU 1.3 has at most 4 CPU workers,
# STARPU_MAXCPUS) where the default is the thread pool.
root="$(pwd)"; b="${XMP_BENCH_BUILD:-$root/build-gpu}"; p="$b/progs"
. "$root/benchmarks/sizes.sh" # bench_args: the size of each build
out="${OUT:-/tmp/xmp-ws-bench}"; mkdir -p "$out"
steps="${1:-20}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export XMP_CPU_EXECUTOR="${XMP_CPU_EXECUTOR:-threads}"
run() { # case prog steps weight(thousandths | auto)
  local f="$out/$1.w$4" arg="$4"
  [ "$4" = auto ] && arg=-1
  rm -f "$f.trace.csv"
  XMP_WEIGHT_TRACE="$f.trace.csv" mpirun --bind-to none -np 1 \
    -x XMP_WEIGHT_TRACE -x XMP_CPU_EXECUTOR ${LD_LIBRARY_PATH:+-x LD_LIBRARY_PATH} "$p/$2.gpu" "$3" "$arg" $(bench_args "$2") > "$f.txt" 2>&1
  echo "$1 weight $4 steps $3: $(awk '$1=="XMP-RESULT" && $2=="time"{print $3}' "$f.txt") s"
}
# The rounds: the best fixed weight B of the sweep (lowest program time
# per step) and auto, alternating, XMP_WS_ROUNDS times: traced
# ($case.round.w{B,auto}.rN.{txt,trace.csv}) and untraced
# ($case.untraced.w{B,auto}.rN.txt).
best_fixed() { # case: the swept weight (thousandths) with the lowest time per step
  local c="$1"
  for f in "$out/$c".w*.txt; do
    local w="${f##*/$c.w}"; w="${w%.txt}"
    [[ "$w" =~ ^[0-9]+$ ]] || continue
    local n; n=$(awk -v c="$c" -v w="$w" '$1=="steps" && $2==c {print (w=="1000" ? $4 : $3)}' "$out/steps.txt")
    awk -v w="$w" -v n="$n" '$1=="XMP-RESULT" && $2=="time" {printf "%.9g %s\n", $3/n, w}' "$f"
  done | sort -g | awk 'NR==1{print $2}'
}
rounds() { # case prog steps
  local r w arg b; b="$(best_fixed "$1")"
  echo "$b" > "$out/$1.best_fixed"
  for r in $(seq 1 "${XMP_WS_ROUNDS:-7}"); do
    for w in "$b" auto; do
      arg="$w"; [ "$w" = auto ] && arg=-1
      local f="$out/$1.round.w$w.r$r"
      rm -f "$f.trace.csv"
      XMP_WEIGHT_TRACE="$f.trace.csv" mpirun --bind-to none -np 1 -x XMP_WEIGHT_TRACE -x XMP_CPU_EXECUTOR \
        ${LD_LIBRARY_PATH:+-x LD_LIBRARY_PATH} "$p/$2.gpu" "$3" "$arg" $(bench_args "$2") > "$f.txt" 2>&1
      mpirun --bind-to none -np 1 -x XMP_CPU_EXECUTOR ${LD_LIBRARY_PATH:+-x LD_LIBRARY_PATH} \
        "$p/$2.gpu" "$3" "$arg" $(bench_args "$2") > "$out/$1.untraced.w$w.r$r.txt" 2>&1
    done
  done
  echo "$1 rounds, best fixed w=$b / auto, untraced: $(for r in $(seq 1 "${XMP_WS_ROUNDS:-7}"); do for w in "$b" auto; do awk '$1=="XMP-RESULT" && $2=="time"{printf "%s ", $3}' "$out/$1.untraced.w$w.r$r.txt"; done; done)s"
}
# Standalone when the `tests` step did not run: libxmprt and the programs.
. "$root/benchmarks/gpu_runtime.sh"
need=(nbody_32k nbody_4k nbody matmul_dev_1k matmul_dev_256)
if [ -z "${XMP_BENCH_BUILD:-}" ]; then
  for n in "${need[@]}"; do
    [ -x "$p/$n.gpu" ] && continue
    need_runtime "$b" "$out" || exit 1
    mkdir -p "$p"
    link_carried "$n" "$p/$n.gpu" "$b" || exit 1
  done
fi
nproc; nvidia-smi -L
bench() { # case prog steps cpu_steps sweep...
  local c="$1" prog="$2" s="$3" sc="$4"; shift 4
  echo "steps $c $s $sc" >> "$out/steps.txt"
  run "$c" "$prog" "$s" 0
  run "$c" "$prog" "$sc" 1000
  for w in "$@"; do run "$c" "$prog" "$s" "$w"; done
  run "$c" "$prog" "$s" auto
  rounds "$c" "$prog" "$s"
}
rm -f "$out/steps.txt" "$out"/*.untraced.* "$out"/*.round.*
bench nbody_32k nbody_32k "$steps" 3 2 5 10 20 50
bench nbody_4k nbody_4k "$steps" "$steps" 20 50 100 200 400
bench nbody_1001 nbody "$steps" "$steps" 300 500 700 900
bench matmul_1k matmul_dev_1k "$steps" 3 2 5 10 20 50
bench matmul_256 matmul_dev_256 "$steps" "$steps" 50 100 200 400 700
python3 "$root/benchmarks/worksharing_report.py" "$out" | tee "$out/report.md"
