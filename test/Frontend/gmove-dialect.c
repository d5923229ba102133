// gmove statements: C triplets lower:length:stride become the dialect's
// half-open lb:ub:step (ub = lower + length * stride; an omitted lower is
// 0, an omitted length the remaining elements ceil((extent - lower) /
// stride), an omitted stride 1); a scalar subscript drops its dimension;
// run-time bounds are operands. `in` / `out` are one-sided, `async(id)`
// starts a request that `wait_async(id)` completes.
// RUN: xmp-cfront %s | FileCheck %s

#include <xmp.h>
#define N 16
double a[N], m[4][N], c[N];
double x;
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(cyclic) onto p
#pragma xmp align a[i] with t(i)
#pragma xmp align m[*][i] with t(i)
#pragma xmp template tq(:)
#pragma xmp distribute tq(block) onto p
double *q;
#pragma xmp align q[i] with tq(i)

int main(void) {
  int k = 3;
  // CHECK: %[[A:.*]] = xmp.alloc : !darray
  // CHECK: %[[M:.*]] = xmp.alloc : !darray1
  // CHECK: %[[C:.*]] = memref.get_global @c : memref<16xf64>
  // CHECK: xmp.gmove %[[A]][2:7] to %[[C]][0:5] : !darray to memref<16xf64>
#pragma xmp gmove
  c[0:5] = a[2:5];
  // CHECK: xmp.gmove %[[A]][0:16:4] to %{{.*}}[1:9:2] : !darray to memref<16xf64>
#pragma xmp gmove
  c[1:4:2] = a[::4];
  // CHECK: xmp.gmove %[[A]][3:16] to %[[M]][2, 0:13] : !darray to !darray1
#pragma xmp gmove
  m[2][:13] = a[3:];
  // Run-time bounds: lower and lower + length * stride are operands; a
  // section leaving the array stops the node (checked before the gmove).
  // CHECK: %[[K:.*]] = arith.index_cast %{{.*}} : i64 to index
  // CHECK: scf.if
  // CHECK: llvm.call @dprintf
  // CHECK: llvm.call @xmprt_stop_job
  // CHECK: %[[C4:.*]] = arith.constant 4 : index
  // CHECK-NEXT: %[[UB:.*]] = arith.addi %[[K]], %[[C4]] : index
  // CHECK: xmp.gmove %[[A]][0:4] to %{{.*}}[%[[K]]:%[[UB]]] : !darray to memref<16xf64>
#pragma xmp gmove
  c[k:4] = a[0:4];
  // A scalar gets one element on every node; element to element.
  // CHECK: %[[X:.*]] = memref.get_global @x : memref<f64>
  // CHECK: xmp.gmove %[[M]][1, 5] to %[[X]][] : !darray1 to memref<f64>
#pragma xmp gmove
  x = m[1][5];
  // CHECK: xmp.gmove %[[A]][15] to %[[M]][0, 0] : !darray to !darray1
#pragma xmp gmove
  m[0][0] = a[N - 1];
  // CHECK: %[[R:.*]] = xmp.gmove_start %[[A]][0:8] to %[[M]][3, 8:16] : !darray to !darray1
  // CHECK: %[[R2:.*]] = xmp.gmove_start %[[A]][8:16] to %{{.*}}[0:8] : !darray to memref<16xf64>
  // CHECK: xmp.wait %[[R]]
  // CHECK: xmp.wait %[[R2]]
#pragma xmp gmove async(1)
  m[3][8:8] = a[0:8];
#pragma xmp gmove async(2)
  c[0:8] = a[8:8];
#pragma xmp wait_async(1, 2)
  // One-sided, on the first node: `acc` without --gpu acts on the host.
  // CHECK: scf.if
  // CHECK: xmp.gmove in %[[A]][0:16] to %{{.*}}[0:16] : !darray to memref<16xf64>
  // CHECK: xmp.gmove out %{{.*}}[0:4] to %[[A]][12:16] : memref<16xf64> to !darray
  // CHECK: %[[R3:.*]] = xmp.gmove_start in %[[M]][1, 0:16] to %{{.*}}[0:16] : !darray1 to memref<16xf64>
  // CHECK: xmp.wait %[[R3]]
  if (k == 3) {
#pragma xmp gmove in
    c[:] = a[:];
#pragma xmp gmove out acc
    a[12:4] = c[0:4];
#pragma xmp gmove in async(3)
    c[:] = m[1][:];
#pragma xmp wait_async(3)
  }
  // An array allocated by xmp_malloc: the size of its `?` dimension, for
  // an omitted length and the check of the section, is xmp.array_gsize;
  // the shapes (a run-time length against 4) are checked at run time.
  // CHECK: %[[Q:.*]] = xmp.alloc(%{{.*}}) : !darray2
  // CHECK: %[[QN:.*]] = xmp.array_gsize %[[Q]][0] : !darray2
  // CHECK: %[[QL:.*]] = arith.maxsi
  // CHECK: %[[QB:.*]] = arith.cmpi ne, %{{.*}}, %[[QL]] : index
  // CHECK: scf.if %[[QB]] {
  // CHECK: llvm.call @dprintf
  // CHECK: xmp.gmove %[[Q]][2:%{{.*}}] to %{{.*}}[0:4] : !darray2 to memref<16xf64>
#pragma xmp template_fix tq(0:k+10)
  q = xmp_malloc(xmp_desc_of(q), k + 10);
#pragma xmp gmove
  c[0:4] = q[2:];
  return 0;
}
