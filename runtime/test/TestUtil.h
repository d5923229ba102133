// Helpers of the MPI tests: build arrays, fill owned elements with f(global
// index), check halos against what a sequential program would hold.
#ifndef XMPRT_TEST_TESTUTIL_H
#define XMPRT_TEST_TESTUTIL_H

#include "xmprt/testing.h"
#include "xmprt/xmprt.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdlib>
#include <functional>
#include <string>
#include <algorithm>
#include <vector>

namespace xt {

inline int np() { return xmprt_world_size(); }

/// Uneven gblock sizes for n elements over p ranks: alternately `big` and
/// `small` (clamped to what is left), the last rank takes the rest.
inline std::vector<int64_t> unevenGBlock(int64_t n, int64_t p, int64_t big,
                                         int64_t small) {
  std::vector<int64_t> gb;
  int64_t sum = 0;
  for (int64_t i = 0; i + 1 < p; ++i) {
    gb.push_back(std::min<int64_t>(i % 2 ? small : big, n - sum));
    sum += gb.back();
  }
  gb.push_back(n - sum);
  return gb;
}
inline int me() { return xmprt_world_rank(); }

/// The channel a 1-D, non-periodic reflect requested with `ch` must use on
/// `side` (0 lo, 1 hi) of rank r: none at a boundary; ib when requested (or
/// auto under XMP_REFLECT_CHANNEL=ib); else tca toward a neighbour of the
/// same sub-cluster that `reachable` accepts, ib otherwise. Collective at
/// construction (gathers the sub-cluster ids).
struct ChannelExpect {
  std::vector<int> sub;
  bool envIB = false;
  ChannelExpect() : sub(xmprt_world_size()) {
    int mine = xmprt_subcluster_id();
    MPI_Allgather(&mine, 1, MPI_INT, sub.data(), 1, MPI_INT, MPI_COMM_WORLD);
    const char *env = getenv("XMP_REFLECT_CHANNEL");
    envIB = env && std::string(env) == "ib";
  }
  int operator()(int32_t ch, int r, int side,
                 const std::function<bool(int)> &reachable =
                     [](int) { return true; }) const {
    int peer = side == 0 ? r - 1 : r + 1;
    if (peer < 0 || peer >= (int)sub.size())
      return XMPRT_CHANNEL_NONE;
    if (ch == XMPRT_CHANNEL_IB || (ch == XMPRT_CHANNEL_AUTO && envIB))
      return XMPRT_CHANNEL_IB;
    return sub[peer] == sub[r] && reachable(peer) ? XMPRT_CHANNEL_TCA
                                                  : XMPRT_CHANNEL_IB;
  }
};

// Collective: true on every rank iff the expression holds on every rank.
inline bool allTrue(bool b) {
  int v = b;
  MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  return v;
}

inline double fval(const std::vector<int64_t> &g) {
  double v = 1;
  for (int64_t x : g)
    v = v * 1000 + (double)x;
  return v;
}

struct ArrayInfo {
  int32_t rank;
  std::vector<int64_t> m, ext, slo, cnt;
  std::vector<bool> full, aligned;
};

// Local index l of dim d -> global index on this rank (-1 + flag if none).
// `owned` tells whether l is in the owned part.
inline int64_t localToGlobal(xmprt_darray *a, int32_t d, int64_t l,
                             int64_t slo, bool &owned) {
  int64_t lo, hi;
  // owned range via the ABI for block-like / not aligned
  xmprt_darray_owned(a, d, &lo, &hi);
  int64_t cnt = hi - lo;
  owned = l >= slo && l < slo + cnt;
  return l - slo + lo;
}

// Iterates all local multi-indices of a; calls fn(local linear, local idx).
inline void forEachLocal(xmprt_darray *a, int32_t rank,
                         const std::function<void(int64_t,
                                                  const std::vector<int64_t> &)>
                             &fn) {
  std::vector<int64_t> ext(rank), l(rank, 0);
  int64_t total = 1;
  for (int32_t d = 0; d < rank; ++d) {
    ext[d] = xmprt_darray_local_extent(a, d);
    total *= ext[d];
  }
  for (int64_t lin = 0; lin < total; ++lin) {
    int64_t r = lin;
    for (int32_t d = rank - 1; d >= 0; --d) {
      l[d] = r % ext[d];
      r /= ext[d];
    }
    fn(lin, l);
  }
}

// Channel tuning (XMP_CHANNEL_TUNE) in tests.
// An environment variable set on this rank while the object lives (every
// rank runs the same code, so the setting agrees across ranks).
class EnvScope {
public:
  EnvScope(const char *name, const char *value) : name_(name) {
    const char *old = getenv(name);
    had_ = old != nullptr;
    if (had_)
      old_ = old;
    setenv(name, value, 1);
  }
  ~EnvScope() {
    if (had_)
      setenv(name_, old_.c_str(), 1);
    else
      unsetenv(name_);
  }

private:
  const char *name_;
  bool had_;
  std::string old_;
};

// This rank's injected times of the tuner's timed reflects (seconds).
struct Times {
  double rule, ib;
};
inline double injected(void *ctx, const xmprt_reflect_plan *, int32_t,
                       int32_t ch, double) {
  const Times *t = (const Times *)ctx;
  return ch == XMPRT_CHANNEL_IB ? t->ib : t->rule;
}
class HookScope {
public:
  explicit HookScope(const Times *t) {
    xmprt_reflect_tune_hook(injected, (void *)t);
  }
  ~HookScope() { xmprt_reflect_tune_hook(nullptr, nullptr); }
};

// Whether AUTO can be tuned in this run (XMP_REFLECT_CHANNEL leaves it
// auto) and some pair of ranks shares a sub-cluster (collective).
inline bool autoIsAuto() {
  const char *e = getenv("XMP_REFLECT_CHANNEL");
  return !e || !*e || std::string(e) == "auto";
}
inline bool someSubclusterPair() {
  int sz = xmprt_subcluster_size();
  MPI_Allreduce(MPI_IN_PLACE, &sz, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return sz > 1;
}

// The channel of every (dim, side) of a plan, dimension-major.
inline std::vector<int32_t> channelsOf(const xmprt_reflect_plan *p, int32_t r) {
  std::vector<int32_t> v;
  for (int32_t d = 0; d < r; ++d)
    for (int s = 0; s < 2; ++s)
      v.push_back(xmprt_reflect_channel(p, d, s));
  return v;
}
inline std::vector<int32_t> tuneStates(const xmprt_reflect_plan *p, int32_t r) {
  std::vector<int32_t> v;
  for (int32_t d = 0; d < r; ++d)
    v.push_back(xmprt_reflect_tune_state(p, d));
  return v;
}
// Collective: v is the same on every rank.
inline bool sameEverywhere(const std::vector<int32_t> &v) {
  std::vector<int32_t> lo(v), hi(v);
  MPI_Allreduce(MPI_IN_PLACE, lo.data(), (int)lo.size(), MPI_INT32_T, MPI_MIN,
                MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, hi.data(), (int)hi.size(), MPI_INT32_T, MPI_MAX,
                MPI_COMM_WORLD);
  return lo == hi;
}

// After a plan's tuning reflects (collective): every rank agrees on every
// dimension's state, none is still tuning, and each side's channel is the
// rule's, unless the dimension was tuned while IB was made to win (then
// not TCA). Returns the number of dimensions that were tuned.
inline int checkTuned(const xmprt_reflect_plan *p, int32_t r,
                      const std::vector<int32_t> &rule, bool ibWins,
                      const std::string &what) {
  std::vector<int32_t> st = tuneStates(p, r), ch = channelsOf(p, r);
  EXPECT_TRUE(sameEverywhere(st)) << what;
  int tuned = 0;
  for (int32_t d = 0; d < r; ++d) {
    EXPECT_NE(st[d], 1) << what << " dim " << d << ": still tuning";
    tuned += st[d] == 2;
    for (int s = 0; s < 2; ++s) {
      int32_t got = ch[2 * d + s], want = rule[2 * d + s];
      if (st[d] == 2 && ibWins)
        EXPECT_NE(got, XMPRT_CHANNEL_TCA) << what << " dim " << d;
      else
        EXPECT_EQ(got, want) << what << " dim " << d << " side " << s;
    }
  }
  return tuned;
}

/// An asynchronous operation started on every rank, rank `late` (not 0)
/// last: it starts only after rank 0 has started its own and found its
/// request incomplete with xmprt_test (several times: a test can be
/// repeated), which rank 0 tells it with a message on MPI_COMM_WORLD. The
/// operation must need rank `late` to complete on rank 0 (its part of a
/// reduction, the root of a broadcast, a message of a gmove), so those
/// tests must say 0. With one rank, started at once. No deadlock: rank
/// `late` waits for rank 0 alone, and rank 0 sends after tests that do not
/// block.
inline xmprt_request *startLate(int late,
                                const std::function<xmprt_request *()> &start,
                                const std::string &what) {
  const int kTag = 4711;
  if (np() == 1)
    return start();
  if (me() == late) {
    int word = 0;
    MPI_Recv(&word, 1, MPI_INT, 0, kTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return start();
  }
  xmprt_request *r = start();
  if (me() == 0) {
    EXPECT_NE(r, nullptr) << what;
    for (int k = 0; k < 3; ++k)
      EXPECT_EQ(xmprt_test(r), 0)
          << what << ": complete before rank " << late << " started it";
    int word = 1;
    MPI_Send(&word, 1, MPI_INT, late, kTag, MPI_COMM_WORLD);
  }
  return r;
}

/// Polls xmprt_test until it says 1 (a loop that must end: every rank has
/// started the operation), then checks that it keeps saying so. How many
/// polls it takes depends on timing and is not checked.
inline void pollUntilDone(xmprt_request *r) {
  while (!xmprt_test(r)) {
  }
  EXPECT_EQ(xmprt_test(r), 1);
  EXPECT_EQ(xmprt_test(r), 1);
}

} // namespace xt

#endif
