// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true --xmp-to-gpu="remarks=true index32=false align-rows=false" -verify-diagnostics | FileCheck %s
// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true --xmp-to-gpu="sweep=false index32=false align-rows=false" | FileCheck %s --check-prefix=OFF
// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true --xmp-to-gpu="sweep-unroll=2 index32=false align-rows=false" | FileCheck %s --check-prefix=UNROLL2

// Plane sweep (xmp-to-gpu): a 3-D device loop whose body reads %p at
// i-1, i, i+1 (the same j, k) and at j+-1, stores only to %q: the kernel
// maps k on x and j on y (32x8 blocks), the chunks of i on z (their count
// from xmprt_gpu_sweep_chunks), and each thread walks its chunk of i in an
// scf.for whose iteration arguments hold p[i-1] and p[i] (loaded once
// before the loop); each iteration loads p[i+1] only, then p[i][j-1],
// p[i][j+1] (no reuse: another group each), and stores q.
xmp.nodes @n(shape = 1x1)
xmp.template @t(shape = 34x34x34)
xmp.distribute @t onto @n [block, block, *]
!p_t = !xmp.darray<34x34x34xf32, @t, align [0, 1, 2], shadow [1:1, 1:1, 0:0]>
!q_t = !xmp.darray<34x34x34xf32, @t, align [0, 1, 2]>
// CHECK-LABEL: func.func @stencil3d
// CHECK: %[[P:.*]] = xmp.device_acquire %{{.*}} access(read)
// CHECK: %[[Q:.*]] = xmp.device_acquire %{{.*}} access(write)
// CHECK: %[[CH:.*]] = {{(func\.)?}}call @xmprt_gpu_sweep_chunks(
// CHECK: %[[NCH:.*]] = arith.index_cast %[[CH]] : i64 to index
// CHECK: gpu.launch async [%{{[^]]+}}] blocks(%{{[^,]+}}, %{{[^,]+}}, %[[BZ:[^)]+]]) in (%{{[^ ]+}} = %{{[^,]+}}, %{{[^ ]+}} = %{{[^,]+}}, %{{[^ ]+}} = %[[NCH]]) threads({{.*}}) in (%{{[^ ]+}} = %c32{{[_0-9]*}}, %{{[^ ]+}} = %c8{{[_0-9]*}}, %{{[^ ]+}} = %c1{{[_0-9]*}})
// CHECK: %[[KP:.*]] = memref.reinterpret_cast %[[P]]
// CHECK: scf.if
// CHECK: %[[W0:.*]] = memref.load %[[KP]]
// CHECK: %[[W1:.*]] = memref.load %[[KP]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:[^ ]+]] = %[[W0]], %[[A1:[^ ]+]] = %[[W1]]) -> (f32, f32) {
// CHECK: %[[FRESH:.*]] = memref.load %[[KP]]
// CHECK: memref.load %[[KP]]
// CHECK: memref.load %[[KP]]
// CHECK-NOT: memref.load %[[KP]]
// CHECK: memref.store
// CHECK: scf.yield %[[A1]], %[[FRESH]] : f32, f32
// CHECK-NEXT: }{{$}}
// CHECK-NOT: llvm.loop_annotation
// CHECK: return
// The default unroll count is 1 (measured: docs/pipeline.md); another
// count is asked of LLVM on the swept loop.
// UNROLL2-LABEL: func.func @stencil3d
// UNROLL2: scf.yield
// UNROLL2-NEXT: } {llvm.loop_annotation = #{{.*}}}
// UNROLL2: return
// OFF-LABEL: func.func @stencil3d
// OFF-NOT: xmprt_gpu_sweep_chunks
// OFF-NOT: iter_args
// OFF: gpu.terminator
func.func @stencil3d(%q: !q_t) {
  %p = xmp.alloc : !p_t
  %c1 = arith.constant 1 : index
  %c33 = arith.constant 33 : index
  // expected-remark @+1 {{plane sweep along dimension 0: 3 loads of 1 array group(s) per iteration become 1 (2 values kept in registers)}}
  xmp.device_loop (%i, %j, %k) = (%c1, %c1, %c1) to (%c33, %c33, %c33) step (%c1, %c1, %c1) on @t [0, 1, 2] {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %a = xmp.load %p[%im, %j, %k] : !p_t
    %b = xmp.load %p[%i, %j, %k] : !p_t
    %c = xmp.load %p[%ip, %j, %k] : !p_t
    %d = xmp.load %p[%i, %jm, %k] : !p_t
    %e = xmp.load %p[%i, %jp, %k] : !p_t
    %s1 = arith.addf %a, %b : f32
    %s2 = arith.addf %s1, %c : f32
    %s3 = arith.addf %s2, %d : f32
    %s4 = arith.addf %s3, %e : f32
    xmp.store %s4, %q[%i, %j, %k] : !q_t
  }
  return
}

// -----

// A 2-D loop (Laplace): j on x (256 threads), chunks of i on y; the
// reduction is accumulated per thread over its chunk, then over the block.
xmp.nodes @n(shape = 1)
xmp.template @t(shape = 66x66)
xmp.distribute @t onto @n [block, *]
!u_t = !xmp.darray<66x66xf64, @t, align [0, 1], shadow [1:1, 0:0]>
// CHECK-LABEL: func.func @laplace
// CHECK: {{(func\.)?}}call @xmprt_gpu_sweep_chunks(
// CHECK: gpu.launch async {{.*}} threads({{.*}}) in (%{{[^ ]+}} = %c256{{[_0-9]*}}, %{{[^ ]+}} = %c1{{[_0-9]*}}, %{{[^ ]+}} = %c1{{[_0-9]*}})
// CHECK: scf.for {{.*}} iter_args(%{{[^ ]+}} = %{{[^,]+}}, %{{[^ ]+}} = %{{[^,]+}}, %[[ACC:[^ ]+]] = %{{[^)]+}}) -> (f64, f64, f64)
// CHECK: arith.addf %[[ACC]],
// CHECK: gpu.all_reduce add
func.func @laplace(%v: !u_t) -> f64 {
  %u = xmp.alloc : !u_t
  %c1 = arith.constant 1 : index
  %c65 = arith.constant 65 : index
  %z = arith.constant 0.0 : f64
  // expected-remark @+1 {{plane sweep along dimension 0: 2 loads of 1 array group(s) per iteration become 1 (2 values kept in registers)}}
  %r = xmp.device_loop (%i, %j) = (%c1, %c1) to (%c65, %c65) step (%c1, %c1) on @t [0, 1] reduce(add) init(%z) -> f64 {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %a = xmp.load %u[%im, %j] : !u_t
    %b = xmp.load %u[%ip, %j] : !u_t
    %s = arith.addf %a, %b : f64
    xmp.store %s, %v[%i, %j] : !u_t
    xmp.yield %s : f64
  }
  return %r : f64
}

// -----

// Where it must not apply (no remark, one point per thread): the loop
// stores to the array it reads at several offsets; the array it reads may
// be the one it stores to (two function arguments); the offsets along i
// are not constants; a block_size is given; i is not the walking index of
// the loads (only j varies).
xmp.nodes @n(shape = 1)
xmp.template @t(shape = 66x66)
xmp.distribute @t onto @n [block, *]
!u_t = !xmp.darray<66x66xf64, @t, align [0, 1], shadow [1:1, 0:0]>
// CHECK-LABEL: func.func @stored
// CHECK-NOT: xmprt_gpu_sweep_chunks
// CHECK-LABEL: func.func @aliasing
// CHECK-NOT: xmprt_gpu_sweep_chunks
// CHECK-LABEL: func.func @variable_offset
// CHECK-NOT: xmprt_gpu_sweep_chunks
// CHECK-LABEL: func.func @block_size
// CHECK-NOT: xmprt_gpu_sweep_chunks
// CHECK-LABEL: func.func @along_j
// CHECK-NOT: xmprt_gpu_sweep_chunks
// CHECK: return
func.func @stored() {
  %u = xmp.alloc : !u_t
  %c1 = arith.constant 1 : index
  %c65 = arith.constant 65 : index
  xmp.device_loop (%i, %j) = (%c1, %c1) to (%c65, %c65) step (%c1, %c1) on @t [0, 1] {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %a = xmp.load %u[%im, %j] : !u_t
    %b = xmp.load %u[%ip, %j] : !u_t
    %s = arith.addf %a, %b : f64
    xmp.store %s, %u[%i, %j] : !u_t
  }
  return
}
func.func @aliasing(%u: !u_t, %v: !u_t) {
  %c1 = arith.constant 1 : index
  %c65 = arith.constant 65 : index
  xmp.device_loop (%i, %j) = (%c1, %c1) to (%c65, %c65) step (%c1, %c1) on @t [0, 1] {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %a = xmp.load %u[%im, %j] : !u_t
    %b = xmp.load %u[%ip, %j] : !u_t
    %s = arith.addf %a, %b : f64
    xmp.store %s, %v[%i, %j] : !u_t
  }
  return
}
func.func @variable_offset(%v: !u_t, %m: index) {
  %u = xmp.alloc : !u_t
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  xmp.device_loop (%i, %j) = (%c1, %c1) to (%c32, %c32) step (%c1, %c1) on @t [0, 1] {
    %im = arith.addi %i, %m : index
    %i2 = arith.muli %i, %c2 : index
    %a = xmp.load %u[%im, %j] : !u_t
    %b = xmp.load %u[%i, %j] : !u_t
    %c = xmp.load %u[%i2, %j] : !u_t
    %s = arith.addf %a, %b : f64
    %t = arith.addf %s, %c : f64
    xmp.store %t, %v[%i, %j] : !u_t
  }
  return
}
func.func @block_size(%v: !u_t) {
  %u = xmp.alloc : !u_t
  %c1 = arith.constant 1 : index
  %c65 = arith.constant 65 : index
  xmp.device_loop (%i, %j) = (%c1, %c1) to (%c65, %c65) step (%c1, %c1) on @t [0, 1] block_size [64, 4] {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %a = xmp.load %u[%im, %j] : !u_t
    %b = xmp.load %u[%ip, %j] : !u_t
    %s = arith.addf %a, %b : f64
    xmp.store %s, %v[%i, %j] : !u_t
  }
  return
}
func.func @along_j(%v: !u_t) {
  %u = xmp.alloc : !u_t
  %c1 = arith.constant 1 : index
  %c65 = arith.constant 65 : index
  xmp.device_loop (%i, %j) = (%c1, %c1) to (%c65, %c65) step (%c1, %c1) on @t [0, 1] {
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %a = xmp.load %u[%i, %jm] : !u_t
    %b = xmp.load %u[%i, %jp] : !u_t
    %s = arith.addf %a, %b : f64
    xmp.store %s, %v[%i, %j] : !u_t
  }
  return
}
