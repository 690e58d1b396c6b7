"""Shape cases stay inside the problem's domain: sizes where the reference runs only by broadcasting a
size-1 slice, or by a slice past a dimension's end, where it never does so at the problem's own sizes, are
not posed (verifiers/shape_domain.py)."""

from __future__ import annotations

from pathlib import Path

import torch

from kagent.api import verify
from kagent.verifiers import shape_domain

FIX = Path(__file__).parent / "verify_fixtures" / "kernelbench"
HAAR = dict(device="cpu", seeds=1, stress=False, anticheat=False, determinism=False)


def _stretched(a: torch.Tensor, b: torch.Tensor) -> set:
    return shape_domain.stretches(torch.ops.aten.sub.Tensor, (a, b), a - b, __file__)


def test_a_stretch_is_keyed_by_the_calling_line_argument_and_dimension():
    assert _stretched(torch.ones(4, 2), torch.ones(4, 2)) == set()
    ((line, kind, arg, dim),) = _stretched(torch.ones(4, 2), torch.ones(4, 1))
    assert line > 0 and (kind, arg, dim) == ("stretch", 1, 1)
    assert {(a, d) for *_, a, d in _stretched(torch.ones(3), torch.ones(5, 1))} == {(0, 2), (1, 1)}
    assert _stretched(torch.ones(1, 1), torch.ones(1, 1)) == set()  # a batch of one stretches nothing
    assert {(a, d) for *_, a, d in _stretched(torch.ones(2, 1), torch.ones(2, 0))} == {(0, 1)}  # 1 against 0
    assert shape_domain.out_of_domain({(7, "stretch", 1, 1)}, {(7, "stretch", 1, 2)}) == (7, "stretch", 1, 1)
    assert shape_domain.out_of_domain({(7, "stretch", 1, 2)}, {(7, "stretch", 1, 2), (9, "clamp", 0, 1)}) is None


def test_a_slice_bound_past_the_end_is_a_clamp_and_an_open_or_inner_one_is_not():
    x = torch.ones(3, 10)
    assert {s[1:] for s in shape_domain.clamps(x, (slice(None), slice(None, 14)), __file__)} == {("clamp", 0, 1)}
    assert {s[1:] for s in shape_domain.clamps(x, (slice(12, None),), __file__)} == {("clamp", 0, 0)}
    for index in ((slice(None), slice(1, None)), (slice(None), slice(None, -1)), (slice(0, 3), slice(0, None, 2)), 2,
                  (None, slice(None), slice(4, 10))):
        assert shape_domain.clamps(x, index, __file__) == set(), index


def test_an_honest_kernel_for_the_problems_domain_passes_every_shape_case():
    # levels=4 at length 256: the primes case (13 rows, length 17, 7 levels) and its first fallbacks
    # (length 24) run in torch only by stretching an odd half of length 1; the kernel, written for
    # lengths divisible by 2**levels, would leave elements unwritten there
    report = verify(FIX / "haar_levels_triton.py", FIX / "haar_levels_problem.py", **HAAR)
    assert report.verdict == "pass", report.summary
    shapes = {c.name: c for c in report.cases if c.kind == "shape"}
    primes = shapes["shape_primes"]
    assert primes.overrides["length"] % 2 ** primes.overrides["levels"] == 0, primes.overrides
    assert "out of the problem's domain" in primes.note
    assert not any(n.check.startswith("case:shape") for n in report.checks_not_run)


def test_a_wrong_kernel_still_fails_at_the_domains_sizes(tmp_path):
    wrong = tmp_path / "haar_wrong.py"
    wrong.write_text((FIX / "haar_levels_triton.py").read_text().replace("(even - odd) * 0.5", "(odd - even) * 0.5"))
    report = verify(wrong, FIX / "haar_levels_problem.py", **HAAR)
    assert report.verdict == "fail", report.summary
