#!/usr/bin/env python3
"""Mutation fuzzing of xmp-opt: the engine behind scripts/fuzz.sh.

Seeds are the project's own inputs (test/**/*.mlir, examples/*.mlir, the
channel profiles in test/Transforms/Inputs). Each round takes a seed,
applies a few mutations (numbers replaced by edge values, lines deleted,
duplicated or swapped, distribution / type / channel keywords exchanged,
lines spliced from another seed; for profiles: numbers, keys, nesting,
truncation) and runs xmp-opt with one pass, a pass pair or the whole
pipeline. A run that dies by a signal, prints LLVM's crash banner, an
assertion, a sanitizer report, or exceeds the time limit is a crash; a
run that ends with diagnostics is fine. Crashes whose stack matches a
known upstream MLIR bug (KNOWN_UPSTREAM) are counted apart and not saved.
New crashes are saved, minimized by line deletion, into the corpus
(test/Fuzz/corpus) that test/Fuzz/replay.test replays.

usage: fuzz.py --xmp-opt PATH --root DIR --seconds N [--seed S]
               [--corpus DIR] [--timeout T] [--jobs J]
"""
import argparse
import concurrent.futures
import hashlib
import os
import random
import re
import subprocess
import sys
import tempfile
import time

# Upstream MLIR bugs fixed after Debian's 22.1.8 (stack-frame regex, why).
KNOWN_UPSTREAM = [
    (re.compile(r"Parser::parseDenseArrayAttr"),
     "dense array of index type (array<index: ...>), fixed upstream"),
]

CRASH_MARKERS = ("PLEASE submit a bug report", "Stack dump:",
                 "Assertion `", "LLVM ERROR:", "ERROR: AddressSanitizer",
                 "ERROR: LeakSanitizer", "runtime error:",
                 "UndefinedBehaviorSanitizer")

EDGE_INTS = ["0", "1", "-1", "2", "3", "7", "17", "64", "2147483647",
             "2147483648", "4294967296", "4294967297", "4611686018427387904",
             "9223372036854775807", "-9223372036854775808", "18446744073709551616"]
EDGE_REALS = ["0", "-1", "1e400", "-1e400", "1e-400", "1e308", "0.5", "1e9",
              "1e10", "\"5\"", "null", "true", "[]", "{}"]
SWAPS = [
    ["block", "cyclic", "cyclic(2)", "cyclic(9223372036854775807)", "*",
     "gblock([1, 2])", "gblock([0])"],
    ["f64", "f32", "i32", "i1", "i64", "f16", "complex<f64>", "index"],
    ["ib", "tca", "none", "auto"],
    ["add", "mul", "max", "min", "and", "or"],
    ["xmp.loop", "xmp.device_loop"],
    ["read", "write", "readwrite"],
    ["true", "false"],
    ["shape = ?", "shape = 3", "shape = 2x2", "shape = 4294967296"],
]

# Pass lists (each run picks one); PROFILE is replaced by a profile path.
PIPELINES = [
    ["--xmp-lower-distribution"],
    ["--xmp-lower-distribution=gpu=true"],
    ["--xmp-select-channels"],
    ["--xmp-select-channels=remarks=true subcluster-size=2"],
    ["--xmp-select-channels=profile=PROFILE remarks=true"],
    ["--xmp-split-device-loops"],
    ["--xmp-split-device-loops=gpu=true"],
    ["--xmp-lower-distribution", "--xmp-to-runtime"],
    ["--xmp-lower-distribution=gpu=true", "--xmp-to-gpu"],
    ["--pass-pipeline=builtin.module(xmp-lower-to-llvm)"],
    ["--pass-pipeline=builtin.module(xmp-lower-to-llvm{channel-profile=PROFILE})"],
]


def classify(rc, err):
    """('ok', ''), ('crash', why) or ('known', why); `why` names the crash
    site (sanitizer message, or the first frame past the signal handlers)
    so repeats of one bug are told apart from new ones."""
    crashed = rc is None or rc < 0 or rc >= 128 or any(
        m in err for m in CRASH_MARKERS)
    if not crashed:
        return "ok", ""
    for rx, why in KNOWN_UPSTREAM:
        if rx.search(err):
            return "known", why
    if rc is None:
        return "crash", "timeout"
    for line in err.splitlines():
        if "runtime error:" in line or "ERROR: AddressSanitizer" in line or \
                "Assertion `" in line or "LLVM ERROR:" in line:
            return "crash", re.sub(r"0x[0-9a-f]+", "0x?", line.strip())[:200]
    for line in err.splitlines():
        m = re.match(r"\s*#\d+ 0x[0-9a-f]+ (.*)", line)
        if m and not re.search(r"llvm::sys::|SignalHandler|libc\.so|"
                               r"^\(", m.group(1)):
            return "crash", re.sub(r" \(/.*\)$", "", m.group(1))[:200]
    return "crash", f"signal {-rc}" if rc < 0 else f"exit status {rc}"


def run(xmp_opt, text, args, profile, timeout, workdir):
    fd, path = tempfile.mkstemp(suffix=".mlir", dir=workdir)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    argv = [xmp_opt, path, "-o", os.devnull] + [
        a.replace("PROFILE", profile) for a in args]
    if "// -----" in text:
        argv.append("-split-input-file")
    # allow_user_poisoning=0: see scripts/sanitize.sh (false reports of
    # LLVM's allocator between instrumented and uninstrumented code).
    env = dict(os.environ,
               ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:"
                            "allow_user_poisoning=0",
               UBSAN_OPTIONS="print_stacktrace=1")
    try:
        p = subprocess.run(argv, capture_output=True, text=True,
                           errors="replace", timeout=timeout, env=env)
        rc, err = p.returncode, p.stderr
    except subprocess.TimeoutExpired:
        rc, err = None, "timeout"
    finally:
        os.unlink(path)
    return rc, err


class Mutator:
    def __init__(self, rng, seeds):
        self.rng = rng
        self.seeds = seeds

    def mutate_mlir(self, text):
        lines = text.split("\n")
        for _ in range(self.rng.randint(1, 3)):
            op = self.rng.choice(["int", "int", "swap", "swap", "del", "dup",
                                  "xchg", "splice", "char"])
            if not lines:
                break
            i = self.rng.randrange(len(lines))
            if op == "int":
                nums = list(re.finditer(r"(?<![\w%#@])-?\d+", lines[i]))
                if nums:
                    m = self.rng.choice(nums)
                    lines[i] = (lines[i][:m.start()] +
                                self.rng.choice(EDGE_INTS) +
                                lines[i][m.end():])
            elif op == "swap":
                group = self.rng.choice(SWAPS)
                present = [w for w in group if w in lines[i]]
                if present:
                    lines[i] = lines[i].replace(self.rng.choice(present),
                                                self.rng.choice(group), 1)
            elif op == "del":
                del lines[i]
            elif op == "dup":
                lines.insert(i, lines[i])
            elif op == "xchg":
                j = self.rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
            elif op == "splice":
                other = self.rng.choice(self.seeds)[1].split("\n")
                lines.insert(i, self.rng.choice(other))
            elif op == "char" and lines[i]:
                k = self.rng.randrange(len(lines[i]))
                c = self.rng.choice("[](){}<>:,?*x%@-0 ")
                lines[i] = lines[i][:k] + c + lines[i][k + 1:]
        return "\n".join(lines)

    def mutate_profile(self, text):
        for _ in range(self.rng.randint(1, 3)):
            op = self.rng.choice(["num", "num", "key", "nest", "cut", "type"])
            if op == "num":
                nums = list(re.finditer(r"-?\d+(\.\d+)?([eE][-+]?\d+)?", text))
                if nums:
                    m = self.rng.choice(nums)
                    text = (text[:m.start()] + self.rng.choice(EDGE_REALS) +
                            text[m.end():])
            elif op == "key":
                keys = list(re.finditer(r'"[\w-]+"', text))
                if keys:
                    m = self.rng.choice(keys)
                    text = (text[:m.start()] + '"x' + m.group()[1:] +
                            text[m.end():])
            elif op == "nest":
                d = self.rng.choice([2, 40, 5000])
                k = self.rng.randrange(len(text) + 1)
                text = text[:k] + "[" * d + "]" * d + text[k:]
            elif op == "cut":
                text = text[:self.rng.randrange(len(text) + 1)]
            elif op == "type":
                text = text.replace("{", "[", 1)
        return text


def minimize(xmp_opt, text, args, profile, timeout, workdir, kind):
    """Drops lines while the same kind of crash remains (a few passes)."""
    lines = text.split("\n")
    changed = True
    while changed:
        changed = False
        i = 0
        while i < len(lines):
            trial = lines[:i] + lines[i + 1:]
            rc, err = run(xmp_opt, "\n".join(trial), args, profile,
                          timeout, workdir)
            if classify(rc, err) == ("crash", kind):
                lines = trial
                changed = True
            else:
                i += 1
    return "\n".join(lines)


def save(corpus, text, args, profile_text, why):
    h = hashlib.sha1((text + " ".join(args) + (profile_text or "")).encode())
    name = "crash-" + h.hexdigest()[:12]
    os.makedirs(corpus, exist_ok=True)
    with open(os.path.join(corpus, name + ".mlir"), "w") as f:
        f.write("// FUZZ-ARGS: " + " ".join(args) + "\n")
        f.write("// found by scripts/fuzz.sh: " + why.replace("\n", " ") + "\n")
        f.write(text)
    if profile_text is not None:
        with open(os.path.join(corpus, name + ".json"), "w") as f:
            f.write(profile_text)
    return name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xmp-opt", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--corpus")
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    corpus = a.corpus or os.path.join(a.root, "test", "Fuzz", "corpus")
    rng = random.Random(a.seed)

    seeds, profiles = [], []
    for d in ("test", "examples"):
        for dirpath, _, files in os.walk(os.path.join(a.root, d)):
            if "corpus" in dirpath or "embed" in dirpath:
                continue
            for fn in sorted(files):
                p = os.path.join(dirpath, fn)
                if fn.endswith(".mlir"):
                    with open(p, errors="replace") as f:
                        seeds.append((p, f.read()))
                elif fn.endswith(".json") and "Inputs" in dirpath:
                    with open(p, errors="replace") as f:
                        profiles.append(f.read())
    mut = Mutator(rng, seeds)
    print(f"fuzz: seed {a.seed}, {len(seeds)} inputs, {len(profiles)} "
          f"profiles, {a.seconds:.0f} s, {a.jobs} job(s)", flush=True)

    stats = {"runs": 0, "ok": 0, "crash": 0, "known": 0, "accepted": 0}
    found = {}
    deadline = time.time() + a.seconds
    workdir = tempfile.mkdtemp(prefix="xmp-fuzz.")

    def one(case):
        text, args, prof = case
        fd, profile_path = tempfile.mkstemp(suffix=".json", dir=workdir)
        with os.fdopen(fd, "w") as f:
            f.write(prof)
        rc, err = run(a.xmp_opt, text, args, profile_path, a.timeout, workdir)
        return case, profile_path, rc, err

    def make_case():
        path, text = rng.choice(seeds)
        args = rng.choice(PIPELINES)
        prof = rng.choice(profiles) if profiles else "{}"
        if "PROFILE" in " ".join(args) and rng.random() < 0.7:
            prof = mut.mutate_profile(prof)
        else:
            text = mut.mutate_mlir(text)
        return text, args, prof

    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        pending = set()
        while time.time() < deadline or pending:
            while time.time() < deadline and len(pending) < a.jobs:
                pending.add(pool.submit(one, make_case()))
            done, pending = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in done:
                (text, args, prof), ppath, rc, err = fut.result()
                stats["runs"] += 1
                kind, why = classify(rc, err)
                stats[kind] += 1
                stats["accepted"] += rc == 0
                if kind == "crash":
                    small = minimize(a.xmp_opt, text, args, ppath,
                                     a.timeout, workdir, why)
                    uses_profile = "PROFILE" in " ".join(args)
                    name = save(corpus, small,
                                [x.replace("PROFILE", "@PROFILE@")
                                 for x in args],
                                prof if uses_profile else None, why)
                    found.setdefault(why, name)
                    print(f"fuzz: CRASH ({why}) saved as {name}", flush=True)
                os.unlink(ppath)
    print(f"fuzz: {stats['runs']} runs: {stats['ok']} fine "
          f"({stats['accepted']} accepted, {stats['ok'] - stats['accepted']} "
          f"rejected with diagnostics), "
          f"{stats['crash']} crashes ({len(found)} distinct), "
          f"{stats['known']} known upstream ({', '.join(w for _, w in KNOWN_UPSTREAM)})",
          flush=True)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
