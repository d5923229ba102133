#!/usr/bin/env bash
# Channel-comparison kit, part 1 (runs HERE, where MLIR is): compiles Himeno
# (CPU version, examples/himeno.mlir) in sizes S (65x65x129) and M
# (129x129x257) on static 2x2 and 1x4 grids, once per channel plan:
#   ib       policy=ib                     (every exchanging dim over IB)
#   tca      policy=tca                    (every exchanging dim over TCA)
#   hybrid   policy=hybrid subcluster-size=2   (the default: auto where no
#            profile model, the runtime decides per peer)
#   threshold policy=threshold subcluster-size=2 (the thesis's rule)
#   profile  policy=hybrid subcluster-size=2 profile=FILE (only with FILE)
# plus `ch_<d0>_<d1>_<d2>` objects with explicit channels for every other
# ib/tca assignment of the exchanging dimensions (so that channels_bench.sh
# can run whatever a profile measured THERE would choose). For each variant
# the pass's remarks ("the channel table the pass chose") go to a text file.
# Objects (x86-64-v3), remarks, sources and manifest.json land in
# .gpu-carry/channels/ (only that folder is replaced; scripts/gpu-prepare.sh
# in turn leaves it alone). Then, on the remote machine, from the
# repository root: bash benchmarks/channels_bench.sh
#   benchmarks/channels_prepare.sh [PROFILE.json]
# XMP_CHANNELS_SC=N: sub-cluster size (default 2) for the pass options,
# XMP_SUBCLUSTER_SIZE and the calibration (use the same N in both scripts).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${XMP_BUILD_DIR:-$root/build}"
out="$root/.gpu-carry/channels"
sc="${XMP_CHANNELS_SC:-2}" # sub-cluster size the programs will run with (XMP_SUBCLUSTER_SIZE)
profile=""
if [ $# -gt 0 ]; then
  [ -f "$1" ] || { echo "channels_prepare: profile '$1' does not exist" >&2; exit 2; }
  profile="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
fi
# .gpu-carry/ must stay out of git (it travels as a carried path): it is in
# .gitignore; older checkouts get it excluded locally.
if ! git -C "$root" check-ignore -q .gpu-carry/ 2>/dev/null; then
  ex="$(git -C "$root" rev-parse --git-path info/exclude)"
  mkdir -p "$(dirname "$ex")" && echo '/.gpu-carry/' >> "$ex"
fi
rm -rf "$out"; mkdir -p "$out"
[ -n "$profile" ] && cp "$profile" "$out/profile.input.json"

cc() { "$build/bin/xmpcc" -O3 --march=x86-64-v3 --emit=obj "$@"; }
# remarks SRC PASSOPTS FILE: the pass's explanation and the resulting list.
remarks() {
  local src="$1" opts="$2" file="$3" chosen
  {
    echo "# $(basename "$src"): xmp-select-channels='$opts remarks=true'"
    chosen=$("$build/bin/xmp-opt" "$src" --mlir-print-op-on-diagnostic=false \
               --xmp-select-channels="$opts remarks=true" 2> "$file.err" |
             grep -o 'xmp.reflect_init %[^ ]* channels \[[^]]*\]' | sed 's/.*channels //')
    sed -n 's/^.*: remark: /remark: /p' "$file.err"
    echo "chosen: channels $chosen"
  } > "$file"
  rm -f "$file.err"
}

configs=()
for size in s m; do
  case "$size" in
    s) dims=(65 65 129) ;;
    m) dims=(129 129 257) ;;
  esac
  for grid in 2x2 1x4; do
    name="himeno_${size}_${grid}"
    src="$out/$name.mlir"
    "$build/bin/xmp-opt" --xmp-specialize-shapes="shapes=t=$(IFS=x; echo "${dims[*]}"),n=$grid" \
        "$root/examples/himeno.mlir" -o "$src" || exit 1
    variants=(ib tca hybrid threshold); [ -n "$profile" ] && variants+=(profile)
    for vn in "${variants[@]}"; do
      pol=$vn; [ "$vn" = profile ] && pol=hybrid
      opts="policy=$pol subcluster-size=$sc"              # xmp-select-channels
      popts="channel-policy=$pol subcluster-size=$sc"     # xmp-lower-to-llvm
      if [ "$vn" = profile ]; then
        opts="$opts profile=$profile"; popts="$popts channel-profile=$profile"
      fi
      echo "channels_prepare: $name $vn ($opts)"
      cc --pipeline="$popts" "$src" -o "$out/$name.$vn.o"
      remarks "$src" "$opts" "$out/$name.$vn.remarks.txt"
    done
    # Explicit-channel objects for the other ib/tca assignments of the
    # dimensions that exchange (those not `none` in the hybrid choice).
    hyb=$(sed -n 's/^chosen: channels \[\(.*\)\]$/\1/p' "$out/$name.hybrid.remarks.txt" | tr -d ' ')
    [ -n "$hyb" ] || { echo "channels_prepare: no channels chosen for $name" >&2; exit 1; }
    IFS=, read -ra hd <<< "$hyb"
    combos=("")
    for c in "${hd[@]}"; do
      next=()
      for p in "${combos[@]}"; do
        if [ "$c" = none ]; then next+=("${p:+$p,}none")
        else next+=("${p:+$p,}ib" "${p:+$p,}tca"); fi
      done
      combos=("${next[@]}")
    done
    have=" $(for f in "$out/$name".*.remarks.txt; do sed -n 's/^chosen: channels \[\(.*\)\]$/\1/p' "$f" | tr -d ' '; done | tr '\n' ' ') "
    for c in "${combos[@]}"; do
      case "$have" in *" $c "*) continue ;; esac
      vn="ch_${c//,/_}"
      echo "channels_prepare: $name $vn (explicit channels [$c])"
      csrc="$out/$name.$vn.mlir"
      sed "s/xmp.reflect_init %p : /xmp.reflect_init %p channels [${c//,/, }] : /" "$src" > "$csrc"
      grep -q "channels \[" "$csrc" || { echo "channels_prepare: cannot set channels in $csrc" >&2; exit 1; }
      cc "$csrc" -o "$out/$name.$vn.o"
      { echo "# $(basename "$csrc"): explicit channels in the source (xmp-select-channels leaves them alone)"
        echo "chosen: channels [${c//,/, }]"; } > "$out/$name.$vn.remarks.txt"
      rm -f "$csrc"
    done
    configs+=("$size $grid $name")
  done
done

# manifest.json: configurations, variants, channel lists and the halo
# geometry of the hybrid remarks (class, bytes, neighbour per dimension),
# which channels_bench.sh uses to replay the profile rule on a profile
# measured there.
python3 - "$root/benchmarks" "$out" "$sc" "${configs[@]}" <<'PY'
import json, os, re, sys
sys.path.insert(0, sys.argv[1])
from channels_bench import geometry_from_remarks  # noqa: E402
out, sc, configs = sys.argv[2], int(sys.argv[3]), sys.argv[4:]
sizes = {"s": [65, 65, 129], "m": [129, 129, 257]}
m = {"subcluster_size": sc, "np": 4, "program": "examples/himeno.mlir",
     "profile_input": "profile.input.json" if os.path.exists(os.path.join(out, "profile.input.json")) else None,
     "configs": []}
for c in configs:
    size, grid, name = c.split()
    cfg = {"size": size.upper(), "dims": sizes[size], "grid": grid, "name": name,
           "variants": [], "geometry": []}
    for f in sorted(os.listdir(out)):
        if not (f.startswith(name + ".") and f.endswith(".remarks.txt")):
            continue
        vn = f[len(name) + 1:-len(".remarks.txt")]
        text = open(os.path.join(out, f)).read()
        ch = re.search(r"^chosen: channels \[(.*)\]$", text, re.M).group(1)
        cfg["variants"].append({"name": vn, "object": f"{name}.{vn}.o", "remarks": f,
                                "channels": [x.strip() for x in ch.split(",")],
                                "pass": not vn.startswith("ch_")})
        if vn == "hybrid":
            cfg["geometry"] = geometry_from_remarks(text.splitlines())
    order = {"ib": 0, "tca": 1, "hybrid": 2, "profile": 3}
    cfg["variants"].sort(key=lambda v: (order.get(v["name"], 9), v["name"]))
    m["configs"].append(cfg)
json.dump(m, open(os.path.join(out, "manifest.json"), "w"), indent=1)
for cfg in m["configs"]:
    print("channels_prepare: %-16s %s" % (cfg["name"], "  ".join(
        "%s=[%s]" % (v["name"], ",".join(v["channels"])) for v in cfg["variants"])))
PY
du -sh "$out"
echo "channels_prepare: done; carry .gpu-carry and run there: bash benchmarks/channels_bench.sh"
