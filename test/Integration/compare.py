#!/usr/bin/env python3
"""Compares the XMP-RESULT lines of a program with a reference run.

usage: compare.py REFERENCE_OUTPUT ACTUAL_OUTPUT KEY[=RTOL] [KEY[=RTOL] ...]

Each KEY names an `XMP-RESULT <key> <value>` line that both outputs must
contain; values must agree within the relative tolerance RTOL (default 0:
exact). Exits 1 with a message naming the key and both values otherwise.
"""
import sys


def results(path):
    out = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[0] == "XMP-RESULT":
                out[parts[1]] = float(parts[2])
    return out


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    ref, act = results(sys.argv[1]), results(sys.argv[2])
    bad = 0
    for spec in sys.argv[3:]:
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
        print(f"compare: {key}: reference {r!r} actual {a!r} rel.err {err:.3g}"
              f" (tolerance {rtol:g}) {'OK' if ok else 'MISMATCH'}")
        bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
