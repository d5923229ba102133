// Functions called in a device loop on the GPU path (issue 20, item 2):
// gpu-kernel-outlining copies the callees (and what they call) into the
// kernel's gpu.module, where they are compiled for the device; the CPU part
// of the split loop calls the host ones. The callee rules are the
// xmp.device_loop verifier's (test/Dialect/XMP/device-loop.mlir).
// REQUIRES: ptxas
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true})' --mlir-print-ir-after=gpu-kernel-outlining -o %t.mlir 2>&1 | FileCheck %s --check-prefix=OUTLINED
// RUN: FileCheck %s < %t.mlir
// RUN: xmp-translate --mlir-to-llvmir %t.mlir -o /dev/null

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf64, @t, align [0]>

// OUTLINED: gpu.module @xmp_kernels
// OUTLINED: gpu.func @main_loop0(
// OUTLINED: func.call @value(
// OUTLINED-DAG: func.func @value(%{{.*}}: index) -> f64
// OUTLINED-DAG: func.func @mix(%{{.*}}: index) -> index
// The host copies stay for the CPU part.
// CHECK-DAG: llvm.func @value(
// CHECK-DAG: llvm.func @mix(
// CHECK: gpu.binary @xmp_kernels
// CHECK-LABEL: llvm.func @__xmp_cpu_part_0(
// CHECK: llvm.call @value(
func.func @mix(%i: index) -> index {
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %a = arith.muli %i, %c7 : index
  %r = arith.remui %a, %c13 : index
  return %r : index
}
func.func @value(%i: index) -> f64 {
  %j = func.call @mix(%i) : (index) -> index
  %x = arith.index_cast %j : index to i64
  %y = arith.sitofp %x : i64 to f64
  %z = math.sqrt %y : f64
  return %z : f64
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %a = xmp.alloc : !a
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %v = func.call @value(%i) : (index) -> f64
    xmp.store %v, %a[%i] : !a
  }
  return
}
