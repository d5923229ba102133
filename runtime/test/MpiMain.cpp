// main() of the MPI test executable: xmprt_init, GoogleTest, only rank 0
// prints progress; failures of any rank are printed by that rank and make
// every rank exit non-zero.
#include "xmprt/xmprt.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdio>

int main(int argc, char **argv) {
  xmprt_init(&argc, &argv);
  ::testing::InitGoogleTest(&argc, argv);
  int rank = xmprt_world_rank();
#ifdef XMPRT_GPU_TEST_MAIN
  // GPU tests: ctest's SKIP_REGULAR_EXPRESSION matches this line on a
  // machine without a GPU (every test then skips itself).
  int has = xmprt_has_gpu();
  MPI_Allreduce(MPI_IN_PLACE, &has, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!has && rank == 0) {
    printf("xmprt-gpu-test: no GPU, skipped\n");
    fflush(stdout);
  }
#endif
  if (rank != 0) {
    auto &listeners = ::testing::UnitTest::GetInstance()->listeners();
    // Keep failure messages of other ranks, drop their progress output.
    delete listeners.Release(listeners.default_result_printer());
    struct FailurePrinter : ::testing::EmptyTestEventListener {
      int rank;
      explicit FailurePrinter(int r) : rank(r) {}
      void OnTestPartResult(const ::testing::TestPartResult &r) override {
        if (r.failed())
          printf("[rank %d] %s:%d: %s\n", rank, r.file_name() ? r.file_name() : "?",
                 r.line_number(), r.summary());
      }
    };
    listeners.Append(new FailurePrinter(rank));
  }
  int rc = RUN_ALL_TESTS();
  int any = rc != 0;
  MPI_Allreduce(MPI_IN_PLACE, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  xmprt_finalize();
  return any;
}
