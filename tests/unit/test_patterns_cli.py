"""`kagent patterns ...` through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kagent.cli.patterns import app
from kagent.patterns.schema import library_dir, load_directory

N_SEED = len(load_directory(library_dir()))
runner = CliRunner()

NEW = """\
id: team-pattern-1
title: Team pattern about a warp drive barrier
backends: [cuda]
symptoms:
  failure_classes: [timeout]
explanation: The warp drive barrier is reached by only half of the threads.
provenance: {kind: public, source: team wiki}
"""


def _run(store: Path, *args: str):
    return runner.invoke(app, ["--store", str(store), *args])


@pytest.fixture()
def store(tmp_path: Path) -> Path:
    return tmp_path / "store"


def test_list_json(store: Path) -> None:
    res = _run(store, "list", "--json")
    assert res.exit_code == 0, res.output
    records = json.loads(res.stdout)
    assert len(records) == N_SEED
    assert set(records[0]) == {"id", "title", "backends", "failure_classes", "has_fix"}
    assert sum(r["has_fix"] for r in records) >= 15
    ptx = json.loads(_run(store, "list", "--json", "--backend", "ptx").stdout)
    assert ptx and all("ptx" in r["backends"] for r in ptx)
    human = _run(store, "list")
    assert human.exit_code == 0 and "triton-grid-floor-div" in human.stdout


def test_search_json_has_scores(store: Path) -> None:
    res = _run(store, "search", "ptxas Unknown symbol %rd12 register declaration", "--json", "-k", "3")
    assert res.exit_code == 0, res.output
    records = json.loads(res.stdout)
    assert len(records) == 3 and records[0]["id"] == "ptx-undeclared-register"
    assert records[0]["score"] >= records[1]["score"] >= records[2]["score"]


def test_show(store: Path) -> None:
    res = _run(store, "show", "triton-invented-api")
    assert res.exit_code == 0 and "next_power_of_2" in res.stdout and "fix: rename_invented_api" in res.stdout
    assert json.loads(_run(store, "show", "triton-invented-api", "--json").stdout)["id"] == "triton-invented-api"
    missing = _run(store, "show", "no-such-pattern")
    assert missing.exit_code == 1 and "no pattern 'no-such-pattern'" in missing.stderr


def test_add_export_import_rebuild(store: Path, tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(NEW)
    res = _run(store, "add", str(good))
    assert res.exit_code == 0 and "added team-pattern-1" in res.stdout
    assert len(json.loads(_run(store, "list", "--json").stdout)) == N_SEED + 1

    bad = tmp_path / "bad.yaml"
    bad.write_text(NEW.replace("[timeout]", "[slowness]"))
    res = _run(store, "add", str(bad))
    assert res.exit_code == 2 and "bad.yaml" in res.stderr and "failure_classes" in res.stderr

    res = _run(store, "export", str(tmp_path / "exported"), "--learned-only")
    assert res.exit_code == 0 and (tmp_path / "exported" / "team-pattern-1.yaml").exists()
    other = tmp_path / "other"
    res = _run(other, "import", str(tmp_path / "exported"))
    assert res.exit_code == 0 and "imported 1 patterns" in res.stdout
    assert "team-pattern-1" in {r["id"] for r in json.loads(_run(other, "list", "--json").stdout)}

    res = _run(other, "rebuild")
    assert res.exit_code == 0 and f"rebuilt index of {N_SEED + 1} patterns" in res.stdout


def test_bad_chroma_url_is_an_input_error(store: Path) -> None:
    res = runner.invoke(app, ["--store", str(store), "--chroma-url", "http://", "list"])
    assert res.exit_code == 2 and "--chroma-url" in res.stderr
