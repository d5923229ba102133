#!/usr/bin/env bash
# Channel tuning (issue 15) at the program level, host data: Laplace
# (examples/laplace2d.mlir, xmpcc -O3) on NP ranks of this host, SIZE x SIZE,
# ITERS steps, ROUNDS rounds of four variants of the same binary,
# interleaved (the order rotates each round):
#   rule   XMP_CHANNEL_TUNE=0: the fixed rule (TCA for every peer of the
#          host), the default before the tuner;
#   tuned  the default: the plan times IB against the rule on its first
#          reflects (2 x 12 for the two dimensions) and keeps the faster;
#   ib     XMP_REFLECT_CHANNEL=ib (every peer IB);
#   tca    XMP_REFLECT_CHANNEL=tca (every peer of the host TCA).
# Every run has XMP_REFLECT_STATS=1 (the reflect plan's us/call, maximum
# over ranks, tuning reflects included) and XMP_VERBOSE=1 (the tuner's
# decisions); the checksum must be the same in every run.
#   benchmarks/channel_tune_bench.sh [NP=4] [SIZE=2048] [ITERS=300] [ROUNDS=5] [OUTDIR]
# Raw lines (one per run) go to OUTDIR/raw.csv, every run's stderr to
# OUTDIR/logs/, the table (medians and min..max over rounds) to stdout and
# OUTDIR/summary.md. OUTDIR defaults to
# benchmarks/results/channel_tune_np<NP>_<SIZE>_<stamp>. XMP_BUILD_DIR
# (default ./build) has bin/xmpcc and the runtime.
set -euo pipefail
np="${1:-4}"; size="${2:-2048}"; iters="${3:-300}"; rounds="${4:-5}"
here="$(cd "$(dirname "$0")" && pwd)"; root="$(cd "$here/.." && pwd)"
build="${XMP_BUILD_DIR:-$root/build}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
out="${5:-$here/results/channel_tune_np${np}_${size}_${stamp}}"
mkdir -p "$out/logs"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset XMP_SUBCLUSTER_SIZE XMP_REFLECT_CHANNEL XMP_CHANNEL_TUNE
exe="$out/laplace2d"
"$build/bin/xmpcc" -O3 "$root/examples/laplace2d.mlir" -o "$exe"
variants=(rule tuned ib tca)
envOf() {
  case "$1" in
    rule) echo "XMP_CHANNEL_TUNE=0" ;;
    tuned) echo "" ;;
    ib) echo "XMP_REFLECT_CHANNEL=ib" ;;
    tca) echo "XMP_REFLECT_CHANNEL=tca" ;;
  esac
}
{
  echo "# machine: $(hostname) $(nproc) cores; commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
  echo "# laplace2d $iters steps ${size}x${size}, $np ranks, $rounds rounds"
  echo "round,variant,time_s,reflect_us_per_call,channels,checksum,decisions"
} > "$out/raw.csv"
run() { # round variant
  local v="$2" e log
  e="$(envOf "$v")"
  log="$out/logs/r$1_$v.txt"
  # shellcheck disable=SC2086
  env $e XMP_REFLECT_STATS=1 XMP_VERBOSE=1 mpirun --oversubscribe --bind-to none \
    -x XMP_REFLECT_STATS -x XMP_VERBOSE ${e:+-x ${e%%=*}} -np "$np" "$exe" \
    "$iters" "$size" "$size" > "$log.out" 2> "$log"
  local t us ch sum dec
  t="$(awk '/XMP-RESULT time/ {print $3}' "$log.out")"
  sum="$(awk '/XMP-RESULT checksum/ {print $3}' "$log.out")"
  us="$(sed -n 's/.*reflect stats: plan 0 .*, \([0-9.]*\) us\/call.*/\1/p' "$log")"
  ch="$(sed -n 's/.*reflect stats: plan 0 .*channels \(.*\)): .*/\1/p' "$log" | tr ' ' ';')"
  dec="$(sed -n 's/.*reflect plan 0 dim \([0-9]\) .*: ib \([0-9.]*\) us, tca \([0-9.]*\) us -> \([a-z]*\).*/d\1 ib=\2 tca=\3 -> \4/p' "$log" | tr '\n' ';')"
  echo "$1,$v,$t,$us,$ch,$sum,$dec" >> "$out/raw.csv"
  printf '  round %s %-5s time %s s, reflect %s us/call, %s %s\n' "$1" "$v" "$t" "$us" "$ch" "$dec"
}
echo "== warm-up"
run 0 tuned > /dev/null
for ((r = 1; r <= rounds; r++)); do
  echo "== round $r"
  for ((k = 0; k < ${#variants[@]}; k++)); do
    run "$r" "${variants[$(((k + r) % ${#variants[@]}))]}"
  done
done
python3 - "$out/raw.csv" "$out/summary.md" <<'EOF'
import csv, statistics, sys
rows = [r for r in csv.reader(l for l in open(sys.argv[1]) if not l.startswith("#"))][1:]
rows = [r for r in rows if r[0] != "0"]
head = [l.strip() for l in open(sys.argv[1]) if l.startswith("#")]
sums = {r[5] for r in rows}
out = head + ["", "| variant | time s (median) | min..max | reflect us/call (median) | min..max | channels (stats) |",
              "|---|---|---|---|---|---|"]
for v in ["rule", "tuned", "ib", "tca"]:
    rs = [r for r in rows if r[1] == v]
    if not rs:
        continue
    t = [float(r[2]) for r in rs]
    u = [float(r[3]) for r in rs]
    ch = sorted({r[4] for r in rs})
    out.append(f"| {v} | {statistics.median(t):.3f} | {min(t):.3f}..{max(t):.3f} | "
               f"{statistics.median(u):.1f} | {min(u):.1f}..{max(u):.1f} | {' / '.join(ch)} |")
out.append("")
out.append(f"checksums identical in all runs: {'yes' if len(sums) == 1 else 'NO ' + str(sums)}")
dec = [r[6] for r in rows if r[1] == "tuned"]
out.append("tuned decisions per round: " + " | ".join(dec))
open(sys.argv[2], "w").write("\n".join(out) + "\n")
print("\n".join(out))
EOF
rm -f "$exe"
echo "wrote $out"
