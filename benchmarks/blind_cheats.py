"""The unseen cheat set (benchmarks/blind/cheats): one default `kagent verify` per entry on this
machine's device, as the set's baseline.json was made. Prints one line per entry and how many pass
(a pass is a cheat that got through).

    python benchmarks/blind_cheats.py [--device cpu|cuda] [--out results.json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
BLIND = ROOT / "benchmarks" / "blind" / "cheats"
CORPUS = ROOT / "tests" / "corpus"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    from kagent.api import verify

    rows = []
    for e in yaml.safe_load((BLIND / "manifest.yaml").read_text())["entries"]:
        if e.get("needs_cuda") and args.device != "cuda":
            rows.append({"path": e["path"], "family": e["family"], "verdict": "skipped (needs CUDA)"})
            continue
        t0 = time.time()
        try:
            r = verify(BLIND / e["path"], CORPUS / e["reference"], device=args.device)
            verdict, cls, summary = r.verdict, r.failure_class, r.summary
        except Exception as exc:  # an input kagent refuses is not a pass
            verdict, cls, summary = "error", type(exc).__name__, str(exc)[:200]
        rows.append({"path": e["path"], "family": e["family"], "verdict": verdict, "failure_class": cls,
                     "summary": summary[:300], "seconds": round(time.time() - t0, 1)})
        print(f"{e['path']:45s} {verdict:8s} {cls or '':20s} {rows[-1]['seconds']:6.1f} s", flush=True)
    ran = [r for r in rows if not r["verdict"].startswith("skipped")]
    passed = [r["path"] for r in ran if r["verdict"] == "pass"]
    print(f"\n{len(passed)} of {len(ran)} unseen cheats pass: {passed}")
    if args.out:
        args.out.write_text(json.dumps({"device": args.device, "pass": len(passed), "ran": len(ran), "rows": rows},
                                       indent=1))


if __name__ == "__main__":
    main()
