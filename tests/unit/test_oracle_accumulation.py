"""The oracle's allowance for float32 accumulation and its small-output noise tail: honest float32
kernels pass where torch's CPU reference accumulates in double; wrong ones still fail."""

import numpy as np
import pytest
import torch

from kagent.verifiers import oracle

from kagent.verifiers.accumulation import float32_accumulation
from kagent.verifiers.harness import _sensitivity, _with_accumulation, _with_special_values
from kagent.verifiers.oracle import compare

R = 8.0


class _Cumsum(torch.nn.Module):
    def forward(self, x):
        return torch.cumsum(x, dim=1)


class _Mean(torch.nn.Module):
    def forward(self, x):
        return torch.mean(x, dim=1)


def _judge_inputs(model, x, seed=0):
    """What the reference worker stores: float32 output, float64 truth, the error floor."""
    out = model(x)
    model64 = model.double()
    out64 = model64(x.double())
    sens = _sensitivity(model64, [x], [out64], "cpu", seed)
    sens = _with_accumulation(sens, model.float(), [x], [out64], "cpu")
    return out, out64, sens[0]


def _seq_f32_scan(x):  # an honest kernel: one float32 accumulator per row (the interpreter's tl.cumsum)
    return torch.from_numpy(np.cumsum(x.numpy(), axis=1, dtype=np.float32))


def _cumsum_case(cols=8193, offset=0.0):
    x = torch.randn(16, cols, generator=torch.Generator().manual_seed(3)) + offset
    return x, *_judge_inputs(_Cumsum(), x)


def test_sequential_float32_scan_passes_where_the_double_accumulating_reference_is_far_more_exact():
    x, out, out64, sens = _cumsum_case()
    cls, ev, msg = compare(out, out64, _seq_f32_scan(x), 0, R)  # without the floor: rejected
    assert cls is not None
    cls, ev, msg = compare(out, out64, _seq_f32_scan(x), 0, R, sens)
    assert cls is None, msg


def test_blocked_float32_scan_passes():
    x, out, out64, sens = _cumsum_case()
    parts, carry = [], torch.zeros(16)
    for j in range(0, x.shape[1], 1024):  # a Triton scan: tl.cumsum per tile, a float32 carry between
        part = carry[:, None] + torch.cumsum(x[:, j:j + 1024], dim=1)
        parts.append(part)
        carry = part[:, -1]
    cls, _, msg = compare(out, out64, torch.cat(parts, dim=1), 0, R, sens)
    assert cls is None, msg


def test_float16_accumulation_still_fails():
    x, out, out64, sens = _cumsum_case()
    cand = torch.from_numpy(np.cumsum(x.half().numpy(), axis=1, dtype=np.float16)).float()
    cls, _, msg = compare(out, out64, cand, 0, R, sens)
    assert cls in ("precision_loss", "numerical_mismatch"), msg


def test_dropped_term_still_fails():
    x, out, out64, sens = _cumsum_case()
    y = x.clone()
    y[:, 4000] = 0.0  # one term left out of every row's running sum
    cls, _, msg = compare(out, out64, _seq_f32_scan(y), 0, R, sens)
    assert cls == "numerical_mismatch", msg


def test_wrong_tail_element_still_fails():
    x, out, out64, sens = _cumsum_case()
    cand = _seq_f32_scan(x)
    cand[:, -1] = cand[:, -2]  # the last column never adds its own element
    cls, ev, msg = compare(out, out64, cand, 0, R, sens)
    assert cls == "numerical_mismatch", msg


def test_mean_over_a_short_axis_in_float32_passes():
    x = torch.randn(16, 64, 48, generator=torch.Generator().manual_seed(5))
    out, out64, sens = _judge_inputs(_Mean(), x)
    acc = torch.zeros(16, 48)
    for k in range(64):  # one float32 accumulator per output, sequential over the reduced axis
        acc = acc + x[:, k, :]
    cls, _, msg = compare(out, out64, acc / 64, 0, R, sens)
    assert cls is None, msg
    wrong = acc.clone() - x[:, 63, :]  # the last term dropped
    cls, _, msg = compare(out, out64, wrong / 64, 0, R, sens)
    assert cls == "numerical_mismatch", msg


def test_simulation_runs_only_where_the_reference_accumulates():
    x = torch.randn(4, 8)
    assert float32_accumulation(None, [x], lambda m, xs: [xs[0] * 2]) is None
    sim = float32_accumulation(None, [x], lambda m, xs: [xs[0].sum(dim=1, keepdim=True), xs[0].mean()])
    assert sim[0].shape == (4, 1) and sim[1].shape == ()
    assert torch.allclose(sim[0], x.sum(1, keepdim=True), atol=1e-5)


# -- the noise tail of a small output -----------------------------------------------------------

def _elementwise_case(n=16384, k=8, excess=1.5, dtype=torch.float32):
    g = torch.Generator().manual_seed(7)
    a = torch.randn(n, generator=g)
    truth = (a.double() * torch.special.ndtr(a.double()))
    out = truth.to(dtype)
    cand = out.clone()
    ref_err = (out.double() - truth).abs()
    eps = oracle._EPS[dtype]
    tol = R * torch.clamp(ref_err, min=float(ref_err.pow(2).mean().sqrt())) + eps * (
        oracle._C_ABS * float(truth.pow(2).mean().sqrt()) + oracle._C_REL * truth.abs())
    idx = torch.randperm(n, generator=g)[:k]
    # k scattered elements past their tolerance (an exp or erf an ulp or two away from torch's)
    cand[idx] = (truth[idx] + excess * tol[idx]).to(dtype)
    return out, truth, cand


def test_a_few_scattered_elements_just_past_tolerance_pass_in_a_small_output():
    out, truth, cand = _elementwise_case()
    cls, ev, msg = compare(out, truth, cand, 0, R)
    assert cls is None and ev.mismatch_count > 0, msg


def test_a_wrong_element_in_a_small_output_fails():
    out, truth, cand = _elementwise_case(k=1, excess=1e4)  # ~2e-2 of the scale: wrong, not imprecise
    cls, _, msg = compare(out, truth, cand, 0, R)
    assert cls is not None, msg


def test_a_wrong_row_tail_in_a_small_output_fails():
    out, truth, cand = _elementwise_case(k=0)
    cand = cand.reshape(128, 128)
    cand[:, -3:] += 1e-4  # every row's last three columns slightly off: not scattered noise
    cls, ev, msg = compare(out.reshape(128, 128), truth.reshape(128, 128), cand, 0, R)
    assert cls == "numerical_mismatch" and ev.location == "tail_of_rows", msg


@pytest.mark.parametrize("n", [64, 512])
def test_tiny_outputs_get_no_tail(n):
    # float16: in float32 one element 1.5x past tolerance is still within float32's usable precision
    out, truth, cand = _elementwise_case(n=n, k=1, dtype=torch.float16)
    cls, _, msg = compare(out, truth, cand, 0, R)
    assert cls is not None, msg


@pytest.mark.parametrize("excess,passes", [(1.5, True), (1e3, False)])
def test_two_elements_of_a_small_float32_output_a_few_ulps_past_tolerance(excess, passes):
    # an honest hat-function projection: 2 of 155 elements ~1.1x past tolerance where w cancels;
    # two elements 1000x past it are wrong
    out, truth, cand = _elementwise_case(n=155, k=2, excess=excess)
    # the rest carries a one-signed error within tolerance (a formula other than torch's): not noise
    # by its signs, so only the few-elements rule can pass it
    rest = cand == out
    cand[rest] = (truth[rest] * (1 + 2.5e-7)).to(cand.dtype)
    cls, ev, msg = compare(out, truth, cand, 0, R)
    assert (cls is None) == passes, msg
    assert ev.mismatch_count == 2


# -- special values ---------------------------------------------------------------------------

def test_special_values_keep_a_duplicated_table_duplicated():
    a = torch.randn(32, 32, generator=torch.Generator().manual_seed(0))
    t = _with_special_values(torch.cat([a, a], dim=-1), 0)
    assert int((~torch.isfinite(t)).sum()) == 6
    assert torch.equal(t[:, :32].isnan(), t[:, 32:].isnan()) and torch.equal(t[:, :32].isinf(), t[:, 32:].isinf())


def test_special_values_in_random_data_are_three_elements():
    t = _with_special_values(torch.randn(64, 64), 0)
    assert int((~torch.isfinite(t)).sum()) == 3
