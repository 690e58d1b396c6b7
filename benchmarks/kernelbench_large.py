"""KernelBench-scale verification cost: `kagent verify` of the large problems of
tests/corpus/kernelbench (the honest candidates at KernelBench's current shapes) against a
KernelBench-style check (Model and ModelNew built under one seed, five seeded trials of
torch.allclose at 1e-2, one fresh process), with the reference cache bounded.

    python benchmarks/kernelbench_large.py [--device cuda] [--limit N] [--only NAME ...] [--budget-s S]
                                            [--small] [--out results.json]

Problems run largest first (product of their size constants); each row: the KB-style check, a cold
verify (fresh reference), a warm verify (reference cached: the repair loop's case), the ratio
cold / KB-style, the reference cache's size after it, and what the report says about the run
(shape cases that fell back, float64 truth on sampled rows).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus" / "kernelbench"

_KERNELBENCH_STYLE = r'''
import sys, torch
from kagent.tools.problem import exec_module
from pathlib import Path
cand, ref, device = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
r = exec_module(ref, "ref")
c = exec_module(cand, "cand")
init = r.get_init_inputs()
torch.manual_seed(42); model = r.Model(*init).to(device)
torch.manual_seed(42); new = c.ModelNew(*init).to(device)
ok = True
for trial in range(5):
    torch.manual_seed(trial)
    inputs = [x.to(device) if isinstance(x, torch.Tensor) else x for x in r.get_inputs()]
    with torch.no_grad():
        a, b = model(*inputs), new(*inputs)
    ok &= a.shape == b.shape and torch.allclose(a, b, atol=1e-2, rtol=1e-2)
if device == "cuda":
    torch.cuda.synchronize()
print("PASS" if ok else "FAIL")
'''


def kernelbench_style(cand: Path, ref: Path, device: str) -> tuple[float, str]:
    env = {**os.environ}
    if device == "cpu":
        env["TRITON_INTERPRET"] = "1"
    t = time.perf_counter()
    res = subprocess.run([sys.executable, "-P", "-c", _KERNELBENCH_STYLE, str(cand), str(ref), device],
                         capture_output=True, text=True, timeout=600, env=env, cwd=ROOT)
    return time.perf_counter() - t, (res.stdout.strip().splitlines() or [res.stderr.strip()[-300:]])[-1]


def _size(problem: Path) -> int:
    consts = _constants(problem)
    return math.prod(c.value for c in consts) if consts else 0


def _constants(problem: Path):
    import ast

    from kagent.tools.problem import shape_constants

    return shape_constants(ast.parse(problem.read_text()))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--limit", type=int, default=5)
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--budget-s", type=float, default=1e9, help="start no new problem after this many seconds")
    ap.add_argument("--small", action="store_true", help="the small shapes (a CPU dry run)")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    os.environ.setdefault("KAGENT_CACHE_DIR", tempfile.mkdtemp(prefix="kagent-kb-large-"))
    from kagent import api

    entries = yaml.safe_load((CORPUS / "manifest.yaml").read_text())["candidates"]
    key = "reference" if args.small else "reference_large"
    entries = [e for e in entries if e.get(key) and (not args.only or Path(e["path"]).stem in args.only)]
    entries.sort(key=lambda e: -_size(CORPUS / e[key]))
    entries = entries[: args.limit]
    start = time.perf_counter()
    rows = []
    print(f"{'kernel':30s} {'KB s':>6s} {'cold s':>7s} {'warm s':>7s} {'cold/KB':>8s} {'cache MB':>9s} verdict")
    for e in entries:
        if time.perf_counter() - start > args.budget_s:
            print(f"budget spent: {Path(e['path']).stem} and later not run")
            break
        cand, ref = CORPUS / e["path"], CORPUS / e[key]
        profile = "lenient" if e.get("keeps_torch") else "default"
        kb_s, kb = kernelbench_style(cand, ref, args.device)
        t = time.perf_counter()
        rep = api.verify(cand, ref, device=args.device, anticheat_profile=profile)
        cold = time.perf_counter() - t
        t = time.perf_counter()
        rep2 = api.verify(cand, ref, device=args.device, anticheat_profile=profile)
        warm = time.perf_counter() - t
        cache = api.cache()
        row = {"kernel": Path(e["path"]).stem, "problem": str(ref.relative_to(ROOT)), "kb_style_s": round(kb_s, 2),
               "kb_style": kb, "cold_s": round(cold, 2), "warm_s": round(warm, 2),
               "cold_over_kb": round(cold / kb_s, 2), "warm_over_kb": round(warm / kb_s, 2),
               "verdict": rep.verdict, "verdict_warm": rep2.verdict, "summary": rep.summary[:300],
               "cases": len(rep.cases), "notes": [f"{c.name}: {c.note}" for c in rep.cases if c.note][:6],
               "not_run": [f"{n.check}: {n.reason[:150]}" for n in rep.checks_not_run][:6],
               "timing": rep.timing.model_dump(), "cache_mb": round(cache.reference_bytes / 2**20, 1),
               "cache_limit_mb": cache.limit_bytes >> 20}
        rows.append(row)
        print(f"{row['kernel']:30s} {kb_s:6.2f} {cold:7.2f} {warm:7.2f} {row['cold_over_kb']:8.2f} "
              f"{row['cache_mb']:9.1f} {rep.verdict} {rep.summary[:80]}", flush=True)
        if args.out:
            args.out.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
