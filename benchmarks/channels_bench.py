#!/usr/bin/env python3
"""Channel-comparison kit, part 2b (driven by benchmarks/channels_bench.sh).

Runs the Himeno variants that benchmarks/channels_prepare.sh compiled
(manifest.json in the carry folder) interleaved over several rounds, with
XMP_REFLECT_STATS=1, and prints one markdown table per size x grid: the
channels the pass chose per dimension, the reflect time per call (from the
runtime's stats line, maximum over ranks, median over rounds), the time per
iteration, and whether the chosen plan is not slower than the better of
all-IB and all-TCA. With --profile (the xmp-calibrate profile measured in
the same run) the pass's profile rule is replayed on the halo geometry of
the hybrid remarks and the matching precompiled plan runs as `profile@run`.
All rounds go to OUT/channels.json.

--replay GEOMETRY.json --profile P.json runs nothing: it prints the channels
the pass would choose with that profile for the halo geometry in the file
(benchmarks/calibrate_acc.sh writes one for examples/himeno_gpu.mlir's
`acc` reflect): device data by the profile's "device_channels", host data
by its "channels", the threshold rule where the model needed is absent.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

STATS_RE = re.compile(
    r"^xmprt: reflect stats: plan 0 \((?P<desc>.*), channels (?P<chans>[^)]*)\): "
    r"(?P<calls>\d+) calls, total (?P<total>[0-9.eE+-]+) s \(max over ranks\), "
    r"(?P<us>[0-9.eE+-]+) us/call \(min rank (?P<minus>[0-9.eE+-]+)\)", re.M)
RESULT_RE = re.compile(r"^XMP-RESULT (\w+) (\S+)", re.M)


TCA_MAX_BYTES = 524288  # xmp-select-channels tca-max-bytes default

GEO_RE = re.compile(r"remark: dim (\d+): (.*?) -> (none|ib|tca)(.*)$")
HALO_RE = re.compile(
    r"(block-stride|block|stride), (?:(\d+) bytes per message|bytes unknown[^,]*), "
    r"neighbours (same|other|unknown) sub-cluster")


def geometry_from_remarks(lines):
    """Halo geometry per dimension from xmp-select-channels remarks (one
    reflect): class, bytes per message (0: unknown, dynamic shape) and
    neighbour sub-cluster, or `fixed` (none, full shadow, local periodic
    copy: no rule applies)."""
    geo = []
    for line in lines:
        g = GEO_RE.search(line)
        if not g:
            continue
        d, what, chosen = int(g.group(1)), g.group(2), g.group(3)
        e = {"dim": d, "hybrid": chosen, "remark": line[g.start():]}
        k = HALO_RE.match(what)
        if k:
            e.update({"class": k.group(1), "bytes": int(k.group(2) or 0),
                      "neighbour": k.group(3)})
        else:
            e["fixed"] = chosen
        geo.append(e)
    return geo


def replay_profile(geometry, prof, acc=False, tca_max_bytes=TCA_MAX_BYTES):
    """xmp-select-channels policy=hybrid with a profile (SelectChannels.cpp):
    neighbour in another sub-cluster -> ib; else, with the profile's model
    for the data (acc: "device_channels", host: "channels"), the lower
    predicted time latency_us + bytes / (bandwidth_GBps * 1e3), ties -> ib;
    without that model (or with prof None: no profile) the threshold rule:
    block -> ib, more than tca_max_bytes -> ib, else tca. Unknown bytes (0)
    count as small."""
    key = "device_channels" if acc else "channels"
    model = (prof or {}).get(key)
    chans, notes = [], []
    for e in geometry:
        if "fixed" in e:
            chans.append(e["fixed"])
            continue
        size = "%d B" % e["bytes"] if e["bytes"] else "? B"
        if e["neighbour"] == "other":
            chans.append("ib")
            notes.append("dim %d: other sub-cluster -> ib" % e["dim"])
            continue
        if model is None:
            if e["class"] == "block":
                c, why = "ib", "contiguous halo"
            elif e["bytes"] > tca_max_bytes:
                c, why = "ib", "larger than tca-max-bytes %d" % tca_max_bytes
            else:
                c, why = "tca", "strided halo"
            if prof is not None:
                why += "; threshold rule: the profile has no \"%s\"" % key
            chans.append(c)
            notes.append("dim %d: %s %s: %s -> %s" % (e["dim"], e["class"], size, why, c))
            continue
        t = {}
        for c in ("ib", "tca"):
            m = model[c][e["class"]]
            t[c] = m["latency_us"] + e["bytes"] / (m["bandwidth_GBps"] * 1e3)
        c = "tca" if t["tca"] < t["ib"] else "ib"
        chans.append(c)
        notes.append("dim %d: %s %s: profile %s: ib %.2f us, tca %.2f us -> %s"
                     % (e["dim"], e["class"], size, "device" if acc else "host",
                        t["ib"], t["tca"], c))
    return chans, notes


def replay_main(args):
    """--replay: the pass's choice for each configuration of the geometry
    file, with the model its data needs, and for comparison with the other
    model and without a profile."""
    geo = json.load(open(args.replay))
    prof = json.load(open(args.profile)) if args.profile else {}
    have = [k for k in ("channels", "device_channels") if k in prof]
    print("## xmp-select-channels replay: %s, profile %s (%s), sub-clusters of %s"
          % (geo.get("program", "?"), args.profile or "(none)",
             ", ".join(have) or "no model", geo.get("subcluster_size", "?")))
    for cfg in geo["configs"]:
        acc = cfg.get("acc", False)
        print("\n### %s: %s, grid %s, %s reflect"
              % (cfg["name"], "x".join(map(str, cfg["dims"])), cfg["grid"],
                 "device (acc)" if acc else "host"))
        for title, a, p in (("pass with this profile", acc, prof),
                            ("the %s model instead (comparison)"
                             % ("host" if acc else "device"), not acc, prof),
                            ("no profile (threshold rule)", acc, None)):
            chans, notes = replay_profile(cfg["geometry"], p, a)
            print("- %s: channels [%s]" % (title, ", ".join(chans)))
            for n in notes:
                print("  - " + n)
    return 0


def used_channels(stats_chans):
    """'dim0=tca:ib dim1=tca:tca dim2=none' -> ('ib', 'tca', 'none'): what
    moved at run time, whatever was requested."""
    return tuple(u or "none" for _, u in
                 re.findall(r"dim(\d+)=[a-z]+(?::([a-z+\-]+))?", stats_chans))


def run_once(args, exe, iters, sizes=()):
    """One run of `exe`; `sizes`: the program's size arguments (the
    objects are compiled for one size with xmpcc --specialize and check it)."""
    env = dict(os.environ, XMP_SUBCLUSTER_SIZE=str(args.subcluster),
               XMP_REFLECT_STATS="1")
    cmd = args.mpirun.split() + ["-x", "XMP_SUBCLUSTER_SIZE", "-x",
                                 "XMP_REFLECT_STATS", "-np", str(args.np),
                                 exe, str(iters)] + [str(d) for d in sizes]
    t0 = time.time()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True,
                       timeout=args.timeout)
    wall = time.time() - t0
    rec = {"rc": p.returncode, "wall_s": round(wall, 3)}
    res = {k: float(v) for k, v in RESULT_RE.findall(p.stdout)}
    m = STATS_RE.search(p.stderr)
    if p.returncode != 0 or not m or "time" not in res:
        rec["error"] = (p.stderr[-2000:] or p.stdout[-2000:]).strip()
        return rec
    rec.update({
        "reflect_us_per_call": float(m.group("us")),
        "reflect_us_per_call_min_rank": float(m.group("minus")),
        "reflect_calls": int(m.group("calls")),
        "reflect_total_s": float(m.group("total")),
        "runtime_channels": m.group("chans"),
        "time_s": res["time"],
        "time_per_iter_ms": res["time"] / iters * 1e3,
        "mflops": res.get("mflops"),
        "gosa": res.get("gosa"),
    })
    return rec


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carry")
    ap.add_argument("--bin", help="folder of the linked variants")
    ap.add_argument("--out")
    ap.add_argument("--mpirun")
    ap.add_argument("--np", type=int, default=4)
    ap.add_argument("--subcluster", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--iters-s", type=int, default=200)
    ap.add_argument("--iters-m", type=int, default=100)
    ap.add_argument("--profile", default="")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--machine", default="")
    ap.add_argument("--replay", default="",
                    help="geometry JSON: print the pass's choices, run nothing")
    args = ap.parse_args()
    if args.replay:
        return replay_main(args)
    for opt in ("carry", "bin", "out", "mpirun"):
        if not getattr(args, opt):
            ap.error("--%s is required (unless --replay)" % opt)

    man = json.load(open(os.path.join(args.carry, "manifest.json")))
    prof = json.load(open(args.profile)) if args.profile and os.path.exists(args.profile) else None
    report = {"machine": args.machine, "np": args.np, "subcluster_size": args.subcluster,
              "mpirun": args.mpirun, "rounds": args.rounds, "profile": prof,
              "profile_input": man.get("profile_input"), "configs": []}
    md = []
    verdicts = []
    t_start = time.time()
    for cfg in man["configs"]:
        iters = args.iters_s if cfg["size"] == "S" else args.iters_m
        by_name = {v["name"]: v for v in cfg["variants"]}
        # What runs: the pass's variants, plus the plan this run's profile picks.
        # A variant whose channel list equals an earlier one's is the same
        # program: it is reported with that one's measurements.
        runs, aliases = [], {}
        for v in cfg["variants"]:
            if not v["pass"]:
                continue
            same = next((r for r in runs if r["channels"] == v["channels"]), None)
            if same:
                aliases[v["name"]] = same["name"]
            else:
                runs.append(v)
        replay_notes = []
        if prof:
            chans, replay_notes = replay_profile(cfg["geometry"], prof)
            match = [v for v in cfg["variants"] if v["channels"] == chans]
            if not match:
                replay_notes.append("no precompiled plan has channels %s" % chans)
            else:
                pick = next((v for v in match if v["pass"]), match[0])
                if pick["pass"]:
                    aliases["profile@run"] = aliases.get(pick["name"], pick["name"])
                else:
                    runs.append(dict(pick, name="profile@run", object=pick["object"]))
        names = [v["name"] for v in runs]
        exes = {v["name"]: os.path.join(args.bin, v["object"][:-2]) for v in runs}
        chans_of = {v["name"]: v["channels"] for v in runs}
        for a, target in aliases.items():
            chans_of[a] = by_name[target]["channels"]
        rounds = {n: [] for n in names}
        order = [v["name"] for v in cfg["variants"] if v["pass"]]
        if "profile@run" in names or "profile@run" in aliases:
            order.append("profile@run")
        t0 = time.time()
        run_once(args, exes[names[0]], max(5, iters // 10), cfg["dims"])  # warm-up, not recorded
        for r in range(args.rounds):
            k = r % len(names)  # rotate the order: no variant always goes first
            for n in names[k:] + names[:k]:
                rec = run_once(args, exes[n], iters, cfg["dims"])
                rec["round"] = r
                rounds[n].append(rec)
                if "error" in rec:
                    print("channels_bench: %s %s round %d failed (rc %d): %s"
                          % (cfg["name"], n, r, rec["rc"], rec["error"][-400:]),
                          file=sys.stderr)
        elapsed = time.time() - t0
        for a, target in aliases.items():
            rounds[a] = rounds[target]
        rounds = {n: rounds[n] for n in order}
        ok = {n: [x for x in rounds[n] if "error" not in x] for n in rounds}
        summ = {}
        for n, xs in ok.items():
            us = [x["reflect_us_per_call"] for x in xs]
            summ[n] = {
                "reflect_us_median": med(us),
                "reflect_us_min": min(us) if us else None,
                "reflect_us_max": max(us) if us else None,
                "time_per_iter_ms_median": med([x["time_per_iter_ms"] for x in xs]),
                "mflops_median": med([x["mflops"] for x in xs if x["mflops"] is not None]),
                "runtime_channels": xs[0]["runtime_channels"] if xs else "",
                "gosa": sorted({x["gosa"] for x in xs}),
                "ok_rounds": len(xs),
            }
        report["configs"].append({
            "size": cfg["size"], "dims": cfg["dims"], "grid": cfg["grid"],
            "iterations": iters, "elapsed_s": round(elapsed, 1),
            "channels": chans_of, "aliases": aliases, "profile_replay": replay_notes,
            "summary": summ, "rounds": rounds})

        # ---- markdown table ------------------------------------------------
        ndim = len(next(iter(chans_of.values())))
        title = ("### Himeno %s (%s), grid %s, %d ranks, sub-clusters of %d, "
                 "%d iterations x %d rounds"
                 % (cfg["size"], "x".join(map(str, cfg["dims"])), cfg["grid"],
                    args.np, args.subcluster, iters, args.rounds))
        md.append(title)
        md.append("")
        hdr = (["variant"] + ["dim %d" % d for d in range(ndim)] +
               ["runtime moved (stats)", "reflect us/call (median)", "min..max",
                "time/iter ms (median)", "MFLOPS (median)"])
        md.append("| " + " | ".join(hdr) + " |")
        md.append("|" + "---|" * len(hdr))
        label = {"ib": "ib (all IB)", "tca": "tca (all TCA)",
                 "hybrid": "**hybrid** (the default: auto, the runtime decides)",
                 "threshold": "threshold (the thesis's rule)",
                 "profile": "**profile** (chosen: prepare-time profile)",
                 "profile@run": "**profile@run** (chosen: this run's profile)"}
        for n in list(rounds):
            s = summ[n]
            name = label.get(n, n)
            if n in aliases:
                name += " (same plan as %s)" % aliases[n]
            if s["ok_rounds"] == 0:
                md.append("| " + " | ".join([name] + chans_of[n] + ["FAILED"] + [""] * 4) + " |")
                continue
            md.append("| " + " | ".join(
                [name] + chans_of[n] +
                [s["runtime_channels"].strip(),
                 "%.1f" % s["reflect_us_median"],
                 "%.1f..%.1f" % (s["reflect_us_min"], s["reflect_us_max"]),
                 "%.3f" % s["time_per_iter_ms_median"],
                 "%.0f" % s["mflops_median"]]) + " |")
        md.append("")
        for note in replay_notes:
            md.append("- profile@run replay: " + note)
        gosas = {g for n in summ for g in summ[n]["gosa"]}
        md.append("- gosa identical across variants and rounds: %s"
                  % ("yes (%r)" % next(iter(gosas)) if len(gosas) == 1 else "NO: %s" % sorted(gosas)))
        uni = [n for n in ("ib", "tca") if summ.get(n, {}).get("ok_rounds")]
        for ch in [n for n in ("hybrid", "threshold", "profile", "profile@run") if n in summ]:
            if not uni or not summ[ch]["ok_rounds"]:
                continue
            if aliases.get(ch) in ("hybrid", "threshold", "profile"):
                md.append("- chosen %s: same plan as %s (verdict above)" % (ch, aliases[ch]))
                verdicts.append("%s %s %s: same plan as %s"
                                % (cfg["size"], cfg["grid"], ch, aliases[ch]))
                continue
            best = min(uni, key=lambda n: summ[n]["reflect_us_median"])
            b, c = summ[best]["reflect_us_median"], summ[ch]["reflect_us_median"]
            margin = (b - c) / b * 100 if b else 0.0
            # Per round: chosen vs the better uniform plan of that round.
            wins = 0
            nr = 0
            for r in range(args.rounds):
                def at(n):
                    return next((x["reflect_us_per_call"] for x in ok[n] if x["round"] == r), None)
                vals = [at(n) for n in uni]
                cv = at(ch)
                if cv is None or any(v is None for v in vals):
                    continue
                nr += 1
                wins += cv <= min(vals)
            # Noise: the widest round-to-round range (relative to its median)
            # of the two variants compared.
            spread = max((summ[n]["reflect_us_max"] - summ[n]["reflect_us_min"]) /
                         summ[n]["reflect_us_median"] * 100
                         for n in (best, ch) if summ[n]["reflect_us_median"])
            yes = c <= b
            line = ("- chosen %s <= min(ib, tca)? **%s**: %s %.1f us/call vs best uniform "
                    "%s %.1f us/call (margin %+.1f%%; chosen not slower in %d/%d rounds; "
                    "round-to-round spread %.0f%%%s)"
                    % (ch, "YES" if yes else "NO", ch, c, best, b, margin, wins, nr,
                       spread, "" if yes or -margin > spread else ": within noise"))
            same_rt = [n for n in uni if n != aliases.get(ch) and
                       used_channels(summ[n]["runtime_channels"])
                       == used_channels(summ[ch]["runtime_channels"])]
            if ch in aliases:
                line += "; %s is the %s program itself" % (ch, aliases[ch])
            if same_rt:
                line += ("; note: at run time %s moves its halos over the same channels "
                         "as %s (TCA falls back to IB outside the sub-cluster), so %s vs "
                         "%s differs by noise only" % (ch, " and ".join(same_rt), ch,
                                                       " and ".join(same_rt)))
            md.append(line)
            verdicts.append("%s %s %s: %s (margin %+.1f%%%s%s)"
                            % (cfg["size"], cfg["grid"], ch, "YES" if yes else "NO", margin,
                               "" if yes or -margin > spread else ", within noise",
                               ("; the %s program" % aliases[ch] if ch in aliases else "") +
                               ("; same run-time channels as " + "/".join(same_rt)
                                if same_rt else "")))
        md.append("- wall time of this table: %.0f s" % elapsed)
        md.append("")
        print("\n".join(md[-(len(md) - md.index(title)):]), flush=True)

    report["elapsed_s"] = round(time.time() - t_start, 1)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "channels.json"), "w") as f:
        json.dump(report, f, indent=1)
    with open(os.path.join(args.out, "channels.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("## Verdicts (reflect us/call, median over rounds)")
    for v in verdicts:
        print("- " + v)
    print("\nchannels_bench: raw rounds in %s, tables in %s (%.0f s)"
          % (os.path.join(args.out, "channels.json"), os.path.join(args.out, "channels.md"),
             report["elapsed_s"]))
    bad = any(not s["ok_rounds"] for c in report["configs"] for s in c["summary"].values())
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
