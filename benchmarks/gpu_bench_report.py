#!/usr/bin/env python3
"""Summarizes benchmarks/gpu_bench.sh's raw outputs: medians over the runs,
generated / hand-written ratios, a Markdown table and a JSON file.

  gpu_bench_report.py RAWDIR ITERS REPS OUTDIR
"""
import glob
import json
import os
import re
import statistics
import sys

raw, iters, reps, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]


def text(tag):
    path = os.path.join(raw, tag + ".txt")
    return open(path).read() if os.path.exists(path) else None


def result(t, key):
    m = re.search(r"^XMP-RESULT %s (\S+)" % key, t or "", re.M)
    return float(m.group(1)) if m else None


def bench(t):
    for line in (t or "").splitlines():
        if line.startswith("BENCH "):
            return json.loads(line[6:])
    return None


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fmt(x, d=3):
    return "-" if x is None else f"{x:.{d}f}"


rows, data = [], {"iters": iters, "reps": reps, "cases": {}, "overhead": {}}
for name, label in [("laplace", "Laplace 8192^2 f64"), ("himeno_m", "Himeno M"),
                    ("himeno_l", "Himeno L")]:
    gen, bef, base, floor, checks = [], [], [], None, {}
    for r in range(1, reps + 1):
        t = text(f"{name}_gen_{r}")
        tm = result(t, "time")
        gen.append(tm / iters * 1e3 if tm is not None else None)
        tb = text(f"{name}_before_{r}")
        tm = result(tb, "time")
        bef.append(tm / iters * 1e3 if tm is not None else None)
        bb = bench(text(f"{name}_base_{r}"))
        if bb:
            base.append(bb["mean_ms_per_iter"])
            floor = bb.get("floor_ms_per_iter")
        key = "gosa" if name.startswith("himeno") else "checksum"
        checks.setdefault("generated", []).append(result(t, key))
        checks.setdefault("before", []).append(result(tb, key))
        checks.setdefault("baseline", []).append(
            result(text(f"{name}_base_{r}"), key))
    g, bf, bs = med(gen), med(bef), med(base)
    data["cases"][name] = {"generated_ms": gen, "before_ms": bef,
                           "baseline_ms": base, "floor_ms": floor,
                           "results": checks}
    rows.append((label, bf, g, bs, floor))

lines = ["| case | before ms/it | generated ms/it | hand-written ms/it | "
         "generated / hand-written speed | before / hand-written | floor ms/it |",
         "|---|---|---|---|---|---|---|"]
for label, bf, g, bs, fl in rows:
    sp = f"{100 * bs / g:.1f}%" if g and bs else "-"
    sb = f"{100 * bs / bf:.1f}%" if bf and bs else "-"
    lines.append(f"| {label} | {fmt(bf)} | {fmt(g)} | {fmt(bs)} | {sp} | {sb} | {fmt(fl)} |")

def step_us(tag):
    """Median over the runs of `tag` (an f-string on r) of the us per step
    of the loop-overhead benchmark (20000 steps)."""
    vals = []
    for r in range(1, reps + 1):
        t = text(tag.format(r=r))
        vals.append((result(t, "time") or 0) / 20000 * 1e6 if t else None)
    return med(vals)


modes = ["0: no weight", "1: weight(0)", "2: weight(auto)",
         "3: reduction, read after the loop", "4: reduction read every step"]
base_keys = {"launch": "launch_us", "launch+sync": "launch_sync_us",
             "reduce": "reduce_us", "reduce+read": "reduce_read_us"}
bases = {k: med([(bench(text(f"overhead_base_{r}")) or {}).get(v)
                 for r in range(1, reps + 1)]) for k, v in base_keys.items()}
ref = {0: "launch", 1: "launch", 2: "launch", 3: "reduce", 4: "reduce+read"}
lines += ["", "| device loop | us per step | hand-written | us | over hand-written |",
          "|---|---|---|---|---|"]
for m, label in enumerate(modes):
    us = step_us(f"overhead_m{m}_{{r}}")
    b = bases[ref[m]]
    data["overhead"][str(m)] = {"us": us, "baseline": ref[m], "baseline_us": b}
    lines.append(f"| {label} | {fmt(us, 2)} | {ref[m]} | {fmt(b, 2)} | "
                 f"{fmt(us - b if us is not None and b is not None else None, 2)} |")
for m in (0, 1):
    us = step_us(f"overhead_m{m}always_{{r}}")
    b = bases["launch"]
    data["overhead"][f"{m}always"] = {"us": us, "baseline": "launch",
                                      "baseline_us": b}
    lines.append(f"| {modes[m]}, XMP_STEP_TIMING=always (events recorded) | "
                 f"{fmt(us, 2)} | launch | {fmt(b, 2)} | "
                 f"{fmt(us - b if us is not None and b is not None else None, 2)} |")
us = step_us("overhead_m1w500_{r}")
data["overhead"]["1w500"] = {"us": us}
lines.append(f"| 1: weight(0.5) (split, CPU part on the executor) | {fmt(us, 2)} | | | |")
lines.append(f"| (bare launch + sync per step) | | launch+sync | {fmt(bases['launch+sync'], 2)} | |")
data["overhead_baselines_us"] = bases
table = "\n".join(lines)
print(table)
open(os.path.join(out, "gpu_bench.md"), "w").write(table + "\n")
json.dump(data, open(os.path.join(out, "gpu_bench.json"), "w"), indent=1)
