#!/usr/bin/env bash
# Blind-set repair on the H200 machine (device tool): install the carried wheels and a kagent tree,
# then run benchmarks/blind_repair_eval.py over a manifest, N kernels at a time, results under $OUT.
# Needs .whl/ from ../shared/tools/fetch-gpu-wheels.sh plus `apt-get download bubblewrap` into .whl/ (the
# H200 image has no bwrap; without it the candidates run unsandboxed: env_TAG.txt says `bwrap none`).
# Usage (carry [".whl", SRC] where SRC is not "."; SRC a whole checkout, not the package folder alone):
#   SRC=.before TAG=before JOBS=14 DEVICE=cpu bash benchmarks/blind_repair_device.sh MANIFEST
# Knobs: SRC (a kagent source tree to install; default the working tree), TAG (the output name),
#        JOBS, DEVICE (cpu: the Triton entries under the interpreter; cuda: the CUDA C ones on the GPU),
#        TIMEOUT (per kernel, s), DEADLINE (s: the eval is stopped then; its rows so far stay), BG (a
#        command started beside it, log bg.log, e.g. check_blind.py --backend cuda, or this script again
#        with another TAG after a sleep), TWINS=1 (verify every fixed twin first: --twins), RESUME,
#        ONLY (a path substring: --only, e.g. nearmiss_cuda/).
set -uo pipefail
MANIFEST=$1
export OUT=${OUT:-/tmp/kagent-blind-out}
mkdir -p "$OUT"
SRC=${SRC:-.}
SITE=/tmp/site-${TAG:-run}
# the wheels once per machine (a second eval started beside the first, as BG, finds them there)
if [ ! -f /tmp/site/.kagent-wheels ]; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
    > "$OUT/install.log" 2>&1 || { cat "$OUT/install.log"; exit 1; }
  touch /tmp/site/.kagent-wheels
fi
python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-compile --target "$SITE" "$SRC" \
  >> "$OUT/install_${TAG:-run}.log" 2>&1 || { cat "$OUT/install_${TAG:-run}.log"; exit 1; }
if ! command -v bwrap >/dev/null 2>&1 && ls .whl/bubblewrap_*.deb >/dev/null 2>&1; then
  dpkg -x .whl/bubblewrap_*.deb /tmp/bwrap-deb && export PATH="/tmp/bwrap-deb/usr/bin:$PATH"
fi
export PYTHONPATH="$SITE:/tmp/site" PYTHONUNBUFFERED=1 KAGENT_CACHE_DIR=/tmp/kagent-cache-${TAG:-run}
# -P as the eval's own runs: a plain `python3 -c` imports the working tree's kagent/ from the current folder
python3 -P -c 'import kagent, os; print("kagent from", os.path.dirname(kagent.__file__))' | tee "$OUT/env_${TAG:-run}.txt"
if [ "$SRC" != "." ] && ! grep -q "kagent from $SITE/" "$OUT/env_${TAG:-run}.txt"; then
  echo "kagent is not imported from $SITE: the eval would not run the SRC engine" \
    | tee -a "$OUT/env_${TAG:-run}.txt"
  exit 1
fi
echo "cores $(nproc) bwrap $(command -v bwrap || echo none)" >> "$OUT/env_${TAG:-run}.txt"
BG_PID=
# BG is taken out of the environment first: a BG that runs this script again must not start itself again
if [ -n "${BG:-}" ]; then BG_CMD=$BG; unset BG; bash -c "$BG_CMD" > "$OUT/bg.log" 2>&1 & BG_PID=$!; fi
ROWS="$OUT/repair_${TAG:-run}.jsonl"
[ -f "${RESUME:-}" ] && cp "$RESUME" "$ROWS"
[ -f "${RESUME:-}.twins.jsonl" ] && cp "$RESUME.twins.jsonl" "$ROWS.twins.jsonl"
timeout -k 20 -s INT ${DEADLINE:-560} python3 -P benchmarks/blind_repair_eval.py "$MANIFEST" "$ROWS" --jobs ${JOBS:-14} \
  --device ${DEVICE:-cpu} --timeout ${TIMEOUT:-300} ${TWINS:+--twins} ${ONLY:+--only "$ONLY"} > "$OUT/eval_${TAG:-run}.log" 2>&1
echo "eval exit $?" >> "$OUT/eval_${TAG:-run}.log"
tail -3 "$OUT/eval_${TAG:-run}.log"
# each repair's trail (events, localization, the search's screened edits), to read why a run stopped
( cd /tmp && find blind-runs-* \( -name trajectory.jsonl -o -name 'search_*.json' -o -name 'localization_*.json' \
  -o -name summary.json \) -print0 2>/dev/null | tar czf "$OUT/runs_${TAG:-run}.tgz" --null -T - ) || true
if [ -n "$BG_PID" ]; then wait "$BG_PID"; echo "bg exit $?" >> "$OUT/bg.log"; tail -15 "$OUT/bg.log"; fi
wc -l "$ROWS"
