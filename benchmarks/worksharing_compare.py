#!/usr/bin/env python3
"""The work-sharing benchmark under two CPU executors, side by side.

Usage: worksharing_compare.py THREADS_DIR STARPU_DIR

Each DIR is the output of one benchmarks/worksharing_bench.sh run (the
thread pool's, and the StarPU executor's: gpu-session.sh step
worksharing-starpu). Per case: the loop's step at weight 1 (all on the CPU
cores: the executors differ most there), the best fixed weight's step and
weight(auto)'s steady step and whole program per step, for each executor.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import worksharing_report as wr  # noqa: E402


def load(d):
    steps = {}
    for line in open(os.path.join(d, "steps.txt")):
        _, c, s, sc = line.split()
        steps[c] = (int(s), int(sc))
    out = {}
    for c in steps:
        res = {}
        for f in wr.glob.glob(os.path.join(d, f"{c}.w*.trace.csv")):
            w = f[len(os.path.join(d, c)) + 2:-len(".trace.csv")]
            rows = [r for r in wr.read_trace(f) if r["loop_id"] == wr.rows_id(f)]
            if rows:
                ts = [wr.step_time(r) for r in rows]
                body = ts[2:] if len(ts) > 4 else ts
                res[w] = (wr.statistics.median(body), rows)
        if "1000" not in res or "auto" not in res:
            continue
        fixed = {w: v[0] for w, v in res.items() if w != "auto"}
        sm = wr.summary(d, steps, [(c, fixed, res)])
        if sm:
            out[c] = (fixed["1000"], sm[0])
    return out


def main():
    a, b = load(sys.argv[1]), load(sys.argv[2])
    print("| case | executor | t(w=1) ms | best fixed w: steady ms | auto steady ms | "
          "best fixed program ms/step | auto program ms/step | auto / best program |")
    print("|---|---|---|---|---|---|---|---|")
    for c in a:
        for name, m in (("threads", a), ("StarPU", b)):
            if c not in m:
                print(f"| {c} | {name} | missing |||||")
                continue
            t1, (_, n, bw, bp, ap, r, tgt, bs, ta, rs) = m[c]
            print(f"| {c} | {name} | {t1*1e3:.3f} | {bs*1e3:.3f} | {ta*1e3:.3f} | "
                  f"{bp*1e3:.3f} (w={int(bw)/1000:g}) | {ap*1e3:.3f} | {r:.3f}x |")


if __name__ == "__main__":
    main()
