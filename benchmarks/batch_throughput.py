"""Throughput of `kagent batch`: kernels per minute for --jobs 1 vs --jobs 2 (local executor), and
the Ray executor's overhead against local at the same --jobs.

    python benchmarks/batch_throughput.py [--kernels 6] [--device cpu] [--full-verify] [--no-ray] [--json]

Workload: correct corpus kernels (each: a worker process, the repair graph's ingest, static
anti-cheat and one verify, then the report), offline model. By default a small verify suite
(seeds=1, no stress, 1 boundary shape) so that the batch machinery, not the oracle, dominates;
--full-verify uses the default VerifyConfig. Each configuration runs in a fresh batch directory,
after one unmeasured warm-up pass (kagent's reference-output and Triton caches are then warm for all).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
KERNELS = ["vector_add", "leaky_relu", "gelu", "softmax", "rmsnorm", "layernorm", "log_softmax", "max_reduction",
           "sum_reduction", "bias_relu_scale", "cross_entropy", "scaled_softmax"]


def _specs(n: int) -> list:
    from kagent.batch.plan import KernelSpec

    names = (KERNELS * (n // len(KERNELS) + 1))[:n]
    return [KernelSpec(candidate=str(CORPUS / "correct" / f"{k}.py"), reference=str(CORPUS / "problems" / f"{k}.py"),
                       id=f"{k}_{i}") for i, k in enumerate(names)]


def run(n: int, jobs: int, executor: str, device: str, full: bool) -> dict:
    from kagent.api import batch

    verify = {} if full else {"seeds": 1, "stress": False, "max_shape_cases": 1}
    if device != "auto":
        verify["device"] = device
    out = Path(tempfile.mkdtemp(prefix=f"kbench-{executor}{jobs}-"))
    t0 = time.perf_counter()
    s = batch(_specs(n), token_budget=0, out=out, jobs=jobs, executor=executor, model="offline", verify=verify,
              device=device, patterns_dir=str(out / "patterns"))
    wall = time.perf_counter() - t0
    shutil.rmtree(out, ignore_errors=True)
    ok = sum(k.status == "already_correct" for k in s.kernels)
    return {"executor": executor, "jobs": jobs, "kernels": n, "already_correct": ok, "wall_s": round(wall, 2),
            "kernels_per_min": round(60 * n / wall, 2), "mean_kernel_s": round(sum(k.seconds for k in s.kernels) / n, 2)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels", type=int, default=6)
    ap.add_argument("--device", default="cpu", choices=["auto", "cpu", "cuda"])
    ap.add_argument("--full-verify", action="store_true")
    ap.add_argument("--no-ray", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-warmup", action="store_true", help="skip the unmeasured first pass that fills the caches")
    a = ap.parse_args(argv)
    os.environ.setdefault("KAGENT_CACHE_DIR", str(ROOT / ".kagent-cache" / "bench"))
    if not a.no_warmup:  # reference outputs and Triton caches: every measured configuration starts warm
        run(a.kernels, 2, "local", a.device, a.full_verify)
    rows = [run(a.kernels, 1, "local", a.device, a.full_verify), run(a.kernels, 2, "local", a.device, a.full_verify)]
    if not a.no_ray:
        try:
            import ray  # noqa: F401
        except ImportError:
            print("ray not installed: skipping the Ray executor", file=sys.stderr)
        else:
            rows.append(run(a.kernels, 2, "ray", a.device, a.full_verify))
    local2 = rows[1]
    result = {"rows": rows, "speedup_jobs2_vs_jobs1": round(rows[0]["wall_s"] / local2["wall_s"], 2),
              "cpus": os.cpu_count(), "load_avg_1m": round(os.getloadavg()[0], 2)}
    if len(rows) > 2:
        result["ray_overhead_s_per_kernel"] = round((rows[2]["wall_s"] - local2["wall_s"]) / a.kernels, 2)
        result["ray_overhead_pct"] = round(100 * (rows[2]["wall_s"] / local2["wall_s"] - 1), 1)
    if a.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{'executor':<8} {'jobs':>4} {'kernels':>7} {'wall s':>8} {'kernels/min':>11} {'mean kernel s':>13}")
        for r in rows:
            print(f"{r['executor']:<8} {r['jobs']:>4} {r['kernels']:>7} {r['wall_s']:>8} {r['kernels_per_min']:>11} "
                  f"{r['mean_kernel_s']:>13}")
        print(f"--jobs 2 vs 1: {result['speedup_jobs2_vs_jobs1']}x on {result['cpus']} CPUs "
              f"(1-min load average {result['load_avg_1m']})")
        if "ray_overhead_pct" in result:
            print(f"ray vs local (jobs 2): {result['ray_overhead_pct']:+.1f}% wall "
                  f"({result['ray_overhead_s_per_kernel']:+.2f} s per kernel)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
