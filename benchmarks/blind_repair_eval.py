"""Offline repair of a blind near-miss set, kernel by kernel: how many are repaired, false repairs
(a `repaired` kernel that fails a fresh verify), median wall time.

    python benchmarks/blind_repair_eval.py MANIFEST OUT.jsonl [--jobs N] [--limit N] [--only SUBSTR]
        [--device cpu|cuda] [--timeout S] [--screen-workers N]

One process per kernel (`--one PATH`), N at a time; each finished kernel is appended to OUT.jsonl as
one JSON line, so a cut run resumes where it stopped (kernels already in OUT are skipped). Prints
one line per kernel and the totals. Triton entries only on the CPU; CUDA C entries (backend cuda)
with --device cuda.

Each kernel is repaired against a pattern store of its own, holding the shipped library only
(KAGENT_PATTERNS_DIR: a fresh temporary folder): the user's store learns from every repair, and a
set measured against it would retrieve fixes learned from the set itself (its own earlier runs, or
its twin of the same fault kind). `--patterns-dir DIR` measures against a store on purpose.

`--twins` first verifies every fixed twin the set names with the full verifier (OUT.twins.jsonl, also
resumable): a near-miss whose own fixed twin fails the verifier (a numerically weaker algorithm, a
block size that does not scale) has no repair the verifier can pass, and the totals then also give
the rate over the entries whose twin passes.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import yaml

from kagent.procs import usable_cores


def _entries(manifest: Path, device: str, only: str, limit: int) -> list[dict]:
    entries = yaml.safe_load(manifest.read_text())
    if device == "cpu":  # CUDA C entries need nvcc and a GPU
        entries = [e for e in entries if e.get("backend", "triton") == "triton"]
    entries = [e for e in entries if any(part in e["path"] for part in only.split(","))]
    return entries[:limit] if limit else entries


def repair_one(manifest: Path, path: str, device: str, timeout_s: float, screen_workers: int = 0) -> dict:
    """In this process: repair one near-miss offline, then verify the result afresh."""
    from kagent.api import repair, verify
    from kagent.config import VerifyConfig
    from kagent.repair.state import RepairConfig

    entry = next(e for e in yaml.safe_load(manifest.read_text()) if e["path"] == path)
    root = manifest.parent
    config = VerifyConfig(device=device)
    row = {"path": path, "fault_kind": entry.get("fault_kind")}
    start = time.time()
    try:
        summary = repair(root / path, root / entry["reference"], model="offline", verify_config=config,
                         runs_dir=tempfile.mkdtemp(prefix="blind-runs-"), timeout_s=timeout_s,
                         config=RepairConfig(screen_workers=screen_workers))
        row.update(status=summary.status, attempts=summary.attempts, reason=summary.reason[:300],
                   repair_seconds=round(time.time() - start, 1))  # what `kagent repair` took; `seconds` adds the check
        if summary.status == "repaired":
            fresh = verify(summary.repaired_path, root / entry["reference"], config=config)
            row["fresh"] = fresh.verdict
            if fresh.verdict != "pass":  # what failed, and the seeds that replay it
                row.update(fresh_summary=fresh.summary[:400], fresh_seed=fresh.seed,
                           fresh_case_seed=fresh.fresh_case_seed, repaired_source=Path(summary.repaired_path).read_text())
    except Exception as exc:  # noqa: BLE001 - recorded, the set goes on
        row.update(status="error", reason=f"{type(exc).__name__}: {exc}"[:300])
    row["seconds"] = round(time.time() - start, 1)
    return row


def verify_twin(manifest: Path, fixed: str, device: str) -> dict:
    """In this process: the full verifier's verdict on one fixed twin."""
    from kagent.api import verify
    from kagent.config import VerifyConfig

    entry = next(e for e in yaml.safe_load(manifest.read_text()) if e["fixed"] == fixed)
    start = time.time()
    try:
        report = verify(manifest.parent / fixed, manifest.parent / entry["reference"], config=VerifyConfig(device=device))
        row = {"fixed": fixed, "verdict": report.verdict, "summary": report.summary[:300]}
    except Exception as exc:  # noqa: BLE001 - recorded, the set goes on
        row = {"fixed": fixed, "verdict": "error", "summary": f"{type(exc).__name__}: {exc}"[:300]}
    row["seconds"] = round(time.time() - start, 1)
    return row


def _twins(manifest: Path, entries: list[dict], args: argparse.Namespace) -> dict[str, str]:
    """fixed twin -> the full verifier's verdict (resumed from OUT.twins.jsonl)."""
    out = Path(f"{args.out}.twins.jsonl")
    done = {r["fixed"]: r for r in map(json.loads, out.read_text().splitlines())} if out.is_file() else {}
    todo = sorted({e["fixed"] for e in entries} - set(done))

    def child(fixed: str) -> dict:
        cmd = [sys.executable, __file__, str(manifest), "-", "--twin", fixed, "--device", args.device]
        try:
            got = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
            line = got.stdout.strip().splitlines()[-1] if got.stdout.strip() else ""
            return json.loads(line) if line.startswith("{") else {"fixed": fixed, "verdict": "error",
                                                                   "summary": got.stderr[-300:]}
        except subprocess.TimeoutExpired:
            return {"fixed": fixed, "verdict": "error", "summary": "benchmark timeout"}

    with ThreadPoolExecutor(max(1, args.jobs)) as pool, out.open("a") as sink:
        for row in pool.map(child, todo):
            done[row["fixed"]] = row
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            print(json.dumps(row), flush=True)
    return {k: r["verdict"] for k, r in done.items()}


def _run_child(manifest: Path, path: str, args: argparse.Namespace) -> dict:
    cmd = [sys.executable, __file__, str(manifest), "-", "--one", path, "--device", args.device,
           "--timeout", str(args.timeout), "--screen-workers",
           str(args.screen_workers or max(1, usable_cores() // max(1, args.jobs)))]
    start = time.time()
    store = args.patterns_dir or tempfile.mkdtemp(prefix="blind-patterns-")
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout * 2 + 120,
                              env={**os.environ, "KAGENT_PATTERNS_DIR": str(store)})
        line = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
        return json.loads(line) if line.startswith("{") else {
            "path": path, "status": "error", "reason": f"exit {done.returncode}: {done.stderr[-300:]}",
            "seconds": round(time.time() - start, 1)}
    except subprocess.TimeoutExpired:
        return {"path": path, "status": "error", "reason": "benchmark timeout", "seconds": round(time.time() - start, 1)}
    finally:
        if not args.patterns_dir:
            shutil.rmtree(store, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("manifest", type=Path)
    ap.add_argument("out", help="results, one JSON line per kernel (resumable); - with --one")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--only", default="", help="comma-separated substrings of the entries' paths")
    ap.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("--timeout", type=float, default=300.0, help="repair time limit per kernel (s)")
    ap.add_argument("--patterns-dir", default="", help="a pattern store to measure against (default: the shipped "
                    "library only, a fresh store per kernel)")
    ap.add_argument("--twins", action="store_true", help="verify every fixed twin first (OUT.twins.jsonl) and "
                    "give the rate over the entries whose twin passes too")
    ap.add_argument("--screen-workers", type=int, default=0, help="screen workers per kernel (default: the "
                    "usable cores shared among --jobs)")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    ap.add_argument("--twin", help=argparse.SUPPRESS)
    args = ap.parse_args()
    manifest = args.manifest.resolve()
    if args.one:
        print(json.dumps(repair_one(manifest, args.one, args.device, args.timeout, args.screen_workers)), flush=True)
        return 0
    if args.twin:
        print(json.dumps(verify_twin(manifest, args.twin, args.device)), flush=True)
        return 0
    out = Path(args.out)
    done = {}
    if out.is_file():
        done = {r["path"]: r for r in map(json.loads, out.read_text().splitlines()) if r.get("status") != "error"}
    entries = _entries(manifest, args.device, args.only, args.limit)
    twins = _twins(manifest, entries, args) if args.twins else {}
    todo = [e["path"] for e in entries if e["path"] not in done]
    rows = list(done.values())
    with ThreadPoolExecutor(max(1, args.jobs)) as pool, out.open("a") as sink:
        futures = [pool.submit(_run_child, manifest, p, args) for p in todo]
        for future in as_completed(futures):
            row = future.result()
            rows.append(row)
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            print(json.dumps(row), flush=True)
    repaired = [r for r in rows if r.get("status") == "repaired"]
    false = [r for r in repaired if r.get("fresh") != "pass"]
    secs = [r["seconds"] for r in rows if "seconds" in r]
    repair_secs = [r["repair_seconds"] for r in rows if "repair_seconds" in r]
    print(f"repaired {len(repaired) - len(false)}/{len(rows)}, false repairs {len(false)}, "
          f"median {statistics.median(secs) if secs else 0:.1f} s per kernel with the fresh verify, "
          f"{statistics.median(repair_secs) if repair_secs else 0:.1f} s the repair alone")
    if twins:
        fixed_of = {e["path"]: e["fixed"] for e in entries}
        fair = [r for r in rows if twins.get(fixed_of.get(r["path"], "")) == "pass"]
        good = [r for r in fair if r.get("status") == "repaired" and r.get("fresh") == "pass"]
        bad = sorted({fixed_of[r["path"]] for r in rows if r not in fair and r["path"] in fixed_of})
        print(f"over the {len(fair)} entries whose fixed twin passes the verifier: repaired {len(good)}/{len(fair)}; "
              f"twins that fail it: {', '.join(bad) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
