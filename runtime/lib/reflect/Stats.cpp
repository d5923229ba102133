//===- Stats.cpp - reflect statistics (XMP_REFLECT_STATS=1) ---------------===//
//
// XMP_REFLECT_STATS=1, read when a plan is created: every plan gets a
// record in a registry indexed by creation order (the same on every rank);
// start, wait and do add their wall time and count completed reflects;
// xmprt_finalize reduces the records over all ranks and rank 0 prints one
// line per plan (reportReflectStats). Without the variable the plan's
// record pointer is null and the entry points pay one branch.
//===----------------------------------------------------------------------===//
#include "Plan.h"

#include "../Gpu.h"

#include <cstdio>
#include <memory>

using namespace xmprt;
using namespace xmprt::reflect;

namespace xmprt {
namespace reflect {

// One record per plan, in creation order.
struct PlanStats {
  std::string desc;            // array, element type, acc (rank 0's is printed)
  std::vector<int> requested;  // channel asked for, per dimension
  std::vector<int> used;       // kUsed* bits per dimension (live plans: at the end)
  std::vector<int> tune;       // TuneState per dimension (the same snapshots)
  int64_t calls = 0;           // completed reflects (wait or do)
  double seconds = 0;          // wall time in start + wait + do
  Plan *live = nullptr;
};

} // namespace reflect
} // namespace xmprt

namespace {

enum { kUsedIB = 1, kUsedTCA = 2, kUsedSelf = 4 };

std::vector<std::unique_ptr<PlanStats>> &statsRegistry() {
  static std::vector<std::unique_ptr<PlanStats>> r;
  return r;
}

const char *elemName(int32_t t) {
  switch (t) {
  case XMPRT_I8: return "i8";
  case XMPRT_I16: return "i16";
  case XMPRT_I32: return "i32";
  case XMPRT_I64: return "i64";
  case XMPRT_F32: return "f32";
  case XMPRT_F64: return "f64";
  case XMPRT_C32: return "complex<f32>";
  case XMPRT_C64: return "complex<f64>";
  case XMPRT_I1: return "i1";
  default: return "?";
  }
}

PlanStats *newStats(const Plan *p, const int32_t *channels) {
  const xmprt_darray *a = p->a;
  auto st = std::make_unique<PlanStats>();
  std::string gs, ls;
  for (int32_t d = 0; d < a->rank; ++d) {
    gs += (d ? "x" : "") + std::to_string(a->dims[d].m);
    ls += (d ? "x" : "") + std::to_string(a->extent[d]);
    st->requested.push_back(channels ? channels[d] : XMPRT_CHANNEL_AUTO);
  }
  st->used.assign(a->rank, 0);
  st->tune.assign(a->rank, kTuneNone);
  st->desc = "rank-" + std::to_string(a->rank) + " " + elemName(a->elemType) +
             " array " + gs + ", local " + ls + ", " +
             (p->acc ? "device" : "host") +
             (p->reduces() ? ", reduce_shadow" : "") +
             (p->orthogonal ? ", orthogonal" : "");
  PlanStats *raw = st.get();
  statsRegistry().push_back(std::move(st));
  return raw;
}

// Channels a plan moves data through now, ORed into its record.
void snapshotUsed(const Plan *p) {
  PlanStats *st = p->stats;
  for (const DimPhase &ph : p->dims) {
    if (!ph.active || ph.dim >= (int32_t)st->used.size())
      continue;
    int &u = st->used[ph.dim];
    for (int c : ph.chan)
      u |= c == XMPRT_CHANNEL_IB ? kUsedIB : c == XMPRT_CHANNEL_TCA ? kUsedTCA : 0;
    if (!ph.self.copies.empty())
      u |= kUsedSelf;
    st->tune[ph.dim] = ph.tune;
  }
}

// Statistics of a device plan time the exchange itself, which runs on the
// stream: the stream is drained before the start (earlier kernels are not
// counted) and after the wait (the copies and flag waits are).
void statsDrain(Plan *p) {
  if (p->acc && p->a->inGrid())
    gpu::sync("xmprt_reflect_stats");
}

} // namespace

namespace xmprt {
namespace reflect {

bool statsWanted() {
  return settings::flag("XMP_REFLECT_STATS", "xmprt_reflect_init");
}

void statsAttach(Plan *p, const int32_t *channels) {
  p->stats = newStats(p, channels);
  p->stats->live = p;
}

void statsDetach(Plan *p) {
  snapshotUsed(p);
  p->stats->live = nullptr;
}

void timedStart(Plan *p, bool split) {
  statsDrain(p);
  double t0 = MPI_Wtime();
  startPlan(p, split);
  p->stats->seconds += MPI_Wtime() - t0;
}

void timedWait(Plan *p) {
  double t0 = MPI_Wtime();
  waitPlan(p);
  statsDrain(p);
  p->stats->seconds += MPI_Wtime() - t0;
  ++p->stats->calls;
}

} // namespace reflect

void reportReflectStats() {
  static bool reported = false;
  auto &reg = statsRegistry();
  if (reported || !statsWanted()) // set on every rank (mpirun -x ...)
    return;
  reported = true;
  for (auto &st : reg)
    if (st->live)
      snapshotUsed(st->live);
  int wr = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &wr);
  // Plans are matched by creation index; ranks that created a different
  // number report the common prefix.
  long long n[2] = {(long long)reg.size(), -(long long)reg.size()}, r[2];
  MPI_Allreduce(n, r, 2, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
  long long cnt = -r[1], most = r[0];
  std::vector<double> sec(cnt), secMax(cnt), secMin(cnt);
  std::vector<long long> calls(cnt), callsMax(cnt), used(cnt), usedAll(cnt),
      tune(cnt), tuneAll(cnt);
  for (long long i = 0; i < cnt; ++i) {
    const PlanStats &st = *reg[i];
    sec[i] = st.seconds;
    calls[i] = st.calls;
    long long u = 0, t = 0; // 3 (used), 2 (tune) bits per dimension
    for (size_t d = 0; d < st.used.size() && d < 21; ++d) {
      u |= (long long)st.used[d] << (3 * d);
      t |= (long long)st.tune[d] << (2 * d);
    }
    used[i] = u;
    tune[i] = t;
  }
  if (cnt > 0) {
    MPI_Reduce(sec.data(), secMax.data(), (int)cnt, MPI_DOUBLE, MPI_MAX, 0,
               MPI_COMM_WORLD);
    MPI_Reduce(sec.data(), secMin.data(), (int)cnt, MPI_DOUBLE, MPI_MIN, 0,
               MPI_COMM_WORLD);
    MPI_Reduce(calls.data(), callsMax.data(), (int)cnt, MPI_LONG_LONG, MPI_MAX,
               0, MPI_COMM_WORLD);
    MPI_Reduce(used.data(), usedAll.data(), (int)cnt, MPI_LONG_LONG, MPI_BOR,
               0, MPI_COMM_WORLD);
    // Every rank of a plan's grid has the same tuning state (ranks
    // outside it have none).
    MPI_Reduce(tune.data(), tuneAll.data(), (int)cnt, MPI_LONG_LONG, MPI_BOR,
               0, MPI_COMM_WORLD);
  }
  if (wr == 0) {
    std::string out;
    for (long long i = 0; i < cnt; ++i) {
      const PlanStats &st = *reg[i];
      std::string ch;
      for (size_t d = 0; d < st.requested.size(); ++d) {
        ch += " dim" + std::to_string(d) + "=" + chanName(st.requested[d]);
        if (st.requested[d] == XMPRT_CHANNEL_NONE)
          continue;
        int u = d < 21 ? (int)((usedAll[i] >> (3 * d)) & 7) : 0;
        std::string us;
        if (u & kUsedIB)
          us += "ib";
        if (u & kUsedTCA)
          us += us.empty() ? "tca" : "+tca";
        if (u & kUsedSelf)
          us += us.empty() ? "self" : "+self";
        ch += ":" + (us.empty() ? std::string("-") : us);
        int t = d < 21 ? (int)((tuneAll[i] >> (2 * d)) & 3) : 0;
        if (t & kTuneTuned)
          ch += "(tuned)";
        else if (t & kTuneTuning)
          ch += "(undecided)";
      }
      char line[256];
      snprintf(line, sizeof line,
               "): %lld calls, total %.6f s (max over ranks), %.1f us/call "
               "(min rank %.1f)\n",
               callsMax[i], secMax[i],
               callsMax[i] ? secMax[i] / callsMax[i] * 1e6 : 0.0,
               callsMax[i] ? secMin[i] / callsMax[i] * 1e6 : 0.0);
      out += "xmprt: reflect stats: plan " + std::to_string(i) + " (" +
             st.desc + ", channels" + ch + line;
    }
    if (most != cnt)
      out += "xmprt: reflect stats: ranks created " + std::to_string(cnt) +
             " to " + std::to_string(most) +
             " plans; only the first " + std::to_string(cnt) +
             " are reported\n";
    if (cnt == 0 && most == 0)
      out += "xmprt: reflect stats: no reflect plan was created\n";
    fputs(out.c_str(), stderr);
    fflush(stderr);
  }
  for (auto &st : reg)
    if (st->live)
      st->live->stats = nullptr;
  reg.clear();
}

} // namespace xmprt
