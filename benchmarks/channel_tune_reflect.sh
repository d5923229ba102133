#!/usr/bin/env bash
# Channel tuning (issue 15), the exchange alone: reflect_bench (host data,
# 2-D and 3-D arrays of several sizes; IB, TCA and AUTO = the tuned
# default, timed after its tuning) on 2 and 4 ranks of this host, ROUNDS
# rounds alternating the rank counts. Per case and rank count: the median
# over rounds of each channel's median, how often AUTO chose each channel,
# and AUTO against the better of IB and TCA (median of the per-round
# ratios). The rule (the default before the tuner) is the TCA column: on
# one host every peer is mapped.
#   benchmarks/channel_tune_reflect.sh [ROUNDS=5] [REPS=200] [OUTDIR]
# OUTDIR (default benchmarks/results/channel_tune_reflect_<stamp>) gets
# each run's JSON and table, and summary.md.
set -euo pipefail
rounds="${1:-5}"; reps="${2:-200}"
here="$(cd "$(dirname "$0")" && pwd)"; root="$(cd "$here/.." && pwd)"
build="${XMP_BUILD_DIR:-$root/build}"
out="${3:-$here/results/channel_tune_reflect_$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset XMP_SUBCLUSTER_SIZE XMP_REFLECT_CHANNEL XMP_CHANNEL_TUNE
export XMP_BENCH_MACHINE="$(hostname) $(nproc) cores"
export XMP_BENCH_COMMIT="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
for ((r = 1; r <= rounds; r++)); do
  for np in 2 4; do
    echo "== round $r, $np ranks"
    mpirun --oversubscribe --bind-to none -np "$np" "$build/bin/reflect_bench" \
      "$out/r${r}_np${np}.json" "$reps" | tee "$out/r${r}_np${np}.txt"
  done
done
python3 - "$out" "$rounds" "$reps" <<'EOF'
import collections, glob, json, os, statistics, sys
out, rounds, reps = sys.argv[1], sys.argv[2], sys.argv[3]
runs = collections.defaultdict(list)  # np -> list of {case: {chan: rec}}
meta = None
for f in sorted(glob.glob(os.path.join(out, "r*_np*.json"))):
    d = json.load(open(f))
    meta = meta or d
    byCase = collections.defaultdict(dict)
    for rec in d["results"]:
        byCase[rec["case"]][rec["channel"]] = rec
    runs[d["nprocs"]].append(byCase)
lines = [f"# reflect_bench, host data, {meta['machine']}, commit {meta['commit']}, "
         f"{rounds} rounds x {reps} repetitions (each the maximum over ranks)", ""]
for np in sorted(runs):
    lines += [f"## {np} ranks", "",
              "| case | halo KiB/rank | IB | TCA (= the rule) | AUTO (tuned) | AUTO chose (rounds) | AUTO / min(IB, TCA) | ok |",
              "|---|---|---|---|---|---|---|---|"]
    cases = list(runs[np][0].keys())
    for c in cases:
        med = {ch: statistics.median(r[c][ch]["median_us"] for r in runs[np]) for ch in ("ib", "tca", "auto")}
        ratio = statistics.median(r[c]["auto"]["median_us"] / min(r[c]["ib"]["median_us"], r[c]["tca"]["median_us"]) for r in runs[np])
        chose = collections.Counter(r[c]["auto"]["chosen"] for r in runs[np])
        ok = all(r[c][ch]["ok"] for r in runs[np] for ch in ("ib", "tca", "auto"))
        halo = runs[np][0][c]["ib"]["halo_bytes_per_rank"] / 1024
        lines.append(f"| {c} | {halo:.1f} | {med['ib']:.1f} | {med['tca']:.1f} | {med['auto']:.1f} | "
                     + ", ".join(f"{k} x{v}" for k, v in chose.most_common()) + f" | {ratio:.2f} | {'yes' if ok else 'NO'} |")
    lines.append("")
lines.append("Times: microseconds, median over rounds of each run's median. AUTO chose: the channel per"
             " dimension (`*`: tuned, `-`: nothing to exchange on rank 0's side).")
open(os.path.join(out, "summary.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
EOF
echo "wrote $out"
