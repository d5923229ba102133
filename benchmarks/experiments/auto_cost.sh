#!/usr/bin/env bash
# Experiment (issue 19): where does weight(auto)'s whole-program cost over
# weight 0 come from on the small, latency-bound cases? 100-step untraced
# runs (a user's run), ROUNDS (7) alternating rounds, one rank, of
#   w0       weight 0
#   w0sync   weight 0 with every step timed (XMP_STEP_TIMING=always): the
#            host waits for each step, as auto's timed steps do
#   auto     weight(auto)
#   autoser  weight(auto) with XMP_CPU_EXECUTOR=serial: no thread pool to
#            start (its probe step runs on one core)
#   autov    weight(auto) with XMP_VERBOSE=1 (the probe count and cost,
#            and since session 36 the GPU-only steps timed and the reads
#            that waited; XMP_VERBOSE no longer times settled steps)
#   autob    weight(auto), the same object linked against the runtime of
#            .gpu-carry/before/src.tar.gz (scripts/gpu-before.sh), when
#            build-gpu-before/ exists
# for matmul 256, N-body 1001 and N-body 4096; prints medians per variant
# in ms per step and auto's excess over w0 split into those parts.
# VARIANTS (env) picks the variants (default: all), PROGS the programs
# (default: matmul_dev_256 nbody nbody_4k).
# On the GPU machine after gpu-prepare.sh --bench (builds what it needs).
set -uo pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
root="$(pwd)"; b="$root/build-gpu"; p="$b/progs"; o="${OUT:-/tmp}/auto_cost"
mkdir -p "$o" "$p"
rounds="${1:-7}"; steps="${2:-100}"
. "$root/benchmarks/gpu_runtime.sh"
need_runtime "$b" "$o" || exit 1
progs="${PROGS:-matmul_dev_256 nbody nbody_4k}"
for n in $progs; do
  [ -x "$p/$n.gpu" ] || link_carried "$n" "$p/$n.gpu" "$b" || exit 1
  bb="$root/build-gpu-before"
  [ -f "$bb/lib/libxmprt.so" ] && { link_carried "$n" "$p/$n.gpu.before" "$bb" || exit 1; }
done
vs="${VARIANTS:-w0 auto w0sync autoser autov autob}"
[ -f "$root/build-gpu-before/lib/libxmprt.so" ] || vs="${vs/autob/}"
. "$root/benchmarks/sizes.sh"
nproc; nvidia-smi -L
run() { # file exe weight env...
  local f="$1" prog="$2" w="$3" exe="$p/$2.gpu"; shift 3
  [ "${1:-}" = before ] && { exe="$exe.before"; shift; }
  env "$@" mpirun --bind-to none -np 1 -x XMP_STEP_TIMING -x XMP_CPU_EXECUTOR -x XMP_VERBOSE \
    "$exe" "$steps" "$w" $(bench_args "$prog") > "$f" 2>&1
}
for r in $(seq 1 "$rounds"); do
  for prog in $progs; do
    for v in $vs; do
      case $v in
        w0) run "$o/$prog.w0.r$r.txt" "$prog" 0 ;;
        auto) run "$o/$prog.auto.r$r.txt" "$prog" -1 ;;
        w0sync) run "$o/$prog.w0sync.r$r.txt" "$prog" 0 XMP_STEP_TIMING=always ;;
        autoser) run "$o/$prog.autoser.r$r.txt" "$prog" -1 XMP_CPU_EXECUTOR=serial ;;
        autov) run "$o/$prog.autov.r$r.txt" "$prog" -1 XMP_VERBOSE=1 ;;
        autob) run "$o/$prog.autob.r$r.txt" "$prog" -1 before ;;
      esac
    done
  done
done
PROGS="$progs" python3 - "$o" "$rounds" "$steps" $vs <<'EOF'
import os, re, statistics, sys
progs = os.environ["PROGS"].split()
o, rounds, steps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
vs = sys.argv[4:]
def t(f):
    for l in open(f):
        w = l.split()
        if len(w) >= 3 and w[0] == "XMP-RESULT" and w[1] == "time":
            return float(w[2]) / steps * 1e3
    return float("nan")
print(f"ms per step, median of {rounds} rounds ({steps} steps; all runs in brackets)")
print("| case | " + " | ".join(vs) + " | " + " | ".join(f"{v} - w0 (us/step)" for v in vs if v != "w0") + " |")
print("|---" * (2 * len(vs)) + "|")
for prog in progs:
    m = {}
    cells = []
    for v in vs:
        xs = [t(f"{o}/{prog}.{v}.r{r}.txt") for r in range(1, rounds + 1)]
        m[v] = statistics.median(xs)
        cells.append(f"{m[v]:.4f} [{' '.join(f'{x:.3f}' for x in xs)}]")
    d = lambda a: (m[a] - m["w0"]) * 1e3
    print(f"| {prog} | " + " | ".join(cells) + " | " + " | ".join(f"{d(v):.1f}" for v in vs if v != "w0") + " |")
for prog in progs if "autov" in vs else []:
    print(f"--- {prog} XMP_VERBOSE (round 1), lines about probes / settling:")
    for l in open(f"{o}/{prog}.autov.r1.txt"):
        if re.search(r"probe|settle|weight|executor", l):
            print("   ", l.rstrip()[:200])
EOF
tar czf "${OUT:-/tmp}/auto_cost.tgz" -C "$o" . && rm -rf "$o"
