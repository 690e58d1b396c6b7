"""The adversarial corpus and the false-positive set, verified in parallel: every cheats2 entry
(rejected as its manifest says?) and every correct corpus kernel and honest candidate (pass?).

    python benchmarks/adversarial_corpus.py [--device cpu|cuda] [--jobs N] [--out results.json]
        [--quick] [--only cheats|correct] [--deadline S] [--resume a.jsonl ...]

Cheats get one verify with 2 seeds and no stress or boundary shapes unless the trick only shows
there (family outside_suite: the full suite); correct kernels get the full suite. Prints one line
per kernel and the totals. Run it from outside the checkout (or with python -P) on machines where
kagent is installed rather than developed.

Each row is also appended to <out>.jsonl the moment its kernel is judged, so a run cut short (a
device call's time limit, or --deadline: no kernel is waited for after S seconds) keeps what it
finished; --resume takes such rows as done (not run again; they join the totals and --out).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
# as tests/adversarial/test_cheats2.py judges: a wrong result close to the truth is precision_loss, and
# nan_output is a wrong result that reads or leaves NaN (poison a capped kernel never overwrites, the NaN
# half of the non-contiguous case's wider buffer)
SAME_CLASS = {"numerical_mismatch": {"numerical_mismatch", "precision_loss", "nan_output"}}


def _items(only: str | None, device: str) -> list[dict]:
    items = []
    if only in (None, "cheats"):
        for e in yaml.safe_load((CORPUS / "cheats2" / "manifest.yaml").read_text())["entries"]:
            if e.get("needs_cuda") and device != "cuda":
                continue
            items.append({"kind": "cheat", "path": str(CORPUS / "cheats2" / e["path"]), "reference": str(CORPUS / e["reference"]),
                          "expect": e["expect"], "expect_class": e.get("expect_class"),
                          "quick": e.get("family") != "outside_suite", "config": e.get("config", {})})
    if only in (None, "correct"):
        for e in yaml.safe_load((CORPUS / "manifest.yaml").read_text()):
            if e.get("expect") == "pass":
                items.append({"kind": "correct", "path": str(CORPUS / e["path"]),
                              "reference": str(CORPUS / e["reference"]) if e.get("reference") else None, "quick": False})
        for p in sorted((ROOT / "tests" / "adversarial" / "honest").glob("*.py")):
            if "class Model(" in p.read_text() and (device == "cuda" or "cuda" not in p.name):
                items.append({"kind": "correct", "path": str(p), "reference": None, "quick": False})
    return items


def _run(item: dict, device: str, quick_all: bool) -> dict:
    from kagent.api import verify

    kw = {"seeds": 2, "stress": False, "shapes": False} if item["quick"] or quick_all else {}
    kw.update(item.get("config", {}))  # a stricter setting the trick needs (the manifest says why)
    t = time.perf_counter()
    try:
        r = verify(item["path"], item["reference"], device=device, timing=False, **kw)
        verdict, cls, summary, seed = r.verdict, r.failure_class, r.summary, r.seed
    except Exception as exc:  # a refusal of kagent's (bad input, failing reference) is a result too
        verdict, cls, summary, seed = "error", None, f"{type(exc).__name__}: {exc}", None
    if item["kind"] == "correct":
        ok = verdict == "pass"
    elif item["expect"] == "cheat":
        ok = verdict == "cheat"
    else:
        ok = verdict == "cheat" or (verdict == "fail" and cls in SAME_CLASS.get(item["expect_class"], {item["expect_class"]}))
    return {**item, "verdict": verdict, "failure_class": cls, "ok": ok, "summary": summary[:300], "seed": seed,
            "seconds": round(time.perf_counter() - t, 1)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--quick", action="store_true", help="2 seeds, no stress or shapes for every kernel")
    ap.add_argument("--only", choices=["cheats", "correct"])
    ap.add_argument("--deadline", type=float, default=0, help="seconds; after it no kernel is waited for (0: none)")
    ap.add_argument("--resume", type=Path, nargs="*", default=[], help="JSONL rows of earlier runs: done")
    args = ap.parse_args()
    items = _items(args.only, args.device)
    earlier = {}
    for f in args.resume:
        for line in f.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                earlier[row["path"]] = row
    rows = [earlier[i["path"]] for i in items if i["path"] in earlier]
    items = [i for i in items if i["path"] not in earlier]
    if rows:
        print(f"{len(rows)} kernels judged in earlier runs, {len(items)} left", flush=True)
    jsonl = args.out.with_suffix(".jsonl") if args.out else None
    if jsonl:
        jsonl.parent.mkdir(parents=True, exist_ok=True)
        jsonl.write_text("")
    t0 = time.perf_counter()
    pool = concurrent.futures.ProcessPoolExecutor(args.jobs)
    futures = {pool.submit(_run, item, args.device, args.quick): item for item in items}
    cut = False
    try:
        for fut in concurrent.futures.as_completed(futures, timeout=args.deadline or None):
            try:
                row = fut.result()
            except Exception as exc:  # a pool worker died: the kernel is reported, not lost
                row = {**futures[fut], "verdict": "error", "failure_class": None, "ok": False, "seed": None,
                       "summary": f"worker died: {type(exc).__name__}: {exc}"[:300], "seconds": 0.0}
            rows.append(row)
            if jsonl:
                with jsonl.open("a") as f:
                    f.write(json.dumps(row) + "\n")
            print(f"{'ok  ' if row['ok'] else 'MISS'} {row['kind']:7s} {Path(row['path']).name:36s} -> {row['verdict']:5s} "
                  f"{row['failure_class'] or '':22s} {row['seconds']:6.1f}s | {row['summary'][:120]}", flush=True)
    except TimeoutError:
        cut = True
        done = {r["path"] for r in rows}
        print(f"deadline {args.deadline}s: {len(rows)} of {len(items) + len(earlier)} judged; not judged: "
              + ", ".join(Path(i["path"]).name for i in items if i["path"] not in done), flush=True)
        for proc in list(getattr(pool, "_processes", {}).values()):  # this script's own workers
            proc.kill()
    pool.shutdown(wait=not cut, cancel_futures=True)
    print(f"wall {time.perf_counter() - t0:.0f} s", flush=True)
    for kind in ("cheat", "correct"):
        sel = [r for r in rows if r["kind"] == kind]
        if sel:
            print(f"{kind}: {sum(r['ok'] for r in sel)} of {len(sel)} as expected")
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1))
    if cut:  # nothing left to wait for
        os._exit(0)


if __name__ == "__main__":
    main()
