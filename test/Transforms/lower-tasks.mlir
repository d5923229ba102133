// RUN: xmp-opt %s --xmp-lower-distribution | FileCheck %s
// RUN: xmp-opt %s --xmp-lower-distribution --xmp-to-runtime | FileCheck %s --check-prefix=RT

// xmp.task becomes an scf.if on this rank's membership: node_num >= 0 for a
// node set; coordinate tests on node_index for a node reference (`:` axes
// test nothing, a single coordinate equality, a triplet its bounds and
// step). Node subsets become xmprt_grid_subset calls on the parent's
// handle, with (lo, hi, step) per parent axis (-1: to the end; step 0: a
// single coordinate). A reshaped subset is xmprt_grid_subset_reshape with
// its own shape after the triplets (-1 for `?`).

xmp.nodes @p(shape = ?x?)
xmp.nodes @row(shape = ?) = @p [0, :]
xmp.nodes @ev(shape = ?) = @p [1::2, 3]
xmp.nodes @sq(shape = 2x?) = reshape @p [0:2, :]
xmp.template @t(shape = 16x16)
xmp.distribute @t onto @p [cyclic(2), block]

// RT-LABEL: func.func @xmp_module_init()
// RT: %[[P:.*]] = call @xmprt_grid_create
// RT: llvm.store %[[P]], %[[PG:.*]] : !llvm.ptr, !llvm.ptr
// RT: %[[PA:.*]] = llvm.mlir.addressof @__xmp_nodes_p
// RT: %[[PH:.*]] = llvm.load %[[PA]] : !llvm.ptr -> !llvm.ptr
// RT-DAG: %[[RANK1:.*]] = arith.constant 1 : i32
// RT-DAG: %[[LO0:.*]] = arith.constant 0 : i64
// RT-DAG: %[[END:.*]] = arith.constant -1 : i64
// RT: %[[ROW:.*]] = call @xmprt_grid_subset(%[[PH]], %[[RANK1]], %{{.*}}) : (!llvm.ptr, i32, !llvm.ptr) -> !llvm.ptr
// RT: llvm.mlir.addressof @__xmp_nodes_row
// RT: call @xmprt_grid_subset(
// RT: llvm.mlir.addressof @__xmp_nodes_ev
// RT: %[[PH2:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// RT: %[[TLO:.*]] = arith.constant 0 : i64
// RT: %[[THI:.*]] = arith.constant 2 : i64
// RT: llvm.store %[[TLO]], %[[TR:[^ ]*]] : i64
// RT: %[[RANK2:.*]] = arith.constant 2 : i32
// RT: %[[S0:.*]] = arith.constant 2 : i64
// RT: %[[S1:.*]] = arith.constant -1 : i64
// RT: llvm.store %[[S0]], %[[SH:[^ ]*]] : i64
// RT: llvm.store %[[S1]]
// RT: %[[SQ:.*]] = call @xmprt_grid_subset_reshape(%[[PH2]], %{{.*}}, %[[RANK2]], %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> !llvm.ptr
// RT: llvm.mlir.addressof @__xmp_nodes_sq

// CHECK-LABEL: func.func @named
// CHECK: %[[R:.*]] = xmp.node_num @row
// CHECK: %[[OK:.*]] = arith.cmpi sge, %[[R]], %{{.*}} : index
// CHECK: scf.if %[[OK]] {
// CHECK:   xmp.barrier on @row
// CHECK: }
func.func @named() {
  xmp.task on @row {
    xmp.barrier on @row
  }
  return
}

// CHECK-LABEL: func.func @reference
// CHECK-NOT: xmp.node_index @p[1]
// CHECK: %[[C0:.*]] = xmp.node_index @p[0]
// CHECK: arith.cmpi sge, %[[C0]]
// CHECK: arith.cmpi slt, %[[C0]]
// CHECK: arith.remsi
// CHECK: scf.if
// CHECK: %[[D0:.*]] = xmp.node_index @p[0]
// CHECK: arith.cmpi eq, %[[D0]]
// CHECK: %[[D1:.*]] = xmp.node_index @p[1]
// CHECK: arith.cmpi sge, %[[D1]]
// CHECK-NOT: arith.cmpi slt, %[[D1]]
// CHECK: scf.if
// CHECK: xmp.node_num @p
// CHECK: scf.if
func.func @reference() {
  xmp.task on @p [1:7:3, :] {
  }
  xmp.task on @p [2, 1:] {
  }
  xmp.task on @p [:, :] {
  }
  return
}

// Run-time positions: the same tests on the values. A run-time lower
// bound adds c >= 0 (c = -1 outside @p must not match a negative value); a
// run-time step adds step > 0 and divides by select(step > 0, step, 1).
// CHECK-LABEL: func.func @reference_dynamic
// CHECK-SAME: (%[[K:[^:]+]]: index, %[[N:[^:]+]]: index, %[[S:[^:]+]]: index)
// [%k, :]: axis 1 tests nothing
// CHECK-NOT: xmp.node_index @p[1]
// CHECK: %[[A0:.*]] = xmp.node_index @p[0]
// CHECK: %[[GE0:.*]] = arith.cmpi sge, %[[A0]], %[[Z:.*]] : index
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[A0]], %[[K]] : index
// CHECK: %[[C1:.*]] = arith.andi %[[GE0]], %[[EQ]] : i1
// CHECK: scf.if %[[C1]] {
// CHECK:   xmp.node_num @xmp_probe
// CHECK: }
// [2:%n:%s, %k:]
// CHECK: %[[B0:.*]] = xmp.node_index @p[0]
// CHECK: arith.cmpi sge, %[[B0]], %{{.*}} : index
// CHECK: arith.cmpi slt, %[[B0]], %[[N]] : index
// CHECK: %[[POS:.*]] = arith.cmpi sgt, %[[S]], %{{.*}} : index
// CHECK: %[[DIV:.*]] = arith.select %[[POS]], %[[S]], %{{.*}} : index
// CHECK: %[[OFF:.*]] = arith.subi %[[B0]], %{{.*}} : index
// CHECK: %[[REM:.*]] = arith.remui %[[OFF]], %[[DIV]] : index
// CHECK: arith.cmpi eq, %[[REM]], %{{.*}} : index
// CHECK: %[[B1:.*]] = xmp.node_index @p[1]
// CHECK: arith.cmpi sge, %[[B1]], %{{.*}} : index
// CHECK: arith.cmpi sge, %[[B1]], %[[K]] : index
// CHECK-NOT: arith.cmpi slt, %[[B1]]
// CHECK: scf.if
// RT-LABEL: func.func @reference_dynamic
// RT: call @xmprt_grid_coord(%{{.*}}, %{{.*}}) : (!llvm.ptr, i32) -> i64
// RT: arith.cmpi eq
// RT: scf.if
xmp.nodes @xmp_probe(shape = ?)
func.func @reference_dynamic(%k: index, %n: index, %s: index) {
  xmp.task on @p [%k, :] {
    %r = xmp.node_num @xmp_probe
  }
  xmp.task on @p [2:%n:%s, %k:] {
  }
  return
}

// CHECK-LABEL: func.func @on_template
// CHECK: %[[O0:.*]] = xmp.template_owns @t[0] %[[I:.*]]
// CHECK: %[[O1:.*]] = xmp.template_owns @t[1] %[[J:.*]]
// CHECK: %[[B:.*]] = arith.andi %[[O0]], %[[O1]] : i1
// CHECK: scf.if %[[B]] {
// RT-LABEL: func.func @on_template
// RT: call @xmprt_template_owns(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i64) -> i32
func.func @on_template(%i: index, %j: index) {
  xmp.task on @t (%i, %j) {
  }
  return
}
