#!/usr/bin/env bash
# Experiment (issue 17 / 14): xmp-kernel-hoist-loads on the XMP-dev N-body
# from C. examples/nbody.c reads the mass jp[j][3] after 1.0 / sqrt(r2);
# nbody.mlir loads it first. Three builds at weight 0 (all on the GPU):
# C with the pass (the default), C with --pipeline=hoist-loads=false, and
# nbody.mlir (--specialize), for N = 4096 (steps 100 and 1100) and
# N = 32768 (steps 10 and 60), ROUNDS (default 3) interleaved rounds; ms
# per step = (median time(long) - median time(short)) / (long - short).
# On the GPU machine after scripts/gpu-prepare.sh --bench here (objects
# nbody_c_4k, nbody_c_4k_nohoist, nbody_c_32k, nbody_c_32k_nohoist,
# nbody_4k, nbody_32k in .gpu-carry/obj); builds build-gpu/lib if missing.
set -uo pipefail
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
root="$(pwd)"; b="$root/build-gpu"
o="${OUT:-/tmp}/hoist_loads"; mkdir -p "$o/bin"
rounds="${1:-3}"
. "$root/benchmarks/gpu_runtime.sh"
need_runtime "$b" "$o" || exit 1
progs="nbody_c_4k nbody_c_4k_nohoist nbody_4k nbody_c_32k nbody_c_32k_nohoist nbody_32k"
for p in $progs; do
  link_carried "$p" "$o/bin/$p" "$b" || exit 1
done
args() { # program steps -> its arguments (the .mlir ones take N as argv[3])
  case "$1" in nbody_4k) echo "$2 0 4096" ;; nbody_32k) echo "$2 0 32768" ;; *) echo "$2 0" ;; esac
}
steps() { case "$1" in *4k*) echo "100 1100" ;; *) echo "10 60" ;; esac; }
for r in $(seq 1 "$rounds"); do
  for p in $progs; do
    for n in $(steps "$p"); do
      mpirun --bind-to none -np 1 "$o/bin/$p" $(args "$p" "$n") > "$o/$p.$n.r$r.txt" 2>&1
    done
  done
done
python3 - "$o" "$rounds" $progs <<'PY'
import re, statistics, sys
o, rounds, progs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def val(path, key):
    for line in open(path):
        m = re.match(r"XMP-RESULT (\S+) (\S+)", line)
        if m and m.group(1) == key:
            return float(m.group(2))
    return float("nan")
rows = ["| program | ms/step | per-round ms/step | checksum (long run) |", "|---|---|---|---|"]
for p in progs:
    n1, n2 = (100, 1100) if "4k" in p else (10, 60)
    per = [(val(f"{o}/{p}.{n2}.r{r}.txt", "time") - val(f"{o}/{p}.{n1}.r{r}.txt", "time")) / (n2 - n1) * 1e3
           for r in range(1, rounds + 1)]
    t = (statistics.median(val(f"{o}/{p}.{n2}.r{r}.txt", "time") for r in range(1, rounds + 1)) -
         statistics.median(val(f"{o}/{p}.{n1}.r{r}.txt", "time") for r in range(1, rounds + 1))) / (n2 - n1) * 1e3
    rows.append(f"| {p} | {t:.4f} | {' '.join(f'{x:.4f}' for x in per)} | {val(f'{o}/{p}.{n2}.r1.txt', 'checksum'):.17g} |")
text = "\n".join(rows) + "\n"
open(f"{o}/hoist_loads.md", "w").write(text)
print(text, end="")
PY
