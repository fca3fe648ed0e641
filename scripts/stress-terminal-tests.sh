#!/usr/bin/env bash
# Runs the tests that drive a pseudo-terminal, tmux or a subprocess RUNS times in a row beside
# two CPU-burning processes, and stops at the first failure with its output. The proof that
# these tests neither flake nor hang under load (issue 7, item 1).
#
#   scripts/stress-terminal-tests.sh [RUNS]        RUNS defaults to 50
#
# Environment: STRESS_FILTER overrides the `swift test --filter` pattern; STRESS_BURNERS the
# number of CPU burners (default 2).
set -euo pipefail

usage() {
  echo "usage: scripts/stress-terminal-tests.sh [RUNS]"
  echo
  # The comment block at the top of this file, without its '#'.
  sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "$0"
}
case "${1:-}" in
  -h | --help) usage; exit 0 ;;
esac
runs="${1:-50}"
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]] || (($# > 1)); then
  echo "usage: scripts/stress-terminal-tests.sh [RUNS]  (RUNS a whole number >= 1; --help)" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
# Every suite that drives a pseudo-terminal, tmux or a subprocess: two whole test modules and
# the three suites of MosaicAppTests that run the binary.
filter="${STRESS_FILTER:-MosaicTerminalTests\.|mosaicTests\.|InspectorCommandTests|TerminalWidthAgreementTests|BundledDataTests}"
burners="${STRESS_BURNERS:-2}"
export LANG=C.UTF-8 LC_ALL=C.UTF-8

echo "stress: building once"
swift build --build-tests

log="$(mktemp -t mosaic-stress.XXXXXX)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -f "$log"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

for _ in $(seq 1 "$burners"); do
  # A shell busy loop: one core's worth of load that needs nothing installed.
  (while :; do :; done) &
  pids+=("$!")
done

echo "stress: $runs runs of --filter '$filter' beside $burners CPU burners"
start=$(date +%s)
passed=0
for run in $(seq 1 "$runs"); do
  run_start=$(date +%s)
  if swift test --skip-build --filter "$filter" >"$log" 2>&1; then
    passed=$((passed + 1))
    echo "run $run passed ($(($(date +%s) - run_start)) s)"
  else
    status=$?
    echo "run $run FAILED (exit $status) after $(($(date +%s) - run_start)) s; its output:"
    cat "$log"
    echo "$passed/$runs runs passed before the failure, $(($(date +%s) - start)) s"
    exit 1
  fi
done
echo "$passed/$runs runs passed in $(($(date +%s) - start)) s"
