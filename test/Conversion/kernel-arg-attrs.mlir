// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true --xmp-to-gpu="index32=false sweep=false" | FileCheck %s --check-prefix=MARK
// RUN: xmp-opt %s -split-input-file --xmp-lower-distribution=gpu=true --xmp-to-gpu="index32=false sweep=false noalias=false" | FileCheck %s --check-prefix=OFF
// RUN: xmp-opt %s -split-input-file --pass-pipeline='builtin.module(xmp-lower-to-llvm{gpu=true gpu-format=isa})' | FileCheck %s --check-prefix=PTX

// xmp-to-gpu marks the uses of a captured device view, inside the launch,
// with what it proved: %p (allocated here, only read) "readonly", %q
// (allocated here, written) "noalias". The whole pipeline turns them into
// llvm.noalias on the kernel's aligned pointers, and LLVM loads %p through
// the non-coherent cache.
xmp.nodes @n(shape = 1)
xmp.template @t(shape = 64)
xmp.distribute @t onto @n [block]
!a_t = !xmp.darray<64xf32, @t, align [0]>
// MARK-LABEL: func.func @distinct
// MARK: gpu.launch
// MARK-DAG: memref.reinterpret_cast %{{.*}} {xmp.kernel_arg = "readonly"}
// MARK-DAG: memref.reinterpret_cast %{{.*}} {xmp.kernel_arg = "noalias"}
// MARK: gpu.terminator
// OFF-LABEL: func.func @distinct
// OFF-NOT: xmp.kernel_arg
// PTX: .entry distinct_loop0(
// PTX: ld.global.nc.b32
func.func @distinct() {
  %p = xmp.alloc : !a_t
  %q = xmp.alloc : !a_t
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %v = xmp.load %p[%i] : !a_t
    %w = arith.addf %v, %v : f32
    xmp.store %w, %q[%i] : !a_t
  }
  return
}

// -----

// Two darrays that arrive as arguments may be the same array: with one of
// them written, neither is marked (and the kernel's loads stay coherent).
xmp.nodes @n(shape = 1)
xmp.template @t(shape = 64)
xmp.distribute @t onto @n [block]
!a_t = !xmp.darray<64xf32, @t, align [0]>
// MARK-LABEL: func.func @maybe_same
// MARK-NOT: xmp.kernel_arg
// MARK: return
// PTX: .entry maybe_same_loop0(
// PTX-NOT: ld.global.nc
// PTX: .entry maybe_same_loop0_part(
func.func @maybe_same(%p: !a_t, %q: !a_t) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %v = xmp.load %p[%i] : !a_t
    xmp.store %v, %q[%i] : !a_t
  }
  return
}

// -----

// One array read and written in place through one view: "noalias" (no
// other pointer reaches it); two arguments that are only read: both
// "readonly" (aliasing between arrays that nobody writes is harmless).
xmp.nodes @n(shape = 1)
xmp.template @t(shape = 64)
xmp.distribute @t onto @n [block]
!a_t = !xmp.darray<64xf32, @t, align [0]>
// MARK-LABEL: func.func @in_place
// MARK: gpu.launch
// MARK-DAG: memref.reinterpret_cast %{{.*}} {xmp.kernel_arg = "noalias"}
// MARK-DAG: memref.reinterpret_cast %{{.*}} {xmp.kernel_arg = "readonly"}
// MARK-DAG: memref.reinterpret_cast %{{.*}} {xmp.kernel_arg = "readonly"}
// MARK: gpu.terminator
// PTX: .entry in_place_loop0(
// PTX: ld.global.nc.b32
// PTX: ld.global.nc.b32
// PTX-NOT: ld.global.nc
// PTX: ld.global.b32
// PTX: .entry in_place_loop0_part(
func.func @in_place(%a: !a_t, %b: !a_t) {
  %p = xmp.alloc : !a_t
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  xmp.device_loop (%i) = (%c0) to (%c64) step (%c1) on @t [0] {
    %x = xmp.load %a[%i] : !a_t
    %y = xmp.load %b[%i] : !a_t
    %v = xmp.load %p[%i] : !a_t
    %s = arith.addf %x, %y : f32
    %w = arith.addf %v, %s : f32
    xmp.store %w, %p[%i] : !a_t
  }
  return
}
