// Run-time lower bounds of template_fix: the dialect they become. A ':'
// dimension whose template_fix gives its lower bound by a variable keeps
// it in memref.global @__xmp_lb_<template>_<dim>, stored by the
// template_fix (with the size hi - lo + 1) and loaded where it is used:
// before a loop (its bounds minus it; the body's C index is the loop's
// index plus it, and a[i] folds back to the loop's index, v[i - 2] with
// align offset 2 too), before a device loop (never inside), at a task on
// t(e), an access outside loops (check_holds with the run-time base), an
// xmp_malloc (the size n - (lb - c), checked >= 1) and a gmove. The darray
// types keep static offsets (0). Two template_fix with different constant
// lower bounds make the bound a run-time value too.
// RUN: xmp-cfront %s | FileCheck %s
// A template_fix whose lower bound is a constant (t4(1:hi)) is a
// compile-time lower bound, as before: no global, no load; the loop's
// body adds the constant to its index, the allocation subtracts it.
// RUN: xmp-cfront %s | FileCheck %s --check-prefix=CONST
// CONST-NOT: __xmp_lb_t4
// CONST: xmp.template_fix @t4(%{{.*}})
// CONST: %[[E:.*]] = xmp.alloc(%{{.*}}) : !darray{{[0-9]*}}
// CONST: xmp.loop (%[[K:.*]]) = {{.*}} on @t4 [0] {
// CONST-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CONST-NEXT: arith.addi %[[K]], %[[C1]] : index
// CONST: xmp.store %{{.*}}, %[[E]][%[[K]]]
// CONST-NOT: __xmp_lb_t4

#include <xmp.h>
#pragma xmp nodes p(*)
#pragma xmp template t(:)
#pragma xmp distribute t(block) onto p
double *a;
int *v;
#pragma xmp align a[i] with t(i)
#pragma xmp align v[i] with t(i + 2)
#pragma xmp template t3(:)
#pragma xmp distribute t3(cyclic) onto p
#pragma xmp template t4(:)
#pragma xmp distribute t4(block) onto p
double *e;
#pragma xmp align e[i] with t4(i)

// CHECK-DAG: ![[A:.*]] = !xmp.darray<?xf64, @t, align [0]>
// CHECK-DAG: ![[V:.*]] = !xmp.darray<?xi32, @t, align [0]>
// CHECK: memref.global "private" @__xmp_lb_t_0 : memref<i64> = dense<0>
// CHECK: memref.global "private" @__xmp_lb_t3_0 : memref<i64> = dense<0>

// CHECK-LABEL: func.func @main
int main(int argc, char **argv) {
  int lo = argc, hi = lo + 20, i;
  double s = 0, loc[4];
  // CHECK: %[[LO:.*]] = arith.index_cast %{{.*}} : i32 to index
  // CHECK: %[[HI:.*]] = arith.index_cast %{{.*}} : i32 to index
  // CHECK: %[[D:.*]] = arith.subi %[[HI]], %[[LO]] : index
  // CHECK: %[[SZ:.*]] = arith.addi %[[D]], %{{.*}} : index
  // CHECK: %[[G:.*]] = memref.get_global @__xmp_lb_t_0 : memref<i64>
  // CHECK: %[[LO64:.*]] = arith.index_cast %[[LO]] : index to i64
  // CHECK: memref.store %[[LO64]], %[[G]][] : memref<i64>
  // CHECK: xmp.template_fix @t(%[[SZ]])
#pragma xmp template_fix t(lo:hi)
  // Two template_fix directives with different constant lower bounds.
  // CHECK: memref.get_global @__xmp_lb_t3_0
  // CHECK: xmp.template_fix @t3
  // CHECK: memref.get_global @__xmp_lb_t3_0
  // CHECK: xmp.template_fix @t3
  if (argc > 2) {
#pragma xmp template_fix t3(1:10)
  } else {
#pragma xmp template_fix t3(0:9)
  }
  // xmp_malloc: n - (lb - 0) elements, at least one.
  // CHECK: memref.get_global @__xmp_lb_t_0
  // CHECK: %[[M:.*]] = arith.subi
  // CHECK: %[[BAD:.*]] = arith.cmpi slt, %[[M]]
  // CHECK: scf.if %[[BAD]] {
  // CHECK: llvm.call @dprintf
  // CHECK: %[[A0:.*]] = xmp.alloc(%[[M]]) : ![[A]]
  a = xmp_malloc(xmp_desc_of(a), hi + 1);
  v = xmp_malloc(xmp_desc_of(v), hi - 1);
  // The bound is loaded before the loop; inside, the subscripts are the
  // loop's index.
  // CHECK: %[[LB:.*]] = memref.get_global @__xmp_lb_t_0
  // CHECK: xmp.loop (%[[I:.*]]) = {{.*}} on @t [0] reduce(add)
  // CHECK-NOT: memref.get_global
  // CHECK: xmp.store %{{.*}}, %{{.*}}[%[[I]]] : ![[V]]
  // CHECK: xmp.load %[[A0]][%[[I]]] : ![[A]]
  // CHECK: xmp.yield
#pragma xmp loop on t(i) reduction(+: s)
  for (i = lo; i <= hi; i++) {
    v[i - 2] = i;
    s += a[i];
  }
  // CHECK: memref.get_global @__xmp_lb_t_0
  // CHECK: xmp.device_loop (%[[J:.*]]) = {{.*}} on @t [0]
  // CHECK-NOT: memref.get_global
  // CHECK: xmp.store %{{.*}}, %[[A0]][%[[J]]] : ![[A]]
  // CHECK-NEXT: }
#pragma xmp device loop on t(i)
  for (i = lo; i <= hi; i++)
    a[i] = i;
  // CHECK: %[[TI:.*]] = arith.subi %{{.*}}, %{{.*}} : index
  // CHECK: xmp.task on @t (%[[TI]]) {
  // CHECK: xmp.check_holds %[[A0]][%{{.*}}] name "a" at "{{.*}}tfixlb-dialect.c:[[# @LINE + 3]]:3" base[%{{.*}}] : ![[A]]
  // CHECK: }
#pragma xmp task on t(hi)
  a[hi] = 0;
  // CHECK: xmp.gmove %[[A0]][%{{.*}}:%{{.*}}] to %{{.*}}[0:4] : ![[A]] to memref<4xf64>
#pragma xmp gmove
  loc[0:4] = a[lo:4];
#pragma xmp template_fix t4(1:hi)
  e = xmp_malloc(xmp_desc_of(e), hi + 1);
#pragma xmp loop on t4(i)
  for (i = 1; i <= hi; i++)
    e[i] = i;
  return 0;
}
