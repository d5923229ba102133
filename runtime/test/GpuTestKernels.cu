// Kernel of the GPU test's module test: compiled at build time with
// `nvcc -fatbin -arch=sm_90`, loaded through mgpuModuleLoad.
extern "C" __global__ void xmprt_test_axpy(int n, double a, const double *x,
                                           double *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
