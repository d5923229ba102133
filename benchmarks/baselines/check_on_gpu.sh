#!/usr/bin/env bash
# Builds and checks the hand-written CUDA baselines on a machine with a GPU,
# then times them at the large sizes.
#
#   benchmarks/baselines/check_on_gpu.sh          (from the repository root)
#
# Needs only nvcc (on PATH or in /usr/local/cuda/bin), cc (or gcc) and
# python3. Steps:
#   1. builds laplace2d.cu and himeno.cu with `nvcc -O3 -arch=$ARCH`
#      (-Xptxas -v: the register / spill report is printed) and the
#      sequential references examples/laplace2d_ref.c and himeno_ref.c (XS,
#      -DSMALL, -DMIDDLE) with `cc -O2 -ffp-contract=off -lm`;
#   2. runs both at the references' sizes and compares their XMP-RESULT
#      lines with test/Integration/compare.py: laplace2d 256x192 (the
#      example's size) for 5, 16 and 17 steps by equality (exact sums) and 100
#      steps within 1e-12; himeno XS 12 iterations (as test/Integration/
#      himeno.test) and S 20 within 1e-3, M 20 within 2e-2 (the tolerances of
#      examples/README.md). A baseline also fails by itself (exit 1) when a
#      poisoned element survives into its result;
#   3. if every check passed: runs laplace2d at $LAPLACE_N x $LAPLACE_N for
#      $LAPLACE_ITERS steps and himeno at each of $HIMENO_SIZES for
#      $HIMENO_ITERS iterations, prints a table and writes the BENCH lines to
#      $XMP_RESULTS_DIR/gpu_baselines_<date>.json.
# Exits 1 on any mismatch or failed run (before the timing runs), 0 otherwise.
#
# Environment (defaults): ARCH=sm_90, LAPLACE_N=8192, LAPLACE_ITERS=100,
# HIMENO_SIZES="M L", HIMENO_ITERS=100,
# XMP_RESULTS_DIR=<repository>/benchmarks/results.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/benchmarks/baselines"
arch="${ARCH:-sm_90}"
laplace_n="${LAPLACE_N:-8192}"; laplace_iters="${LAPLACE_ITERS:-100}"
himeno_sizes="${HIMENO_SIZES:-M L}"; himeno_iters="${HIMENO_ITERS:-100}"
results_dir="${XMP_RESULTS_DIR:-$root/benchmarks/results}"
compare="$root/test/Integration/compare.py"

die() { echo "check_on_gpu: $*" >&2; exit 1; }
nvcc_bin="$(command -v nvcc || true)"
[ -z "$nvcc_bin" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc_bin=/usr/local/cuda/bin/nvcc
[ -n "$nvcc_bin" ] || die "nvcc not found (PATH or /usr/local/cuda/bin)"
cc_bin="$(command -v cc || command -v gcc || true)"
[ -n "$cc_bin" ] || die "neither cc nor gcc found"
command -v python3 > /dev/null || die "python3 not found"

work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

echo "== build ($nvcc_bin, -arch=$arch; $cc_bin)"
for prog in laplace2d himeno; do
  "$nvcc_bin" -O3 -arch="$arch" -Xptxas -v -o "$work/$prog" "$here/$prog.cu" \
      > "$work/$prog.build.log" 2>&1 || { cat "$work/$prog.build.log"; die "nvcc failed on $prog.cu"; }
  if grep -qi "warning" "$work/$prog.build.log"; then
    grep -i "warning" "$work/$prog.build.log"; echo "check_on_gpu: $prog.cu: compiler warnings (above)"
  fi
  # ptxas report: one line per kernel (registers, spills).
  awk -v p="$prog" '
    /Compiling entry function/ { match($0, /main[0-9]+[a-z_]+/); k = substr($0, RSTART, RLENGTH); sub(/main[0-9]+/, "", k) }
    /spill stores/ { sp = $5 " B spill stores, " $9 " B spill loads" }
    /Used [0-9]+ registers/ { printf "   %s %-18s %s registers, %s\n", p, k, $5, sp }
  ' "$work/$prog.build.log"
done
cflags=(-O2 -ffp-contract=off)
"$cc_bin" "${cflags[@]}" -o "$work/laplace2d_ref" "$root/examples/laplace2d_ref.c" -lm || die "cc failed on laplace2d_ref.c"
"$cc_bin" "${cflags[@]}" -o "$work/himeno_ref_xs" "$root/examples/himeno_ref.c" -lm || die "cc failed on himeno_ref.c"
"$cc_bin" "${cflags[@]}" -DSMALL -o "$work/himeno_ref_s" "$root/examples/himeno_ref.c" -lm || die "cc failed on himeno_ref.c -DSMALL"
"$cc_bin" "${cflags[@]}" -DMIDDLE -o "$work/himeno_ref_m" "$root/examples/himeno_ref.c" -lm || die "cc failed on himeno_ref.c -DMIDDLE"

echo "== correctness at the references' sizes"
fails=0
# check NAME "REF CMD" "GPU CMD" KEY=RTOL
check() {
  local name="$1" refcmd="$2" gpucmd="$3" spec="$4"
  if ! $refcmd > "$work/$name.ref" 2>&1; then
    echo "FAIL $name: reference run failed"; cat "$work/$name.ref"; fails=$((fails + 1)); return
  fi
  if ! $gpucmd > "$work/$name.gpu" 2> "$work/$name.gpu.err"; then
    echo "FAIL $name: '$gpucmd' exited non-zero"; cat "$work/$name.gpu" "$work/$name.gpu.err"
    fails=$((fails + 1)); return
  fi
  if python3 "$compare" "$work/$name.ref" "$work/$name.gpu" "$spec" > "$work/$name.cmp"; then
    echo "ok   $name: $(cat "$work/$name.cmp")"
  else
    echo "FAIL $name: $(cat "$work/$name.cmp")"; fails=$((fails + 1))
  fi
}
check laplace_256x192_5   "$work/laplace2d_ref 5"   "$work/laplace2d 256x192 5"   checksum
check laplace_256x192_16  "$work/laplace2d_ref 16"  "$work/laplace2d 256x192 16"  checksum
check laplace_256x192_17  "$work/laplace2d_ref 17"  "$work/laplace2d 256x192 17"  checksum
check laplace_256x192_100 "$work/laplace2d_ref 100" "$work/laplace2d 256x192 100" checksum=1e-12
check himeno_xs_12 "$work/himeno_ref_xs 12" "$work/himeno XS 12" gosa=1e-3
check himeno_s_20  "$work/himeno_ref_s 20"  "$work/himeno S 20"  gosa=1e-3
check himeno_m_20  "$work/himeno_ref_m 20"  "$work/himeno M 20"  gosa=2e-2
if [ "$fails" -ne 0 ]; then
  echo "check_on_gpu: $fails check(s) failed; no timing runs"
  exit 1
fi

echo "== timing runs"
runs=("laplace2d $laplace_n $laplace_iters")
for s in $himeno_sizes; do runs+=("himeno $s $himeno_iters"); done
: > "$work/bench.lines"
for r in "${runs[@]}"; do
  echo "-- $r"
  # shellcheck disable=SC2086
  if ! "$work/"$r > "$work/run.out" 2> "$work/run.err"; then
    cat "$work/run.out" "$work/run.err"; die "'$r' failed"
  fi
  grep -v '^BENCH ' "$work/run.out" | sed 's/^/   /'
  grep '^BENCH ' "$work/run.out" | sed 's/^BENCH //' >> "$work/bench.lines"
done

mkdir -p "$results_dir"
out="$results_dir/gpu_baselines_$(date -u +%Y%m%dT%H%M%SZ).json"
commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
python3 - "$work/bench.lines" "$out" "$(uname -n) $(nproc) cores" "$commit" \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$arch" <<'PY'
import json, sys
lines, out, machine, commit, date, arch = sys.argv[1:7]
res = [json.loads(l) for l in open(lines) if l.strip()]
print()
print(f"{'benchmark':<10} {'size':>10} {'iters':>5} {'ms/iter':>9} {'floor ms':>9}"
      f" {'GB/s':>8} {'copy GB/s':>9} {'% copy':>6} {'GFLOPS':>8}")
for r in res:
    if r["name"] == "laplace2d":
        size, gflops = f"{r['nx']}x{r['ny']}", r["gflops"]
    else:
        size, gflops = r["size"], r["mflops"] / 1e3
    print(f"{r['name']:<10} {size:>10} {r['iters']:>5} {r['median_ms_per_iter']:>9.4f}"
          f" {r['floor_ms_per_iter']:>9.4f} {r['gbps']:>8.1f} {r['copy_gbps']:>9.1f}"
          f" {100 * r['gbps'] / r['copy_gbps']:>5.1f}% {gflops:>8.1f}")
doc = {"benchmark": "gpu_baselines", "machine": machine,
       "device": res[0]["device"] if res else "unknown", "date": date,
       "commit": commit, "nvcc_arch": arch, "results": res}
with open(out, "w") as f:
    f.write("{\n")
    keys = [k for k in doc if k != "results"]
    for k in keys:
        f.write(f"  {json.dumps(k)}: {json.dumps(doc[k])},\n")
    f.write('  "results": [\n')
    f.write(",\n".join("    " + json.dumps(r) for r in res))
    f.write("\n  ]\n}\n")
print(f"\nraw results: {out}")
PY
