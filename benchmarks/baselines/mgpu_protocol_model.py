#!/usr/bin/env python3
"""mgpu_protocol_model.py -- random-interleaving model of the halo-exchange
protocol of himeno_mgpu.cu and laplace2d_mgpu.cu (class Exchange in
mgpu_common.cuh), for checking it without a GPU:

    python3 benchmarks/baselines/mgpu_protocol_model.py [SEEDS]   (default 20)

Each rank has a host that enqueues, per iteration, the operations the
programs enqueue (same order, same streams: main and one side stream per
neighbour), events (a wait captures the latest record at enqueue time, as
cudaStreamWaitEvent does), the 32-bit flags (a write takes effect once the
previous operation of its stream has ended, as cuStreamWriteValue32 with its
memory fence; a wait passes once the flag is >= the value, GEQ). Kernels and
copies have a begin and an end, with regions read and written in between
(halo planes, p's owned planes, wrk2's boundary and inner planes). Checked
for every schedule: no write overlaps a read or a write of the same region,
every read sees the expected iteration's data, no deadlock, everything
finishes. The hosts also model himeno's per-iteration gosa wait (the event of
iteration t-1 after enqueuing t) and allreduce (all hosts), and the reset
between warm-up and timed run (device sync, barrier, initialization, device
sync, barrier). Variants: with and without overlap, with and without the
host waits, and 'serial' (all streams of a process executed as one FIFO in
submission order: the worst case of false serialization of the hardware
queues, which must not deadlock either). Problem sizes 2..33 planes on 1..5
ranks (empty ranks, ranks with no updated plane, one-plane ranks).
Changing the enqueue order in the programs means changing
Model.iteration() here the same way.
"""
import random
import sys
from collections import defaultdict


def decomp(N, P, r, g0, g1):
    b = (N + P - 1) // P
    active = (N + b - 1) // b
    lo = min(N, r * b)
    n = min(N, lo + b) - lo
    hi = lo + n
    has_dn = n > 0 and r > 0
    has_up = n > 0 and r + 1 < active
    s0 = max(lo, g0)
    s1 = max(s0, min(hi, g1))
    bnd_lo = has_dn and s0 < s1 and s0 == lo
    bnd_hi = has_up and s0 < s1 and s1 == hi
    return dict(lo=lo, hi=hi, n=n, has_dn=has_dn, has_up=has_up, s0=s0,
                s1=s1, bnd_lo=bnd_lo, bnd_hi=bnd_hi)


class Op:
    __slots__ = ("kind", "stream", "rank", "args", "state", "seq", "name")

    def __init__(self, kind, rank, stream, name, **args):
        self.kind, self.rank, self.stream, self.name = kind, rank, stream, name
        self.args = args
        self.state = "pending"  # pending -> running -> done
        self.seq = 0


class Model:
    def __init__(self, N, P, overlap, warmup, iters, host_waits, serial, rng):
        self.N, self.P, self.overlap = N, P, overlap
        self.rng = rng
        self.serial = serial
        self.d = [decomp(N, P, r, 1, N - 1) for r in range(P)]
        self.flags = [defaultdict(int) for _ in range(P)]
        # Region -> version (iteration of the data) and active accesses.
        self.version = {}
        self.readers = defaultdict(set)
        self.writers = defaultdict(set)
        self.streams = [{s: [] for s in ("main", "dn", "up")} for _ in range(P)]
        self.fifo = [[] for _ in range(P)]  # serial mode: all ops of a rank
        self.tokens = {}  # record token -> done?
        self.latest = [dict() for _ in range(P)]  # event -> latest token
        self.tok = 0
        self.seq = 0
        self.errors = []
        self.epoch = [0] * P
        self.host_waits = host_waits
        self.warmup, self.iters = warmup, iters
        # host programs: generators
        self.hosts = [self.host(r) for r in range(P)]
        self.host_block = [None] * P  # what a host waits for
        self.barrier_count = defaultdict(int)
        self.host_done = [False] * P
        for r in range(P):
            for reg in self.regions(r):
                self.version[reg] = 0

    def regions(self, r):
        return [(r, x) for x in ("halo_dn", "halo_up", "p_own", "wrk2_lo",
                                 "wrk2_hi", "wrk2_in")]

    # ---- enqueue helpers (what the programs call) ----
    def enq(self, r, stream, op):
        self.seq += 1
        op.seq = self.seq
        self.streams[r][stream].append(op)
        self.fifo[r].append(op)

    def record(self, r, stream, ev):
        self.tok += 1
        t = self.tok
        self.tokens[t] = False
        self.latest[r][ev] = t
        self.enq(r, stream, Op("record", r, stream, f"record {ev}", tok=t))

    def wait_event(self, r, stream, ev):
        t = self.latest[r].get(ev)  # None: never recorded: no-op
        self.enq(r, stream, Op("waitev", r, stream, f"waitev {ev}", tok=t))

    def wait_value(self, r, stream, flag, v):
        self.enq(r, stream, Op("waitv", r, stream, f"wait {flag}>={v}",
                               flag=flag, v=v))

    def write_value(self, r, stream, peer, flag, v):
        self.enq(r, stream, Op("writev", r, stream, f"write r{peer}.{flag}={v}",
                               peer=peer, flag=flag, v=v))

    def access(self, r, stream, name, reads, writes, e):
        # reads: list of (region, expected version); writes: regions -> e
        self.enq(r, stream, Op("access", r, stream, name, reads=reads,
                               writes=writes, e=e))

    # ---- the programs' iteration (enqueue) ----
    def iteration(self, r):
        d = self.d[r]
        self.epoch[r] += 1
        e = self.epoch[r]
        R = lambda x: (r, x)
        if d["n"] == 0:
            self.enq(r, "main", Op("nop", r, "main", "d2h gosa"))
            return
        # reads of each jacobi, expecting the previous iteration's data
        bnd_reads = [(R("p_own"), e - 1)]
        # a halo the neighbour never pushes (its plane is never updated)
        # holds constant data: any version is right (None: no check)
        if d["bnd_lo"]:
            bnd_reads.append((R("halo_dn"), e - 1 if self.d[r - 1]["bnd_hi"] else None))
        if d["bnd_hi"]:
            bnd_reads.append((R("halo_up"), e - 1 if self.d[r + 1]["bnd_lo"] else None))
        bnd_writes = ([R("wrk2_lo")] if d["bnd_lo"] else []) + \
                     ([R("wrk2_hi")] if d["bnd_hi"] else [])
        has_inner = d["s0"] + d["bnd_lo"] < d["s1"] - d["bnd_hi"]
        if self.overlap:
            self.wait_halos(r, "main", e - 1, True)
            if bnd_writes:
                self.access(r, "main", f"jacobi_bnd {e}", bnd_reads, bnd_writes, e)
            self.signal_ready(r, "main", e)
            self.record(r, "main", "bnd")
            for dr in ("dn", "up"):
                if not d["has_" + dr]:
                    continue
                self.wait_event(r, dr, "bnd")
                self.push_one(r, dr, dr, e, "wrk2")
                self.record(r, dr, "pushed_" + dr)
            if has_inner:
                self.access(r, "main", f"jacobi_in {e}", [(R("p_own"), e - 1)],
                            [R("wrk2_in")], e)
            if d["s1"] > d["s0"]:
                reads = [(reg, e) for reg in bnd_writes] + \
                        ([(R("wrk2_in"), e)] if has_inner else [])
                self.access(r, "main", f"copy {e}", reads, [R("p_own")], e)
        else:
            self.wait_halos(r, "main", e - 1, False)
            writes = bnd_writes + ([R("wrk2_in")] if has_inner else [])
            if writes:
                self.access(r, "main", f"jacobi {e}", bnd_reads, writes, e)
            self.signal_ready(r, "main", e)
            if d["s1"] > d["s0"]:
                self.access(r, "main", f"copy {e}", [(reg, e) for reg in writes],
                            [R("p_own")], e)
            for dr in ("dn", "up"):
                if d["has_" + dr]:
                    self.push_one(r, "main", dr, e, "p")
        self.enq(r, "main", Op("nop", r, "main", "d2h gosa"))

    def wait_halos(self, r, s, v, join):
        d = self.d[r]
        if d["has_dn"]:
            self.wait_value(r, s, "done_from_dn", v)
        if d["has_up"]:
            self.wait_value(r, s, "done_from_up", v)
        if join:
            for dr in ("dn", "up"):
                if d["has_" + dr]:
                    self.wait_event(r, s, "pushed_" + dr)

    def signal_ready(self, r, s, e):
        d = self.d[r]
        if d["has_dn"]:
            self.write_value(r, s, r - 1, "ready_from_up", e)
        if d["has_up"]:
            self.write_value(r, s, r + 1, "ready_from_dn", e)

    def push_one(self, r, s, dr, e, src):
        d = self.d[r]
        self.wait_value(r, s, "ready_from_" + dr, e)
        peer = r - 1 if dr == "dn" else r + 1
        copy = d["bnd_lo"] if dr == "dn" else d["bnd_hi"]
        if copy:
            if src == "wrk2":
                rd = (r, "wrk2_lo" if dr == "dn" else "wrk2_hi")
            else:
                rd = (r, "p_own")
            dst = (peer, "halo_up" if dr == "dn" else "halo_dn")
            self.access(r, s, f"push {dr} {e}", [(rd, e)], [dst], e)
        self.write_value(r, s, peer,
                         "done_from_up" if dr == "dn" else "done_from_dn", e)

    # ---- hosts ----
    def host(self, r):
        # reset
        yield ("devsync",)
        yield ("barrier", "reset0a")
        yield ("init",)
        yield ("devsync",)
        yield ("barrier", "reset0b")
        for phase, count in (("warm", self.warmup), ("timed", self.iters)):
            if phase == "timed":
                yield ("devsync",)
                yield ("barrier", "reset1a")
                yield ("init",)
                yield ("devsync",)
                yield ("barrier", "reset1b")
                yield ("devsync",)
                yield ("barrier", "t0")
            gosa = {}
            for t in range(count):
                self.iteration(r)
                self.record(r, "main", "gosa%d" % (t % 2))
                gosa[t] = self.latest[r]["gosa%d" % (t % 2)]
                if self.host_waits and t > 0:
                    yield ("hostwait", gosa[t - 1])
                    yield ("barrier", f"{phase}-allreduce-{t - 1}")
            if self.host_waits and count > 0:
                yield ("hostwait", gosa[count - 1])
                yield ("barrier", f"{phase}-allreduce-{count - 1}")
        yield ("devsync",)
        yield ("barrier", "end")

    def stream_idle(self, r):
        return all(op.state == "done" for s in self.streams[r].values() for op in s)

    def do_init(self, r):
        # all of rank r's regions re-initialized: the state "after epoch E0"
        for reg in self.regions(r):
            if self.readers[reg] or self.writers[reg]:
                self.errors.append(f"init of {reg} while accessed")
            self.version[reg] = self.epoch[r]

    # ---- execution ----
    def heads(self):
        """Enabled actions: (kind, object)."""
        acts = []
        for r in range(self.P):
            if self.serial:
                # the first not-done op of the FIFO, only
                for op in self.fifo[r]:
                    if op.state != "done":
                        if self.can(op):
                            acts.append(("op", op))
                        break
            else:
                for s, ops in self.streams[r].items():
                    for op in ops:
                        if op.state != "done":
                            if self.can(op):
                                acts.append(("op", op))
                            break
            if not self.host_done[r]:
                acts.append(("host", r))
        return acts

    def can(self, op):
        if op.state == "running":
            return True  # may end
        k = op.kind
        if k == "waitv":
            return self.flags[op.rank][op.args["flag"]] >= op.args["v"]
        if k == "waitev":
            t = op.args["tok"]
            return t is None or self.tokens[t]
        return True

    def step_op(self, op):
        k = op.kind
        r = op.rank
        if k in ("waitv", "waitev", "nop"):
            op.state = "done"
        elif k == "record":
            self.tokens[op.args["tok"]] = True
            op.state = "done"
        elif k == "writev":
            self.flags[op.args["peer"]][op.args["flag"]] = op.args["v"]
            op.state = "done"
        elif k == "access":
            if op.state == "pending":
                for reg, want in op.args["reads"]:
                    if self.writers[reg]:
                        self.errors.append(f"{op.name} r{r} reads {reg} while "
                                           f"written by {self.writers[reg]}")
                    if want is not None and self.version[reg] != want:
                        self.errors.append(f"{op.name} r{r} reads {reg} at "
                                           f"version {self.version[reg]}, wants {want}")
                    self.readers[reg].add((r, op.name))
                for reg in op.args["writes"]:
                    if self.readers[reg] or self.writers[reg]:
                        self.errors.append(f"{op.name} r{r} writes {reg} while "
                                           f"read by {self.readers[reg]} / written by "
                                           f"{self.writers[reg]}")
                    self.writers[reg].add((r, op.name))
                op.state = "running"
            else:
                for reg, _ in op.args["reads"]:
                    self.readers[reg].discard((r, op.name))
                for reg in op.args["writes"]:
                    self.writers[reg].discard((r, op.name))
                    self.version[reg] = op.args["e"]
                op.state = "done"

    def step_host(self, r):
        blk = self.host_block[r]
        if blk is None:
            try:
                blk = next(self.hosts[r])
            except StopIteration:
                self.host_done[r] = True
                return True
            self.host_block[r] = blk
            return True  # advanced (and enqueued what came before)
        kind = blk[0]
        if kind == "init":
            self.do_init(r)
            self.host_block[r] = None
            return True
        if kind == "devsync":
            if self.stream_idle(r):
                self.host_block[r] = None
                return True
            return False
        if kind == "hostwait":
            if self.tokens[blk[1]]:
                self.host_block[r] = None
                return True
            return False
        if kind == "barrier":
            name = blk[1]
            if ("arrived", r, name) not in self.barrier_count:
                self.barrier_count[("arrived", r, name)] = 1
                self.barrier_count[name] += 1
            if self.barrier_count[name] == self.P:
                self.host_block[r] = None
                return True
            return False
        raise AssertionError(kind)

    def run(self):
        steps = 0
        while True:
            acts = self.heads()
            if not acts:
                break
            self.rng.shuffle(acts)
            progressed = False
            for kind, obj in acts:
                if kind == "op":
                    self.step_op(obj)
                    progressed = True
                    break
                if self.step_host(obj):
                    progressed = True
                    break
            if not progressed:
                pend = []
                for r in range(self.P):
                    for s, ops in self.streams[r].items():
                        for op in ops:
                            if op.state != "done":
                                pend.append(f"r{r}.{s}: {op.name}")
                                break
                    pend.append(f"r{r}.host: {self.host_block[r]}")
                self.errors.append("DEADLOCK: " + "; ".join(pend))
                break
            steps += 1
            if self.errors:
                break
        if not self.errors:
            for r in range(self.P):
                if not self.host_done[r] or not self.stream_idle(r):
                    self.errors.append(f"rank {r} not finished")
        return self.errors


def main():
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    cases = 0
    for N in (2, 3, 4, 5, 6, 7, 9, 12, 33):
        for P in (1, 2, 3, 4, 5):
            for overlap in (True, False):
                for host_waits in (True, False):
                    for serial in (False, True):
                        for warmup, iters in ((0, 3), (2, 3), (1, 1)):
                            for s in range(seeds if N in (7, 33) else seeds // 10 + 1):
                                m = Model(N, P, overlap, warmup, iters, host_waits,
                                          serial, random.Random(s * 7919 + N * 31 + P))
                                errs = m.run()
                                cases += 1
                                if errs:
                                    print(f"N={N} P={P} overlap={overlap} host_waits="
                                          f"{host_waits} serial={serial} warmup={warmup} "
                                          f"iters={iters} seed={s}:")
                                    for e in errs[:5]:
                                        print("   ", e)
                                    return 1
    print(f"ok: {cases} random schedules, no race, no stale read, no deadlock")
    return 0


if __name__ == "__main__":
    sys.exit(main())
