// RUN: xmp-opt %s -split-input-file --xmp-to-runtime | FileCheck %s

// A module that reads device-loop step times (xmp.gpu_time, xmp.cpu_time,
// or the runtime functions called directly) tells the runtime in its
// initializer, so that steps run all on the GPU are timed; other modules do
// not, and those steps record no events.

xmp.nodes @p(shape = ?)
// CHECK-LABEL: func.func private @__xmp_module_init()
// CHECK-NOT: {{^ *}}return
// CHECK: call @xmprt_step_times_used() : () -> ()
func.func @main() {
  %t = xmp.gpu_time : f64
  return
}

// -----

// Without grids or templates there is no initializer: main tells.
// CHECK-LABEL: func.func @main() {
// CHECK-NOT: {{^ *}}return
// CHECK: call @xmprt_step_times_used() : () -> ()
func.func @main() {
  %t = xmp.cpu_time : f64
  return
}

// -----

// A library module (no main): its public initializer does the same.
xmp.nodes @p(shape = ?)
// CHECK-LABEL: func.func @xmp_module_init()
// CHECK-NOT: {{^ *}}return
// CHECK: call @xmprt_step_times_used() : () -> ()
func.func private @xmprt_gpu_time() -> f64
func.func @lib() -> f64 {
  %t = func.call @xmprt_gpu_time() : () -> f64
  return %t : f64
}

// -----

xmp.nodes @p(shape = ?)
// CHECK-LABEL: func.func private @__xmp_module_init()
// CHECK-NOT: xmprt_step_times_used
// CHECK: return
func.func @main() {
  %w = arith.constant 0.5 : f64
  xmp.reset_weight %w : f64
  return
}
