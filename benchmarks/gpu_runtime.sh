# Sourced by the GPU benchmark and experiment scripts that can run without
# the `tests` step (on the GPU machine, after scripts/gpu-prepare.sh):
#   need_runtime BUILD LOGDIR   libxmprt with CUDA in BUILD/lib, built with
#                               cmake + ninja when missing (logs in LOGDIR);
#                               returns 1 (and shows the log) on failure
#   link_carried NAME EXE BUILD .gpu-carry/obj/NAME.gpu.o linked into EXE
#                               against BUILD/lib
need_runtime() {
  local b="$1" logs="$2"
  [ -f "$b/lib/libxmprt.so" ] && return 0
  mkdir -p "$logs"
  cmake -S "$root" -B "$b" -G Ninja -DXMP_BUILD_COMPILER=OFF -DXMP_BUILD_TESTS=OFF \
    -DXMP_ENABLE_CUDA=ON -DCMAKE_BUILD_TYPE=Release > "$logs/cmake.log" 2>&1 &&
    ninja -C "$b" xmprt > "$logs/build.log" 2>&1 ||
    { tail -20 "$logs/cmake.log" "$logs/build.log"; return 1; }
}
link_carried() {
  mpicc "$root/.gpu-carry/obj/$1.gpu.o" -o "$2" -L"$3/lib" -lxmprt -Wl,-rpath,"$3/lib" \
    -lstdc++ -lm
}
