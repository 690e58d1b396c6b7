"""End to end with the real verifier and pattern library (CPU, Triton interpreter): the shipped
near-miss example is repaired offline through the command line. ~25 s."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from kagent.cli.repair import repair as repair_cmd

EXAMPLES = Path(__file__).resolve().parents[2] / "kagent" / "examples"


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command()(repair_cmd)
    app.callback()(lambda: None)
    return app


def test_offline_repair_of_the_shipped_example(tmp_path, monkeypatch):
    monkeypatch.setenv("KAGENT_PATTERNS_DIR", str(tmp_path / "patterns"))
    monkeypatch.delenv("KAGENT_MODEL", raising=False)
    r = CliRunner().invoke(_app(), [
        "repair", str(EXAMPLES / "softmax_nearmiss.py"), "--reference", str(EXAMPLES / "softmax_problem.py"),
        "--device", "cpu", "--json", "--runs-dir", str(tmp_path / "runs"),
    ])
    assert r.exit_code == 0, r.output
    s = json.loads(r.stdout)
    assert s["status"] == "repaired" and s["model"] == "offline" and s["tokens"] == 0
    repaired = Path(s["repaired_path"])
    assert repaired.is_absolute() and repaired.is_file()
    run = Path(s["run_dir"])
    report = json.loads((run / "candidates" / str(s["best_index"]) / "report.json").read_text())
    assert report["verdict"] == "pass" and report["candidate"].endswith("source.py")
    diff = (run / "candidates" / str(s["best_index"]) / "diff.patch").read_text()
    assert any(line.startswith("+") and "inf" in line for line in diff.splitlines())  # other=-inf for tl.max
