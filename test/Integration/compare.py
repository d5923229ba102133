#!/usr/bin/env python3
"""Compares the XMP-RESULT lines of a program with a reference run.

usage: compare.py REFERENCE_OUTPUT ACTUAL_OUTPUT KEY[=RTOL] [KEY[=RTOL] ...]

Each KEY names an `XMP-RESULT <key> <value>` line that both outputs must
contain; values must agree within the relative tolerance RTOL (default 0:
exact). The KEY `all` stands for every key of the reference, and then the
actual output must have no other keys (a line printed twice, or by a
second rank, counts as a mismatch too). Exits 1 with a message naming the
key and both values otherwise; with `all`, only mismatches are printed,
then a count.
"""
import sys


def results(path, dups=None):
    out = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[0] == "XMP-RESULT":
                if parts[1] in out and dups is not None:
                    dups.append(parts[1])
                out[parts[1]] = float(parts[2])
    return out


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    dups = []
    ref, act = results(sys.argv[1]), results(sys.argv[2], dups)
    bad = 0
    specs = []
    quiet = False
    for spec in sys.argv[3:]:
        key, _, tol = spec.partition("=")
        if key != "all":
            specs.append(spec)
            continue
        quiet = True
        if not ref:
            print(f"compare: no XMP-RESULT line in {sys.argv[1]}")
            bad += 1
        specs.extend(k + ("=" + tol if tol else "") for k in ref)
        for k in sorted(set(act) - set(ref)):
            print(f"compare: '{k}' only in the actual output ({act[k]!r})")
            bad += 1
        for k in dups:
            print(f"compare: '{k}' printed more than once in the actual output")
            bad += 1
    checked = 0
    for spec in specs:
        key, _, tol = spec.partition("=")
        rtol = float(tol) if tol else 0.0
        if key not in ref or key not in act:
            print(f"compare: '{key}' missing (reference: {key in ref}, "
                  f"actual: {key in act})")
            bad += 1
            continue
        r, a = ref[key], act[key]
        err = abs(a - r) / max(abs(r), 1e-300)
        ok = (a == r) if rtol == 0 else err <= rtol
        checked += 1
        if not ok or not quiet:
            print(f"compare: {key}: reference {r!r} actual {a!r} rel.err "
                  f"{err:.3g} (tolerance {rtol:g}) {'OK' if ok else 'MISMATCH'}")
        bad += not ok
    if quiet:
        print(f"compare: {checked} values compared, {bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
