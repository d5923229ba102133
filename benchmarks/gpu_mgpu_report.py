#!/usr/bin/env python3
"""Summarizes benchmarks/gpu_mgpu_bench.sh's raw logs: per case (Laplace
8192^2, Himeno M, Himeno L) one table of every configuration (generated on
1 and 2 GPUs with each reflect channel, the earlier build, the hand-written
1-GPU and multi-GPU baselines): median and min ms per iteration over the
repetitions, the ratio to the hand-written multi-GPU program with overlap on
2 GPUs, the speed-up over the same program on 1 GPU, reflect us/call
(XMP_REFLECT_STATS=1), and whether the result (gosa / checksum) agrees with
the generated program on 1 GPU. Writes OUTDIR/gpu_mgpu_bench.md (also
printed) and OUTDIR/gpu_mgpu_bench.json (every raw number).

  gpu_mgpu_report.py RAWDIR ITERS REPS OUTDIR

Raw logs RAWDIR/<case>_<config>_<r>.txt (r = 1..REPS): generated programs
print "XMP-RESULT time <s>" (ms/it = time / ITERS) and "XMP-RESULT gosa" or
"checksum"; with XMP_REFLECT_STATS=1 rank 0 prints on stderr
"xmprt: reflect stats: plan I (DESC, channels ...): C calls, total T s (max
over ranks), U us/call (min rank V)"; the baselines print one "BENCH {json}"
line (mean_ms_per_iter is the ms/it used here: wall time, max over ranks,
over ITERS). A log with "gpu_mgpu_bench: ... failed (rc=N)" is a failed run:
its numbers are kept in the JSON but left out of the table. Missing logs
(skipped runs) are empty cells.
"""
import json
import os
import re
import statistics
import sys

raw, iters, reps, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]

CASES = [("laplace", "Laplace 2-D 8192 x 8192 (f64)", "checksum"),
         ("himeno_m", "Himeno M 129x129x257 (f32)", "gosa"),
         ("himeno_l", "Himeno L 257x257x513 (f32)", "gosa")]
# (config, label, ranks, kind, the same program on 1 GPU (speed-up column))
CONFIGS = [
    ("gen_np1", "generated, 1 GPU", 1, "gen", None),
    ("gen_np2", "generated, 2 GPUs (default channels)", 2, "gen", "gen_np1"),
    ("gen_np2_ib", "generated, 2 GPUs, XMP_REFLECT_CHANNEL=ib", 2, "gen", "gen_np1"),
    ("gen_np2_tca", "generated, 2 GPUs, XMP_REFLECT_CHANNEL=tca", 2, "gen", "gen_np1"),
    ("before_np1", "before, 1 GPU", 1, "gen", None),
    ("before_np2", "before, 2 GPUs (default channels)", 2, "gen", "before_np1"),
    ("base", "hand-written 1-GPU program", 1, "bench", None),
    ("mgpu_np1", "hand-written multi-GPU, 1 rank, overlap", 1, "bench", None),
    ("mgpu_np1_nooverlap", "hand-written multi-GPU, 1 rank, --no-overlap", 1, "bench", None),
    ("mgpu_np2", "hand-written multi-GPU, 2 GPUs, overlap", 2, "bench", "mgpu_np1"),
    ("mgpu_np2_nooverlap", "hand-written multi-GPU, 2 GPUs, --no-overlap", 2, "bench",
     "mgpu_np1_nooverlap"),
]
REFERENCE = "mgpu_np2"   # the ratio column's denominator
RESULT_REF = "gen_np1"   # the result column's reference

FAILED = re.compile(r"^gpu_mgpu_bench: \S+ failed \(rc=(-?\d+)\)", re.M)
STATS = re.compile(r"^xmprt: reflect stats: plan (\d+) \((.*)\): (\d+) calls, total "
                   r"(\S+) s \(max over ranks\), (\S+) us/call \(min rank (\S+)\)", re.M)


def text(tag):
    path = os.path.join(raw, tag + ".txt")
    if not os.path.exists(path):
        return None
    with open(path, errors="replace") as f:
        return f.read()


def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None


def result(t, key):
    m = re.search(r"^XMP-RESULT %s (\S+)" % key, t or "", re.M)
    return num(m.group(1)) if m else None


def bench(t):
    for line in (t or "").splitlines():
        if line.startswith("BENCH "):
            try:
                return json.loads(line[6:])
            except ValueError:
                return None
    return None


def stats(t):
    plans = []
    for m in STATS.finditer(t or ""):
        desc = m.group(2)
        # "..., channels dim0=auto:tca dim1=none": the channels used
        used = sorted({c for u in re.findall(r"dim\d+=\w+:([\w+-]+)", desc)
                       for c in u.split("+") if c != "-"})
        plans.append({"plan": int(m.group(1)), "desc": desc, "calls": int(m.group(3)),
                      "total_s": num(m.group(4)), "us_per_call": num(m.group(5)),
                      "min_rank_us_per_call": num(m.group(6)), "used": used})
    return plans


def parse(tag, kind, key):
    """One run: None when its log is missing (skipped)."""
    t = text(tag)
    if t is None:
        return None
    fm = FAILED.search(t)
    rec = {"failed": fm is not None, "rc": int(fm.group(1)) if fm else 0,
           "time_s": result(t, "time"), "result": result(t, key), "ms_per_iter": None}
    if kind == "bench":
        bb = bench(t)
        rec["bench"] = bb
        if bb and num(bb.get("mean_ms_per_iter")) is not None:
            rec["ms_per_iter"] = num(bb["mean_ms_per_iter"])
            rec["median_ms_per_iter"] = num(bb.get("median_ms_per_iter"))
    if rec["ms_per_iter"] is None and rec["time_s"] is not None:
        rec["ms_per_iter"] = rec["time_s"] / iters * 1e3
    rec["reflect"] = stats(t)
    if rec["ms_per_iter"] is None and not rec["failed"]:
        rec["failed"], rec["rc"] = True, None  # ran, but printed no time
    return rec


def agrees(v, ref, key):
    """(agrees, relative difference) of a result and the reference's."""
    if v is None or ref is None:
        return None, None
    if v == ref:
        return True, 0.0
    rel = abs(v - ref) / abs(ref) if ref != 0 else float("inf")
    return rel <= (1e-5 if key == "gosa" else 1e-12), rel


def fmt(x, d=3):
    return "-" if x is None else f"{x:.{d}f}"


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


info = {}
if text("info") is not None:
    for line in text("info").splitlines():
        k, _, v = line.partition(" ")
        info[k] = v
data = {"iters": iters, "reps": reps, "info": info,
        "gpus": (text("gpus") or "").strip().splitlines(),
        "topology": text("topo"), "cases": {}}
md = [f"# Multi-GPU benchmark: {iters} iterations, {reps} repetitions (interleaved)", ""]
if info:
    md += [f"commit {info.get('commit', '?')}, before {info.get('before', '?')}, "
           f"{info.get('ngpu', '?')} GPU(s), {info.get('date', '')}", ""]
md += ["ms/it: generated programs: XMP-RESULT time / iterations (the program's "
       "own timer); hand-written: BENCH mean_ms_per_iter (wall time over the "
       "iterations, max over ranks). Median and min over the repetitions that "
       "ran (ok = runs with a time / repetitions). vs hand-written: median / "
       "the hand-written multi-GPU program's median with overlap on 2 GPUs "
       "(> 1: slower). speed-up: the same program's 1-GPU median / this "
       "median. reflect: us/call of each reflect plan (XMP_REFLECT_STATS=1, "
       "median over the repetitions; channels used). result: gosa within "
       "1e-5 (relative) / checksum equal or within 1e-12 of the generated "
       "program on 1 GPU in the same repetition (max relative difference "
       "when not).", ""]

for name, label, key in CASES:
    case = {"result_key": key, "configs": {}}
    rows = {}
    for cfg, clabel, ranks, kind, _ in CONFIGS:
        runs = [parse(f"{name}_{cfg}_{r}", kind, key) for r in range(1, reps + 1)]
        good = [x for x in runs if x and not x["failed"]]
        ms = [x["ms_per_iter"] for x in good]
        # reflect us/call per plan index, medians over the good runs
        plans = {}
        for x in good:
            for pl in x["reflect"]:
                plans.setdefault(pl["plan"], []).append(pl)
        refl = []
        for i in sorted(plans):
            us = med([pl["us_per_call"] for pl in plans[i] if pl["calls"] > 0])
            used = sorted({u for pl in plans[i] for u in pl["used"]})
            calls = max(pl["calls"] for pl in plans[i])
            refl.append({"plan": i, "us_per_call": us, "calls": calls, "used": used,
                         "desc": plans[i][0]["desc"]})
        rows[cfg] = {"runs": runs, "ms": ms, "median": med(ms),
                     "min": min(ms) if ms else None, "ran": sum(1 for x in runs if x),
                     "ok": len(good), "failed": sum(1 for x in runs if x and x["failed"]),
                     "reflect": refl}
    # results against the generated 1-GPU run of the same repetition (any
    # repetition's when that one is missing)
    refs = [x["result"] if x and not x["failed"] else None for x in rows[RESULT_REF]["runs"]]
    anyref = next((v for v in refs if v is not None), None)
    for cfg, clabel, ranks, kind, same in CONFIGS:
        row = rows[cfg]
        checks, rels = [], []
        for i, x in enumerate(row["runs"]):
            if not x or x["failed"]:
                continue
            ref = refs[i] if refs[i] is not None else anyref
            ok, rel = agrees(x["result"], ref, key)
            if ok is not None:
                checks.append(ok)
                rels.append(rel)
        row["result_agrees"] = (all(checks) if checks else None)
        row["result_max_rel_diff"] = max(rels) if rels else None
        ref_med = rows[REFERENCE]["median"]
        row["vs_handwritten_mgpu2"] = (row["median"] / ref_med
                                       if row["median"] and ref_med else None)
        one = rows[same]["median"] if same else None
        row["speedup_vs_1gpu"] = one / row["median"] if one and row["median"] else None
        case["configs"][cfg] = {"label": clabel, "ranks": ranks, **row}
    data["cases"][name] = case

    md += [f"## {label}", ""]
    if all(case["configs"][c[0]]["ran"] == 0 for c in CONFIGS):
        md += ["No run of this case.", ""]
        continue
    md += ["| configuration | median ms/it | min ms/it | ok | vs hand-written "
           "multi-GPU (2 GPUs, overlap) | speed-up over 1 GPU | reflect us/call "
           "| result |",
           "|---|---|---|---|---|---|---|---|"]
    notrun = []
    for cfg, clabel, ranks, kind, same in CONFIGS:
        row = case["configs"][cfg]
        if row["ran"] == 0:
            notrun.append(clabel)  # no such build, fewer GPUs: no row
            continue
        refl = "; ".join(
            f"{fmt(pl['us_per_call'], 1)}" + (f" ({'+'.join(pl['used'])})" if pl["used"] else "")
            for pl in row["reflect"] if pl["calls"] > 0) or "-"
        if cfg == RESULT_REF:
            res = "(reference)" if row["ok"] else "-"
        elif row["result_agrees"] is None:
            res = "-"
        elif row["result_agrees"]:
            res = "yes"
        else:
            res = f"NO (rel {row['result_max_rel_diff']:.1e})"
        vs = row["vs_handwritten_mgpu2"]
        sp = row["speedup_vs_1gpu"]
        ok = f"{row['ok']}/{reps}" + (f" ({row['failed']} failed)" if row["failed"] else "")
        md.append(f"| {clabel} | {fmt(row['median'])} | {fmt(row['min'])} | "
                  f"{ok} | {fmt(vs, 2)} | {fmt(sp, 2)} | {refl} | {res} |")
    if notrun:
        md += ["", "Not run: " + "; ".join(notrun) + "."]
    md.append("")

table = "\n".join(md)
print(table)
with open(os.path.join(out, "gpu_mgpu_bench.md"), "w") as f:
    f.write(table + "\n")
with open(os.path.join(out, "gpu_mgpu_bench.json"), "w") as f:
    json.dump(data, f, indent=1)
