// RUN: xmp-opt %s -split-input-file --xmp-split-device-loops=grain=8 | FileCheck %s --check-prefix=GRAIN
// RUN: not xmp-opt %s -split-input-file --xmp-split-device-loops=grain=-1 2>&1 | FileCheck %s --check-prefix=NEG

// The grain option of xmp-split-device-loops replaces both default grains
// (32 for a 1-D loop, 1 for a nest; split-device-loops.mlir). One
// behaviour per split.

// A negative grain is rejected before anything is split.
// NEG: error: xmp-split-device-loops: grain must be >= 0, got -1{{$}}
// NEG-NOT: xmp.loop_split

// -----

// A 1-D loop: grain 8 instead of 32; the CPU chunks are 8 * step template
// indices long.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// GRAIN-LABEL: func.func @grain_1d(
// GRAIN: xmp.loop_split %{{.*}}, (%{{.*}} to %{{.*}} step %[[ST:[^)]+]]) on @t[0] grain 8{{$}}
// GRAIN: %[[G8:.*]] = arith.constant 8 : index
// GRAIN-NEXT: %[[GR:.*]] = arith.muli %[[G8]], %[[ST]] : index
// GRAIN: xmp.cpu_part_start %{{.*}} to %{{.*}} grain %[[GR]] {
func.func @grain_1d(%a: !a, %x: f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c2) on @t [0] {
    xmp.store %x, %a[%i] : !a
  }
  return
}

// -----

// A nest: grain 8 instead of 1.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!m = !xmp.darray<64x64xf32, @t, align [0, 1]>
// GRAIN-LABEL: func.func @grain_nest(
// GRAIN: xmp.loop_split %{{.*}} on @t[0] grain 8{{$}}
// GRAIN: %[[G8:.*]] = arith.constant 8 : index
// GRAIN-NEXT: arith.muli %[[G8]], %{{.*}} : index
func.func @grain_nest(%u: !m, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%c64, %c64) step (%c1, %c1) on @t [0, 1] {
    xmp.store %x, %u[%i, %j] : !m
  }
  return
}
