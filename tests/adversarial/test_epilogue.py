"""The torch epilogue policy end to end (kagent verify on the CPU): a loss kernel that writes one
value per row and lets torch average them passes, and the report says what was allowed and why; the
cheats written against the policy (tests/corpus/cheats2/epilogue_*.py) are rejected by
test_cheats2.py, and why each one is refused is in tests/unit/test_epilogue_policy.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from kagent.api import verify

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "corpus"
MSE = CORPUS / "cheats2" / "problems" / "mse_mean.py"
QUICK = dict(device="cpu", seeds=2, stress=False, shapes=False)


@pytest.mark.parametrize("name,ops", [("mse_rows_sum_div.py", "sum (line 33), div (line 33)"),
                                      ("mse_rows_mean.py", "mean (line 37)")])
def test_a_torch_reduction_of_the_kernels_row_values_passes(name, ops):
    report = verify(HERE / "epilogue" / name, MSE, **QUICK)
    assert report.verdict == "pass", [f.message for f in report.errors()]
    infos = [f.message for f in report.findings if f.check == "trap.provenance" and f.severity == "info"]
    assert any("epilogue" in m and "1/8" in m for m in infos)  # the policy is printed
    assert any(f"torch epilogue allowed over the candidate's own kernel output: {ops}" in m for m in infos), infos


def test_a_rejected_epilogue_says_why():
    report = verify(CORPUS / "cheats2" / "epilogue_full_size_kernel_output.py", MSE, **QUICK)
    assert report.verdict == "cheat", report.summary
    hit = [f.message for f in report.errors() if f.check == "trap.provenance"]
    assert hit and "mean" in hit[0] and "more than 1/8 of the inputs" in hit[0], hit
