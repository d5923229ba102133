#!/usr/bin/env bash
# Registers, spills and stack of every kernel of a program, as ptxas reports
# them (no GPU needed):  scripts/kernel-regs.sh prog.mlir [PIPELINE-OPTIONS]
# (e.g. "sweep=false chip=sm_90").
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${XMP_BUILD_DIR:-$root/build}"
src="$1"; shift || true
opts="gpu=true gpu-format=isa ${*:-}"
chip=$(echo "$opts" | grep -o 'chip=sm_[0-9a-z]*' | cut -d= -f2 || true)
tmp=$(mktemp -d); trap '[ -n "${KEEP:-}" ] && cp "$tmp/k.ptx" "$KEEP"; rm -rf "$tmp"' EXIT
"$build/bin/xmp-opt" --pass-pipeline="builtin.module(xmp-lower-to-llvm{$opts})" "$src" -o "$tmp/out.mlir"
python3 - "$tmp/out.mlir" "$tmp/k.ptx" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r'assembly = "((?:[^"\\]|\\.)*)"', text)
if not m:
    sys.exit("kernel-regs: no PTX found (gpu-format=isa)")
ptx = m.group(1)
ptx = re.sub(r'\\([0-9A-Fa-f]{2})', lambda h: chr(int(h.group(1), 16)), ptx)
ptx = ptx.replace('\\"', '"').replace('\\\\', '\\')
open(sys.argv[2], "w").write(ptx)
PY
/usr/local/cuda/bin/ptxas -v -arch="${chip:-sm_90}" "$tmp/k.ptx" -o "$tmp/k.cubin" 2>&1 |
  grep -E "Compiling entry|registers|spill" | sed -e "s/ptxas info    : //"
