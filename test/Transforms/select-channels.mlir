// The thesis's threshold rule (policy=threshold, no profile, sub-cluster
// size unknown).
// RUN: xmp-opt %s -split-input-file --xmp-select-channels="policy=threshold" | FileCheck %s
// Explanations (one remark per dimension).
// RUN: xmp-opt %s -split-input-file --xmp-select-channels="policy=threshold remarks=true" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=REM
// Default policy (hybrid) without a profile: the runtime decides (auto)
// wherever a neighbour may be in the sub-cluster.
// RUN: xmp-opt %s -split-input-file --xmp-select-channels | FileCheck %s --check-prefix=AUTO
// RUN: xmp-opt %s -split-input-file --xmp-select-channels="remarks=true" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=AUTOREM
// Policies.
// RUN: xmp-opt %s -split-input-file --xmp-select-channels="policy=ib" \
// RUN:   | FileCheck %s --check-prefix=IB
// RUN: xmp-opt %s -split-input-file --xmp-select-channels="policy=tca" \
// RUN:   | FileCheck %s --check-prefix=TCA
// Size threshold and sub-cluster relation.
// RUN: xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="policy=threshold tca-max-bytes=2000" | FileCheck %s --check-prefix=MAX
// RUN: xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="policy=threshold subcluster-size=2 remarks=true" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SC2
// RUN: xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="subcluster-size=2 remarks=true" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AUTOSC2
// RUN: xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="policy=threshold subcluster-size=4" | FileCheck %s --check-prefix=SC4
// Measured profile.
// RUN: xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="profile=%S/Inputs/profile.json remarks=true" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROF
// RUN: xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="profile=%S/Inputs/profile.json" \
// RUN:   | FileCheck %s --check-prefix=PIR
// Profile errors.
// RUN: not xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="profile=%S/Inputs/no-such-profile.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOFILE
// RUN: not xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="profile=%S/Inputs/bad-profile.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADPROF
// RUN: not xmp-opt %s -split-input-file --xmp-select-channels="policy=fast" \
// RUN:   2>&1 | FileCheck %s --check-prefix=BADPOL
// The input is bounded before parsing: nesting (40000 '[' used to overflow
// the parser's stack), size, regular files only; numbers are range-checked.
// RUN: python3 -c "print('[' * 40000)" > %t.deep.json
// RUN: not xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="profile=%t.deep.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEEP
// RUN: python3 -c "print('{\"x\": \"' + 'a' * 2000000 + '\"}')" > %t.big.json
// RUN: not xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="profile=%t.big.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BIG
// RUN: not xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="profile=/dev/zero" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVZERO
// RUN: sed 's/"latency_us": 5.0/"latency_us": 1e400/' %S/Inputs/profile.json > %t.inf.json
// RUN: not xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="profile=%t.inf.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INF
// RUN: sed 's/"bandwidth_GBps": 10.0/"bandwidth_GBps": 1e-30/' %S/Inputs/profile.json > %t.tiny.json
// RUN: not xmp-opt %s -split-input-file \
// RUN:   --xmp-select-channels="profile=%t.tiny.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TINY

// NOFILE: error: xmp-select-channels: bad profile '{{.*}}no-such-profile.json': {{.*}}o such file
// BADPROF: error: xmp-select-channels: bad profile '{{.*}}bad-profile.json': missing object "channels.ib.block-stride"
// BADPOL: error: xmp-select-channels: unknown policy 'fast' (expected hybrid, threshold, ib or tca)
// DEEP: error: xmp-select-channels: bad profile '{{.*}}deep.json': arrays and objects nested 40000 deep; a profile nests at most 32
// BIG: error: xmp-select-channels: bad profile '{{.*}}big.json': 2000010 bytes; a profile has at most 1048576
// DEVZERO: error: xmp-select-channels: bad profile '/dev/zero': not a regular file
// INF: error: xmp-select-channels: bad profile '{{.*}}inf.json': "channels.ib.block.latency_us" must be a number in [0, 1e+09] (microseconds)
// TINY: error: xmp-select-channels: bad profile '{{.*}}tiny.json': "channels.ib.block.bandwidth_GBps" must be a number in [1e-06, 1e+06] (GB/s)

// 2-D, block x block on a 2x2 grid: local block 34x34 f64. Dim 0 halo is
// one row (contiguous, 34*8 = 272 B); dim 1 halo is one element per row
// (34 runs of 1 element, 272 B).
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @two_d
// CHECK: xmp.reflect %{{.*}} channels [ib, tca] :
// CHECK: xmp.reflect_init %{{.*}} channels [ib, tca] :
// REM: remark: dim 0: block, 272 bytes per message, neighbours same sub-cluster (assumed: sub-cluster size unknown) -> ib (contiguous halo)
// REM: remark: dim 1: stride, 272 bytes per message, neighbours same sub-cluster (assumed: sub-cluster size unknown) -> tca (strided halo)
// AUTO-LABEL: func.func @two_d
// AUTO: xmp.reflect %{{.*}} channels [auto, auto] :
// AUTO: xmp.reflect_init %{{.*}} channels [auto, auto] :
// AUTOREM: remark: dim 0: block, 272 bytes per message, neighbours same sub-cluster (assumed: sub-cluster size unknown) -> auto (no measured model: the runtime uses tca for peers it can map, ib for the others)
// AUTOREM: remark: dim 1: stride, 272 bytes per message, neighbours same sub-cluster (assumed: sub-cluster size unknown) -> auto (no measured model: the runtime uses tca for peers it can map, ib for the others)
// AUTOSC2: remark: dim 0: block, 272 bytes per message, neighbours other sub-cluster -> ib (neighbour outside the sub-cluster)
// AUTOSC2: remark: dim 1: stride, 272 bytes per message, neighbours same sub-cluster -> auto (no measured model: the runtime uses tca for peers it can map, ib for the others)
// IB-LABEL: func.func @two_d
// IB: xmp.reflect %{{.*}} channels [ib, ib] :
// IB: xmp.reflect_init %{{.*}} channels [ib, ib] :
// TCA-LABEL: func.func @two_d
// TCA: xmp.reflect %{{.*}} channels [tca, tca] :
// TCA: xmp.reflect_init %{{.*}} channels [tca, tca] :
// MAX-LABEL: func.func @two_d
// MAX: xmp.reflect %{{.*}} channels [ib, tca] :
// Axis 0 has stride 2 (not < 2): other sub-cluster; axis 1 stride 1: same.
// SC2: remark: dim 0: block, 272 bytes per message, neighbours other sub-cluster -> ib (neighbour outside the sub-cluster)
// SC2: remark: dim 1: stride, 272 bytes per message, neighbours same sub-cluster -> tca (strided halo)
// The profile makes TCA faster even for the contiguous halo.
// PROF: remark: dim 0: block, 272 bytes per message, neighbours same sub-cluster (assumed: sub-cluster size unknown) -> tca (profile host: ib 5.03 us, tca 1.05 us)
// PROF: remark: dim 1: stride, 272 bytes per message, {{.*}} -> tca (profile host: ib 6.07 us, tca 2.14 us)
// PIR-LABEL: func.func @two_d
// PIR: xmp.reflect %{{.*}} channels [tca, tca] :
func.func @two_d(%a: !a) {
  xmp.reflect %a : !a
  %p = xmp.reflect_init %a : !a -> !xmp.reflect_plan
  xmp.reflect_do %p
  return
}

// -----

// 3-D, block on each axis of a 2x2x2 grid: local block 18x20x18 f32.
// dim 0: block, 20*18*4 = 1440 B; dim 1 (width 2): 18 runs of 2*18
// elements, block-stride, 2592 B; dim 2: 360 runs of 1, stride, 1440 B.
xmp.nodes @p(shape = 2x2x2)
xmp.template @t(shape = 32x32x32)
xmp.distribute @t onto @p [block, block, block]
!a = !xmp.darray<32x32x32xf32, @t, align [0, 1, 2], shadow [1:1, 2:2, 1:1]>
// CHECK-LABEL: func.func @three_d
// CHECK: xmp.reflect %{{.*}} channels [ib, tca, tca] :
// REM: remark: dim 0: block, 1440 bytes per message, {{.*}} -> ib (contiguous halo)
// REM: remark: dim 1: block-stride, 2592 bytes per message, {{.*}} -> tca (strided halo)
// REM: remark: dim 2: stride, 1440 bytes per message, {{.*}} -> tca (strided halo)
// IB-LABEL: func.func @three_d
// IB: xmp.reflect %{{.*}} channels [ib, ib, ib] :
// TCA-LABEL: func.func @three_d
// TCA: xmp.reflect %{{.*}} channels [tca, tca, tca] :
// Above tca-max-bytes (2000): the block-stride halo goes over IB.
// MAX-LABEL: func.func @three_d
// MAX: xmp.reflect %{{.*}} channels [ib, ib, tca] :
// Grid strides 4, 2, 1: with 2 ranks per sub-cluster only axis 2 stays in.
// SC2: remark: dim 1: block-stride, 2592 bytes per message, neighbours other sub-cluster -> ib (neighbour outside the sub-cluster)
// SC2: remark: dim 2: stride, 1440 bytes per message, neighbours same sub-cluster -> tca (strided halo)
// SC4-LABEL: func.func @three_d
// SC4: xmp.reflect %{{.*}} channels [ib, tca, tca] :
// The profile keeps a large block-stride halo on IB (slow TCA bandwidth).
// PROF: remark: dim 0: block, 1440 bytes per message, {{.*}} -> tca (profile host: ib 5.14 us, tca 1.29 us)
// PROF: remark: dim 1: block-stride, 2592 bytes per message, {{.*}} -> ib (profile host: ib 6.32 us, tca 27.92 us)
// PROF: remark: dim 2: stride, 1440 bytes per message, {{.*}} -> tca (profile host: ib 6.36 us, tca 2.72 us)
// PIR-LABEL: func.func @three_d
// PIR: xmp.reflect %{{.*}} channels [tca, ib, tca] :
func.func @three_d(%a: !a) {
  xmp.reflect %a : !a
  return
}

// -----

// Asymmetric widths: local block 35x33 f64 (shadow 2:1 and 1:0). The
// wider side decides: dim 0 two rows (2*33*8 = 528 B), dim 1 one element
// per row (35*8 = 280 B). An explicit zero width means no exchange: none.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [2:1, 1:0]>
// CHECK-LABEL: func.func @asymmetric
// CHECK: xmp.reflect %{{.*}} channels [ib, tca] :
// CHECK: xmp.reflect %{{.*}} width [0:1, 0:0] channels [ib, none] :
// REM: remark: dim 0: block, 528 bytes per message, {{.*}} -> ib (contiguous halo)
// REM: remark: dim 1: stride, 280 bytes per message, {{.*}} -> tca (strided halo)
// REM: remark: dim 0: block, 264 bytes per message, {{.*}} -> ib (contiguous halo)
// REM: remark: dim 1: no halo (zero width) -> none
// TCA-LABEL: func.func @asymmetric
// TCA: xmp.reflect %{{.*}} channels [tca, tca] :
// TCA: xmp.reflect %{{.*}} width [0:1, 0:0] channels [tca, none] :
func.func @asymmetric(%a: !a) {
  xmp.reflect %a : !a
  xmp.reflect %a width [0:1, 0:0] : !a
  return
}

// -----

// Full shadow (an all-gather: it exchanges, so never none) and
// dimensions aligned to a non-distributed (`*`) template dimension (none
// unless periodic, where the runtime makes a local wrap-around copy).
xmp.nodes @p(shape = 4)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, *]
!a = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [*, 1:1]>
!b = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// AUTO-LABEL: func.func @full_and_undistributed
// AUTO: xmp.reflect %{{.*}} channels [ib, none] :
// AUTO: xmp.reflect %{{.*}} periodic [false, true] channels [ib, ib] :
// AUTO: xmp.reflect %{{.*}} channels [auto, none] :
// CHECK-LABEL: func.func @full_and_undistributed
// CHECK: xmp.reflect %{{.*}} channels [ib, none] :
// CHECK: xmp.reflect %{{.*}} periodic [false, true] channels [ib, ib] :
// CHECK: xmp.reflect %{{.*}} channels [ib, none] :
// REM: remark: dim 0: full shadow (all-gather) -> ib (all-gathers go over ib)
// REM: remark: dim 1: not distributed, nothing to exchange -> none
// REM: remark: dim 0: full shadow (all-gather) -> ib (all-gathers go over ib)
// REM: remark: dim 1: not distributed but periodic (local copy) -> ib
// REM: remark: dim 0: block, 528 bytes per message, {{.*}} -> ib (contiguous halo)
// REM: remark: dim 1: not distributed, nothing to exchange -> none
// TCA-LABEL: func.func @full_and_undistributed
// TCA: xmp.reflect %{{.*}} channels [tca, none] :
// IB-LABEL: func.func @full_and_undistributed
// IB: xmp.reflect %{{.*}} channels [ib, none] :
func.func @full_and_undistributed(%a: !a, %b: !b) {
  xmp.reflect %a : !a
  xmp.reflect %a periodic [false, true] : !a
  xmp.reflect %b : !b
  return
}

// -----

// Dynamic shapes: only the product structure is known. Dim 0 is a block
// whatever the extents, the innermost dim with width 1 a stride; bytes are
// unknown and treated as small. With a dynamic grid the sub-cluster
// relation is unknown and the class rule stays.
xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = ?x?)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<?x?xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// CHECK-LABEL: func.func @dynamic
// CHECK: xmp.reflect %{{.*}} channels [ib, tca] :
// REM: remark: dim 0: block, bytes unknown (dynamic shape), {{.*}} -> ib (contiguous halo)
// REM: remark: dim 1: stride, bytes unknown (dynamic shape), {{.*}} -> tca (strided halo)
// SC2: remark: dim 0: block, bytes unknown (dynamic shape), neighbours unknown sub-cluster (dynamic grid) -> ib (contiguous halo)
// SC2: remark: dim 1: stride, bytes unknown (dynamic shape), neighbours unknown sub-cluster (dynamic grid) -> tca (strided halo)
// MAX-LABEL: func.func @dynamic
// MAX: xmp.reflect %{{.*}} channels [ib, tca] :
// PROF: remark: dim 0: block, bytes unknown (dynamic shape), {{.*}} -> tca (profile host: ib 5.00 us, tca 1.00 us, latency only)
func.func @dynamic(%a: !a) {
  xmp.reflect %a : !a
  return
}

// -----

// Orthogonal: each halo is restricted to the owned range of the other
// dimension (xmprt/HaloGeometry.h's classifyBox, the boxes the runtime
// moves). Local block 36x34 f64, owned 32x32. Dim 0 (width 2): 2 runs of
// 32 elements, block-stride, 512 B, where the plain reflect moves one
// contiguous 2x34 block (544 B); dim 1: 32 runs of 1 element, stride, 256 B.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [2:2, 1:1]>
// CHECK-LABEL: func.func @orthogonal
// CHECK: xmp.reflect %{{.*}} orthogonal channels [tca, tca] :
// CHECK: xmp.reflect %{{.*}} channels [ib, tca] :
// REM: remark: dim 0: block-stride, 512 bytes per message, {{.*}} -> tca (strided halo)
// REM: remark: dim 1: stride, 256 bytes per message, {{.*}} -> tca (strided halo)
// REM: remark: dim 0: block, 544 bytes per message, {{.*}} -> ib (contiguous halo)
// REM: remark: dim 1: stride, 288 bytes per message, {{.*}} -> tca (strided halo)
func.func @orthogonal(%a: !a) {
  xmp.reflect %a orthogonal : !a
  xmp.reflect %a : !a
  return
}

// -----

// Already annotated: left alone, whatever the policy.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 1:1]>
// AUTO-LABEL: func.func @annotated
// AUTO: xmp.reflect %{{.*}} channels [tca, ib] :
// AUTO: xmp.reflect_init %{{.*}} channels [none, ib] :
// CHECK-LABEL: func.func @annotated
// CHECK: xmp.reflect %{{.*}} channels [tca, ib] :
// CHECK: xmp.reflect_init %{{.*}} channels [none, ib] :
// IB-LABEL: func.func @annotated
// IB: xmp.reflect %{{.*}} channels [tca, ib] :
// TCA-LABEL: func.func @annotated
// TCA: xmp.reflect_init %{{.*}} channels [none, ib] :
// REM-NOT: remark
func.func @annotated(%a: !a) {
  xmp.reflect %a channels [tca, ib] : !a
  %p = xmp.reflect_init %a channels [none, ib] : !a -> !xmp.reflect_plan
  xmp.reflect_do %p
  return
}
