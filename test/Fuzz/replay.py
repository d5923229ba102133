#!/usr/bin/env python3
"""Replays the fuzzing corpus: every test/Fuzz/corpus/NAME.mlir once
crashed xmp-opt (scripts/fuzz.sh saved it, or it came from an issue). Its
first line is `// FUZZ-ARGS: <xmp-opt arguments>`; @PROFILE@ stands for
NAME.json next to it. Each must now end without a crash (diagnostics are
fine), judged as the fuzzer judges (scripts/fuzz.py, classify); a known
upstream MLIR bug is reported as such and does not fail the replay.

usage: replay.py XMP_OPT CORPUS_DIR
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "scripts"))
import fuzz  # noqa: E402


def main():
    xmp_opt, corpus = sys.argv[1], sys.argv[2]
    names = sorted(f[:-5] for f in os.listdir(corpus) if f.endswith(".mlir"))
    bad = 0
    for name in names:
        path = os.path.join(corpus, name + ".mlir")
        with open(path, errors="replace") as f:
            text = f.read()
        first = text.split("\n", 1)[0]
        if not first.startswith("// FUZZ-ARGS:"):
            print(f"replay: {name}: no '// FUZZ-ARGS:' first line")
            bad += 1
            continue
        args = first[len("// FUZZ-ARGS:"):].split()
        profile = os.path.join(corpus, name + ".json")
        args = [a.replace("@PROFILE@", profile) for a in args]
        rc, err = fuzz.run(xmp_opt, text, args, profile, 60,
                           os.environ.get("TMPDIR", "/tmp"))
        kind, why = fuzz.classify(rc, err)
        status = {"ok": "ok", "known": f"known upstream bug ({why})"}.get(
            kind, f"CRASH ({why})")
        print(f"replay: {name}: {status}")
        bad += kind == "crash"
    print(f"replay: {len(names)} inputs, {bad} crashing")
    return 1 if bad or not names else 0


if __name__ == "__main__":
    sys.exit(main())
