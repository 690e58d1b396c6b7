"""Retrieval benchmark: is the pattern that fixes each near-miss of the corpus in the top 1 / top 3?

For every nearmiss/ entry of tests/corpus/manifest.yaml the query is what the repair graph
builds: the failure class (from the manifest), the fault text and the kernel source. The fault
text comes from `--fault-text`:

  report    (default) the verify report of the near-miss: its summary and error findings
            (kagent.api.verify on CPU; reports are cached in --cache, so reruns are fast)
  manifest  the manifest's one-line `fault` description (what a human bug report would say)
  none      no text: failure class and kernel source only

Which pattern fixes which near-miss is benchmarks/retrieval_truth.yaml. Prints a table and the
summary (top-1, top-3, median retrieval latency); --json prints the records instead.

    .venv/bin/python benchmarks/retrieval.py [--fault-text report|manifest|none] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"


def _report_text(entry: dict, cache: Path) -> str:
    from kagent.api import verify

    cache.mkdir(parents=True, exist_ok=True)
    key = cache / (entry["path"].replace("/", "__") + ".json")
    if key.exists():
        data = json.loads(key.read_text())
    else:
        cand = CORPUS / entry["path"]
        ref = CORPUS / entry["reference"] if entry.get("reference") else None
        report = verify(cand, ref, device="cpu", seeds=1, determinism=False, timing=False)
        data = report.model_dump(mode="json")
        key.write_text(json.dumps(data))
    lines = [data["summary"]]
    for f in data["findings"]:
        if f["severity"] == "error" and f["message"] not in lines:
            lines.append(f["message"])
    return "\n".join(lines)[:3000]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fault-text", choices=["report", "manifest", "none"], default="report")
    ap.add_argument("--cache", type=Path, default=ROOT / ".kagent-cache" / "retrieval_reports")
    ap.add_argument("--embedding", default="hashed")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    from kagent.patterns.store import PatternStore

    manifest = yaml.safe_load((CORPUS / "manifest.yaml").read_text())
    truth = yaml.safe_load((Path(__file__).parent / "retrieval_truth.yaml").read_text())["fixes_patterns"]
    entries = [e for e in manifest if e["path"].startswith("nearmiss/")]
    missing = [e["path"] for e in entries if e["path"] not in truth]
    if missing:
        sys.stderr.write(f"no truth for: {missing}\n")
        return 2

    records = []
    with tempfile.TemporaryDirectory() as tmp:
        store = PatternStore.open(Path(tmp), embedding=args.embedding)
        unknown = [p for ids in truth.values() for p in ids if p not in {x.id for x in store.all()}]
        if unknown:
            sys.stderr.write(f"truth names unknown patterns: {unknown}\n")
            return 2
        for e in entries:
            if args.fault_text == "report":
                text = _report_text(e, args.cache)
            elif args.fault_text == "manifest":
                text = e["fault"]
            else:
                text = ""
            source = (CORPUS / e["path"]).read_text()
            t0 = time.perf_counter()
            hits = store.retrieve(e["failure_class"], text, source, backend="triton", k=10)
            ms = (time.perf_counter() - t0) * 1000
            ids = [h.pattern.id for h in hits]
            want = truth[e["path"]]
            rank = min((ids.index(w) + 1 for w in want if w in ids), default=None)
            records.append({"path": e["path"], "failure_class": e["failure_class"], "rank": rank,
                            "top1": rank == 1, "top3": rank is not None and rank <= 3,
                            "ms": round(ms, 2), "retrieved": ids[:3]})
    n = len(records)
    top1 = sum(r["top1"] for r in records) / n
    top3 = sum(r["top3"] for r in records) / n
    med = statistics.median(r["ms"] for r in records)
    summary = {"queries": n, "fault_text": args.fault_text, "embedding": args.embedding,
               "top1": round(top1, 3), "top3": round(top3, 3), "median_ms": round(med, 2)}
    if args.json:
        print(json.dumps({"summary": summary, "records": records}, indent=1))
    else:
        width = max(len(r["path"]) for r in records)
        print(f"{'near-miss':<{width}}  {'failure class':<20} rank  top1 top3  ms     retrieved top-3")
        for r in records:
            print(f"{r['path']:<{width}}  {r['failure_class']:<20} {str(r['rank'] or '-'):>4}  "
                  f"{'x' if r['top1'] else '.':>4} {'x' if r['top3'] else '.':>4} {r['ms']:6.1f}  "
                  f"{', '.join(r['retrieved'])}")
        print(f"\n{n} near-misses, fault text = {args.fault_text}, embedding = {args.embedding}: "
              f"top-1 {top1:.1%}, top-3 {top3:.1%}, median retrieval latency {med:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
