# Sourced by benchmarks/npb_cg_cpu.sh and benchmarks/npb_cg_gpu.sh.
# npb_run1 ROUND CLASS RANKS NAME CMD...: runs CMD (an NPB CG program) and
# appends one line to the raw file $raw (echoed):
#   round class ranks program time verified zeta
# from its XMP-RESULT lines (time FAILED and verified 0 when it printed no
# time; then the last lines of its stderr go into $raw as comments).
# $out is the output folder (last.err). benchmarks/npb_cg_raw.py reads
# the file back.
npb_run1() {
  local r="$1" c="$2" np="$3" name="$4"; shift 4
  local o; o="$("$@" 2>"$out/last.err")"
  local t v z
  t=$(echo "$o" | awk '/XMP-RESULT time/ {print $3}')
  v=$(echo "$o" | awk '/XMP-RESULT verified/ {print $3}')
  z=$(echo "$o" | awk '/XMP-RESULT zeta/ {print $3}')
  [ -n "$t" ] || { echo "$name $c np$np failed:"; tail -5 "$out/last.err"; } |
    sed 's/^/# /' >> "$raw"
  echo "$r $c $np $name ${t:-FAILED} ${v:-0} ${z:-nan}" | tee -a "$raw"
}
