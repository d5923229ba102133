"""The raw results of benchmarks/npb_cg_cpu.sh and npb_cg_gpu.sh.

The file (written by npb_run1, benchmarks/npb_cg_common.sh): '#' lines,
the first the header (machine, parameters), then one line per run:
round class ranks program time verified zeta.
"""
import json
import sys


def load(path):
    """(header, runs, zetas, bad): runs[(class, ranks, program)] = the
    times of the runs that verified, zetas[...] = the zeta one printed, bad
    = the lines of the runs that failed or did not verify."""
    header = open(path).readline().strip()
    runs, zetas, bad = {}, {}, []
    for line in open(path):
        if line.startswith("#"):
            continue
        _, c, np, name, t, v, z = line.split()
        if t == "FAILED" or v != "1":
            bad.append(line.strip())
            continue
        runs.setdefault((c, int(np), name), []).append(float(t))
        zetas[(c, int(np), name)] = z
    return header, runs, zetas, bad


def report(header, md, rows, bad, json_path, md_path):
    """Writes the table (md: its lines) and the JSON, prints the table;
    exits 1 when a run failed or did not verify."""
    if bad:
        md += ["", "Runs that failed or did not verify:"] + ["    " + b for b in bad]
    json.dump({"header": header, "rows": rows, "failed": bad}, open(json_path, "w"),
              indent=1)
    open(md_path, "w").write("\n".join(md) + "\n")
    print("\n".join(md))
    sys.exit(1 if bad else 0)
