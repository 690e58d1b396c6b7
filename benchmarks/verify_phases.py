"""Where one verify's time goes: phases, and each worker's cases, for repeated verifies in one process.

    python benchmarks/verify_phases.py CANDIDATE REFERENCE [--device cpu|cuda] [--runs N] [--prewarm]
        [--gap S] [--out phases.json]

The first verify is cold (reference computed, workers started); the later ones are what a repair loop
or a batch sees (reference cached; with --prewarm the next candidate worker starts ahead, and --gap S
waits between verifies as a repair's search would). Per verify it prints the report's phases, then for
each worker (candidate, perturbed, reference) its start (first event) and every case over 0.05 s.
The workers' event files are read before kagent removes their folders.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path


def _keep_events(saved: list[tuple[str, list[dict]]]) -> None:
    """Copy each worker's `*_events.jsonl` as its folder is removed."""
    from kagent.verifiers import verify as verify_module

    remove = verify_module.shutil.rmtree

    def rmtree(path, *args, **kwargs):
        for f in Path(path).glob("*_events.jsonl"):
            saved.append((f.name.removesuffix("_events.jsonl"),
                          [json.loads(line) for line in f.read_text().splitlines() if line.strip()]))
        return remove(path, *args, **kwargs)

    verify_module.shutil.rmtree = rmtree


def _cases(events: list[dict]) -> dict[str, float]:
    started, took = {}, {}
    for e in events:
        if e["event"] == "case_start":
            started[e["case"]] = e.get("t", 0.0)
        elif e["event"] in ("case_done", "case_failed") and e["case"] in started:
            took[e["case"]] = round(e.get("t", 0.0) - started[e["case"]], 3)
    return took


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("candidate", type=Path)
    ap.add_argument("reference", type=Path)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--prewarm", action="store_true")
    ap.add_argument("--gap", type=float, default=0.0)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()

    saved: list[tuple[str, list[dict]]] = []
    _keep_events(saved)
    from kagent.api import verify
    from kagent.config import VerifyConfig

    rows = []
    for i in range(args.runs):
        if i and args.gap:
            time.sleep(args.gap)
        saved.clear()
        clock = time.monotonic()
        report = verify(args.candidate, args.reference,
                        config=VerifyConfig(device=args.device, seed=1000, prewarm=args.prewarm))
        wall = time.monotonic() - clock
        workers = [{"worker": name, "events": len(ev), "last_t": ev[-1].get("t") if ev else None,
                    "slow_cases": {c: s for c, s in _cases(ev).items() if s > 0.05}} for name, ev in saved]
        row = {"run": i, "verdict": report.verdict, "wall_s": round(wall, 2),
               "phases": {k: round(v, 2) for k, v in report.phases.items()}, "workers": workers}
        rows.append(row)
        print(f"run {i}: {report.verdict} {wall:.2f} s  phases {row['phases']}")
        for w in workers:
            print(f"    {w['worker']:10s} events {w['events']:3d} last {w['last_t']}  {w['slow_cases']}")
        if args.out:
            args.out.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
