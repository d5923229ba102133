// RUN: xmp-opt %s | xmp-opt | FileCheck %s
// CHECK-DAG: !xmp.darray<8x64xf64, @t, align [*, 1], shadow [*, 0:2]>
// CHECK-DAG: !xmp.darray<?xf32, @u, align [0]>
// RUN: xmp-opt %s -mlir-print-op-generic | xmp-opt | FileCheck %s
// Every op and attribute form, parsed, printed and parsed again (also through the generic form).

// CHECK: xmp.nodes @p(shape = 2x2)
xmp.nodes @p(shape = 2x2)
xmp.nodes @q(shape = ?)
// CHECK: xmp.nodes @r(shape = 4x?)
xmp.nodes @r(shape = 4x?)
// Node subsets: single coordinates, `:`, `lo:`, `lo::step`, `lo:hi`,
// `lo:hi:step` (`0:` prints as `:`), a subset of a subset.
// CHECK: xmp.nodes @p_row(shape = 2) = @p [1, :]
xmp.nodes @p_row(shape = 2) = @p [1, 0:]
// CHECK: xmp.nodes @r_sub(shape = 2x?) = @r [1:4:2, 1::3]
xmp.nodes @r_sub(shape = 2x?) = @r [1:4:2, 1::3]
// CHECK: xmp.nodes @r_sub1(shape = ?) = @r_sub [0, 2:]
xmp.nodes @r_sub1(shape = ?) = @r_sub [0, 2:]
// CHECK: xmp.nodes @q_mid(shape = 3) = @q [1:4]
xmp.nodes @q_mid(shape = 3) = @q [1:4]
// Reshaped subsets: the selection (row-major over the triplet axes) laid
// out in the subset's own shape; one `?` axis takes the remaining count.
// CHECK: xmp.nodes @p_flat(shape = 4) = reshape @p [:, :]
xmp.nodes @p_flat(shape = 4) = reshape @p [:, :]
// CHECK: xmp.nodes @q_sq(shape = 2x2) = reshape @q [0:4]
xmp.nodes @q_sq(shape = 2x2) = reshape @q [0:4]
// CHECK: xmp.nodes @r_rs(shape = ?x2) = reshape @r [1, :]
xmp.nodes @r_rs(shape = ?x2) = reshape @r [1, :]
// CHECK: xmp.nodes @q_sq1(shape = 2) = @q_sq [1, :]
xmp.nodes @q_sq1(shape = 2) = @q_sq [1, :]
xmp.template @t(shape = 64x64)
xmp.template @u(shape = ?)
xmp.template @v(shape = 16x16)
xmp.distribute @t onto @p [block, block]
// CHECK: xmp.distribute @u onto @q [cyclic(8)]
xmp.distribute @u onto @q [cyclic(8)]
// CHECK: xmp.template @w2(shape = 10x?)
// CHECK: xmp.distribute @w2 onto @r [block(3), block(1)]
xmp.template @w2(shape = 10x?)
xmp.distribute @w2 onto @r [block(3), block(1)]
// CHECK: xmp.distribute @v onto @r [gblock([3, 5, 7, 1]), cyclic]
xmp.distribute @v onto @r [gblock([3,5,7,1]), cyclic]
!u_t = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 1:1]>
!w_t = !xmp.darray<?xf32, @u, align [0]>
!x_t = !xmp.darray<8x64xf64, @t, align [*, 1], offset [0, 0], shadow [*, 0:2]>
func.func @f(%n: index, %w: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %z = arith.constant 0.0 : f64
  xmp.template_fix @u(%n)
  // A static template: every size, checked at run time.
  // CHECK: xmp.template_fix @t(%{{.*}}, %{{.*}})
  xmp.template_fix @t(%c64, %c64)
  %a = xmp.alloc : !u_t
  %b = xmp.alloc(%n) : !w_t
// CHECK: xmp.alloc : !darray
  %x = xmp.alloc : !x_t
  xmp.loop (%i, %j) = (%c1, %c1) to (%c64, %c64) step (%c1, %c1) on @t [0, 1] {
    %v = xmp.load %a[%i, %j] : !u_t
    xmp.store %v, %a[%i, %j] : !u_t
  }
// CHECK: xmp.loop (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) on @t [0] reduce(add) init(%{{.*}}) -> f64
  %s = xmp.loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] reduce(add) init(%z) -> f64 {
    %v = xmp.load %a[%i, %i] : !u_t
    xmp.yield %v : f64
  }
  xmp.device_loop (%i, %j) = (%c1, %c1) to (%c64, %c64) step (%c1, %c1) on @t [0, 1] weight(%w) {
  }
// CHECK: xmp.device_loop {{.*}} on @t [0] weight(auto) block_size [128]
  xmp.device_loop (%i) = (%c1) to (%c64) step (%c1) on @t [0] weight(auto) block_size [128] {
  }
  xmp.replicate (%a) : !u_t {
    xmp.replicate_sync in(%a) : !u_t
// CHECK: xmp.reflect %{{.*}} width [1:1, 0:0] periodic [true, false] acc channels [tca, ib] :
    xmp.reflect %a width [1:1, 0:0] periodic [true, false] acc channels [tca, ib] : !u_t
    xmp.replicate_sync out(%a) : !u_t
  }
  xmp.reflect %a : !u_t
// CHECK: xmp.reflect_init %{{.*}} acc : {{.*}} -> !xmp.reflect_plan
  %p = xmp.reflect_init %a acc : !u_t -> !xmp.reflect_plan
  xmp.reflect_do %p
// CHECK: %[[OTOK:.*]] = xmp.reflect_start
// CHECK: xmp.device_loop {{.*}} on @t [0, 1] block_size [32, 4] overlap(%[[OTOK]] margin [1:1, 0:2]) reduce(max)
  %otok = xmp.reflect_start %p
  %om = xmp.device_loop (%i, %j) = (%c1, %c1) to (%c64, %c64) step (%c1, %c1) on @t [0, 1] block_size [32, 4] overlap(%otok margin [1:1, 0:2]) reduce(max) init(%z) -> f64 {
    %v = xmp.load %a[%i, %j] : !u_t
    xmp.yield %v : f64
  }
  %tok = xmp.reflect_start %p
  xmp.reflect_wait %tok
// Faces only (XMP's `orthogonal`), on the reflect and its plan forms.
// CHECK: xmp.reflect %{{.*}} width [1:1, 0:0] periodic [true, false] orthogonal acc channels [tca, ib] :
  xmp.reflect %a width [1:1, 0:0] periodic [true, false] orthogonal acc channels [tca, ib] : !u_t
// CHECK: xmp.reflect %{{.*}} orthogonal :
  xmp.reflect %a orthogonal : !u_t
// CHECK: xmp.reflect_init %{{.*}} orthogonal acc : {{.*}} -> !xmp.reflect_plan
  %po = xmp.reflect_init %a orthogonal acc : !u_t -> !xmp.reflect_plan
  xmp.reflect_do %po
// Shadows added into their owners (XMP's `reduce_shadow`).
// CHECK: xmp.reduce_shadow %{{.*}} :
  xmp.reduce_shadow %a : !u_t
// CHECK: xmp.reduce_shadow %{{.*}} width [1:0, 0:0] periodic [false, true] acc :
  xmp.reduce_shadow %a width [1:0, 0:0] periodic [false, true] acc : !u_t
// max and min; add is the default (printed when written).
// CHECK: xmp.reduce_shadow max %{{.*}} width [1:1, 0:1] periodic [true, true] :
  xmp.reduce_shadow max %a width [1:1, 0:1] periodic [true, true] : !u_t
// CHECK: xmp.reduce_shadow min %{{.*}} acc :
  xmp.reduce_shadow min %a acc : !u_t
// CHECK: xmp.reduce_shadow add %{{.*}} :
  xmp.reduce_shadow add %a : !u_t
// The plan of a reduce_shadow, run split (XMP's `reduce_shadow ... async`).
// CHECK: %[[RS:.*]] = xmp.reduce_shadow_init max %{{.*}} width [1:1, 0:1] periodic [true, false] acc : {{.*}} -> !xmp.reflect_plan
// CHECK: %[[RT:.*]] = xmp.reflect_start %[[RS]]
// CHECK: xmp.reflect_wait %[[RT]]
// CHECK: xmp.reduce_shadow_init %{{.*}} : {{.*}} -> !xmp.reflect_plan
  %rs = xmp.reduce_shadow_init max %a width [1:1, 0:1] periodic [true, false] acc : !u_t -> !xmp.reflect_plan
  %rt = xmp.reflect_start %rs
  xmp.reflect_wait %rt
  %rs2 = xmp.reduce_shadow_init %a : !u_t -> !xmp.reflect_plan
  xmp.reflect_do %rs2
  %r = xmp.reduction add %s on @p : f64
// A darray replicated over grid axis 0 (its dimension 1 follows template
// dimension 1, on axis 1), host and device instance.
// CHECK: xmp.reduction add %{{.*}} on @p [0] : !darray
  xmp.reduction add %x on @p [0] : !x_t
// CHECK: xmp.reduction max %{{.*}} on @p [0] acc : !darray
  xmp.reduction max %x on @p [0] acc : !x_t
// Location reductions: the value, then the locations.
// CHECK: xmp.reduction firstmax %{{.*}} loc(%{{.*}}, %{{.*}} : index, i32) on @p : f64
  %li = arith.constant 7 : i32
  %fm:3 = xmp.reduction firstmax %s loc(%n, %li : index, i32) on @p : f64
// CHECK: xmp.reduction firstmin %{{.*}} loc(%{{.*}} : f64) on @p [1] : i32
  %fn:2 = xmp.reduction firstmin %li loc(%w : f64) on @p [1] : i32
// CHECK: xmp.reduction lastmax %{{.*}} loc(%{{.*}} : index) on @p [0, 1] : f32
  %f32v = arith.constant 1.5 : f32
  %lm:2 = xmp.reduction lastmax %f32v loc(%n : index) on @p [0, 1] : f32
// CHECK: xmp.reduction lastmin %{{.*}} loc(%{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i1) on @p : i64
  %i64v = arith.constant 3 : i64
  %tv = arith.constant true
  %ln:4 = xmp.reduction lastmin %i64v loc(%li, %li, %tv : i32, i32, i1) on @p : i64
// Logical and/or on truth values.
// CHECK: xmp.reduction and %{{.*}} on @p : i1
  %land = xmp.reduction and %tv on @p : i1
// CHECK: xmp.reduction or %{{.*}} on @p [1] : i1
  %lor = xmp.reduction or %tv on @p [1] : i1
// CHECK: xmp.reduction max %{{.*}} on @p [1] : f64
  %r2 = xmp.reduction max %s on @p [1] : f64
// CHECK: xmp.reduction xor %{{.*}} on @p : i32
  %xi = arith.constant 5 : i32
  %r3 = xmp.reduction xor %xi on @p : i32
  %m = memref.alloc() : memref<4xi32>
  xmp.reduction or %m on @p : memref<4xi32>
// CHECK: xmp.bcast %{{.*}} from [0, 1] on @p : f64
  %bc = xmp.bcast %r from [0, 1] on @p : f64
  xmp.bcast %m from [0, 0] on @p : memref<4xi32>
// Along grid axes: the root's coordinates on them.
// CHECK: xmp.bcast %{{.*}} from [1] on @p [0] : f64
  %bca = xmp.bcast %r from [1] on @p [0] : f64
// CHECK: xmp.bcast %{{.*}} from [0, 1] on @p [1, 0] : memref<4xi32>
  xmp.bcast %m from [0, 1] on @p [1, 0] : memref<4xi32>
  xmp.barrier on @p
// CHECK: xmp.barrier on @p [1]
  xmp.barrier on @p [1]
  xmp.barrier
  xmp.gmove %a[0:64:1, 5] to %x[0, 0:64] : !u_t to !x_t
// CHECK: xmp.gmove %{{.*}}[%{{.*}}:%{{.*}}:%{{.*}}, 5] to %{{.*}}[0:64, %{{.*}}] acc :
  xmp.gmove %a[%c0:%n:%c1, 5] to %a[0:64, %c1] acc : !u_t to !u_t
// The asynchronous form takes the same operands and returns a request.
// CHECK: %[[G1:.*]] = xmp.gmove_start %{{.*}}[0:64, 5] to %{{.*}}[0, 0:64] : !darray{{.*}} to !darray
// CHECK: %[[G2:.*]] = xmp.gmove_start %{{.*}}[%{{.*}}:%{{.*}}:%{{.*}}, 5] to %{{.*}}[0:64, %{{.*}}] acc :
// CHECK: xmp.wait %[[G2]]
// CHECK: xmp.wait %[[G1]]
  %g1 = xmp.gmove_start %a[0:64:1, 5] to %x[0, 0:64] : !u_t to !x_t
  %g2 = xmp.gmove_start %a[%c0:%n:%c1, 5] to %a[0:64, %c1] acc : !u_t to !u_t
  xmp.wait %g2
  xmp.wait %g1
// One-sided gmoves (in / out), blocking and started.
// CHECK: xmp.gmove in %{{.*}}[0:64, 5] to %{{.*}}[0, 0:64] : !darray{{.*}} to !darray
// CHECK: xmp.gmove out %{{.*}}[%{{.*}}:%{{.*}}:%{{.*}}, 5] to %{{.*}}[0:64, %{{.*}}] acc :
// CHECK: %[[G3:.*]] = xmp.gmove_start in %{{.*}}[0:64, 5] to %{{.*}}[0, 0:64] :
// CHECK: %[[G4:.*]] = xmp.gmove_start out %{{.*}}[0:64, 5] to %{{.*}}[0, 0:64] :
// CHECK: xmp.wait %[[G3]]
  xmp.gmove in %a[0:64:1, 5] to %x[0, 0:64] : !u_t to !x_t
  xmp.gmove out %a[%c0:%n:%c1, 5] to %a[0:64, %c1] acc : !u_t to !u_t
  %g3 = xmp.gmove_start in %a[0:64:1, 5] to %x[0, 0:64] : !u_t to !x_t
  %g4 = xmp.gmove_start out %a[0:64:1, 5] to %x[0, 0:64] : !u_t to !x_t
  xmp.wait %g3
  xmp.wait %g4
  %lo, %hi = xmp.local_bounds %a[1] : !u_t
  %lv = xmp.local_view %a : !u_t -> memref<34x34xf64>
// Lowering-level coherence ops of device loops (GPU path), one per access mode.
// CHECK: %{{.*}} = xmp.device_acquire %{{.*}} access(read) : !darray{{.*}} -> memref<34x34xf64>
  %dr = xmp.device_acquire %a access(read) : !u_t -> memref<34x34xf64>
// CHECK: xmp.device_acquire %{{.*}} access(write) : !darray{{.*}} -> memref<?xf32>
  %dw = xmp.device_acquire %b access(write) : !w_t -> memref<?xf32>
// CHECK: xmp.device_acquire %{{.*}} access(readwrite) :
  %drw = xmp.device_acquire %a access(readwrite) : !u_t -> memref<34x34xf64>
// CHECK: xmp.device_release %{{.*}} access(readwrite) : !darray
  xmp.device_release %a access(readwrite) : !u_t
// CHECK: xmp.device_release %{{.*}} access(write) :
  xmp.device_release %b access(write) : !w_t
// CHECK: xmp.host_modified %{{.*}} : !darray
  xmp.host_modified %a : !u_t
  xmp.reset_weight %w : f64
  %ct = xmp.cpu_time : f64
  %gt = xmp.gpu_time : f64
// CHECK: xmp.wtime : f64
  %wt = xmp.wtime : f64
// CHECK: xmp.wtick : f64
  %wk = xmp.wtick : f64
// CHECK: xmp.node_num @r
  %nn = xmp.node_num @r
// CHECK: xmp.num_nodes @r
  %nm = xmp.num_nodes @r
// CHECK: xmp.node_index @r[1]
  %ni = xmp.node_index @r [1]
// CHECK: xmp.node_size @r[1]
  %ns = xmp.node_size @r [1]
  xmp.dealloc %a : !u_t
  return %r : f64
}

// CHECK-LABEL: func.func @multi_reduce
// CHECK: reduce(add, xor) init(%{{.*}}, %{{.*}}) -> (f64, i32)
func.func @multi_reduce(%c0: index, %c8: index, %c1: index, %z: f64, %y: i32) -> (f64, i32) {
  %s:2 = xmp.loop (%i) = (%c0) to (%c8) step (%c1) on @t [0] reduce(add, xor) init(%z, %y) -> (f64, i32) {
    xmp.yield %z, %y : f64, i32
  }
  return %s#0, %s#1 : f64, i32
}

// Lowering-level ops of split device loops (xmp-split-device-loops): the
// split point (four index results, template dimension and grain kept),
// the host-side acquire and the commit of the two parts' slices.
// CHECK-LABEL: func.func @split_ops
// CHECK-SAME: (%[[A:[^:]+]]: !darray, %[[B:[^:]+]]: !darray1, %[[W:[^:]+]]: f64, %[[LB:[^:]+]]: index, %[[UB:[^:]+]]: index, %[[ST:[^:]+]]: index)
// CHECK-NEXT: %[[S:[^,]+]], %[[E:[^,]+]], %[[NG:[^,]+]], %[[NC:[^ ]+]] = xmp.loop_split %[[W]], (%[[LB]] to %[[UB]] step %[[ST]]) on @t[1] grain 32
// CHECK-NEXT: %[[S2:[^,]+]], %{{[^,]+}}, %{{[^,]+}}, %{{[^ ]+}} = xmp.loop_split %[[W]], (%[[UB]] to %[[LB]] step %[[ST]]) on @u[0] grain 1
// CHECK-NEXT: xmp.host_acquire %[[A]] : !darray
// CHECK-NEXT: xmp.host_acquire %[[B]] : !darray1
// CHECK-NEXT: xmp.split_commit %[[A]] dim 1 gpu[%[[LB]], %[[S]]) cpu[%[[S]], %[[E]]) : !darray
// CHECK-NEXT: xmp.split_commit %[[B]] dim 0 gpu[%[[S2]], %[[NG]]) cpu[%[[NC]], %[[UB]]) : !darray1
// CHECK-NEXT: return %[[S]], %[[E]], %[[NG]], %[[NC]] : index, index, index, index
func.func @split_ops(%a: !u_t, %b: !w_t, %w: f64, %lb: index, %ub: index, %st: index) -> (index, index, index, index) {
  %s, %e, %ng, %nc = xmp.loop_split %w, (%lb to %ub step %st) on @t [1] grain 32
  %s2, %e2, %ng2, %nc2 = xmp.loop_split %w, (%ub to %lb step %st) on @u [0] grain 1
  xmp.host_acquire %a : !u_t
  xmp.host_acquire %b : !w_t
  xmp.split_commit %a dim 1 gpu [%lb, %s) cpu [%s, %e) : !u_t
  xmp.split_commit %b dim 0 gpu [%s2, %ng) cpu [%nc, %ub) : !w_t
  return %s, %e, %ng, %nc : index, index, index, index
}

// Lowering-level ops of asynchronous device loops: a result slot, its
// write and read, device scratch, and the timing of a GPU-only step.
// CHECK-LABEL: func.func @async_ops
// CHECK-SAME: (%[[X:[^:]+]]: f32, %[[N:[^:]+]]: index)
// CHECK-NEXT: %[[SLOT:.*]] = xmp.result_slot : memref<1xf32>
// CHECK-NEXT: %[[ISLOT:.*]] = xmp.result_slot : memref<1xi64>
// CHECK-NEXT: xmp.gpu_step_begin loop 3
// CHECK-NEXT: %[[SCR:.*]] = xmp.gpu_scratch %[[N]] : memref<?xf32>
// CHECK-NEXT: xmp.gpu_step_end loop 3 iterations %[[N]]
// CHECK-NEXT: xmp.result_write %[[X]], %[[SLOT]] : memref<1xf32>
// CHECK-NEXT: %[[V:.*]] = xmp.result_read %[[SLOT]] : memref<1xf32>
// CHECK-NEXT: %[[I:.*]] = xmp.result_read %[[ISLOT]] : memref<1xi64>
// CHECK-NEXT: xmp.gpu_step_begin loop -1
// CHECK-NEXT: xmp.gpu_step_end loop -1 iterations %[[N]]
// CHECK-NEXT: return %[[V]], %[[I]], %[[SCR]]
func.func @async_ops(%x: f32, %n: index) -> (f32, i64, memref<?xf32>) {
  %slot = xmp.result_slot : memref<1xf32>
  %islot = xmp.result_slot : memref<1xi64>
  xmp.gpu_step_begin loop 3
  %scr = xmp.gpu_scratch %n : memref<?xf32>
  xmp.gpu_step_end loop 3 iterations %n
  xmp.result_write %x, %slot : memref<1xf32>
  %v = xmp.result_read %slot : memref<1xf32>
  %i = xmp.result_read %islot : memref<1xi64>
  xmp.gpu_step_begin loop -1
  xmp.gpu_step_end loop -1 iterations %n
  return %v, %i, %scr : f32, i64, memref<?xf32>
}

// Lowering-level ops of split device loops: the weight of a step, the GPU
// part's event timer and the step's report.
// CHECK-LABEL: func.func @split_step_ops
// CHECK-NEXT: %[[W0:.*]] = xmp.loop_weight loop 0 fixed %[[F:[^ ]+]]
// CHECK-NEXT: %{{.*}} = xmp.loop_weight loop 1 auto %[[F]]
// CHECK-NEXT: %{{.*}} = xmp.loop_weight loop 2 current %[[F]]
// CHECK-NEXT: xmp.gpu_timer_start
// CHECK-NEXT: %[[T:.*]] = xmp.gpu_timer_stop
// CHECK-NEXT: xmp.loop_report loop 0 cpu %[[F]], %[[N:[^ ]+]] gpu %[[T]], %[[N]]{{$}}
// CHECK-NEXT: xmp.loop_report loop 0 cpu %[[F]], %[[N]] gpu %[[T]], %[[N]] on_host
func.func @split_step_ops(%f: f64, %n: index) -> f64 {
  %w0 = xmp.loop_weight loop 0 fixed %f
  %w1 = xmp.loop_weight loop 1 auto %f
  %w2 = xmp.loop_weight loop 2 current %f
  xmp.gpu_timer_start
  %t = xmp.gpu_timer_stop
  xmp.loop_report loop 0 cpu %f, %n gpu %t, %n
  xmp.loop_report loop 0 cpu %f, %n gpu %t, %n on_host
  return %w0 : f64
}

// A split loop's CPU part: a region over one chunk [lo, hi), started on the
// executor, and the wait for it.
// CHECK-LABEL: func.func @cpu_part
// CHECK-NEXT: %[[JOB:.*]] = xmp.cpu_part_start %[[S:[^ ]+]] to %[[E:[^ ]+]] grain %[[G:[^ ]+]] {
// CHECK-NEXT: ^bb0(%[[LO:[^:]+]]: index, %[[HI:[^:]+]]: index):
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[LO]]] : memref<?xf64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[T:.*]] = xmp.cpu_part_wait %[[JOB]]
// CHECK-NEXT: return %[[T]] : f64
func.func @cpu_part(%s: index, %e: index, %g: index, %buf: memref<?xf64>,
                    %x: f64) -> f64 {
  %job = xmp.cpu_part_start %s to %e grain %g {
  ^bb0(%lo: index, %hi: index):
    memref.store %x, %buf[%lo] : memref<?xf64>
    xmp.yield
  }
  %t = xmp.cpu_part_wait %job
  return %t : f64
}

// The 2-D form: rows [lo, hi) and the inner iterations [p0, p1) of piece k.
// CHECK-LABEL: func.func @cpu_part_inner
// CHECK-NEXT: %[[JOB:.*]] = xmp.cpu_part_start %{{[^ ]+}} to %{{[^ ]+}} grain %{{[^ ]+}} inner %{{[^ ]+}} pieces %{{[^ ]+}} {
// CHECK-NEXT: ^bb0(%{{[^:]+}}: index, %{{[^:]+}}: index, %[[P0:[^:]+]]: index, %{{[^:]+}}: index, %{{[^:]+}}: index):
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[P0]]] : memref<?xf64>
func.func @cpu_part_inner(%s: index, %e: index, %g: index, %n1: index,
                          %p: index, %buf: memref<?xf64>, %x: f64) -> f64 {
  %job = xmp.cpu_part_start %s to %e grain %g inner %n1 pieces %p {
  ^bb0(%lo: index, %hi: index, %p0: index, %p1: index, %k: index):
    memref.store %x, %buf[%p0] : memref<?xf64>
    xmp.yield
  }
  %t = xmp.cpu_part_wait %job
  return %t : f64
}

// CHECK-LABEL: func.func @on_host
// CHECK-NEXT: xmp.device_loop_on_host %{{.*}}
func.func @on_host(%t: f64) {
  xmp.device_loop_on_host %t
  return
}

// CHECK-LABEL: func.func @tasks
// CHECK: xmp.task on @p_row {
// CHECK:   xmp.reduction add %{{.*}} on @p_row : f64
// CHECK: xmp.task on @p [0, 1:2] {
// CHECK: xmp.task on @r [1::2, :] {
// CHECK: xmp.task on @t (%{{.*}}, %{{.*}}) {
func.func @tasks(%x: f64, %i: index) {
  xmp.task on @p_row {
    %s = xmp.reduction add %x on @p_row : f64
  }
  xmp.task on @p [0, 1:2] {
  }
  xmp.task on @r [1::2, 0:] {
  }
  xmp.task on @t (%i, %i) {
  }
  return
}

// The collective gmove executed by a node set (inside a task on it, or on a
// subset declared from it; outside tasks too), blocking and started, with
// memrefs, acc and the wait in the task.
// CHECK-LABEL: func.func @gmove_on
// CHECK: xmp.task on @p_row {
// CHECK-NEXT: xmp.gmove %{{.*}}[1, 0:64] to %{{.*}}[0:64] on @p_row : !darray{{.*}} to memref<64xf64>
// CHECK-NEXT: xmp.gmove %{{.*}}[0:64:2] to %{{.*}}[1, 0:32] on @p_row :
// CHECK-NEXT: xmp.gmove %{{.*}}[0:8, 0:64] to %{{.*}}[8:16, 0:64] on @p_row acc : !darray
// CHECK-NEXT: %[[GR:.*]] = xmp.gmove_start %{{.*}}[1, 0:64] to %{{.*}}[0:64] on @p_row :
// CHECK-NEXT: xmp.wait %[[GR]]
// CHECK: xmp.gmove %{{.*}}[0:8, 0:64] to %{{.*}}[0:8, 0:64] on @p :
func.func @gmove_on(%a: !u_t, %m: memref<64xf64>) {
  xmp.task on @p_row {
    xmp.gmove %a[1, 0:64] to %m[0:64] on @p_row : !u_t to memref<64xf64>
    xmp.gmove %m[0:64:2] to %a[1, 0:32] on @p_row : memref<64xf64> to !u_t
    xmp.gmove %a[0:8, 0:64] to %a[8:16, 0:64] on @p_row acc : !u_t to !u_t
    %r = xmp.gmove_start %a[1, 0:64] to %m[0:64] on @p_row : !u_t to memref<64xf64>
    xmp.wait %r
  }
  xmp.gmove %a[0:8, 0:64] to %a[0:8, 0:64] on @p : !u_t to !u_t
  return
}

// Node references with run-time coordinates, bounds and steps, mixed with
// constants (the run-time positions are SSA values).
// CHECK-LABEL: func.func @tasks_dynamic
// CHECK-SAME: (%[[K:[^:]+]]: index, %[[N:[^:]+]]: index, %[[S:[^:]+]]: index)
// CHECK: xmp.task on @p [%[[K]], :] {
// CHECK: xmp.task on @p [0, %[[K]]:%[[N]]] {
// CHECK: xmp.task on @r [%[[K]]:, 1:%[[N]]:%[[S]]] {
// CHECK: xmp.task on @r [%[[K]]::2, 0::%[[S]]] {
// CHECK: xmp.task on @r [%[[N]]:%[[K]]:%[[S]], %[[K]]] {
func.func @tasks_dynamic(%k: index, %n: index, %s: index) {
  xmp.task on @p [%k, :] {
  }
  xmp.task on @p [0, %k:%n] {
  }
  xmp.task on @r [%k:, 1:%n:%s] {
  }
  xmp.task on @r [%k::2, 0::%s] {
  }
  xmp.task on @r [%n:%k:%s, %k] {
  }
  return
}

// CHECK-LABEL: func.func @check_holds
// CHECK: xmp.check_holds %{{.*}}[%{{.*}}, %{{.*}}] name "u" at "prog.c:12:7" : !darray
// CHECK: xmp.check_holds %{{.*}}[%{{.*}}, %{{.*}}] name "u" at "prog.c:13:7" {index_base = array<i64: 1, 0>} : !darray
// CHECK: xmp.check_holds %{{.*}}[%{{.*}}, %{{.*}}] name "u" at "prog.c:14:7" base[%{{.*}}, %{{.*}}] : !darray
func.func @check_holds(%a: !u_t, %i: index, %j: index) {
  xmp.check_holds %a[%i, %j] name "u" at "prog.c:12:7" : !u_t
  xmp.check_holds %a[%i, %j] name "u" at "prog.c:13:7" {index_base = array<i64: 1, 0>} : !u_t
  xmp.check_holds %a[%i, %j] name "u" at "prog.c:14:7" base[%j, %i] : !u_t
  return
}

// CHECK-LABEL: func.func @array_inquiries
// CHECK: xmp.array_lsize %{{.*}}[1] : !darray
// CHECK: xmp.array_extent %{{.*}}[0] : !darray
// CHECK: xmp.array_gtol %{{.*}}[1] %{{.*}} : !darray
// CHECK: xmp.array_gsize %{{.*}}[0] : !darray
func.func @array_inquiries(%a: !u_t, %g: index) -> (index, index, index, index) {
  %n = xmp.array_lsize %a [1] : !u_t
  %e = xmp.array_extent %a [0] : !u_t
  %l = xmp.array_gtol %a [1] %g : !u_t
  %s = xmp.array_gsize %a [0] : !u_t
  return %n, %e, %l, %s : index, index, index, index
}

// CHECK-LABEL: func.func @nodes_comm
// CHECK: xmp.nodes_comm @p_row
func.func @nodes_comm() -> i32 {
  %c = xmp.nodes_comm @p_row
  return %c : i32
}

// CHECK-LABEL: func.func @async_collectives
// CHECK: %[[R:.*]] = xmp.reduction_start add %{{.*}} on @p [1] : memref<4xf64>
// CHECK: %[[B:.*]] = xmp.bcast_start %{{.*}} from [0, 1] on @p : memref<4xf64>
// CHECK: xmp.wait %[[B]]
// CHECK: xmp.wait %[[R]]
func.func @async_collectives(%m: memref<4xf64>, %n: memref<4xf64>) {
  %r = xmp.reduction_start add %m on @p [1] : memref<4xf64>
  %b = xmp.bcast_start %n from [0, 1] on @p : memref<4xf64>
  xmp.wait %b
  xmp.wait %r
  return
}

// Scalars (the value comes back at the wait) and darrays, started.
// CHECK-LABEL: func.func @async_scalar_darray
// CHECK: %[[S:.*]] = xmp.reduction_start max %{{.*}} on @p [1] : f64
// CHECK: %[[I:.*]] = xmp.reduction_start xor %{{.*}} on @p : i32
// CHECK: %[[D:.*]] = xmp.reduction_start add %{{.*}} on @p [0] : !darray
// CHECK: %[[E:.*]] = xmp.reduction_start min %{{.*}} on @p [0] acc : !darray
// CHECK: %{{.*}} = xmp.wait %[[S]] : f64
// CHECK: xmp.wait %[[D]]{{$}}
// CHECK: xmp.wait %[[E]]{{$}}
// CHECK: %{{.*}} = xmp.wait %[[I]] : i32
// CHECK: %[[B:.*]] = xmp.bcast_start %{{.*}} from [1, 0] on @p : f64
// CHECK: %{{.*}} = xmp.wait %[[B]] : f64
func.func @async_scalar_darray(%x: f64, %k: i32, %a: !x_t) -> (f64, i32, f64) {
  %s = xmp.reduction_start max %x on @p [1] : f64
  %i = xmp.reduction_start xor %k on @p : i32
  %d = xmp.reduction_start add %a on @p [0] : !x_t
  %e = xmp.reduction_start min %a on @p [0] acc : !x_t
  %y = xmp.wait %s : f64
  xmp.wait %d
  xmp.wait %e
  %j = xmp.wait %i : i32
  %b = xmp.bcast_start %x from [1, 0] on @p : f64
  %z = xmp.wait %b : f64
// CHECK: xmp.bcast_start %{{.*}} from [1] on @p [0] : f64
  %ba = xmp.bcast_start %x from [1] on @p [0] : f64
  %xa = xmp.wait %ba : f64
  return %y, %j, %z : f64, i32, f64
}

// xmp.test (XMP's xmp_test_async) on every kind of request: an i1, never
// blocking; the wait is still there. Inside a loop and a task, repeated.
// CHECK-LABEL: func.func @async_test
// CHECK: %[[R:.*]] = xmp.reduction_start add
// CHECK-NEXT: %[[T0:.*]] = xmp.test %[[R]]{{$}}
// CHECK-NEXT: %{{.*}} = xmp.test %[[R]]{{$}}
// CHECK: %[[S:.*]] = xmp.reduction_start max %{{.*}} : f64
// CHECK: %[[B:.*]] = xmp.bcast_start
// CHECK: %[[G:.*]] = xmp.gmove_start %
// CHECK: %[[O:.*]] = xmp.gmove_start in
// CHECK: scf.while
// CHECK: %[[T1:.*]] = xmp.test %[[S]]{{$}}
// CHECK: xmp.task on @p_row {
// CHECK-NEXT: xmp.test %[[G]]{{$}}
// CHECK: xmp.test %[[B]]
// CHECK: xmp.test %[[O]]
func.func @async_test(%m: memref<4xf64>, %x: f64, %a: !u_t, %xa: !x_t)
    -> (i1, i1, i1) {
  %r = xmp.reduction_start add %m on @p [1] : memref<4xf64>
  %t0 = xmp.test %r
  %t1 = xmp.test %r
  %s = xmp.reduction_start max %x on @p : f64
  %b = xmp.bcast_start %m from [0, 1] on @p : memref<4xf64>
  %g = xmp.gmove_start %a[0:64:1, 5] to %xa[0, 0:64] : !u_t to !x_t
  %o = xmp.gmove_start in %a[0:64:1, 5] to %xa[0, 0:64] : !u_t to !x_t
  %true = arith.constant true
  scf.while : () -> () {
    %d = xmp.test %s
    %go = arith.xori %d, %true : i1
    scf.condition(%go)
  } do {
    scf.yield
  }
  xmp.task on @p_row {
    %tg = xmp.test %g
  }
  %tb = xmp.test %b
  %to = xmp.test %o
  xmp.wait %r
  %y = xmp.wait %s : f64
  xmp.wait %b
  xmp.wait %g
  xmp.wait %o
  return %t0, %tb, %to : i1, i1, i1
}

// XMP's async ids: starts handed to an id inside an if and a loop, a
// scalar's value stored into a memref, a reflect's token; the id's test
// and wait after them.
// CHECK-LABEL: func.func @async_ids
// CHECK: %[[R:.*]] = xmp.reduction_start add
// CHECK: xmp.async_register %[[R]], %[[ID:.*]] : !xmp.request
// CHECK: %[[S:.*]] = xmp.reduction_start max %{{.*}} on @p : f64
// CHECK-NEXT: xmp.async_register %[[S]], %[[ID]] into %{{.*}} : !xmp.request, memref<f64>
// CHECK: %[[T:.*]] = xmp.reflect_start
// CHECK-NEXT: xmp.async_register %[[T]], %[[ID]] : !xmp.token
// CHECK: %{{.*}} = xmp.test_async %[[ID]]
// CHECK-NEXT: xmp.wait_async %[[ID]]
func.func @async_ids(%c: i1, %m: memref<4xf64>, %x: f64, %xm: memref<f64>,
                     %plan: !xmp.reflect_plan, %id: i64) -> i1 {
  scf.if %c {
    %r = xmp.reduction_start add %m on @p [1] : memref<4xf64>
    %t = xmp.test %r
    xmp.async_register %r, %id : !xmp.request
  }
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %c2 step %c1 {
    %s = xmp.reduction_start max %x on @p : f64
    xmp.async_register %s, %id into %xm : !xmp.request, memref<f64>
  }
  %tok = xmp.reflect_start %plan
  xmp.async_register %tok, %id : !xmp.token
  %done = xmp.test_async %id
  xmp.wait_async %id
  return %done : i1
}
