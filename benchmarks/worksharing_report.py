#!/usr/bin/env python3
"""Table and plot of a work-sharing benchmark run (worksharing_bench.sh).

Usage: worksharing_report.py DIR [SVG]

DIR holds, per case C and weight W (thousandths, or 'auto'):
  C.wW.txt        the program's output (XMP-RESULT time = whole run)
  C.wW.trace.csv  the weight trace (XMP_WEIGHT_TRACE): one line per step:
                  step,loop_id,weight,cpu_seconds,cpu_iters,gpu_seconds,
                  gpu_iters[,loop_seconds]
and steps.txt ("steps CASE STEPS CPU_STEPS" lines).

Per case: the loop's time per step (median of loop_seconds over the steps
after the first two; without that column, max(cpu, gpu) seconds) at weight
0, weight 1, every swept weight and auto; the best fixed weight; the steps
auto needs to settle (first step from which every weight stays within
max(0.01, 10%) of its final value); auto's throughput as a share of
r_cpu + r_gpu, i.e. the ideal time 1 / (1/t(0) + 1/t(1)) over auto's
steady time (median of the last half of the steps). The SVG shows, per
case, the auto trace: weight and the CPU and GPU part times per step.
"""
import csv
import glob
import os
import statistics
import sys


def read_trace(path):
    rows = []
    with open(path) as f:
        for r in csv.DictReader(f):
            rows.append({k: float(v) for k, v in r.items()})
    return rows


def step_time(r):
    if "loop_seconds" in r:
        return r["loop_seconds"]
    return max(r["cpu_seconds"], r["gpu_seconds"])


def settle_step(ws):
    if not ws:
        return None
    final = statistics.median(ws[-5:])
    tol = max(0.01, 0.1 * final)
    k = len(ws)
    for i in range(len(ws) - 1, -1, -1):
        if abs(ws[i] - final) > tol:
            break
        k = i
    return k + 1  # steps, 1-based: the weight of step k is settled


def program_time(path):
    for line in open(path, errors="replace"):
        p = line.split()
        if len(p) >= 3 and p[0] == "XMP-RESULT" and p[1] == "time":
            return float(p[2])
    return None


def main():
    d = sys.argv[1]
    svg_path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(d, "auto_traces.svg")
    steps = {}
    for line in open(os.path.join(d, "steps.txt")):
        _, c, s, sc = line.split()
        steps[c] = (int(s), int(sc))
    cases = list(steps)
    print("| case | t(w=0) ms | t(w=1) ms | best fixed (w: ms) | auto steady ms | "
          "auto final w | settle steps | ideal ms | auto share of r_cpu+r_gpu |")
    print("|---|---|---|---|---|---|---|---|---|")
    traces = {}
    detail = []
    for c in cases:
        res = {}
        for f in glob.glob(os.path.join(d, f"{c}.w*.trace.csv")):
            w = f[len(os.path.join(d, c)) + 2:-len(".trace.csv")]
            rows = [r for r in read_trace(f) if r["loop_id"] == rows_id(f)]
            if not rows:
                continue
            ts = [step_time(r) for r in rows]
            body = ts[2:] if len(ts) > 4 else ts
            res[w] = (statistics.median(body), rows)
        if "0" not in res or "1000" not in res or "auto" not in res:
            print(f"| {c} | missing runs: {sorted(res)} |")
            continue
        t0, t1 = res["0"][0], res["1000"][0]
        fixed = {w: v[0] for w, v in res.items() if w != "auto"}
        bw = min(fixed, key=fixed.get)
        rows = res["auto"][1]
        traces[c] = rows
        ws = [r["weight"] for r in rows]
        half = [step_time(r) for r in rows[len(rows) // 2:]]
        ta = statistics.median(half)
        ideal = 1.0 / (1.0 / t0 + 1.0 / t1)
        print(f"| {c} | {t0*1e3:.3f} | {t1*1e3:.3f} | {int(bw)/1000:g}: {fixed[bw]*1e3:.3f} | "
              f"{ta*1e3:.3f} | {statistics.median(ws[-5:]):.4f} | {settle_step(ws)} | "
              f"{ideal*1e3:.3f} | {ideal/ta*100:.1f}% |")
        detail.append((c, fixed, res))
    print()
    print("Loop time per step (median, ms) for every weight run:")
    for c, fixed, res in detail:
        items = sorted(fixed.items(), key=lambda kv: int(kv[0]))
        print(f"- {c}: " + ", ".join(f"w={int(w)/1000:g}: {t*1e3:.3f}" for w, t in items))
        for w in sorted(res, key=lambda x: (x == "auto", x)):
            pt = program_time(os.path.join(d, f"{c}.w{w}.txt"))
            if pt is not None:
                n = steps[c][1] if w == "1000" else steps[c][0]
                print(f"  - program time/step w={w}: {pt/n*1e3:.3f} ms ({n} steps)")
    print()
    print(rounds_table(d, steps))
    print()
    print("Single runs (the sweep's, for reference; one run against the best of "
          "several is biased by the noise between runs):")
    print(targets_table(d, steps, detail))
    print()
    print(weights_table(traces))
    write_svg(svg_path, traces)
    print(f"\nplot: {svg_path}")


def program_per_step(d, steps, c, w):
    pt = program_time(os.path.join(d, f"{c}.w{w}.txt"))
    if pt is None:
        return None
    n = steps[c][1] if w == "1000" else steps[c][0]
    return pt / n


# Issue 19's targets: weight(auto)'s whole program within 1.05x of the best
# fixed weight's over 100 steps (1.25x over 20), its steady step within
# 1.02x of the best fixed step.
def program_target(n):
    return 1.05 if n >= 100 else 1.25


def summary(d, steps, detail):
    """Per case: (case, steps, best fixed w by program time, its program
    ms/step, auto's, ratio, program target, best fixed steady step, auto's
    steady step, ratio)."""
    out = []
    for c, fixed, res in detail:
        prog = {w: program_per_step(d, steps, c, w) for w in res}
        fixed_prog = {w: t for w, t in prog.items() if w != "auto" and t is not None}
        if not fixed_prog or prog.get("auto") is None:
            continue
        bw = min(fixed_prog, key=fixed_prog.get)
        rows = res["auto"][1]
        ta = statistics.median([step_time(r) for r in rows[len(rows) // 2:]])
        bs = min(fixed.values())
        n = steps[c][0]
        out.append((c, n, bw, fixed_prog[bw], prog["auto"], prog["auto"] / fixed_prog[bw],
                    program_target(n), bs, ta, ta / bs))
    return out


def targets_table(d, steps, detail):
    lines = ["weight(auto) against the best fixed weight (program: XMP-RESULT time per "
             "step; steady: median loop step of auto's last half against the best fixed "
             "weight's median step):", "",
             "| case | steps | best fixed w (program) | its ms/step | auto ms/step | "
             "auto / best | target | steady best ms | steady auto ms | auto / best | "
             "target |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for (c, n, bw, bp, ap, r, tgt, bs, ta, rs) in summary(d, steps, detail):
        ok = lambda v, t: f"{v:.3f}x {'ok' if v <= t else 'MISSED'}"
        lines.append(f"| {c} | {n} | {int(bw)/1000:g} | {bp*1e3:.3f} | {ap*1e3:.3f} | "
                     f"{ok(r, tgt)} | {tgt:g} | {bs*1e3:.3f} | {ta*1e3:.3f} | "
                     f"{ok(rs, 1.02)} | 1.02 |")
    return "\n".join(lines)


def rounds_table(d, steps):
    """Issue 19's targets from the alternating rounds (worksharing_bench.sh
    rounds()): the sweep's best fixed weight B and auto, each round a
    traced run (steady step: the median loop step, of the steps after the
    first two for B, of the last half for auto) and an untraced run
    (program time per step, what a user's run costs). Medians over the
    rounds on both sides."""
    lines = ["weight(auto) against the best fixed weight B of the sweep, medians of "
             "the alternating rounds (program: untraced XMP-RESULT time per step; "
             "steady: traced median loop step, of auto's last half):", "",
             "| case | steps | rounds | B | program B ms | program auto ms | auto / B | "
             "target | steady B ms | steady auto ms | auto / B | target |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    any_row = False
    for c, (n, _) in steps.items():
        bf = os.path.join(d, f"{c}.best_fixed")
        if not os.path.exists(bf):
            continue
        b = open(bf).read().strip()
        prog, steady = {}, {}
        for w in (b, "auto"):
            v = [program_time(f) for f in sorted(glob.glob(
                os.path.join(d, f"{c}.untraced.w{w}.r*.txt")))]
            prog[w] = [x / n for x in v if x is not None]
            st = []
            for f in sorted(glob.glob(os.path.join(d, f"{c}.round.w{w}.r*.trace.csv"))):
                rows = [r for r in read_trace(f) if r["loop_id"] == rows_id(f)]
                ts = [step_time(r) for r in rows]
                if not ts:
                    continue
                body = ts[len(ts) // 2:] if w == "auto" else (ts[2:] if len(ts) > 4 else ts)
                st.append(statistics.median(body))
            steady[w] = st
        if not all(prog[w] and steady[w] for w in (b, "auto")):
            lines.append(f"| {c} | {n} | missing runs |")
            continue
        any_row = True
        pb, pa = statistics.median(prog[b]), statistics.median(prog["auto"])
        sb, sa = statistics.median(steady[b]), statistics.median(steady["auto"])
        tgt = program_target(n)
        ok = lambda v, t: f"{v:.3f}x {'ok' if v <= t else 'MISSED'}"
        lines.append(f"| {c} | {n} | {len(prog[b])} | {int(b)/1000:g} | {pb*1e3:.4f} | "
                     f"{pa*1e3:.4f} | {ok(pa/pb, tgt)} | {tgt:g} | {sb*1e3:.4f} | "
                     f"{sa*1e3:.4f} | {ok(sa/sb, 1.02)} | 1.02 |")
    lines.append("")
    lines.append("Each round's values (ms per step; program untraced, steady traced) are "
                 "in the raw files: CASE.untraced.wW.rN.txt, CASE.round.wW.rN.trace.csv.")
    return "\n".join(lines) if any_row else "(no rounds)"


def weights_table(traces, marks=(1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50, 100)):
    """The auto weight and the loop's step time at chosen steps, per case
    (as the thesis's figures 4.6-4.9 show the weight over the steps)."""
    if not traces:
        return ""
    n = max(len(r) for r in traces.values())
    cols = [m for m in marks if m <= n]
    lines = ["weight(auto) over the steps (weight / loop ms; the thesis's figures "
             "4.6-4.9 as a table):", "",
             "| case | " + " | ".join(f"step {m}" for m in cols) + " |",
             "|---|" + "---|" * len(cols)]
    for c, rows in traces.items():
        cells = []
        for m in cols:
            if m <= len(rows):
                r = rows[m - 1]
                cells.append(f"{r['weight']:.4g} / {step_time(r)*1e3:.3f}")
            else:
                cells.append("")
        lines.append(f"| {c} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def rows_id(path):
    # The loop that ran: the examples have two device loops (auto / fixed);
    # take the id that has lines.
    ids = {}
    for r in read_trace(path):
        ids[r["loop_id"]] = ids.get(r["loop_id"], 0) + 1
    return max(ids, key=ids.get) if ids else 0


def write_svg(path, traces):
    W, H, pad = 520, 220, 45
    n = max(len(traces), 1)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W*2}" height="{H*n}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{W*2}" height="{H*n}" fill="white"/>']
    for k, (c, rows) in enumerate(traces.items()):
        y0 = k * H
        xs = list(range(1, len(rows) + 1))
        panels = [("weight (CPU share)", [("weight", [r["weight"] for r in rows], "#1f77b4")], 0),
                  ("part time per step [ms]",
                   [("CPU part", [r["cpu_seconds"] * 1e3 for r in rows], "#d62728"),
                    ("GPU part", [r["gpu_seconds"] * 1e3 for r in rows], "#2ca02c")], W)]
        for title, series, x0 in panels:
            vals = [v for _, s, _ in series for v in s]
            vmax = max(vals + [1e-12]) * 1.05
            px = lambda i: x0 + pad + (i - 1) / max(len(xs) - 1, 1) * (W - 2 * pad)
            py = lambda v: y0 + H - pad + 10 - v / vmax * (H - 2 * pad)
            out.append(f'<text x="{x0+pad}" y="{y0+18}" font-weight="bold">{c}: {title}</text>')
            out.append(f'<line x1="{x0+pad}" y1="{py(0)}" x2="{x0+W-pad}" y2="{py(0)}" stroke="black"/>')
            out.append(f'<line x1="{x0+pad}" y1="{py(0)}" x2="{x0+pad}" y2="{py(vmax)}" stroke="black"/>')
            out.append(f'<text x="{x0+5}" y="{py(vmax)+4}">{vmax:.3g}</text>')
            out.append(f'<text x="{x0+5}" y="{py(0)+4}">0</text>')
            out.append(f'<text x="{x0+W-pad-40}" y="{py(0)+25}">step {len(xs)}</text>')
            for j, (name, s, color) in enumerate(series):
                pts = " ".join(f"{px(i):.1f},{py(v):.1f}" for i, v in zip(xs, s))
                out.append(f'<polyline fill="none" stroke="{color}" stroke-width="1.5" points="{pts}"/>')
                out.append(f'<text x="{x0+W-pad-90}" y="{y0+34+14*j}" fill="{color}">{name}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
