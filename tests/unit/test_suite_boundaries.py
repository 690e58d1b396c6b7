"""The boundaries case: planned only for references with a discontinuity, values float32 holds
exactly, a quarter of the elements planted, and those elements left still by the sensitivity."""

from __future__ import annotations

import torch

from kagent.verifiers.harness import _sensitivity, _transform
from kagent.verifiers.suite_boundaries import boundary_values, planted, with_boundaries

SHRINK = '''
import torch
import torch.nn.functional as F
import triton
import triton.language as tl

lambd = 0.75
eps = 0.1


class Model(torch.nn.Module):
    def forward(self, x):
        return F.hardshrink(x, lambd) + (x > 2.0).float()


@triton.jit
def k(x_ptr, n, B: tl.constexpr):
    o = tl.arange(0, B)
    tl.store(x_ptr + o, 1.25, mask=o < n)
'''


def test_planned_for_a_jump_with_exact_values_only():
    values = boundary_values(SHRINK)
    assert values[0] == 0.0 and {0.5, -0.5, 0.75, -0.75, 2.0, -2.0} <= set(values)
    assert 0.1 not in values and 1.25 not in values  # not exact in float32; a kernel's literal, not the reference's


def test_not_planned_for_a_smooth_reference_or_a_kernel_mask():
    smooth = "import torch\n\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return torch.softmax(x * 0.5, -1)\n"
    assert boundary_values(smooth) is None
    assert boundary_values(smooth + "\n\ndef helper(o, n):\n    return o < n\n") is None
    assert boundary_values("x = (") is None


def test_half_is_planted_and_discrete_inputs_are_left_alone():
    torch.manual_seed(0)
    x, labels = torch.randn(8, 33), torch.randint(0, 2, (8, 33)).float()
    out, same = _transform([x, labels], "boundaries", [0.0, 0.5, -0.5])
    assert torch.equal(same, labels)
    hit = planted(out, [0.0, 0.5, -0.5])
    assert int(hit.sum()) == len(range(1, x.numel(), 4)) + len(range(3, x.numel(), 4))
    assert torch.equal(out[~hit], x[~hit])
    assert torch.equal(with_boundaries(torch.empty(0), [1.0]), torch.empty(0))


def test_planted_elements_do_not_move_in_the_sensitivity():
    class Shrink(torch.nn.Module):
        def forward(self, x):
            return torch.where(x.abs() > 0.5, x, torch.zeros_like(x))

    torch.manual_seed(0)
    x = with_boundaries(torch.randn(64).double(), [0.5, -0.5])
    out = Shrink()(x)
    free = _sensitivity(Shrink(), [x], [out], "cpu", seed=0)[0]
    still = _sensitivity(Shrink(), [x], [out], "cpu", seed=0, fixed=[planted(x, [0.5, -0.5])])[0]
    assert float(free.max()) > 0.4  # moved, a planted 0.5 crosses the jump
    assert float(still.max()) < 1e-6


def test_inputs_share_one_quarter_and_differ_in_another():
    # rprop's `>= 0` for `> 0` on grad * prev hid when every input held 0 at the same places: the
    # step size was 0 there too and clamped to its floor whatever the factor
    a, b = torch.randn(4, 8), torch.randn(4, 8)
    values = [0.0, 0.5, -0.5]
    pa, pb = with_boundaries(a, values, 0).view(-1), with_boundaries(b, values, 1).view(-1)
    assert torch.equal(pa[1::4], pb[1::4])
    assert bool((pa[3::4] != pb[3::4]).all())
    assert bool(((pb[3::4] == 0) & (pa[3::4] != 0)).any())


def test_special_points_without_a_jump_get_the_case():
    sinc = "import torch\n\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return torch.sinc(x)\n"
    assert boundary_values(sinc) == [0.0]
    histc = ("import torch\n\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
             "        return torch.histc(x, bins=8, min=-2.0, max=2.0)\n")
    assert set(boundary_values(histc)) == {0.0, 2.0, -2.0}


def test_planted_values_do_not_pair_up_by_position():
    """Elements a fixed distance apart (a gate and its `up` in one row) hold unrelated planted values:
    a threshold value meets nonzero partners."""
    x = with_boundaries(torch.randn(16, 400), [0.0, 1.0, -1.0]).view(16, 400)
    gate, up = x[:, :200], x[:, 200:]
    at_threshold = gate == 1.0
    assert int(at_threshold.sum()) > 50 and bool((up[at_threshold] != 0).any())
