// FUZZ-ARGS: --xmp-lower-distribution
// known upstream MLIR 22.1.8 parser crash (array<index: ...>): classified as upstream, not ours
func.func @f() attributes {a = array<index: 1, 2>} {
  return
}
