#!/usr/bin/env bash
# The GPU run, in one call on the H200 (see docs/gpu.md): install the carried wheels and kagent
# into /tmp/site, run tests/gpu and the GPU benchmarks, write everything under $OUT.
# Usage (device tool, carry [".whl"]): bash scripts/gpu_suite.sh
set -uo pipefail
OUT=${OUT:-/tmp/kagent-gpu-out}
mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
python3 -m pip install -q --no-index --no-deps --no-build-isolation --no-compile --target /tmp/site . || exit 1
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1 KAGENT_CACHE_DIR=/tmp/kagent-cache
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader;
  python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)'; } | tee "$OUT/env.txt"
export KAGENT_GPU_RESULTS="$OUT/gpu_results.json"
timeout ${PYTEST_TIMEOUT:-420} python3 -P -m pytest -q -rs -p no:cacheprovider --timeout 200 ${PYTEST_TARGETS:-tests/gpu} 2>&1 | tee "$OUT/pytest_gpu.log" | tail -40
if [ -z "${SKIP_BENCH:-}" ]; then
  timeout ${SPEED_TIMEOUT:-240} python3 benchmarks/verify_speed.py --device cuda --limit ${SPEED_LIMIT:-8} --out "$OUT/verify_speed_gpu.json" 2>&1 | tail -14
  [ -z "${SKIP_LOWER:-}" ] && [ -f benchmarks/lower_gpu.py ] && timeout 120 python3 benchmarks/lower_gpu.py "$OUT/lower_gpu.json" 2>&1 | tail -14
fi
exit 0
