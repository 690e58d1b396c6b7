"""On the CPU a load_inline C++ extension's functions are the candidate's kernels: an honest one passes
`kagent verify` (it was judged a cheat, "launched none of the candidate's own kernels": there is no
device launch to trace), its near-miss fails on the numbers, and one that hands the work to a library
is still a cheat (tests/corpus/cheats/cpp_blas_sgemm.py, tests/corpus/cheats2/cpp_extension_aten_ops.py)."""

from __future__ import annotations

import re
from pathlib import Path

from kagent.api import verify

TESTS = Path(__file__).resolve().parents[1]
HONEST = TESTS / "adversarial" / "honest" / "cpp_load_inline_shift_scale.py"
NEAR = TESTS / "unit" / "fixtures_cpp" / "shift_scale_cpp_nm.py"
PROBLEM = TESTS / "unit" / "fixtures_cpp" / "shift_scale_problem.py"


def test_an_honest_cpu_extension_passes_and_its_calls_are_counted():
    report = verify(HONEST, PROBLEM, device="cpu")
    assert report.verdict == "pass", report.summary
    assert not [f for f in report.findings if f.check == "trap.launch_count"]


def test_a_near_miss_cpu_extension_fails_on_the_numbers():
    report = verify(NEAR, PROBLEM, device="cpu")
    assert report.verdict == "fail" and report.failure_class == "numerical_mismatch", report.summary
    # the perturbed run's failing cases count in the total too (it read "19 of 18 cases fail")
    failing, total = map(int, re.search(r"(\d+) of (\d+) cases fail", report.summary).groups())
    assert failing == len({f.case for f in report.errors() if f.case}) and failing <= total
