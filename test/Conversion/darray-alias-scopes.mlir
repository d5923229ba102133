// RUN: xmp-opt --xmp-darray-alias-scopes --split-input-file %s | FileCheck %s

// Two arrays created in the function: each access gets its array's scope
// and the other's as noalias, through GEPs and a memref descriptor.
// CHECK-DAG: #[[D:.*]] = #llvm.alias_scope_domain<{{.*}}description = "xmp darrays of two"
// CHECK-DAG: #[[S0:.*]] = #llvm.alias_scope<id = {{.*}}, domain = #[[D]], description = "darray 0">
// CHECK-DAG: #[[S1:.*]] = #llvm.alias_scope<id = {{.*}}, domain = #[[D]], description = "darray 1">
// CHECK-LABEL: llvm.func @two
// CHECK: llvm.load {{.*}} {alias_scopes = [#[[S0]]], {{.*}}noalias_scopes = [#[[S1]]]}
// CHECK: llvm.store {{.*}} {alias_scopes = [#[[S1]]], {{.*}}noalias_scopes = [#[[S0]]]}
// The descriptor's size field is not a data pointer: untagged.
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK-NOT: alias_scopes
llvm.func @xmprt_darray_create(!llvm.ptr, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
llvm.func @xmprt_darray_data(!llvm.ptr) -> !llvm.ptr
llvm.func @two(%t: !llvm.ptr, %s: !llvm.ptr, %i: i64, %q: !llvm.ptr) {
  %c3 = llvm.mlir.constant(3 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %a = llvm.call @xmprt_darray_create(%t, %c3, %s, %s, %s, %s, %s, %c4) : (!llvm.ptr, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
  %b = llvm.call @xmprt_darray_create(%t, %c3, %s, %s, %s, %s, %s, %c4) : (!llvm.ptr, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
  %pa = llvm.call @xmprt_darray_data(%a) : (!llvm.ptr) -> !llvm.ptr
  %pb = llvm.call @xmprt_darray_data(%b) : (!llvm.ptr) -> !llvm.ptr
  %u = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64)>
  %d0 = llvm.insertvalue %pa, %u[0] : !llvm.struct<(ptr, ptr, i64)>
  %d1 = llvm.insertvalue %pa, %d0[1] : !llvm.struct<(ptr, ptr, i64)>
  %d2 = llvm.insertvalue %i, %d1[2] : !llvm.struct<(ptr, ptr, i64)>
  %x = llvm.extractvalue %d2[1] : !llvm.struct<(ptr, ptr, i64)>
  %ga = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %ga : !llvm.ptr -> f32
  %gb = llvm.getelementptr %pb[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %v, %gb : f32, !llvm.ptr
  %n = llvm.load %q : !llvm.ptr -> i64
  llvm.return
}

// -----

// A handle that is a function argument may be any array (the same one as
// another argument): nothing is claimed.
// CHECK-LABEL: llvm.func @argument
// CHECK-NOT: alias_scopes
llvm.func @xmprt_darray_create(!llvm.ptr, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
llvm.func @xmprt_darray_data(!llvm.ptr) -> !llvm.ptr
llvm.func @argument(%h: !llvm.ptr, %t: !llvm.ptr, %s: !llvm.ptr, %i: i64) {
  %c3 = llvm.mlir.constant(3 : i32) : i32
  %a = llvm.call @xmprt_darray_create(%t, %c3, %s, %s, %s, %s, %s, %c3) : (!llvm.ptr, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
  %pa = llvm.call @xmprt_darray_data(%a) : (!llvm.ptr) -> !llvm.ptr
  %ph = llvm.call @xmprt_darray_data(%h) : (!llvm.ptr) -> !llvm.ptr
  %ga = llvm.getelementptr %pa[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %ga : !llvm.ptr -> f32
  %gh = llvm.getelementptr %ph[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %v, %gh : f32, !llvm.ptr
  llvm.return
}

// -----

// Arguments marked xmp.distinct are different arrays (xmp-cfront's hidden
// parameters): each gets its scope.
// CHECK-DAG: #[[DD:.*]] = #llvm.alias_scope_domain<{{.*}}description = "xmp darrays of distinct_args"
// CHECK-DAG: #[[T0:.*]] = #llvm.alias_scope<id = {{.*}}, domain = #[[DD]], description = "darray 0">
// CHECK-DAG: #[[T1:.*]] = #llvm.alias_scope<id = {{.*}}, domain = #[[DD]], description = "darray 1">
// CHECK-LABEL: llvm.func @distinct_args
// CHECK: llvm.load {{.*}} {alias_scopes = [#[[T0]]], {{.*}}noalias_scopes = [#[[T1]]]}
// CHECK: llvm.store {{.*}} {alias_scopes = [#[[T1]]], {{.*}}noalias_scopes = [#[[T0]]]}
llvm.func @xmprt_darray_data(!llvm.ptr) -> !llvm.ptr
llvm.func @distinct_args(%a: !llvm.ptr {xmp.distinct}, %b: !llvm.ptr {xmp.distinct}, %i: i64) {
  %pa = llvm.call @xmprt_darray_data(%a) : (!llvm.ptr) -> !llvm.ptr
  %pb = llvm.call @xmprt_darray_data(%b) : (!llvm.ptr) -> !llvm.ptr
  %ga = llvm.getelementptr %pa[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %ga : !llvm.ptr -> f32
  %gb = llvm.getelementptr %pb[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %v, %gb : f32, !llvm.ptr
  llvm.return
}

// -----

// Two accesses of one created array: one scope would claim nothing.
// CHECK-LABEL: llvm.func @one
// CHECK-NOT: alias_scopes
llvm.func @xmprt_darray_create(!llvm.ptr, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
llvm.func @xmprt_darray_data(!llvm.ptr) -> !llvm.ptr
llvm.func @one(%t: !llvm.ptr, %s: !llvm.ptr, %i: i64) {
  %c3 = llvm.mlir.constant(3 : i32) : i32
  %a = llvm.call @xmprt_darray_create(%t, %c3, %s, %s, %s, %s, %s, %c3) : (!llvm.ptr, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
  %pa = llvm.call @xmprt_darray_data(%a) : (!llvm.ptr) -> !llvm.ptr
  %g = llvm.getelementptr %pa[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %g : !llvm.ptr -> f32
  llvm.store %v, %g : f32, !llvm.ptr
  llvm.return
}
