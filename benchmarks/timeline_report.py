#!/usr/bin/env python3
"""Summarizes an XMP_GPU_TIMELINE file (one rank): per kernel name, the
GPU time and the idle gap before it on the GPU; the host's waits; the whole
span. Steps after the first `skip` entries (warm-up) only.

  timeline_report.py FILE [SKIP]
"""
import csv
import statistics
import sys
from collections import defaultdict

path = sys.argv[1]
skip = int(sys.argv[2]) if len(sys.argv) > 2 else 0
rows = list(csv.DictReader(open(path)))[skip:]
kern = [r for r in rows if float(r["gpu_start_us"]) >= 0]
waits = [r for r in rows if float(r["gpu_start_us"]) < 0]
dur, gap, lat = defaultdict(list), defaultdict(list), defaultdict(list)
prev_end = None
for r in kern:
    s, e = float(r["gpu_start_us"]), float(r["gpu_end_us"])
    name = r["what"]
    dur[name].append(e - s)
    if prev_end is not None:
        gap[name].append(max(0.0, s - prev_end))
    lat[name].append(s - float(r["host_issue_us"]))
    prev_end = e
print(f"{'kernel':<28} {'n':>5} {'gpu us (med)':>12} {'gap before (med)':>16} "
      f"{'gap sum us':>10} {'issue->start (med)':>18}")
for name in dur:
    g = gap.get(name, [0])
    print(f"{name:<28} {len(dur[name]):>5} {statistics.median(dur[name]):>12.1f} "
          f"{statistics.median(g):>16.1f} {sum(g):>10.0f} {statistics.median(lat[name]):>18.1f}")
wsum = defaultdict(list)
for r in waits:
    wsum[r["what"]].append(float(r["host_done_us"]) - float(r["host_issue_us"]))
for name, v in wsum.items():
    print(f"{name:<28} {len(v):>5} host us: med {statistics.median(v):.1f} sum {sum(v):.0f}")
if kern:
    span = float(kern[-1]["gpu_end_us"]) - float(kern[0]["gpu_start_us"])
    busy = sum(sum(v) for v in dur.values())
    print(f"GPU span {span:.0f} us, busy {busy:.0f} us ({100 * busy / span:.1f}%)")
