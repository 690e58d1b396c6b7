"""Measure the kagent verifier on this corpus: one `kagent verify --device cpu --json` per small
candidate, one at a time, each under a wall-clock limit; writes baseline.json beside this file.

    .venv/bin/python tests/corpus/kernelbench/run_baseline.py [--commit REV] [--timeout 400] [--only NAME ...] [--reports DIR]

Without --commit it runs the checkout's kagent as it is (uncommitted edits included). With --commit it
runs that commit, exported with `git archive` to a temporary folder laid out like the installed
package (kagent.verifiers -> verifiers/, ...) and put first on PYTHONPATH: a checkout that others edit
while the run goes on cannot change the code under test half-way.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]


def condense(report: dict) -> dict:
    findings = report.get("findings", [])
    failing = [f for f in findings if f.get("severity") == "error"]
    not_run = report.get("checks_not_run") or []
    skipped = [{"case": c["check"].removeprefix("case:"), "reason": c.get("reason")}
               for c in not_run if c.get("check", "").startswith("case:")]
    return {
        "verdict": report.get("verdict"),
        "failure_class": report.get("failure_class"),
        "summary": report.get("summary"),
        "failing_checks": sorted({f["check"] for f in failing}),
        "findings": [{"check": f.get("check"), "severity": f.get("severity"), "failure_class": f.get("failure_class"),
                      "case": f.get("case"), "message": (f.get("message") or "")[:400]} for f in findings],
        "skipped_cases": skipped,
        "checks_not_run": [c for c in not_run if not c.get("check", "").startswith("case:")],
        "seconds": report.get("seconds"),
        "kagent_version": report.get("kagent_version"),
    }


# pyproject's [tool.setuptools.package-dir]: top-level folders that are sub-packages of kagent
_PACKAGE_DIRS = ("agents", "tools", "verifiers", "patterns", "prompts")


def export_commit(commit: str) -> Path:
    root = Path(tempfile.mkdtemp(prefix="kagent_snapshot_"))
    data = subprocess.run(["git", "archive", commit], cwd=REPO, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(root, filter="data")
    for folder in _PACKAGE_DIRS:
        if (root / folder).is_dir() and not (root / "kagent" / folder).exists():
            (root / "kagent" / folder).symlink_to(root / folder, target_is_directory=True)
    return root


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
    ap.add_argument("--commit", default=None, help="run this commit of kagent (exported), not the checkout")
    args = ap.parse_args()
    snapshot, env, cwd = None, dict(os.environ), REPO
    if args.commit:
        commit = subprocess.run(["git", "rev-parse", "--short", args.commit], cwd=REPO, capture_output=True,
                                text=True, check=True).stdout.strip()
        snapshot = export_commit(commit)
        env["PYTHONPATH"] = str(snapshot) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        cwd = snapshot
        probe = subprocess.run([sys.executable, "-c", "import kagent, kagent.verifiers as v; print(kagent.__file__, v.__file__)"],
                               cwd=cwd, env=env, capture_output=True, text=True)
        assert str(snapshot) in probe.stdout and str(REPO) + "/" not in probe.stdout, probe.stdout + probe.stderr
        print(f"kagent {commit} exported to {snapshot}: {probe.stdout.strip()}")
    manifest = yaml.safe_load((HERE / "manifest.yaml").read_text())["candidates"]
    out_path = HERE / "baseline.json"
    previous = json.loads(out_path.read_text()) if out_path.exists() and args.only else None
    rows = {r["path"]: r for r in (previous or {}).get("results", [])}
    state_before = {"commit": commit, "source": "git archive"} if args.commit else kagent_state()
    for entry in manifest:
        stem = Path(entry["path"]).stem
        if args.only and stem not in args.only:
            continue
        cmd = [sys.executable, "-m", "kagent.cli", "verify", str(HERE / entry["path"]),
               "--reference", str(HERE / entry["reference"]), "--device", "cpu", "--json"]
        start = time.monotonic()
        try:
            proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=args.timeout)
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
    doc = {
        "what": "kagent verify <candidate> --reference <small problem> --device cpu --json, one at a time",
        "kagent_version": next((r.get("kagent_version") for r in results if r.get("kagent_version")), None),
        "date": dt.date.today().isoformat(),
        "timeout_s": args.timeout,
        "kagent_state_before": state_before,
        "kagent_state_after": state_before if args.commit else kagent_state(),
        "counts": {
            "candidates": len(results),
            "pass": sum(r.get("verdict") == "pass" for r in results),
            "agree_with_expect": sum(r["agrees_with_expect"] for r in results),
        },
        "results": results,
    }
    out_path.write_text(json.dumps(doc, indent=1) + "\n")
    if snapshot:
        shutil.rmtree(snapshot, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
