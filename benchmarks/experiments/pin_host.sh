#!/usr/bin/env bash
# Experiment (issues 19 / 14): does page-locking the host block of arrays
# copied between the instances at every step (XMP_PIN_HOST_AFTER, default
# 3; 0 = never, the behaviour before session 37) make device loops outside
# replicate regions faster and their time steadier from process to process?
# 100-step runs (XMP-RESULT time, the timed loop), ROUNDS (5) alternating
# rounds, one rank, of matmul_dev 1024 and 256 (c, 8 MiB / 512 KiB, copied
# back every step; 256's blocks stay pageable: under 1 MiB) and N-body 4096
# and 32768 at weight 0, a fixed split weight and weight(auto), each with
# pinning and without. Prints medians (ms per step), the spread over the
# rounds (max / min) and the ratio pinned / pageable.
# On the GPU machine after gpu-prepare.sh --bench:
#   bash scripts/gpu-session.sh experiment:pin_host[,ROUNDS]
set -uo pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
root="$(pwd)"; b="$root/build-gpu"; p="$b/progs"; o="${OUT:-/tmp}/pin_host"
mkdir -p "$o" "$p"
rounds="${1:-5}"; steps="${2:-100}"
. "$root/benchmarks/gpu_runtime.sh"
. "$root/benchmarks/sizes.sh"
need_runtime "$b" "$o" || exit 1
progs="matmul_dev_1k matmul_dev_256 nbody_4k nbody_32k"
for n in $progs; do
  [ -x "$p/$n.gpu" ] || link_carried "$n" "$p/$n.gpu" "$b" || exit 1
done
nvidia-smi -L
# weight 0, a fixed split (thousandths), auto (-1)
weights() { case $1 in matmul_dev_1k) echo "0 20 -1" ;; matmul_dev_256) echo "0 50 -1" ;;
  nbody_4k) echo "0 30 -1" ;; nbody_32k) echo "0 10 -1" ;; esac; }
for r in $(seq 1 "$rounds"); do
  for prog in $progs; do
    s=$steps; [ "$prog" = nbody_32k ] && s=$((steps / 5))
    for w in $(weights "$prog"); do
      for pin in 3 0; do
        XMP_PIN_HOST_AFTER=$pin mpirun --bind-to none -np 1 -x XMP_PIN_HOST_AFTER \
          "$p/$prog.gpu" "$s" "$w" $(bench_args "$prog") > "$o/$prog.w$w.pin$pin.r$r.txt" 2>&1
      done
    done
  done
done
python3 - "$o" "$rounds" "$steps" $progs <<'PY'
import statistics, sys
o, rounds, steps, progs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
W = {"matmul_dev_1k": "0 20 -1", "matmul_dev_256": "0 50 -1", "nbody_4k": "0 30 -1", "nbody_32k": "0 10 -1"}
def t(f, s):
    for l in open(f):
        w = l.split()
        if len(w) >= 3 and w[0] == "XMP-RESULT" and w[1] == "time":
            return float(w[2]) / s * 1e3
    return float("nan")
def res(f):
    return sorted(l for l in open(f) if l.startswith("XMP-RESULT") and " time " not in l)
print(f"ms per step, median of {rounds} rounds (max/min over the rounds in brackets)")
print("| case | weight | pinned (default) | pageable (XMP_PIN_HOST_AFTER=0) | pinned / pageable | same results |")
print("|---|---|---|---|---|---|")
for prog in progs:
    s = steps // 5 if prog == "nbody_32k" else steps
    for w in W[prog].split():
        m = {}
        for pin in ("3", "0"):
            xs = [t(f"{o}/{prog}.w{w}.pin{pin}.r{r}.txt", s) for r in range(1, rounds + 1)]
            m[pin] = (statistics.median(xs), max(xs) / min(xs))
        same = all(res(f"{o}/{prog}.w{w}.pin3.r{r}.txt") == res(f"{o}/{prog}.w{w}.pin0.r{r}.txt")
                   for r in range(1, rounds + 1)) if w == "0" else "(split)"
        wn = "auto" if w == "-1" else f"{int(w) / 1000:g}"
        print(f"| {prog} | {wn} | {m['3'][0]:.4f} ({m['3'][1]:.3f}) | {m['0'][0]:.4f} ({m['0'][1]:.3f}) | {m['3'][0] / m['0'][0]:.3f} | {same} |")
PY
tar czf "${OUT:-/tmp}/pin_host.tgz" -C "$o" . && rm -rf "$o"
