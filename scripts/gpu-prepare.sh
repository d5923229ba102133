#!/usr/bin/env bash
# Prepares what the GPU machine needs (it has CUDA, cmake, ninja, Open MPI
# and python3, but no MLIR): compiles the GPU programs here with
# `xmpcc --gpu --emit=obj` into .gpu-carry/obj/ (x86-64-v3 host code, sm_90
# fatbin with PTX), plus the CPU builds of the same programs for comparison,
# and copies GoogleTest's sources for the runtime tests. Then, with the
# device tool: run `bash scripts/gpu-tests.sh` with carry [".gpu-carry"].
#   scripts/gpu-prepare.sh                       # tests only
#   scripts/gpu-prepare.sh --bench               # also the benchmark sizes
#   scripts/gpu-prepare.sh --bench --before DIR  # and the benchmark programs
#       of another checkout DIR (built in DIR/build), with its sources, for a
#       before/after comparison in one run (scripts/gpu-before.sh there)
#   ... --variant NAME OPTS  # (repeatable) the benchmark programs compiled
#       with --pipeline=OPTS, for benchmarks/gpu_variants.sh
#   scripts/gpu-prepare.sh --starpu              # also this machine's StarPU
#       1.3 (Debian's shared libraries, their non-glibc dependencies from
#       ldd, headers with hwloc's, a relocatable starpu-1.3.pc and pkgconf)
#       in .gpu-carry/starpu/, for scripts/gpu-starpu.sh there (gpu-session
#       step worksharing-starpu)
#   scripts/gpu-prepare.sh --himeno-cpu          # also Himeno S on the CPU
#       path (examples/himeno.mlir at 65x65x129, grid ?x? and static 1x1)
#       and its C reference built by clang -O3 here, each for x86-64-v3
#       and x86-64-v4, in .gpu-carry/himeno_cpu/, for
#       benchmarks/himeno_cpu_carried.sh there (gpu-session step himeno-cpu)
#   scripts/gpu-prepare.sh --npb-cg              # also NPB CG on the CPU
#       path (examples/npb_cg.mlir, one binary for every class) as an
#       x86-64-v3 object in .gpu-carry/npb_cg/, for benchmarks/npb_cg_cpu.sh
#       there (gpu-session step npb-cg-cpu; benchmarks/npb_cg_gpu.sh adds
#       it to its CPU columns when present). NPB CG on GPUs
#       (examples/npb_cg_gpu.mlir) is always compiled (obj/npb_cg_gpu.gpu.o):
#       tests, and benchmarks/npb_cg_gpu.sh (gpu-session step npb-cg-gpu)
# (gpu-session.sh's collectives step needs nothing from here: the benchmark
# is built from source there with the runtime; the googletest copy only
# lets that build share build-gpu/ with gpu-tests.sh.)
# The C examples (examples/laplace2d.c, himeno.c) are compiled too, with
# --gpu and without (tests), and with --bench at the benchmark sizes for
# benchmarks/frontend_gpu.sh (docs/frontend.md).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${XMP_BUILD_DIR:-$root/build}"
carry="$root/.gpu-carry"
bench=0; before=""; variants=(); starpu=0; himeno_cpu=0; npb_cg=0
while [ $# -gt 0 ]; do
  case "$1" in
    --bench) bench=1 ;;
    --before) before="$2"; shift ;;
    --variant) variants+=("$2" "$3"); shift 2 ;;
    --starpu) starpu=1 ;;
    --himeno-cpu) himeno_cpu=1 ;;
    --npb-cg) npb_cg=1 ;;
    *) echo "gpu-prepare: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
# (.gpu-carry/ is in .gitignore: the device tool carries it as an ignored
# path, and git never sees it.)
rm -rf "$carry/obj" "$carry/src" "$carry/googletest" "$carry/before" "$carry/variants" \
  "$carry/himeno_cpu" "$carry/npb_cg"
mkdir -p "$carry/obj" "$carry/src"
# The commit the carried programs were built from (-dirty: with uncommitted
# changes); the device's copy of the tree may not carry git's view of it.
{ git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown; } | tr -d '\n' > "$carry/rev"
git -C "$root" diff --quiet HEAD 2>/dev/null || printf -- '-dirty' >> "$carry/rev"
echo >> "$carry/rev"
cc() { "$build/bin/xmpcc" -O3 --march=x86-64-v3 --emit=obj "$@"; }

# Tests: every GPU example on the GPU, and the CPU build of each
# (npb_cg_gpu's GPU object also serves benchmarks/npb_cg_gpu.sh).
for p in laplace2d_gpu himeno_gpu nbody matmul matmul_dev npb_cg_gpu; do
  echo "gpu-prepare: $p"
  cc --gpu "$root/examples/$p.mlir" -o "$carry/obj/$p.gpu.o"
  cc "$root/examples/$p.mlir" -o "$carry/obj/$p.cpu.o"
done
cc --gpu "$root/test/Integration/Inputs/ops.mlir" -o "$carry/obj/ops.gpu.o"
cc --gpu "$root/test/Integration/Inputs/bigrid.mlir" -o "$carry/obj/bigrid.gpu.o"
cc --gpu "$root/test/Integration/Inputs/expand.mlir" -o "$carry/obj/expand.gpu.o"
cc "$root/test/Integration/Inputs/ops.mlir" -o "$carry/obj/ops.cpu.o"
# The thesis programs in C (examples/laplace2d.c, himeno.c through
# xmp-cfront: their OpenACC mapped with --gpu; the XMP-dev nbody.c): the GPU
# and the CPU build,
# run by gpu-tests.sh against the references and the .mlir GPU builds.
if [ -x "$build/bin/xmp-cfront" ]; then
  for p in laplace2d himeno nbody; do
    echo "gpu-prepare: $p.c"
    cc --gpu "$root/examples/$p.c" -o "$carry/obj/${p}_c.gpu.o"
    cc "$root/examples/$p.c" -o "$carry/obj/${p}_c.cpu.o"
  done
  # Front-end test programs with --gpu (figure 3.4's XMP-dev and 3.5's
  # XACC make device ops, the figures with `nodes p(*)`; rest.c has no
  # acc construct: its GPU build runs its async reflects, expand/margin
  # loops and reduce_shadows on the host with the CUDA runtime;
  # devweight.c's device loops have weight clauses): run by gpu-tests.sh
  # against their CPU builds.
  for p in fig34 fig35 rest devweight; do
    echo "gpu-prepare: test/Frontend/Inputs/$p.c"
    cc --gpu '-DNODES=*' "$root/test/Frontend/Inputs/$p.c" -o "$carry/obj/${p}_c.gpu.o"
    cc '-DNODES=*' "$root/test/Frontend/Inputs/$p.c" -o "$carry/obj/${p}_c.cpu.o"
  done
else
  echo "gpu-prepare: no xmp-cfront in $build: the C examples are left out" >&2
fi
for p in tasks array_inquiry async block_n; do # self-checking programs
  cc --gpu "$root/test/Integration/Inputs/$p.mlir" -o "$carry/obj/$p.gpu.o"
  cc "$root/test/Integration/Inputs/$p.mlir" -o "$carry/obj/$p.cpu.o"
done
for p in margin gmove_async; do # checked against their C references
  cc --gpu "$root/test/Integration/Inputs/$p.mlir" -o "$carry/obj/$p.gpu.o"
  cc "$root/test/Integration/Inputs/$p.mlir" -o "$carry/obj/$p.cpu.o"
done
# The parity suite (test/Integration/Inputs/parity, run by gpu-parity.sh):
# the GPU and the CPU build of every program.
mkdir -p "$carry/obj/parity"
for src in "$root"/test/Integration/Inputs/parity/*.mlir; do
  n="$(basename "${src%.mlir}")"
  echo "gpu-prepare: parity/$n"
  cc --gpu "$src" -o "$carry/obj/parity/$n.gpu.o"
  cc "$src" -o "$carry/obj/parity/$n.cpu.o"
done

if [ "$bench" = 1 ]; then
  # Laplace 8192 x 8192 and Himeno M / L; work sharing
  # (benchmarks/worksharing_bench.sh): N-body with a busy GPU (N = 32768),
  # a mid size (N = 4096) and a tiny one (N = 1001, the example); the 2-D
  # matrix product at N = 1024 and 256. Each is compiled for its size
  # (benchmarks/sizes.sh: xmpcc --specialize) and run with it.
  . "$root/benchmarks/sizes.sh"
  for p in nbody_32k nbody_4k matmul_dev_1k matmul_dev_256; do
    echo "gpu-prepare: $p"
    cc --gpu --specialize="$(bench_spec $p)" "$root/$(bench_src $p)" -o "$carry/obj/$p.gpu.o"
  done
  for p in laplace2d_gpu_8k himeno_gpu_m himeno_gpu_l; do
    echo "gpu-prepare: $p"
    cc --gpu --specialize="$(bench_spec $p)" "$root/$(bench_src $p)" -o "$carry/obj/$p.gpu.o"
  done
  # The C listings at the same sizes (benchmarks/frontend_gpu.sh): sizes
  # by macro, static like the --specialize builds above.
  if [ -x "$build/bin/xmp-cfront" ]; then
    echo "gpu-prepare: laplace2d_c_8k himeno_c_m himeno_c_l nbody_c_4k"
    cc --gpu -DN=4096 "$root/examples/nbody.c" -o "$carry/obj/nbody_c_4k.gpu.o"
    # benchmarks/experiments/hoist_loads.sh: with and without
    # xmp-kernel-hoist-loads.
    cc --gpu -DN=32768 "$root/examples/nbody.c" -o "$carry/obj/nbody_c_32k.gpu.o"
    cc --gpu --pipeline=hoist-loads=false -DN=4096 "$root/examples/nbody.c" -o "$carry/obj/nbody_c_4k_nohoist.gpu.o"
    cc --gpu --pipeline=hoist-loads=false -DN=32768 "$root/examples/nbody.c" -o "$carry/obj/nbody_c_32k_nohoist.gpu.o"
    cc --gpu -DXSIZE=8192 -DYSIZE=8192 "$root/examples/laplace2d.c" -o "$carry/obj/laplace2d_c_8k.gpu.o"
    cc --gpu -DMIDDLE "$root/examples/himeno.c" -o "$carry/obj/himeno_c_m.gpu.o"
    cc --gpu -DLARGE "$root/examples/himeno.c" -o "$carry/obj/himeno_c_l.gpu.o"
    # benchmarks/experiments/hoist_cluster.sh: without hoist-loads'
    # cluster (on by default since session 37), to compare kernel by kernel.
    nc=--pipeline=hoist-loads-cluster=false
    cc --gpu $nc -DMIDDLE "$root/examples/himeno.c" -o "$carry/obj/himeno_c_m_nocl.gpu.o"
    cc --gpu $nc -DLARGE "$root/examples/himeno.c" -o "$carry/obj/himeno_c_l_nocl.gpu.o"
    cc --gpu $nc -DN=4096 "$root/examples/nbody.c" -o "$carry/obj/nbody_c_4k_nocl.gpu.o"
    for p in himeno_gpu_m himeno_gpu_l nbody_4k laplace2d_gpu_8k matmul_dev_1k; do
      cc --gpu $nc --specialize="$(bench_spec $p)" "$root/$(bench_src $p)" -o "$carry/obj/${p}_nocl.gpu.o"
    done
  fi
  # The host cost of one device loop (benchmarks/loop_overhead.mlir).
  cc --gpu "$root/benchmarks/loop_overhead.mlir" -o "$carry/obj/loop_overhead.gpu.o"
  # --variant NAME OPTS: the three benchmark programs compiled with
  # --pipeline=OPTS, for benchmarks/gpu_variants.sh.
  for ((i = 0; i < ${#variants[@]}; i += 2)); do
    v="${variants[i]}"; o="${variants[i+1]}"; mkdir -p "$carry/variants/$v"
    echo "$o" > "$carry/variants/$v/options"
    for p in laplace2d_gpu_8k himeno_gpu_m himeno_gpu_l; do
      echo "gpu-prepare: variant $v: $p"
      cc --gpu --pipeline="$o" --specialize="$(bench_spec $p)" "$root/$(bench_src $p)" \
        -o "$carry/variants/$v/$p.gpu.o"
    done
  done
  if [ -n "$before" ]; then
    # The same benchmark programs, compiled by the other checkout's xmpcc
    # from its own sources, and its sources for its runtime.
    bsrc="$carry/before/src"; mkdir -p "$carry/before/obj" "$bsrc"
    bcc() { "$before/build/bin/xmpcc" -O3 --march=x86-64-v3 --emit=obj "$@"; }
    if [ -f "$before/scripts/himeno-size.sh" ]; then
      # a checkout from before xmp-specialize-shapes: sizes by its own recipe
      sed -e 's/256x192/8192x8192/g' \
          -e 's/%xsize = arith.constant 256/%xsize = arith.constant 8192/' \
          -e 's/%ysize = arith.constant 192/%ysize = arith.constant 8192/' \
          "$before/examples/laplace2d_gpu.mlir" > "$bsrc/laplace2d_gpu_8k.mlir"
      (. "$before/scripts/himeno-size.sh"
       himeno_size "$before/examples/himeno_gpu.mlir" "$bsrc/himeno_gpu_m.mlir" 129 129 257
       himeno_size "$before/examples/himeno_gpu.mlir" "$bsrc/himeno_gpu_l.mlir" 257 257 513)
      bspec() { :; }
    else
      for p in laplace2d_gpu_8k himeno_gpu_m himeno_gpu_l; do
        cp "$before/$(. "$before/benchmarks/sizes.sh"; bench_src $p)" "$bsrc/$p.mlir"
      done
      bspec() { echo "--specialize=$(. "$before/benchmarks/sizes.sh"; bench_spec "$1")"; }
    fi
    for p in laplace2d_gpu_8k himeno_gpu_m himeno_gpu_l; do
      echo "gpu-prepare: before: $p"
      bcc --gpu $(bspec $p) "$bsrc/$p.mlir" -o "$carry/before/obj/$p.gpu.o"
    done
    # The work-sharing programs too (gpu-session.sh step worksharing-before),
    # when the other checkout has the same size recipe.
    if [ -f "$before/benchmarks/sizes.sh" ]; then
      for p in nbody_32k nbody_4k matmul_dev_1k matmul_dev_256; do
        echo "gpu-prepare: before: $p"
        bcc --gpu $(bspec $p) "$before/$(. "$before/benchmarks/sizes.sh"; bench_src $p)" \
          -o "$carry/before/obj/$p.gpu.o"
      done
      for p in nbody matmul_dev; do
        bcc --gpu "$before/examples/$p.mlir" -o "$carry/before/obj/$p.gpu.o"
      done
    fi
    git -C "$before" archive --format=tar.gz HEAD > "$carry/before/src.tar.gz"
    git -C "$before" rev-parse --short HEAD > "$carry/before/rev"
  fi
fi

if [ "$starpu" = 1 ]; then
  # StarPU for the GPU machine (it has none): the shared libraries and
  # every dependency ldd names except glibc's and the compiler's own
  # (gpu-starpu.sh drops the ones that machine has itself), the headers
  # (starpu_worker.h includes hwloc.h), a starpu-1.3.pc relative to its own
  # folder (${pcfiledir}), and pkgconf in case that machine has no
  # pkg-config.
  pc=/usr/lib/x86_64-linux-gnu/pkgconfig/starpu-1.3.pc
  lib=$(pkg-config --variable=libdir starpu-1.3)
  [ -f "$pc" ] && [ -f "$lib/libstarpu-1.3.so" ] || {
    echo "gpu-prepare: --starpu: no StarPU 1.3 here (apt install libstarpu-dev)" >&2; exit 2; }
  sp="$carry/starpu"; rm -rf "$sp"
  mkdir -p "$sp/lib/pkgconfig" "$sp/deps" "$sp/include" "$sp/bin" "$sp/pkgconf-lib"
  cp -a "$lib"/libstarpu-1.3.so* "$sp/lib/"
  ldd "$lib/libstarpu-1.3.so" | awk '$2 == "=>" && $3 ~ /^\// {print $3}' |
    while read -r f; do
      case "$(basename "$f")" in
        libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|ld-linux*|libgcc_s.so*|libstdc++.so*) ;;
        *) cp -L "$f" "$sp/deps/" ;;
      esac
    done
  cp -r /usr/include/starpu "$sp/include/"
  cp -r /usr/include/hwloc.h /usr/include/hwloc "$sp/include/"
  {
    echo 'prefix=${pcfiledir}/../..'
    echo 'libdir=${prefix}/lib'
    echo 'includedir=${prefix}/include'
    grep -E '^(Name|Description|Version):' "$pc"
    echo 'Cflags: -I${includedir}/starpu/1.3 -I${includedir}'
    echo 'Libs: -L${libdir} -lstarpu-1.3 -lpthread'
  } > "$sp/lib/pkgconfig/starpu-1.3.pc"
  pkgconf_bin=$(command -v pkgconf || true)
  if [ -n "$pkgconf_bin" ]; then
    cp -L "$pkgconf_bin" "$sp/bin/pkgconf"
    ldd "$pkgconf_bin" | awk '$2 == "=>" && $3 ~ /libpkgconf/ {print $3}' |
      xargs -r -I{} cp -L {} "$sp/pkgconf-lib/"
  fi
  ls "$sp/lib" "$sp/deps" | tr '\n' ' '; echo
fi

if [ "$himeno_cpu" = 1 ]; then
  # Himeno S on the CPU path, measured on the GPU machine's quieter cores
  # (the development VM's noise is larger than the gap to the reference).
  hc="$carry/himeno_cpu"; mkdir -p "$hc"
  . "$root/benchmarks/sizes.sh"
  for m in x86-64-v3 x86-64-v4; do
    for v in himeno_s himeno_s_1x1; do
      echo "gpu-prepare: himeno-cpu $v $m"
      "$build/bin/xmpcc" -O3 --march=$m --emit=obj --specialize="$(bench_spec $v)" \
        "$root/$(bench_src $v)" -o "$hc/$v.$m.o"
    done
    clang-22 -O3 -march=$m -ffp-contract=off -DSMALL -DHIMENO_STATIC "$root/examples/himeno_ref.c" \
      -o "$hc/ref_s.$m" -lm
  done
fi

if [ "$npb_cg" = 1 ]; then
  mkdir -p "$carry/npb_cg"
  echo "gpu-prepare: npb-cg x86-64-v3"
  "$build/bin/xmpcc" -O3 --march=x86-64-v3 --emit=obj "$root/examples/npb_cg.mlir" \
    -o "$carry/npb_cg/npb_cg.o"
fi

gt=/usr/src/googletest
[ -d "$gt" ] && cp -r "$gt" "$carry/googletest"
du -sh "$carry"
