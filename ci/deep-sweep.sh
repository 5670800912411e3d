#!/usr/bin/env bash
# Deep sweep: check every registered statement up to its own max_n (`shannon-verify
# list` shows it; 9 for every TSD statement checked game by game), then write the report.
#
#   ci/deep-sweep.sh                          # everything, each statement to its own max_n
#   MAX_N=9 ci/deep-sweep.sh                  # force one depth for every statement
#   IDS="TSD.T14 TSD.T15" ci/deep-sweep.sh    # only these statements
#   OUT=some/dir ci/deep-sweep.sh             # output folder (default ci-out, at the repository root)
#   SHANNON_VERIFY="python -m verify" ...     # how to call the command (default shannon-verify)
#   PYTHON=python3 ...                        # the Python that has shannon-verify (default python)
#
# Writes  $OUT/deep.json              the results (`shannon-verify check --json`)
#         $OUT/report/                report.md, report.html, img/, data/ (`shannon-verify report`)
#         $OUT/counterexamples/<ID>/  the counterexamples found (JSON + PNG)
# Exit status: that of `shannon-verify check` (0 all as expected, 1 a statement fails, is
# unknown or lost its refutation, 2 bad input); if check succeeded, that of the report.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
OUT="${OUT:-ci-out}"
SV="${SHANNON_VERIFY:-shannon-verify}"
PY="${PYTHON:-python}"
mkdir -p "$OUT"

args=()
# shellcheck disable=SC2206  # IDS is a space-separated list on purpose
[ -n "${IDS:-}" ] && args+=(${IDS})
if [ -n "${MAX_N:-}" ]; then args+=(--max-n "$MAX_N"); else args+=(--full); fi

start=$(date +%s)
echo "deep sweep: $SV check ${args[*]:-} --json > $OUT/deep.json" >&2
# shellcheck disable=SC2086  # SV may be a command with arguments ("python -m verify")
$SV check ${args[@]+"${args[@]}"} --json --no-progress > "$OUT/deep.json"
status=$?
checked=$(date +%s)

report_status=0
if [ -s "$OUT/deep.json" ]; then
    # shellcheck disable=SC2086
    $SV report --input "$OUT/deep.json" --out "$OUT/report" || report_status=$?
    "$PY" "$here/deep_sweep.py" collect "$OUT/deep.json" "$OUT/counterexamples" || report_status=$?
else
    echo "deep sweep: check wrote no results, so there is no report" >&2
    report_status=1
fi
end=$(date +%s)

n=$("$PY" -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$OUT/deep.json" 2>/dev/null || echo "?")
echo "deep sweep: $n statements checked in $((checked - start)) s, report in $((end - checked)) s (check exit $status)"
[ "$status" -ne 0 ] && exit "$status"
exit "$report_status"
