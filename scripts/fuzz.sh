#!/usr/bin/env bash
# Mutation fuzzing of the compiler for a fixed time: mutants of the test and
# example .mlir files and of the channel profiles go through xmp-opt (each
# pass, pass pairs, the whole pipeline). Crashes, hangs and sanitizer
# reports are saved (minimized) into test/Fuzz/corpus, which the lit test
# test/Fuzz/replay.test replays in CI; known upstream MLIR bugs are counted
# apart (scripts/fuzz.py, KNOWN_UPSTREAM). Exit status 1 when a new crash
# was found.
#
#   scripts/fuzz.sh [SECONDS] [--build DIR] [--seed N] [--jobs J]
#
# SECONDS defaults to 600. The build defaults to build-san (the sanitized
# build of scripts/sanitize.sh, which also reports undefined behaviour and
# memory errors) when it exists, else build.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds=600; build=""; seed="$(date +%s)"; jobs="${XMP_FUZZ_JOBS:-1}"
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    [0-9]*) seconds="$1"; shift ;;
    *) echo "fuzz.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$build" ]; then
  build="$root/build"
  [ -x "$root/build-san/bin/xmp-opt" ] && build="$root/build-san"
fi
[ -x "$build/bin/xmp-opt" ] || { echo "fuzz.sh: no $build/bin/xmp-opt (build first)" >&2; exit 2; }
echo "[fuzz] $build/bin/xmp-opt, $seconds s, seed $seed"
# Leaks in MLIR/LLVM's own start-up are not the project's (sanitized build).
export LSAN_OPTIONS="suppressions=$root/scripts/sanitize.supp:print_suppressions=0"
exec python3 "$root/scripts/fuzz.py" --xmp-opt "$build/bin/xmp-opt" \
  --root "$root" --seconds "$seconds" --seed "$seed" --jobs "$jobs"
