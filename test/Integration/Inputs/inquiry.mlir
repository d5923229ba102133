// Input of inquiry.test: the grid inquiries (xmp.node_num, xmp.num_nodes,
// xmp.node_index, xmp.node_size) and xmp.wtick on every rank, summed over
// all ranks (@w) and printed by rank 0:
//   value10 = sum of node_num @w               (n (n - 1) / 2)
//   value11 = num_nodes @w                     (n)
//   value12 = ranks where node_num @g differs from
//             node_index @g[0] * node_size @g[1] + node_index @g[1],
//             or a coordinate lies outside [0, node_size)      (0)
//   value13 = sum of node_num @g               (n (n - 1) / 2)
//   value14 = num_nodes @g and node_size @g[0] * node_size @g[1] disagree (0)
//   value15 = sum of node_num @s               (-(n - 1): rank 0 is node 0
//             of the static grid @s(1), the others are outside it: -1)
//   value16 = sum of node_index @s[0]          (-(n - 1))
//   value17 = num_nodes @s + node_size @s[0]   (2, folded: static shape)
//   value18 = ranks whose wtick is not in (0, 1] (0)
xmp.nodes @w(shape = ?)
xmp.nodes @g(shape = ?x?)
xmp.nodes @s(shape = 1)

func.func private @xmprt_print_scalar_f64(i64, f64)

func.func @f(%i: index) -> f64 {
  %x = arith.index_cast %i : index to i64
  %f = arith.sitofp %x : i64 to f64
  return %f : f64
}

func.func @b(%c: i1) -> f64 {
  %one = arith.constant 1.0 : f64
  %zero = arith.constant 0.0 : f64
  %r = arith.select %c, %one, %zero : f64
  return %r : f64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %rw = xmp.node_num @w
  %nw = xmp.num_nodes @w
  %rg = xmp.node_num @g
  %ng = xmp.num_nodes @g
  %i0 = xmp.node_index @g [0]
  %i1 = xmp.node_index @g [1]
  %s0 = xmp.node_size @g [0]
  %s1 = xmp.node_size @g [1]
  %rs = xmp.node_num @s
  %is = xmp.node_index @s [0]
  %ns = xmp.num_nodes @s
  %ss = xmp.node_size @s [0]

  // value12: the row-major rank and the coordinates agree
  %row = arith.muli %i0, %s1 : index
  %lin = arith.addi %row, %i1 : index
  %bad0 = arith.cmpi ne, %lin, %rg : index
  %neg0 = arith.cmpi slt, %i0, %c0 : index
  %big0 = arith.cmpi sge, %i0, %s0 : index
  %neg1 = arith.cmpi slt, %i1, %c0 : index
  %big1 = arith.cmpi sge, %i1, %s1 : index
  %o1 = arith.ori %bad0, %neg0 : i1
  %o2 = arith.ori %o1, %big0 : i1
  %o3 = arith.ori %o2, %neg1 : i1
  %o4 = arith.ori %o3, %big1 : i1
  %v12 = func.call @b(%o4) : (i1) -> f64
  // value14: the count and the axis sizes agree
  %prod = arith.muli %s0, %s1 : index
  %bad14 = arith.cmpi ne, %prod, %ng : index
  %v14 = func.call @b(%bad14) : (i1) -> f64
  // value18: the timer's resolution
  %tick = xmp.wtick : f64
  %zf = arith.constant 0.0 : f64
  %onef = arith.constant 1.0 : f64
  %tpos = arith.cmpf ogt, %tick, %zf : f64
  %tle = arith.cmpf ole, %tick, %onef : f64
  %tok = arith.andi %tpos, %tle : i1
  %true = arith.constant true
  %tbad = arith.xori %tok, %true : i1
  %v18 = func.call @b(%tbad) : (i1) -> f64

  %fw = func.call @f(%rw) : (index) -> f64
  %fg = func.call @f(%rg) : (index) -> f64
  %fs = func.call @f(%rs) : (index) -> f64
  %fi = func.call @f(%is) : (index) -> f64
  %sum10 = xmp.reduction add %fw on @w : f64
  %sum12 = xmp.reduction add %v12 on @w : f64
  %sum13 = xmp.reduction add %fg on @w : f64
  %sum14 = xmp.reduction add %v14 on @w : f64
  %sum15 = xmp.reduction add %fs on @w : f64
  %sum16 = xmp.reduction add %fi on @w : f64
  %sum18 = xmp.reduction add %v18 on @w : f64
  %v11 = func.call @f(%nw) : (index) -> f64
  %n17 = arith.addi %ns, %ss : index
  %v17 = func.call @f(%n17) : (index) -> f64

  %t10 = arith.constant 10 : i64
  %t11 = arith.constant 11 : i64
  %t12 = arith.constant 12 : i64
  %t13 = arith.constant 13 : i64
  %t14 = arith.constant 14 : i64
  %t15 = arith.constant 15 : i64
  %t16 = arith.constant 16 : i64
  %t17 = arith.constant 17 : i64
  %t18 = arith.constant 18 : i64
  func.call @xmprt_print_scalar_f64(%t10, %sum10) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t11, %v11) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t12, %sum12) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t13, %sum13) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t14, %sum14) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t15, %sum15) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t16, %sum16) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t17, %v17) : (i64, f64) -> ()
  func.call @xmprt_print_scalar_f64(%t18, %sum18) : (i64, f64) -> ()
  return
}
