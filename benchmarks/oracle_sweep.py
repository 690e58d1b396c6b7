"""How the oracle alone judges honest kernels: every Triton fixed twin of the blind sets, run on the
problem's seeded inputs (seeds 0-2, KernelBench's seeded construction), its outputs judged by
`oracle.compare` against the reference in float32 and float64 — without the sensitivity run, so a
flagged twin is a lead to read (the full verifier loosens where the problem's conditioning does), not a
verdict. Each row also gives the verdict with the grossly-wrong-element rule switched off, so a change to
the oracle can be swept for new false failures in minutes on a GPU instead of hours of full verifies.

    python benchmarks/oracle_sweep.py OUT.jsonl [--sets nearmiss3 nearmiss39 ...] [--device cpu] [--jobs 1]
                                      [--near-misses]

One subprocess per set (a kernel that hangs costs its set's remaining twins, reported as `timeout`).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

BLIND = Path(__file__).resolve().parent / "blind"


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def _to(x, device, double=False):
    import torch

    if isinstance(x, torch.Tensor):
        x = x.to(device)
        return x.double() if double and x.is_floating_point() else x
    return x


def _outputs(o):
    return list(o) if isinstance(o, (tuple, list)) else [o]


def judge_twin(fixed: Path, problem: Path, seed: int, device: str) -> dict:
    import torch

    from kagent.verifiers import oracle
    from kagent.verifiers.harness import _Float64Everywhere

    ref_mod = _load(problem, f"ref_{problem.stem}_{seed}")
    twin_mod = _load(fixed, f"twin_{fixed.stem}_{seed}")
    torch.manual_seed(seed)
    init = ref_mod.get_init_inputs()
    torch.manual_seed(seed)
    ref = ref_mod.Model(*init).to(device)
    torch.manual_seed(seed)
    twin = twin_mod.ModelNew(*init).to(device)
    torch.manual_seed(seed)
    inputs = [_to(x, device) for x in ref_mod.get_inputs()]
    with torch.no_grad():
        outs = _outputs(ref(*inputs))
        cand = _outputs(twin(*inputs))
        with _Float64Everywhere():  # as the harness makes its truth (tensors a forward creates in float64)
            truth = _outputs(ref.double()(*[_to(x, device, True) for x in inputs]))
    row = {"cls": None, "msg": "", "gross": 0, "old_cls": None}
    keep = oracle._gross
    for i, (o, t, c) in enumerate(zip(outs, truth, cand)):
        cls, _ev, msg = oracle.compare(o, t, c, i, 8.0)
        oracle._gross = lambda e, *_a: torch.zeros_like(e, dtype=torch.bool)
        try:
            old = oracle.compare(o, t, c, i, 8.0)[0]
        finally:
            oracle._gross = keep
        if cls is not None and row["cls"] is None:
            row.update(cls=cls, msg=msg[:300])
        row["gross"] += "half their own value" in msg
        row["old_cls"] = row["old_cls"] or old
    return row


def sweep_set(name: str, device: str, seeds: list[int], near_misses: bool = False) -> None:
    """Worker: one set's twins (or near-misses), one JSON row per kernel and seed on stdout."""
    import yaml

    root = BLIND / name
    twins = {}
    for e in yaml.safe_load((root / "manifest.yaml").read_text()):
        if e.get("backend", "triton") == "triton":
            twins.setdefault(e["path"] if near_misses else e["fixed"], e["reference"])
    for fixed, ref in twins.items():
        for seed in seeds:
            t = time.time()
            try:
                row = judge_twin(root / fixed, root / ref, seed, device)
            except Exception as exc:  # noqa: BLE001 - a twin that breaks is a row, not the end of the set
                row = {"cls": "error", "msg": f"{type(exc).__name__}: {exc}"[:300], "gross": 0, "old_cls": "error"}
            row.update(set=name, file=fixed, seed=seed, seconds=round(time.time() - t, 2))
            print(json.dumps(row), flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--sets", nargs="*", help="set folders under benchmarks/blind (default: every nearmiss*)")
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--seeds", type=int, nargs="*", default=[0, 1, 2])
    ap.add_argument("--jobs", type=int, default=8)
    ap.add_argument("--timeout", type=float, default=400.0, help="seconds per set")
    ap.add_argument("--near-misses", action="store_true",
                    help="judge the near-misses instead (what the grossly-wrong rule newly catches: cls set, old_cls not)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        sweep_set(args.worker, args.device, args.seeds, args.near_misses)
        return 0
    sets = args.sets or sorted(p.name for p in BLIND.glob("nearmiss*") if (p / "manifest.yaml").is_file())
    env = dict(os.environ, TRITON_INTERPRET="1" if args.device == "cpu" else os.environ.get("TRITON_INTERPRET", "0"))

    def run(name: str) -> list[str]:
        cmd = [sys.executable, "-P", __file__, str(args.out), "--worker", name, "--device", args.device,
               "--seeds", *map(str, args.seeds)] + (["--near-misses"] if args.near_misses else [])
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout, env=env)
            lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
            if p.returncode:
                lines.append(json.dumps({"set": name, "cls": "crash", "msg": p.stderr[-300:]}))
        except subprocess.TimeoutExpired as exc:
            out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
            lines = [ln for ln in out.splitlines() if ln.startswith("{")]
            lines.append(json.dumps({"set": name, "cls": "timeout", "msg": f"set cut at {args.timeout:g} s"}))
        return lines

    counts = {"rows": 0, "pass": 0, "gross": 0, "new_fail": 0}
    with args.out.open("w") as out, cf.ThreadPoolExecutor(args.jobs) as pool:
        for lines in pool.map(run, sets):
            for ln in lines:
                out.write(ln + "\n")
                row = json.loads(ln)
                counts["rows"] += 1
                counts["pass"] += row.get("cls") is None
                counts["gross"] += row.get("gross", 0) > 0
                counts["new_fail"] += row.get("cls") is not None and row.get("old_cls") is None
            out.flush()
    print(json.dumps(counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
