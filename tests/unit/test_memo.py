"""The content memo, and the two static analyses that keep their results in it: bounded, keyed by
content (not by path or object), never handing out its own copies, never keeping a failure."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kagent.errors import InputError
from kagent.memo import ContentMemo, text_digest
from kagent.tools import problem
from kagent.verifiers.anticheat_static import registry, static_findings

EX = Path(__file__).resolve().parents[2] / "kagent" / "examples"


def test_memo_computes_once_per_key_and_forgets_the_least_recently_used():
    memo: ContentMemo[int] = ContentMemo(maxsize=2)
    calls: list[str] = []

    def compute(k: str):
        return lambda: calls.append(k) or len(calls)

    assert memo.get("a", compute("a")) == 1 and memo.get("a", compute("a")) == 1
    memo.get("b", compute("b"))
    memo.get("a", compute("a"))  # a is now the most recent
    memo.get("c", compute("c"))  # b goes
    memo.get("a", compute("a"))
    memo.get("b", compute("b"))
    assert calls == ["a", "b", "c", "b"] and len(memo) == 2


def test_memo_keeps_no_failure():
    memo: ContentMemo[int] = ContentMemo()
    with pytest.raises(ValueError):
        memo.get("k", lambda: int("x"))
    assert memo.get("k", lambda: 7) == 7
    assert text_digest(None) is None and text_digest("") != text_digest(" ")


def test_static_findings_are_analysed_once_and_handed_out_as_copies(monkeypatch):
    src = "import torch\nclass ModelNew(torch.nn.Module):\n    def forward(self, x):\n        return torch.softmax(x, -1)\n"
    made = []
    analysis = registry.Analysis
    monkeypatch.setattr(registry, "Analysis", lambda s, r=None: made.append(s) or analysis(s, r))
    registry._MEMO.clear()
    first = static_findings(src)
    first[0].evidence["line"] = -1
    first[0].message = "edited"
    again = static_findings(src)
    assert len(made) == 1 and again[0].message != "edited" and again[0].evidence["line"] == 4
    static_findings(src, profile="lenient")
    static_findings(src, reference_source="class Model: pass\n")
    static_findings(src, only=["torch_compute"])
    assert len(made) == 4  # profile, reference and checks are part of the key
    with pytest.raises(InputError):
        static_findings("def broken(:\n")
    with pytest.raises(InputError):  # a failure is not kept: it raises each time
        static_findings("def broken(:\n")


def test_inspect_sources_by_content_with_each_call_s_own_paths(tmp_path, monkeypatch):
    inspected = []
    inspect = problem._inspect
    monkeypatch.setattr(problem, "_inspect", lambda *a: inspected.append(a[0]) or inspect(*a))
    problem._MEMO.clear()
    ref = EX / "softmax_problem.py"
    copy = tmp_path / "copy.py"
    shutil.copyfile(EX / "softmax_nearmiss.py", copy)
    a = problem.inspect_sources(EX / "softmax_nearmiss.py", ref)
    b = problem.inspect_sources(copy, ref)
    assert len(inspected) == 1
    assert b.candidate == copy.resolve() and a.candidate == (EX / "softmax_nearmiss.py").resolve()
    assert b.shape_constants == a.shape_constants and b.shape_constants is not a.shape_constants
    copy.write_text(copy.read_text() + "\n# edited\n")
    problem.inspect_sources(copy, ref)
    assert len(inspected) == 2  # new content: analysed again
    (tmp_path / "bad.py").write_text("class ModelNew:\n    pass\n")
    for _ in range(2):
        with pytest.raises(InputError, match="no class Model and no --reference"):
            problem.inspect_sources(tmp_path / "bad.py")
    with pytest.raises(InputError, match="reference file not found"):
        problem.inspect_sources(copy, tmp_path / "missing.py")
