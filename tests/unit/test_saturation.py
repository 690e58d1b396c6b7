"""The unsaturated case (verifiers/saturation.py): inputs the reference ignores on the seeded inputs
are moved until it reads them; inputs it reads, or reads only through a decision, stay."""

from __future__ import annotations

import torch

from kagent.verifiers.harness import _same
from kagent.verifiers.saturation import unsaturate
from kagent.verifiers.suite import plan_cases
from kagent.config import VerifyConfig


def _floored(chosen, held_chosen, held_rejected):
    baseline = (held_chosen - held_rejected).mean().clamp(min=0)
    return [torch.sigmoid(chosen - baseline)]


def _inputs():
    g = torch.Generator().manual_seed(0)
    held_rejected = torch.randn(256, generator=g) * 3 + 2
    return [torch.randn(256, generator=g), held_rejected - 4 + torch.randn(256, generator=g), held_rejected]


def _bits(a: list, b: list) -> bool:
    return len(a) == len(b) and all(_same(x, y)[0] for x, y in zip(a, b))


def _floats(t) -> bool:
    return isinstance(t, torch.Tensor) and t.dtype.is_floating_point


def test_a_floored_input_is_moved_until_the_result_depends_on_it():
    inputs = _inputs()
    found = unsaturate(lambda xs: _floored(*xs), inputs, _floats, _bits)
    assert found is not None
    moved_inputs, moved = found
    assert [m["input"] for m in moved] == [1]  # moving the held-out chosen scores frees both held-out inputs
    # on the moved inputs a kernel that drops held_chosen (a zero baseline) is wrong
    dropped = torch.sigmoid(moved_inputs[0])
    assert not torch.allclose(_floored(*moved_inputs)[0], dropped, atol=1e-3)
    assert torch.equal(moved_inputs[0], inputs[0]) and torch.equal(moved_inputs[2], inputs[2])


def test_no_case_where_every_input_is_read():
    assert unsaturate(lambda xs: [xs[0] * xs[1] + xs[2]], _inputs(), _floats, _bits) is None


def test_no_case_for_an_input_read_through_a_decision_or_its_shape():
    def nearest(x, codes, unused):
        return [codes[torch.cdist(x, codes).argmin(dim=1)] + torch.zeros_like(unused)]

    g = torch.Generator().manual_seed(1)
    xs = [torch.randn(64, 4, generator=g), torch.randn(16, 4, generator=g), torch.randn(8, generator=g)]
    assert unsaturate(lambda a: nearest(*a), xs, _floats, _bits) is None


def test_a_reference_that_rejects_the_moved_inputs_leaves_no_case_and_raises_nothing():
    def strict(x, scale):
        if bool((scale <= 0).any()):
            raise ValueError("scale must be positive")
        return [x.clamp(max=-100.0) * 0 + scale.sum() * 0]  # ignores both, rejects most moves of scale

    g = torch.Generator().manual_seed(2)
    assert unsaturate(lambda a: strict(*a), [torch.randn(32, generator=g), torch.rand(32, generator=g) + 1], _floats, _bits) is None


def test_the_case_is_planned_with_the_stress_cases_only():
    names = {c.name for c in plan_cases(VerifyConfig(seed=1), [])}
    assert "unsaturated" in names
    assert "unsaturated" not in {c.name for c in plan_cases(VerifyConfig(seed=1, stress=False), [])}
