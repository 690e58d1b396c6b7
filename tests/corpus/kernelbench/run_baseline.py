"""Measure the current kagent verifier on this corpus: one `kagent verify --json` per small candidate,
one at a time, each under a wall-clock limit; writes baseline.json and BASELINE.md beside this file.

    .venv/bin/python tests/corpus/kernelbench/run_baseline.py [--timeout 400] [--only NAME ...] [--reports DIR]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import subprocess
import sys
import time
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]


def condense(report: dict) -> dict:
    findings = report.get("findings", [])
    failing = [f for f in findings if f.get("severity") == "error"]
    skipped = [{"case": c["name"], "reason": c.get("skipped") or c.get("reason")}
               for c in report.get("cases", []) if c.get("skipped") or c.get("status") == "skipped"]
    return {
        "verdict": report.get("verdict"),
        "failure_class": report.get("failure_class"),
        "summary": report.get("summary"),
        "failing_checks": sorted({f["check"] for f in failing}),
        "findings": [{"check": f.get("check"), "severity": f.get("severity"), "failure_class": f.get("failure_class"),
                      "case": f.get("case"), "message": (f.get("message") or "")[:400]} for f in findings],
        "skipped_cases": skipped,
        "checks_not_run": report.get("checks_not_run"),
        "seconds": report.get("seconds"),
    }


def kagent_state() -> dict:
    """The commit and the uncommitted edits of the code under test (the checkout may change while it runs)."""
    def git(*a):
        return subprocess.run(["git", *a], cwd=REPO, capture_output=True, text=True).stdout.strip()
    dirty = git("status", "--porcelain", "--", "kagent", "verifiers", "tools", "pyproject.toml").splitlines()
    return {"head": git("rev-parse", "--short", "HEAD"), "dirty": dirty,
            "dirty_diff_sha1": git("diff", "HEAD", "--", "kagent", "verifiers", "tools") and __import__("hashlib").sha1(
                git("diff", "HEAD", "--", "kagent", "verifiers", "tools").encode()).hexdigest()[:12]}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=400.0)
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--reports", type=Path, default=None, help="keep each full JSON report here")
    args = ap.parse_args()
    manifest = yaml.safe_load((HERE / "manifest.yaml").read_text())["candidates"]
    out_path = HERE / "baseline.json"
    previous = json.loads(out_path.read_text()) if out_path.exists() and args.only else None
    rows = {r["path"]: r for r in (previous or {}).get("results", [])}
    state_before = kagent_state()
    for entry in manifest:
        stem = Path(entry["path"]).stem
        if args.only and stem not in args.only:
            continue
        cmd = [sys.executable, "-m", "kagent.cli", "verify", str(HERE / entry["path"]),
               "--reference", str(HERE / entry["reference"]), "--device", "cpu", "--json"]
        start = time.monotonic()
        try:
            proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=args.timeout)
            rc, stdout, stderr = proc.returncode, proc.stdout, proc.stderr
        except subprocess.TimeoutExpired as exc:
            rc, stdout, stderr = None, exc.stdout or "", f"timed out after {args.timeout} s"
        wall = round(time.monotonic() - start, 1)
        row = {"path": entry["path"], "reference": entry["reference"], "kind": entry["kind"], "tags": entry["tags"],
               "expect": entry["expect"], "exit_code": rc, "wall_s": wall}
        try:
            report = json.loads(stdout)
            row.update(condense(report))
            if args.reports:
                args.reports.mkdir(parents=True, exist_ok=True)
                (args.reports / f"{stem}.json").write_text(stdout)
        except (json.JSONDecodeError, TypeError):
            row.update(verdict=None, failure_class=None, failing_checks=[], error=(stderr or stdout)[-1500:])
        row["agrees_with_expect"] = (row.get("verdict") == "pass") == (entry["expect"] == "pass")
        rows[entry["path"]] = row
        print(f"{entry['path']:<46} {str(row.get('verdict')):<8} {str(row.get('failure_class')):<22} "
              f"{','.join(row.get('failing_checks', []))}  [{wall}s]", flush=True)
    order = [e["path"] for e in manifest]
    results = [rows[p] for p in order if p in rows]
    import kagent  # noqa: F401  (only for the version string)

    doc = {
        "what": "kagent verify --device cpu --json on each small candidate (TRITON_INTERPRET via kagent's cpu device)",
        "kagent_version": getattr(sys.modules["kagent"], "__version__", None),
        "date": dt.date.today().isoformat(),
        "timeout_s": args.timeout,
        "kagent_state_before": state_before,
        "kagent_state_after": kagent_state(),
        "counts": {
            "candidates": len(results),
            "pass": sum(r.get("verdict") == "pass" for r in results),
            "agree_with_expect": sum(r["agrees_with_expect"] for r in results),
        },
        "results": results,
    }
    out_path.write_text(json.dumps(doc, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
