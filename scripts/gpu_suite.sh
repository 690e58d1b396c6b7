#!/usr/bin/env bash
# The GPU run, in one call on the H200 (see docs/gpu.md): install the carried wheels and kagent
# into /tmp/site, run tests/gpu and the GPU benchmarks, and leave everything under $OUT whatever
# ends the run: each stage's log, pytest's failures (-rf --tb=short) and a JUnit XML, the verify
# reports the GPU tests collected, and stage timings (a bare machine's first run is what users meet).
# Usage (device tool, carry [".whl"]): bash scripts/gpu_suite.sh
# Knobs: PYTEST_TARGETS (default tests/gpu), PYTEST_TIMEOUT, KAGENT_GPU_FULL=1 (whole corpus),
#        SKIP_BENCH=1, SKIP_LOWER=1, LOWER_RUNS (consecutive lower_gpu runs, default 2), EXTRA (a command
#        run last), BG (a command started right after the install, beside pytest, log bg.log; waited
#        for before the benchmarks, so their timings run alone: bound it with its own timeout).
set -uo pipefail
export OUT=${OUT:-/tmp/kagent-gpu-out}
mkdir -p "$OUT"
# the device tool brings back at most 8 files: on exit everything goes into one archive, and the
# summary files stay beside it
pack() {
  tar czf /tmp/gpu_run.tgz -C "$OUT" . 2>/dev/null && mv /tmp/gpu_run.tgz "$OUT/gpu_run.tgz"
  find "$OUT" -maxdepth 1 -type f ! -name gpu_run.tgz ! -name pytest_gpu.log ! -name stages.txt ! -name failures.jsonl \
    ! -name 'lower_gpu_*.log' ! -name verify_speed.log ! -name bg.log -delete
}
trap pack EXIT
stage() { echo "$(date +%s.%N | cut -c1-14) $*" >> "$OUT/stages.txt"; }
stage start
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
  > "$OUT/install.log" 2>&1 || { cat "$OUT/install.log"; exit 1; }
python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-compile --target /tmp/site . \
  >> "$OUT/install.log" 2>&1 || { cat "$OUT/install.log"; exit 1; }
# the image has no bubblewrap: a carried Debian .deb (apt-get download bubblewrap into .whl/) is
# unpacked so that kagent's sandbox is bwrap there too, not the weaker unshare fallback
if ! command -v bwrap >/dev/null 2>&1 && ls .whl/bubblewrap_*.deb >/dev/null 2>&1; then
  dpkg -x .whl/bubblewrap_*.deb /tmp/bwrap-deb && export PATH="/tmp/bwrap-deb/usr/bin:$PATH"
fi
stage installed
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1 KAGENT_CACHE_DIR=/tmp/kagent-cache
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader;
  python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)';
  echo "python $(python3 -V 2>&1) cores $(nproc) kernel $(uname -r)";
  python3 -c 'import numpy; print("numpy", numpy.__version__)';
  echo "bwrap: $(command -v bwrap || echo none)"; } > "$OUT/env.txt" 2>&1
cat "$OUT/env.txt"
export KAGENT_GPU_RESULTS="$OUT/gpu_results.json" KAGENT_GPU_FAILURES="$OUT/failures.jsonl"
BG_PID=
if [ -n "${BG:-}" ]; then stage bg; bash -c "$BG" > "$OUT/bg.log" 2>&1 & BG_PID=$!; fi
stage pytest
# SIGINT first: pytest then still prints its failure summary and writes the JUnit file
timeout -s INT -k 20 ${PYTEST_TIMEOUT:-420} python3 -P -m pytest -q -rfE --tb=short -p no:cacheprovider \
  --timeout 240 -n ${PYTEST_WORKERS:-4} --junitxml="$OUT/junit.xml" --durations=15 ${PYTEST_TARGETS:-tests/gpu} \
  > "$OUT/pytest_gpu.log" 2>&1
echo "pytest exit $?" >> "$OUT/pytest_gpu.log"
stage pytest-done
tail -30 "$OUT/pytest_gpu.log"
if [ -n "$BG_PID" ]; then
  wait "$BG_PID"; echo "bg exit $?" >> "$OUT/bg.log"; stage bg-done
  grep -v '^ok ' "$OUT/bg.log" | tail -40
fi
if [ -z "${SKIP_BENCH:-}" ]; then
  stage verify-speed
  timeout ${SPEED_TIMEOUT:-240} python3 benchmarks/verify_speed.py --device cuda --limit ${SPEED_LIMIT:-8} \
    --out "$OUT/verify_speed_gpu.json" > "$OUT/verify_speed.log" 2>&1
  tail -14 "$OUT/verify_speed.log"
  if [ -z "${SKIP_LOWER:-}" ]; then
    for i in $(seq 1 ${LOWER_RUNS:-2}); do
      stage lower-$i
      timeout ${LOWER_TIMEOUT:-200} python3 benchmarks/lower_gpu.py "$OUT/lower_gpu_$i.json" > "$OUT/lower_gpu_$i.log" 2>&1
      tail -12 "$OUT/lower_gpu_$i.log"
    done
  fi
fi
if [ -n "${EXTRA:-}" ]; then stage extra; bash -c "$EXTRA" > "$OUT/extra.log" 2>&1; tail -20 "$OUT/extra.log"; fi
stage end
exit 0
