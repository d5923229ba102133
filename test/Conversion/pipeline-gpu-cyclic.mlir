// Regression test (issue 12, bug 4): device loops over cyclic dimensions
// go through the whole GPU pipeline (once the cyclic loop without a
// reduction stopped in xmp-lower-distribution{gpu=true} with two
// scf.yields in one block). The loops are those of a [block, cyclic] and a
// [block, cyclic(2)] template, with and without a reduction; each becomes
// a kernel of the embedded binary, launched from the host.
// REQUIRES: ptxas
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true})' | FileCheck %s
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true})' | FileCheck %s --check-prefix=BIN
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true})' | xmp-translate --mlir-to-llvmir -o /dev/null

xmp.nodes @p(shape = ?x?)
xmp.template @t(shape = 8x64)
xmp.distribute @t onto @p [block, cyclic]
xmp.template @t2(shape = 8x63)
xmp.distribute @t2 onto @p [block, cyclic(2)]
!m = !xmp.darray<8x64xf32, @t, align [0, 1]>
!m2 = !xmp.darray<8x63xf64, @t2, align [0, 1]>

// (In the pipeline each device loop has a kernel for steps without a CPU
// part and one for the GPU part of a split step.)
// CHECK-NOT: xmp.
// CHECK-NOT: scf.
// CHECK-LABEL: llvm.func @cyclic_store(
// CHECK: gpu.launch_func {{.*}}@xmp_kernels::@cyclic_store_loop0 blocks
// CHECK: gpu.launch_func {{.*}}@xmp_kernels::@cyclic_store_loop0_part blocks
// CHECK-LABEL: llvm.func @cyclic2_store_and_sum(
// CHECK: gpu.launch_func {{.*}}@xmp_kernels::@cyclic2_store_and_sum_loop1 blocks
// CHECK: gpu.launch_func {{.*}}@xmp_kernels::@cyclic2_store_and_sum_loop1_part blocks
// BIN: gpu.binary @xmp_kernels {{ *}}[#gpu.object<#nvvm.target
func.func @cyclic_store(%u: !m) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  xmp.device_loop (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) on @t [0, 1] {
    %x = xmp.load %u[%i, %j] : !m
    xmp.store %x, %u[%i, %j] : !m
  }
  return
}

func.func @cyclic2_store_and_sum(%u: !m2, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c63 = arith.constant 63 : index
  xmp.device_loop (%j) = (%c1) to (%c63) step (%c3) on @t2 [1] {
    xmp.store %x, %u[%c0, %j] : !m2
  }
  %s = xmp.device_loop (%i, %j) = (%c0, %c0) to (%c8, %c63) step (%c1, %c1) on @t2 [0, 1] reduce(add) init(%x) -> f64 {
    %v = xmp.load %u[%i, %j] : !m2
    xmp.yield %v : f64
  }
  return %s : f64
}
