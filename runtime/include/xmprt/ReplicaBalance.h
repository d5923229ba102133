//===- ReplicaBalance.h - which replica serves which rank (header-only) ---===//
//
// Pure C++17, no MPI. A darray distributed on some axes of its grid is
// replicated along the others: every element has a *group* of holders, one
// coordinate fixed on each distributed axis (the owner), any coordinate on
// the replicated axes. When a gmove reads such an array, each reading rank
// may take its elements of a group from any replica of the group.
//
// Taking them from "the replica at my own coordinate" is cheap and right
// when there are at least as many holders as readers of a group, but on a
// grid with more rows than columns (the transposed vector of NPB CG on a
// 4 x 2 or 8 x 4 grid) it makes the holders in the reader's column serve
// every reader of that column (R - 1 ranks) while the other holders idle:
// the imbalance seed 002 (figures 8 and 9) removed by hand in XACC's gmove.
// balanceReplicas() instead runs one deterministic assignment that every
// rank computes from the gathered per-group counts of all ranks, so that
// no message is needed to agree:
//
//   - a reader that is itself a replica of the group copies locally;
//   - the other readers, in rank order, take the replica with the fewest
//     elements to give so far (local copies count), trying replicas from
//     index (reader rank mod replicas) so that equal loads spread
//     (list scheduling: no holder gives more than its group's even share
//     plus one request).
//
// On the CG transpose of an R x C grid with C = R or C = 2R this is the
// exchange of hand-written CG, every holder sends its part to at most one
// rank; with R = 2C at most two (R - 1 by the own-coordinate rule).
// runtime/test/DistributionTest.cpp checks both on grids up to 8 x 16.
//===----------------------------------------------------------------------===//
#ifndef XMPRT_REPLICABALANCE_H
#define XMPRT_REPLICABALANCE_H

#include <algorithm>
#include <cstdint>
#include <vector>

namespace xmprt {
namespace dist {

// Groups and replicas of an array on a grid of shape `shape` (row-major
// ranks) that is distributed on the axes marked in `distributed`.
// Group g = row-major index of the coordinates on the distributed axes;
// replica k = row-major index of those on the replicated axes.
struct ReplicaGroups {
  std::vector<int64_t> shape;
  std::vector<int32_t> distAxes, repAxes;
  int64_t groups = 1, perGroup = 1;

  ReplicaGroups(std::vector<int64_t> gridShape,
                const std::vector<bool> &distributed)
      : shape(std::move(gridShape)) {
    for (int32_t a = 0; a < (int32_t)shape.size(); ++a) {
      bool d = a < (int32_t)distributed.size() && distributed[a];
      (d ? distAxes : repAxes).push_back(a);
      (d ? groups : perGroup) *= shape[a];
    }
  }
  // The group of the holders whose coordinates on the distributed axes are
  // those of `coord` (one entry per grid axis; the others are ignored).
  int64_t groupOf(const int64_t *coord) const {
    int64_t g = 0;
    for (int32_t a : distAxes)
      g = g * shape[a] + coord[a];
    return g;
  }
  // Row-major grid rank of replica k of group g.
  int64_t holder(int64_t g, int64_t k) const {
    std::vector<int64_t> c(shape.size(), 0);
    auto unflatten = [&](const std::vector<int32_t> &axes, int64_t v) {
      for (size_t i = axes.size(); i-- > 0;) {
        c[axes[i]] = v % shape[axes[i]];
        v /= shape[axes[i]];
      }
    };
    unflatten(distAxes, g);
    unflatten(repAxes, k);
    int64_t r = 0;
    for (size_t a = 0; a < shape.size(); ++a)
      r = r * shape[a] + c[a];
    return r;
  }
};

// For reader `me`: the reader serving it for each group (-1 where it reads
// nothing from the group, or where no replica of the group is a reader).
// counts[r * groups + g] = elements reader r (0 <= r < nranks) needs from
// group g; readerOf[h] = the reader that grid rank h is (-1: h reads
// nothing and serves nothing, e.g. a rank outside the ranks that execute a
// gmove). The readers are the ranks of the communicator a gmove runs on,
// the holders the ranks of the source's grid: the two are told apart
// because a grid may be a node subset (its rank 0 is not world rank 0) and
// a gmove may run on the ranks of a node set only.
inline std::vector<int64_t> balanceReplicas(const ReplicaGroups &R,
                                            const std::vector<int64_t> &counts,
                                            int64_t nranks, int64_t me,
                                            const std::vector<int64_t> &readerOf) {
  std::vector<int64_t> choice(R.groups, -1), load(R.perGroup),
      holders(R.perGroup), served(nranks);
  for (int64_t g = 0; g < R.groups; ++g) {
    if (counts[me * R.groups + g] == 0)
      continue;
    std::fill(load.begin(), load.end(), 0);
    std::fill(served.begin(), served.end(), -1);
    for (int64_t k = 0; k < R.perGroup; ++k) {
      int64_t h = R.holder(g, k);
      holders[k] = h < (int64_t)readerOf.size() ? readerOf[h] : -1;
      if (holders[k] >= 0 && counts[holders[k] * R.groups + g] > 0) {
        served[holders[k]] = k;
        load[k] += counts[holders[k] * R.groups + g];
      }
    }
    for (int64_t r = 0; r < nranks && served[me] < 0; ++r) {
      int64_t n = counts[r * R.groups + g];
      if (n == 0 || served[r] >= 0)
        continue;
      int64_t best = -1;
      for (int64_t j = 0; j < R.perGroup; ++j) {
        int64_t k = (r + j) % R.perGroup;
        if (holders[k] >= 0 && (best < 0 || load[k] < load[best]))
          best = k;
      }
      if (best < 0) // no replica of the group is a reader
        break;
      served[r] = best;
      load[best] += n;
    }
    choice[g] = served[me] >= 0 ? holders[served[me]] : -1;
  }
  return choice;
}

// The same when the readers are the grid's ranks (grid rank h is reader
// h), the gmove over every rank of a grid that starts at world rank 0.
inline std::vector<int64_t> balanceReplicas(const ReplicaGroups &R,
                                            const std::vector<int64_t> &counts,
                                            int64_t nranks, int64_t me) {
  std::vector<int64_t> readerOf(nranks);
  for (int64_t h = 0; h < nranks; ++h)
    readerOf[h] = h;
  return balanceReplicas(R, counts, nranks, me, readerOf);
}

} // namespace dist
} // namespace xmprt

#endif
