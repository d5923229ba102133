// RUN: xmp-opt %s -split-input-file --xmp-kernel-arg-attrs | FileCheck %s --check-prefix=ARGS
// RUN: xmp-opt %s -split-input-file --xmp-kernel-arg-attrs --convert-gpu-to-nvvm --xmp-kernel-llvm-attrs | FileCheck %s --check-prefix=LLVM

// xmp-kernel-arg-attrs: an argument whose uses all carry the same mark
// (memref.dim does not count) gets llvm.readonly for "readonly", and the
// kernel lists the LLVM numbers of the aligned pointers (a rank-1 memref
// is 5 LLVM arguments: allocated, aligned, offset, size, stride); an
// argument with an unmarked use (%c) gets nothing; the marks go.
// xmp-kernel-llvm-attrs then puts llvm.noalias on those pointers only.
module attributes {gpu.container_module} {
  gpu.module @k {
    // ARGS-LABEL: gpu.func @f(
    // ARGS-SAME: %{{[^:]+}}: memref<?xf32>,
    // ARGS-SAME: %{{[^:]+}}: memref<?xf32> {llvm.readonly},
    // ARGS-SAME: %{{[^:]+}}: memref<?xf32>)
    // ARGS-SAME: xmp.noalias_args = array<i64: 1, 6>
    // ARGS-NOT: xmp.kernel_arg
    // ARGS: gpu.return
    // LLVM-LABEL: llvm.func @f(
    // LLVM-SAME: %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr {llvm.noalias}, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64,
    // LLVM-SAME: %{{[^:]+}}: !llvm.ptr {llvm.readonly}, %{{[^:]+}}: !llvm.ptr {llvm.noalias, llvm.readonly}, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64,
    // LLVM-SAME: %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64)
    // LLVM-NOT: xmp.noalias_args
    gpu.func @f(%q: memref<?xf32>, %p: memref<?xf32>, %c: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %n = memref.dim %p, %c0 : memref<?xf32>
      %v = memref.load %p[%c0] {xmp.kernel_arg = "readonly"} : memref<?xf32>
      %u = memref.load %c[%c0] {xmp.kernel_arg = "readonly"} : memref<?xf32>
      memref.store %v, %q[%c0] {xmp.kernel_arg = "noalias"} : memref<?xf32>
      memref.store %u, %c[%c0] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// A loop annotation that scf-to-cf left on a back edge as a discardable
// attribute becomes the branch's own (what the translation emits as
// !llvm.loop); an argument list that does not name a descriptor's aligned
// pointer (here: an i64) claims nothing.
// LLVM-LABEL: llvm.func @g(
// LLVM-SAME: %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64)
// LLVM: llvm.br ^{{.*}} {loop_annotation = #{{.*}}}
module {
  llvm.func @g(%a: !llvm.ptr, %n: i64) attributes {xmp.noalias_args = array<i64: 1>} {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c1 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%c0 : i64)
  ^bb1(%i: i64):
    %lt = llvm.icmp "slt" %i, %n : i64
    llvm.cond_br %lt, ^bb2, ^bb3
  ^bb2:
    %j = llvm.add %i, %c1 : i64
    llvm.br ^bb1(%j : i64) {llvm.loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<count = 2 : i32>>}
  ^bb3:
    llvm.return
  }
}
