"""Value stresses keep discrete inputs in their domain: a float tensor of 0s and 1s (labels, a mask,
one-hot targets) is passed as it is by every stress transform, so an honest kernel that relies on
its domain (a focal loss clamping 1 - p_t) is not judged on labels of -1 or 1000; continuous inputs
are still stressed."""

from __future__ import annotations

import pytest
import torch

from kagent.verifiers.harness import _transform

TRANSFORMS = ["scale_small", "scale_large", "offset", "negative", "special_values", "mean_1e3", "beyond_fp16"]


@pytest.mark.parametrize("transform", TRANSFORMS)
def test_binary_float_inputs_keep_their_domain_and_the_rest_is_stressed(transform):
    torch.manual_seed(0)
    x = torch.randn(8, 33)
    labels = (torch.rand(8, 33) < 0.3).float()
    idx = torch.randint(0, 5, (8,))
    out = _transform([x, labels, idx], transform)
    assert torch.equal(out[1], labels) and torch.equal(out[2], idx)
    assert not torch.equal(out[0], x)


def test_a_constant_or_mostly_binary_tensor_is_not_a_label():
    halves = torch.tensor([0.0, 1.0, 0.5, 1.0])
    assert not torch.equal(_transform([halves], "negative")[0], halves)
    one = torch.ones(1)
    assert torch.equal(_transform([one], "scale_large")[0], one * 1e3)
