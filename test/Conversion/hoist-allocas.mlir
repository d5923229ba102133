// RUN: xmp-opt --xmp-hoist-allocas %s | FileCheck %s

// A fixed-size alloca in a loop block moves to the entry block (with a
// copy of its size), so it does not take new stack every iteration; one of
// run-time size stays where it is.
// CHECK-LABEL: llvm.func @loop
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[A:.*]] = llvm.alloca %[[ONE]] x !llvm.array<1 x i64>
// CHECK: ^bb1(
// CHECK-NOT: llvm.alloca %{{.*}} x !llvm.array<1 x i64>
// CHECK: llvm.alloca %{{.*}} x i64 : (i64) -> !llvm.ptr
// CHECK: llvm.store %{{.*}}, %[[A]]
llvm.func @loop(%n: i64, %m: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x !llvm.array<1 x i64> : (i64) -> !llvm.ptr
  %d = llvm.alloca %m x i64 : (i64) -> !llvm.ptr
  llvm.store %i, %a : i64, !llvm.ptr
  llvm.store %i, %d : i64, !llvm.ptr
  %next = llvm.add %i, %one : i64
  %c = llvm.icmp "slt" %next, %n : i64
  llvm.cond_br %c, ^bb1(%next : i64), ^bb2
^bb2:
  llvm.return
}
