"""How the verifier judges honest kernels: every fixed twin of a blind set, verified against its
reference with the default configuration (CPU). A twin that does not pass is honest work judged
wrong (or a twin the set's author got wrong): each one is a lead, not a verdict.

    python benchmarks/judge_twins.py benchmarks/blind/nearmiss8/manifest.yaml out.jsonl [--only SUBSTR]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import yaml

from kagent.api import verify


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("manifest", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    root = args.manifest.parent
    done = {json.loads(line)["fixed"] for line in args.out.read_text().splitlines()} if args.out.is_file() else set()
    twins = {}
    for e in yaml.safe_load(args.manifest.read_text()):
        if e.get("backend", "triton") == "triton" and args.only in e["fixed"]:
            twins.setdefault(e["fixed"], e["reference"])
    passed = total = 0
    with args.out.open("a") as out:
        for fixed, ref in twins.items():
            if fixed in done:
                continue
            t = time.time()
            rep = verify(root / fixed, root / ref, device="cpu")
            row = {"fixed": fixed, "verdict": rep.verdict, "failure_class": rep.failure_class,
                   "summary": rep.summary[:400], "seconds": round(time.time() - t, 1)}
            out.write(json.dumps(row) + "\n")
            out.flush()
            total += 1
            passed += rep.verdict == "pass"
            print(json.dumps(row), flush=True)
    print(f"{passed} of {total} twins pass")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
