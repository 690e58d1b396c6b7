"""A reference that cannot run at a scaled boundary shape (an N^2 pairwise tensor killed for memory
on a GPU host): the verify leaves that case out and says why, it does not fail the candidate or stop
with ReferenceFailed. A reference that dies on its own inputs still stops the verify."""

from __future__ import annotations

from pathlib import Path

import pytest

from kagent.api import verify
from kagent.errors import ReferenceFailed

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
SOFTMAX = CORPUS / "problems" / "softmax.py"
KILL = "        if x.shape[0] {} 16:\n            os._exit(137)  # as the kernel's OOM killer ends it (a SIGKILL from inside a PID namespace's init is ignored)\n"


def _reference(tmp_path: Path, condition: str) -> Path:
    src = SOFTMAX.read_text().replace("import torch\n", "import os\n\nimport torch\n", 1)
    marker = "        return torch.softmax(x, dim=1)\n"
    ref = tmp_path / "softmax_ref.py"
    ref.write_text(src.replace(marker, KILL.format(condition) + marker))
    return ref


def test_a_reference_killed_at_a_larger_shape_drops_that_case(tmp_path):
    report = verify(CORPUS / "correct" / "softmax.py", _reference(tmp_path, ">"), device="cpu", seeds=1, stress=False)
    assert report.verdict == "pass", report.summary
    died = {n.check: n.reason for n in report.checks_not_run if "at this case's sizes" in n.reason}
    assert died and all(c.startswith("case:shape_") for c in died), report.checks_not_run


def test_a_reference_killed_on_its_own_inputs_stops_the_verify(tmp_path):
    with pytest.raises(ReferenceFailed, match="SIGKILL|exited with 137"):
        verify(CORPUS / "correct" / "softmax.py", _reference(tmp_path, ">="), device="cpu", seeds=1, stress=False)
