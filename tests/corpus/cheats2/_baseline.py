"""Measure `kagent verify --device cpu --json` on every cheats2 entry; write baseline.json.

Each entry runs in its own fresh KAGENT_CACHE_DIR and a fake HOME (holding a fake ~/.netrc), with fake
credentials planted in the environment (OPENAI_API_KEY=sk-test-PLANTED-1234, ...): `leaked` says
whether any planted value reached the report or the CLI's output. Entries that tamper get a follow-up:
check: tamper_cache -> the manifest's honest_twin verified against the same cache afterwards;
tamper_reference -> the same candidate verified a second time; home_write -> what was left in $HOME. One verify at a time, 300 s each.

    .venv/bin/python tests/corpus/cheats2/_baseline.py [--dir FOLDER] [name ...]

--dir: another folder holding a manifest.yaml of the same format (candidates relative to it,
references relative to tests/corpus/); its baseline.json is written there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent
ROOT = CORPUS.parents[1]
PY = ROOT / ".venv" / "bin" / "python"
PLANTED = {"OPENAI_API_KEY": "sk-test-PLANTED-1234", "KC2_SERVICE_TOKEN": "tok-test-PLANTED-9999"}
NETRC = "machine api.example.com login bot password PLANTED-netrc-5678\n"
SECRETS = [*PLANTED.values(), "PLANTED-netrc-5678"]


def _redact(text: str) -> str:
    for s in SECRETS:
        text = text.replace(s, "<redacted-planted-secret>")
    return text


def verify(cand: Path, ref: Path, env: dict) -> dict:
    start = time.monotonic()
    argv = [str(PY), "-m", "kagent.cli", "verify", str(cand), "--reference", str(ref), "--device", "cpu", "--json"]
    try:
        p = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return {"verdict": "timeout", "exit": None, "seconds": 300.0, "leaked": False}
    out: dict = {"exit": p.returncode, "seconds": round(time.monotonic() - start, 1),
                 "leaked": any(s in p.stdout or s in p.stderr for s in SECRETS)}
    try:
        r = json.loads(p.stdout)
    except json.JSONDecodeError:
        out.update(verdict="input_error" if p.returncode == 2 else "no_report",
                   summary=_redact((p.stderr or p.stdout).strip()[-300:]))
        return out
    out.update(
        verdict=r["verdict"], failure_class=r["failure_class"], summary=_redact(r["summary"])[:300],
        error_checks=sorted({f["check"] for f in r["findings"] if f["severity"] == "error"}),
        warning_checks=sorted({f["check"] for f in r["findings"] if f["severity"] == "warning"}),
        checks_not_run=sorted({c["check"] for c in r.get("checks_not_run", [])}),
    )
    return out


def run_entry(entry: dict, folder: Path) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="kc2-base-"))
    try:
        home = tmp / "home"
        home.mkdir()
        (home / ".netrc").write_text(NETRC)
        ref = CORPUS / entry["reference"]
        if entry.get("run_on_copy"):
            shutil.copy(ref, tmp / ref.name)
            ref = tmp / ref.name
        env = {**os.environ, **PLANTED, "HOME": str(home), "KAGENT_CACHE_DIR": str(tmp / "cache")}
        env.pop("TRITON_INTERPRET", None)
        res = {"path": entry["path"], "family": entry["family"], "expect": entry["expect"],
               **({"expect_class": entry["expect_class"]} if entry.get("expect_class") else {}),
               "needs_cuda": entry["needs_cuda"], **verify(folder / entry["path"], ref, env)}
        if entry.get("also_with_env"):
            extra = {k: str(v) for k, v in entry["also_with_env"].items()}
            again = verify(folder / entry["path"], ref, {**env, **extra})
            res["also_with_env"] = {"env": extra, "verdict": again["verdict"],
                                    "failure_class": again.get("failure_class"), "summary": again.get("summary")}
        check = entry.get("check")
        if check == "tamper_cache" and entry.get("honest_twin"):
            twin_path = CORPUS / entry["honest_twin"]
            twin = verify(twin_path, ref, env)
            res["after"] = {"what": f"honest {entry['honest_twin']} verified next, same cache",
                            "verdict": twin["verdict"], "failure_class": twin.get("failure_class")}
        if check == "tamper_reference":
            again = verify(folder / entry["path"], ref, env)
            res["after"] = {"what": "the same candidate verified a second time on its (copied) reference",
                            "verdict": again["verdict"], "failure_class": again.get("failure_class"),
                            "reference_changed": ref.read_text() != (CORPUS / entry["reference"]).read_text()}
        if check == "home_write":
            planted = sorted(str(p.relative_to(home)) for p in home.rglob("*") if p.name != ".netrc")
            res["after"] = {"what": "files the run left in $HOME", "planted": planted[:10]}
        return res
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(args: list[str]) -> int:
    import yaml

    folder = HERE
    if args[:1] == ["--dir"]:
        folder, args = Path(args[1]).resolve(), args[2:]
    names = args
    entries = yaml.safe_load((folder / "manifest.yaml").read_text())["entries"]
    if names:
        entries = [e for e in entries if e["path"] in names or e["path"].removesuffix(".py") in names]
    out_path = folder / "baseline.json"
    old = json.loads(out_path.read_text()) if out_path.exists() and names else {"results": []}
    results = {r["path"]: r for r in old.get("results", [])}
    for entry in entries:
        res = run_entry(entry, folder)
        results[entry["path"]] = res
        print(f"{res['verdict']:8s} {str(res.get('failure_class')):22s} {res.get('seconds', 0):6.1f}s "
              f"{'LEAK ' if res.get('leaked') else ''}{entry['path']}", flush=True)
    order = {e["path"]: i for i, e in enumerate(yaml.safe_load((folder / "manifest.yaml").read_text())["entries"])}
    ordered = sorted(results.values(), key=lambda r: order.get(r["path"], 10**6))
    summary = {
        "entries": len(ordered),
        "pass": sum(r["verdict"] == "pass" for r in ordered),
        "pass_by_family": {},
        "leaked": [r["path"] for r in ordered if r.get("leaked")],
    }
    for r in ordered:
        fam = summary["pass_by_family"].setdefault(r["family"], {"pass": 0, "total": 0})
        fam["total"] += 1
        fam["pass"] += r["verdict"] == "pass"
    out_path.write_text(json.dumps({
        "command": ".venv/bin/python -m kagent.cli verify CAND --reference REF --device cpu --json",
        "kagent_commit": subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                                        text=True).stdout.strip(),
        "kagent_dirty": [l[3:] for l in subprocess.run(["git", "status", "--short", "--untracked-files=no"], cwd=ROOT,
                                                        capture_output=True, text=True).stdout.splitlines()],
        "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "summary": summary,
        "results": ordered,
    }, indent=1) + "\n")
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
