"""`kagent batch` over several GPUs: a 32-kernel batch at --jobs = GPU count, on 1 GPU and on all
visible GPUs; prints both wall times, the speedup, and each GPU's share and busy time.

    python benchmarks/batch_gpus.py [--kernels 32] [--gpus N] [--full-verify] [--json]

Needs CUDA and at least two visible GPUs for a speedup (on one GPU it prints the one-GPU figure).
Workload: correct corpus kernels (each: a worker process, the repair graph's ingest, static
anti-cheat, one verify with timing on its GPU, the report), offline model, a small verify suite
(seeds=1, no stress, 1 boundary shape) unless --full-verify. One unmeasured warm-up pass on all
GPUs first (kagent's reference-output and Triton caches are then warm for both measured runs).
Both runs use --jobs = the number of GPUs in the multi-GPU run, so the only difference is how many
GPUs the workers are spread over (on one GPU: all workers on it, their timing serialised).
"""

from __future__ import annotations

import argparse
import json
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


def run(n: int, jobs: int, gpus: str, full: bool) -> dict:
    from kagent.api import batch

    verify = {} if full else {"seeds": 1, "stress": False, "max_shape_cases": 1}
    out = Path(tempfile.mkdtemp(prefix=f"kbench-gpus{gpus.replace(',', '-')}-"))
    t0 = time.perf_counter()
    s = batch(_specs(n), token_budget=0, out=out, jobs=jobs, model="offline", verify=verify, device="cuda",
              gpus=gpus, patterns_dir=str(out / "patterns"))
    wall = time.perf_counter() - t0
    shutil.rmtree(out, ignore_errors=True)
    ids = [k.id for k in s.kernels]
    return {"gpus": gpus, "jobs": jobs, "kernels": n, "reported": len(ids), "reported_once": len(set(ids)) == n == len(ids),
            "counts": {k: v for k, v in s.counts.items() if v}, "wall_s": round(wall, 2),
            "per_gpu": {g.gpu: {"kernels": g.kernels, "busy": g.utilisation, "retired": g.retired} for g in s.gpus}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels", type=int, default=32)
    ap.add_argument("--gpus", default="all", help="the multi-GPU run's --gpus (default all visible)")
    ap.add_argument("--full-verify", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    from kagent.batch.gpus import detect_gpus, select_gpus

    many = select_gpus(a.gpus, detect_gpus())
    if not many:
        print("no CUDA GPU visible: nothing to measure", file=sys.stderr)
        return 2
    jobs = len(many)
    run(min(a.kernels, 2 * jobs), jobs, a.gpus, a.full_verify)  # warm-up, unmeasured
    one = run(a.kernels, jobs, "1", a.full_verify)
    rows = [one]
    if len(many) > 1:
        rows.append(run(a.kernels, jobs, a.gpus, a.full_verify))
    speedup = round(one["wall_s"] / rows[-1]["wall_s"], 2) if len(rows) > 1 else None
    if a.json:
        print(json.dumps({"runs": rows, "speedup": speedup}, indent=2))
        return 0
    for r in rows:
        print(f"--gpus {r['gpus']:>5}  --jobs {r['jobs']}: {r['kernels']} kernels in {r['wall_s']:7.1f} s "
              f"(reported once each: {r['reported_once']}; {r['counts']})")
        for g, u in r["per_gpu"].items():
            print(f"    GPU {g}: {u['kernels']} kernels, busy {u['busy']:.0%}" + (" RETIRED" if u["retired"] else ""))
    print(f"speedup, {len(many)} GPUs vs 1: {speedup}x" if speedup else "one GPU only: no speedup to measure")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
