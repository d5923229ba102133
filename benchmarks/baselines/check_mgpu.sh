#!/usr/bin/env bash
# Builds the multi-GPU baselines (himeno_mgpu.cu, laplace2d_mgpu.cu) and
# checks them against the sequential references on a machine with GPUs.
#
#   benchmarks/baselines/check_mgpu.sh [BUILD_DIR]      (default /tmp/xmp-mgpu)
#
# Needs nvcc (PATH or /usr/local/cuda/bin), Open MPI (mpicxx, mpirun), cc
# (or gcc) and python3; no MLIR. Steps:
#   1. builds both programs into BUILD_DIR with
#      `nvcc -O3 -arch=$ARCH -ccbin mpicxx -Xptxas -v` (if that fails: nvcc
#      with the flags of `mpicxx --showme:compile` / `--showme:link`), prints
#      registers and spills per kernel; builds examples/laplace2d_ref.c and
#      himeno_ref.c (XS, -DSMALL, -DMIDDLE) with `cc -O2 -ffp-contract=off`
#      as check_on_gpu.sh does;
#   2. for np = 1, 2 (and 3 if there are at least 3 GPUs), each with and
#      without --no-overlap, runs `mpirun --bind-to none --oversubscribe -np
#      NP` and compares the XMP-RESULT lines with the references
#      (test/Integration/compare.py, check_on_gpu.sh's tolerances):
#        laplace2d_mgpu 256x192 16   checksum exact
#        laplace2d_mgpu 256x192 100  checksum within 1e-12
#        himeno_mgpu XS 12           gosa within 1e-3
#        himeno_mgpu S 20            gosa within 1e-3
#        himeno_mgpu M 20            gosa within 2e-2
#      and checks that results that do not depend on the decomposition are
#      the same as with np = 1 (overlapped), exactly: laplace's checksum (row
#      sums added in row order) and himeno's psum (the sum of p, plane by
#      plane; every element of p is computed bit-for-bit as the reference);
#   3. decomposition corner cases for np >= 2, exact against np = 1:
#      laplace2d_mgpu 7x40, 5x64, 3x40, 4x33 (ranks whose rows are never
#      updated; with np = 3, 4x33 leaves rank 2 without rows),
#      and one run of each program without warm-up (WARMUP = 0).
# Each run is limited to $RUN_TIMEOUT seconds (default 180): a hang (a
# synchronization bug) fails the check instead of blocking. Prints PASS or
# FAIL per check; exits 1 if any check failed, 0 otherwise.
#
# Environment (defaults): ARCH=sm_90, NGPU=<nvidia-smi -L count>,
# RUN_TIMEOUT=180, MPIRUN_ARGS="" (extra mpirun arguments).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/benchmarks/baselines"
out="${1:-/tmp/xmp-mgpu}"
arch="${ARCH:-sm_90}"
run_timeout="${RUN_TIMEOUT:-180}"
compare="$root/test/Integration/compare.py"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

die() { echo "check_mgpu: $*" >&2; exit 1; }
nvcc_bin="$(command -v nvcc || true)"
[ -z "$nvcc_bin" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc_bin=/usr/local/cuda/bin/nvcc
[ -n "$nvcc_bin" ] || die "nvcc not found (PATH or /usr/local/cuda/bin)"
mpicxx_bin="$(command -v mpicxx || true)"
[ -n "$mpicxx_bin" ] || die "mpicxx not found"
mpirun_bin="$(command -v mpirun || true)"
[ -n "$mpirun_bin" ] || die "mpirun not found"
cc_bin="$(command -v cc || command -v gcc || true)"
[ -n "$cc_bin" ] || die "neither cc nor gcc found"
command -v python3 > /dev/null || die "python3 not found"
mkdir -p "$out" || die "cannot create $out"
log="$out/logs"; mkdir -p "$log"

if [ -n "${NGPU:-}" ]; then
  ngpu="$NGPU"
else
  ngpu="$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)"
  [ -n "$ngpu" ] && [ "$ngpu" -gt 0 ] || ngpu=1
fi
nps="1 2"
[ "$ngpu" -ge 3 ] && nps="1 2 3"
echo "== $ngpu GPU(s); np in: $nps; build dir $out"

echo "== build ($nvcc_bin -arch=$arch -ccbin $mpicxx_bin; $cc_bin)"
build() {  # build PROG
  local prog="$1" blog="$log/$1.build.log"
  if "$nvcc_bin" -O3 -arch="$arch" -ccbin "$mpicxx_bin" -Xptxas -v \
       -o "$out/$prog" "$here/$prog.cu" > "$blog" 2>&1; then
    return 0
  fi
  echo "   -ccbin mpicxx failed ($(tail -1 "$blog")); trying nvcc with mpicxx --showme flags"
  local flags=() tok
  for tok in $("$mpicxx_bin" --showme:compile) $("$mpicxx_bin" --showme:link); do
    case "$tok" in
      -I*|-L*|-l*|-D*) flags+=("$tok") ;;
      -Wl,*) flags+=(-Xlinker "${tok#-Wl,}") ;;
      *) flags+=(-Xcompiler "$tok") ;;
    esac
  done
  "$nvcc_bin" -O3 -arch="$arch" -Xptxas -v "${flags[@]}" -o "$out/$prog" \
      "$here/$prog.cu" > "$blog" 2>&1
}
for prog in laplace2d_mgpu himeno_mgpu; do
  build "$prog" || { cat "$log/$prog.build.log"; die "nvcc failed on $prog.cu"; }
  if grep -qi "warning" "$log/$prog.build.log"; then
    grep -i "warning" "$log/$prog.build.log"; echo "check_mgpu: $prog.cu: compiler warnings (above)"
  fi
  awk -v p="$prog" '
    /Compiling entry function/ { match($0, /[0-9]+[a-z_]+_kernel/); k = substr($0, RSTART, RLENGTH); sub(/^[0-9]+/, "", k) }
    /spill stores/ { sp = $5 " B spill stores, " $9 " B spill loads" }
    /Used [0-9]+ registers/ { printf "   %s %-22s %s registers, %s\n", p, k, $5, sp }
  ' "$log/$prog.build.log"
done
cflags=(-O2 -ffp-contract=off)
"$cc_bin" "${cflags[@]}" -o "$out/laplace2d_ref" "$root/examples/laplace2d_ref.c" -lm || die "cc failed on laplace2d_ref.c"
"$cc_bin" "${cflags[@]}" -o "$out/himeno_ref_xs" "$root/examples/himeno_ref.c" -lm || die "cc failed on himeno_ref.c"
"$cc_bin" "${cflags[@]}" -DSMALL -o "$out/himeno_ref_s" "$root/examples/himeno_ref.c" -lm || die "cc failed on himeno_ref.c -DSMALL"
"$cc_bin" "${cflags[@]}" -DMIDDLE -o "$out/himeno_ref_m" "$root/examples/himeno_ref.c" -lm || die "cc failed on himeno_ref.c -DMIDDLE"

echo "== references"
ref() {  # ref NAME CMD...
  local name="$1"; shift
  "$@" > "$log/ref_$name.out" 2>&1 || { cat "$log/ref_$name.out"; die "reference run '$*' failed"; }
}
ref laplace_16 "$out/laplace2d_ref" 16
ref laplace_100 "$out/laplace2d_ref" 100
ref himeno_xs_12 "$out/himeno_ref_xs" 12
ref himeno_s_20 "$out/himeno_ref_s" 20
ref himeno_m_20 "$out/himeno_ref_m" 20

fails=0; passes=0
pass() { echo "PASS $*"; passes=$((passes + 1)); }
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

# mrun TAG NP ARGS...: runs one program under mpirun into $log/TAG.out;
# returns non-zero (and prints why) if it failed or timed out.
mrun() {
  local tag="$1" np="$2"; shift 2
  local rc=0
  # shellcheck disable=SC2086
  timeout -k 10 "$run_timeout" "$mpirun_bin" --bind-to none --oversubscribe \
      ${MPIRUN_ARGS:-} -np "$np" "$@" > "$log/$tag.out" 2> "$log/$tag.err" || rc=$?
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    echo "   $tag: timed out after ${run_timeout}s (hang?): $*"; tail -n 5 "$log/$tag.err"; return 1
  fi
  if [ "$rc" -ne 0 ]; then
    echo "   $tag: exit status $rc: $*"; tail -n 20 "$log/$tag.out" "$log/$tag.err"; return 1
  fi
  return 0
}

# A value from the BENCH line (psum, checksum) as an XMP-RESULT line.
bench_value() {  # bench_value FILE KEY -> "XMP-RESULT KEY VALUE" on stdout
  python3 - "$1" "$2" <<'PY'
import json, sys
path, key = sys.argv[1:3]
for line in open(path):
    if line.startswith("BENCH "):
        print(f"XMP-RESULT {key} {json.loads(line[6:])[key]!r}")
PY
}

# against_ref NAME REFTAG SPEC: compare $log/NAME.out with the reference.
against_ref() {
  local name="$1" reftag="$2" spec="$3" res
  if res="$(python3 "$compare" "$log/ref_$reftag.out" "$log/$name.out" "$spec")"; then
    pass "$name: $res"
  else
    fail "$name: $res"
  fi
}

# same_as NAME BASE KEY: KEY (from BENCH) of run NAME equals that of BASE.
same_as() {
  local name="$1" base="$2" key="$3" res
  bench_value "$log/$base.out" "$key" > "$log/$name.$key.base"
  bench_value "$log/$name.out" "$key" > "$log/$name.$key.this"
  if res="$(python3 "$compare" "$log/$name.$key.base" "$log/$name.$key.this" "$key")"; then
    pass "$name: same $key as $base ($res)"
  else
    fail "$name: $key differs from $base's: $res"
  fi
}

echo "== correctness against the references"
# name: program size iters reference spec consistency-key
cases=(
  "laplace_256x192_16  laplace2d_mgpu 256x192 16 laplace_16   checksum        checksum"
  "laplace_256x192_100 laplace2d_mgpu 256x192 100 laplace_100 checksum=1e-12 checksum"
  "himeno_xs_12        himeno_mgpu    XS      12  himeno_xs_12 gosa=1e-3     psum"
  "himeno_s_20         himeno_mgpu    S       20  himeno_s_20  gosa=1e-3     psum"
  "himeno_m_20         himeno_mgpu    M       20  himeno_m_20  gosa=2e-2     psum"
)
for np in $nps; do
  for mode in overlap no-overlap; do
    flag=(); [ "$mode" = no-overlap ] && flag=(--no-overlap)
    for c in "${cases[@]}"; do
      read -r name prog size iters reftag spec key <<< "$c"
      tag="${name}_np${np}_$mode"
      if ! mrun "$tag" "$np" "$out/$prog" "$size" "$iters" "${flag[@]}"; then
        fail "$tag: run failed"; continue
      fi
      against_ref "$tag" "$reftag" "$spec"
      base="${name}_np1_overlap"
      [ "$tag" != "$base" ] && [ -f "$log/$base.out" ] && same_as "$tag" "$base" "$key"
    done
  done
done

echo "== decomposition corner cases (exact against np = 1)"
for size in 7x40 5x64 3x40 4x33; do
  base="laplace_${size}_np1"
  if ! mrun "$base" 1 "$out/laplace2d_mgpu" "$size" 9 2; then
    fail "$base: run failed"; continue
  fi
  for np in $nps; do
    [ "$np" -eq 1 ] && continue
    for mode in overlap no-overlap; do
      flag=(); [ "$mode" = no-overlap ] && flag=(--no-overlap)
      tag="laplace_${size}_np${np}_$mode"
      if mrun "$tag" "$np" "$out/laplace2d_mgpu" "$size" 9 2 "${flag[@]}"; then
        same_as "$tag" "$base" checksum
      else
        fail "$tag: run failed"
      fi
    done
  done
done
for np in $nps; do
  [ "$np" -eq 1 ] && continue
  tag="laplace_256x192_16_np${np}_nowarmup"
  if mrun "$tag" "$np" "$out/laplace2d_mgpu" 256x192 16 0; then
    against_ref "$tag" laplace_16 checksum
  else
    fail "$tag: run failed"
  fi
  tag="himeno_xs_12_np${np}_nowarmup"
  if mrun "$tag" "$np" "$out/himeno_mgpu" XS 12 0; then
    same_as "$tag" himeno_xs_12_np1_overlap psum
  else
    fail "$tag: run failed"
  fi
done

echo "== $passes passed, $fails failed (outputs in $log)"
[ "$fails" -eq 0 ] || exit 1
exit 0
