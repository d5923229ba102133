#!/usr/bin/env bash
# Installs everything xmp-mlir needs on a fresh Debian 12 machine.
# CUDA is expected at /usr/local/cuda (not installed here).
set -euo pipefail
PKGS=(
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 lld-22
  libclang-cpp22-dev libclang-22-dev
  libopenmpi-dev openmpi-bin
  libstarpu-dev
  libgtest-dev googletest
  ninja-build cmake python3
)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  echo "[setup] installing: ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "[setup] all packages present"
fi
