# Sourced by the GPU and benchmark scripts: one recipe for resizing the
# Himeno examples, whose sizes are static in the IR.
#   himeno_size SRC DST I J K [GRID]
# writes SRC with the 33x33x65 size replaced by IxJxK (and, with GRID such
# as 2x2, the dynamic grid `?x?` fixed to it) to DST, and fails when the
# recipe no longer matches SRC.
himeno_size() {
  local src="$1" dst="$2" i="$3" j="$4" k="$5" grid="${6:-}"
  local nodes=(-e "s/xmp.nodes @n(shape = ?x?)/xmp.nodes @n(shape = $grid)/")
  [ -n "$grid" ] || nodes=()
  sed -e "s/33x33x65/${i}x${j}x${k}/g" \
      -e "s/%mimax = arith.constant 33/%mimax = arith.constant $i/" \
      -e "s/%mjmax = arith.constant 33/%mjmax = arith.constant $j/" \
      -e "s/%mkmax = arith.constant 65/%mkmax = arith.constant $k/" \
      "${nodes[@]}" "$src" > "$dst"
  grep -q "${i}x${j}x${k}xf32" "$dst" &&
    { [ -z "$grid" ] || grep -q "xmp.nodes @n(shape = $grid)" "$dst"; } ||
    { echo "himeno_size: the recipe no longer matches $src" >&2; return 1; }
}
