// Accesses to distributed array elements outside a loop directive are
// preceded by xmp.check_holds (the node must own or hold the element),
// with the array's name and the access's C position; inside a loop
// directive the owner-computes rule covers them. --no-owner-check: none.
// RUN: xmp-cfront %s | FileCheck %s
// RUN: xmp-cfront --no-owner-check %s | FileCheck %s --check-prefix=OFF
// OFF-NOT: xmp.check_holds

#define N 16
double a[N][N], v[N];
#pragma xmp nodes p(*)
#pragma xmp template t(0:N-1)
#pragma xmp distribute t(block) onto p
#pragma xmp align a[i][*] with t(i)

// A function's accesses are checked where they run.
// CHECK-LABEL: func.func @get
// CHECK: %[[I:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[J:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: xmp.check_holds %[[A:.*]][%[[I]], %[[J]]] name "a" at "{{.*}}owner-check.c:[[# @LINE + 3]]:10" : !darray
// CHECK-NEXT: xmp.load %[[A]][%[[I]], %[[J]]] : !darray
double get(int i, int j) {
  return a[i][j];
}

int main(void) {
  int i;
  // CHECK-LABEL: func.func @main
  // CHECK: xmp.check_holds %{{.*}}[%{{.*}}, %{{.*}}] name "a" at "{{.*}}owner-check.c:[[# @LINE + 2]]:3" : !darray
  // CHECK-NEXT: xmp.store
  a[2][3] = 1;
  // A compound assignment is checked once.
  // CHECK: xmp.check_holds %{{.*}} name "a" at "{{.*}}owner-check.c:[[# @LINE + 4]]:3"
  // CHECK-NEXT: xmp.load
  // CHECK-NEXT: arith.addf
  // CHECK-NEXT: xmp.store
  a[4][5] += 2;
  // CHECK: xmp.loop
  // CHECK-NOT: xmp.check_holds
#pragma xmp loop on t(i)
  for (i = 0; i < N; i++)
    a[i][0] = get(i, 1);
  // A sequential loop outside a loop directive is checked.
  // CHECK: scf.for
  // CHECK: xmp.check_holds %{{.*}} name "a" at "{{.*}}owner-check.c:[[# @LINE + 2]]:12"
  for (i = 0; i < N; i++)
    v[i] = a[i][i];
  return 0;
}
