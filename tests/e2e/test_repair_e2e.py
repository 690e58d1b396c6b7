"""End to end with the real verifier and pattern library (CPU, Triton interpreter): the shipped
near-miss example is repaired offline through the command line, once for the module. ~25 s.

The same repair counts the static work it does: each distinct candidate is analysed by the static
anti-cheat once, each distinct pair of sources inspected once, and each base's pattern hits
retrieved from the store once (node, guard, screen and verify share the results)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from kagent.cli.repair import repair as repair_cmd
from kagent.patterns.store import PatternStore
from kagent.repair.rundir import RunDir
from kagent.tools import problem
from kagent.verifiers.anticheat_static import registry

EXAMPLES = Path(__file__).resolve().parents[2] / "kagent" / "examples"


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command()(repair_cmd)
    app.callback()(lambda: None)
    return app


def _h(text: str | None) -> str | None:
    return None if text is None else hashlib.sha256(text.encode()).hexdigest()


@pytest.fixture(scope="module")
def repaired(tmp_path_factory):
    """The CLI's offline repair of the shipped example, with the static analyses, inspections and
    pattern-store queries it made counted."""
    tmp = tmp_path_factory.mktemp("repair_e2e")
    counts = {"static": Counter(), "inspect": Counter(), "retrieve": Counter(), "query": Counter()}
    analysis, inspect, retrieve, search = registry.Analysis, problem._inspect, PatternStore.retrieve, PatternStore.search

    def counted_analysis(source, reference_source=None):
        counts["static"][(_h(source), _h(reference_source))] += 1
        return analysis(source, reference_source)

    def counted_inspect(cand_path, ref_path, cand_src=None, ref_src=None):
        counts["inspect"][(_h(cand_src), _h(ref_src))] += 1
        return inspect(cand_path, ref_path, cand_src, ref_src)

    def counted_retrieve(self, failure_class, error_text, kernel_source, backend="triton", k=5):
        counts["retrieve"][(failure_class, error_text, _h(kernel_source), backend, k)] += 1
        return retrieve(self, failure_class, error_text, kernel_source, backend=backend, k=k)

    def counted_search(self, text, k=5, backend=None):
        counts["query"][(text, k, backend)] += 1
        return search(self, text, k=k, backend=backend)

    registry._MEMO.clear()
    problem._MEMO.clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("KAGENT_PATTERNS_DIR", str(tmp / "patterns"))
        mp.delenv("KAGENT_MODEL", raising=False)
        mp.setattr(registry, "Analysis", counted_analysis)
        mp.setattr(problem, "_inspect", counted_inspect)
        mp.setattr(PatternStore, "retrieve", counted_retrieve)
        mp.setattr(PatternStore, "search", counted_search)
        r = CliRunner().invoke(_app(), [
            "repair", str(EXAMPLES / "softmax_nearmiss.py"), "--reference", str(EXAMPLES / "softmax_problem.py"),
            "--device", "cpu", "--json", "--runs-dir", str(tmp / "runs"),
        ])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout), counts


def test_offline_repair_of_the_shipped_example(repaired):
    s, _ = repaired
    assert s["status"] == "repaired" and s["model"] == "offline" and s["tokens"] == 0
    repaired_path = Path(s["repaired_path"])
    assert repaired_path.is_absolute() and repaired_path.is_file()
    run = Path(s["run_dir"])
    report = json.loads((run / "candidates" / str(s["best_index"]) / "report.json").read_text())
    assert report["verdict"] == "pass" and report["candidate"].endswith("source.py")
    diff = (run / "candidates" / str(s["best_index"]) / "diff.patch").read_text()
    assert any(line.startswith("+") and "inf" in line for line in diff.splitlines())  # other=-inf for tl.max


def test_each_candidate_is_analysed_once(repaired):
    s, counts = repaired
    run = Path(s["run_dir"])
    reference = _h((EXAMPLES / "softmax_problem.py").read_text())
    candidates = {_h((run / "candidates" / str(n) / "source.py").read_text()) for n in range(s["candidates"] + 1)}
    static = counts["static"]
    assert {c for c, _ in static} == candidates  # the original and every patch, each pre-screened and verified
    assert {ref for _, ref in static} == {reference}
    assert all(n == 1 for n in static.values()), static


def test_each_pair_of_sources_is_inspected_once(repaired):
    s, counts = repaired
    inspected = counts["inspect"]
    # the original's pair is inspected at the start, for verify #0 (its copy in the run) and by the screen
    assert len(inspected) == s["candidates"] + 1, inspected
    assert all(n == 1 for n in inspected.values()), inspected


def test_pattern_hits_are_retrieved_once_per_base(repaired):
    s, counts = repaired
    run = Path(s["run_dir"])
    bases = {e["base"] for e in RunDir.open(run).events() if e["event"] == "retrieve"}
    assert counts["retrieve"] and all(n == 1 for n in counts["retrieve"].values()), counts["retrieve"]
    assert len(counts["retrieve"]) == len(bases)
    assert all(n == 1 for n in counts["query"].values()), counts["query"]
    assert sum(counts["query"].values()) <= sum(counts["retrieve"].values())
