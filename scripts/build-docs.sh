#!/bin/sh
# Builds the DocC documentation of the library products into .build/docs/TARGET (static HTML
# you can open or host), through swift-docc-plugin. Fails when DocC reports a warning (a symbol
# link that does not resolve, a missing page), so the catalogs stay true to the code.
#
#   scripts/build-docs.sh [TARGET ...]     default: MosaicLayout MosaicCollection MosaicTerminal
#
# Not part of the test suite: a run builds every module's symbol graph, minutes on 2 cores.
set -eu
case "${1:-}" in
  -h | --help)
    echo "usage: scripts/build-docs.sh [TARGET ...]"
    echo "Builds the DocC documentation of the library products (default: MosaicLayout"
    echo "MosaicCollection MosaicTerminal) into .build/docs/TARGET; fails on any DocC warning."
    exit 0
    ;;
esac
cd "$(dirname "$0")/.."
targets=${*:-"MosaicLayout MosaicCollection MosaicTerminal"}
status=0
for target in $targets; do
  out=".build/docs/$target"
  mkdir -p "$out"
  log=".build/docs/$target.log"
  if ! swift package --allow-writing-to-directory "$out" generate-documentation \
    --target "$target" --output-path "$out" --transform-for-static-hosting \
    --hosting-base-path "$target" >"$log" 2>&1; then
    echo "build-docs: $target failed (log: $log)" >&2
    tail -20 "$log" >&2
    status=1
    continue
  fi
  # DocC's own warnings, after the build's (SwiftPM's pkg-config flag notes are not ours).
  docc=$(sed -n '/^Building documentation for/,$p' "$log" | grep "warning:" || true)
  if [ -n "$docc" ]; then
    echo "build-docs: $target: DocC warnings (log: $log)" >&2
    echo "$docc" | head -20 >&2
    status=1
  else
    echo "build-docs: $target -> $out"
  fi
done
exit $status
