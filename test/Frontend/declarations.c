// Declaration directives of the XMP C binding and the dialect they become:
// the parenthesized forms list dimensions in Fortran order (reversed in
// the dialect), the bracketed forms in C order; template ranges are
// inclusive; align subscripts follow the template's order.
// RUN: xmp-cfront %s | FileCheck %s

#define N 64
double a[N][32], b[8][N], c[N];
int d[10][20][30];
float e[N];

#pragma xmp nodes p(2, 4)
#pragma xmp nodes q[3][*]
#pragma xmp nodes r(*)
// CHECK-DAG: xmp.nodes @p(shape = 4x2)
// CHECK-DAG: xmp.nodes @q(shape = 3x?)
// CHECK-DAG: xmp.nodes @r(shape = ?)

#pragma xmp template t(0:31, 0:N-1)
#pragma xmp distribute t(cyclic(2), block) onto p
// CHECK-DAG: xmp.template @t(shape = 64x32)
// CHECK-DAG: xmp.distribute @t onto @p [block, cyclic(2)]

#pragma xmp template s(0:N)
#pragma xmp distribute s(cyclic) onto r
// CHECK-DAG: xmp.template @s(shape = 65)
// CHECK-DAG: xmp.distribute @s onto @r [cyclic]

#pragma xmp template u[10][20][30]
#pragma xmp distribute u[block][*][block(16)] onto q
// CHECK-DAG: xmp.template @u(shape = 10x20x30)
// CHECK-DAG: xmp.distribute @u onto @q [block, *, block(16)]

#pragma xmp template v(N)
#pragma xmp distribute v(block) onto r
// CHECK-DAG: xmp.template @v(shape = 64)

#pragma xmp align a[i][j] with t(j, i)
#pragma xmp shadow a[1:2][0]
// CHECK-DAG: !xmp.darray<64x32xf64, @t, align [0, 1], shadow [1:2, 0:0]>
#pragma xmp align b[*][i] with t(*, i)
// CHECK-DAG: !xmp.darray<8x64xf64, @t, align [*, 0]>
#pragma xmp align c[i] with s(i+1)
// CHECK-DAG: !xmp.darray<64xf64, @s, align [0], offset [1]>
#pragma xmp align d[i][j][k] with u[i][j][k]
// CHECK-DAG: !xmp.darray<10x20x30xi32, @u, align [0, 1, 2]>
#pragma xmp align e[i] with v(i)
#pragma xmp shadow e[*]
// CHECK-DAG: !xmp.darray<64xf32, @v, align [0], shadow [*]>

// Every distributed array is allocated at the start of main and freed at
// its end, in declaration order.
// CHECK-LABEL: func.func @main() -> i32
// CHECK-COUNT-5: xmp.alloc
// CHECK-COUNT-5: xmp.dealloc
// CHECK: return
int main(void) { return 0; }
