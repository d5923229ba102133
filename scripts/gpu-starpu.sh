#!/usr/bin/env bash
# On the GPU machine, after scripts/gpu-prepare.sh --starpu here and
# scripts/gpu-tests.sh there (build-gpu/ and its programs): builds libxmprt
# with CUDA and the carried StarPU 1.3 in build-gpu-starpu/, links the
# work-sharing benchmark programs against it (build-gpu-starpu/progs), and
# prints the LD_LIBRARY_PATH the programs need (last line of stdout,
# "LD_LIBRARY_PATH=..."). Carried dependencies the machine has itself
# (ldconfig -p knows their soname) are left out, so that its own newer
# ones are used.
set -uo pipefail
root="$(pwd)"; sp="$root/.gpu-carry/starpu"; b="$root/build-gpu-starpu"
logs="${OUT:-/tmp/xmp-gpu-logs}"; mkdir -p "$logs"
[ -d "$sp/lib" ] || { echo "gpu-starpu: no .gpu-carry/starpu: run scripts/gpu-prepare.sh --starpu here first" >&2; exit 2; }
rm -rf "$sp/run"; mkdir -p "$sp/run"
for f in "$sp"/deps/*; do
  n="$(basename "$f")"
  if ldconfig -p | grep -q "^[[:space:]]*$n "; then
    echo "gpu-starpu: $n: the machine's own"
  else
    cp "$f" "$sp/run/"; echo "gpu-starpu: $n: carried"
  fi
done
ldpath="$sp/lib:$sp/run"
export PKG_CONFIG_PATH="$sp/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
pcx=()
if ! command -v pkg-config > /dev/null; then
  cat > "$sp/bin/pkg-config" <<EOS
#!/bin/sh
LD_LIBRARY_PATH="$sp/pkgconf-lib" exec "$sp/bin/pkgconf" "\$@"
EOS
  chmod +x "$sp/bin/pkg-config"
  pcx=(-DPKG_CONFIG_EXECUTABLE="$sp/bin/pkg-config")
fi
t0=$(date +%s)
cmake -S "$root" -B "$b" -G Ninja -DXMP_BUILD_COMPILER=OFF -DXMP_ENABLE_CUDA=ON \
  -DXMP_ENABLE_STARPU=ON "${pcx[@]}" -DCMAKE_BUILD_TYPE=Release \
  "-DCMAKE_SHARED_LINKER_FLAGS=-Wl,-rpath-link,$sp/lib:$sp/run:$sp/deps" \
  "-DCMAKE_EXE_LINKER_FLAGS=-Wl,-rpath-link,$sp/lib:$sp/run:$sp/deps" \
  > "$logs/starpu-cmake.log" 2>&1 &&
  ninja -C "$b" xmprt > "$logs/starpu-build.log" 2>&1
rc=$?
echo "gpu-starpu: runtime build rc=$rc in $(( $(date +%s) - t0 )) s"
[ $rc = 0 ] || { tail -30 "$logs/starpu-cmake.log" "$logs/starpu-build.log"; exit 1; }
grep -h "libxmprt: StarPU" "$logs/starpu-cmake.log"
mkdir -p "$b/progs"
for o in "$root"/.gpu-carry/obj/{nbody,nbody_32k,nbody_4k,matmul_dev_1k,matmul_dev_256}.gpu.o; do
  [ -f "$o" ] || continue
  n="$(basename "${o%.o}")"
  mpicc "$o" -o "$b/progs/$n" -L"$b/lib" -lxmprt -Wl,-rpath,"$b/lib" \
    -Wl,-rpath-link,"$sp/lib:$sp/run:$sp/deps" -lstdc++ -lm || { echo "gpu-starpu: link $n failed"; exit 1; }
done
# A smoke test: the executor is StarPU and the result is the reference's.
LD_LIBRARY_PATH="$ldpath${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" XMP_VERBOSE=1 \
  XMP_CPU_EXECUTOR=starpu OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
  mpirun --bind-to none -np 1 -x LD_LIBRARY_PATH -x XMP_VERBOSE -x XMP_CPU_EXECUTOR \
  "$b/progs/nbody.gpu" 3 500 > "$logs/starpu-smoke.txt" 2>&1
echo "gpu-starpu: smoke rc=$?"; grep -i "executor\|XMP-RESULT\|error" "$logs/starpu-smoke.txt" | head -5
echo "LD_LIBRARY_PATH=$ldpath"
