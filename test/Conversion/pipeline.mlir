// The registered pipeline takes xmp to the LLVM dialect only, and the
// result translates to LLVM IR.
// RUN: xmp-opt %s --xmp-lower-to-llvm | FileCheck %s --check-prefix=LLVMDIALECT
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{overlap-halo=false})' | FileCheck %s --check-prefix=NOOVERLAP
// RUN: xmp-opt %s --xmp-lower-to-llvm | xmp-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// The channel options reach xmp-select-channels (defaults: hybrid without a
// profile, the runtime decides: auto; the thesis's rule: block -> ib).
// RUN: xmp-opt %s --xmp-lower-to-llvm --mlir-print-ir-after=xmp-select-channels -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHAN-DEFAULT
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{channel-policy=threshold})' --mlir-print-ir-after=xmp-select-channels -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHAN-THRESHOLD
// RUN: xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{channel-policy=tca subcluster-size=2})' --mlir-print-ir-after=xmp-select-channels -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHAN-TCA
// RUN: not xmp-opt %s --pass-pipeline='builtin.module(xmp-lower-to-llvm{channel-profile=%t.missing.json})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHAN-PROFILE
// CHAN-DEFAULT: xmp.reflect %{{.*}} channels [auto]
// CHAN-THRESHOLD: xmp.reflect %{{.*}} channels [ib]
// CHAN-TCA: xmp.reflect %{{.*}} channels [tca]
// CHAN-PROFILE: xmp-select-channels: bad profile '{{.*}}.missing.json'

xmp.nodes @p(shape = ?)
xmp.template @t(shape = 100)
xmp.distribute @t onto @p [gblock([100])]
!a = !xmp.darray<100xi32, @t, align [0], shadow [2:1]>

// LLVMDIALECT-NOT: xmp.
// LLVMDIALECT-NOT: scf.
// LLVMDIALECT-NOT: memref.
// LLVMDIALECT: llvm.func @main() -> i32
// LLVMDIALECT: llvm.call @xmprt_init
// The reflect is hidden behind the loop that reads the halos
// (xmp-overlap-halo); overlap-halo=false keeps it whole.
// LLVMDIALECT: llvm.call @xmprt_reflect_start
// LLVMDIALECT: llvm.call @xmprt_reflect_wait
// LLVMDIALECT: llvm.call @xmprt_finalize
// NOOVERLAP-NOT: xmprt_reflect_start
// NOOVERLAP: llvm.call @xmprt_reflect_do
// NOOVERLAP-NOT: xmprt_reflect_start

// LLVMIR: define i32 @main()
// LLVMIR: call void @xmprt_init(ptr null, ptr null)
// LLVMIR: call void @xmprt_reduce(
func.func private @use(i32)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0 : i32
  %a = xmp.alloc : !a
  xmp.loop (%i) = (%c0) to (%c100) step (%c1) on @t [0] {
    %v = arith.index_cast %i : index to i32
    xmp.store %v, %a[%i] : !a
  }
  xmp.reflect %a : !a
  %s = xmp.loop (%i) = (%c0) to (%c100) step (%c1) on @t [0] reduce(add) init(%zero) -> i32 {
    %v = xmp.load %a[%i] : !a
    xmp.yield %v : i32
  }
  func.call @use(%s) : (i32) -> ()
  xmp.dealloc %a : !a
  return
}
