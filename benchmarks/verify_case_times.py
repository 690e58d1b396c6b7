"""Where a verify's candidate worker spends its time, case by case (a diagnosis aid for verify_speed.py).

Verifies one candidate `--runs` times (the first run fills the reference and Triton caches; the rest
are warm) and prints, for each warm run, every case's seconds, the trap seconds and how the launch
counter traced launches (CUPTI callbacks or torch.profiler).

    python benchmarks/verify_case_times.py tests/corpus/correct/vector_add.py --device cuda [--prewarm]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("candidate")
    ap.add_argument("--reference")
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--prewarm", action="store_true", help="start the next worker ahead, as the repair loop does")
    ap.add_argument("--json")
    args = ap.parse_args()

    from kagent.api import verify
    from kagent.verifiers import verify as verify_mod

    seen: list[list[dict]] = []
    original = verify_mod._worker_phases

    def spy(events: list[dict]) -> dict[str, float]:
        seen.append([{k: e.get(k) for k in ("case", "seconds", "trap_seconds", "launches", "t", "step_s")}
                     for e in events if e["event"] == "case_done"])
        return original(events)

    verify_mod._worker_phases = spy
    candidate = Path(args.candidate)
    reference = args.reference
    if reference is None:
        import yaml

        manifest = yaml.safe_load((candidate.parents[1] / "manifest.yaml").read_text())
        rel = str(candidate.relative_to(candidate.parents[1]))
        reference = str(candidate.parents[1] / next(e["reference"] for e in manifest if e["path"] == rel))
    rows = []
    for i in range(args.runs):
        if args.prewarm and i:
            time.sleep(2.0)
        start = time.monotonic()
        report = verify(candidate, reference, device=args.device, prewarm=args.prewarm)
        row = {"run": i, "seconds": round(time.monotonic() - start, 2), "verdict": report.verdict,
               "phases": report.phases,
               "cases": seen[-1] if seen else []}
        rows.append(row)
        print(f"run {i}: {row['seconds']} s {report.verdict}")
        if row["phases"]:
            print("   phases: " + ", ".join(f"{k} {v:.2f}" for k, v in row["phases"].items()))
        for c in row["cases"]:
            launch = c.get("launches") or {}
            print(f"   {c['case']:<24} {c['seconds'] or 0:7.3f} s  traps {c.get('trap_seconds') or 0:6.3f}"
                  + (f"  profiler {launch.get('profiler_kind')} {launch.get('profiler')}" if launch else ""))
            if c.get("step_s"):  # the first case: each trap's start and stop, the call, the rest
                print("      " + ", ".join(f"{k} {v:.3f}" for k, v in c["step_s"].items()))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1, default=str))


if __name__ == "__main__":
    main()
