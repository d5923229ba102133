# Sourced by the benchmark and GPU scripts: the sizes of the benchmark
# builds of the examples. The examples take their sizes at run time; a
# benchmark build is compiled for one size (xmpcc --specialize, static
# local shapes as in a hand-written program) and must then be run with that
# size on its command line (the program's xmp.template_fix checks it).
#   bench_src NAME   the example it is built from (relative to the root)
#   bench_spec NAME  the value of xmpcc --specialize
#   bench_args NAME  the size arguments, given after the program's leading
#                    ones (iterations; N-body and matmul_dev: and the weight)
# Names not listed here are the examples at their default sizes (no
# specialization, no size arguments).
bench_size() {
  case "$1" in
    laplace2d_gpu_8k) echo "examples/laplace2d_gpu.mlir t=8192x8192 8192 8192" ;;
    laplace2d_[0-9]*) local n="${1#laplace2d_}"  # laplace2d_N: N x N, host
                      echo "examples/laplace2d.mlir t=${n}x${n} $n $n" ;;
    himeno_gpu_m)     echo "examples/himeno_gpu.mlir t=129x129x257 129 129 257" ;;
    himeno_gpu_l)     echo "examples/himeno_gpu.mlir t=257x257x513 257 257 513" ;;
    himeno_s)         echo "examples/himeno.mlir t=65x65x129 65 65 129" ;;
    himeno_s_1x1)     echo "examples/himeno.mlir t=65x65x129,n=1x1 65 65 129" ;;
    himeno_m)         echo "examples/himeno.mlir t=129x129x257 129 129 257" ;;
    nbody_32k)        echo "examples/nbody.mlir t=32768 32768" ;;
    nbody_4k)         echo "examples/nbody.mlir t=4096 4096" ;;
    matmul_dev_1k)    echo "examples/matmul_dev.mlir t=1024x1024 1024" ;;
    matmul_dev_256)   echo "examples/matmul_dev.mlir t=256x256 256" ;;
    *) return 0 ;;
  esac
}
bench_src()  { local f; read -r -a f <<< "$(bench_size "$1")"; echo "${f[0]:-}"; }
bench_spec() { local f; read -r -a f <<< "$(bench_size "$1")"; echo "${f[1]:-}"; }
bench_args() { local f; read -r -a f <<< "$(bench_size "$1")"; echo "${f[@]:2}"; }
