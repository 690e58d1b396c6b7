"""Value stresses keep discrete inputs in their domain: a float tensor of small integers (0/1 labels,
a mask, one-hot targets, +-1 targets, class ids) is passed as it is by every stress transform, so an
honest kernel that relies on its domain (a focal loss clamping 1 - p_t, a hinge testing y > 0) is not
judged on labels of -1 or 1000; continuous inputs are still stressed. And the oracle's sensitivity
(the error a float32 kernel cannot avoid) does not move them: moved, a reference's `y == 1` flips
and every output passes (tests/unit/test_discrete_inputs.py holds the verify)."""

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
    signs = torch.randint(0, 2, (8,)).float() * 2 - 1
    classes = torch.randint(0, 7, (8,)).float()
    out = _transform([x, labels, idx, signs, classes], transform)
    assert torch.equal(out[1], labels) and torch.equal(out[2], idx)
    assert torch.equal(out[3], signs) and torch.equal(out[4], classes)
    assert not torch.equal(out[0], x)


def test_a_constant_or_mostly_binary_tensor_is_not_a_label():
    halves = torch.tensor([0.0, 1.0, 0.5, 1.0])
    assert not torch.equal(_transform([halves], "negative")[0], halves)
    one = torch.ones(1)
    assert torch.equal(_transform([one], "scale_large")[0], one * 1e3)


def test_the_sensitivity_does_not_move_exact_small_integers():
    from kagent.verifiers.harness import _sensitivity

    class Hinge(torch.nn.Module):
        def forward(self, x, y):
            return torch.where(y == 1.0, 1.0 - x, torch.clamp(x - 0.2, min=0.0)).mean()

    torch.manual_seed(0)
    x, y = torch.rand(64).double(), (torch.randint(0, 2, (64,)).float() * 2 - 1).double()
    out = Hinge()(x, y)
    sens = _sensitivity(Hinge(), [x, y], [out], "cpu", seed=0)
    assert float(sens[0]) < 1e-6  # one float32 rounding of x; y's branches never flip


def test_the_sensitivity_does_not_move_inputs_on_a_coarse_grid():
    """Renko bricks over prices in eighths (blind set 38): a move of exactly one brick is a tie the problem
    makes on purpose; moved by a rounding, the reference's levels jump a brick, and that was allowed as the
    error a float32 kernel cannot avoid (a strict `>` for `>=` passed). Continuous prices still move."""
    from kagent.verifiers.harness import _sensitivity

    class Bricks(torch.nn.Module):
        def forward(self, close):
            return torch.where(close - close[:1] >= 0.5, torch.ones_like(close), torch.zeros_like(close))

    torch.manual_seed(0)
    grid = (12.0 + torch.randint(-8, 9, (64,)) / 8.0).double()
    sens = _sensitivity(Bricks(), [grid], [Bricks()(grid)], "cpu", seed=0)
    assert float(sens[0].max()) == 0.0
    smooth = grid + torch.rand(64).double() * 1e-7
    smooth[1] = smooth[0] + 0.5  # one tie, exact in float64 only by luck of the draw: it moves
    sens = _sensitivity(Bricks(), [smooth], [Bricks()(smooth)], "cpu", seed=0)
    assert float(sens[0].max()) == 1.0


@pytest.mark.parametrize("transform", ["offset", "mean_1e3"])
def test_shifts_keep_a_structure_of_exact_zeros(transform):
    """KernelBench's triangular matmul hands in upper-triangular matrices, and an honest kernel skips the
    lower triangles (blind set 20's twin); a shift that filled them made its inputs ones no caller passes.
    Exact zeros that are a structure (at least 1/8 of the elements) stay zero; the rest is shifted, and
    continuous data (no exact zeros) is shifted everywhere."""
    torch.manual_seed(0)
    a = torch.triu(torch.randn(16, 16))
    x = torch.randn(16, 16)
    moved_a, moved_x = _transform([a, x], transform)
    assert torch.equal(moved_a == 0, a == 0)
    assert float((moved_a - a)[a != 0].abs().min()) > 1.0
    assert bool(((moved_x - x).abs() > 1.0).all())


def test_special_reach_tells_what_a_nan_decides_in_an_order():
    """A routing top-k over scores plus a bias holding NaN and +inf: the NaN decides every token's
    choice (torch sorts it first); the truth with a NaN stand-in past every other value is kept, and
    the infinity keeps its place in the NaN-only stand-ins."""
    from kagent.verifiers.harness import _special_reach

    class Route(torch.nn.Module):
        def forward(self, logits, bias):
            return (logits + bias[None, :]).topk(2, dim=-1).indices.to(logits.dtype)

    torch.manual_seed(0)
    plain = [torch.randn(5, 8), torch.randn(8) * 0.1]
    bias = plain[1].clone()
    bias[3], bias[6] = float("nan"), float("inf")
    special = [plain[0], bias]
    truth = Route()(*[x.double() for x in special])
    assert (truth[:, 0] == 3).all() and (truth[:, 1] == 6).all()  # torch: NaN first, then +inf
    out = _special_reach(Route(), plain, special, [truth], None, "cpu")[0]
    assert bool(out["reach"].all()) and bool(out["nan"].any())
    # a kernel whose comparisons never pick the NaN: +inf first, then the best finite expert
    kernel = torch.stack([torch.full((5,), 6.0, dtype=torch.float64),
                          (plain[0] + plain[1]).masked_fill(torch.arange(8) == 3, -1e30)
                          .masked_fill(torch.arange(8) == 6, -1e30).argmax(-1).double()], 1)
    assert any(bool((f[:, 0] == kernel[:, 0]).all()) for f in out["finite"])


def test_special_values_stay_off_a_structure_of_exact_zeros():
    """An ELLPACK value matrix (unused slots hold 0, about half of them): the NaN and infinities land on
    stored values only, whatever the seed's layout; a NaN in an unused slot is an input no caller
    passes, and masking the slot's gathered row (0 * NaN) made an honest kernel fail at some seeds.
    Continuous data without zeros still gets all three."""
    for seed in range(6):
        torch.manual_seed(seed)
        used = torch.arange(12)[None, :] < torch.randint(1, 13, (50, 1))
        vals = torch.where(used, torch.randn(50, 12), torch.zeros(50, 12))
        x = torch.randn(40, 7)
        out_vals, out_x = _transform([vals, x], "special_values")
        special = ~torch.isfinite(out_vals)
        assert int(special.sum()) >= 3 and not bool((special & ~used).any())
        assert torch.equal(out_vals[~special], vals[~special])
        assert int((~torch.isfinite(out_x)).sum()) == 3


def test_a_nan_at_a_constant_of_the_format_is_the_kernels_affair_and_a_leak_is_not():
    """LPC-style rows [1, a_1..a_p]: a kernel that carries the leading 1 through its vector update
    (1 + k * 0) holds NaN there in a row a special value poisons. No input moves that element, so its
    non-finite value is not judged; a NaN leaked into a row the special values never reach still fails."""
    from kagent.verifiers.harness import _special_reach
    from kagent.verifiers.oracle import compare

    class Lpc(torch.nn.Module):
        def forward(self, x):
            return torch.cat([torch.ones_like(x[:, :1]), torch.cumsum(x, 1) / x.shape[1]], 1)

    torch.manual_seed(0)
    plain = [torch.randn(6, 8)]
    special = [plain[0].clone()]
    special[0][2, 3] = float("nan")
    out = Lpc()(special[0])
    truth = Lpc()(special[0].double())
    reach = _special_reach(Lpc(), plain, special, [truth], None, "cpu")[0]
    assert bool(reach["constant"][:, 0].all()) and not bool(reach["constant"][:, 1:].any())
    carried = out.clone()
    carried[2, 0] = float("nan")  # the poisoned row's leading 1, through 1 + NaN * 0
    assert compare(out, truth, carried, 0, 4.0, reach=reach)[0] is None
    leaked = out.clone()
    leaked[4, 5] = float("nan")  # a row the NaN never reaches
    assert compare(out, truth, leaked, 0, 4.0, reach=reach)[0] == "nan_output"


def test_boundary_thresholds_are_planted_in_the_inputs_domain():
    """A yield the problem never makes negative gets the reference's thresholds and 0, not their negatives
    (a -100.0 yield makes its discount factor a real power of a negative base); a signed input gets both."""
    torch.manual_seed(0)
    yields = 0.005 + 0.095 * torch.rand(64)
    signed = torch.randn(64)
    planted = [0.0, 1.0, -1.0, 100.0, -100.0]
    out_y, out_s = _transform([yields, signed], "boundaries", planted)
    assert bool((out_y >= 0).all()) and bool(torch.isin(out_y, torch.tensor([1.0, 100.0])).any())
    assert bool(torch.isin(out_s, torch.tensor([-1.0, -100.0])).any())


def test_a_nan_that_an_order_skips_reaches_what_a_running_minimum_carries_it_to():
    """The two nearest of nine feature points (Worley noise's F1 / F2): torch's topk places a NaN distance
    past every number, so a far point's NaN offset never moves the truth, while a kernel's running
    `tl.minimum` over the nine carries it. The elements whose order holds the NaN are reached; the
    others are not, and a NaN there is still judged."""
    from kagent.verifiers import oracle
    from kagent.verifiers.harness import _special_reach

    class Nearest(torch.nn.Module):
        def forward(self, pts, px):
            d = (px[:, None] - pts[None, :]) ** 2  # (pixels, points)
            return torch.topk(d[:, :3], 2, dim=-1, largest=False).values.sqrt()  # each pixel: the first three

    torch.manual_seed(0)
    plain = [torch.rand(6), torch.rand(10)]
    pts = plain[0].clone()
    pts[1] = float("nan")
    special = [pts, plain[1]]
    truth = Nearest()(*[x.double() for x in special])
    ref = Nearest()(*special)
    out = _special_reach(Nearest(), plain, special, [truth], None, "cpu")[0]
    assert bool(out["reach"].all())  # every pixel's three candidates hold the NaN point
    kernel = torch.full_like(ref, float("nan"))  # the running minimum carried the NaN everywhere
    cls, _ev, msg = oracle.compare(ref, truth, kernel.float(), 0, 8.0, judge_undefined=False, reach=out)
    assert cls is None, msg
    # a NaN at a point outside the first three reaches nothing: a kernel's NaN there still fails
    far = plain[0].clone()
    far[4] = float("nan")
    special = [far, plain[1]]
    truth = Nearest()(*[x.double() for x in special])
    out = _special_reach(Nearest(), plain, special, [truth], None, "cpu")[0]
    assert not bool(out["reach"].any())
