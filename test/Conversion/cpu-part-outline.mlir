// RUN: xmp-opt %s -split-input-file --xmp-to-runtime -verify-diagnostics | FileCheck %s

// xmp-to-runtime outlines a split loop's CPU part (xmp.cpu_part_start) into
// @__xmp_cpu_part_N(ctx, lo, hi) and starts it on the executor: what the
// body uses from above crosses a context struct allocated in the caller's
// entry block, each value as its LLVM type (LLVMTypeConverter: a memref as
// its descriptor, a vector as itself, an index as i64, a darray as its
// handle); constants are cloned into the function instead. The casts
// between the two meet those of the final conversions (pipeline-split.mlir
// runs the whole pipeline). One behaviour per split, named in its comment
// and function name.

// -----

// The context's fields: one per value used from above, in the order of
// first use in the body (not the argument order), each as its LLVM type:
// the darray's handle (ptr), the vector as itself, the index as i64, the
// memref as its descriptor.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @outline_context_fields(
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(ptr, vector<4xf32>, i64, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)> : (i64) -> !llvm.ptr
func.func @outline_context_fields(%a: !a, %buf: memref<?xf32>, %v: vector<4xf32>, %n: index,
                %s: index, %e: index, %g: index) -> f64 {
  %job = xmp.cpu_part_start %s to %e grain %g {
  ^bb0(%lo: index, %hi: index):
    xmp.host_acquire %a : !a
    %x = vector.extract %v[0] : f32 from vector<4xf32>
    %i = arith.minsi %hi, %n : index
    memref.store %x, %buf[%i] : memref<?xf32>
    xmp.yield
  }
  %t = xmp.cpu_part_wait %job
  return %t : f64
}

// -----

// The context is allocated once, in the caller's entry block, and filled
// where the part starts (here in each iteration of a host loop, with the
// loop's induction variable).
// CHECK-LABEL: func.func @outline_context_in_entry_block(
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[CTX:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(i64, {{.*}})> : (i64) -> !llvm.ptr
// CHECK: scf.for %[[T:[^ ]+]] =
// CHECK-NOT: llvm.alloca
// CHECK-NEXT: %[[P0:.*]] = llvm.getelementptr %[[CTX]][0, 0]
// CHECK-NEXT: %[[TI:.*]] = arith.index_cast %[[T]] : index to i64
// CHECK-NEXT: llvm.store %[[TI]], %[[P0]] : i64, !llvm.ptr
// CHECK: call @xmprt_cpu_parallel_for_start(%{{[^,]+}}, %[[CTX]],
func.func @outline_context_in_entry_block(%buf: memref<?xi64>, %n: index, %s: index, %e: index, %g: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %t = %c0 to %n step %c1 {
    %job = xmp.cpu_part_start %s to %e grain %g {
    ^bb0(%lo: index, %hi: index):
      %x = arith.index_cast %t : index to i64
      memref.store %x, %buf[%lo] : memref<?xi64>
      xmp.yield
    }
    %w = xmp.cpu_part_wait %job
  }
  return
}

// -----

// Packing: field k is stored through llvm.getelementptr [0, k] as its LLVM
// type: the darray as its handle, the vector as itself, the index cast to
// i64, the memref as its descriptor.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @outline_context_packing(
// CHECK-SAME: %[[A:[^:]+]]: !llvm.ptr, %[[BUF:[^:]+]]: memref<?xf32>, %[[V:[^:]+]]: vector<4xf32>, %[[N:[^:]+]]: index,
// CHECK-NEXT: %[[AD:.*]] = builtin.unrealized_conversion_cast %[[A]] : !llvm.ptr to !darray
// CHECK: %[[CTX:.*]] = llvm.alloca
// CHECK-NEXT: %[[P0:.*]] = llvm.getelementptr %[[CTX]][0, 0]
// CHECK-NEXT: %[[AH:.*]] = builtin.unrealized_conversion_cast %[[AD]] : !darray to !llvm.ptr
// CHECK-NEXT: llvm.store %[[AH]], %[[P0]] : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %[[P1:.*]] = llvm.getelementptr %[[CTX]][0, 1]
// CHECK-NEXT: llvm.store %[[V]], %[[P1]] : vector<4xf32>, !llvm.ptr
// CHECK-NEXT: %[[P2:.*]] = llvm.getelementptr %[[CTX]][0, 2]
// CHECK-NEXT: %[[NI:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK-NEXT: llvm.store %[[NI]], %[[P2]] : i64, !llvm.ptr
// CHECK-NEXT: %[[P3:.*]] = llvm.getelementptr %[[CTX]][0, 3]
// CHECK-NEXT: %[[BD:.*]] = builtin.unrealized_conversion_cast %[[BUF]] : memref<?xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: llvm.store %[[BD]], %[[P3]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
func.func @outline_context_packing(%a: !a, %buf: memref<?xf32>, %v: vector<4xf32>, %n: index,
                %s: index, %e: index, %g: index) -> f64 {
  %job = xmp.cpu_part_start %s to %e grain %g {
  ^bb0(%lo: index, %hi: index):
    xmp.host_acquire %a : !a
    %x = vector.extract %v[0] : f32 from vector<4xf32>
    %i = arith.minsi %hi, %n : index
    memref.store %x, %buf[%i] : memref<?xf32>
    xmp.yield
  }
  %t = xmp.cpu_part_wait %job
  return %t : f64
}

// -----

// Constants used from above are not packed: the context has no field for
// %k, and the part function clones it.
// CHECK-LABEL: func.func @outline_constants_cloned(
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)>
// CHECK-LABEL: func.func private @__xmp_cpu_part_0(
// CHECK-NEXT: %[[K:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: memref.store %[[K]], %{{.*}}[%{{.*}}] : memref<?xf32>
func.func @outline_constants_cloned(%buf: memref<?xf32>, %s: index, %e: index, %g: index) -> f64 {
  %k = arith.constant 2.0 : f32
  %job = xmp.cpu_part_start %s to %e grain %g {
  ^bb0(%lo: index, %hi: index):
    memref.store %k, %buf[%lo] : memref<?xf32>
    xmp.yield
  }
  %t = xmp.cpu_part_wait %job
  return %t : f64
}

// -----

// Start and wait: the part starts on the executor with
// xmprt_cpu_parallel_for_start(the part function's address, the context,
// i64 start, end, grain), which returns the job; xmp.cpu_part_wait is
// xmprt_cpu_parallel_for_wait(job), the CPU time.
// CHECK-LABEL: func.func @outline_start_and_wait(
// CHECK-SAME: %{{[^:]+}}: memref<?xf32>, %[[S:[^:]+]]: index, %[[E:[^:]+]]: index, %[[G:[^:]+]]: index)
// CHECK: %[[CTX:.*]] = llvm.alloca
// CHECK: %[[FN:.*]] = constant @__xmp_cpu_part_0 : (!llvm.ptr, i64, i64) -> ()
// CHECK-NEXT: %[[FP:.*]] = builtin.unrealized_conversion_cast %[[FN]] : (!llvm.ptr, i64, i64) -> () to !llvm.ptr
// CHECK-NEXT: %[[SL:.*]] = arith.index_cast %[[S]] : index to i64
// CHECK-NEXT: %[[EL:.*]] = arith.index_cast %[[E]] : index to i64
// CHECK-NEXT: %[[GL:.*]] = arith.index_cast %[[G]] : index to i64
// CHECK-NEXT: %[[JOB:.*]] = call @xmprt_cpu_parallel_for_start(%[[FP]], %[[CTX]], %[[SL]], %[[EL]], %[[GL]]) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> !llvm.ptr
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[JOB]] : !llvm.ptr to !xmp.cpu_job
// CHECK-NEXT: %[[TC:.*]] = call @xmprt_cpu_parallel_for_wait(%[[JOB]]) : (!llvm.ptr) -> f64
// CHECK-NEXT: return %[[TC]] : f64
func.func @outline_start_and_wait(%buf: memref<?xf32>, %s: index, %e: index, %g: index) -> f64 {
  %job = xmp.cpu_part_start %s to %e grain %g {
  ^bb0(%lo: index, %hi: index):
    %x = arith.constant 1.0 : f32
    memref.store %x, %buf[%lo] : memref<?xf32>
    xmp.yield
  }
  %t = xmp.cpu_part_wait %job
  return %t : f64
}

// -----

// The part function: private @__xmp_cpu_part_N(ptr ctx, i64 lo, i64 hi),
// marked as the CPU part of a device loop; it unpacks the context field by
// field (each back to its type) and casts lo and hi to index.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @outline_part_unpacks_context(
// CHECK-LABEL: func.func private @__xmp_cpu_part_0(
// CHECK-SAME: %[[CTXA:[^:]+]]: !llvm.ptr, %[[LO:[^:]+]]: i64, %[[HI:[^:]+]]: i64)
// CHECK-SAME: attributes {xmp.cpu_part_of = "device_loop"}
// CHECK-NEXT: %[[Q0:.*]] = llvm.getelementptr %[[CTXA]][0, 0]
// CHECK-NEXT: %[[PA:.*]] = llvm.load %[[Q0]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: builtin.unrealized_conversion_cast %[[PA]] : !llvm.ptr to !darray
// CHECK-NEXT: %[[Q1:.*]] = llvm.getelementptr %[[CTXA]][0, 1]
// CHECK-NEXT: %[[PV:.*]] = llvm.load %[[Q1]] : !llvm.ptr -> vector<4xf32>
// CHECK-NEXT: %[[Q2:.*]] = llvm.getelementptr %[[CTXA]][0, 2]
// CHECK-NEXT: %[[L2:.*]] = llvm.load %[[Q2]] : !llvm.ptr -> i64
// CHECK-NEXT: %[[PN:.*]] = arith.index_cast %[[L2]] : i64 to index
// CHECK-NEXT: %[[Q3:.*]] = llvm.getelementptr %[[CTXA]][0, 3]
// CHECK-NEXT: %[[L3:.*]] = llvm.load %[[Q3]] : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: %[[PBUF:.*]] = builtin.unrealized_conversion_cast %[[L3]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf32>
// CHECK-NEXT: %[[PLO:.*]] = arith.index_cast %[[LO]] : i64 to index
// CHECK-NEXT: %[[PHI:.*]] = arith.index_cast %[[HI]] : i64 to index
func.func @outline_part_unpacks_context(%a: !a, %buf: memref<?xf32>, %v: vector<4xf32>, %n: index,
                %s: index, %e: index, %g: index) -> f64 {
  %job = xmp.cpu_part_start %s to %e grain %g {
  ^bb0(%lo: index, %hi: index):
    xmp.host_acquire %a : !a
    %x = vector.extract %v[0] : f32 from vector<4xf32>
    %i = arith.minsi %hi, %n : index
    memref.store %x, %buf[%lo] : memref<?xf32>
    memref.store %x, %buf[%i] : memref<?xf32>
    xmp.yield
  }
  %t = xmp.cpu_part_wait %job
  return %t : f64
}

// -----

// The part's body uses the unpacked values and lo / hi, and its xmp ops
// are lowered like any other (host_acquire: a runtime call on the unpacked
// handle); nothing of the body is left in the caller.
xmp.nodes @p(shape = ?)
xmp.template @t(shape = 64)
xmp.distribute @t onto @p [block]
!a = !xmp.darray<64xf32, @t, align [0]>
// CHECK-LABEL: func.func @outline_part_body(
// CHECK-NOT: vector.extract
// CHECK-NOT: xmprt_darray_host_acquire
// CHECK: return
// CHECK-LABEL: func.func private @__xmp_cpu_part_0(
// CHECK: %[[PA:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: %[[PV:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<4xf32>
// CHECK: %[[PN:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[PBUF:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?xf32>
// CHECK-NEXT: %[[PLO:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK-NEXT: %[[PHI:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK-NEXT: call @xmprt_darray_host_acquire(%[[PA]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: %[[X:.*]] = vector.extract %[[PV]][0] : f32 from vector<4xf32>
// CHECK-NEXT: %[[I:.*]] = arith.minsi %[[PHI]], %[[PN]] : index
// CHECK-NEXT: memref.store %[[X]], %[[PBUF]][%[[PLO]]] : memref<?xf32>
// CHECK-NEXT: memref.store %[[X]], %[[PBUF]][%[[I]]] : memref<?xf32>
// CHECK-NEXT: return
func.func @outline_part_body(%a: !a, %buf: memref<?xf32>, %v: vector<4xf32>, %n: index,
                %s: index, %e: index, %g: index) -> f64 {
  %job = xmp.cpu_part_start %s to %e grain %g {
  ^bb0(%lo: index, %hi: index):
    xmp.host_acquire %a : !a
    %x = vector.extract %v[0] : f32 from vector<4xf32>
    %i = arith.minsi %hi, %n : index
    memref.store %x, %buf[%lo] : memref<?xf32>
    memref.store %x, %buf[%i] : memref<?xf32>
    xmp.yield
  }
  %t = xmp.cpu_part_wait %job
  return %t : f64
}

// -----

// A value with no LLVM type cannot cross the context.
func.func @tensor_capture(%s: index, %t: tensor<4xf32>, %buf: memref<?xf32>) {
  // expected-error @+1 {{'xmp.cpu_part_start' op body uses a value of type 'tensor<4xf32>' defined outside it, which has no LLVM type to cross the CPU part's context as}}
  %job = xmp.cpu_part_start %s to %s grain %s {
  ^bb0(%lo: index, %hi: index):
    %c0 = arith.constant 0 : index
    %x = tensor.extract %t[%c0] : tensor<4xf32>
    memref.store %x, %buf[%lo] : memref<?xf32>
    xmp.yield
  }
  %w = xmp.cpu_part_wait %job
  return
}

// -----

// The 2-D form (inner, pieces): the function takes (ctx, lo, hi, p0, p1, k)
// as i64 and the part starts with xmprt_cpu_parallel_for2_start, which also
// gets the inner trip count and the pieces bound.
// CHECK-LABEL: func.func @outline_inner(
// CHECK-SAME: %{{[^:]+}}: memref<?xi64>, %{{[^:]+}}: index, %{{[^:]+}}: index, %{{[^:]+}}: index, %[[N1:[^:]+]]: index, %[[P:[^:]+]]: index)
// CHECK-DAG: %[[N1I:.*]] = arith.index_cast %[[N1]] : index to i64
// CHECK-DAG: %[[PI:.*]] = arith.index_cast %[[P]] : index to i64
// CHECK: call @xmprt_cpu_parallel_for2_start(%{{[^,]+}}, %{{[^,]+}}, %{{[^,]+}}, %{{[^,]+}}, %{{[^,]+}}, %[[N1I]], %[[PI]]) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.ptr
// CHECK: func.func private @__xmp_cpu_part_{{[0-9]+}}(%{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %[[K:[^:]+]]: i64)
// CHECK: %[[KI:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[KI]]] : memref<?xi64>
func.func @outline_inner(%buf: memref<?xi64>, %s: index, %e: index, %g: index,
                         %n1: index, %p: index) -> f64 {
  %job = xmp.cpu_part_start %s to %e grain %g inner %n1 pieces %p {
  ^bb0(%lo: index, %hi: index, %p0: index, %p1: index, %k: index):
    %x = arith.index_cast %p1 : index to i64
    memref.store %x, %buf[%k] : memref<?xi64>
    xmp.yield
  }
  %t = xmp.cpu_part_wait %job
  return %t : f64
}
