#!/usr/bin/env bash
# The parity suite on the GPU machine (test/Integration/Inputs/parity,
# issue 20): each program's GPU build (carried in .gpu-carry/obj/parity/
# by scripts/gpu-prepare.sh) runs on every rank count of PARITY_NPS
# (default "1 2 4": with 2 GPUs, 4 ranks share them), all on the GPU
# (XMP_WEIGHT_DEFAULT=0) and split with the CPU cores
# (XMP_WEIGHT_DEFAULT=0.5), programs with acc reflects also with every halo
# through IB (XMP_SUBCLUSTER_SIZE=1, 2 ranks or more); every output must
# equal the sequential reference and the CPU build, key by key
# (compare.py all), and the GPU runs must have had a GPU.
#
# Sourced by scripts/gpu-tests.sh, which provides check/ok/ko, mpicc_link,
# cmp_, mpirun_ and $root, $carry, $b, $logs. Run directly it is a dry run
# of the CPU halves on a machine without a GPU (a development machine):
#   bash scripts/gpu-parity.sh --cpu-only [LIBDIR]     (default build/lib)
# links the carried CPU objects against LIBDIR/libxmprt, runs them and the
# references, and compares; the GPU builds are only linked.

parity_suite() { # [cpu-only]
  local cpu_only="${1:-0}" pdir="$root/test/Integration/Inputs/parity"
  local nps n o p l allowed np src refnp r
  read -r -a nps <<< "${PARITY_NPS:-1 2 4}"
  mkdir -p "$b/progs/parity" "$logs/parity"
  local objs=("$carry"/obj/parity/*.gpu.o)
  if [ ! -e "${objs[0]}" ]; then
    ko "parity: no objects in $carry/obj/parity (run scripts/gpu-prepare.sh)"
    return
  fi
  for o in "${objs[@]}"; do
    n="$(basename "${o%.gpu.o}")"
    src="$pdir/$n.mlir"
    p="$b/progs/parity/$n"
    l="$logs/parity/$n"
    mpicc_link "$o" "$p.gpu" 2>> "$logs/link.log" || { ko "parity $n: link gpu"; continue; }
    mpicc_link "${o%.gpu.o}.cpu.o" "$p.cpu" 2>> "$logs/link.log" || { ko "parity $n: link cpu"; continue; }
    cc -O2 -ffp-contract=off "$pdir/${n}_ref.c" -o "$p.ref" -lm 2>> "$logs/link.log" \
      || { ko "parity $n: compile reference"; continue; }
    "$p.ref" > "$l.ref" || { ko "parity $n: reference"; continue; }
    allowed="$(sed -n 's|^// PARITY-NP:||p' "$src")"
    # "// PARITY-REF-NP": the results depend on the rank count; the
    # reference takes it as its argument (run once per rank count).
    refnp=0
    grep -q '^// PARITY-REF-NP' "$src" && refnp=1
    for np in "${nps[@]}"; do
      if [ -n "$allowed" ] && ! grep -qw -- "$np" <<< "$allowed"; then
        echo "parity $n: np$np skipped (PARITY-NP:$allowed)"
        continue
      fi
      r="$l.ref"
      if [ "$refnp" = 1 ]; then
        r="$l.ref.np$np"
        "$p.ref" "$np" > "$r" || { ko "parity $n: reference np$np"; continue; }
      fi
      "${mpirun_[@]}" -np "$np" "$p.cpu" > "$l.cpu.np$np" 2> "$l.cpu.np$np.err"
      check "parity $n cpu np$np" cmp_ "$r" "$l.cpu.np$np" all
      [ "$cpu_only" = 1 ] && continue
      XMP_WEIGHT_DEFAULT=0 "${mpirun_[@]}" -x XMP_WEIGHT_DEFAULT -np "$np" "$p.gpu" \
        > "$l.gpu.np$np" 2> "$l.gpu.np$np.err"
      check "parity $n gpu np$np" parity_gpu_ok "$l.gpu.np$np.err" \
        cmp_ "$r" "$l.gpu.np$np" all
      check "parity $n gpu=cpu np$np" cmp_ "$l.cpu.np$np" "$l.gpu.np$np" all
      XMP_WEIGHT_DEFAULT=0.5 "${mpirun_[@]}" -x XMP_WEIGHT_DEFAULT -np "$np" "$p.gpu" \
        > "$l.split.np$np" 2> "$l.split.np$np.err"
      check "parity $n gpu weight 0.5 np$np" parity_gpu_ok "$l.split.np$np.err" \
        cmp_ "$r" "$l.split.np$np" all
      if [ "$np" -ge 2 ] && grep -q 'reflect.* acc' "$src"; then
        XMP_SUBCLUSTER_SIZE=1 "${mpirun_[@]}" -x XMP_SUBCLUSTER_SIZE -np "$np" "$p.gpu" \
          > "$l.ib.np$np" 2> "$l.ib.np$np.err"
        check "parity $n gpu np$np subcluster=1 (IB)" parity_gpu_ok "$l.ib.np$np.err" \
          cmp_ "$r" "$l.ib.np$np" all
      fi
    done
  done
}

# A GPU run must have had a GPU on every rank (without one, device loops
# silently run on the CPU cores), then the comparison must pass.
parity_gpu_ok() { # stderr-file command...
  local err="$1"; shift
  if grep -q "no GPU on this rank" "$err"; then
    echo "parity: a rank had no GPU ($err):"; grep "no GPU" "$err" | head -3
    return 1
  fi
  "$@"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  # Dry run of the CPU halves (see the header).
  set -uo pipefail
  [ "${1:-}" = "--cpu-only" ] || { echo "usage: $0 --cpu-only [LIBDIR]" >&2; exit 2; }
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  carry="$root/.gpu-carry"
  lib="${2:-$root/build/lib}"
  b="$(mktemp -d /tmp/xmp-parity.XXXXXX)"
  logs="$b/logs"; mkdir -p "$logs"
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  export OMPI_MCA_rmaps_base_oversubscribe=1
  mpirun_=(mpirun --bind-to none)
  pass=0; fail=0
  ok() { echo "PASS $1"; pass=$((pass+1)); }
  ko() { echo "FAIL $1"; fail=$((fail+1)); }
  check() { local name="$1"; shift; if "$@" >> "$logs/checks.log" 2>&1; then ok "$name"; else ko "$name"; fi; }
  mpicc_link() { mpicc "$1" -o "$2" -L"$lib" -lxmprt -Wl,-rpath,"$lib" -lstdc++ -lm; }
  cmp_() { python3 "$root/test/Integration/compare.py" "$@"; }
  parity_suite 1
  echo "gpu-parity (cpu only): $pass passed, $fail failed; logs in $logs"
  [ "$fail" = 0 ]
fi
