"""The batch report tells the truth about the batch as a whole: a no-op rerun does not replace its
wall time, every invocation is kept (with the resume count), and each kernel links to its files."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from kagent.api import batch
from kagent.batch.ledger import POLICY_RULES
from kagent.batch.plan import BatchSummary, KernelResult, KernelSpec, PolicyReport
from kagent.batch.report import COLUMNS, REASON_MIN, to_html

HERE = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def _runner_path(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("BATCH_TEST_SLOW_S", "1.0")
    monkeypatch.syspath_prepend(str(HERE))


def test_a_no_op_rerun_keeps_the_batch_wall_time_and_counts_the_resume(tmp_path: Path) -> None:
    d = tmp_path / "k"
    d.mkdir()
    specs = []
    for n in ("slow_a", "ok_b"):
        (d / f"{n}.py").write_text("class ModelNew:\n    pass\n")
        specs.append(KernelSpec(candidate=str(d / f"{n}.py"), reference=str(d / f"{n}.py")))
    kw = dict(token_budget=1000, out=tmp_path / "out", runner="batch_runners:dispatch")
    first = batch(specs, **kw)
    assert first.seconds >= 1.0 and first.resumes == 0 and len(first.invocations) == 1
    again = batch(specs, **kw)  # nothing left to do
    assert again.resumes == 1 and [i.n for i in again.invocations] == [1, 2]
    assert again.invocations[1].todo == 0 and again.invocations[1].outcome == "complete"
    assert again.seconds >= first.invocations[0].seconds >= 1.0  # the batch's time, not the no-op's
    assert again.invocation_seconds < first.seconds
    html = (tmp_path / "out" / "report.html").read_text()
    assert 'id="invocations"' in html and "1 resume" in html
    assert len(list((tmp_path / "out" / "invocations").glob("*.json"))) == 2


def test_a_killed_invocation_is_recorded_as_killed(tmp_path: Path) -> None:
    from kagent.batch.history import History, read_all

    History(tmp_path, resumed=False, todo=3, retried=[]).finished("a")  # never ends: killed
    History(tmp_path, resumed=True, todo=2, retried=[]).end("complete")
    runs = read_all(tmp_path)
    assert [(r.n, r.outcome) for r in runs] == [(1, "killed"), (2, "complete")]
    assert runs[0].finished == ["a"] and runs[0].ended_at is None


def test_kernel_rows_link_to_their_files_relative_to_the_batch(tmp_path: Path) -> None:
    run = tmp_path / "runs" / "r1"
    (run / "candidates" / "2").mkdir(parents=True)
    (run / "candidates" / "2" / "diff.patch").write_text("--- a\n+++ b\n")
    (run / "repaired_k.py").write_text("x = 1\n")
    k = KernelResult(id="k", input=str(tmp_path / "in" / "k.py"), status="repaired", reason="r" * 3000,
                     repaired_path=str(run / "repaired_k.py"), diff_path=str(run / "candidates" / "2" / "diff.patch"),
                     run_dir=str(run))
    s = BatchSummary(batch_dir=str(tmp_path), complete=True, token_budget=10, tokens_spent=0, executor="local",
                     jobs=1, model="offline", seconds=1.0, counts={"repaired": 1, "pending": 0},
                     policy=PolicyReport(rules=POLICY_RULES), kernels=[k])
    html = to_html(s)
    links = dict((cls, href) for cls, href in re.findall(r'<a class="(\w+)" href="([^"]+)"', html))
    assert links == {"input": "in/k.py", "repaired": "runs/r1/repaired_k.py",
                     "diff": "runs/r1/candidates/2/diff.patch", "run": "runs/r1"}
    for href in ("repaired", "diff", "run"):
        assert (tmp_path / links[href]).exists()
    # fixed column widths that leave the reason column room inside a 1400-px window
    assert 'table-layout:fixed' in html and REASON_MIN >= 300
    assert sum(w for _, w in COLUMNS if w) + REASON_MIN + 2 * 24 + 20 == 1400
