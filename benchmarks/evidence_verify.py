"""What a repair's first verify of the original costs, full and as evidence (kagent/repair/run.py
`evidence_config`: the verifier without its dynamic anti-cheat), on the near-misses of a blind set.

For every near-miss: one verify fills the reference cache, then the full verify and the evidence verify
run in turn (`--repeats` each, one seed for all, so both judge the same inputs). Prints the seconds of each,
and whether the evidence verify says what the full one says where a repair reads it: the verdict, the
failure class and the failing cases (what localization starts from).

    python benchmarks/evidence_verify.py benchmarks/blind/nearmiss38/manifest.yaml --limit 8 [--out F.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

import yaml


def _failing(report) -> list[str]:
    return sorted({f.case for f in report.errors() if f.case})


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("manifest")
    ap.add_argument("--only", default="nearmiss/", help="comma-separated path substrings")
    ap.add_argument("--limit", type=int, default=8)
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--out")
    args = ap.parse_args()

    from kagent.config import VerifyConfig
    from kagent.repair.run import evidence_config
    from kagent.verifiers.verify import verify_paths

    root = Path(args.manifest).resolve().parent
    wanted = args.only.split(",")
    entries = [e for e in yaml.safe_load(Path(args.manifest).read_text())
               if any(w in e["path"] for w in wanted)][: args.limit]
    full_cfg = VerifyConfig(device="cpu", seed=args.seed)
    ev_cfg = evidence_config(full_cfg)
    rows = []
    for e in entries:
        cand, ref = root / e["path"], root / e["reference"]
        verify_paths(cand, ref, full_cfg)  # the reference cache, as a repair's original verify leaves it
        full_s, ev_s = [], []
        for _ in range(args.repeats):
            t = time.monotonic()
            full = verify_paths(cand, ref, full_cfg)
            full_s.append(time.monotonic() - t)
            t = time.monotonic()
            ev = verify_paths(cand, ref, ev_cfg)
            ev_s.append(time.monotonic() - t)
        row = {"path": e["path"], "full_s": round(statistics.median(full_s), 2), "evidence_s": round(statistics.median(ev_s), 2),
               "full": [full.verdict, full.failure_class], "evidence": [ev.verdict, ev.failure_class],
               "same_cases": _failing(full) == _failing(ev), "full_cases": _failing(full), "evidence_cases": _failing(ev)}
        rows.append(row)
        print(f"{e['path']:48s} full {row['full_s']:7.1f} s  evidence {row['evidence_s']:7.1f} s  "
              f"{full.verdict}/{full.failure_class} vs {ev.verdict}/{ev.failure_class}  same cases: {row['same_cases']}",
              flush=True)
    if rows:
        tf, te = sum(r["full_s"] for r in rows), sum(r["evidence_s"] for r in rows)
        print(f"{len(rows)} near-misses: full {tf:.1f} s, evidence {te:.1f} s ({1 - te / tf:.0%} less); "
              f"same verdict {sum(r['full'] == r['evidence'] for r in rows)}, same failing cases "
              f"{sum(r['same_cases'] for r in rows)}")
    if args.out:
        Path(args.out).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
